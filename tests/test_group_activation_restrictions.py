"""Static abilities that forbid a group's activated abilities (CR 602.5): "Activated abilities
of artifacts can't be activated." (Null Rod, Stony Silence) forbids mana abilities too
(CR 605.1a); "... of creatures your opponents control ..." (Linvala, Keeper of Silence) only the
opponents'. Played with real cards."""
from __future__ import annotations

from manastack.engine import legality
from manastack.engine.mana import abilities as mana_abilities
from manastack.oracle import ir

from .game_helpers import board, labels


def abilities_of(o) -> list:
    return [ab for ab in o.card.abilities if type(ab) is ir.ActivatedAbility]


def _mana_sources(g, player: int) -> list[str]:
    s = g.current_state()
    return sorted(o.card.name for o, _i, _ab in mana_abilities.mana_sources(s, player))


def test_null_rod_stops_every_artifact_ability_mana_abilities_included(db):
    g = board(db, """
  - name: Alice
    battlefield: [Mind Stone, Forest, Llanowar Elves]
    hand: [Grizzly Bears]
  - name: Bob
    battlefield: [Null Rod, Mind Stone]
""", turn=3)
    assert _mana_sources(g, 0) == ["Forest", "Llanowar Elves"]
    assert _mana_sources(g, 1) == []                # its own controller's artifacts too
    assert not any("Mind Stone" in label for label in labels(g))
    s = g.current_state()
    stone = next(o for o in s.permanents() if o.card.name == "Mind Stone" and o.controller == 0)
    reasons = [legality.why_not_activate(s, 0, stone, ab) for ab in abilities_of(stone)]
    assert reasons and all(r == "Null Rod says the activated abilities of Mind Stone can't be activated "
                           "(CR 602.5)" for r in reasons)


def test_without_null_rod_mind_stone_works(db):
    g = board(db, """
  - name: Alice
    battlefield: [Mind Stone, Forest]
  - name: Bob
""", turn=3)
    assert _mana_sources(g, 0) == ["Forest", "Mind Stone"]


def test_linvala_stops_only_the_opponents_creatures(db):
    g = board(db, """
  - name: Alice
    battlefield: [Llanowar Elves, Forest]
  - name: Bob
    battlefield: ["Linvala, Keeper of Silence", Llanowar Elves]
""", turn=3)
    assert _mana_sources(g, 0) == ["Forest"]
    assert _mana_sources(g, 1) == ["Llanowar Elves"]


def test_the_sentences_compile(db):
    for name in ("Null Rod", "Collector Ouphe", "Stony Silence", "Linvala, Keeper of Silence",
                 "Cursed Totem"):
        assert not db.get(name).unsupported, name
