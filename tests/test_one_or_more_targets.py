""""One or more target creatures ...": any number of targets, at least one (CR 601.2c, 115.1).
Touch of Darkness and Dwarven Song, real cards from the corpus: each creature chosen becomes
the color named until end of turn (layer 5, CR 613.1e, 105.3)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, labels, on_battlefield, pick, resolve


def test_touch_of_darkness_turns_two_creatures_black_until_end_of_turn(db):
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Grizzly Bears]
    hand: [Touch of Darkness]
  - name: Bob
    battlefield: [Llanowar Elves, Savannah Lions]
""", turn=3)
    pick(g, "cast Touch of Darkness")
    # the first target can't be skipped: "one or more" (CR 601.2c)
    assert "no more targets" not in labels(g)
    pick(g, "target Llanowar Elves")
    assert "no more targets" in labels(g)
    pick(g, "target Savannah Lions")
    pick(g, "no more targets")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve(g)
    s = g.current_state()
    assert ch.colors(s, on_battlefield(g, "Llanowar Elves")[0]) == ("B",)
    assert ch.colors(s, on_battlefield(g, "Savannah Lions")[0]) == ("B",)
    assert ch.colors(s, on_battlefield(g, "Grizzly Bears")[0]) == ("G",)
    while g.current_state().turn == 3:
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "pass" or a.label == "don't attack"), acts[0]))
    s = g.current_state()
    assert ch.colors(s, on_battlefield(g, "Savannah Lions")[0]) == ("W",)


def test_dwarven_song_cant_be_cast_without_a_creature_to_target(db):
    """A spell needs its legal targets to be cast (CR 601.2c): at least one creature."""
    g = board(db, """
  - name: Alice
    battlefield: [Mountain]
    hand: [Dwarven Song]
  - name: Bob
""", turn=3)
    assert not any(lbl.startswith("cast Dwarven Song") for lbl in labels(g))
