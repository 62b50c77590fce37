"""Dark Depths: "When Dark Depths has no ice counters on it, sacrifice it. If you do, create Marit
Lage, a legendary 20/20 black Avatar creature token with flying and indestructible." A state
trigger (CR 603.8) and a named legendary token (CR 111.4, 205.4), with the card's rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, names, on_battlefield, pick, stack_labels


def _depths(db, ice: int):
    return board(db, f"""
  - name: Alice
    battlefield:
      - {{card: Dark Depths, counters: {{ice: {ice}}}}}
      - Swamp
      - Swamp
      - Swamp
  - name: Bob
""", turn=3)


def test_removing_the_last_ice_counter_makes_marit_lage(db):
    g = _depths(db, 1)
    assert not stack_labels(g)
    pick(g, "activate Dark Depths")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))      # the ability resolves: no ice counter left, the state trigger
    assert stack_labels(g) == ["Dark Depths' ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert not on_battlefield(g, "Dark Depths") and names(g, 0, "graveyard") == ["Dark Depths"]
    lage = on_battlefield(g, "Marit Lage")[0]
    assert lage.is_token and lage.card.supertypes == ("Legendary",) and lage.card.power == "20"
    assert {"flying", "indestructible"} <= set(ch.keywords(g.current_state(), lage))


def test_with_ice_counters_left_nothing_triggers(db):
    g = _depths(db, 2)
    pick(g, "activate Dark Depths")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert not stack_labels(g) and on_battlefield(g, "Dark Depths")[0].counters == {"ice": 1}


def test_the_state_trigger_waits_once_on_the_stack(db):
    """The ruling: a state trigger doesn't trigger again while it is on the stack (CR 603.8)."""
    g = _depths(db, 0)
    assert stack_labels(g) == ["Dark Depths' ability"]
    g.push(Action("pass"))
    assert stack_labels(g) == ["Dark Depths' ability"]
    g.push(Action("pass"))
    assert len(on_battlefield(g, "Marit Lage")) == 1 and not stack_labels(g)
