"""An Aura put onto the battlefield other than by resolving as an Aura spell (CR 303.4f-g):
returned from a graveyard, put there by an effect. Its controller chooses what it will enchant
as it enters; it doesn't target (CR 115.10), but it must be something its enchant ability allows
and not something with protection from it (CR 303.4d, 702.16c)."""
from __future__ import annotations

from . import characteristics as ch
from .decisions import Action, Decision, DecisionKind
from .filters import matches, protected_from
from .runner import Ctx
from .state import Obj
from .targets import aura_target_spec

NOTHING = -1          # no legal object: the Aura stays where it is (CR 303.4g)


def enchant_choice(ctx: Ctx, o: Obj, controller: int) -> int | None:
    """The permanent the entering Aura ``o`` will enchant (its id), :data:`NOTHING` when there
    is none it could enchant, or None when ``o`` is no Aura this rule applies to (an Aura that
    enchants a player is left to the rules as they were)."""
    spec = aura_target_spec(o.card)
    if spec is None or spec.kind != "permanent":
        return None
    s = ctx.s
    seen = o.copy()
    seen.zone, seen.controller = "battlefield", controller
    legal = [p for p in s.permanents() if matches(s, p, spec.filter, seen, controller)
             and not ("protection" in ch.keywords(s, p) and protected_from(s, p, seen))]
    if not legal:
        s.add_log(f"{o.card.name} has nothing it could enchant, so it stays in its owner's {o.zone}",
                  ("303.4g",), "zone")
        return NOTHING
    answer = ctx.ask(Decision(controller, DecisionKind.CHOOSE_ENCHANTED,
                              f"{o.card.name} enters the battlefield: choose what it will enchant (CR 303.4f)",
                              tuple(Action("choose", (p.id,), p.card.name) for p in legal)))
    return answer.args[0]
