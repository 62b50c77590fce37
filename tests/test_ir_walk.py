"""Walking compiled IR (``ir.nodes``, ``ir.contains``): every node once, depth first, fields in
their declared order, tuple and list items in theirs; a class given as a value is not entered."""
from __future__ import annotations

from manastack.oracle import ir


def test_nodes_are_listed_depth_first_in_field_order():
    produce = ir.ManaProduce(("G",))
    add = ir.AddMana(produce)
    ability = ir.ActivatedAbility(ir.Cost(parts=(ir.TapSymbol(),)), (add,), is_mana=True, text="{T}: Add {G}.")
    walked = list(ir.nodes([ability, (1, "a"), ir.Cost]))
    assert walked[:4] == [[ability, (1, "a"), ir.Cost], ability, ability.cost, None]   # Cost.mana is None
    assert walked[4:7] == [(ir.TapSymbol(),), ir.TapSymbol(), (add,)]
    assert walked[7:9] == [add, produce]
    assert walked[-4:] == [(1, "a"), 1, "a", ir.Cost]     # the class itself, not its fields
    assert sum(n is ability.text for n in walked) == 1


def test_contains_stops_at_the_first_node_wanted(db):
    card = db.get("Llanowar Elves")
    seen = []

    def wanted(n):
        seen.append(n)
        return type(n) is ir.AddMana

    assert ir.contains(card.abilities, wanted)
    assert type(seen[-1]) is ir.AddMana and seen == list(ir.nodes(card.abilities))[:len(seen)]
    assert not ir.contains(card.abilities, lambda n: type(n) is ir.ReturnToHand)
