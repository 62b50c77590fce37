"""What one connection is sent: the board as one seat (or a spectator) may see it, the pending
decision when it is that seat's to answer, and the log, each line with its CR numbers.

Hidden information stays here (CR 400.2): the board is the engine's :meth:`Game.view` for the
seat, and every detail added to it (cost, type line, Oracle text, keywords, summoning
sickness) is looked up for the objects that view already shows, by their ids, so nothing the
seat may not see is ever named. A spectator gets the view of no seat (``SPECTATOR``): every
hand and library only as counts, face-down cards unnamed. Nothing here assumes two players:
the players are those the view lists."""
from __future__ import annotations

from typing import Any

from manastack.engine import characteristics as ch
from manastack.engine import commanders
from manastack.engine.costs.checks import summoning_sick
from manastack.engine.decisions import ActionKind, Decision, DecisionKind
from manastack.engine.state import Obj, State
from manastack.game import Game
from manastack.table import TableSettings
from manastack.engine.zones import BATTLEFIELD

SPECTATOR = -1                  # the viewer index of no seat: public information only
MAX_LOG_SENT = 400              # log lines in one message; older lines are summarized by a count
ZONES = ("hand", "graveyard", "exile")

# Decisions answered by picking one object or player on the board: the option's first argument
# names it (an object id, or "pN" for player N).
BOARD_PICKS = frozenset({
    DecisionKind.TARGETS, DecisionKind.NEW_TARGET, DecisionKind.TAP_COST, DecisionKind.UNTAP_COST,
    DecisionKind.SACRIFICE, DecisionKind.DISCARD, DecisionKind.EXILE_COST, DecisionKind.REVEAL_COST,
    DecisionKind.RETURN_COST, DecisionKind.CREW, DecisionKind.LEGEND_RULE, DecisionKind.BOTTOM,
})


def card_facts(o: Obj) -> dict[str, Any]:
    """The printed facts of a face-up object that a viewer already sees by name."""
    card = o.card
    d: dict[str, Any] = {"cost": str(card.mana_cost) if card.mana_cost.symbols else "",
                         "type": card.type_line, "text": card.text or ""}
    if card.power is not None:
        d["printed_pt"] = f"{card.power}/{card.toughness}"
    if card.loyalty is not None:
        d["loyalty"] = card.loyalty
    return d


def _enrich(s: State, item: dict[str, Any]) -> None:
    o = s.objs.get(item["id"])
    if o is None:
        return
    if not item.get("face_down"):
        item.update(card_facts(o))
    if o.zone == BATTLEFIELD:
        item["keywords"] = sorted(ch.keywords(s, o)) if not item.get("face_down") else []
        item["types"] = list(ch.card_types(s, o))
        item["sick"] = summoning_sick(s, o)


def board(game: Game, viewer: int) -> dict[str, Any]:
    """The engine's view for ``viewer`` (a seat, or :data:`SPECTATOR`) with each shown object's
    printed facts, keywords and summoning sickness added, and in a Commander game each
    commander's tax in the command zone (CR 903.8)."""
    v = game.view(viewer)
    s = game.peek()
    for item in v["battlefield"]:
        _enrich(s, item)
    for p in v["players"]:
        for zone in ZONES:
            for item in p.get(zone, ()):
                _enrich(s, item)
        for item in p.get("command_zone", ()):          # Commander (CR 903.6): public
            _enrich(s, item)
            o = s.objs.get(item["id"])
            if o is not None and commanders.is_commander(s, o):
                item["commander"] = True
                item["tax"] = commanders.tax(s, o.owner, o)     # CR 903.8
    for item in v["stack"]:
        source = _stack_source(s, item["id"])
        if source is not None and not item.get("face_down"):
            item["source"] = source.card.name
            item["text"] = source.card.text or ""
            item["source_card"] = {"name": source.card.name, **card_facts(source)}
    return v


def _stack_source(s: State, item_id: int) -> Obj | None:
    for it in s.stack:
        if it.id == item_id:
            return s.objs.get(it.source)
    return None


def decision(game: Game, settings: TableSettings) -> dict[str, Any] | None:
    """The pending decision as data for the seat that must answer it: every option with its
    index, kind, arguments and words; mana abilities at priority only when paying by hand."""
    d: Decision | None = game.pending
    if d is None:
        return None
    options = []
    for i, a in enumerate(d.options):
        if d.kind == DecisionKind.PRIORITY and a.kind == ActionKind.MANA and not settings.pay_by_hand:
            continue
        options.append({"i": i, "kind": a.kind, "args": list(a.args), "label": str(a)})
    return {"player": d.player, "kind": str(d.kind), "prompt": d.prompt, "options": options,
            "board_pick": d.kind in BOARD_PICKS}


def log_lines(game: Game, start: int) -> tuple[list[dict[str, Any]], int]:
    """The log from line ``start`` on (at most :data:`MAX_LOG_SENT` of the newest), and its
    length. The engine's log is public: draws and shuffles name no hidden card."""
    entries = game.log
    if start > len(entries):           # an undo shortened the log: send it again
        start = 0
    first = max(start, len(entries) - MAX_LOG_SENT)
    return ([{"n": n, "turn": e.turn, "step": e.step, "text": e.text, "rules": list(e.rules)}
             for n, e in enumerate(entries[first:], first)], len(entries))


def result(game: Game) -> dict[str, Any] | None:
    r = game.result
    if r is None:
        return None
    names = [p.name for p in game.peek().players]
    return {"winner": r.winner, "winner_name": names[r.winner] if r.winner is not None else None,
            "reason": r.reason, "turn": r.turn}
