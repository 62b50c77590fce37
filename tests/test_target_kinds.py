"""Targets that name players and planeswalkers together (CR 115.1, 115.4), with real cards from
the corpus."""
from __future__ import annotations

from . import game_helpers
from .game_helpers import labels, pick, resolve


def test_target_opponent_or_planeswalker_offers_opponents_and_planeswalkers_only(db):
    """Burning Fields deals 5 damage to target opponent or planeswalker: Bob or a planeswalker
    (either player's), never Alice herself or a creature. At Garruk Wildspeaker it removes
    loyalty (CR 120.3c); Garruk with 3 loyalty then goes to the graveyard (CR 704.5i)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Burning Fields]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Grizzly Bears, "Nissa, Voice of Zendikar"]
  - name: Bob
    battlefield: [Forest, Grizzly Bears, Garruk Wildspeaker]
""", turn=3)
    pick(g, "cast Burning Fields")
    offered = labels(g)
    assert any("Bob" in label for label in offered)
    assert any("Garruk Wildspeaker" in label for label in offered)
    assert any("Nissa, Voice of Zendikar" in label for label in offered)
    assert not any("Alice" in label or "Grizzly Bears" in label for label in offered)
    pick(g, next(label for label in offered if "Garruk Wildspeaker" in label))
    pick(g, "pay automatically")
    resolve(g)
    assert not game_helpers.on_battlefield(g, "Garruk Wildspeaker")
    assert "Garruk Wildspeaker" in game_helpers.names(g, 1, "graveyard")
    assert g.current_state().players[1].life == 20
