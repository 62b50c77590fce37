"""A player leaving a multiplayer game (CR 800.4), by losing (CR 104.3) or conceding (CR 104.3a).

A game of more than two players goes on after a player leaves it (CR 800.4). As they leave
(CR 800.4a, not a state-based action): every object they own leaves the game; the effects that
give them control of objects end; their abilities on the stack, and spell copies they control,
cease to exist; what they still control is exiled. The pieces of 800.4 that come later are where
the engine reads them: a triggered ability of theirs isn't put on the stack (800.4d, the pending
triggers are dropped here and ``triggers.put_on_stack`` puts only those of the players still in
the game), combat damage isn't assigned to them (800.4e, ``attack_targets.recipient``), their
turn goes on without them (800.4j, ``turn.first_priority``) and the next one of theirs doesn't
begin (800.4k, ``State.next_player``). A permanent whose control effect ends after its default
controller left is exiled (800.4c, ``control.refresh``, ``events.control_effects_end``).
"""
from __future__ import annotations

from . import continuous, control, events
from .effect_records import ControlChange
from .event_types import LostGame
from .runner import Ctx
from .state import ItemKind, State
from .triggers import collect
from .zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY

# the zones a player owns (CR 400.2, 114.2): their contents are owned by that player
_OWN_ZONES = (LIBRARY, HAND, GRAVEYARD, EXILE, COMMAND)


def leave(ctx: Ctx, player: int) -> None:
    """CR 800.4a: ``player`` (who has lost or conceded) leaves the game, with what they own."""
    s = ctx.s
    if player in s.left:
        return
    s.left = s.left + (player,)
    # "When enchanted player loses the game" sees them lose, the Aura still on them (CR 104.3)
    collect(ctx, LostGame(player))
    # the board changes outside any event: state-based actions are looked for again before the
    # next player gets priority (CR 704.3; an Aura on a creature that left goes, 704.5m)
    s.settled = False
    s.version += 1
    p = s.players[player]
    owned = {oid for oid, o in s.objs.items() if o.owner == player}
    for name in _OWN_ZONES:
        owned.update(p.zone(name))
    s.battlefield = tuple(i for i in s.battlefield if i not in owned)
    s.phased_out = tuple(i for i in s.phased_out if i not in owned)     # they leave too (CR 702.26k)
    for name in _OWN_ZONES:
        p.zone(name).clear()
    # spells they own leave with them; abilities they control and copies of spells they control
    # are not cards: they cease to exist (CR 800.4a)
    stack_gone = [i for i in s.stack if i.source in owned and i.kind == ItemKind.SPELL
                  or i.controller == player and (i.kind != ItemKind.SPELL or _is_copy(s, i.source))]
    s.stack[:] = [i for i in s.stack if i not in stack_gone]
    for oid in owned:
        s.objs.pop(oid, None)
    s.pending_triggers = [t for t in s.pending_triggers if t.controller != player]    # CR 800.4d
    ceased = sum(1 for i in stack_gone if i.source not in owned)
    s.add_log(f"{p.name} leaves the game: the {len(owned)} objects they own leave with them"
              + (f", and {ceased} of their abilities or copies on the stack cease to exist" if ceased else ""),
              ("800.4a",), "end")
    # the control effects that give them control end; what they still control is exiled
    given = [e for e in s.effects if type(e) is ControlChange and e.controller == player]
    s.effects = [e for e in s.effects if e not in given]
    for e in given:
        o = s.objs.get(e.affected)
        if o is not None and o.zone == BATTLEFIELD and o.controller == player:
            s.add_log(f"{e.source}'s control effect on {o.card.name} ends", ("800.4a", "613.1b"), "control")
            events.set_controller(ctx, o, continuous.by_default(o), "its controller left the game")
    control.refresh(ctx)        # any other control effect that applies to them now
    for o in [o for o in s.permanents(player)] + \
            [s.objs[i.source] for i in s.stack if i.controller == player and i.source in s.objs]:
        if o.id in s.objs:
            events.move(ctx, o, EXILE, cause="its controller left the game", rules=("800.4a",))
    if s.priority == player:        # CR 800.4a: priority passes to the next player still in it
        s.priority = s.next_player(player)
    if s.monarch == player:         # CR 724.4: the active player, or the next one, becomes the monarch
        heir = s.active if not s.players[s.active].lost else s.next_player(s.active)
        if heir != player:
            s.monarch = heir
            s.add_log(f"{s.players[heir].name} becomes the monarch as {p.name} leaves the game",
                      ("724.4",), "end")


def _is_copy(s: State, oid: int) -> bool:
    o = s.objs.get(oid)
    return o is not None and o.is_token
