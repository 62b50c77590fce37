"""Encore (CR 702.141a): from its owner's graveyard, as a sorcery, exiling the card as a cost:
for each opponent a token copy of the card that attacks this turn if able, with haste,
sacrificed at the beginning of the next end step. Real cards and their rulings (2020-11-10)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, labels, names, on_battlefield, pass_until


def _encore(db, card: str = "Fin-Clade Fugitives"):
    g = board(db, f"""
  - name: Alice
    battlefield: [Forest, Forest, Forest, Forest, Forest, Mountain, Mountain, Mountain]
    graveyard: [{card}]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, f"activate {card}")
    g.push(Action("pass"))
    g.push(Action("pass"))
    return g


def test_the_cards_compile(db):
    for name in ("Fin-Clade Fugitives", "Briarblade Adept", "Kinsbaile Courier", "Impulsive Pilferer",
                 "Elvish Dreadlord", "Trove Tracker"):
        assert not db.get(name).unsupported, (name, db.get(name).unsupported)


def test_a_hasty_token_copy_for_each_opponent(db):
    """The card is exiled to pay the cost (ruling); the token copies only the card: a 7/4 with
    its evasion, and haste."""
    g = _encore(db)
    assert names(g, 0, "exile") == ["Fin-Clade Fugitives"]
    [token] = on_battlefield(g, "Fin-Clade Fugitives")
    s = g.current_state()
    assert token.is_token and token.controller == 0
    assert "haste" in ch.keywords(s, token)
    assert (ch.power(s, token), ch.toughness(s, token)) == (7, 4)


def test_the_token_must_attack_and_is_sacrificed_at_the_end_step(db):
    """"Each token must attack the appropriate player if able" (ruling 2020-11-10; CR 508.1d):
    the only creature able to attack, it is declared without a question; at the beginning of the
    end step its delayed ability sacrifices it (CR 603.7c)."""
    g = _encore(db)
    attacked = False
    while g.current_state().turn == 3:
        s = g.current_state()
        attacked = attacked or any(o.attacking is not None for o in on_battlefield(g, "Fin-Clade Fugitives"))
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    s = g.current_state()
    assert attacked and s.players[1].life == 13
    assert any("Fin-Clade Fugitives must attack" in e.text and "508.1d" in e.rules for e in s.log_entries())
    assert not on_battlefield(g, "Fin-Clade Fugitives")
    assert any(e.text.startswith("Alice sacrifices Fin-Clade Fugitives") for e in s.log_entries()), \
        [e.text for e in s.log_entries() if "Fugitives" in e.text]


def test_encore_is_a_sorcery_speed_ability_from_the_graveyard(db):
    """Not in the hand, nor while the stack isn't empty (CR 702.141a: "Activate only as a sorcery")."""
    g = board(db, """
  - name: Alice
    battlefield: [Forest, Forest, Forest, Forest, Forest]
    hand: [Fin-Clade Fugitives]
  - name: Bob
""", turn=3)
    assert not any(label.startswith("activate Fin-Clade Fugitives") for label in labels(g))
