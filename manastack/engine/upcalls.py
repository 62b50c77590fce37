"""The few calls that go up the module layers, installed by the top of the engine.

Engine modules import only downward (docs/architecture.md). Some rules are recursive across
those layers, so a module low down must reach code that lives above it:

- :func:`matches`: what a static ability affects may be a filter (CR 613.1), and matching a
  filter reads characteristics, which are computed through the layers (:mod:`.layers`);
- :func:`cost_payable` and :func:`pay_cost`: mana abilities have costs (CR 605.3a) and paying a
  cost activates mana abilities (CR 601.2g-h); mana abilities and alternative costs lie below
  :mod:`.casting`, which checks and pays costs;
- :func:`source_reports`: saying why a cost can't be paid lists every mana source and what keeps
  it from being used (:mod:`.mana_query`, above the payment search that asks);
- :func:`effect_handler`: resolving an effect (CR 608.2c) runs handlers that cast spells, pay
  costs and make mana, from modules above :mod:`.resolution`;
- :func:`condition_holds`: a static ability that applies "as long as" a condition holds
  (CR 611.3a) is found among the static abilities by :mod:`.characteristics`, while the
  conditions (:mod:`.conditions`) read characteristics.

Each is one typed field of :class:`Upcalls`; :mod:`.loop`, the top engine module, installs them
once as it is imported, and lower modules call the forwarding functions here.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from manastack.oracle import ir

from .runner import Ctx
from .state import Obj, State

Handler = Callable[[Ctx, Any, Any], None]
"""Carries out one IR effect: ``(ctx, effect, resolution context)``."""


@dataclass(frozen=True, slots=True)
class Upcalls:
    """The implementations, as the top engine module wires them."""

    matches: Callable[[State, Obj, ir.Filter, Obj | None], bool]
    cost_payable: Callable[..., bool]
    pay_cost: Callable[..., None]
    source_reports: Callable[[State, int], list]
    effect_handlers: Mapping[type, Handler]
    condition_holds: Callable[[State, Any, Obj], bool]


_installed: Upcalls | None = None


def install(upcalls: Upcalls) -> None:
    """Called once, by :mod:`.loop` as it is imported."""
    global _installed
    _installed = upcalls


def _get() -> Upcalls:
    if _installed is None:
        raise RuntimeError("manastack.engine.loop has not been imported: the engine is not wired")
    return _installed


def matches(s: State, o: Obj, f: ir.Filter, source: Obj | None) -> bool:
    """:func:`.filters.matches`."""
    return _get().matches(s, o, f, source)


def cost_payable(s: State, o: Obj, cost: ir.Cost, include_mana: bool = True, payer: int | None = None) -> bool:
    """:func:`.casting.cost_payable`."""
    return _get().cost_payable(s, o, cost, include_mana, payer)


def pay_cost(ctx: Ctx, player: int, o: Obj, cost: ir.Cost, what: str, preset: dict | None = None,
             mana_ability: bool = False, use=None) -> None:
    """:func:`.casting.pay_cost`."""
    _get().pay_cost(ctx, player, o, cost, what, preset, mana_ability, use)


def source_reports(s: State, player: int) -> list:
    """:func:`.mana_query.source_reports`."""
    return _get().source_reports(s, player)


def effect_handler(kind: type) -> Handler | None:
    """The handler of an IR effect type (:data:`.effects.HANDLERS`), or None."""
    return _get().effect_handlers.get(kind)


def condition_holds(s: State, condition, src: Obj) -> bool:
    """:func:`.conditions.evaluate`."""
    return _get().condition_holds(s, condition, src)
