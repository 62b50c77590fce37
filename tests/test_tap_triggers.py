"""'Whenever ~ becomes tapped' and inspired's 'Whenever ~ becomes untapped' (CR 701.26), with the
cards' rulings: only a real change from untapped to tapped (or back) triggers."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, pass_until, pick, resolve, stack_labels


def test_read_as_tap_and_untap_triggers(corpus_db):
    lookout = next(a for a in corpus_db.get("Night Market Lookout").abilities if isinstance(a, ir.TriggeredAbility))
    assert lookout.trigger == ir.Trigger("tapped")
    worshippers = next(a for a in corpus_db.get("Aerie Worshippers").abilities if isinstance(a, ir.TriggeredAbility))
    assert worshippers.trigger == ir.Trigger("untapped")
    (bird,) = [e for e in ir.nodes(worshippers.effects) if isinstance(e, ir.CreateTokens)]
    assert bird.token.types == ("Enchantment", "Creature")


def test_night_market_lookout_drains_when_it_attacks(corpus_db):
    """Night Market Lookout ruling (2016-09-20): attacking taps it, and that triggers it."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Night Market Lookout]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Night Market Lookout")
    assert stack_labels(g) == ["Night Market Lookout's ability"]
    resolve(g)
    s = g.current_state()
    assert (s.players[0].life, s.players[1].life) == (21, 19)


def test_tapping_a_tapped_permanent_changes_nothing_and_triggers_nothing(corpus_db):
    """Night Market Lookout ruling (2016-09-20), CR 701.26a: only an untapped permanent can be
    tapped; an effect that taps an already tapped Lookout doesn't trigger it."""
    game = """
  - name: Alice
    hand: [Pressure Point]
    battlefield: [{card: Plains, count: 2}]
    library: [Island]
  - name: Bob
    battlefield: [{card: Night Market Lookout, tapped: %s}]
"""
    g = board(corpus_db, game % "true")
    cast_and_pay(g, "cast Pressure Point", "Night Market Lookout")
    resolve(g)
    assert stack_labels(g) == [] and g.current_state().players[0].life == 20
    assert "Night Market Lookout becomes tapped" not in g.explain()
    g = board(corpus_db, game % "false")
    cast_and_pay(g, "cast Pressure Point", "Night Market Lookout")
    resolve(g)
    assert stack_labels(g) == ["Night Market Lookout's ability"]
    resolve(g)
    assert g.current_state().players[0].life == 19


def test_inspired_triggers_in_the_untap_step_and_goes_on_the_stack_in_upkeep(corpus_db):
    """Aerie Worshippers rulings (2014-02-01): untapped by the untap step, it triggers; the
    ability is put on the stack at the beginning of the upkeep; the optional cost is decided as it
    resolves."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Aerie Worshippers, tapped: true}, {card: Island, count: 3, tapped: true}]
    library: [Island]
  - name: Bob
""", turn=3, step="untap")
    assert g.current_state().step == "upkeep"
    assert stack_labels(g) == ["Aerie Worshippers' ability"]
    resolve(g)
    assert sorted(a.kind for a in g.legal_actions()) == ["no", "yes"]
    g.push(next(a for a in g.legal_actions() if a.kind == "yes"))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    tokens = [o for o in g.current_state().permanents(0) if o.is_token]
    assert [(o.card.name, o.card.types) for o in tokens] == [("Bird Token", ("Enchantment", "Creature"))]
