"""CR 107.3a, 107.3e, 107.3g and 107.3m: X chosen while casting, X as 0 off the stack, and
enters-the-battlefield replacement effects that use the X of the spell."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .mana_helpers import board, cast, obj


def resolve_all(g):
    while g.current_state().stack:
        g.push(Action("pass"))


def test_endless_one_cast_with_x_3_enters_with_three_counters_and_mana_value_0():
    """CR 107.3m; CR 107.3g: on the battlefield X is 0, so its mana value is 0."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Forest, Forest]
    hand: [Endless One]
  - name: Bob
""")
    cast(g, "Endless One")
    assert g.pending.kind == "x"
    assert [a.args[0] for a in g.legal_actions()] == [0, 1, 2, 3]   # CR 107.3a: X you can pay
    g.push(Action("x", (3,)))
    g.push(Action("autopay"))
    s = g.current_state()
    assert s.stack[-1].x == 3
    resolve_all(g)
    e = obj(g, "Endless One")
    s = g.current_state()
    assert e.counters == {"+1/+1": 3} and ch.power_toughness(s, e) == (3, 3)
    assert ch.mana_value(e) == 0
    assert "[CR 614.1c, 107.3m" in g.explain()


def test_walking_ballista_xx_costs_twice_x_and_pays_with_its_counters():
    """Walking Ballista ruling 2020-08-07: {X}{X} with X = 1 costs {2}. The counter removed to
    pay its ability is a cost (CR 118.3)."""
    g = board("""
  - name: Alice
    battlefield: [Plains, Plains, Plains]
    hand: [Walking Ballista]
  - name: Bob
""")
    cast(g, "Walking Ballista")
    assert [a.args[0] for a in g.legal_actions()] == [0, 1]
    g.push(Action("x", (1,)))
    g.push(Action("autopay"))
    resolve_all(g)
    ballista = obj(g, "Walking Ballista")
    assert ballista.counters == {"+1/+1": 1}
    assert sum(1 for o in g.current_state().permanents() if o.tapped) == 2
    act = next(a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == ballista.id
               and "Remove" in a.label)
    g.push(act)
    g.push(next(a for a in g.legal_actions() if a.args == ("p1",)))
    s = g.current_state()
    # a 0/0 without its counter, it dies (CR 704.5f); its ability still resolves (CR 113.7a)
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Walking Ballista"]
    resolve_all(g)
    assert g.current_state().players[1].life == 19


def test_stonecoil_serpent_x_2():
    g = board("""
  - name: Alice
    battlefield: [Wastes, Wastes]
    hand: [Stonecoil Serpent]
  - name: Bob
""")
    cast(g, "Stonecoil Serpent", x=2)
    g.push(Action("autopay"))
    resolve_all(g)
    snake = obj(g, "Stonecoil Serpent")
    assert snake.counters == {"+1/+1": 2} and ch.mana_value(snake) == 0


def test_hangarback_walker_cast_with_x_2():
    """CR 107.3m; Hangarback Walker ruling 2015-06-22: X = 2 costs {4} and gives two +1/+1
    counters. Its mana value on the battlefield is 0 (CR 107.3g). When it dies its trigger counts
    the counters it had as it last existed (CR 603.10a): two Thopters."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Forest, Forest, Forest, Mountain]
    hand: [Hangarback Walker, Shock]
  - name: Bob
""")
    cast(g, "Hangarback Walker")
    assert [a.args[0] for a in g.legal_actions()] == [0, 1, 2]
    g.push(Action("x", (2,)))
    g.push(Action("autopay"))
    assert not obj(g, "Mountain").tapped
    resolve_all(g)
    hw = obj(g, "Hangarback Walker")
    s = g.current_state()
    assert hw.counters == {"+1/+1": 2} and ch.power_toughness(s, hw) == (2, 2)
    assert ch.mana_value(hw) == 0 and hw.cast_x == 2
    cast(g, "Shock")
    g.push(next(a for a in g.legal_actions() if a.args == (hw.id,)))
    g.push(Action("autopay"))
    resolve_all(g)
    s = g.current_state()
    assert [o.card.name for o in s.permanents(0) if o.is_token] == ["Thopter Token", "Thopter Token"]


def test_hangarback_walker_spell_with_x_2_resolves_from_the_stack():
    g = board("""
  - name: Alice
  - name: Bob
stack:
  - {card: Hangarback Walker, controller: Alice, x: 2}
""")
    resolve_all(g)
    assert obj(g, "Hangarback Walker").counters == {"+1/+1": 2}


def test_hardened_scales_adds_one_to_the_x_counters():
    """CR 614.12 with 107.3m: Endless One cast with X = 2 enters with 2 + 1 counters."""
    g = board("""
  - name: Alice
    battlefield: [Hardened Scales, Forest, Forest]
    hand: [Endless One]
  - name: Bob
""")
    cast(g, "Endless One", x=2)
    g.push(Action("autopay"))
    resolve_all(g)
    assert obj(g, "Endless One").counters == {"+1/+1": 3}


def test_chalice_of_the_void_enters_with_x_charge_counters():
    g = board("""
  - name: Alice
  - name: Bob
stack:
  - {card: Chalice of the Void, controller: Alice, x: 1}
""")
    resolve_all(g)
    assert obj(g, "Chalice of the Void").counters == {"charge": 1}


def test_x_is_zero_for_a_permanent_that_was_not_cast():
    """CR 107.3m: put onto the battlefield without being cast, X is 0 (Order of Whiteclay
    returning a Stonecoil Serpent from the graveyard)."""
    g = board("""
  - name: Alice
    battlefield: [{card: Order of Whiteclay, tapped: true}, Plains, Plains, Plains]
    graveyard: [Stonecoil Serpent]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "activate"))
    while g.pending.kind in ("targets", "pay"):
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    resolve_all(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Stonecoil Serpent"]
    assert "Stonecoil Serpent enters with 0 +1/+1 counters" in g.explain()


def test_jadelight_spelunker_etb_trigger_uses_the_x_of_the_spell():
    """CR 107.3m for a triggered ability: "explores X times" uses the X chosen for the spell;
    CR 701.44a: a land goes to the hand, anything else gives a +1/+1 counter."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Forest, Forest]
    hand: [Jadelight Spelunker]
    library: [Forest, Grizzly Bears, Island]
  - name: Bob
""")
    cast(g, "Jadelight Spelunker", x=2)
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))                    # the spell resolves; its trigger goes on the stack
    assert g.current_state().stack[-1].x == 2
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "may"            # Grizzly Bears revealed: graveyard or not
    g.push(Action("yes"))
    s = g.current_state()
    spelunker = obj(g, "Jadelight Spelunker")
    assert spelunker.counters == {"+1/+1": 1} and ch.mana_value(spelunker) == 1   # {X}{G}, X = 0
    assert [s.objs[i].card.name for i in s.players[0].hand] == ["Forest"]
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Grizzly Bears"]
    assert [s.objs[i].card.name for i in s.players[0].library] == ["Island"]
