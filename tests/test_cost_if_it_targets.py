"""Mystical Dispute: "This spell costs {2} less to cast if it targets a blue spell. Counter target
spell unless its controller pays {3}." The targets are chosen before the total cost is
determined (CR 601.2c, 601.2f), so the reduction reads them."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_action, cast_and_pay, names, pick


def _alice_casts(db, spell: str, alice_lands: str, bob_lands: str):
    g = board(db, f"""
  - name: Alice
    hand: [{spell}]
    battlefield: {alice_lands}
    library: [Island, Island, Island]
  - name: Bob
    hand: [Mystical Dispute]
    battlefield: {bob_lands}
""", turn=3)
    cast_and_pay(g, f"cast {spell}", "Bob")
    g.push(Action("pass"))
    return g


def test_against_a_blue_spell_it_costs_one_blue_mana(db):
    g = _alice_casts(db, "Divination", "[Island, Island, Island]", "[Island]")
    pick(g, "cast Mystical Dispute")
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    assert ("Mystical Dispute's total cost is {U}: its mana cost {2}{U} minus {2} from its own ability "
            "(one of its targets is what it names, CR 601.2f)") in g.explain()
    g.push(Action("pass"))
    g.push(Action("pass"))      # Alice has no mana left to pay {3}: Divination is countered
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[-1])
    assert names(g, 0, "graveyard") == ["Divination"] and len(g.current_state().players[0].hand) == 0


def test_against_a_red_spell_one_blue_mana_is_not_enough(db):
    g = _alice_casts(db, "Lightning Bolt", "[Mountain]", "[Island]")
    assert cast_action(g, "Mystical Dispute") is None


def test_against_a_red_spell_it_costs_its_full_cost(db):
    g = _alice_casts(db, "Lightning Bolt", "[Mountain]", "[Island, Island, Island]")
    pick(g, "cast Mystical Dispute")
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    assert "minus {2} from its own ability" not in g.explain()
    assert all(o.tapped for o in g.current_state().permanents(1))
