"""Permanents that become creatures until end of turn with a color, creature types, card types
and abilities (CR 611.2; layers 4, 5, 6 and 7b, CR 613.1d-f, 613.4b)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.engine.filters import matches
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, on_battlefield, pass_until, resolve


def _keyrune(g):
    return on_battlefield(g, "Azorius Keyrune")[0]


def test_azorius_keyrune_is_a_white_and_blue_bird_until_end_of_turn(corpus_db):
    """Colorless until the ability resolves (ruling 2013-04-15); then a 2/2 white and blue Bird
    artifact creature with flying; after the turn an artifact again, colorless."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Azorius Keyrune, Plains, Island]
  - name: Bob
""", turn=3)
    s = g.current_state()
    assert ch.colors(s, _keyrune(g)) == () and not ch.is_creature(s, _keyrune(g))
    cast_and_pay(g, "activate Azorius Keyrune: {W}{U}")
    s = g.current_state()
    assert ch.colors(s, _keyrune(g)) == ()                  # not yet: the ability is on the stack
    resolve(g)
    s = g.current_state()
    k = _keyrune(g)
    assert ch.is_creature(s, k) and ch.power_toughness(s, k) == (2, 2)
    assert set(ch.colors(s, k)) == {"W", "U"} and ch.has(s, k, "flying")
    assert ch.is_type(s, k, "Artifact")
    assert matches(s, k, ir.Filter(subtypes=("Bird",)), None)
    pass_until(g, "attackers")
    g.push(Action("pass") if g.pending.kind != "attackers" else g.legal_actions()[-1])
    while g.current_state().turn == 3:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    s = g.current_state()
    assert not ch.is_creature(s, _keyrune(g)) and ch.colors(s, _keyrune(g)) == ()


def test_mishras_factory_pumps_itself_as_an_assembly_worker(corpus_db):
    """Its last ability may target itself once it is an Assembly-Worker (ruling 2020-08-07)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Mishra's Factory, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Mishra's Factory: {1}")
    resolve(g)
    factory = on_battlefield(g, "Mishra's Factory")[0]
    s = g.current_state()
    assert ch.is_type(s, factory, "Land") and ch.is_type(s, factory, "Artifact")
    cast_and_pay(g, "activate Mishra's Factory: {T}: Target", "Mishra's Factory")
    resolve(g)
    s = g.current_state()
    assert ch.power_toughness(s, on_battlefield(g, "Mishra's Factory")[0]) == (3, 3)
