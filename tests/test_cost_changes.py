"""Spell cost changes (CR 601.2f, 118.7a) and Chalice of the Void's cast trigger (CR 603.2,
601.2i, 701.6a), each official ruling of Damping Sphere and Chalice of the Void pinned by a test."""
from __future__ import annotations

from pathlib import Path

import pytest

from manastack import Scenario
from manastack.cards import CardDef, default_db
from manastack.engine.decisions import Action, IllegalActionError
from manastack.game import Game
from manastack.oracle import ir

from .mana_helpers import board, obj

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def compiled(text: str, types=("Artifact",)) -> list:
    card = CardDef.from_face({"name": "Test Card", "manaCost": "{2}", "type": " ".join(types),
                              "types": list(types), "text": text})
    return [card.abilities, card.unsupported]


def cast(g: Game, name: str, target: str | None = None, x: int | None = None, pay: bool = True) -> None:
    """Cast ``name`` from its owner's hand, choosing ``target`` (words of the label) and ``x``,
    then let the auto-payer pay unless ``pay`` is False (the pay decision is left pending)."""
    s = g.current_state()
    g.push(next(a for a in g.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name == name))
    while g.pending.kind == "targets" or (g.pending.kind == "x" and x is not None):
        if g.pending.kind == "x":
            g.push(Action("x", (x,)))
        else:
            g.push(next(a for a in g.legal_actions() if target in a.label))
    if pay and g.pending.kind == "pay":
        g.push(Action("autopay"))


def pass_priority(g: Game, times: int = 1) -> None:
    for _ in range(times):
        g.push(Action("pass"))


def resolve_all(g: Game) -> None:
    while g.current_state().stack:
        pass_priority(g)


def names(g: Game, zone: str, player: int) -> list[str]:
    s = g.current_state()
    return [s.objs[i].card.name for i in getattr(s.players[player], zone)]


def castable(g: Game) -> list[str]:
    s = g.current_state()
    return [s.objs[a.args[0]].card.name for a in g.legal_actions() if a.kind == "cast"]


# ------------------------------------------------------------------------------ compiling


def test_both_cards_are_fully_supported():
    db = default_db()
    for name in ("Damping Sphere", "Chalice of the Void"):
        assert db.get(name).unsupported == (), name


def test_cost_change_templates():
    """CR 601.2f: generic increases and reductions for the spells a description names."""
    [(ab,), bad] = compiled("Each spell a player casts costs {1} more to cast for each other spell "
                            "that player has cast this turn.")
    assert bad == () and ab.effect == ir.static_effect(
        "cost_increase", ir.Filter(zone="stack"), amount=1, for_each="other_spells_cast")
    [(ab,), _] = compiled("Noncreature spells cost {1} more to cast.")
    assert ab.effect == ir.static_effect("cost_increase", ir.Filter(non_types=("Creature",), zone="stack"),
                                        amount=1)
    [(ab,), _] = compiled("Spells your opponents cast cost {2} more to cast.")
    assert ab.effect.affected == ir.Filter(controller="opponent", zone="stack") and ab.effect.amount == 2
    [(ab,), _] = compiled("Creature spells you cast cost {1} less to cast.")
    assert ab.effect == ir.static_effect("cost_reduction", ir.Filter(types=("Creature",), controller="you",
                                                                    zone="stack"), amount=1)


@pytest.mark.parametrize("text", [
    "Spells cost {W} less to cast.",                    # a colored reduction: not generic
    "Creature spell you cast costs {1} less to cast.",  # singular without "each"
    "Creatures you control cost {1} less to cast.",     # not spells
])
def test_cost_changes_that_are_not_read(text):
    assert compiled(text) == [(), (text,)]


def test_chalice_trigger_compiles_to_a_cast_trigger_that_counters_that_spell():
    ab = default_db().get("Chalice of the Void").abilities[1]
    assert ab.trigger == ir.Trigger("cast", ir.Filter(zone="stack", mana_value_equals=ir.CountersOn("charge")))
    assert ab.effects == (ir.CounterSpell(ir.Ref("triggering_spell")),)


def test_mana_value_equal_to_counters_on_a_sacrificed_source():
    """Ratchet Bomb's "each nonland permanent with mana value equal to the number of charge
    counters on ~": the counters the sacrificed source had as it last existed (CR 608.2h),
    read as the filter's mana value."""
    text = ("{T}, Sacrifice Test Card: Destroy each nonland permanent with mana value equal to the "
            "number of charge counters on Test Card.")
    [ab], unread = compiled(text)
    assert unread == ()
    assert ab.effects[0].what.filter.mana_value_equals == ir.CountersOn("charge")


# ------------------------------------------------------------------------------ Damping Sphere


def test_damping_sphere_second_spell_costs_one_more_and_the_log_says_why():
    g = board("""
  - name: Alice
    battlefield: [Damping Sphere, Mountain, Mountain, Mountain]
    hand: [Shock, Lightning Bolt]
  - name: Bob
""")
    cast(g, "Shock", "Bob")
    resolve_all(g)
    cast(g, "Lightning Bolt", "Bob", pay=False)
    assert g.pending.context["cost"] == "{1}{R}"
    g.push(Action("autopay"))
    resolve_all(g)
    assert g.current_state().players[1].life == 15
    assert all(o.tapped for o in g.current_state().permanents(0) if o.card.name == "Mountain")
    assert ("Lightning Bolt's total cost is {1}{R}: its mana cost {R} plus {1} from Damping Sphere "
            "(Alice has cast 1 other spell this turn)  [CR 601.2f]") in g.explain()


def test_damping_sphere_increase_decides_whether_a_spell_can_be_cast():
    """CR 601.2f-h: the legality check and the auto-payer use the total cost."""
    g = board("""
  - name: Alice
    battlefield: [Damping Sphere, Mountain, Mountain]
    hand: [Shock, Lightning Bolt]
  - name: Bob
""")
    cast(g, "Shock", "Bob")
    resolve_all(g)
    assert "Lightning Bolt" not in castable(g)
    bolt = next(i for i in g.current_state().players[0].hand)
    with pytest.raises(IllegalActionError, match=r"can't pay \{1\}\{R\} \(its mana cost \{R\} plus \{1\} "
                                                 r"from Damping Sphere .*CR 601.2f\)"):
        g.push(Action("cast", (bolt,)))


def test_damping_sphere_counts_spells_cast_before_it_was_on_the_battlefield():
    """Damping Sphere ruling 2018-04-27: if it is the third spell you cast in a turn, the next
    spell you cast costs {3} more."""
    g = board("""
  - name: Alice
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
    hand: [Ornithopter, Ornithopter, Damping Sphere, Shock]
  - name: Bob
""")
    for name in ("Ornithopter", "Ornithopter", "Damping Sphere"):
        cast(g, name)
        resolve_all(g)
    assert g.current_state().players[0].spells_cast_this_turn == 3
    cast(g, "Shock", "Bob", pay=False)
    assert g.pending.context["cost"] == "{3}{R}"


def test_damping_sphere_counts_each_players_own_spells():
    """Bob's first spell of the turn costs what it costs, whatever Alice has cast."""
    g = board("""
  - name: Alice
    battlefield: [Damping Sphere, Mountain, Mountain, Mountain]
    hand: [Ornithopter, Ornithopter, Shock]
  - name: Bob
    battlefield: [Mountain]
    hand: [Shock]
""")
    cast(g, "Ornithopter")
    resolve_all(g)
    cast(g, "Ornithopter", pay=False)
    assert g.pending.context["cost"] == "{1}"
    g.push(Action("autopay"))
    pass_priority(g)                        # Bob gets priority with Ornithopter on the stack
    cast(g, "Shock", "Alice", pay=False)
    assert g.pending.context["cost"] == "{R}"


def test_x_offered_is_what_the_total_cost_lets_you_pay():
    """CR 601.2b, 601.2f: with {1} more to pay, four lands make X at most 3."""
    g = board("""
  - name: Alice
    battlefield: [Damping Sphere, Forest, Forest, Forest, Forest]
    hand: [Ornithopter, Stonecoil Serpent]
  - name: Bob
""")
    cast(g, "Ornithopter")
    resolve_all(g)
    s = g.current_state()
    g.push(next(a for a in g.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name ==
                "Stonecoil Serpent"))
    assert [a.args[0] for a in g.legal_actions()] == [0, 1, 2, 3]
    g.push(Action("x", (3,)))
    assert g.pending.context["cost"] == "{4}"


def test_spell_count_survives_saving_and_copying_and_resets_next_turn():
    g = board("""
  - name: Alice
    battlefield: [Damping Sphere]
    hand: [Ornithopter]
  - name: Bob
""")
    cast(g, "Ornithopter")
    resolve_all(g)
    assert Game.from_json(g.to_json(), g.db).current_state().players[0].spells_cast_this_turn == 1
    assert g.current_state().copy().players[0].spells_cast_this_turn == 1
    while g.current_state().turn == 1:
        g.push(next((a for a in g.legal_actions() if a.kind == "pass"), g.legal_actions()[0]))
    assert [p.spells_cast_this_turn for p in g.current_state().players] == [0, 0]


# ------------------------------------------------------------------------------ increases and reductions


def test_thalia_taxes_noncreature_spells_including_her_controllers():
    """Thalia ruling 2018-03-16: each noncreature spell, your own included."""
    g = board("""
  - name: Alice
    battlefield: ["Thalia, Guardian of Thraben", Mountain, Forest]
    hand: [Shock, Grizzly Bears]
  - name: Bob
""")
    cast(g, "Shock", "Bob", pay=False)
    assert g.pending.context["cost"] == "{1}{R}"
    g.push(Action("cancel"))
    cast(g, "Grizzly Bears", pay=False)
    assert g.pending.context["cost"] == "{1}{G}"


def test_reduction_takes_off_generic_mana_only_and_never_below_zero():
    """CR 118.7a, 601.2f; Helm of Awakening rulings 2004-10-04: it can't affect the colored part
    and can lower the cost to zero but not below."""
    g = board("""
  - name: Alice
    battlefield: [Helm of Awakening, Mountain, Forest]
    hand: [Shock, Grizzly Bears, Ornithopter]
  - name: Bob
""")
    cast(g, "Shock", "Bob", pay=False)
    assert g.pending.context["cost"] == "{R}"
    g.push(Action("cancel"))
    cast(g, "Grizzly Bears", pay=False)
    assert g.pending.context["cost"] == "{G}"
    assert "CR 601.2f, 118.7a" in g.explain()
    g.push(Action("cancel"))
    cast(g, "Ornithopter")
    assert g.current_state().stack[-1].label == "Ornithopter"


def test_increases_are_added_before_reductions_are_taken_off():
    """CR 601.2f; Damping Sphere ruling 2018-04-27: start with the mana cost, add the increases,
    then apply the reductions. Shock as a second spell: {R} + {1} - {1} = {R}; taking the {1}
    off first would have left {1}{R}."""
    g = board("""
  - name: Alice
    battlefield: [Damping Sphere, Helm of Awakening, Mountain, Mountain]
    hand: [Ornithopter, Shock]
  - name: Bob
""")
    cast(g, "Ornithopter")
    resolve_all(g)
    cast(g, "Shock", "Bob", pay=False)
    assert g.pending.context["cost"] == "{R}"
    assert ("Shock's total cost is {R}: its mana cost {R} plus {1} from Damping Sphere (Alice has "
            "cast 1 other spell this turn), minus {1} from Helm of Awakening  [CR 601.2f, 118.7a]") in g.explain()


def test_mana_value_is_not_changed_by_the_total_cost():
    """Damping Sphere ruling 2018-04-27: the spell's mana value stays what its mana cost says."""
    from manastack.engine import characteristics as ch

    g = board("""
  - name: Alice
    battlefield: [Damping Sphere, Mountain, Mountain]
    hand: [Ornithopter, Shock]
  - name: Bob
""")
    cast(g, "Ornithopter")
    resolve_all(g)
    cast(g, "Shock", "Bob")
    s = g.current_state()
    assert ch.mana_value(s.objs[s.stack[-1].source]) == 1


# ------------------------------------------------------------------------------ Chalice of the Void


def test_chalice_counters_a_spell_of_its_mana_value_from_any_player():
    """CR 603.2, 601.2i, 701.6a: "a player" includes the Chalice's controller."""
    g = board("""
  - name: Alice
    battlefield: [{card: Chalice of the Void, counters: {charge: 1}}, Mountain, Mountain, Forest, Forest]
    hand: [Shock, Grizzly Bears]
  - name: Bob
    battlefield: [{card: Chalice of the Void, counters: {charge: 2}}]
""")
    cast(g, "Shock", "Bob")
    assert [i.label for i in g.current_state().stack] == ["Shock", "Chalice of the Void's ability"]
    resolve_all(g)
    assert names(g, "graveyard", 0) == ["Shock"] and g.current_state().players[1].life == 20
    assert "Shock is countered by Chalice of the Void  [CR 701.6a]" in g.explain()
    cast(g, "Grizzly Bears")                    # Bob's Chalice, with two counters
    resolve_all(g)
    assert names(g, "graveyard", 0) == ["Shock", "Grizzly Bears"]


def test_chalice_with_one_counter_leaves_other_mana_values_alone():
    g = board("""
  - name: Alice
    battlefield: [Forest, Forest]
    hand: [Grizzly Bears]
  - name: Bob
    battlefield: [{card: Chalice of the Void, counters: {charge: 1}}]
""")
    cast(g, "Grizzly Bears")
    assert [i.label for i in g.current_state().stack] == ["Grizzly Bears"]
    resolve_all(g)
    assert obj(g, "Grizzly Bears").controller == 0


def test_chalice_x_x_costs_twice_x():
    """Chalice of the Void ruling 2018-03-16: for X = 3 you pay {6}."""
    g = board("""
  - name: Alice
    battlefield: [Plains, Plains, Plains, Plains, Plains, Plains]
    hand: [Chalice of the Void]
  - name: Bob
""")
    cast(g, "Chalice of the Void", pay=False)
    assert [a.args[0] for a in g.legal_actions()] == [0, 1, 2, 3]
    g.push(Action("x", (3,)))
    assert g.pending.context["cost"] == "{6}"
    g.push(Action("autopay"))
    resolve_all(g)
    assert obj(g, "Chalice of the Void").counters == {"charge": 3}


@pytest.mark.parametrize("x, countered", [(0, False), (1, True), (2, False)])
def test_x_counts_in_the_mana_value_of_a_spell_on_the_stack(x, countered):
    """CR 202.3e, 107.3: Stonecoil Serpent cast with X = 1 has mana value 1 on the stack."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Forest]
    hand: [Stonecoil Serpent]
  - name: Bob
    battlefield: [{card: Chalice of the Void, counters: {charge: 1}}]
""")
    cast(g, "Stonecoil Serpent", x=x)
    resolve_all(g)
    assert ("Stonecoil Serpent is countered by Chalice of the Void" in g.explain()) == countered


def test_a_chalice_cast_with_x_1_has_mana_value_2():
    """CR 202.3e: {X}{X} with X = 1 is mana value 2 on the stack."""
    g = board("""
  - name: Alice
    battlefield: [Plains, Plains]
    hand: [Chalice of the Void]
  - name: Bob
    battlefield: [{card: Chalice of the Void, counters: {charge: 2}}]
""")
    cast(g, "Chalice of the Void", x=1)
    resolve_all(g)
    assert names(g, "graveyard", 0) == ["Chalice of the Void"]


def test_chalice_with_zero_counters_counters_mana_value_0_spells():
    """Chalice of the Void ruling 2018-03-16: with no counters it counters each spell with mana
    value 0, including one cast with X = 0 (CR 107.3a, 202.3e)."""
    g = board("""
  - name: Alice
    battlefield: [Forest]
    hand: [Ornithopter, Stonecoil Serpent]
  - name: Bob
    battlefield: [Chalice of the Void]
""")
    cast(g, "Ornithopter")
    resolve_all(g)
    cast(g, "Stonecoil Serpent", x=0)
    resolve_all(g)
    assert "Ornithopter is countered by Chalice of the Void" in g.explain()
    assert "Stonecoil Serpent is countered by Chalice of the Void" in g.explain()


def test_only_the_counters_as_the_spell_is_cast_matter():
    """Chalice of the Void ruling 2018-03-16: changing its counters after the spell was cast
    doesn't change whether the ability counters it (there is no "if" to check again, CR 603.4)."""
    g = board("""
  - name: Alice
    battlefield: [Mountain, Forest, Forest]
    hand: [Shock, Grizzly Bears]
  - name: Bob
    battlefield: [{card: Chalice of the Void, counters: {charge: 1}}]
""")
    cast(g, "Shock", "Bob")
    s = g.current_state()
    next(o for o in s.permanents(1)).counters["charge"] = 3
    g = Game.from_state(s, g.db)
    resolve_all(g)
    assert names(g, "graveyard", 0) == ["Shock"]
    cast(g, "Grizzly Bears")                       # no trigger at 3 counters
    s = g.current_state()
    next(o for o in s.permanents(1)).counters["charge"] = 2
    g = Game.from_state(s, g.db)
    resolve_all(g)
    assert obj(g, "Grizzly Bears").controller == 0


def test_chalice_leaving_after_it_triggered_still_counters():
    """Chalice of the Void ruling 2018-03-16: once it has triggered, the ability counters the
    spell even if the Chalice has left the battlefield."""
    g = board("""
  - name: Alice
    battlefield: [Mountain, Mountain, Mountain]
    hand: [Shock, Shatter]
  - name: Bob
    battlefield: [{card: Chalice of the Void, counters: {charge: 1}}]
""")
    cast(g, "Shock", "Bob")
    cast(g, "Shatter", "Chalice")                   # in response to the trigger
    pass_priority(g, 2)                              # Shatter resolves
    assert names(g, "graveyard", 1) == ["Chalice of the Void"]
    resolve_all(g)
    assert "Shock" in names(g, "graveyard", 0) and g.current_state().players[1].life == 20


def test_chalice_sacrificed_while_paying_does_not_trigger():
    """Chalice of the Void ruling 2018-03-16: it must be on the battlefield once the spell has
    been cast (CR 601.2i, 603.2)."""
    g = board("""
  - name: Alice
    battlefield: [Krark-Clan Ironworks, {card: Chalice of the Void, counters: {charge: 2}}, Forest, Forest]
    hand: [Grizzly Bears]
  - name: Bob
""")
    cast(g, "Grizzly Bears", pay=False)
    for name in ("Krark-Clan Ironworks", "Forest"):          # {C}{C} from sacrificing the Chalice
        oid = obj(g, name).id
        g.push(next(a for a in g.legal_actions() if a.kind == "mana" and a.args[0] == oid))
        if g.pending.kind == "sacrifice":
            g.push(next(a for a in g.legal_actions() if "Chalice" in a.label))
    assert [i.label for i in g.current_state().stack] == ["Grizzly Bears"]
    assert names(g, "graveyard", 0) == ["Chalice of the Void"] and "triggers" not in g.explain()
    resolve_all(g)
    assert obj(g, "Grizzly Bears").controller == 0


def test_spell_gone_before_the_trigger_resolves_means_nothing_to_counter():
    """CR 609.3: Cancel counters Shock first; the Chalice ability then finds no spell."""
    g = board("""
  - name: Alice
    battlefield: [Mountain]
    hand: [Shock]
  - name: Bob
    battlefield: [{card: Chalice of the Void, counters: {charge: 1}}, Island, Island, Island]
    hand: [Cancel]
""")
    cast(g, "Shock", "Bob")
    pass_priority(g)
    cast(g, "Cancel", "Shock")
    resolve_all(g)
    assert names(g, "graveyard", 0) == ["Shock"]
    assert "that spell is no longer on the stack, so nothing is countered  [CR 609.3]" in g.explain()



def test_a_cipher_copy_pays_the_increase_and_counts_as_a_spell_cast():
    """CR 118.9d, 707.12: the scenario, then the count: Hands of Binding and its copy."""
    run = Scenario.load(SCENARIOS / "cr-118-9d-damping-sphere-taxes-a-cipher-copy.yaml").run()
    assert run.passed
    assert run.game.current_state().players[0].spells_cast_this_turn == 2


def test_a_cipher_copy_that_cant_pay_the_increase_is_not_cast():
    """CR 118.9d, 601.2h: with no mana left for Damping Sphere's {1}, no copy is cast."""
    run = Scenario.from_text("""
turn: 3
players:
  - name: Alice
    hand: [Hands of Binding]
    battlefield: [Damping Sphere, {card: Grizzly Bears, id: bears}, Island, Island]
  - name: Bob
    battlefield: [Savannah Lions]
script:
  - cast: Hands of Binding
    target: Savannah Lions
  - resolve
  - action: "encode Hands of Binding on Grizzly Bears"
  - attack: bears
  - block: none
  - pass_until: combat_damage
  - resolve
expect:
  stack: 0
""").run()
    assert run.passed
    assert "Alice can't pay {1} to cast a copy of Hands of Binding" in run.game.explain()
    assert run.game.current_state().players[0].spells_cast_this_turn == 1


def test_an_opponent_casting_triggers_only_for_the_opponents_spells():
    """CR 603.2, 601.2a: "Whenever an opponent casts" sees the spells the other player controls."""
    run = Scenario.from_text("""
cards:
  - name: Watchful Sentinel
    mana_cost: "{1}{W}"
    type: Creature — Human
    power: 1
    toughness: 1
    text: Whenever an opponent casts a creature spell, you gain 1 life.
players:
  - name: Alice
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest, Watchful Sentinel]
  - name: Bob
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest, Watchful Sentinel]
script:
  - cast: Grizzly Bears
    by: Alice
  - resolve
expect:
  triggered: {Watchful Sentinel: 1}
  life: {Alice: 20, Bob: 21}
""").run()
    assert run.passed, [r for r in run.results if not r.passed]
