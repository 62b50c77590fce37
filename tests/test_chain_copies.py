"""The Chain cycle (CR 707.10, 707.10c, 608.2c): "Then that player or that permanent's controller
may pay {R}{R}. If the player does, they may copy this spell and may choose a new target for
that copy." The player the spell affected may pay (or sacrifice a land) and then copy the
resolving spell under their own control; the copy is not cast and can be copied again."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import answer_until_stack_empty, board, cast_and_pay, names

ALICE, BOB = 0, 1


def test_chain_lightning_compiles_to_a_payment_then_a_copy_by_that_player(db):
    chain = db.get("Chain Lightning")
    assert chain.fully_supported
    damage, may = chain.abilities[0].effects
    assert type(damage) is ir.DealDamage and type(may.effects[0]) is ir.PayMana
    assert str(may.effects[0].cost) == "{R}{R}"
    assert may.effects[1] == ir.IfYouDo((ir.May((ir.CopySpell(ir.Ref("self"), new_targets=True),),
                                                ir.Ref("target_controller")),))
    for name in ("Chain of Vapor", "Chain of Acid", "Chain of Smog", "Chain Stasis", "Chain of Silence",
                 "String of Disappearances", "Sevinne's Reclamation"):
        assert db.get(name).fully_supported, name



def _chain(db, target: str, bob: str = "Mountain, Mountain"):
    g = board(db, f"""
  - name: Alice
    hand: [Chain Lightning]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [{bob}]
""")
    cast_and_pay(g, "cast Chain Lightning", target)
    return g


def _life(g) -> tuple[int, int]:
    s = g.current_state()
    return s.players[ALICE].life, s.players[BOB].life


def test_chain_lightning_the_player_dealt_damage_pays_and_copies_it_back(db):
    """Bob, dealt 3, pays {R}{R} and copies Chain Lightning, choosing Alice as the copy's new
    target (CR 707.10c); the copy is his and not cast (the rulings); Alice, with no red mana
    left, is not offered the payment for the copy."""
    g = _chain(db, "Bob")
    met = answer_until_stack_empty(g, "yes", "yes", "target Alice")
    assert met == ["may", "pay", "may", "new_target"]
    assert _life(g) == (17, 17)
    log = [e.text for e in g.current_state().log_entries()]
    assert "Bob puts a copy of Chain Lightning on the stack (a copy is not cast)" in log
    assert "Bob pays {R}{R} for Chain Lightning's effect with {R}{R}" in log
    assert names(g, ALICE, "graveyard") == ["Chain Lightning"] and names(g, BOB, "graveyard") == []


def test_chain_lightning_declined_deals_its_damage_once(db):
    g = _chain(db, "Bob")
    answer_until_stack_empty(g, "no")
    assert _life(g) == (20, 17)
    assert not any("copy" in e.text for e in g.current_state().log_entries())


def test_chain_lightning_at_a_creature_offers_the_copy_to_its_controller(db):
    """"that permanent's controller": Bob, whose Grizzly Bears were dealt 3 damage, pays and
    copies it at Alice."""
    g = _chain(db, "Grizzly Bears", bob="Grizzly Bears, Mountain, Mountain")
    answer_until_stack_empty(g, "yes", "yes", "target Alice", "no")
    assert _life(g) == (17, 20)
    assert names(g, BOB, "graveyard") == ["Grizzly Bears"]


def test_chain_of_vapor_the_bounced_permanents_controller_sacrifices_a_land_to_copy_it(db):
    """Chain of Vapor returns Bob's Grizzly Bears; Bob sacrifices a land and copies it to return
    Alice's Llanowar Elves; Alice declines to sacrifice a land (CR 608.2c)."""
    g = board(db, """
  - name: Alice
    hand: [Chain of Vapor]
    battlefield: [Island, Island, Llanowar Elves]
  - name: Bob
    battlefield: [Grizzly Bears, Forest]
""")
    cast_and_pay(g, "cast Chain of Vapor", "Grizzly Bears")
    answer_until_stack_empty(g, "yes", "yes", "Llanowar Elves", "no")
    assert names(g, BOB, "hand") == ["Grizzly Bears"]
    assert names(g, ALICE, "hand") == ["Llanowar Elves"]
    assert names(g, BOB, "graveyard") == ["Forest"]
    assert sorted(o.card.name for o in g.current_state().permanents(ALICE)) == ["Island", "Island"]




def test_malicious_affliction_copies_itself_from_its_cast_trigger(db):
    """Morbid: a creature died this turn, so as Malicious Affliction is cast its trigger may copy
    the spell (still on the stack) with a new target (CR 707.10, 707.10c): two creatures are
    destroyed."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt, Malicious Affliction]
    battlefield: [Mountain, Swamp, Swamp]
  - name: Bob
    battlefield: [Grizzly Bears, Hill Giant, Llanowar Elves]
""")
    cast_and_pay(g, "cast Lightning Bolt", "Llanowar Elves")
    answer_until_stack_empty(g)
    cast_and_pay(g, "cast Malicious Affliction", "Grizzly Bears")
    answer_until_stack_empty(g, "yes", "Hill Giant")
    assert names(g, BOB, "graveyard") == ["Grizzly Bears", "Hill Giant", "Llanowar Elves"]
    assert "Alice puts a copy of Malicious Affliction on the stack (a copy is not cast)" in [
        e.text for e in g.current_state().log_entries()]
