""""Spend only black mana on X." on an activated ability (CR 107.3, 601.2h, 602.2b): each mana
paid for X is of that color, so only X values the player's mana of that color can pay are
offered (Crypt Rats, Crimson Hellkite)."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, names, pick

ALICE, BOB = 0, 1


def test_crypt_rats_compiles_with_its_x_of_black_mana(db):
    rats = db.get("Crypt Rats")
    assert rats.fully_supported
    ability = rats.abilities[0]
    assert isinstance(ability, ir.ActivatedAbility) and ability.x_mana == "B"
    assert db.get("Crimson Hellkite").abilities[-1].x_mana == "R"


def test_crypt_rats_x_is_paid_with_black_mana_only(db):
    """Two Swamps and three Mountains: X can be 2 at most, paid {B}{B}; the Rats deal 2 to each
    creature and each player, themselves included."""
    g = board(db, """
  - name: Alice
    battlefield: [Crypt Rats, Swamp, Swamp, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    pick(g, "activate Crypt Rats")
    assert g.pending.kind == "x"
    assert [a.label for a in g.legal_actions()] == ["X = 0", "X = 1", "X = 2"]
    pick(g, "X = 2")
    g.push(Action("autopay"))
    s = g.current_state()
    untapped = sorted(o.card.name for o in s.permanents(ALICE) if not o.tapped and "Land" in o.card.types)
    assert untapped == ["Mountain", "Mountain", "Mountain"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert (s.players[ALICE].life, s.players[BOB].life) == (18, 18)
    assert names(g, ALICE, "graveyard") == ["Crypt Rats"] and names(g, BOB, "graveyard") == ["Grizzly Bears"]
    assert "Alice pays {B}{B} for Crypt Rats' ability with {B}{B}" in [e.text for e in s.log_entries()]
