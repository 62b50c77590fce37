"""Triggered abilities (CR 603).

:func:`collect` is called by every event once it has happened (CR 603.2; an event that was
replaced or prevented away never reaches it, CR 603.2g). Each triggered ability whose trigger
condition the event meets triggers once per occurrence (CR 603.2c), as many more times as effects
like Felix Five-Boots or Panharmonicon say (CR 603.2d), and waits in ``state.pending_triggers``.
:func:`put_on_stack` puts them on the stack the next time a player would receive priority, active
player first, each player ordering their own (CR 603.3b), choosing modes and targets for each
instance as it goes on the stack (CR 603.3c-d).

An *instance* is one triggering of one ability. It carries a plain-data view of the occurrence
that triggered it (the source that dealt damage and how much, the object that entered, the spell
that targeted) so that "that player", "that much" and "that spell" mean that occurrence.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from itertools import compress, repeat
from operator import attrgetter
from typing import Any, Callable

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from . import characteristics as ch
from . import attack_targets, layers, monarch
from . import exercise
from .abilities import (ONE_SHOT_DELAYS, VANISHING_SACRIFICE, ability_at, encoded_triggers, nested_index, suspended,
                        eminent, triggered_abilities, works_from_command_zone, works_in_exile)
from .conditions import evaluate
from .continuous import board_memo
from .decisions import Action, ActionKind, Decision, DecisionKind
from .effect_records import DelayedWatch
from .event_types import (AbilityActivated, Attacked, AttackedAlone, AttackersDeclared, BecameBlocked,
                          BecameMonstrous, BecameRenowned, BecameTarget, Blocked, CountersPut, CountersRemoved,
                          Cycled, DamageDealt, Drew, Event, EventKind, ExiledWithMadness, Exerted, Exploited, Explored,
                          LifeGained, LifeLost, Mutated, NOTHING, Seen, SpellCast, SpellCountered, StepBegan, Tapped, TappedForMana,
                          LostGame, PhasedIn, PhasedOut, TurnedFaceUp, Unblocked, Untapped, VotesFinished, ZoneChange)
from .filters import is_player_ref, matches, player_of
from .influence import holder
from .layers import relates
from .state import HAUNTING, ItemKind, Obj, PendingTrigger, StackItem, attached_object, enchanted_player
from .targets import choose_division, choose_modes_and_targets, describe_target
from .wording import possessive
from .zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, STACK

# The trigger events the readers below compare at every event, bound once: reading an enum member
# costs several times reading a name (docs/architecture.md, "Types").
(ON_ACTIVATES, ON_BECOMES_MONSTROUS, ON_BECOMES_TARGET, ON_BECOMES_TARGET_BY_SPELL, ON_BEGINNING_OF_STEP,
 ON_BLOCKED_BY_CREATURE, ON_BLOCKED_BY_CREATURE_WITHOUT_FLANKING, ON_BLOCKS_OR_BLOCKED_BY_CREATURE, ON_CAST,
 ON_CHAPTER, ON_COUNTERS_SPELL, ON_CYCLED, ON_CYCLES, ON_DEALS_COMBAT_DAMAGE_TO_PLAYER, ON_DEALT_DAMAGE,
 ON_DIES, ON_DISCARDS, ON_DRAW, ON_ENTERS, ON_EXERTS, ON_EXILED_WITH_MADNESS, ON_EXPLOITS, ON_EXPLORES,
 ON_GAIN_LIFE, ON_LEAVES, ON_LOSES_GAME, ON_LOSE_LIFE, ON_PLAYS_LAND, ON_PUT_INTO_GRAVEYARD, ON_REFLEXIVE,
 ON_SACRIFICED, ON_TAPPED_FOR_MANA, ON_VOTES_FINISHED) = (
    ir.TriggerEvent.ACTIVATES, ir.TriggerEvent.BECOMES_MONSTROUS, ir.TriggerEvent.BECOMES_TARGET,
    ir.TriggerEvent.BECOMES_TARGET_BY_SPELL, ir.TriggerEvent.BEGINNING_OF_STEP,
    ir.TriggerEvent.BLOCKED_BY_CREATURE, ir.TriggerEvent.BLOCKED_BY_CREATURE_WITHOUT_FLANKING,
    ir.TriggerEvent.BLOCKS_OR_BLOCKED_BY_CREATURE, ir.TriggerEvent.CAST, ir.TriggerEvent.CHAPTER,
    ir.TriggerEvent.COUNTERS_SPELL, ir.TriggerEvent.CYCLED, ir.TriggerEvent.CYCLES,
    ir.TriggerEvent.DEALS_COMBAT_DAMAGE_TO_PLAYER, ir.TriggerEvent.DEALT_DAMAGE, ir.TriggerEvent.DIES,
    ir.TriggerEvent.DISCARDS, ir.TriggerEvent.DRAW, ir.TriggerEvent.ENTERS, ir.TriggerEvent.EXERTS,
    ir.TriggerEvent.EXILED_WITH_MADNESS, ir.TriggerEvent.EXPLOITS, ir.TriggerEvent.EXPLORES,
    ir.TriggerEvent.GAIN_LIFE, ir.TriggerEvent.LEAVES, ir.TriggerEvent.LOSES_GAME, ir.TriggerEvent.LOSE_LIFE,
    ir.TriggerEvent.PLAYS_LAND, ir.TriggerEvent.PUT_INTO_GRAVEYARD, ir.TriggerEvent.REFLEXIVE,
    ir.TriggerEvent.SACRIFICED, ir.TriggerEvent.TAPPED_FOR_MANA, ir.TriggerEvent.VOTES_FINISHED)
_CAST_SELF = ir.Trigger(ir.TriggerEvent.CAST, "self")
_DAMAGE = re.compile(r"deals_(combat_)?damage(?:_to_(player|opponent|you|creature|self|enchanted_player))?$")
# Events that happen to one object, and the trigger events each one meets; bushido's "blocks or
# becomes blocked" is one trigger condition met by either (CR 702.45a).
_OBJECT_EVENTS = {
    EventKind.ATTACKS: (ir.TriggerEvent.ATTACKS,), EventKind.ATTACKS_ALONE: (ir.TriggerEvent.ATTACKS_ALONE,), EventKind.TAPPED: (ir.TriggerEvent.TAPPED,),
    EventKind.UNTAPPED: (ir.TriggerEvent.UNTAPPED,), EventKind.COUNTERS: (ir.TriggerEvent.COUNTER_PLACED,), EventKind.TURNED_FACE_UP: (ir.TriggerEvent.TURNED_FACE_UP,),
    EventKind.BECOMES_RENOWNED: (ir.TriggerEvent.BECOMES_RENOWNED,), EventKind.BECOMES_MONSTROUS: (ir.TriggerEvent.BECOMES_MONSTROUS,),
    EventKind.MUTATED: (ir.TriggerEvent.MUTATES,),        # CR 702.140d: "whenever this creature mutates"
    EventKind.PHASED_OUT: (ir.TriggerEvent.PHASES_OUT,), EventKind.PHASED_IN: (ir.TriggerEvent.PHASES_IN,),     # CR 702.26b-c
    EventKind.BLOCKS: (ir.TriggerEvent.BLOCKS, ir.TriggerEvent.BLOCKS_OR_BECOMES_BLOCKED),
    EventKind.BECOMES_BLOCKED: (ir.TriggerEvent.BECOMES_BLOCKED, ir.TriggerEvent.BLOCKS_OR_BECOMES_BLOCKED),
    EventKind.UNBLOCKED: (ir.TriggerEvent.ATTACKS_UNBLOCKED,),     # "attacks and isn't blocked" (CR 509.3g)
}


# The trigger events :func:`instances` can find in an event of each kind; any other kind
# triggers nothing.
_SEEN_BY_KIND = {
    EventKind.ZONE_CHANGE: frozenset((ir.TriggerEvent.ENTERS, ir.TriggerEvent.DIES, ir.TriggerEvent.LEAVES, ir.TriggerEvent.DISCARDS, ir.TriggerEvent.SACRIFICED, ir.TriggerEvent.PLAYS_LAND,
                                      ir.TriggerEvent.PUT_INTO_GRAVEYARD)),
    EventKind.GAIN_LIFE: frozenset((ir.TriggerEvent.GAIN_LIFE,)), EventKind.LOSE_LIFE: frozenset((ir.TriggerEvent.LOSE_LIFE,)),
    EventKind.VOTES_FINISHED: frozenset((ir.TriggerEvent.VOTES_FINISHED,)),
    EventKind.DRAW: frozenset((ir.TriggerEvent.DRAW,)), EventKind.STEP: frozenset((ir.TriggerEvent.BEGINNING_OF_STEP,)),
    EventKind.CAST: frozenset((ir.TriggerEvent.CAST,)), EventKind.TAPPED_FOR_MANA: frozenset((ir.TriggerEvent.TAPPED_FOR_MANA,)),
    EventKind.ACTIVATED: frozenset((ir.TriggerEvent.ACTIVATES,)),
    EventKind.MADNESS: frozenset((ir.TriggerEvent.EXILED_WITH_MADNESS,)), EventKind.BECOMES_TARGET: frozenset((ir.TriggerEvent.BECOMES_TARGET, ir.TriggerEvent.BECOMES_TARGET_BY_SPELL)),
    EventKind.EXERTED: frozenset((ir.TriggerEvent.EXERTS,)), EventKind.EXPLOITED: frozenset((ir.TriggerEvent.EXPLOITS,)),
    EventKind.SPELL_COUNTERED: frozenset((ir.TriggerEvent.COUNTERS_SPELL,)),
    EventKind.EXPLORED: frozenset((ir.TriggerEvent.EXPLORES,)),
    EventKind.CYCLED: frozenset((ir.TriggerEvent.CYCLED, ir.TriggerEvent.CYCLES)),
    EventKind.DAMAGE: frozenset((ir.TriggerEvent.DEALT_DAMAGE,)),
    EventKind.STATE: frozenset((ir.TriggerEvent.CONTROL_NONE, ir.TriggerEvent.NO_COUNTERS)),       # state triggers (CR 603.8): check_state_triggers
}
for _kind, _seen in _OBJECT_EVENTS.items():
    _SEEN_BY_KIND[_kind] = _SEEN_BY_KIND.get(_kind, frozenset()) | frozenset(_seen)
_SEEN_BY_KIND[EventKind.BECOMES_BLOCKED] |= {ir.TriggerEvent.BLOCKED_BY_CREATURE_WITHOUT_FLANKING, ir.TriggerEvent.BLOCKS_OR_BLOCKED_BY_CREATURE,
                                               ir.TriggerEvent.BLOCKED_BY_CREATURE}
_SEEN_BY_KIND[EventKind.BLOCKS] |= {ir.TriggerEvent.BLOCKS_OR_BLOCKED_BY_CREATURE}


_SEEN_BY_KIND[EventKind.ATTACKERS_DECLARED] = frozenset((ir.TriggerEvent.ATTACKS,))     # "one or more ... attack" (CR 603.2c)
_SEEN_BY_KIND[EventKind.COUNTERS] |= {ir.TriggerEvent.CHAPTER}        # a Saga's chapter abilities (CR 714.2b)
_LISTED = frozenset().union(*_SEEN_BY_KIND.values())


def _could_see(kind: EventKind, event: ir.TriggerEvent) -> bool:
    """Whether a trigger condition on ``event`` can be met by an event of ``kind`` at all. A
    trigger event the table doesn't list is always looked at, so a new one is never missed."""
    if _DAMAGE.match(event) is not None:
        return kind is EventKind.DAMAGE
    return event not in _LISTED or event in _SEEN_BY_KIND.get(kind, ())


_CARD = attrgetter("card")


@lru_cache(maxsize=4096)
def _graveyard_triggers(cards: tuple) -> tuple[int, ...]:
    """The positions in a graveyard, given as its cards, of those with a triggered ability that
    works from there; cached per graveyard content (every event asks, graveyards change
    seldom)."""
    return tuple(i for i, card in enumerate(cards) if any(ab.from_graveyard for _i, ab in triggered_abilities(card)))


@lru_cache(maxsize=16384)
def _triggered_by_kind(card, kind: EventKind) -> tuple[tuple[int, ir.TriggeredAbility], ...]:
    """The triggered abilities of ``card`` that an event of ``kind`` could trigger (cached per
    card definition and kind: every event asks this of every permanent)."""
    return tuple((i, ab) for i, ab in triggered_abilities(card) if _could_see(kind, ab.trigger.event))


# ------------------------------------------------------------------------------ matching


def _matches_subject(s, subject, obj: Obj | None, source: Obj) -> bool:
    return obj is not None and relates(s, subject, obj, source)


def _player_matches(whose: str | ir.Filter | None, player: int, source: Obj) -> bool:
    """Whether ``player`` is whom ``whose`` names, seen from the trigger's ``source``: anyone,
    its controller, an opponent, the player its Aura enchants (CR 303.4b)."""
    if whose in (None, "each", "any"):
        return True
    controller = source.controller
    if whose == ir.ENCHANTED_PLAYER:
        return player == enchanted_player(source)
    if whose in ("you", "your"):
        return player == controller
    if whose in ("opponent", "an_opponent"):
        return player != controller
    return False


def _lookback_matches(s, f: ir.Filter, old: Obj, source: Obj) -> bool:
    """CR 603.10: leaves-the-battlefield triggers look back at the object as it last existed."""
    zone = old.zone
    old.zone = BATTLEFIELD
    try:
        return matches(s, old, f, source)
    finally:
        old.zone = zone


def instances(s, trig: ir.Trigger, source: Obj, ev: Event) -> list[Seen]:
    """The occurrences in ``ev`` that meet the trigger condition, one view each (CR 603.2c).

    Most events give at most one; a damage event gives one per source that dealt damage
    (and per player, for "to a player" conditions), since all combat damage is one event
    (CR 510.2) holding an occurrence per source. Each event class has its own reader
    (``_INSTANCES``); an event of a class none reads triggers nothing."""
    reader = _INSTANCES.get(type(ev))
    return reader(s, trig, source, ev) if reader is not None else []


def _zone_change(s, trig: ir.Trigger, source: Obj, ev: ZoneChange) -> list[Seen]:
    e = trig.event
    kind = ev.kind
    if e == ON_DISCARDS:          # CR 701.9a: a player discards a card of their hand
        hit = ev.discarded and _player_matches(trig.subject, ev.owner, source)
        return [Seen(kind, obj=ev.obj, player=ev.owner, from_zone=HAND, to=ev.to)] if hit else []
    if e == ON_PLAYS_LAND:       # CR 305.1: the land a player played, under their control
        hit = ev.played and ev.to == BATTLEFIELD and _player_matches(trig.subject, ev.controller,
                                                                       source) \
            and not (trig.another and ev.obj == source.id)
        return [Seen(kind, obj=ev.obj, player=ev.controller, to=BATTLEFIELD)] if hit else []
    if e == ON_ENTERS and ev.to == BATTLEFIELD:
        new = s.objs.get(ev.obj) if ev.obj is not None else None
        if not _matches_subject(s, trig.subject, new, source) or trig.untapped and (new is None or new.tapped):
            return []
        # CR 603.4, 400.7d: "if it was kicked" looks back at how it was cast
        costs = new.cast_costs if new is not None and new.cast_costs else None
        # evolve compares with the entered creature, as it last existed should it leave
        # before the ability resolves (Cloudfin Raptor rulings 2013-04-15)
        known = None
        if isinstance(trig.subject, ir.Filter) and new is not None and ch.is_creature(s, new):
            power, toughness = ch.power_toughness(s, new)
            known = {"power": power, "toughness": toughness, "mana_value": ch.mana_value(new)}
        # "create a token that's a copy of that creature" copies it as it last existed should it
        # leave first (CR 707.2, 608.2h; Inalla, Archmage Ritualist's rulings 2017-08-25)
        copiable = new.card.face if new is not None and trig.subject != "self" else None
        # its name, for "if it doesn't have the same name as ..." once it has left (Guardian Project)
        return [Seen(kind, obj=ev.obj, from_zone=ev.from_zone, to=BATTLEFIELD, cast_costs=costs,
                     name=new.card.name if new is not None else None,
                     controller=new.controller if new is not None else None, last_known=known,
                     colors_spent=ev.colors_spent if ev.from_zone == STACK else None, copiable=copiable)]
    if e == ON_SACRIFICED and ev.sacrificed and ev.from_zone == BATTLEFIELD:
        # CR 701.21a: "whenever you sacrifice ...", looking back at it (CR 603.10a)
        old = ev.old
        if not (isinstance(trig.subject, ir.Filter) and _lookback_matches(s, trig.subject, old, source)):
            return []
        return [Seen(kind, obj=ev.obj, old=old.id, from_zone=BATTLEFIELD, to=ev.to, name=old.card.name,
                     controller=old.controller, player=old.controller)]
    if e == ON_PUT_INTO_GRAVEYARD and ev.to == GRAVEYARD:
        # a card put into its owner's graveyard from any zone (CR 400.3); a token leaving
        # the battlefield is no card and is gone (CR 108.2, 111.7). No leaves-the-battlefield
        # event: a source that left with it doesn't look back (CR 603.10a; see events.together)
        new = s.objs.get(ev.obj) if ev.obj is not None else None
        if new is None or new.zone != GRAVEYARD or source.id not in s.objs \
                or not _matches_subject(s, trig.subject, new, source):
            return []
        if trig.from_zone is not None and ev.from_zone != trig.from_zone:   # "from your library"
            return []
        if trig.whose is not None:
            if not _player_matches(trig.whose, new.owner, source):
                return []
            if exercise.RECORD is not None:
                exercise.note("GRAVEYARD_OWNERS", trig.whose, source.card)
        return [Seen(kind, obj=ev.obj, player=new.owner, from_zone=ev.from_zone, to=GRAVEYARD)]
    if e in (ON_DIES, ON_LEAVES) and ev.from_zone == BATTLEFIELD:
        old = ev.old
        if e == ON_DIES and ev.to != GRAVEYARD:   # CR 700.4: any permanent that goes there
            return []
        if trig.whose is not None:      # "put into your graveyard": the card's owner's (CR 400.3)
            if not _player_matches(trig.whose, old.owner, source):
                return []
            if exercise.RECORD is not None:
                exercise.note("GRAVEYARD_OWNERS", trig.whose, source.card)
        if trig.subject == "self":
            hit = old.id == source.id
        elif trig.subject in ("enchanted", "equipped"):
            # CR 603.10a: the Aura or Equipment was attached to it as it left
            hit = source.id in ev.attached and source.zone == BATTLEFIELD
        elif trig.subject == "haunted":     # CR 702.55b-c: the exiled card haunting it
            hit = source.zone == EXILE and HAUNTING in source.designations and source.attached_to == old.id
        else:
            hit = isinstance(trig.subject, ir.Filter) and _lookback_matches(s, trig.subject, old, source)
        if not hit:
            return []
        # CR 603.10a, 608.2h: its controller and what "its power" means once it has left
        return [Seen(kind, obj=ev.obj, old=old.id, from_zone=BATTLEFIELD, to=ev.to,
                     counters=dict(old.counters), name=old.card.name, controller=old.controller,
                     last_known={"power": ch.power(s, old), "toughness": ch.toughness(s, old),
                                 "mana_value": ch.mana_value(old)})]
    return []


def _damage_dealt(s, trig: ir.Trigger, source: Obj, ev: DamageDealt) -> list[Seen]:
    if trig.event != ON_DEALT_DAMAGE:
        return _damage_instances(s, trig, source, ev)
    # once for the event, all sources together (CR 603.2c)
    hit: tuple[int | None, ...]
    if trig.subject == "self":
        hit = (source.id,)
    elif isinstance(trig.subject, ir.Filter):   # each permanent it describes (CR 120.3)
        subject = trig.subject
        hit = tuple(dict.fromkeys(d[1] for d in ev.dealt if isinstance(d[1], int) and d[2] > 0
                                  and d[1] in s.objs and matches(s, s.objs[d[1]], subject, source)))
    else:       # the creature its Aura or Equipment is attached to (CR 303.4)
        host = attached_object(source)
        hit = (host,) if host is not None else ()
    out = []
    for oid in hit:
        dealt = tuple(d for d in ev.dealt if d[1] == oid and d[2] > 0)
        if dealt:
            # "that creature's controller" as it was dealt the damage, should it die (CR 608.2h)
            out.append(Seen(EventKind.DAMAGE, combat=ev.combat, obj=oid, amount=sum(d[2] for d in dealt),
                            dealt=dealt, controller=s.objs[oid].controller if oid in s.objs else None))
    return out


def _cycled(s, trig: ir.Trigger, source: Obj, ev: Cycled) -> list[Seen]:
    # CR 702.29c: the cycled card's own "when you cycle ~", from where it went; any other
    # cycling trigger is a permanent's (the cycled card's work only on the battlefield)
    e = trig.event
    if e == ON_CYCLED:
        hit = trig.subject == "self" and ev.obj == source.id
    else:
        hit = e == ON_CYCLES and source.zone in (BATTLEFIELD, COMMAND) \
            and _player_matches(trig.subject, ev.player, source)
    return [Seen(ev.kind, obj=ev.obj, player=ev.player, x=ev.x)] if hit else []


def _activated(s, trig: ir.Trigger, source: Obj, ev: AbilityActivated) -> list[Seen]:
    # CR 602.2b, 601.2i: who activated it, and of what source; a named source is the permanent
    # as the ability became activated (a Vehicle crewed is no creature yet: Runic Armasaur rulings)
    if trig.event != ON_ACTIVATES or not _player_matches(trig.subject, ev.player, source):
        return []
    if trig.source is not None:
        src = s.objs.get(ev.obj) or ev.old
        if src is None or not matches(s, src, trig.source, source, source.controller):
            return []
    return [Seen(ev.kind, obj=ev.obj, player=ev.player, item=ev.item)]


def _player_whose(trig: ir.Trigger) -> str | ir.Filter | None:
    """Whose life or draw a trigger condition names: "you" unless it says."""
    return trig.whose or (trig.subject if isinstance(trig.subject, str) and trig.subject != "self" else "you")


def _life_gained(s, trig: ir.Trigger, source: Obj, ev: LifeGained) -> list[Seen]:
    if trig.event != ON_GAIN_LIFE or not _player_matches(_player_whose(trig), ev.player, source):
        return []
    if trig.nth == 1 and s.players[ev.player].life_gained_this_turn != ev.amount:
        return []           # "for the first time each turn": life was gained before (CR 119.3)
    return [Seen(ev.kind, player=ev.player, amount=ev.amount)]


def _life_lost(s, trig: ir.Trigger, source: Obj, ev: LifeLost) -> list[Seen]:
    if trig.event != ON_LOSE_LIFE or not _player_matches(_player_whose(trig), ev.player, source):
        return []
    return [Seen(ev.kind, player=ev.player, amount=ev.amount)]


def _drew(s, trig: ir.Trigger, source: Obj, ev: Drew) -> list[Seen]:
    if trig.event != ON_DRAW or not _player_matches(_player_whose(trig), ev.player, source):
        return []
    # "your second card each turn": the draw count includes this card (CR 121.1)
    if trig.nth and s.players[ev.player].drawn_this_turn != trig.nth:
        return []
    return [Seen(ev.kind, player=ev.player, amount=1, obj=ev.obj)]


def _blocked(s, trig: ir.Trigger, source: Obj, ev: Blocked) -> list[Seen]:
    if trig.event == ON_BLOCKS_OR_BLOCKED_BY_CREATURE:
        # CR 509.3d: once for each creature it blocks; "that creature" is that other creature
        if not _matches_subject(s, trig.subject, s.objs.get(ev.obj), source):
            return []
        return [Seen(ev.kind, obj=o, player=ev.player) for o in s.objs[ev.obj].blocking if o in s.objs]
    return _object_event(s, trig, source, ev)


def _became_blocked(s, trig: ir.Trigger, source: Obj, ev: BecameBlocked) -> list[Seen]:
    e = trig.event
    if e in (ON_BLOCKS_OR_BLOCKED_BY_CREATURE, ON_BLOCKED_BY_CREATURE):
        # CR 509.3f: once for each creature blocking it; "that creature" is that other creature
        if not _matches_subject(s, trig.subject, s.objs.get(ev.obj), source):
            return []
        return [Seen(ev.kind, obj=o, player=ev.player) for o in ev.blockers if o in s.objs]
    if e == ON_BLOCKED_BY_CREATURE_WITHOUT_FLANKING:
        # CR 702.25a-b: one instance per blocker that lacks flanking; "that creature" is the blocker
        if not _matches_subject(s, trig.subject, s.objs.get(ev.obj), source):
            return []
        return [Seen(ev.kind, obj=b, attacker=ev.obj, player=ev.player)
                for b in ev.blockers if b in s.objs and not ch.has(s, s.objs[b], "flanking")]
    return _object_event(s, trig, source, ev)


def _attackers_declared(s, trig: ir.Trigger, source: Obj, ev: AttackersDeclared) -> list[Seen]:
    return _batch_attack(s, trig, source, ev) if trig.one_or_more else []


def _counters_put(s, trig: ir.Trigger, source: Obj, ev: CountersPut) -> list[Seen]:
    if trig.event == ON_CHAPTER:          # CR 714.2b: lore counters put on this Saga reach chapter N
        if ev.obj != source.id or ev.counter != "lore":
            return []
        after = source.counters.get("lore", 0)
        return [Seen(ev.kind, obj=ev.obj, amount=ev.amount)] if after - ev.amount < trig.chapter <= after else []
    return _object_event(s, trig, source, ev)


_ObjectEvent = (Attacked | AttackedAlone | Tapped | Untapped | CountersPut | TurnedFaceUp | BecameRenowned
                | BecameMonstrous | Mutated | Blocked | BecameBlocked | Unblocked | PhasedOut | PhasedIn)


def _object_event(s, trig: ir.Trigger, source: Obj, ev: _ObjectEvent) -> list[Seen]:
    """An event that happens to one object, met by the trigger events ``_OBJECT_EVENTS`` lists."""
    if trig.event not in _OBJECT_EVENTS[ev.kind]:
        return []
    if trig.one_or_more or not _matches_subject(s, trig.subject, s.objs.get(ev.obj), source):
        return []
    if trig.with_others and sum(1 for o in s.permanents() if o.attacking is not None and o.id != ev.obj) \
            < trig.with_others:      # battalion: declared with at least so many others (CR 508.1)
        return []
    if trig.attacked is not None:
        attacker = s.objs[ev.obj]
        if not _attacks_whom(s, trig.attacked, attacker, source):
            return []
        # "that player": the player it attacks, or who controls the planeswalker it attacks
        return [Seen(ev.kind, obj=ev.obj, player=attacker.attacking, defender=attacker.attacking)]
    if type(ev) is BecameMonstrous:      # CR 701.37c: with the X it became monstrous for
        return [Seen(ev.kind, obj=ev.obj, player=ev.player, x=ev.x)]
    if isinstance(ev, (Attacked, AttackedAlone, BecameBlocked, Unblocked)):
        # CR 508.5: whom it attacks, remembered should it leave combat before the ability resolves
        attacker = s.objs.get(ev.obj)
        return [Seen(ev.kind, obj=ev.obj, player=ev.player,
                     defender=attacker.attacking if attacker is not None else None)]
    return [Seen(ev.kind, obj=ev.obj, player=getattr(ev, "player", None))]


def _step_began(s, trig: ir.Trigger, source: Obj, ev: StepBegan) -> list[Seen]:
    if trig.event != ON_BEGINNING_OF_STEP:
        return []
    if trig.whose == "enchanted_controller":
        # CR 303.4: the step of the turn of the enchanted permanent's controller
        host = s.objs.get(source.attached_to) if source.attached_to is not None else None
        hit = trig.step == ev.step and host is not None and host.controller == s.active
        return [Seen(ev.kind, step=ev.step, player=s.active)] if hit else []
    if trig.whose == ir.ENCHANTED_PLAYER:
        # CR 303.4b: the step of the turn of the player this Aura enchants, "that player"
        hit = trig.step == ev.step and enchanted_player(source) == s.active
        return [Seen(ev.kind, step=ev.step, player=s.active)] if hit else []
    if trig.whose == ir.CHOSEN_PLAYER:
        # the player chosen as the permanent entered (CR 614.12): "that player" on their turn
        hit = trig.step == ev.step and is_player_ref(source.chosen) and player_of(source.chosen) == s.active
        return [Seen(ev.kind, step=ev.step, player=s.active)] if hit else []
    if trig.step == ev.step and _player_matches(trig.whose, s.active, source):
        return [Seen(ev.kind, step=ev.step, player=s.active)]
    return []


def _spell_cast(s, trig: ir.Trigger, source: Obj, ev: SpellCast) -> list[Seen]:
    if trig.event != ON_CAST:
        return []
    kind = ev.kind
    spell = s.objs.get(ev.obj)
    if trig.subject == "self":      # cascade: "when you cast this spell" (CR 702.85a)
        if spell is None or spell.id != source.id:
            return []
        item = next((i for i in s.stack if i.id == ev.item), None)
        # storm (CR 702.40a) counts the spells cast before this one, and may copy the spell
        # as it was cast should it leave the stack first (Grapeshot rulings 2013-06-07)
        cast = {} if item is None else {"cast_x": item.x, "cast_modes": tuple(item.modes),
                                        "cast_targets": tuple(tuple(g) for g in item.targets)}
        # replicate and conspire (CR 702.56a, 702.78a) copy it once per payment of their cost
        cast["cast_costs"] = tuple(spell.cast_costs)
        return [Seen(kind, obj=ev.obj, player=ev.player, item=ev.item, mana_value=ch.mana_value(spell),
                     spells_before=sum(p.spells_cast_this_turn for p in s.players) - 1, **cast)]
    # a filter's controller says whose spells count: the caster controls the spell (CR 601.2a)
    whose = trig.whose or (None if isinstance(trig.subject, ir.Filter) else "you")
    if not _player_matches(whose, ev.player, source):
        return []
    if isinstance(trig.subject, ir.Filter):
        if spell is None or not matches(s, spell, trig.subject, source, source.controller):
            return []
    # "your second spell each turn": the count includes this spell (CR 601.2i); "the second
    # creature spell you cast this turn" counts creature spells only (Vengevine's rulings)
    if trig.nth:
        caster = s.players[ev.player]
        creature = isinstance(trig.subject, ir.Filter) and trig.subject.types == ("Creature",)
        if (caster.creature_spells_cast_this_turn if creature else caster.spells_cast_this_turn) != trig.nth:
            return []
    if trig.during is not None:     # "during an opponent's turn": whose turn it is now
        if not _player_matches(trig.during, s.active, source):
            return []
        if exercise.RECORD is not None:
            exercise.note("TRIGGER_TURNS", trig.during, source.card)
    # "that spell's mana value": as it was cast, X included (CR 202.3e; Manaplasm ruling)
    return [Seen(kind, obj=ev.obj, player=ev.player, item=ev.item,
                 mana_value=ch.mana_value(spell) if spell is not None else None)]


def _tapped_for_mana(s, trig: ir.Trigger, source: Obj, ev: TappedForMana) -> list[Seen]:
    if trig.event != ON_TAPPED_FOR_MANA:
        return []
    wanted = source.chosen if trig.mana_type == "chosen" else trig.mana_type
    if trig.mana_type and wanted not in ev.mana:
        return []      # "tapped for mana of the chosen color" (CR 106.12a)
    if not _matches_subject(s, trig.subject, s.objs.get(ev.obj), source):
        return []
    if not _player_matches(trig.whose, ev.player, source):
        return []      # "Whenever you tap a land for mana" (CR 106.12a)
    return [Seen(ev.kind, obj=ev.obj, player=ev.player, mana=tuple(ev.mana))]


def _explored(s, trig: ir.Trigger, source: Obj, ev: Explored) -> list[Seen]:
    """"Whenever a creature you control explores" (CR 701.44b-c): after it explored, as it is,
    or as it last existed if it had left."""
    o = ev.explorer
    if trig.event != ON_EXPLORES or o is None or not isinstance(trig.subject, ir.Filter):
        return []
    hit = _matches_subject(s, trig.subject, o, source) if o.zone == BATTLEFIELD \
        else _lookback_matches(s, trig.subject, o, source)
    return [Seen(ev.kind, obj=ev.obj, controller=o.controller)] if hit else []


def _exploited(s, trig: ir.Trigger, source: Obj, ev: Exploited) -> list[Seen]:
    """"When ~ exploits a creature" (CR 702.110b)."""
    if trig.event != ON_EXPLOITS:
        return []
    name = ev.old.card.name if ev.old is not None else None
    return [Seen(ev.kind, obj=ev.obj, player=ev.player, name=name)] if ev.obj == source.id else []


def _spell_countered(s, trig: ir.Trigger, source: Obj, ev: SpellCountered) -> list[Seen]:
    """"Whenever a spell or ability you control counters a spell" (CR 701.6a)."""
    if trig.event != ON_COUNTERS_SPELL or not _player_matches(trig.whose, ev.player, source):
        return []
    return [Seen(ev.kind, item=ev.item, player=ev.player)]


def _exerted(s, trig: ir.Trigger, source: Obj, ev: Exerted) -> list[Seen]:
    """"Whenever you exert a creature" (CR 701.43)."""
    if trig.event != ON_EXERTS or not _player_matches(trig.whose or trig.subject, ev.player, source):
        return []
    return [Seen(ev.kind, obj=ev.obj, player=ev.player)]


def _exiled_with_madness(s, trig: ir.Trigger, source: Obj, ev: ExiledWithMadness) -> list[Seen]:
    if trig.event != ON_EXILED_WITH_MADNESS or ev.obj != source.id:
        return []
    return [Seen(ev.kind, obj=ev.obj, player=ev.player)]


def _became_target(s, trig: ir.Trigger, source: Obj, ev: BecameTarget) -> list[Seen]:
    # CR 702.21a (ward): "becomes the target of a spell or ability an opponent controls"
    if trig.event not in (ON_BECOMES_TARGET, ON_BECOMES_TARGET_BY_SPELL) \
            or not _matches_subject(s, trig.subject, s.objs.get(ev.obj), source):
        return []
    if trig.event == ON_BECOMES_TARGET_BY_SPELL and not any(   # a spell, not an ability (CR 115.1a-b)
            i.id == ev.item and i.kind == ItemKind.SPELL for i in s.stack):
        return []
    if not _player_matches(trig.whose, ev.player, source):
        return []
    return [Seen(ev.kind, obj=ev.obj, item=ev.item, player=ev.player)]


# The reader of each class of event that can trigger an ability.
def _lost_game(s, trig: ir.Trigger, source: Obj, ev: LostGame) -> list[Seen]:
    """"When enchanted player loses the game" (CR 104.3, 800.4a). The Aura goes once the player
    has left (CR 704.5m): its counters are kept as they were, for "the number of spite counters
    on ~" (CR 603.10a, 113.7a)."""
    if trig.event != ON_LOSES_GAME or not _player_matches(_player_whose(trig), ev.player, source):
        return []
    return [Seen(ev.kind, player=ev.player, counters=dict(source.counters))]


def _votes_finished(s, trig: ir.Trigger, source: Obj, ev: VotesFinished) -> list[Seen]:
    """"Whenever players finish voting" (CR 701.38a): the votes cast, for what the ability reads."""
    return [Seen(ev.kind, votes=ev.votes)] if trig.event == ON_VOTES_FINISHED else []


_INSTANCES: dict[type, Callable[[Any, ir.Trigger, Obj, Any], list[Seen]]] = {
    ZoneChange: _zone_change, DamageDealt: _damage_dealt, Cycled: _cycled, AbilityActivated: _activated,
    LifeGained: _life_gained, LifeLost: _life_lost, Drew: _drew, Blocked: _blocked,
    BecameBlocked: _became_blocked, AttackersDeclared: _attackers_declared, CountersPut: _counters_put,
    Attacked: _object_event, AttackedAlone: _object_event, Tapped: _object_event, Untapped: _object_event,
    TurnedFaceUp: _object_event, BecameRenowned: _object_event, BecameMonstrous: _object_event,
    Mutated: _object_event, Unblocked: _object_event, PhasedOut: _object_event, PhasedIn: _object_event,
    StepBegan: _step_began, SpellCast: _spell_cast,
    TappedForMana: _tapped_for_mana, Explored: _explored, Exploited: _exploited, Exerted: _exerted,
    SpellCountered: _spell_countered,
    ExiledWithMadness: _exiled_with_madness, BecameTarget: _became_target, VotesFinished: _votes_finished,
    LostGame: _lost_game,
}


def _batch_attack(s, trig: ir.Trigger, source: Obj, ev) -> list[Seen]:
    """"Whenever one or more creatures you control attack [you]": once for the declaration when
    any attacker fits (CR 603.2c, 508.3a)."""
    fit = [o for o in map(s.objs.get, ev.objs) if o is not None and _matches_subject(s, trig.subject, o, source)
           and (trig.attacked is None or _attacks_whom(s, trig.attacked, o, source))]
    if not fit:
        return []
    if exercise.RECORD is not None:
        exercise.note("BATCHED_EVENTS", trig.event, source.card)
    return [Seen(ev.kind, player=ev.player)]


def _attacks_whom(s, whom: str, attacker: Obj, source: Obj) -> bool:
    """Whether ``attacker`` attacks whom the trigger condition names (CR 508.1b): "you", "you or
    a planeswalker you control", "one of your opponents" [or a planeswalker they control], "the player
    with the most life or tied for most life"."""
    if attacker.attacking is None:
        return False
    if whom == "most_life":     # dethrone (CR 702.105a): a player, none with more life
        if attack_targets.declared_target(s, attacker.id) is not None:
            return False
        if s.players[attacker.attacking].life < max(p.life for p in s.players):
            return False
        if exercise.RECORD is not None:
            exercise.note("ATTACKED", whom, source.card)
        return True
    if whom == ir.ENCHANTED_PLAYER:     # the player this Aura enchants, not a planeswalker (CR 303.4b)
        if attacker.attacking != enchanted_player(source) or attack_targets.declared_target(s, attacker.id) is not None:
            return False
        if exercise.RECORD is not None:
            exercise.note("ATTACKED", whom, source.card)
        return True
    player, walker = whom.partition("_or_")[::2]
    if (attacker.attacking == source.controller) != (player == "you"):
        return False
    if not walker and attack_targets.declared_target(s, attacker.id) is not None:
        return False             # it attacks a planeswalker, not the player
    if exercise.RECORD is not None:
        exercise.note("ATTACKED", whom, source.card)
    return True


def _damage_instances(s, trig: ir.Trigger, source: Obj, ev: DamageDealt) -> list[Seen]:
    """CR 603.2c, 510.2: one instance per source (and per damaged player) the condition names;
    "one or more" conditions give one instance per damaged player for all the sources."""
    m = _DAMAGE.match(trig.event)
    if m is None:
        return []
    combat, to = bool(m.group(1)), m.group(2)
    if combat and not ev.combat:
        return []
    groups: dict[tuple, list] = {}
    for src_id, rcp, amt, ctl in ev.dealt:
        if to == "creature":          # an object dealt damage, a creature then (CR 120.3)
            if isinstance(rcp, str) or rcp not in s.objs or not ch.is_creature(s, s.objs[rcp]):
                continue
        elif to == "self":            # "a source deals damage to ~"
            if rcp != source.id:
                continue
        elif to is not None:
            if not (isinstance(rcp, str) and rcp.startswith("p")):
                continue
            if to == "opponent" and int(rcp[1:]) == source.controller:
                continue
            if to == "you" and int(rcp[1:]) != source.controller:
                continue
            if to == ir.ENCHANTED_PLAYER and int(rcp[1:]) != enchanted_player(source):
                continue        # CR 303.4b: the player the Aura enchants
        dealer = ev.sources[src_id]
        if trig.subject == "self":
            hit = src_id == source.id
        elif trig.subject in ("enchanted", "equipped"):
            hit = source.attached_to == src_id
        elif isinstance(trig.subject, ir.Filter):
            hit = _lookback_matches(s, trig.subject, dealer, source)
        else:
            hit = False
        if hit:
            key = (None if trig.one_or_more else src_id, rcp if to else None)
            groups.setdefault(key, []).append((src_id, rcp, amt, ctl))
    return [Seen(EventKind.DAMAGE, combat=ev.combat, obj=dealt[0][0], controller=dealt[0][3],
                 amount=sum(d[2] for d in dealt), dealt=tuple(dealt),
                 player=int(rcp[1:]) if isinstance(rcp, str) else None)
            for (_src, rcp), dealt in groups.items()]


# ------------------------------------------------------------------------------ collecting


def collect(ctx, ev: Event) -> None:
    """CR 603.2: find every triggered ability that this event triggers."""
    s = ctx.s
    s.events_seen += 1
    kind = ev.kind
    if type(ev) is StepBegan and ev.step in ONE_SHOT_DELAYS.values():
        _delayed_at_next(ctx, ev.step)
    damage = type(ev) is DamageDealt
    found = layers.changers(s)
    plain = not (found or layers.any_granted(s))
    if plain and not damage:
        # each card is itself: only the permanents with an ability that triggers on this kind
        # of event are looked at, found once per battlefield (most events: none)
        memo = board_memo(s)
        hot = memo.get(kind)
        if hot is None:
            hot = memo[kind] = tuple(i for i in s.battlefield if _triggered_by_kind(s.objs[i].card, kind))
        if not hot and type(ev) not in _SEEN_ELSEWHERE and _nothing_off_the_battlefield(s, ev):
            return          # no permanent has such an ability, and nothing else could see it
        sources = [s.objs[i] for i in hot]
    else:
        sources = [s.objs[i] for i in s.battlefield]
    for p in s.players:                 # emblems' abilities work in the command zone (CR 114.4);
        # a commander card's don't (CR 113.6), but for those that say so (eminence, CR 113.6b)
        sources += [s.objs[i] for i in p.command if not s.objs[i].card.types or eminent(s.objs[i].card)]
    if type(ev) is ZoneChange and ev.from_zone == BATTLEFIELD:
        sources.append(ev.old)  # look back in time (CR 603.10a)
        sources += ctx.together or ()   # and at the permanents that left with it, just before
        sources += [s.objs[i] for p in s.players for i in p.exile        # cards haunting it (CR 702.55c)
                    if s.objs[i].attached_to == ev.old.id and HAUNTING in s.objs[i].designations]
    elif type(ev) is PhasedOut and ev.obj in s.objs:
        sources.append(s.objs[ev.obj])  # "whenever ~ phases out" looks back in time (CR 603.10b)
    elif type(ev) is Exploited and ev.old is not None:
        sources.append(ev.old)  # it exploited itself (Sidisi's Faithful rulings 2015-02-25)
    elif (type(ev) is SpellCast or type(ev) is ExiledWithMadness) and ev.obj in s.objs:
        # the spell itself: cascade works on the stack (CR 702.85a); the card madness exiled
        # has its own trigger (CR 702.35a)
        sources.append(s.objs[ev.obj])
    elif type(ev) is Cycled and ev.obj in s.objs and s.objs[ev.obj] not in sources:
        sources.append(s.objs[ev.obj])  # "when you cycle ~" works where it went (CR 702.29c)
    elif type(ev) is StepBegan:            # suspended cards' upkeep trigger (CR 702.62a-b)
        sources += [s.objs[i] for p in s.players for i in p.exile if suspended(s.objs[i])]
    # a card that left the battlefield in the same event as the one leaving now wasn't in a
    # graveyard just before: its abilities that work from there don't look back (CR 603.10a;
    # Bridge from Below's rulings)
    left_with = {ctx.moved.get(o.id) for o in ctx.together} \
        if ctx.together and type(ev) is ZoneChange and ev.from_zone == BATTLEFIELD else ()
    for p in s.players:               # "you may return ~ from your graveyard" (CR 113.6b, 113.6k-m)
        gy = p.graveyard
        if gy:
            at = _graveyard_triggers(tuple(map(_CARD, map(s.objs.__getitem__, gy))))
            if at:
                sources += [s.objs[gy[i]] for i in at if gy[i] not in left_with]
    if type(ev) is DamageDealt:
        for src in ev.sources.values():
            if src.id not in s.battlefield:
                sources.append(src)
    elif type(ev) is CountersRemoved and ev.counter == "time":
        _last_time_counter(s, ev)
    if s.effects and any(type(e) is DelayedWatch for e in s.effects):
        _delayed_watch(ctx, ev)
    crown = monarch.source(s)                # the monarch's inherent abilities (CR 724.2)
    if crown is not None and (type(ev) is StepBegan or damage):
        sources.append(crown)
    # Blood Moon removes, layer 6 adds (CR 613); with nothing that changes definitions on the
    # battlefield, each card is itself
    cards = list(map(_CARD, sources)) if plain else [layers.card_now(s, src, found) for src in sources]
    hits = list(map(_triggered_by_kind, cards, repeat(kind)))
    cycled = type(ev) is Cycled
    # most sources have nothing that triggers on this kind: those are passed over in C
    hush = _hushed(ctx, ev) if type(ev) is ZoneChange else None
    for src, card, by_kind in zip(sources, cards, hits) if damage else compress(zip(sources, cards, hits), hits):
        owned: list[tuple[Any, int, ir.TriggeredAbility, int | None]] = [
            (card, idx, ab, None) for idx, ab in by_kind
            if (src.zone != STACK or ab.trigger == _CAST_SELF) and works_in_exile(ab) == (src.zone == EXILE)
            and ab.from_graveyard == (src.zone == GRAVEYARD)
            and (src.zone != COMMAND or not src.card.types or works_from_command_zone(ab))
            or cycled and ab.trigger.event == ON_CYCLED]     # from where it went (CR 702.29c)
        if src.zone == BATTLEFIELD and damage:
            owned += encoded_triggers(s, src)               # cipher (CR 702.99a)
        for card, idx, ab, encoded in owned:
            for view in instances(s, ab.trigger, src, ev):
                if hush is not None and type(ev) is ZoneChange and _silenced(s, hush, ev, ab.trigger, src):
                    continue
                if s.reach is not None and not _within_range(s, src.controller, ev, view):
                    s.add_log(f"{possessive(src.card.name)} ability doesn't trigger: the event is not entirely "
                              f"within {s.players[src.controller].name}'s range of influence", ("801.7",), "trigger")
                    continue
                if ab.condition and not check_condition(s, ab.condition, src, view):
                    s.add_log(f"{possessive(src.card.name)} ability doesn't trigger: its \"if\" condition is "
                              "false", ("603.4",), "trigger")
                    continue
                if encoded is not None:
                    view = replace(view, encoded=encoded)
                _trigger(s, src, card, idx, ab, ev, view)


# the events that some object off the battlefield may see (the branches of collect below): one
# that left it (CR 603.10a), phased out (603.10b), exploited itself, a spell cast, a card cycled,
# the last time counter removed (CR 702.62a), damage from a source that left; a step that
# begins is seen by suspended cards and the monarch (below)
_SEEN_ELSEWHERE = frozenset((ZoneChange, PhasedOut, Exploited, SpellCast, ExiledWithMadness, Cycled,
                             CountersRemoved, DamageDealt))


def _nothing_off_the_battlefield(s, ev: Event) -> bool:
    """Whether no object off the battlefield has a triggered ability that works now: no emblem
    or card in a command zone (CR 114.4, 113.6b), no card in a graveyard with an ability that
    triggers from there (CR 113.6k-m), no delayed ability waiting for an event (CR 603.7); and
    as a step begins, no monarch (CR 724.2) and no suspended card in exile (CR 702.62a)."""
    step = type(ev) is StepBegan
    if step and s.monarch is not None:
        return False
    for p in s.players:
        if p.command or step and p.exile and any(suspended(s.objs[i]) for i in p.exile):
            return False
        gy = p.graveyard
        if gy and _graveyard_triggers(tuple(map(_CARD, map(s.objs.__getitem__, gy)))):
            return False
    return not s.effects or not any(type(e) is DelayedWatch for e in s.effects)


def _no_cause(card) -> ir.StaticNoCauseTriggers | None:
    return next((ab.effect for ab in card.abilities if type(ab) is ir.StaticAbility
                 and type(ab.effect) is ir.StaticNoCauseTriggers), None)


def _hushed(ctx, ev: ZoneChange) -> tuple[str, bool] | None:
    """Whether a creature entering the battlefield or dying in ``ev`` causes no ability to
    trigger (Torpor Orb, Hushbringer; CR 603.2): (the name of the permanent that says so, whether
    it is a death), or None. The creature is seen as it is on the battlefield, after entering
    or before dying; a Hushbringer entering or dying with it counts (the cards' rulings)."""
    s = ctx.s
    if ev.to == BATTLEFIELD and ev.obj in s.objs:
        src = next(ch.static_effects(s, ir.StaticNoCauseTriggers), None)
        new = s.objs[ev.obj]
        if src is not None and new.zone == BATTLEFIELD and ch.is_creature(s, new):
            return src[0].card.name, False
    elif ev.from_zone == BATTLEFIELD and ev.to == GRAVEYARD:
        here = next((o for o, eff in ch.static_effects(s, ir.StaticNoCauseTriggers) if eff.dies), None)
        gone = here or next((o for o in (ev.old, *(ctx.together or ())) if (e := _no_cause(o.card)) is not None
                             and e.dies), None)
        if gone is not None and ch.is_creature(s, ev.old):
            return gone.card.name, True
    return None


def _silenced(s, hush: tuple[str, bool], ev: ZoneChange, trig: ir.Trigger, src: Obj) -> bool:
    """Whether the trigger ``trig`` of ``src`` doesn't trigger on ``ev`` for ``hush``
    (:func:`_hushed`): on a creature entering, none triggers (not even one of a card leaving
    its zone as it enters); on a death, an ability that triggers on leaving the battlefield
    doesn't, one that triggers on what caused it ("whenever you sacrifice") does, and one that
    triggers on a card put into a graveyard from anywhere doesn't only while the permanent
    that says so is still on the battlefield, unless it is the dying card's own (Hushbringer's
    rulings)."""
    name, dies = hush
    if exercise.RECORD is not None:
        card = next((o.card for o, _ in ch.static_effects(s, ir.StaticNoCauseTriggers) if o.card.name == name), None)
        if card is not None:
            exercise.note("STATIC_KINDS", "no_cause_triggers", card)
    if not dies:
        s.add_log(f"{possessive(src.card.name)} ability doesn't trigger: {name} says creatures entering "
                  "the battlefield don't cause abilities to trigger", ("603.2",), "trigger")
        return True
    if trig.event in (ON_DIES, ON_LEAVES):
        pass
    elif trig.event == ON_PUT_INTO_GRAVEYARD:
        if src.id == ev.obj or not any(o.card.name == name for o, _ in ch.static_effects(s, ir.StaticNoCauseTriggers)):
            return False
    else:
        return False
    s.add_log(f"{possessive(src.card.name)} ability doesn't trigger: {name} says creatures dying don't "
              "cause abilities to trigger", ("603.2",), "trigger")
    return True


def _within_range(s, controller: int, ev: Event, view: Seen) -> bool:
    """CR 801.7: whether the event happened entirely within ``controller``'s range of influence:
    the players it names, and the objects it names by their controllers; an object that left the
    battlefield by its controller there, as it last existed (801.7a, 603.10a)."""
    near = s.reach[controller]
    players = [view.player, view.controller, view.defender if isinstance(view.defender, int) else None]
    if type(ev) is ZoneChange and ev.from_zone == BATTLEFIELD and ev.old is not None:
        players.append(ev.old.controller)
    elif view.obj is not None and view.obj in s.objs:
        players.append(holder(s.objs[view.obj]))
    for _, recipient, _, source_controller in view.dealt or ():
        players.append(source_controller)
        if is_player_ref(recipient):
            players.append(player_of(recipient))
        elif recipient in s.objs:
            players.append(holder(s.objs[recipient]))
    return all(p is None or p in near for p in players)


def _delayed_watch(ctx, ev: Event) -> None:
    """CR 603.7, 603.2: the delayed abilities that wait for an event this turn, made by spells
    and abilities that resolved (:class:`.effect_records.DelayedWatch`); their source, for
    "you control" and "other", is a stand-in for the object that made them (CR 603.7d). One
    about a single object ("When that creature dies this turn") triggers once (CR 603.7c)."""
    s = ctx.s
    for rec in [e for e in s.effects if type(e) is DelayedWatch]:
        ab = ability_at(rec.card, rec.ability_index)
        if not _could_see(ev.kind, ab.trigger.event):
            continue
        if rec.about is not None and not (type(ev) is ZoneChange and ev.old is not None and ev.old.id == rec.about):
            continue
        stand_in = Obj(rec.source_id, rec.card, rec.controller, STACK)
        stand_in.controller = rec.controller
        for view in instances(s, ab.trigger, stand_in, ev):
            if rec.about is not None:
                s.effects = [e for e in s.effects if e is not rec]
            label = f"{possessive(rec.card.name)} delayed ability"
            s.pending_triggers.append(PendingTrigger(rec.source_id, rec.card, rec.ability_index, rec.controller,
                                                     view, 1, "", label))
            s.add_log(f"{label} triggers on {describe_event(s, view)}: {ab.text}", ("603.7", "603.2"), "trigger")


def _last_time_counter(s, ev) -> None:
    """Vanishing (CR 702.63a, 702.63c): when the last time counter is removed from a permanent,
    each of its vanishing abilities triggers its sacrifice."""
    o = s.objs.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD or o.counters.get("time", 0):
        return
    card = layers.card_now(s, o)
    for ab in card.abilities:
        if type(ab) is ir.Keyword and ab.name == "vanishing":
            label = f"{possessive(o.card.name)} vanishing ability"
            s.pending_triggers.append(PendingTrigger(o.id, card, nested_index(card, VANISHING_SACRIFICE), o.controller,
                                                     Seen(EventKind.LAST_TIME_COUNTER, obj=o.id), 1, "", label))
            s.add_log(f"{label} triggers: the last time counter was removed from {o.card.name}",
                      ("702.63a", "603.2"), "trigger")


def _trigger(s, src: Obj, card, idx: int, ab: ir.TriggeredAbility, ev: Event, view: Seen) -> None:
    """``card`` holds the ability: the source's own card, or a card encoded on it (cipher)."""
    extra, why = additional_triggers(s, src, ev, view)
    count = 1 + extra
    label = f"{possessive(src.card.name)} ability"
    if card.name != src.card.name:
        label += f" ({card.name}, cipher)"
    s.trigger_counts[src.card.name] = s.trigger_counts.get(src.card.name, 0) + count
    s.pending_triggers.append(PendingTrigger(src.id, card, idx, src.controller, view,
                                             count, why, label))
    times = f" x{count} ({why})" if count > 1 else ""
    s.add_log(f"{label} triggers{times} on {describe_event(s, view)}: {ab.text or ab.trigger.event}",
              ("603.2",) + (("603.2d",) if extra else ()), "trigger")


def describe_event(s, view: Seen) -> str:
    """A few words naming the occurrence a trigger saw, for the log."""
    kind = view.kind
    name = _name_of(s, view.obj)
    if kind is EventKind.DAMAGE:
        combat = "combat " if view.combat else ""
        if view.dealt and view.dealt[0][1] == view.obj:       # "is dealt damage"
            return f"{name} being dealt {view.amount} {combat}damage"
        to = f" to {s.players[view.player].name}" if view.player is not None else ""
        # a batch ("one or more creatures deal combat damage") names every source in it
        names = [_name_of(s, oid) for oid in dict.fromkeys(d[0] for d in view.dealt or ())] or [name]
        who = " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{who} dealing {view.amount} {combat}damage{to}"
    if kind is EventKind.ZONE_CHANGE:
        if view.to == BATTLEFIELD:
            return f"{name} entering the battlefield"
        if view.from_zone == HAND:
            return f"{s.players[view.player].name} discarding {name}"
        if view.from_zone is not None and view.from_zone != BATTLEFIELD:
            return f"{name} being put into a {view.to} from a {view.from_zone}"
        # named as it last existed there (CR 603.10a): a Clone leaves as what it copied
        return f"{view.name or name} leaving the battlefield"
    if kind is EventKind.DRAW:      # the card drawn is in a hand, hidden from the other player (CR 400.2)
        return f"{s.players[view.player].name} drawing a card"
    if kind in (EventKind.GAIN_LIFE, EventKind.LOSE_LIFE):
        verb = "gaining" if kind is EventKind.GAIN_LIFE else "losing"
        return f"{s.players[view.player].name} {verb} {view.amount} life"
    if kind is EventKind.STEP:
        return f"the beginning of the {(view.step or '').replace('_', ' ')} step"
    if kind is EventKind.CAST:
        return f"{s.players[view.player].name} casting {name}"
    if kind is EventKind.VOTES_FINISHED:
        return "the players finishing voting"
    if kind is EventKind.MADNESS:
        return f"{name} being exiled by madness"
    if kind is EventKind.CYCLED:
        return f"{s.players[view.player].name} cycling {name}"
    if kind is EventKind.BECOMES_TARGET:
        return f"{name} becoming the target of {s.players[view.player].name}'s spell or ability"
    if kind is EventKind.BECOMES_BLOCKED and view.attacker is not None:
        return f"{_name_of(s, view.attacker)} becoming blocked by {name}"
    if kind is EventKind.ATTACKS_ALONE:
        return f"{name} attacking alone"
    if kind is EventKind.TURNED_FACE_UP:
        return f"{name} being turned face up"
    if kind is EventKind.EXERTED:
        return f"{s.players[view.player].name} exerting {name}"
    if kind is EventKind.EXPLOITED:
        return f"{view.name or name} exploiting a creature"
    if kind in (EventKind.BECOMES_RENOWNED, EventKind.BECOMES_MONSTROUS):
        return f"{name} becoming {kind.split('_')[1]}"
    return f"{name} ({(kind or '').replace('_', ' ')})"


def _name_of(s, oid) -> str:
    o = s.objs.get(oid) if oid is not None else None
    return o.card.name if o is not None else "an object"


# ------------------------------------------------------------------------------ CR 603.2d


def additional_triggers(s, src: Obj, ev: Event, view: Seen) -> tuple[int, str]:
    """CR 603.2d: how many more times this instance triggers, and why (for the log).

    Each :class:`ir.AdditionalTriggers` static ability of a permanent on the battlefield adds
    its ``amount`` when it applies. These effects only change a trigger count: they never
    apply to each other (CR 603.2d), so two Felixes make three instances, not four."""
    extra = 0
    whys = []
    found = layers.changers(s)
    for perm in s.permanents():
        for a in layers.card_now(s, perm, found).abilities:
            if type(a) is ir.AdditionalTriggers and _additional_applies(s, perm, a, src, ev, view):
                extra += a.amount
                whys.append(perm.card.name)
    if not extra:
        return 0, ""
    return extra, f"x{1 + extra}: {', '.join(whys)}, CR 603.2d"


def _additional_applies(s, perm: Obj, a: ir.AdditionalTriggers, src: Obj, ev: Event, view: Seen) -> bool:
    """Does ``perm``'s "triggers an additional time" effect cover this instance?

    "a triggered ability of a permanent you control": the ability's source is a permanent
    controlled by ``perm``'s controller. The cause must be the occurrence the trigger condition
    refers to (Felix's ruling: only conditions about the damage being dealt, never its results
    such as life gained or lost, which are separate events, CR 120.4c, 119.9)."""
    if src.controller != perm.controller or src.zone != BATTLEFIELD:
        return False
    if a.event == ON_DEALS_COMBAT_DAMAGE_TO_PLAYER:
        if type(ev) is not DamageDealt or not view.combat or view.dealt is None:
            return False
        for src_id, rcp, _amt, _ctl in view.dealt:
            dealer = ev.sources[src_id]
            if isinstance(rcp, str) and rcp.startswith("p") and \
                    _lookback_matches(s, a.cause, dealer, perm):
                return True
        return False
    if a.event == ON_ENTERS:
        if view.kind is not EventKind.ZONE_CHANGE or view.to != BATTLEFIELD:
            return False
        new = s.objs.get(view.obj)
        return new is not None and matches(s, new, a.cause, perm)
    return False


def check_condition(s, condition: str | ir.StaticCondition | ir.StateCondition, src: Obj,
                    view: Seen | None = None) -> bool:
    """Intervening "if" clauses the compiler emits (CR 603.4)."""
    return evaluate(s, condition, src, view)


# ------------------------------------------------------------------------------ the stack


@lru_cache(maxsize=16384)
def _state_abilities(card) -> tuple[tuple[int, ir.TriggeredAbility], ...]:
    """The state-triggered abilities of ``card`` (CR 603.8), found once per definition."""
    return _triggered_by_kind(card, EventKind.STATE)


_STATE_KEY = ("state-triggered",)     # board_memo's key for the permanents with such abilities


def _state_triggers_due(s) -> list:
    """The state-triggered abilities ("When you control no Islands") whose state holds and that
    haven't triggered already: none waits or is on the stack (CR 603.8), as (source, card,
    index, ability). Asked before every priority: most permanents have none, passed over first."""
    found = layers.changers(s)
    granted = layers.any_granted(s)
    objs = s.objs
    due: list = []
    if found or granted:
        holders = s.battlefield
    else:               # each card is itself: the permanents with one, found once per battlefield
        memo = board_memo(s)
        holders = memo.get(_STATE_KEY)
        if holders is None:
            holders = memo[_STATE_KEY] = tuple(i for i in s.battlefield if _state_abilities(objs[i].card))
        if not holders:
            return due
    for oid in holders:
        o = objs[oid]
        card = layers.card_now(s, o, found) if found or granted else o.card
        for idx, ab in _state_abilities(card):
            f = ab.trigger.subject
            if ab.trigger.event == ir.TriggerEvent.NO_COUNTERS:
                if ab.trigger.counter is None or o.counters.get(ab.trigger.counter):
                    continue                # "~ has no ice counters on it" doesn't hold
            elif not isinstance(f, ir.Filter) or any(matches(s, p, f, o) for p in s.permanents(o.controller)):
                continue                    # "you control no Islands" doesn't hold
            if any(t.source == o.id and t.ability_index == idx for t in s.pending_triggers) or \
                    any(i.kind == ItemKind.TRIGGERED and i.source == o.id and i.index == idx for i in s.stack):
                continue                    # triggered already, not resolved yet
            due.append((o, card, idx, ab))
    return due


def state_trigger_due(s) -> bool:
    return bool(_state_triggers_due(s))


def check_state_triggers(s) -> None:
    """CR 603.8: a state-triggered ability triggers once its state holds, and doesn't trigger
    again while that instance waits or is on the stack. Checked each time a player would
    receive priority, with the state-based actions."""
    for o, card, idx, ab in _state_triggers_due(s):
        label = f"{possessive(o.card.name)} ability"
        s.pending_triggers.append(PendingTrigger(o.id, card, idx, o.controller, Seen(EventKind.STATE, obj=o.id), 1, "", label))
        s.add_log(f"{label} triggers: {ab.text}", ("603.8",), "trigger")


def put_on_stack(ctx) -> bool:
    """CR 603.3b: put every pending trigger on the stack, APNAP; returns whether any was.

    Targets chosen for a triggered ability are announced as "becomes the target" events, so
    ward sees them (CR 702.21a)."""
    s = ctx.s
    if not s.pending_triggers:
        return False
    pending = s.pending_triggers
    s.pending_triggers = []
    for player in s.apnap():
        mine = []
        for t in pending:
            if t.controller == player:
                mine.extend([t] * t.count)
        if not mine:
            continue
        for t in _choose_order(ctx, player, mine):
            src = s.objs.get(t.source) or _last_known(t.source, t.card, t.controller, t.event)
            ab = ability_at(t.card, t.ability_index)
            if exercise.RECORD is not None:
                exercise.triggered(t.card, ab)
            item = StackItem(s.next_id, ItemKind.TRIGGERED, t.source, player, t.card, t.ability_index, t.label)
            s.next_id += 1
            item.event = t.event
            if ab.trigger.event == ON_ENTERS and ab.trigger.subject == "self":
                item.x = src.cast_x     # CR 107.3m: X of the spell that became it (Jadelight Spelunker)
            elif ab.trigger.event in (ON_REFLEXIVE, ON_CYCLED, ON_BECOMES_MONSTROUS) and t.event is not None \
                    and t.event.x is not None:
                # CR 603.12, 107.3n: X of the ability that created it; CR 107.3e: of the cycling
                # cost paid ("When you cycle ~, create an X/X ... token"); CR 701.37c: of the
                # monstrosity X it became monstrous by
                item.x = t.event.x
            elif ab.trigger.event == ON_CAST and ab.trigger.subject == "self" and t.event is not None \
                    and t.event.cast_x is not None:
                item.x = t.event.cast_x     # CR 107.3a, 107.3i: the X announced for the spell (Hydroid Krasis)
            if not choose_modes_and_targets(ctx, item, src, player, ab) \
                    or not choose_division(ctx, item, player, ab):
                s.add_log(f"{t.label} is removed from the stack: it has no legal targets or modes",
                          ("603.3c", "603.3d"), "trigger")
                continue
            s.stack.append(item)
            s.add_log(f"{t.label} is put on the stack{_targets_text(s, item)}", ("603.3", "603.3b"), "stack")
            announce_targets(ctx, item)
    return True


def announce_targets(ctx, item) -> None:
    """Each permanent a spell or ability targets "becomes the target" of it (CR 115.1, 702.21a)."""
    s = ctx.s
    for group in item.targets:
        for t in group:
            if isinstance(t, int) and t in s.objs and s.objs[t].zone == BATTLEFIELD:
                collect(ctx, BecameTarget(t, item.id, item.controller))


def _last_known(oid: int, card, controller: int, event: Seen | None) -> Obj:
    """A triggered ability's source as it last existed, once it has left the battlefield
    (CR 603.10), with the counters it had (persist's "if it had no -1/-1 counters")."""
    o = Obj(oid, card, controller, GRAVEYARD)
    if event is not None:
        o.counters = dict(event.counters or {})
        o.attached_to = event.attached_to      # "enchanted creature" of a sacrificed Aura
        if event.obj == oid:
            o.cast_costs = tuple(event.cast_costs or ())
    return o


def ghost_source(item) -> Obj:
    """The last known source of a resolving triggered ability, for its intervening "if"
    check on resolution (CR 603.4, 603.10)."""
    return _last_known(item.source, item.card, item.controller, item.event)


def _targets_text(s, item) -> str:
    names = [describe_target(s, t) for group in item.targets for t in group]
    modes = ""
    if item.modes:
        modal = next((e for e in item.ability.effects if isinstance(e, ir.Modal)), None)
        if modal is not None:
            modes = " choosing " + "; ".join(modal.modes[m].text for m in item.modes)
    return modes + (f" targeting {', '.join(names)}" if names else "")


def _choose_order(ctx, player: int, mine: list[PendingTrigger]) -> list[PendingTrigger]:
    """CR 603.3b: the controller orders their own triggers.

    Instances of one ability that saw the same occurrence are interchangeable (their targets and
    modes are chosen afterwards, one instance at a time), so no one is asked about them. Otherwise
    the first option is the default order -- the order in which they triggered, so the one that
    triggered first resolves last -- which a player takes with one answer; or they pick the
    ability to put on the stack next, one at a time."""
    s = ctx.s
    if len({_key(t) for t in mine}) <= 1:
        return mine
    order: list[PendingTrigger] = []
    left = list(mine)
    how = "the default order (as they triggered)"
    while len({_key(t) for t in left}) > 1:
        distinct: dict = {}
        for i, t in enumerate(left):
            distinct.setdefault(_key(t), i)
        options = (Action(ActionKind.DEFAULT, (), "put the rest on the stack in the order they triggered"),) \
            + tuple(Action(ActionKind.ORDER, (i,), f"put {left[i].label} ({describe_event(s, left[i].event)}) "
                           "on the stack next") for i in distinct.values())
        answer = ctx.ask(Decision(player, DecisionKind.ORDER_TRIGGERS,
                                  "Choose the order of your triggered abilities: the first put on the "
                                  "stack resolves last (CR 603.3b)", options))
        if answer.kind == ActionKind.DEFAULT:
            break
        how = "their chosen order"
        order.append(left.pop(answer.args[0]))
    order.extend(left)
    s.add_log(f"{s.players[player].name} puts their triggered abilities on the stack in {how}: "
              + ", ".join(t.label for t in order), ("603.3b",), "choice")
    return order


def _key(t: PendingTrigger) -> tuple:
    return (t.source, t.ability_index, repr(t.event))


def _delayed_at_next(ctx, step: str) -> None:
    """CR 603.7c: delayed abilities waiting for "the next end step" (or the next upkeep) trigger
    as that step begins, once each, with the objects they were made to refer to (kept in the
    event as ``frozen``, and those the event of the ability that created them named). An object
    that has since changed zones is a new object (CR 400.7) the ability doesn't find."""
    s = ctx.s
    waiting = [e for e in s.effects if ONE_SHOT_DELAYS.get(e.until) == step
               and (e.until != Duration.YOUR_NEXT_UPKEEP or e.controller == s.active)]
    if not waiting:
        return
    s.effects = [e for e in s.effects if e not in waiting]
    for e in waiting:
        label = f"{possessive(e.card.name)} delayed ability"
        # what the ability that created it saw: "it", "that creature" are still what they were
        view = replace(e.event or NOTHING, kind=EventKind.STEP, step=step, frozen=tuple(tuple(g) for g in e.targets),
                       created=tuple(e.created) if e.created else None)
        s.pending_triggers.append(PendingTrigger(e.affected, e.card, e.ability_index, e.controller, view, 1, "",
                                                 label))
        s.add_log(f"{label} triggers: {ability_at(e.card, e.ability_index).text}", ("603.7c", "603.2"),
                  "trigger")

