"""Staples whose description is bounded by a count that changes: "counter target spell with
mana value less than or equal to the number of cards in its controller's graveyard" (Drown in
the Loch), counted as targets are chosen and again on resolution (CR 107.3, 115.1, 608.2b)."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, labels, names, on_battlefield, pick, resolve, stack_labels


def _log(game) -> list[str]:
    return [e.text for e in game.current_state().log_entries()]


_BOARD = """
  - name: Alice
    hand: [Drown in the Loch]
    battlefield: [Island, Swamp]
    graveyard: [Opt, Opt, Opt, Opt, Opt]
  - name: Bob
    battlefield: [{card: Tormod's Crypt, id: crypt}, Grizzly Bears]
    graveyard: [Shock, Opt]
"""
_STACK = "\n  - {card: Grizzly Bears, controller: Bob}\n  - {card: Divination, controller: Bob}"


def test_drown_in_the_loch_compiles_to_a_bound_counted_in_its_controllers_graveyard(db):
    card = db.get("Drown in the Loch")
    assert card.fully_supported
    [counter, destroy] = card.abilities[0].effects[0].modes
    bound = ir.CountOf(ir.Filter(controller="you", zone="graveyard"), its_controller=True)
    assert counter.targets[0].filter.mana_value_at_most == bound
    assert destroy.targets[0].filter.mana_value_at_most == bound


def test_drown_in_the_loch_counters_a_spell_no_bigger_than_its_controllers_graveyard(db):
    """Bob has two cards in his graveyard: his Grizzly Bears spell (mana value 2) is a legal
    target, his Divination (3) is not, though Alice's own graveyard holds five (CR 115.1); the
    counter mode is the only one with a target among spells, the Bears is countered."""
    g = board(db, _BOARD, turn=3, priority="Bob", stack=_STACK)
    g.push(Action("pass"))
    pick(g, "cast Drown in the Loch")
    chosen = []
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
            continue
        chosen.append(labels(g))
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label and "spell" in a.label
                    or "Counter" in a.label))
    assert not any("Divination" in label for options in chosen for label in options)
    assert stack_labels(g) == ["Divination", "Grizzly Bears", "Drown in the Loch"]
    resolve(g)
    assert stack_labels(g) == ["Divination"]
    assert names(g, 1, "graveyard") == ["Grizzly Bears", "Opt", "Shock"]


def test_drown_in_the_loch_with_no_small_enough_spell_cannot_counter(db):
    """Only Divination (3) on the stack and two cards in Bob's graveyard: no spell is a legal
    target, so the counter mode can't be chosen (CR 700.2a, 601.2c): the destroy mode is the only
    one, and Bob's Grizzly Bears on the battlefield (2) its only target."""
    g = board(db, _BOARD, turn=3, priority="Bob", stack="\n  - {card: Divination, controller: Bob}")
    g.push(Action("pass"))
    pick(g, "cast Drown in the Loch")
    offered = []
    while g.pending.kind not in ("priority", "pay"):
        offered.extend(labels(g))
        g.push(g.legal_actions()[0])
    assert offered == []                         # no choice of mode: one mode can be chosen
    assert any(t.startswith("Alice chooses Destroy target creature") for t in _log(g))
    assert "Drown in the Loch targets Grizzly Bears" in _log(g)


def test_drown_in_the_loch_checks_the_graveyard_again_on_resolution(db):
    """The count is read again as it resolves (CR 608.2b): Bob exiles his graveyard with
    Tormod's Crypt in response, the Bears spell (2) is now above zero, Drown in the Loch
    doesn't resolve and the Bears does."""
    g = board(db, _BOARD, turn=3, priority="Bob", stack=_STACK)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Drown in the Loch", "Counter", "Grizzly Bears")
    g.push(Action("pass"))                       # Alice passes; Bob answers
    cast_and_pay(g, "activate Tormod's Crypt", "Bob")
    resolve(g)                                   # the Crypt's ability: Bob's graveyard is exiled
    assert names(g, 1, "graveyard") == []
    resolve(g)
    assert "Drown in the Loch doesn't resolve: all its targets are illegal" in _log(g)
    assert stack_labels(g) == ["Divination", "Grizzly Bears"]


def test_a_power_bound_counted_among_your_creatures(db):
    """"Gain control of target creature with power less than or equal to the number of
    creatures you control" (Beguiler of Wills): the same bound, on power, counted for the
    source's controller (CR 107.3, 608.2b)."""
    card = db.get("Beguiler of Wills")
    assert card.fully_supported
    spec = card.abilities[-1].targets[0]
    assert spec.filter.power_at_most == ir.CountOf(ir.Filter(types=("Creature",), controller="you"))


_BEGUILER = """
  - name: Alice
    battlefield: [{card: Beguiler of Wills, id: beguiler}, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant, Savannah Lions]
"""


def test_beguiler_of_wills_takes_a_creature_no_stronger_than_its_count(db):
    """Two creatures: Bob's Savannah Lions (power 2) can be taken, his Hill Giant (3) can't."""
    g = board(db, _BEGUILER, turn=3)
    pick(g, "activate Beguiler of Wills")
    offered = []
    while g.pending.kind != "priority":
        offered.extend(labels(g))
        g.push(next(a for a in g.legal_actions() if "Savannah Lions" in a.label))
    assert any("Savannah Lions" in label for label in offered)
    assert not any("Hill Giant" in label for label in offered)
    resolve(g)
    assert on_battlefield(g, "Savannah Lions")[0].controller == 0
    assert on_battlefield(g, "Hill Giant")[0].controller == 1
