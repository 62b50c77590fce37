"""What an Aura or Equipment may be attached to (CR 301.5c, 303.4d, 701.3a-b), and an Aura put
onto the battlefield other than by resolving as an Aura spell (CR 303.4f-g): returned from a
graveyard, put there by an effect. Its controller chooses what it will enchant as it enters,
unless the effect names it; it doesn't target (CR 115.10), but it must be something its enchant
ability allows and not something with protection from it (CR 303.4d, 702.16c); a player for
an Aura with "Enchant player" (CR 702.5d)."""
from __future__ import annotations

from manastack.oracle import ir

from . import characteristics as ch
from .decisions import Action, ActionKind, Decision, DecisionKind
from .filters import matches, player_of, player_ref, protected_from, protected_player_from
from .influence import object_within, within
from .runner import Ctx
from .state import Obj, PlayerRef
from .targets import aura_target_spec
from .zones import BATTLEFIELD

NOTHING = -1          # no legal object: the Aura stays where it is (CR 303.4g)


def enchant_choice(ctx: Ctx, o: Obj, controller: int, named: int | PlayerRef | None = None) -> int | PlayerRef | None:
    """The permanent the entering Aura ``o`` will enchant (its id) or the player (a
    :class:`PlayerRef`, for "Enchant player"), :data:`NOTHING` when there is none it could
    enchant, or None when ``o`` is no Aura. ``named``: the permanent or player the effect names
    (CR 303.4f: "attached to that player"), the only one it may then enchant (or
    :data:`NOTHING`, gone)."""
    spec = aura_target_spec(o.card)
    if spec is None:
        return None
    s = ctx.s
    seen = o.copy()                 # the Aura as it will be: on the battlefield, under ``controller``
    seen.zone, seen.controller = BATTLEFIELD, controller
    if type(named) is PlayerRef:         # the player the effect names, if it may enchant them
        if spec.kind != ir.TargetKind.PERMANENT and may_enchant_player(s, seen, named.index):
            return named
        s.add_log(f"{o.card.name} can't enchant {s.players[named.index].name}, so it stays in its owner's {o.zone}",
                  ("303.4g",), "zone")
        return NOTHING
    if spec.kind != ir.TargetKind.PERMANENT:
        if named is not None:
            return NOTHING
        players = [p.index for p in s.players if may_enchant_player(s, seen, p.index)]
        chosen = _ask(ctx, o, controller, "player", tuple(
            Action(ActionKind.PLAYER, (player_ref(p),), s.players[p].name) for p in players))
        return NOTHING if chosen is None else PlayerRef(player_of(chosen))
    candidates = s.permanents() if named is None else [s.objs[named]] if named in s.battlefield else []
    legal = [p for p in candidates if matches(s, p, spec.filter, seen, controller)
             and not ("protection" in ch.keywords(s, p) and protected_from(s, p, seen))]
    if named is not None and legal:
        return named
    chosen = _ask(ctx, o, controller, "permanent",
                  tuple(Action(ActionKind.CHOOSE, (p.id,), p.card.name) for p in legal))
    return NOTHING if chosen is None else int(chosen)


def _ask(ctx: Ctx, o: Obj, controller: int, what: str, options: tuple[Action, ...]) -> int | str | None:
    """CR 303.4f-g: ``controller`` chooses among ``options`` the ``what`` (permanent or player)
    the entering Aura ``o`` will enchant: the chosen action's argument, or None (logged) when
    there is nothing to choose and the Aura stays where it is. A player with protection from it
    was left out of the options (CR 702.16c); choosing doesn't target (CR 115.10)."""
    if not options:
        ctx.s.add_log(f"{o.card.name} has no {what} it could enchant, so it stays in its owner's {o.zone}",
                      ("303.4g",), "zone")
        return None
    answer = ctx.ask(Decision(controller, DecisionKind.CHOOSE_ENCHANTED,
                              f"{o.card.name} enters the battlefield: choose the {what} it will enchant (CR 303.4f)",
                              options))
    return answer.args[0]


def may_enchant_player(s, aura: Obj, player: int) -> bool:
    """CR 303.4c, 704.5m, 702.5d: whether the Aura ``aura`` may enchant ``player``: one still in
    the game, an opponent of the Aura's controller for "Enchant opponent", without protection
    from the Aura (CR 702.16c)."""
    spec = aura_target_spec(aura.card)
    if spec is None or spec.kind not in (ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT):
        return False        # CR 702.5d: an Aura that enchants a permanent can't enchant a player
    if s.players[player].lost or spec.kind == ir.TargetKind.OPPONENT and player == aura.controller:
        return False
    if not within(s, aura.controller, player):
        return False        # CR 801.8: outside its controller's range of influence
    return protected_player_from(s, player, aura) is None


def may_enchant(s, aura: Obj, host: Obj) -> bool:
    """CR 704.5m, 303.4d: an Aura on a permanent its enchant ability doesn't allow (it stopped
    being a creature, control changed under "Enchant creature you control", its mana value
    is too high) or on a permanent with protection from it (CR 702.16c) is illegally attached."""
    spec = aura_target_spec(aura.card)
    if spec is not None and spec.kind in (ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT):
        return False        # CR 702.5d: it can't be attached to a permanent
    if host.zone == BATTLEFIELD and not object_within(s, aura.controller, host):
        return False        # CR 801.8: outside its controller's range of influence
    if spec is None or spec.kind != ir.TargetKind.PERMANENT or host.zone != BATTLEFIELD:
        return True
    return matches(s, host, spec.filter, aura) and not (
        "protection" in ch.keywords(s, host) and protected_from(s, host, aura, attached=True))


def may_attach(s, att: Obj, host: Obj) -> bool:
    """Whether an effect may attach ``att`` to the permanent ``host`` (CR 701.3a-b): an Aura to
    what it could enchant, not itself (CR 303.4d); an Equipment that isn't a creature to a
    creature other than itself, without protection from it (CR 301.5c, 702.16d); a
    Fortification that isn't a creature to a land, likewise (CR 301.6)."""
    if host.zone != BATTLEFIELD or host.id == att.id:
        return False
    subtypes = att.card.subtypes
    if "Aura" in subtypes:
        return not ch.is_creature(s, att) and may_enchant(s, att, host)
    if not object_within(s, att.controller, host):
        return False        # CR 801.9: outside its controller's range of influence
    if "Equipment" in subtypes:
        return not ch.is_creature(s, att) and ch.is_creature(s, host) and not (
            "protection" in ch.keywords(s, host) and protected_from(s, host, att, attached=True))
    if "Fortification" in subtypes:
        return not ch.is_creature(s, att) and ch.is_type(s, host, "Land") and not (
            "protection" in ch.keywords(s, host) and protected_from(s, host, att, attached=True))
    return False
