"""The priority listing outside sorcery timing (CR 117.1a, 307.1): a card off the battlefield is
listed only when its own text lets it be cast at instant speed (an instant, flash, "as though it
had flash"), unless a static ability lets its controller cast spells as though they had flash
(CR 601.3). The listing passes over the other cards by definition (timing.instant_speed); it
must list exactly what the per-card judgement (legality.why_not_cast) accepts."""
from __future__ import annotations

from manastack.engine.legality import castable, why_not_cast
from manastack.engine.timing import instant_speed

from .game_helpers import board

ALICE, BOB = 0, 1
HAND = "[Grizzly Bears, Shock, Ambush Viper, Parapet, Forest]"


def _bobs_upkeep(db, permanents: str):
    g = board(db, f"""
  - name: Alice
    hand: {HAND}
    battlefield: [{permanents}]
    library: [Island, Island, Island]
  - name: Bob
    library: [Island, Island, Island]
""", turn=3)
    while not (g.current_state().active == BOB and g.pending.player == ALICE and g.pending.kind == "priority"):
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else "pass priority")
    return g


def _listed(g) -> set[str]:
    s = g.current_state()
    return {o.card.name for o in castable(s, ALICE)}


def _judged(g) -> set[str]:
    s = g.current_state()
    return {s.objs[i].card.name for i in s.players[ALICE].hand if why_not_cast(s, ALICE, s.objs[i]) is None}


def test_on_the_opponents_turn_only_instant_speed_cards_are_listed(db):
    """Shock (an instant), Ambush Viper (flash, CR 702.8a) and Parapet ("You may cast ~ as though
    it had flash.") are listed in Bob's turn; Grizzly Bears is not (CR 307.1), nor the Forest
    (a land is played, not cast, CR 305.9)."""
    g = _bobs_upkeep(db, "Mountain, Forest, Forest, Plains")
    assert _listed(g) == _judged(g) == {"Shock", "Ambush Viper", "Parapet"}
    assert {c: instant_speed(g.db.get(c)) for c in ("Grizzly Bears", "Shock", "Ambush Viper", "Parapet", "Forest")} \
        == {"Grizzly Bears": False, "Shock": True, "Ambush Viper": True, "Parapet": True, "Forest": False}


def test_a_static_flash_permission_lists_every_spell_again(db):
    """Vedalken Orrery ("You may cast spells as though they had flash.", CR 601.3): Grizzly Bears
    is listed in Bob's turn too, as the per-card judgement says."""
    g = _bobs_upkeep(db, "Vedalken Orrery, Mountain, Forest, Forest, Plains")
    assert _listed(g) == _judged(g) == {"Grizzly Bears", "Shock", "Ambush Viper", "Parapet"}
