"""'Whenever ~ is dealt damage' (CR 120.3, 603.2c): once for each damage event, however many
sources, with "that much" the total; enrage is the same trigger (CR 207.2c), with the cards'
rulings."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, on_battlefield, pass_until, pick, resolve, stack_labels


def test_read_as_one_trigger(corpus_db):
    for name in ("Boros Reckoner", "Ranging Raptors", "Body of Knowledge"):
        ability = next(a for a in corpus_db.get(name).abilities if isinstance(a, ir.TriggeredAbility))
        assert ability.trigger == ir.Trigger("dealt_damage")


def test_boros_reckoner_double_blocked_triggers_once_for_all_the_damage(corpus_db):
    """Boros Reckoner rulings (2017-03-14): dealt damage by two blockers at once, it triggers once
    and deals that much to one target; lethal damage doesn't stop it; the damage it deals then
    isn't combat damage."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Boros Reckoner]
  - name: Bob
    battlefield: [Hill Giant, Grizzly Bears]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Boros Reckoner")
    pass_until(g, "blockers")
    pick(g, "Hill Giant blocks")
    pick(g, "Grizzly Bears blocks")
    pass_until(g, "damage")
    pick(g, "0 to Hill Giant")             # all 3 to the Bears
    assert g.pending.kind == "targets"
    pick(g, "target Bob")
    assert stack_labels(g) == ["Boros Reckoner's ability"]
    assert not on_battlefield(g, "Boros Reckoner")     # it died before its ability resolved
    resolve(g)
    s = g.current_state()
    assert s.players[1].life == 15
    assert "Boros Reckoner's ability triggers on Boros Reckoner being dealt 5 combat damage" in g.explain()
    assert "Boros Reckoner deals 5 damage to Bob" in g.explain()      # not combat damage


def test_broodhatch_nantuko_makes_that_many_tokens_or_none(corpus_db):
    """Broodhatch Nantuko ruling (2004-10-04): all the tokens or none. Shocked, it dies, and its
    controller may still create two Insects."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Broodhatch Nantuko]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
""", active="Bob", turn=3)
    cast_and_pay(g, "cast Shock", "Broodhatch Nantuko")
    resolve(g)
    resolve(g)
    assert g.pending.player == 0 and sorted(a.kind for a in g.legal_actions()) == ["no", "yes"]
    g.push(next(a for a in g.legal_actions() if a.kind == "yes"))
    assert len([o for o in g.current_state().permanents(0) if o.is_token]) == 2


def test_stinkweed_imp_destroys_a_creature_it_deals_combat_damage_to(corpus_db):
    """Stinkweed Imp ruling: not deathtouch, a trigger on combat damage only; "that creature" is
    the one dealt damage. The Imp dies too (2 damage), and its ability still resolves."""
    (ability,) = [a for a in corpus_db.get("Stinkweed Imp").abilities if isinstance(a, ir.TriggeredAbility)]
    assert ability.trigger == ir.Trigger("deals_combat_damage_to_creature")
    assert ability.effects == (ir.Destroy(ir.Ref("damaged_object")),)
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Hill Giant]
  - name: Bob
    battlefield: [Stinkweed Imp]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Hill Giant")
    pass_until(g, "blockers")
    pick(g, "Stinkweed Imp blocks")
    while g.current_state().step != "main2":      # damage, the trigger, its resolution
        g.push(0)
    assert not on_battlefield(g, "Hill Giant") and not on_battlefield(g, "Stinkweed Imp")
    assert "Stinkweed Imp's ability triggers on Stinkweed Imp dealing 1 combat damage" in g.explain()


def test_queen_of_ice_keeps_the_creature_tapped_even_once_she_is_gone(corpus_db):
    """Queen of Ice ruling: the creature dealt combat damage doesn't untap during its
    controller's next untap step, even when it was tapped already and the Queen died."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Hill Giant]
    library: [Island, Island]
  - name: Bob
    battlefield: [Queen of Ice]
    library: [Island, Island]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Hill Giant")
    pass_until(g, "blockers")
    pick(g, "Queen of Ice blocks")
    while not (g.current_state().turn == 5 and g.current_state().step == "upkeep"):
        g.push(0)
    assert not on_battlefield(g, "Queen of Ice")
    assert [o.tapped for o in on_battlefield(g, "Hill Giant")] == [True]
