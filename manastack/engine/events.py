"""One road for every change of the game (design notes §2).

Each function here is one kind of game event: it applies the replacement effects that fit
(CR 614-616, see :mod:`manastack.engine.replacement`), performs the change, writes the log line
with its CR numbers, and hands the event to :func:`manastack.engine.triggers.collect` so that
triggered abilities that saw it trigger (CR 603.2).
"""
from __future__ import annotations

import dataclasses
from typing import Any
from contextlib import contextmanager

from manastack.cards import CardDef
from manastack.cards.multiface import Layout
from manastack.oracle import ir
from manastack.oracle.ir import Duration
from manastack.oracle.subtypes import CREATURE_TYPES

from . import characteristics as ch
from . import continuous, filters, layers
from . import aura_placement, commanders, exercise, replacement
from .mechanics import levelers, morph
from .abilities import MIRACLE_CAST, REBOUND_CAST, ability_at, eminent, nested_index
from .mechanics.bestow import bestowed
from .decisions import Action, ActionKind, Decision, DecisionKind
from .resolution import ResolutionContext, execute
from .runner import Ctx
from .effect_records import ControlChange, DamagedBy, GrantKeywords, OneShotDelayedTrigger, SkipNextUntap, TextChange
from .event_types import (NOTHING, BecameMonarch, EventKind, CardDraw, CountersPut, CountersRemoved, Cycled, DamageDealt, Destruction, Drew, PlayerRef, Seen,
                          Attached, Exerted, Unattached,
                          ExiledWithMadness, LifeGained, LifeLost, SpellCountered, Tapped, Untapped, ZoneChange)
from .state import EXILED_FROM_HAND, ItemKind, Obj, PendingTrigger, exiled_with
from .zones import Zone, BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, STACK
from .triggers import collect
from .wording import possessive


# ------------------------------------------------------------------------------ zones


def _remove_from_zone(s, o: Obj) -> None:
    if o.zone == BATTLEFIELD:
        s.battlefield = tuple(i for i in s.battlefield if i != o.id)
    elif o.zone in (LIBRARY, HAND, GRAVEYARD, EXILE, COMMAND):
        s.players[o.owner].zone(o.zone).remove(o.id)
    elif o.zone == STACK:
        s.stack[:] = [i for i in s.stack if not (i.kind == ItemKind.SPELL and i.source == o.id)]


def _to_command_zone(ctx: Ctx, o: Obj, to: str) -> bool:
    """CR 903.9b: a commander that would be put into its owner's hand or library may be put
    into the command zone instead; its owner chooses. Says so in the log when they do."""
    s = ctx.s
    owner = s.players[o.owner]
    answer = ctx.ask(Decision(o.owner, DecisionKind.MAY,
                              f"{o.card.name} is your commander and would be put into your {to}: put it into "
                              "the command zone instead? (CR 903.9b)",
                              (Action(ActionKind.YES, (), "put it into the command zone"),
                               Action(ActionKind.NO, (), f"let it go to your {to}"))))
    if answer.kind != ActionKind.YES:
        return False
    s.add_log(f"{owner.name} puts {o.card.name}, their commander, into the command zone instead of their {to}",
              ("903.9b", "614.1a"), "zone")
    return True


def move(ctx: Ctx, o: Obj, to: str, *, controller: int | None = None, tapped: bool = False,
         bottom: bool = False, cause: str = "", rules: tuple[str, ...] = (), x: int = 0,
         quiet: bool = False, counters: dict | None = None, riders: tuple = (),
         discarded: bool = False, resolved: bool = False, colors_spent: str = "",
         exile_instead: str = "", instead_to: str = "exile", sacrificed: bool = False, played: bool = False,
         attach: int | PlayerRef | None = None) -> Obj | None:
    """Move an object to another zone (CR 400.7: it becomes a new object with a new id).
    ``counters``: a permanent that enters "with" counters (CR 614.1c, e.g. persist 702.79a).
    ``riders``: those of the mana spent on the spell that becomes this permanent (CR 106.6).

    Returns the new object, or None when a token leaves the battlefield (CR 111.7-111.8: it
    ceases to exist on the next state-based action check; we let it go at once since nothing
    can look at a token in another zone in the supported cards) or the move was replaced away.
    ``discarded``: the move is a discard (CR 701.9a), which madness replaces; ``resolved``: an
    instant or sorcery spell put into a graveyard as it resolves (CR 608.2n), which rebound replaces;
    ``colors_spent``: the colors of the mana spent on the spell that becomes this permanent ("WU";
    sunburst, CR 702.44a, 601.2h);
    ``exile_instead``: the card whose effect exiles the object instead of putting it into a
    graveyard (a self-replacement effect, CR 614.15: "If that spell is countered this way, ...") and
    ``instead_to`` where it puts it ("exile", "hand", "library_top", "library_bottom");
    ``played``: a land played, the special action (CR 305.1); ``attach``: the permanent an Aura
    entering from elsewhere than the stack is to enchant, named by the effect (CR 303.4f), or
    ``aura_placement.NOTHING`` for one no longer there.
    """
    s = ctx.s
    o = s.current(o)          # a caller may hold the original of a permanent changed since (own)
    if o.phased_out:          # CR 702.26b: treated as though it doesn't exist
        return None
    if to == BATTLEFIELD and controller is not None and controller in s.left:
        # CR 800.4b: not under the control of a player who has left the game: it stays
        s.add_log(f"{o.card.name} would be put onto the battlefield under the control of "
                  f"{s.players[controller].name}, who has left the game: it stays in its {o.zone}",
                  ("800.4b",), "zone")
        return None
    from_zone = o.zone
    ev = ZoneChange(o.id, from_zone, to, o.controller, o.owner, tapped, dict(counters or {}), x, riders,
                    resolved=resolved, colors_spent=colors_spent, exile_instead=exile_instead,
                    instead_to=instead_to, discarded=discarded,
                    sacrificed=sacrificed, played=played)
    if from_zone in (STACK, HAND, BATTLEFIELD) and to != EXILE or to == GRAVEYARD:
        replacement.apply_leaving(ctx, o, ev, discarded)     # CR 614.1a, 614.6, 616.1
        if ev.to != to:
            to, quiet = ev.to, True
        bottom = bottom or ev.bottom
    # (from the command zone, the choice would leave it where it is: not asked)
    if to in (HAND, LIBRARY) and s.variant and from_zone != COMMAND and commanders.is_commander(s, o) \
            and _to_command_zone(ctx, o, to):
        to, quiet = COMMAND, True
        ev.to, ev.shuffle = to, False
    if from_zone == BATTLEFIELD and s.stack:
        _source_left(s, o)
    if to == BATTLEFIELD:
        ev.controller = o.controller if controller is None else controller
        if "Saga" in o.card.subtypes:          # CR 714.3a: a Saga enters with a lore counter
            ev.counters["lore"] = ev.counters.get("lore", 0) + 1
        whole = _before_the_others(ctx) if ctx.entered else None
        try:
            replacement.apply_entering(ctx, o, ev)
            if from_zone != STACK:          # an Aura not cast: its controller chooses (CR 303.4f)
                ev.attach = aura_placement.enchant_choice(ctx, o, ev.controller, attach)
        finally:
            if whole is not None:
                _with_the_others(ctx, whole)
        if from_zone != STACK and ev.attach == aura_placement.NOTHING:
            return None               # it stays where it is (CR 303.4g)
        if ev.pay_life:     # "As ~ enters, you may pay 2 life" (CR 614.12a, 119.4)
            lose_life(ctx, ev.controller, ev.pay_life, rules=("119.4", "614.12a"))
        for oid in ev.devoured:     # devour (CR 702.82a): sacrificed together as it enters
            if oid in s.objs and s.objs[oid].zone == BATTLEFIELD:
                sacrifice(ctx, s.objs[oid])
    if from_zone == BATTLEFIELD and to == GRAVEYARD and ch.is_creature(s, o):
        s.players[o.controller].creatures_died_this_turn += 1      # it died (CR 700.4)
    if from_zone == BATTLEFIELD:      # revolt: whatever zone it went to (CR 603.6c)
        s.players[o.controller].permanents_left_this_turn += 1
    lookback = continuous.last_known(o, _known_chars(ctx, o)) if from_zone == BATTLEFIELD else o.copy()
    if from_zone == BATTLEFIELD:
        _tapped_source_gone(s, o.id)
    if to != BATTLEFIELD and morph.is_face_down(o):
        morph.reveal(s, o, to)
    _remove_from_zone(s, o)
    del s.objs[o.id]
    if (from_zone == COMMAND or to == COMMAND) and eminent(o.card):
        s.static_cache = None       # its static abilities work there (eminence, CR 113.6b)
    if o.merged and from_zone == BATTLEFIELD:       # each of its cards goes there (CR 729.3)
        new, others = _split_merged(s, o, to, bottom)
        if new is not None and others:
            ctx.moved_with[new.id] = others             # found with it (CR 729.3c)
    elif o.is_token and from_zone in (BATTLEFIELD, STACK):   # a token; a spell copy (CR 704.5e)
        new = None
    else:
        # a copy is itself again (CR 707.2); a card of several faces is its main face (CR 712.8a, 715.4)
        own = o.printed or o.card       # a modal double-faced card enters with its face (CR 712.12-13)
        new = Obj(s.next_id, own if to == BATTLEFIELD and own.layout is Layout.MODAL_DFC else own.main,
                  o.owner, to)
        s.next_id += 1
        new.is_token = o.is_token
        new.token_face = o.token_face
        s.objs[new.id] = new
        if to == BATTLEFIELD:
            new.controller = ev.controller
            if ev.controller != o.owner:        # "under your control" (CR 110.2a)
                new.default_controller = ev.controller
            new.tapped = ev.tapped
            new.control_since = s.turn
            new.timestamp = s.new_timestamp()
            new.cast_x = ev.x
            if from_zone == STACK:                            # CR 400.7d: how it was cast
                new.cast_costs = o.cast_costs
                if morph.is_face_down(o) or bestowed(o):        # face down (CR 702.37c); bestowed (702.103b)
                    new.printed, new.card = new.card, o.card
            new.chosen = ev.chosen
            if ev.copy is not None:                             # CR 707.2, 614.1c (Clone)
                new.printed, new.card = new.card, ev.copy.unflipped     # it enters unflipped (CR 707.3, 110.5b)
                levelers.refresh(s, new, quiet=True)            # a leveler's copy: its own level
            if ev.counters:
                new.counters = dict(ev.counters)
                levelers.refresh(s, new)
            if ev.attach is not None:
                new.attached_to = ev.attach
            new.designations = ev.designations      # "tribute paid" (CR 702.104b)
            if ev.gains:                # riot's haste, for as long as it stays (CR 702.136a)
                s.effects.append(GrantKeywords(new.id, ev.gains, Duration.PERMANENT, s.new_timestamp(), o.card.name))
            s.battlefield += (new.id,)
            entered = s.players[new.controller]       # landfall's "if you had a land enter"
            entered.entered_this_turn += ((new.id, tuple(new.card.types)),)
        elif to == STACK:
            new.controller = o.controller if controller is None else controller
        else:
            zone = s.players[o.owner].zone(to)
            if bottom:
                zone.insert(0, new.id)
            else:
                zone.append(new.id)
    if from_zone == BATTLEFIELD:
        attached = []
        for other in s.permanents():
            if other.attached_to == o.id:
                s.own(other.id).attached_to = None  # CR 704.5m/n then deal with it
                attached.append(other.id)
                if "Aura" not in other.card.subtypes:       # an Aura goes with the state-based actions
                    s.add_log(f"{other.card.name} becomes unattached: {o.card.name} left the battlefield",
                              ("704.5n", "301.6" if "Fortification" in other.card.subtypes else "301.5c"),
                              "attach")
        ev.attached = tuple(attached)     # "when enchanted creature dies" looks back (CR 603.10a)
    if ev.shuffle and new is not None:    # "shuffle it into its owner's library" (CR 701.24a)
        s.rng.shuffle(s.players[o.owner].library)
        s.add_log(f"{o.card.name} is revealed and {s.players[o.owner].name} shuffles it into their library",
                  ("614.6", "701.24a"), "zone")
    if not quiet:
        verb = _MOVE_WORDS.get((from_zone, to), f"moves from {from_zone} to {to}")
        if from_zone in _HIDDEN and to in _HIDDEN:     # CR 400.2: not shown to anyone on the way
            text = "a card " + verb.replace("its owner's", f"{s.players[o.owner].name}'s")
        else:
            text = f"{o.card.name} {verb}"
        text += f" ({cause})" if cause else ""
        s.add_log(text, rules or _MOVE_RULES.get(to, ("400.7",)), "zone")
    a = new.attached_to if new is not None else None
    if new is not None and ev.attach is not None and a is not None and (a in s.objs or isinstance(a, PlayerRef)):
        what = s.players[a.index].name if isinstance(a, PlayerRef) else s.objs[a].card.name
        s.add_log(f"{new.card.name} enters attached to {what}", ("303.4f",), "attach")
    s.version += 1          # a change even when not logged (quiet), see State.facts
    ev.obj = new.id if new else None
    ev.old = lookback
    ctx.lki[o.id] = lookback                # CR 608.2h: as it last existed there
    if new is not None:
        ctx.moved[o.id] = new.id            # CR 400.7j: the new object it became
    if new is not None and to == BATTLEFIELD and ctx.entered is not None:
        ctx.entered.append(ev)              # it triggers once all entering with it have (CR 603.6a)
    else:
        _entered(ctx, ev)
    if from_zone == BATTLEFIELD and ctx.together is not None:
        ctx.together.append(lookback)       # the others leaving with it look back at it
    if ev.madness and new is not None:              # exiled this way: madness triggers (CR 702.35a)
        collect(ctx, ExiledWithMadness(new.id, o.owner))
    if from_zone == BATTLEFIELD:
        for card in exiled_with(s, o.id, until_only=True):    # CR 610.3, 610.3c: to its previous zone
            back = HAND if EXILED_FROM_HAND in card.designations else BATTLEFIELD
            move(ctx, card, back, controller=card.owner if back == BATTLEFIELD else None,
                 cause=f"{o.card.name} left the battlefield", rules=("610.3", "610.3c") if back == BATTLEFIELD else ("610.3",))
    if ev.rebound and new is not None:              # CR 702.88a, 603.7c: cast it at your next upkeep
        if exercise.RECORD is not None:
            exercise.note("KEYWORDS", "rebound", new.card)
        s.effects.append(OneShotDelayedTrigger(new.id, o.controller, new.card, nested_index(new.card, REBOUND_CAST),
                                               ((new.id,),), Duration.YOUR_NEXT_UPKEEP, s.new_timestamp(), new.card.name))
        s.add_log(f"{s.players[o.controller].name} may cast {new.card.name} from exile at the beginning of their "
                  "next upkeep (rebound)", ("702.88a", "603.7c"), "effect")
    return new


def _entered(ctx: Ctx, ev: ZoneChange) -> None:
    """Hand a zone change to the triggers (CR 603.2), and for a permanent that entered with
    counters, the putting of those counters (CR 122.6)."""
    collect(ctx, ev)
    new = ctx.s.objs.get(ev.obj) if ev.to == BATTLEFIELD and ev.obj is not None else None
    if new is not None:
        for kind, n in new.counters.items():
            collect(ctx, CountersPut(new.id, kind, n))


def _before_the_others(ctx: Ctx) -> tuple[int, ...] | None:
    """CR 614.12, 101.4: while one event puts several permanents onto the battlefield, the
    replacement effects and choices of each one as it enters ("enters tapped", "as a copy of
    a creature", an Aura's object) are those of the battlefield as it was before the event:
    the others entering with it aren't there yet, so they take no part. Leaves those that have
    entered out of the battlefield until :func:`_with_the_others`; returns the whole of it
    (None: nothing has entered yet)."""
    s = ctx.s
    hidden = frozenset(ev.obj for ev in ctx.entered or () if ev.obj in s.objs)
    if not hidden:
        return None
    whole = s.battlefield
    s.battlefield = tuple(i for i in whole if i not in hidden)
    s.version += 1
    return whole


def _with_the_others(ctx: Ctx, whole: tuple[int, ...]) -> None:
    """The battlefield again with those :func:`_before_the_others` left out, in its order."""
    s = ctx.s
    now = frozenset(s.battlefield)
    hidden = frozenset(ev.obj for ev in ctx.entered or () if ev.obj in s.objs)
    s.battlefield = tuple(i for i in whole if i in hidden or i in now) \
        + tuple(i for i in s.battlefield if i not in whole)
    s.version += 1


def _split_merged(s, o: Obj, to: str, bottom: bool) -> tuple[Obj | None, tuple[int, ...]]:
    """CR 729.3: a merged permanent leaves the battlefield as one permanent, and each card
    representing it goes to ``to`` as a new object, topmost first; its tokens cease to exist
    (CR 111.8). Returns the topmost card's new object (None: it was all tokens) and the ids of
    the others."""
    zone = s.players[o.owner].zone(to)
    made: list[Obj] = []
    for part in o.merged:
        if part.token:
            continue
        new = Obj(s.next_id, part.own.main, o.owner, to)
        s.next_id += 1
        s.objs[new.id] = new
        if bottom:
            zone.insert(0, new.id)
        else:
            zone.append(new.id)
        made.append(new)
    if len(made) > 1:
        s.add_log(f"{o.card.name} leaves the battlefield with all its cards: "
                  + ", ".join(m.card.name for m in made) + f" go to {to}, each a new object", ("729.3", "400.7"),
                  "zone")
    return (made[0] if made else None), tuple(m.id for m in made[1:])


def _source_left(s, o: Obj) -> None:
    """CR 113.7a, 608.2h: abilities of ``o`` on the stack keep its power as it last existed on the
    battlefield, for a target compared with it as they resolve (mentor, CR 702.134a); its
    activated abilities, its counters too (Aether Vial's charge counters; a triggered ability's
    counters are those of what it saw)."""
    for item in s.stack:
        if item.source == o.id and item.kind != ItemKind.SPELL:
            seen = item.event or Seen()
            counters = dict(o.counters) if item.kind == ItemKind.ACTIVATED and not seen.counters else seen.counters
            item.event = dataclasses.replace(seen, source_power=ch.power(s, o), counters=counters)


_MOVE_WORDS: dict[tuple[str, str], str] = {
    (BATTLEFIELD, GRAVEYARD): "is put into its owner's graveyard",
    (STACK, GRAVEYARD): "goes to its owner's graveyard",
    (STACK, BATTLEFIELD): "enters the battlefield",
    (STACK, HAND): "returns to its owner's hand",
    (HAND, BATTLEFIELD): "enters the battlefield",
    (LIBRARY, BATTLEFIELD): "enters the battlefield",
    (BATTLEFIELD, HAND): "returns to its owner's hand",
    (BATTLEFIELD, EXILE): "is exiled",
    (HAND, GRAVEYARD): "is discarded",
    (LIBRARY, GRAVEYARD): "is put into its owner's graveyard from the library",
    (LIBRARY, HAND): "is put into its owner's hand",
    (HAND, LIBRARY): "is put on the bottom of its owner's library",
    (HAND, EXILE): "is exiled from its owner's hand",
    (GRAVEYARD, EXILE): "is exiled from its owner's graveyard",
    (GRAVEYARD, BATTLEFIELD): "returns to the battlefield from its owner's graveyard",
    (GRAVEYARD, HAND): "returns to its owner's hand from the graveyard",
    (EXILE, HAND): "returns to its owner's hand from exile",
}
_HIDDEN = (Zone.HAND, Zone.LIBRARY)
_MOVE_RULES: dict[str, tuple[str, ...]] = {BATTLEFIELD: ("403.3", "110.1"), GRAVEYARD: ("404.1", "400.7"),
               EXILE: ("406.1",), HAND: ("402.1", "400.7"), LIBRARY: ("401.1",)}


def _known_chars(ctx: Ctx, o: Obj) -> continuous.Chars | None:
    """The characteristics of the permanent ``o`` as it last existed, just before it leaves
    (CR 608.2h, 113.7a): the continuous effects then in force applied. While one event moves
    several permanents, as that event began, so that one leaving first (a lord) still counts for
    the others (CR 603.10a)."""
    s = ctx.s
    if ctx.together is None:
        return continuous.chars(s, o)
    if ctx.together_known is False:
        ctx.together_known = continuous.board(s)
    known = ctx.together_known
    return known.chars.get(o.id) if isinstance(known, continuous.Board) else None


@contextmanager
def together(ctx: Ctx):
    """Permanents that one event moves off the battlefield leave at the same time ("destroy all
    artifacts", state-based actions, CR 704.3): each one's leaves-the-battlefield abilities look
    back in time and see the others leave too, whichever the engine moves first (CR 603.10a).
    Permanents that one event puts onto the battlefield enter at the same time (Show and Tell,
    CR 101.4): each enters as though the others weren't there yet (CR 614.12), and their
    enters abilities trigger once all have entered, each seeing all (CR 603.6a)."""
    outer = ctx.together
    if outer is None:
        ctx.together = []
        ctx.together_known = False
        ctx.entered = []
    before = len(ctx.s.pending_triggers)
    try:
        yield
    finally:
        ctx.together = outer
        if outer is None:
            ctx.together_known = False
            entered, ctx.entered = ctx.entered, None
    if outer is None:
        # CR 603.6a: every permanent on the battlefield, those that entered with them included,
        # sees each one that entered in the event
        for ev in entered or ():
            _entered(ctx, ev)
    if outer is None and len(ctx.s.pending_triggers) > before:
        _still_there(ctx.s, before)


def _still_there(s, before: int) -> None:
    """A card put into a graveyard "from anywhere" is no leaves-the-battlefield event (CR 603.6c,
    603.10a): an ability that triggered on it during one event, as the engine moved one
    permanent first, triggers only if its source is still there once the event has moved
    everything (Planar Void and Profane Memento rulings)."""
    s.pending_triggers = s.pending_triggers[:before] + [
        p for p in s.pending_triggers[before:] if p.source in s.objs or not _from_anywhere(p)]


def _from_anywhere(p) -> bool:
    trigger = getattr(ability_at(p.card, p.ability_index), "trigger", None)
    return trigger is not None and trigger.event == ir.TriggerEvent.PUT_INTO_GRAVEYARD


def put_onto_battlefield(ctx: Ctx, o: Obj, controller: int, *, tapped=False, x=0, cause="") -> Obj | None:
    return move(ctx, o, BATTLEFIELD, controller=controller, tapped=tapped, x=x, cause=cause)


def destroy(ctx: Ctx, o: Obj, by: str = "", can_regenerate: bool = True,
            rules: tuple[str, ...] = ("701.8a",)) -> None:
    """CR 701.8: move to the graveyard; indestructible permanents aren't (CR 702.12b). The
    destruction is an event that replacement effects may replace (CR 614.8): a regeneration
    shield does, unless the permanent "can't be regenerated" (CR 701.19c), and so does an Aura's
    umbra armor (CR 702.89a): its damage is removed and the Aura is destroyed instead."""
    s = ctx.s
    if ch.has(s, o, "indestructible"):
        s.add_log(f"{o.card.name} is indestructible and is not destroyed", ("702.12b",))
        return
    ev = Destruction(o.id)
    replacement.apply_destruction(ctx, o, ev, can_regenerate)
    if ev.regenerated_by:
        _regenerate(ctx, o)
        return
    if ev.armor is not None:
        o = s.own(o.id)
        o.damage = 0
        o.deathtouched = False
        s.add_log(f"{o.card.name} is not destroyed: all damage marked on it is removed", ("702.89a",),
                  "replacement")
        aura = s.objs.get(ev.armor)
        if aura is not None and aura.zone == BATTLEFIELD:
            destroy(ctx, aura, "umbra armor", rules=("702.89a", "701.8a"))
        return
    s.add_log(f"{o.card.name} is destroyed" + (f" ({by})" if by else ""), rules)
    move(ctx, o, GRAVEYARD, quiet=True)


def _regenerate(ctx: Ctx, o: Obj) -> None:
    """Regeneration instead of destruction: tap the permanent, remove its damage and take it out
    of combat (CR 701.19a)."""
    o = ctx.s.own(o.id)
    o.tapped = True
    o.damage = 0
    o.deathtouched = False
    o.attacking = None
    o.blocking = ()
    ctx.s.add_log(f"{o.card.name} regenerates: it is tapped, its damage is removed and it leaves combat "
                  "instead of being destroyed", ("701.19a", "614.8"), "replacement")


def sacrifice(ctx: Ctx, o: Obj) -> None:
    """CR 701.21: the controller puts it into its owner's graveyard; indestructible doesn't help."""
    ctx.s.add_log(f"{ctx.s.players[o.controller].name} sacrifices {o.card.name}", ("701.21a",))
    move(ctx, o, GRAVEYARD, quiet=True, sacrificed=True)


def discard(ctx: Ctx, player: int, o: Obj) -> Obj | None:
    """CR 701.9a; a card with madness is exiled instead of put into the graveyard (a replacement,
    CR 702.35a, 614.1a), and its madness ability triggers on that. Returns the card where it went."""
    s = ctx.s
    s.add_log(f"{s.players[player].name} discards {o.card.name}", ("701.9a",))
    s.players[player].discarded_this_turn += 1      # wherever it goes (Hollow One's rulings)
    return move(ctx, o, GRAVEYARD, quiet=True, discarded=True)


def cycle(ctx: Ctx, player: int, o: Obj, x: int | None = None) -> None:
    """CR 702.29a, c: discarding the card to pay its cycling cost cycles it; abilities that
    trigger on that see it where it went, and the X of the cycling cost (CR 107.3e)."""
    new = discard(ctx, player, o)
    collect(ctx, Cycled(player, new.id if new is not None else None, x))


# ------------------------------------------------------------------------------ cards


def draw(ctx: Ctx, player: int, n: int = 1, why: str = "") -> None:
    """CR 121.1-121.2: draw one card at a time; drawing from an empty library sets up the
    state-based loss of CR 704.5b."""
    s = ctx.s
    p = s.players[player]
    for _ in range(n):
        if (limit := filters.draw_limited(s, player)) is not None:  # no draw to replace (the rulings)
            s.add_log(f"{p.name} can't draw more than one card each turn ({limit})", ("121.1",), "draw")
            continue
        proposed = CardDraw(player)
        replacement.apply_drawing(ctx, proposed)            # dredge (CR 702.52a, 614.1a)
        if proposed.dredge is not None:
            _dredge(ctx, player, s.objs[proposed.dredge])
            continue
        if proposed.replaced is not None:                   # CR 614.11: no card is drawn
            _draw_replaced(ctx, proposed.replaced)
            continue
        if proposed.wins is not None:       # the draw is replaced even if they can't win (its rulings)
            source = s.objs[proposed.wins]
            execute(ctx, (ir.WinGame(ir.Ref("you")),),
                    ResolutionContext(player, source.id, source.card, [], 0, NOTHING, ()))
            if s.result is not None:
                return
            continue
        if not p.library:
            p.drew_from_empty = True
            s.add_log(f"{p.name} can't draw: their library is empty", ("121.4", "704.5b"))
            continue
        new = s.renew(s.objs[p.library.pop()], HAND)      # CR 400.7
        p.hand.append(new.id)
        p.drawn_this_turn += 1
        s.add_log(f"{p.name} draws a card" + (f" ({why})" if why else ""), ("121.1",), "draw")
        if p.drawn_this_turn == 1 and s.turn:
            _miracle(ctx, player, new)
        collect(ctx, Drew(player, new.id))


def _draw_replaced(ctx: Ctx, r) -> None:
    """The effects a DrawReplacement record names happen instead of the draw, as the ability
    that made it would have done them, with its targets (CR 614.11)."""
    s = ctx.s
    effects = r.card.abilities[r.ability_index].effects[r.effect_index].effects
    targets = [[t for t in g if isinstance(t, str) or t in s.objs and s.objs[t].zone == BATTLEFIELD]
               for g in r.targets]          # an object that has left is a new one (CR 400.7)
    execute(ctx, effects, ResolutionContext(r.affected, r.origin, r.card, targets, 0, NOTHING, ()))


def _miracle(ctx: Ctx, player: int, o: Obj) -> None:
    """CR 702.94a: the first card a player draws in a turn, if it has miracle, may be revealed as
    it is drawn; revealing it triggers its linked ability, which lets them cast it for its
    miracle cost."""
    s = ctx.s
    kw = next((ab for ab in o.card.abilities if type(ab) is ir.Keyword and ab.name == "miracle"), None)
    if kw is None or kw.cost is None or not o.card.fully_supported:
        return
    answer = ctx.ask(Decision(player, DecisionKind.MAY, f"Reveal {o.card.name} as you draw it, for its miracle "
                              f"ability? (CR 702.94a)", (Action(ActionKind.YES, (), "yes"), Action(ActionKind.NO, (), "no"))))
    if answer.kind != ActionKind.YES:
        return
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", "miracle", o.card)
    label = f"{possessive(o.card.name)} miracle ability"
    s.pending_triggers.append(PendingTrigger(o.id, o.card, nested_index(o.card, MIRACLE_CAST), player,
                                             Seen(EventKind.MIRACLE, obj=o.id), 1, "", label))
    s.add_log(f"{s.players[player].name} reveals {o.card.name} as they draw it: {label} triggers",
              ("702.94a", "701.20a", "603.2"), "trigger")


def _dredge(ctx: Ctx, player: int, o: Obj) -> None:
    """CR 702.52a: the draw replaced: mill N cards, then return the card to its owner's hand."""
    mill(ctx, player, replacement.dredge_amount(o.card) or 0)      # offered only with dredge N
    move(ctx, o, HAND, cause="dredge", rules=("702.52a",))


def mill(ctx: Ctx, player: int, n: int) -> list[Obj]:
    """CR 701.17: put the top N cards of the library into the graveyard; the cards milled, those
    that went there (CR 701.17c)."""
    p = ctx.s.players[player]
    milled = []
    for _ in range(min(n, len(p.library))):
        new = move(ctx, ctx.s.objs[p.library[-1]], GRAVEYARD, rules=("701.17a",))
        if new is not None and new.zone == GRAVEYARD:
            milled.append(new)
    return milled


# ------------------------------------------------------------------------------ life and damage


def gain_life(ctx: Ctx, player: int, amount: int, source: Obj | None = None, why: str = "") -> None:
    """CR 119.3: gaining life; each gain is its own event (CR 119.9), which replacement effects
    may change (CR 614.1a, 119.10), into life lost too."""
    if amount <= 0 or _life_fixed(ctx.s, player, "gain"):
        return
    no_gain = filters.cant_gain_life(ctx.s, player)
    if no_gain is not None:     # CR 119.7: no gain, and no replacement of it does anything
        ctx.s.add_log(f"{ctx.s.players[player].name} can't gain life: {no_gain} says so", ("119.7",), "life")
        return
    changed = replacement.modify_life_gain(ctx, player, amount)
    if changed.lose:
        lose_life(ctx, player, changed.lose, source, ("119.3", "614.1a"))
    amount = changed.amount
    if amount <= 0:
        return
    s = ctx.s
    p = s.players[player]
    p.life += amount
    p.life_gained_this_turn += amount
    src = f" from {source.card.name}" if source else ""
    s.add_log(f"{p.name} gains {amount} life{src}{why} (life {p.life})", ("119.3",), "life")
    collect(ctx, LifeGained(player, amount, source.id if source else None))


def lose_life(ctx: Ctx, player: int, amount: int, source: Obj | None = None, rules=("119.3",)) -> None:
    if amount <= 0 or _life_fixed(ctx.s, player, "lose"):
        return
    s = ctx.s
    p = s.players[player]
    p.life -= amount
    p.life_lost_this_turn += amount       # spectacle (CR 702.137a)
    s.add_log(f"{p.name} loses {amount} life (life {p.life})", rules, "life")
    collect(ctx, LifeLost(player, amount, source.id if source else None))


def _life_fixed(s, player: int, change: str) -> bool:
    """Whether ``player``'s life total can't change (CR 119.7, 119.8): the gain or loss has no
    effect, and the log says why."""
    why = filters.life_cant_change(s, player)
    if why is None:
        return False
    s.add_log(f"{s.players[player].name} can't {change} life: {why} says their life total can't change",
              ("119.7",) if change == "gain" else ("119.8",), "life")
    return True


def _note_prowl(s, source: Obj) -> None:
    """Prowl (CR 702.76a): remember the creature types of a source that dealt combat damage to a
    player, under its controller, as it dealt that damage ("*": every creature type)."""
    mine = s.players[source.controller]
    kinds = ("*",) if filters.has_all_creature_types(s, source) else tuple(
        t for t in layers.card_now(s, source).subtypes if t in CREATURE_TYPES)
    mine.combat_damage_types = tuple(dict.fromkeys(mine.combat_damage_types + kinds))


def deal_damage(ctx: Ctx, assignments: list[tuple[Obj, object, int]], combat: bool = False) -> list:
    """Deal damage, all of ``assignments`` at once (CR 120.2, 510.2).

    Each assignment is (source, recipient, amount); the recipient is an object id or a player
    ref "p0"/"p1". Results follow CR 120.3: a player loses that much life, a creature has the
    damage marked; deathtouch (702.2b) and lifelink (702.15b) apply.  Damage-dealt triggers see
    the whole event (CR 603.2c: once per source and recipient); life gained through lifelink is
    its own event per source (CR 119.9). Returns the (source, recipient, amount) of the damage
    dealt, after replacement and prevention.
    """
    s = ctx.s
    dealt: list[tuple[Obj, object, int]] = []
    spent: dict[int, str] = {}      # a counter each, however many sources (Phantom Centaur)
    gains: list = []                # life owed by preventions, gained after the event (CR 615.5)
    owed: list = []                 # counters owed by preventions (CR 615.5) and replacements, put after the event
    todo = list(assignments)
    while todo:
        source, recipient, amount = todo.pop(0)
        changed = replacement.modify_damage(ctx, source, recipient, amount, combat)
        if changed.spent is not None and isinstance(recipient, int):      # a permanent's counter
            spent[recipient] = changed.spent
        gains += changed.gains
        owed += changed.counters_owed
        # damage redirected (CR 614.9) is dealt at the same time, after its own replacements
        todo += [(source, to, n) for to, n in changed.redirected if n > 0]
        if changed.amount <= 0:
            continue
        same = next((i for i, (src, rcp, _) in enumerate(dealt) if src is source and rcp == recipient), None)
        if same is None:
            dealt.append((source, recipient, changed.amount))
        else:           # one source's damage to one recipient is one amount (CR 120.2)
            dealt[same] = (source, recipient, dealt[same][2] + changed.amount)
    for oid, kind in spent.items():
        if oid in s.objs and s.objs[oid].counters.get(kind):
            remove_counters(ctx, s.objs[oid], kind, 1, "its damage prevention, CR 615")
    if dealt:
        _damage_results(ctx, dealt, combat)
    for player, life, name in gains:
        gain_life(ctx, player, life, None, f" equal to the damage {name} prevented (CR 615.5)")
    for oid, n, why, kind in owed:
        if oid in s.objs and s.objs[oid].zone == BATTLEFIELD:
            add_counters(ctx, s.objs[oid], kind, n, why)
    return dealt


def _damage_results(ctx: Ctx, dealt: list, combat: bool) -> None:
    """The results of the damage ``dealt`` (CR 120.3), its lifelink and its triggers."""
    s = ctx.s
    kind = "combat damage" if combat else "damage"
    lifelink: dict[int, tuple[Obj, int]] = {}
    lost: dict[tuple, int] = {}         # the life each source's damage made each player lose
    withered: dict[int, int] = {}       # the -1/-1 counters wither and infect damage puts on each permanent
    for source, recipient, amount in dealt:
        src_kw = ch.keywords(s, source)
        infect = "infect" in src_kw
        if isinstance(recipient, str):
            pl = int(recipient[1:])
            p = s.players[pl]
            p.dealt_damage_this_turn = True     # bloodthirst (CR 702.54a), whatever the damage did
            if infect:     # CR 702.90b: poison counters instead of life loss
                p.poison += amount
                s.add_log(f"{source.card.name} deals {amount} {kind} to {p.name}, who gets {amount} "
                          f"poison counter{'s' if amount != 1 else ''} (poison {p.poison})",
                          ("120.3b", "702.90b"), "damage")
            else:
                n = lost[source.id, recipient] = _life_lost_to_damage(s, pl, amount)
                p.life -= n
                p.life_lost_this_turn += n       # CR 120.3a: damage is life lost (spectacle, CR 702.137a)
                if combat:
                    _note_prowl(s, source)
                fixed = ", whose life total can't change" if filters.life_cant_change(s, pl) is not None else ""
                s.add_log(f"{source.card.name} deals {amount} {kind} to {p.name}{fixed} (life {p.life})",
                          (("120.3a", "510.2") if combat else ("120.3a",)) + (("119.8",) if fixed else ()), "damage")
            if combat and s.variant:
                commanders.note_combat_damage(s, source, pl, amount)     # CR 903.10a
        else:
            if recipient not in s.objs or s.objs[recipient].zone != BATTLEFIELD:
                continue
            o = s.own(recipient)
            walker_only = False
            if "Planeswalker" in ch.card_types(s, o):
                _damage_planeswalker(ctx, source, o, amount, kind, combat)
                walker_only = not ch.is_creature(s, o)
            if walker_only:
                pass                           # CR 120.3c alone: no damage is marked on it
            elif infect or "wither" in src_kw:   # CR 702.90c, 702.80a: -1/-1 counters, not damage
                withered[o.id] = withered.get(o.id, 0) + amount
                s.add_log(f"{source.card.name} deals {amount} {kind} to {o.card.name} as -1/-1 counters",
                          ("120.3d",), "damage")
            else:
                o.damage += amount
                s.add_log(f"{source.card.name} deals {amount} {kind} to {o.card.name}",
                          ("120.3e", "510.2") if combat else ("120.3e",), "damage")
            if "deathtouch" in src_kw and not walker_only:
                o.deathtouched = True
            if filters.remembers_damage(source.card):     # "dealt damage by ~ this turn"
                s.effects.append(DamagedBy(o.id, source.id, Duration.END_OF_TURN, s.new_timestamp(), source.card.name))
        if "lifelink" in src_kw:               # whatever it was dealt to (CR 120.3f)
            prev = lifelink.get(source.id)
            lifelink[source.id] = (source, (prev[1] if prev else 0) + amount)
    for oid, amount in withered.items():
        # CR 120.3d: one event of counters per permanent, however many sources dealt the damage,
        # so a change such as Vizier of Remedies's applies once to it (the card's rulings)
        amount = replacement.modify_counters(ctx, s.objs[oid], "-1/-1", amount)
        if amount > 0:
            o = s.own(oid)
            o.counters["-1/-1"] = o.counters.get("-1/-1", 0) + amount
            s.add_log(f"{amount} -1/-1 counter{'s' if amount != 1 else ''} put on {o.card.name} (damage, CR 120.3d)",
                      ("120.3d",), "damage")
    collect(ctx, DamageDealt(combat, tuple((src.id, rcp, amt, src.controller) for src, rcp, amt in dealt),
                             {src.id: s.current(src).copy() for src, _, _ in dealt}))
    for (source_id, recipient), n in lost.items():
        if n:
            collect(ctx, LifeLost(int(recipient[1:]), n, source_id))
    for source, total in lifelink.values():
        gain_life(ctx, source.controller, total, source, " (lifelink, CR 702.15b)")


def _life_lost_to_damage(s, player: int, amount: int) -> int:
    """The life damage makes ``player`` lose (CR 120.3a): all of it, unless a permanent of theirs
    says damage that would reduce their life total to less than 1 reduces it to 1 instead
    (CR 614.1a): the damage is still dealt, for lifelink too (Worship rulings)."""
    if filters.life_cant_change(s, player) is not None:
        return 0                # the damage is still dealt (CR 119.8; Platinum Emperion's rulings)
    life = s.players[player].life
    if life - amount >= 1 or life < 1:
        return amount
    if (source := filters.damage_life_floor(s, player)) is not None:
        s.add_log(f"{source}: the damage reduces {s.players[player].name}'s life total to 1 instead",
                  ("614.1a",), "replacement")
        return life - 1
    for o in s.permanents(player):
        if any(type(ab) is ir.ReplacementAbility and ab.kind == ir.ReplacementKind.LIFE_FLOOR for ab in layers.card_now(s, o).abilities):
            if exercise.RECORD is not None:
                exercise.note("REPLACEMENT_KINDS", "life_floor", o.card)
            s.add_log(f"{o.card.name}: the damage reduces {s.players[player].name}'s life total to 1 instead",
                      ("614.1a",), "replacement")
            return life - 1
    return amount


def _damage_planeswalker(ctx: Ctx, source: Obj, o: Obj, amount: int, kind: str, combat: bool) -> None:
    """CR 120.3c, 306.8: damage dealt to a planeswalker removes that many loyalty counters
    from it (whatever the source's abilities: infect and wither change only damage to creatures
    and players)."""
    s = ctx.s
    have = o.counters.get("loyalty", 0)
    n = min(amount, have)
    if n:
        o = s.own(o.id)
        o.counters = {k: v for k, v in o.counters.items() if k != "loyalty"}
        if have - n:
            o.counters["loyalty"] = have - n
    rules = ("120.3c", "306.8", "510.2") if combat else ("120.3c", "306.8")
    s.add_log(f"{source.card.name} deals {amount} {kind} to {o.card.name}, removing {n} loyalty "
              f"counter{'s' if n != 1 else ''} (loyalty {have - n})", rules, "damage")
    if n:
        collect(ctx, CountersRemoved(o.id, "loyalty", n))


# ------------------------------------------------------------------------------ permanents


def tap(ctx: Ctx, o: Obj, why: str = "", quiet: bool = False) -> Obj:
    """CR 701.26a; returns the object as it is now, the state's own (see State.own). Only an
    untapped permanent can be tapped: a tapped one stays as it is, and nothing triggers."""
    if ctx.s.current(o).tapped:
        return ctx.s.current(o)
    o = ctx.s.own(o.id)
    o.tapped = True
    ctx.s.version += 1      # a change even when not logged (see State.facts)
    if not quiet:
        ctx.s.add_log(f"{o.card.name} becomes tapped" + (f" ({why})" if why else ""), ("701.26a",))
    collect(ctx, Tapped(o.id))
    return o


def untap(ctx: Ctx, o: Obj, why: str = "", quiet: bool = False) -> Obj:
    """CR 701.26b; returns the object as it is now, the state's own (see State.own). An untapped
    permanent stays as it is, and nothing triggers."""
    if not ctx.s.current(o).tapped:
        return ctx.s.current(o)
    o = ctx.s.own(o.id)
    o.tapped = False
    ctx.s.version += 1
    _tapped_source_gone(ctx.s, o.id)
    if not quiet:
        ctx.s.add_log(f"{o.card.name} becomes untapped" + (f" ({why})" if why else ""), ("701.26b",))
    collect(ctx, Untapped(o.id))
    return o


WHILE_TAPPED = Duration.WHILE_SOURCE_TAPPED
# "until your next turn" of player N, as a record's ``until``: "next_turn:N" (CR 611.2a)
NEXT_TURN = Duration.NEXT_TURN


def next_turn_of(player: int) -> str:
    """The ``until`` of an effect that lasts until ``player``'s next turn."""
    return f"{NEXT_TURN}:{player}"


def end_of_next_turn_of(player: int) -> str:
    """The ``until`` of an effect that lasts until the end of ``player``'s next turn."""
    return f"{Duration.END_OF_YOUR_NEXT_TURN}:{player}"


def _until_end_of_turn(record: Any) -> Any:
    """The effect record ``record``, lasting until end of turn now."""
    return dataclasses.replace(record, until=Duration.END_OF_TURN)


def next_turn_wears_off(ctx: Ctx, player: int) -> None:
    """CR 611.2a, 500.1: as ``player``'s turn begins, the effects that lasted "until your next
    turn" of theirs end; for a player who left the game, as that turn would have begun
    (CR 800.4m). Those lasting "until the end of your next turn" now last until end of turn."""
    s = ctx.s
    to_end = end_of_next_turn_of(player)
    if any(e.until == to_end for e in s.effects):
        s.effects = [_until_end_of_turn(e) if e.until == to_end else e for e in s.effects]
    until = next_turn_of(player)
    ended = [e for e in s.effects if e.until == until]
    if ended:
        s.effects = [e for e in s.effects if e.until != until]
        s.add_log(f"\"Until your next turn\" effects of {s.players[player].name} end",
                  ("611.2a", "800.4m") if player != s.active else ("611.2a", "500.1"), "effect")
        control_effects_end(ctx, ended)


def _tapped_source_gone(s, oid: int) -> None:
    """CR 611.2b: the effects that last "for as long as ~ remains tapped" end once ~ untaps or
    leaves the battlefield; they don't begin again if it is tapped later."""
    until = f"{WHILE_TAPPED}:{oid}"
    if any(e.until == until for e in s.effects):
        s.effects = [e for e in s.effects if e.until != until]
        s.add_log(f"{s.objs[oid].card.name if oid in s.objs else 'Its source'} no longer remains tapped: "
                  "its effects end", ("611.2b",), "effect")


def end_of_turn_wears_off(ctx: Ctx) -> None:
    """CR 514.2: in the cleanup step, all damage marked on permanents is removed and "until end
    of turn" and "this turn" effects end, simultaneously."""
    s = ctx.s
    for o in s.permanents():
        if o.damage or o.deathtouched:
            o = s.own(o.id)
            o.damage = 0
            o.deathtouched = False
    ended = [e for e in s.effects if e.until == Duration.END_OF_TURN]
    s.effects = [e for e in s.effects if e.until != Duration.END_OF_TURN]
    if any(type(e) is TextChange for e in ended):
        continuous.text_changes_begin_or_end(s)
    s.add_log("Damage wears off and \"until end of turn\" effects end", ("514.2",), "step")
    control_effects_end(ctx, ended)


def change_control(ctx: Ctx, o: Obj, player: int, until: str, by: str) -> None:
    """CR 613.1b: ``player`` gains control of ``o``, by a :class:`.ControlChange` effect, so the
    control it gives can end (CR 514.2)."""
    s = ctx.s
    if player in s.left:        # CR 800.4b: an object doesn't change to the control of a player who has left
        s.add_log(f"{o.card.name} doesn't change to the control of {s.players[player].name}, who has left "
                  f"the game ({by})", ("800.4b",), "control")
        return
    s.effects.append(ControlChange(o.id, player, until, s.new_timestamp(), by))
    _set_controller(ctx, o, player, by)


def control_effects_end(ctx: Ctx, ended) -> None:
    """When control effects end (CR 514.2), each permanent goes back to the controller given by
    the newest control effect left, or else to its default controller (CR 613.1b, 110.2a); to
    exile if that player has left the game (CR 800.4c)."""
    s = ctx.s
    for oid in dict.fromkeys(e.affected for e in ended if type(e) is ControlChange):
        o = s.objs.get(oid)
        if o is None or o.zone != BATTLEFIELD:
            continue
        left = [e for e in s.effects if type(e) is ControlChange and e.affected == oid]
        player = max(left, key=lambda e: e.timestamp).controller if left else continuous.by_default(o)
        if player in s.left:
            s.add_log(f"{o.card.name} would return to {s.players[player].name}, who has left the game: "
                      "it is exiled", ("800.4c",), "control")
            move(ctx, o, EXILE, cause="its default controller left the game", rules=("800.4c",))
        else:
            _set_controller(ctx, o, player, "the control effect ended")


def set_controller(ctx: Ctx, o: Obj, player: int, why: str) -> None:
    """CR 613.1b: ``player`` controls ``o`` now, as the control effects that apply say
    (:mod:`.control` works out which)."""
    _set_controller(ctx, o, player, why)


def _set_controller(ctx: Ctx, o: Obj, player: int, why: str) -> None:
    if o.controller == player:
        return
    o = ctx.s.own(o.id)
    o.controller = player
    o.control_since = ctx.s.turn         # CR 302.6: a new controller since this turn
    ctx.s.add_log(f"{ctx.s.players[player].name} controls {o.card.name} ({why})", ("613.1b",), "control")
    if "suspend" in o.cast_costs:       # its haste from suspend ends for good (CR 702.62a)
        o.cast_costs = tuple(c for c in o.cast_costs if c != "suspend")
        ctx.s.add_log(f"{o.card.name} loses the haste suspend gave it", ("702.62a",), "control")


def become_monarch(ctx: Ctx, player: int, why: str = "") -> None:
    """CR 724.3: ``player`` becomes the monarch; the monarch before stops being it."""
    s = ctx.s
    if s.monarch == player:
        s.add_log(f"{s.players[player].name} is already the monarch" + (f" ({why})" if why else ""),
                  ("724.3",), "monarch")
        return
    s.monarch = player
    s.add_log(f"{s.players[player].name} becomes the monarch" + (f" ({why})" if why else ""),
              ("724.1", "724.3"), "monarch")
    collect(ctx, BecameMonarch(player))


def get_energy(ctx: Ctx, player: int, n: int, why: str = "") -> None:
    """CR 122.1, 107.14: ``player`` gets ``n`` energy counters."""
    if n <= 0:
        return
    p = ctx.s.players[player]
    p.energy += n
    ctx.s.add_log(f"{p.name} gets {n} energy counter{'s' if n != 1 else ''} (energy {p.energy})"
                  + (f" ({why})" if why else ""), ("122.1", "107.14"), "counters")


def get_poison(ctx: Ctx, player: int, n: int, why: str = "") -> None:
    """CR 122.1: ``player`` gets ``n`` poison counters; ten or more lose the game as a state-based
    action (CR 704.5c)."""
    if n <= 0:
        return
    p = ctx.s.players[player]
    p.poison += n
    ctx.s.add_log(f"{p.name} gets {n} poison counter{'s' if n != 1 else ''} (poison {p.poison})"
                  + (f" ({why})" if why else ""), ("122.1",), "counters")


def pay_energy(ctx: Ctx, player: int, n: int, why: str = "") -> None:
    """CR 107.14: to pay {E} is to remove one energy counter from yourself; the caller has
    checked that there are enough (CR 118.3)."""
    p = ctx.s.players[player]
    p.energy -= n
    ctx.s.add_log(f"{p.name} pays {n} energy (energy {p.energy})" + (f" ({why})" if why else ""),
                  ("107.14", "118.3"), "counters")


def remove_counters(ctx: Ctx, o: Obj, kind: str, n: int, why: str = "", *,
                    rules: tuple[str, ...] = ("118.3",), text: str = "") -> Obj:
    """Take up to ``n`` counters of ``kind`` off ``o``, e.g. to pay a cost such as "Remove a
    +1/+1 counter from ~" (CR 118.3, 122.1), logged with ``rules`` (``text``: the log line, when
    not the usual one). Returns the object as it is now (see State.own)."""
    n = min(n, o.counters.get(kind, 0))
    if n <= 0:
        return o
    left = o.counters[kind] - n
    o = ctx.s.own(o.id)
    o.counters = {k: v for k, v in o.counters.items() if k != kind}
    if left:
        o.counters[kind] = left
    ctx.s.add_log(text or f"{n} {kind} counter{'s' if n != 1 else ''} removed from {o.card.name}"
                  + (f" ({why})" if why else ""), rules)
    if kind == levelers.LEVEL:
        levelers.refresh(ctx.s, o)             # CR 711.2: the level symbols that apply now
    collect(ctx, CountersRemoved(o.id, kind, n))
    return o


def add_counters(ctx: Ctx, o: Obj, kind: str, n: int, why: str = "", by_effect: bool = True) -> Obj:
    """CR 122.1: put counters on a permanent (replacement effects may change N, CR 614;
    ``by_effect`` False: a cost or a turn-based action puts them, CR 118.3, 714.3b).
    Returns the object as it is now (see State.own)."""
    n = replacement.modify_counters(ctx, o, kind, n, by_effect)
    if n <= 0:
        return o
    o = ctx.s.own(o.id)
    o.counters[kind] = o.counters.get(kind, 0) + n
    ctx.s.add_log(f"{n} {kind} counter{'s' if n != 1 else ''} put on {o.card.name}"
                  + (f" ({why})" if why else ""), ("122.1",))
    if kind == levelers.LEVEL:
        levelers.refresh(ctx.s, o)             # CR 711.2: the level symbols that apply now
    collect(ctx, CountersPut(o.id, kind, n))
    return o


def create_token(ctx: Ctx, spec: ir.TokenSpec, controller: int, tapped: bool = False) -> Obj | None:
    """CR 111.1-111.4: a token is created on the battlefield under its creator's control."""
    # CR 111.4: a token's name is often its subtypes plus "Token" ("Goblin Token")
    what = spec.name if spec.name.endswith("Token") else f"{spec.name} token"
    size = f"{spec.power}/{spec.toughness} " if spec.power is not None else ""
    return create_token_from_face(ctx, token_face(spec), controller, f"a {size}{what}", ("111.1",), tapped)


def create_token_from_face(ctx: Ctx, face: dict, controller: int, what: str, rules: tuple[str, ...],
                           tapped: bool = False, card: CardDef | None = None) -> Obj | None:
    """CR 111.1: a token whose characteristics are the AtomicCards-shaped ``face`` (a predefined
    token's, or a copy of a card with exceptions: embalm, eternalize) enters the battlefield;
    ``card``: the definition of that face when there is one already (a copy, CR 707.2)."""
    s = ctx.s
    if controller in s.left:            # CR 800.4b: no token is created for a player who has left
        s.add_log(f"{s.players[controller].name} has left the game: {what} isn't created", ("800.4b",))
        return None
    card = card if card is not None else CardDef.from_face(face)
    o = Obj(s.next_id, card, controller, "limbo")
    s.next_id += 1
    o.is_token = True
    o.token_face = face
    s.objs[o.id] = o
    s.add_log(f"{s.players[controller].name} creates {what}", rules)
    return move(ctx, o, BATTLEFIELD, controller=controller, tapped=tapped, quiet=True, rules=("111.1",))


def token_face(spec: ir.TokenSpec) -> dict:
    """An AtomicCards-shaped face for a token, so tokens are cards-as-data like the rest."""
    kw = ", ".join(k.name.capitalize() if not k.arg else f"{k.name.capitalize()} {k.arg}" for k in spec.keywords)
    face = {"name": spec.name, "type": " ".join(("Token", *spec.supertypes, *spec.types))
            + (" — " + " ".join(spec.subtypes) if spec.subtypes else ""),
            "types": list(spec.types), "subtypes": list(spec.subtypes), "supertypes": list(spec.supertypes),
            "text": "\n".join(t for t in (kw, spec.text) if t),
            "colorIndicator": list(spec.colors)}
    if spec.power is not None:
        face["power"] = str(spec.power)
        face["toughness"] = str(spec.toughness)
    return face


def exert(ctx: Ctx, o: Obj, player: int, rules: tuple[str, ...] = ("701.43a",)) -> None:
    """CR 701.43a-c: ``player`` exerts the permanent ``o`` (as it attacks, or to pay a cost): it
    doesn't untap during their next untap step (a second exertion before then ends in the same
    untap step, CR 701.43b)."""
    s = ctx.s
    s.effects.append(SkipNextUntap(o.id, Duration.NEXT_UNTAP, s.new_timestamp(), o.card.name, player))
    s.add_log(f"{s.players[player].name} exerts {o.card.name}: it won't untap during their next untap step",
              rules, "combat" if "508.1g" in rules else "event")
    collect(ctx, Exerted(o.id, player))


def counter_spell(ctx: Ctx, item, by: str = "", rules=("701.6a",), exile: bool = False,
                  instead: str = "", by_player: int | None = None) -> None:
    """CR 701.6a: a countered spell goes to its owner's graveyard; an ability just leaves.
    A spell that "can't be countered" stays (CR 101.2: the "can't" wins). With ``exile`` the
    counter exiles it instead, with ``instead`` ("hand", "library_top", "library_bottom") puts it
    there: a self-replacement effect of the counter (CR 614.15), applied before any other (616.1a).
    ``by_player``: the controller of the spell or ability that counters it, whose "Whenever a
    spell or ability you control counters a spell" abilities trigger."""
    s = ctx.s
    if item.kind == ItemKind.SPELL and any(type(ab) is ir.StaticAbility and isinstance(ab.effect, ir.StaticCantBeCountered)
                                    for ab in item.card.abilities):
        s.add_log(f"{item.label} can't be countered", ("101.2",), "counter")
        if exercise.RECORD is not None:
            exercise.note("STATIC_KINDS", "cant_be_countered", item.card)
        return
    sources = [src for rider, src in item.riders if rider == "cant_be_countered"]
    if sources:
        s.add_log(f"{item.label} can't be countered: mana from {sources[0]} was spent on it",
                  ("106.6", "101.2"), "counter")
        return
    s.stack.remove(item)
    s.add_log(f"{item.label} is countered" + (f" by {by}" if by else ""), rules, "counter")
    if item.kind == ItemKind.SPELL:
        o = s.objs[item.source]
        ctx.lki[f"s{item.id}"] = o      # the spell as it last existed, for "its controller" (CR 608.2h)
        move(ctx, o, GRAVEYARD, quiet=True, exile_instead=by if exile or instead else "",
             instead_to=instead or "exile")
        if by_player is not None:
            collect(ctx, SpellCountered(item.id, by_player))


# ------------------------------------------------------------------------------ attachments, links, counters


def attach(ctx: Ctx, o: Obj, onto: int | PlayerRef, rules: tuple[str, ...] = ("701.3a", "613.7e"), text: str = "",
           new_timestamp: bool = True, quiet: bool = False) -> Obj:
    """CR 701.3a: ``o`` (an Aura, Equipment or Fortification) becomes attached to the object
    ``onto`` (or the player, CR 303.4b), with a new timestamp (CR 613.7e; ``new_timestamp=False`` for one that enters
    attached, whose timestamp is the one it entered with). Logged with ``rules`` (``text``: the
    line, when not the usual one) unless ``quiet``; triggers see it (``Attached``). The caller
    has checked that it may be attached there (``aura_placement.may_attach``, CR 701.3b).
    Returns the object as it is now (see State.own)."""
    s = ctx.s
    o = s.own(o.id)
    o.attached_to = onto
    if new_timestamp:
        o.timestamp = s.new_timestamp()
    if quiet:
        s.version += 1
    else:
        what = s.players[onto.index].name if isinstance(onto, PlayerRef) else s.objs[onto].card.name
        s.add_log(text or f"{o.card.name} becomes attached to {what}", rules, "attach")
    collect(ctx, Attached(o.id, onto))
    return o


def unattach(ctx: Ctx, o: Obj, rules: tuple[str, ...] = ("701.3d",), category: str = "attach",
             quiet: bool = False) -> Obj:
    """CR 701.3d: ``o`` becomes unattached from what it is attached to and stays where it is
    (an Equipment attached to an illegal permanent, CR 704.5n; a bestowed Aura, CR 702.103f).
    Logged with ``rules`` under ``category`` unless ``quiet``; triggers see it
    (``Unattached``). Returns the object as it is now (see State.own)."""
    s = ctx.s
    was = o.attached_to
    if was is None:
        return o
    o = s.own(o.id)
    o.attached_to = None
    if quiet:
        s.version += 1
    else:
        s.add_log(f"{o.card.name} becomes unattached", rules, category)
    collect(ctx, Unattached(o.id, was))
    return o


def link_exiled(ctx: Ctx, card: Obj, source: int, designations: tuple[str, ...] = ()) -> Obj:
    """Link an exiled ``card`` to the permanent ``source`` whose ability exiled it (CR 607.2a,
    610.3: "until ~ leaves the battlefield"; ``designations`` say which) or on which it is
    encoded (cipher, CR 702.99a). The link is kept in the card's ``attached_to``; it is no
    attachment (CR 701.3), so nothing triggers on it. The move that exiled it was logged.
    Returns the card as it is now (see State.own)."""
    s = ctx.s
    card = s.own(card.id)
    card.attached_to, card.designations = source, designations
    s.version += 1
    return card


def move_with_counters(ctx: Ctx, o: Obj, to: str, counters: dict[str, int], **how) -> Obj | None:
    """Move ``o`` to ``to`` (not the battlefield: :func:`move`'s ``counters`` are those a
    permanent enters with) with ``counters`` on the new object, as suspend exiles a card "with
    N time counters on it" (CR 702.62a). The counters come with the move: they are not "put"
    on it (CR 122.6), so nothing that counts counters put on an object sees them. ``how``: the
    options of :func:`move`. Returns the new object, or None as :func:`move` does."""
    new = move(ctx, o, to, **how)
    if new is not None and counters:
        new = ctx.s.own(new.id)
        new.counters = {k: n for k, n in counters.items() if n > 0}
        ctx.s.version += 1
    return new


def annihilate_counters(ctx: Ctx, o: Obj, rules: tuple[str, ...] = ("704.5q",)) -> Obj:
    """CR 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each, N the
    smaller number; one log line, and triggers see both removals (``CountersRemoved``).
    Returns the object as it is now (see State.own)."""
    n = min(o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0))
    if n <= 0:
        return o
    o = ctx.s.own(o.id)
    o.counters = {k: v - n if k in ("+1/+1", "-1/-1") else v for k, v in o.counters.items()}
    o.counters = {k: v for k, v in o.counters.items() if v}
    ctx.s.add_log(f"{n} +1/+1 and -1/-1 counter pairs are removed from {o.card.name}", rules, "sba")
    collect(ctx, CountersRemoved(o.id, "+1/+1", n))
    collect(ctx, CountersRemoved(o.id, "-1/-1", n))
    return o
