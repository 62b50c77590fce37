""""Exile all cards from target player's graveyard" (CR 115.1, 404.1, 406.1): only the player is
the target; the cards are those in that graveyard as the effect happens. Real cards: Tormod's
Crypt, Bojuka Bog."""
from __future__ import annotations

from .game_helpers import board, names, pick, resolve

ALICE, BOB = 0, 1


def test_tormods_crypt_exiles_the_target_players_graveyard_only(db):
    """Bob's whole graveyard goes to exile; Alice's stays."""
    g = board(db, """
  - name: Alice
    battlefield: [Tormod's Crypt]
    graveyard: [Grizzly Bears]
  - name: Bob
    graveyard: [Lightning Bolt, Llanowar Elves, Forest]
""")
    labels = [a.label for a in g.legal_actions()]
    pick(g, next(x for x in labels if x.startswith("activate Tormod's Crypt")))
    targets = [a.label for a in g.legal_actions()]
    assert any("Alice" in t for t in targets) and any("Bob" in t for t in targets)
    pick(g, next(t for t in targets if "Bob" in t))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    resolve(g)
    assert names(g, BOB, "graveyard") == [] and names(g, BOB, "exile") == ["Forest", "Lightning Bolt", "Llanowar Elves"]
    assert names(g, ALICE, "graveyard") == ["Grizzly Bears", "Tormod's Crypt"]


def test_cards_put_into_the_graveyard_after_targeting_are_exiled_too(db):
    """The cards are found as the ability resolves: Bob's Shock, cast in response and put into
    his graveyard as it resolves, is exiled with the rest."""
    g = board(db, """
  - name: Alice
    battlefield: [Tormod's Crypt]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
    graveyard: [Forest]
""")
    labels = [a.label for a in g.legal_actions()]
    pick(g, next(x for x in labels if x.startswith("activate Tormod's Crypt")))
    pick(g, next(a.label for a in g.legal_actions() if "Bob" in a.label))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    g.push(next(a for a in g.legal_actions() if a.kind == "pass"))     # Alice passes; Bob responds
    pick(g, "cast Shock")
    while g.pending.kind != "priority":
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind == "autopay"), next((a for a in acts if "Alice" in a.label), acts[0])))
    resolve(g)          # Shock
    assert "Shock" in names(g, BOB, "graveyard")
    resolve(g)          # the Crypt's ability
    assert names(g, BOB, "graveyard") == [] and names(g, BOB, "exile") == ["Forest", "Shock"]
