"""CR 602.5b: "Activate only once each turn" (Putrid Leech, a corpus card)."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.game import Game
from manastack.scenario import Scenario

BOARD = """
turn: 3
players:
  - name: Alice
    battlefield: [{card: Putrid Leech, id: leech}]
  - name: Bob
script:
  - activate: leech
  - resolve
expect:
  life: {Alice: 18}
"""


def leech_activations(game: Game) -> list:
    return [a for a in game.legal_actions() if a.kind == "activate"]


def test_once_each_turn_survives_a_save(corpus_db):
    run = Scenario.from_text(BOARD, cards=corpus_db).run()
    assert run.passed
    assert leech_activations(run.game) == []
    leech = next(o for o in run.game.state.permanents() if o.card.name == "Putrid Leech")
    assert "602.5b" in run.game.why_not(Action("activate", (leech.id, 0)))
    loaded = Game.from_json(run.game.to_json(), cards=corpus_db)
    assert leech_activations(loaded) == []
    assert "602.5b" in loaded.why_not(Action("activate", (leech.id, 0)))


def test_the_ability_is_compiled_with_its_limit_and_playable(corpus_db):
    card = corpus_db.get("Putrid Leech")
    assert card.fully_supported and card.abilities[0].once_per_turn
