"""The monarch (CR 724): "you become the monarch", its two inherent triggered abilities with no
source (CR 724.2), one monarch at a time (CR 724.3). Real cards; the files in scenarios/cards/
play the main cases."""
from __future__ import annotations

from manastack import Game
from manastack.engine import monarch
from manastack.oracle import ir
from manastack.scenario import Scenario


def test_the_inherent_abilities_compile_and_are_supported():
    card = monarch.card()
    assert card.fully_supported
    draw, steal = card.abilities
    assert draw.trigger.step == "end" and draw.trigger.whose == "your" and draw.effects == (ir.Draw(1),)
    assert steal.trigger.event == "deals_combat_damage_to_you"
    assert steal.effects == (ir.BecomeMonarch(ir.Ref("triggering_controller")),)


def test_cards_that_make_you_the_monarch_compile(corpus_db):
    for name in ("Palace Sentinels", "Crimson Fleet Commodore", "Thorn of the Black Rose", "Throne of the High City"):
        assert corpus_db.get(name).fully_supported, name
        effects = [e for ab in corpus_db.get(name).abilities for e in getattr(ab, "effects", ())]
        assert ir.BecomeMonarch(ir.Ref("you")) in effects, name


MID_END_STEP = """
turn: 3
players:
  - name: Alice
    hand: [Palace Sentinels]
    battlefield: [{card: Plains, count: 4}]
    library: [{card: Plains, count: 3}]
  - name: Bob
    library: [{card: Island, count: 3}]
script:
  - cast: Palace Sentinels
  - resolve
  - resolve
  - pass_until: end
expect:
  stack: ["The monarch's ability"]
"""


def test_a_game_with_the_monarchs_trigger_on_the_stack_saves_and_loads(corpus_db):
    game = Scenario.from_text(MID_END_STEP, cards=corpus_db).run().game
    again = Game.from_json(game.to_json(), cards=corpus_db)
    assert again.current_state().monarch == 0
    while again.current_state().stack:
        again.push("pass priority")
    assert [again.current_state().objs[i].card.name for i in again.current_state().players[0].hand] == ["Plains"]


def test_becoming_the_monarch_again_changes_nothing(corpus_db):
    """CR 724.3: a player who is the monarch and becomes it again stays the only monarch."""
    text = """
turn: 3
players:
  - name: Alice
    hand: [Palace Sentinels, Palace Sentinels]
    battlefield: [{card: Plains, count: 8}]
  - name: Bob
script:
  - cast: Palace Sentinels
  - resolve
  - resolve
  - cast: Palace Sentinels
  - resolve
  - resolve
expect:
  monarch: Alice
"""
    run = Scenario.from_text(text, cards=corpus_db).run()
    assert all(o.passed for o in run.results)
    assert any("already the monarch" in e.text for e in run.game.current_state().log_entries())


def test_nobody_is_the_monarch_until_an_effect_says_so(corpus_db):
    """CR 724.1: no monarch, so no end-step draw trigger."""
    text = """
turn: 3
players:
  - name: Alice
    library: [{card: Plains, count: 3}]
  - name: Bob
script:
  - pass_until: end
expect:
  monarch: none
  stack: 0
  hand: {Alice: 0}
"""
    run = Scenario.from_text(text, cards=corpus_db).run()
    assert all(o.passed for o in run.results), run.failures
