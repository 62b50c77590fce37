"""Energy counters (CR 122.1, 107.14): "you get {E}{E}" puts counters on a player, "Pay {E}{E}"
as a cost or in "you may pay {E}. If you do, ..." removes them, only when they are there
(CR 118.3). Real cards, with their rulings cited by date and paraphrased."""
from __future__ import annotations

from manastack import Game
from manastack.oracle import ir
from manastack.scenario import Scenario


def test_the_templates_compile_to_their_parts(corpus_db):
    walker = corpus_db.get("Reservoir Walker").abilities[0]
    assert walker.effects == (ir.GainLife(3), ir.GetEnergy(3))
    hydra = [a for a in corpus_db.get("Bristling Hydra").abilities if type(a) is ir.ActivatedAbility][0]
    assert hydra.cost == ir.Cost(parts=(ir.PayEnergyCost(3),))
    module = corpus_db.get("Decoction Module").abilities[0]
    assert module.effects == (ir.GetEnergy(1),)
    rhino = corpus_db.get("Thriving Rhino").abilities[-1]
    assert rhino.effects[0].effects[0] == ir.PayEnergy(2)
    for name in ("Attune with Aether", "Bristling Hydra", "Thriving Rhino", "Voltaic Brawler",
                 "Longtusk Cub", "Whirler Virtuoso", "Rogue Refiner"):
        assert corpus_db.get(name).fully_supported, name


def test_without_enough_energy_the_may_can_only_be_declined(corpus_db):
    """CR 107.14, 118.3: with one energy counter, Thriving Rhino's "you may pay {E}{E}" can only
    be declined (a decision with one answer is taken without asking): no counter, no energy paid."""
    text = """
turn: 3
players:
  - name: Alice
    energy: 1
    battlefield: [{card: Thriving Rhino, id: rhino}]
  - name: Bob
script:
  - attack: rhino
  - resolve
expect:
  energy: {Alice: 1}
  objects:
    rhino: {counters: {}}
"""
    run = Scenario.from_text(text, cards=corpus_db).run()
    assert all(o.passed for o in run.results), run.failures
    log = [e.text for e in run.game.current_state().log_entries()]
    assert any("chooses no for Thriving Rhino" in line for line in log)


def test_energy_is_saved_and_copied(corpus_db):
    text = """
turn: 3
players:
  - name: Alice
    energy: 4
  - name: Bob
script: []
expect:
  energy: {Alice: 4, Bob: 0}
"""
    game = Scenario.from_text(text, cards=corpus_db).run().game
    again = Game.from_json(game.to_json(), cards=corpus_db)
    assert again.current_state().players[0].energy == 4
    assert game.copy().current_state().players[0].energy == 4
