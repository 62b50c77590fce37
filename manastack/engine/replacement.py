"""Replacement effects (CR 614-616).

Every event that replacement effects can modify passes through :func:`apply_all`: the effects
that fit are gathered; while any applies that hasn't applied yet (each applies at most once to
an event, CR 614.5), the affected player -- or the controller of the affected object -- chooses
one of them (CR 616.1), it is applied, and the list is checked again (CR 616.1e-f).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from manastack.oracle import ir

from .decisions import Action, Decision
from .runner import Ctx


@dataclass
class Replacement:
    key: str                  # identifies the effect so it applies once (CR 614.5)
    label: str                # for the log and the ordering decision
    rules: tuple[str, ...]
    apply: Callable[[dict], None]


def apply_all(ctx: Ctx, event: dict, chooser: int, candidates: Callable[[dict], list[Replacement]]) -> None:
    s = ctx.s
    done: set[str] = set()
    while True:
        todo = [r for r in candidates(event) if r.key not in done]
        if not todo:
            return
        if len(todo) == 1:
            chosen = todo[0]
        else:
            options = tuple(Action("replacement", (r.key,), r.label) for r in todo)
            answer = ctx.ask(Decision(chooser, "replacement_order",
                                      "Choose which replacement effect applies first (CR 616.1)",
                                      options, {"event": event.get("kind")}))
            chosen = next(r for r in todo if r.key == answer.args[0])
            s.add_log(f"{s.players[chooser].name} chooses to apply {chosen.label} first",
                      ("616.1",), "choice")
        done.add(chosen.key)
        chosen.apply(event)
        s.add_log(f"Replacement: {chosen.label}", chosen.rules, "replacement")


# ------------------------------------------------------------------------------ entering


def apply_entering(ctx: Ctx, o, event: dict) -> None:
    """"Enters tapped" and "enters with counters" (CR 614.1c, 614.12), including X from the
    spell that became the permanent (CR 107.3m)."""

    def candidates(ev: dict) -> list[Replacement]:
        out = []
        for i, ab in enumerate(o.card.abilities):
            if type(ab) is not ir.ReplacementAbility:
                continue
            if ab.kind == "enters_tapped":
                out.append(Replacement(f"{o.id}:{i}", f"{o.card.name} enters tapped",
                                       ("614.1c",), lambda e: e.__setitem__("tapped", True)))
            elif ab.kind == "enters_with_counters":
                amount = ev["x"] if isinstance(ab.amount, ir.X) else int(ab.amount)
                kind = ab.counter_kind or "+1/+1"

                def add(e, kind=kind, amount=amount):
                    e["counters"][kind] = e["counters"].get(kind, 0) + amount

                rules = ("614.1c", "107.3m") if isinstance(ab.amount, ir.X) else ("614.1c",)
                out.append(Replacement(f"{o.id}:{i}", f"{o.card.name} enters with {amount} "
                                       f"{kind} counter{'s' if amount != 1 else ''}", rules, add))
        return out

    apply_all(ctx, event, event["controller"], candidates)


# ------------------------------------------------------------------------------ damage


def modify_damage(ctx: Ctx, source, recipient, amount: int, combat: bool) -> int:
    """Damage replacement effects such as Charging Tuskodon's doubling (CR 614.1a)."""
    if amount <= 0:
        return amount
    event = {"kind": "damage", "amount": amount}

    def candidates(ev: dict) -> list[Replacement]:
        out = []
        for i, ab in enumerate(source.card.abilities):
            if type(ab) is ir.ReplacementAbility and ab.kind == "double_damage_to_player" \
                    and combat and isinstance(recipient, str):
                out.append(Replacement(f"{source.id}:{i}", f"{source.card.name} deals double damage",
                                       ("614.1a",), lambda e: e.__setitem__("amount", e["amount"] * 2)))
        return out

    chooser = int(recipient[1:]) if isinstance(recipient, str) else ctx.s.objs[recipient].controller
    apply_all(ctx, event, chooser, candidates)
    return event["amount"]


def modify_counters(ctx: Ctx, o, kind: str, n: int) -> int:
    """Counter replacement effects (Hardened Scales and the like) - none among the cards
    compiled so far, so the amount passes unchanged."""
    return n
