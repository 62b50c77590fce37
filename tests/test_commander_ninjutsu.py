"""Commander ninjutsu (CR 702.49d): ninjutsu that also works while the card is in the command
zone. Yuriko, the Tiger's Shadow; Higure, the Still Wind has plain ninjutsu, which works from
the hand only (CR 702.49a). The scenario scenarios/cards/cr-702-49d-commander-ninjutsu.yaml plays
Yuriko through combat damage in a four-player game."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.scenario import Scenario

YURIKO = "Yuriko, the Tiger's Shadow"
HIGURE = "Higure, the Still Wind"


def unblocked(db, commander: str, hand: str = "[]") -> Game:
    sc = Scenario.from_text(f"""
format: commander
turn: 5
players:
  - name: Alice
    commanders: ["{commander}"]
    command: ["{commander}"]
    hand: {hand}
    battlefield: [{{card: Grizzly Bears, id: bears}}, Island, Island, Swamp, Swamp]
  - name: Bob
  - name: Carol
script:
  - attack: bears
    at: {{bears: Carol}}
  - block: none
""", cards=db)
    return sc.run().game


def ninjutsu_labels(g: Game) -> list[str]:
    return [a.label for a in g.legal_actions() if a.kind == "ninjutsu"]


def test_commander_ninjutsu_works_from_the_command_zone_and_is_no_cast(db):
    g = unblocked(db, YURIKO)
    assert ninjutsu_labels(g) == [f"ninjutsu {YURIKO}, returning Grizzly Bears"]
    g.push(next(a for a in g.legal_actions() if a.kind == "ninjutsu"))
    g.push(Action("autopay"))
    while g.current_state().stack:
        g.push(Action("pass"))
    s = g.current_state()
    yuriko = next(o for o in s.permanents(0) if o.card.name == YURIKO)
    assert yuriko.tapped and yuriko.attacking == 2 and not s.players[0].command
    assert s.players[0].commander_casts == ()         # not cast: no commander tax later (CR 903.8)
    assert any("702.49d" in e.rules and "from the command zone" in e.text for e in g.log)


def test_plain_ninjutsu_does_not_work_from_the_command_zone(db):
    """Higure in the command zone is not offered; in the hand it is (CR 702.49a)."""
    assert ninjutsu_labels(unblocked(db, HIGURE)) == []
    assert ninjutsu_labels(unblocked(db, YURIKO, hand=f"[\"{HIGURE}\"]")) == [
        f"ninjutsu {HIGURE}, returning Grizzly Bears", f"ninjutsu {YURIKO}, returning Grizzly Bears"]
