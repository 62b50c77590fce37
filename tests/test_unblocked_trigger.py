""""Whenever ~ attacks and isn't blocked" (CR 509.1h, 509.3g) and "defending player" in the
attacker's own trigger (CR 506.2). Real cards: Mindstab Thrull."""
from __future__ import annotations

from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import names, pass_until
from .test_oracle_compiler import card

ATTACK = """
  - name: Alice
    battlefield: [{card: Mindstab Thrull, attacking: true, tapped: true}]
  - name: Bob
    hand: [Forest, Island, Swamp, Plains]
    battlefield: [BLOCKER]
"""


def _declare_blocks(g, block: bool) -> None:
    pass_until(g, "blockers")
    g.push(next(a for a in g.legal_actions() if (a.kind == "block") == block))


def test_unblocked_mindstab_thrull_may_be_sacrificed_for_three_discards(db):
    g = game_helpers.board(db, ATTACK.replace("BLOCKER", "Grizzly Bears"), turn=5, step="declare_attackers")
    _declare_blocks(g, block=False)
    g.push(Action("pass"))
    g.push(Action("pass"))              # the trigger resolves: "you may sacrifice it"
    g.push(next(a for a in g.legal_actions() if a.label.startswith("yes")))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])    # Bob chooses his discards
    assert names(g, 0, "graveyard") == ["Mindstab Thrull"]
    assert len(names(g, 1, "graveyard")) == 3 and len(names(g, 1, "hand")) == 1


def test_a_blocked_attacker_doesnt_trigger(db):
    g = game_helpers.board(db, ATTACK.replace("BLOCKER", "Grizzly Bears"), turn=5, step="declare_attackers")
    _declare_blocks(g, block=True)
    assert not g.current_state().stack and "Mindstab Thrull's ability triggers" not in g.explain()


def test_defending_player_is_read_only_in_the_attackers_own_trigger():
    assert card("Test", "When ~ enters, defending player discards a card.").unsupported
    assert card("Test", "Whenever ~ attacks, defending player discards a card.").unsupported == ()
