""""Choose one or more -" (CR 700.2, 700.2d): any number of different modes, at least one, each
followed in the order written (CR 608.2c) whatever the order chosen. Real cards from the corpus."""
from __future__ import annotations

from manastack.oracle import ir

from . import game_helpers
from .game_helpers import names, pick, resolve

BOARD = """
  - name: Alice
    hand: [Rain of Thorns]
    battlefield: [Forest, Forest, Forest, Forest, Forest, Forest]
  - name: Bob
    battlefield: [Sol Ring, Glorious Anthem, Island]
"""


def _cast(g, modes: list[str], targets: list[str]) -> None:
    pick(g, "cast Rain of Thorns")
    for mode in modes:
        g.push(next(a for a in g.legal_actions() if a.kind == "mode" and mode in a.label))
    if g.pending.kind == "modes":
        g.push(next(a for a in g.legal_actions() if a.kind == "done"))
    wanted = list(targets)
    while g.pending.kind != "priority":
        chosen = next((a for a in g.legal_actions() for w in wanted if w in a.label), None)
        if chosen is not None:
            wanted = [w for w in wanted if w not in chosen.label]
        g.push(chosen or next(a for a in g.legal_actions() if a.kind == "autopay"))
    resolve(g)


def test_rain_of_thorns_reads_as_one_or_more_modes(db):
    modal = db.get("Rain of Thorns").abilities[0].effects[0]
    assert type(modal) is ir.Modal and (modal.choose, modal.most) == (1, 3)


def test_all_three_modes(db):
    g = game_helpers.board(db, BOARD, turn=3)
    _cast(g, ["artifact", "enchantment", "land"], ["Sol Ring", "Glorious Anthem", "Island"])
    assert names(g, 1, "graveyard") == ["Glorious Anthem", "Island", "Sol Ring"]


def test_modes_chosen_out_of_order_are_followed_in_the_order_written(db):
    g = game_helpers.board(db, BOARD, turn=3)
    _cast(g, ["land", "artifact"], ["Island", "Sol Ring"])
    assert names(g, 1, "graveyard") == ["Island", "Sol Ring"]
    log = g.explain()
    assert log.index("Sol Ring is destroyed") < log.index("Island is destroyed")


def test_at_least_one_mode(db):
    g = game_helpers.board(db, BOARD, turn=3)
    pick(g, "cast Rain of Thorns")
    assert g.pending.kind == "modes" and not any(a.kind == "done" for a in g.legal_actions())
