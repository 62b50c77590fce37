"""Discards in a spell's optional costs: "Buyback—Discard two cards." (Demonic Collusion;
CR 702.27a) and "Flashback—{R}{R}, Discard X cards." (Conflagrate; CR 702.34a, 601.2b, 107.3a): X is
announced as the spell is cast from the graveyard, at most the cards in hand, the cards are
discarded as the cost is paid (CR 601.2h), and the damage is divided as it is cast (CR 601.2d),
with the card's rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import names, pick, resolve


def _flashback_board(db, hand: str):
    return game_helpers.board(db, f"""
  - name: Alice
    hand: {hand}
    graveyard: [Conflagrate]
    battlefield: [Mountain, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)


def test_conflagrate_flashback_discards_x_cards_and_divides_x_damage(db):
    g = _flashback_board(db, "[Island, Forest, Swamp]")
    pick(g, "cast Conflagrate")
    pick(g, "target Grizzly Bears")
    pick(g, "target Bob")
    pick(g, "no more targets")
    xs = [a.label for a in g.legal_actions() if a.kind == "x"]
    assert xs == ["X = 2", "X = 3"]        # two targets: at least 2 (CR 601.2d); three cards in hand
    pick(g, "X = 3")
    pick(g, "2 to Grizzly Bears")          # divided as it is cast (ruling; CR 601.2d)
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    s = g.current_state()
    assert names(g, 0, "hand") == [] and sorted(names(g, 0, "graveyard")) == ["Forest", "Island", "Swamp"]
    spell = s.objs[s.stack[-1].source]
    # ruling: the X chosen counts in its mana value, though no mana was spent on it (CR 202.3e)
    assert ch.mana_value(spell) == 7
    assert "Alice divides 3 damage: 2 to Grizzly Bears, 1 to Bob" in g.explain()
    resolve(g)
    s = g.current_state()
    assert names(g, 1, "graveyard") == ["Grizzly Bears"] and s.players[1].life == 19
    assert names(g, 0, "exile") == ["Conflagrate"]          # CR 702.34a


def test_conflagrate_flashback_x_is_at_most_the_cards_in_hand(db):
    """One card in hand: X is 1, the only value (CR 118.3); none: no X gives its target at
    least 1 damage (CR 601.2d), so the cast is never completed."""
    g = _flashback_board(db, "[Island]")
    pick(g, "cast Conflagrate")
    pick(g, "target Grizzly Bears")
    pick(g, "no more targets")
    assert not [a for a in g.legal_actions() if a.kind == "x"]
    assert "X is 1" in g.explain()
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    assert names(g, 0, "hand") == [] and names(g, 0, "graveyard") == ["Island"]
    empty = _flashback_board(db, "[]")
    pick(empty, "cast Conflagrate")
    pick(empty, "target Grizzly Bears")
    pick(empty, "no more targets")
    assert empty.pending.kind == "priority" and names(empty, 0, "graveyard") == ["Conflagrate"]
    assert not empty.current_state().stack


def test_demonic_collusion_buyback_discards_two_other_cards(db):
    """"Buyback—Discard two cards." (CR 702.27a): an optional additional cost of discards,
    never the spell itself (CR 601.2h); paid, the spell returns to its owner's hand; with
    fewer than two other cards in hand it can't be paid (CR 118.3)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Demonic Collusion, Island, Forest]
    library: [Swamp, Plains]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
  - name: Bob
""", turn=3)
    pick(g, "cast Demonic Collusion")
    pick(g, "pay buyback")
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    assert sorted(names(g, 0, "graveyard")) == ["Forest", "Island"]
    resolve(g)
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    assert "Demonic Collusion" in names(g, 0, "hand") and "Demonic Collusion" not in names(g, 0, "graveyard")
    short = game_helpers.board(db, """
  - name: Alice
    hand: [Demonic Collusion, Island]
    library: [Swamp]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
  - name: Bob
""", turn=3)
    pick(short, "cast Demonic Collusion")
    assert short.pending.kind == "pay"          # buyback not offered: one other card to discard


def test_conflagrate_from_hand_pays_x_twice_in_mana_and_discards_nothing(db):
    """Cast from the hand, X is paid in its mana cost {X}{X}{R} (CR 107.3a): no card discarded."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Conflagrate, Island]
    battlefield: [Mountain, Mountain, Mountain]
  - name: Bob
""", turn=3)
    pick(g, "cast Conflagrate")
    pick(g, "target Bob")
    pick(g, "no more targets")
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    resolve(g)
    assert g.current_state().players[1].life == 19 and names(g, 0, "hand") == ["Island"]
    assert names(g, 0, "graveyard") == ["Conflagrate"]
