"""Starting the game (CR 103), turn structure (CR 500-514), priority (CR 117) and the end of
the game (CR 104). :func:`run_operation` performs one operation of the engine loop, chosen by
``state.stage``."""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from operator import attrgetter

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from . import characteristics as ch
from . import combat, commanders, control, events, exercise, influence, layers, sba, triggers
from .mechanics import face_up, morph, phasing, sagas, suspend
from .casting import activate, cast
from .mechanics.double_faced import modal_back
from .legality import (activatable, castable, castable_as_adventure, castable_halves, playable_back_faces,
                       playable_lands)
from .abilities import ways_to_play
from .costs.alternative import cast_label
from .decisions import Action, ActionKind, Decision, DecisionKind, IllegalActionError
from .effect_records import SkipNextUntap
from .event_types import StepBegan
from .mana.abilities import activate as activate_mana
from .mana.abilities import mana_sources
from .resolve import resolve_top
from .runner import Ctx
from .skips import FIRST_STEP, skipped
from .state import Step
from .timing import exiled_playable, graveyard_playable_lands
from .zones import BATTLEFIELD, GRAVEYARD, HAND, LIBRARY

STEPS = tuple(Step)
STEP_RULES = {
    Step.UNTAP: "502", Step.UPKEEP: "503", Step.DRAW: "504", Step.MAIN1: "505", Step.BEGINNING_OF_COMBAT: "507",
    Step.DECLARE_ATTACKERS: "508", Step.DECLARE_BLOCKERS: "509", Step.FIRST_STRIKE_DAMAGE: "510.4",
    Step.COMBAT_DAMAGE: "510", Step.END_OF_COMBAT: "511", Step.MAIN2: "505", Step.END: "513", Step.CLEANUP: "514",
}
NO_PRIORITY = (Step.UNTAP, Step.CLEANUP)
MAX_MULLIGANS = 6


def run_operation(ctx: Ctx) -> None:
    stage = ctx.s.stage[0]
    _OPERATIONS[stage](ctx)


_UNTAP = Step.UNTAP      # read at every move: a module global is cheaper than an enum member
_QUIET_STEPS = frozenset((Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.MAIN1, Step.BEGINNING_OF_COMBAT,
                          Step.END_OF_COMBAT, Step.MAIN2, Step.END))


def never_asks(s) -> bool:
    """Operations that normally make no player choose anything (see runner.advance)."""
    stage = s.stage[0]
    if stage == "step" and s.step == _UNTAP:
        return not untap_choices(s)
    return stage in ("start", "turn_start", "next_step") or (stage == "step" and s.step in _QUIET_STEPS)


def asks_first(s) -> bool:
    """Operations whose first act is to ask a player, before any change to the game."""
    stage = s.stage[0]
    if stage == "mulligan":
        return True
    if stage != "priority":
        return False
    if not s.settled:
        s.settled = not s.pending_triggers and sba.none_apply(s) and not control.stale(s) \
            and not triggers.state_trigger_due(s)
    return s.settled


# ------------------------------------------------------------------------------ start (CR 103)


def _partners_do_nothing(s) -> None:
    """CR 702.124a, 702.124h: partner only lets a Commander deck have two commanders, before the
    game begins; a two-player game without commanders has no use for it. Said once, naming no
    card: the cards are in libraries, hidden (CR 400.2)."""
    cards = {s.objs[i].card for p in s.players for i in p.library}
    partners = [c for c in cards if any(type(ab) is ir.Keyword and ab.name == "partner" for ab in c.abilities)]
    if exercise.RECORD is not None:
        for card in partners:
            exercise.note("KEYWORDS", "partner", card)
    if partners:
        s.add_log("Partner matters only when choosing commanders: it does nothing in this game",
                  ("702.124a", "702.124h"), "start")


def _start(ctx: Ctx) -> None:
    s = ctx.s
    s.first_player = s.rng.below(len(s.players))
    s.add_log(f"{s.players[s.first_player].name} is chosen at random to take the first turn",
              ("103.1",), "start")
    life = commanders.START_LIFE if s.variant else 20
    for p in s.players:
        s.rng.shuffle(p.library)
        p.life = life
    s.add_log(f"Each player shuffles their library and starts at {life} life",
              ("103.3", "103.4", "903.7") if s.variant else ("103.3", "103.4"), "start")
    if s.variant:
        commanders.log_start(s)
    else:
        _partners_do_nothing(s)
    if s.influence:
        _ranges(s)
    for p in s.players:
        events.draw(ctx, p.index, s.starting_hand, "opening hand")
    s.stage = ("mulligan", 0)


def _ranges(s) -> None:
    """CR 801.2c: with the limited range of influence option, who is within each player's range
    is determined as each turn begins (and as the game starts); logged when it changes."""
    before = s.reach
    influence.determine(s)
    if s.reach != before:
        s.add_log(f"Range of influence {influence.ranges_words(s.influence)}: " + influence.describe(s),
                  ("801.2", "801.2a", "801.2c") if isinstance(s.influence, tuple) else ("801.2", "801.2c"), "turn")


def _mulligan(ctx: Ctx) -> None:
    """CR 103.5 (London mulligan): keep, or shuffle the hand away and draw seven again; once
    kept, put one card on the bottom for each mulligan taken. The players decide in turn order
    from the starting player (CR 103.5, 101.4e). In a multiplayer game the first mulligan is
    free: it counts neither for the cards put on the bottom nor for the mulligans allowed
    (CR 103.5c, 800.6)."""
    s = ctx.s
    n = len(s.players)
    order = tuple((s.first_player + k) % n for k in range(n))      # every seat, from the first player's
    player = order[s.stage[1]]
    p = s.players[player]
    if p.lost:          # who conceded already takes no mulligan (CR 800.4a)
        _after_mulligans(s, order)
        return
    counted = _counted_mulligans(s, p)
    options = [Action(ActionKind.KEEP, (), f"keep {len(p.hand)} cards")]
    if counted < MAX_MULLIGANS:
        options.append(Action(ActionKind.MULLIGAN, (), "mulligan"))
    answer = ctx.ask(Decision(player, DecisionKind.MULLIGAN,
                              f"{p.name}: keep this hand or mulligan? (CR 103.5; {p.mulligans} taken)",
                              tuple(options), {"hand": list(p.hand)}))
    if answer.kind == ActionKind.MULLIGAN:
        p.mulligans += 1
        p.library.extend(s.renew(s.objs[oid], LIBRARY).id for oid in p.hand)   # CR 400.7
        p.hand.clear()
        s.rng.shuffle(p.library)
        free = len(s.players) > 2 and p.mulligans == 1
        s.add_log(f"{p.name} takes a mulligan" + (" (the first is free in a multiplayer game)" if free else ""),
                  ("103.5", "103.5c") if free else ("103.5",), "start")
        events.draw(ctx, player, s.starting_hand, "mulligan")
        return
    for _ in range(min(counted, len(p.hand))):
        answer = ctx.ask(Decision(player, DecisionKind.BOTTOM,
                                  "Choose a card to put on the bottom of your library (CR 103.5)",
                                  tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name) for c in p.hand)))
        oid = answer.args[0]
        p.hand.remove(oid)
        p.library.insert(0, s.renew(s.objs[oid], LIBRARY).id)   # CR 400.7
    s.add_log(f"{p.name} keeps {len(p.hand)} cards", ("103.5",), "start")
    _after_mulligans(s, order)


def _after_mulligans(s, order: tuple[int, ...]) -> None:
    """The next player's mulligan decision, or the actions from opening hands once every player
    has kept."""
    if s.stage[1] + 1 < len(order):
        s.stage = ("mulligan", s.stage[1] + 1)
    else:
        s.stage = ("opening_hand",)


def begins_on_battlefield(card) -> bool:
    """Whether the card says "you may begin the game with it on the battlefield" (CR 103.6a)."""
    return any(type(ab) is ir.StaticAbility and isinstance(ab.effect, ir.StaticBeginOnBattlefield) for ab in card.abilities)


def _opening_hand(ctx: Ctx) -> None:
    """CR 103.6, 103.6a: once the mulligans are over, the starting player, then each other player
    in turn order, may put each card of their opening hand that says so onto the battlefield
    (the Leylines); then the first turn begins."""
    s = ctx.s
    n = len(s.players)
    for player in ((s.first_player + k) % n for k in range(n)):
        if s.players[player].lost:
            continue
        for oid in list(s.players[player].hand):
            o = s.objs[oid]
            if o.zone != HAND or not begins_on_battlefield(o.card):
                continue
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", "begin_on_battlefield", o.card)
            name = o.card.name
            answer = ctx.ask(Decision(player, DecisionKind.MAY,
                                      f"{name}: begin the game with it on the battlefield? (CR 103.6a)",
                                      (Action(ActionKind.YES, (), f"put {name} onto the battlefield"),
                                       Action(ActionKind.NO, (), f"keep {name} in hand")), {"obj": oid}))
            if answer.kind == ActionKind.YES:
                s.add_log(f"{s.players[player].name} begins the game with {name} on the battlefield",
                          ("103.6", "103.6a"), "start")
                events.move(ctx, o, BATTLEFIELD, controller=player, quiet=True, rules=("103.6a",))
    s.active = s.first_player if not s.players[s.first_player].lost else s.next_player(s.first_player)
    s.turn = 0
    s.stage = ("turn_start",)


def _counted_mulligans(s, p) -> int:
    """The mulligans that count toward the cards put on the bottom and the mulligans allowed:
    all of them, but the first in a multiplayer game (CR 103.5c)."""
    return max(p.mulligans - 1, 0) if len(s.players) > 2 else p.mulligans


# ------------------------------------------------------------------------------ turns and steps


def _turn_start(ctx: Ctx) -> None:
    s = ctx.s
    while s.turn > 0 and s.next_turns and s.players[s.next_turns[0]].lost:
        s.next_turns = s.next_turns[1:]    # CR 800.4k: the turn of a player who left doesn't begin
    passed: tuple[int, ...] = ()            # players who left, whose turn would have begun (CR 800.4m)
    if s.turn > 0:
        before, extra = s.active, bool(s.next_turns)
        _next_active(s)
        while skipped(ctx, s.active, "turn"):     # a skipped turn doesn't begin (CR 614.10)
            _next_active(s)
        if not extra:
            n = len(s.players)
            passed = tuple(j for j in ((before + k) % n for k in range(1, (s.active - before) % n or n))
                           if s.players[j].lost)
    s.turn += 1
    p = s.players[s.active]
    p.previous_turn_start, p.last_turn_start = p.last_turn_start, s.turn
    for pl in s.players:
        pl.lands_played = 0
        pl.life_gained_this_turn = 0
        pl.spells_cast_last_turn = pl.spells_cast_this_turn
        pl.spells_cast_this_turn = 0
        pl.creature_spells_cast_this_turn = 0
        pl.searched_library_this_turn = 0
        pl.discarded_this_turn = 0
        pl.dealt_damage_this_turn = False
        pl.drawn_this_turn = 0
        pl.life_lost_this_turn = 0
        pl.combat_damage_types = ()
        pl.attacked_this_turn = False
        pl.creatures_died_this_turn = 0
        pl.permanents_left_this_turn = 0
        pl.entered_this_turn = ()
    s.step = Step.UNTAP
    s.add_log(f"Turn {s.turn}: {p.name}'s turn", ("500.1",), "turn")
    if s.influence:
        _ranges(s)
    if s.effects:
        for player in passed + (s.active,):
            events.next_turn_wears_off(ctx, player)
    s.stage = ("step",)


def _next_active(s) -> None:
    """The player whose turn comes next: an extra turn first (CR 500.7), else the next player
    still in the game (CR 101.4, 800.4k)."""
    if s.next_turns:
        s.active, s.next_turns = s.next_turns[0], s.next_turns[1:]
    else:
        s.active = s.next_player(s.active)


def _step(ctx: Ctx) -> None:
    """Turn-based actions as a step begins (CR 500.6 and each step's rules); a skipped step or
    combat phase is replaced with nothing (CR 614.10)."""
    s = ctx.s
    step = s.step
    ap = s.active
    if step in FIRST_STEP and skipped(ctx, ap, FIRST_STEP[step]):
        if step == Step.BEGINNING_OF_COMBAT:
            s.step = Step.END_OF_COMBAT        # the whole phase (CR 506.1)
        s.stage = ("next_step",)
        return
    if step == Step.UNTAP:
        phasing.untap_step(ctx, ap)                   # first, phasing (CR 502.1, 702.26a)
        held = {o.id for src, eff in ch.static_effects(s, ir.StaticDoesntUntap) for o in s.permanents(ap)
                if layers.affected_by(s, src, eff, o)}
        untaps = [e for e in s.effects if type(e) is SkipNextUntap]
        skips = [e for e in untaps if e.affected is not None and e.affected in s.objs
                 and (s.objs[e.affected].controller if e.player is None else e.player) == ap]
        groups = [e for e in untaps if e.affected is None and e.player == ap]
        # "next untap step": used up now, for the permanents the active player untaps
        held |= {e.affected for e in skips if e.affected is not None and s.objs[e.affected].controller == ap}
        held |= {o.id for e in groups for o in s.permanents(ap)          # CR 611.2c
                 if any(ch.is_type(s, o, t) for t in e.types)}
        skips += groups
        # "next untap step" is used up now; "while ~ remains tapped" holds until ~ untaps (CR 611.2b)
        s.effects = [e for e in s.effects if e not in skips or e.until != Duration.NEXT_UNTAP]
        held |= _choose_not_to_untap(ctx, held)
        # "Untap all permanents you control during each other player's untap step": they untap at
        # the same time, each once however many such abilities there are (Seedborn Muse's rulings)
        others = {o.id: o for src, eff in ch.static_effects(s, ir.StaticUntapDuringOthers) if src.controller != ap
                  for o in s.permanents(src.controller) if o.tapped and layers.affected_by(s, src, eff, o)}
        for o in s.permanents(ap):
            if o.tapped and o.id not in held:
                events.untap(ctx, o, quiet=True)      # an event like any other (CR 502.3, 701.26b)
        for o in others.values():
            if o.tapped and o.zone == BATTLEFIELD:
                events.untap(ctx, o, quiet=True)
        s.add_log(f"{s.players[ap].name} untaps their permanents", ("502.3",), "step")
        for p in sorted({o.controller for o in others.values()}):
            s.add_log(f"{s.players[p].name} untaps their permanents too, by a static ability", ("502.3",), "step")
        for oid in held:
            s.add_log(f"{s.objs[oid].card.name} doesn't untap", ("502.3",), "step")
    elif step == Step.DRAW:
        if s.players[ap].lost:
            pass                          # CR 800.4j: the turn goes on without its player
        elif s.turn == 1 and len(s.players) == 2:     # not in a multiplayer game (CR 800.7)
            s.add_log(f"{s.players[ap].name} skips the first draw", ("103.8a",), "step")
        else:
            events.draw(ctx, ap, 1, "draw step")
    elif step == Step.MAIN1:
        sagas.add_lore(ctx, ap)                       # CR 714.3b
    elif step == Step.DECLARE_ATTACKERS:
        combat.declare_attackers(ctx)
    elif step == Step.DECLARE_BLOCKERS:
        combat.declare_blockers(ctx)
    elif step == Step.FIRST_STRIKE_DAMAGE:
        combat.combat_damage(ctx, first_step=True)
    elif step == Step.COMBAT_DAMAGE:
        combat.combat_damage(ctx, first_step=False)
    elif step == Step.CLEANUP:
        _cleanup(ctx)
        return
    if step != Step.UNTAP:
        events.collect(ctx, StepBegan(step, ap))
    if step in NO_PRIORITY:
        s.stage = ("next_step",)
    else:
        s.priority = first_priority(s)
        s.passes = 0
        s.stage = ("priority",)


def untap_choices(s, held=frozenset()) -> list:
    """The active player's tapped permanents they may choose not to untap (CR 502.3)."""
    return [o for src, eff in ch.static_effects(s, ir.StaticMayNotUntap) for o in s.permanents(s.active)
            if o.tapped and o.id not in held and layers.affected_by(s, src, eff, o)]


def _choose_not_to_untap(ctx: Ctx, held: set) -> set:
    """CR 502.3: the active player determines which of their permanents untap; no one gets
    priority (CR 502.4), but this choice is theirs, one permanent at a time."""
    s = ctx.s
    kept = set()
    for o in untap_choices(s, held):
        name = o.card.name
        answer = ctx.ask(Decision(s.active, DecisionKind.MAY,
                                  f"{name}: choose not to untap it during your untap step? "
                                  "(CR 502.3)", (Action(ActionKind.YES, (), f"leave {name} tapped"),
                                                 Action(ActionKind.NO, (), f"untap {name}")), {"obj": o.id}))
        if answer.kind == ActionKind.YES:
            kept.add(o.id)
            s.add_log(f"{s.players[s.active].name} chooses not to untap {name}", ("502.3",), "choice")
    return kept


def maximum_hand_size(s, player: int) -> int | None:
    """CR 402.2, 613.11: ``player``'s maximum hand size, seven as raised or lowered by the static
    abilities of permanents (and emblems) that apply to them, never below zero; None for no
    maximum ("You have no maximum hand size", "Players have no maximum hand size"), which no
    change makes a number again."""
    size = 7
    for src, size_change in ch.static_effects(s, ir.StaticMaximumHandSize):
        if (src.controller == player) == (size_change.affected == "you"):
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", "maximum_hand_size", src.card)
            size += size_change.change
    for src, eff in ch.static_effects(s, ir.StaticNoMaximumHandSize):
        if eff.affected == "each_player" or src.controller == player:
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", "no_maximum_hand_size", src.card)
            return None
    return max(0, size)


def _cleanup(ctx: Ctx) -> None:
    """CR 514.1-514.3."""
    s = ctx.s
    p = s.players[s.active]
    limit = maximum_hand_size(s, s.active)
    if limit is None and len(p.hand) > 7:
        s.add_log(f"{p.name} has no maximum hand size and keeps {len(p.hand)} cards", ("402.2", "514.1"), "step")
    while limit is not None and len(p.hand) > limit:
        answer = ctx.ask(Decision(s.active, DecisionKind.DISCARD, f"Discard down to {limit} cards (CR 514.1, 402.2)",
                                  tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name) for c in p.hand)))
        events.discard(ctx, s.active, s.objs[answer.args[0]])
    events.end_of_turn_wears_off(ctx)
    # "at the beginning of the next cleanup step" (CR 603.7c): such an ability triggering makes
    # players get priority (CR 514.3a)
    events.collect(ctx, StepBegan(Step.CLEANUP, s.active))
    if sba.check(ctx) or s.pending_triggers:
        s.add_log("Something happened during cleanup: players get priority, then another "
                  "cleanup step follows", ("514.3a",), "step")
        s.priority = first_priority(s)
        s.passes = 0
        s.stage = ("priority",)
        return
    s.stage = ("next_step",)


def _next_step(ctx: Ctx) -> None:
    """CR 500.2-500.5: the step ends, unspent mana empties (CR 106.4), the next step begins."""
    s = ctx.s
    for p in s.players:
        if p.pool or p.special_mana:   # restricted mana too (CR 106.6 doesn't change that)
            s.add_log(f"{p.name}'s unspent mana empties from their mana pool", ("106.4", "500.5"), "step")
            p.pool = {}
            p.special_mana = ()
    step = s.step
    if step == Step.CLEANUP:
        s.stage = ("turn_start",)
        return
    if step == Step.END_OF_COMBAT:
        combat.end_combat(ctx)
    nxt = STEPS[STEPS.index(step) + 1]
    if nxt == Step.DECLARE_BLOCKERS and not s.combat.get("attackers"):
        nxt = Step.END_OF_COMBAT          # CR 508.8
    if nxt == Step.FIRST_STRIKE_DAMAGE and not combat.has_first_strike_step(s):
        nxt = Step.COMBAT_DAMAGE          # CR 510.4
    s.step = nxt
    s.stage = ("step",)


# ------------------------------------------------------------------------------ priority (CR 117)


def priority_actions(s, player: int) -> list[Action]:
    """Everything ``player`` may do with priority: pass, play a land (CR 305), cast a spell
    (CR 601), activate an ability (CR 602) or a mana ability (CR 605.3a)."""
    actions = [_PASS]
    sources = mana_sources(s, player)
    p, objs = s.players[player], s.objs
    # the rarer ways to play a card, looked for only when a card that could be played has one
    ways = frozenset().union(*map(ways_to_play, map(_CARD, map(objs.__getitem__, chain(
        p.hand, p.graveyard, exiled_playable(s, player), p.command)))))
    for o in playable_lands(s, player):
        actions.append(_action(_PLAY, (o.id,), o.card, ""))
    if "back" in ways:
        for o in playable_back_faces(s, player):                     # CR 712.12
            actions.append(Action(ActionKind.PLAY_BACK, (o.id,), f"play {o.card.name} (the back face of {o.card.main.name})"))
    for o in castable(s, player, sources):
        actions.append(Action(_CAST, (o.id,), cast_label(o, s)))      # flashback too (CR 702.34a)
    if "halves" in ways:
        for o, i in castable_halves(s, player, sources):             # CR 709.3, 702.102, 702.127
            if i is None:
                actions.append(Action(ActionKind.CAST_FUSED, (o.id,), f"cast {o.card.name} fused, both halves"))
            else:
                where = " from the graveyard (aftermath)" if o.zone == GRAVEYARD else ""
                actions.append(Action(ActionKind.CAST_HALF, (o.id, i), f"cast {o.card.halves[i].name}{where}"))
    if "adventure" in ways:
        for o in castable_as_adventure(s, player, sources):         # CR 715.3
            adventure = o.card.adventure
            assert adventure is not None        # castable_as_adventure keeps adventurers only
            actions.append(Action(ActionKind.CAST_ADVENTURE, (o.id,), f"cast {adventure.name}, the Adventure of {o.card.name}"))
    if "morph" in ways:
        for o in morph.castable_face_down(s, player):                # CR 702.37c
            actions.append(Action(ActionKind.CAST_FACE_DOWN, (o.id,), f"cast {o.card.name} face down for {{3}}"))
    actions += face_up.face_up_actions(s, player)                      # CR 116.2b
    if "suspend" in ways:
        actions += suspend.actions(s, player)                        # CR 116.2f
    for o, idx, ab in activatable(s, player):
        actions.append(_action(_ACTIVATE, (o.id, idx), o.card, ab.text))
    for o, idx, ab in sources:
        actions.append(_action(_MANA, (o.id, idx), o.card, ab.text))
    if "ninjutsu" in ways:
        for oid, idx, attacker in combat.ninjutsu_actions(s, player):     # CR 702.49
            actions.append(Action(ActionKind.NINJUTSU, (oid, idx, attacker),
                                  f"ninjutsu {s.objs[oid].card.name}, returning {s.objs[attacker].card.name}"))
    return actions


_CARD = attrgetter("card")
# the kinds listed for every land, spell and ability at every priority, read once: under Python
# 3.11 reading an enum member costs several times a module global (docs/architecture.md, "Types")
_PLAY, _CAST, _ACTIVATE, _MANA = ActionKind.PLAY, ActionKind.CAST, ActionKind.ACTIVATE, ActionKind.MANA
_PASS = Action(ActionKind.PASS, (), "pass priority")
_PASS_KIND, _PRIORITY = ActionKind.PASS, DecisionKind.PRIORITY


@lru_cache(maxsize=16384)
def _action(kind: ActionKind, args: tuple, card, text: str) -> Action:
    """A priority action that is the same whenever the same object offers it: made once (a
    priority decision lists every land and mana ability again)."""
    return Action(kind, args, f"play {card.name}" if kind == _PLAY else f"activate {card.name}: {text}")


def _priority(ctx: Ctx) -> None:
    s = ctx.s
    if s.settled:      # nothing has changed since no state-based action or trigger was found
        sba.forget_deathtouch(s)
    else:
        while True:    # CR 117.5: state-based actions and triggers before priority
            sba.check(ctx)
            if s.result is not None:
                return
            triggers.check_state_triggers(s)
            if not triggers.put_on_stack(ctx):
                break
        s.settled = True
    player = s.priority
    answer = ctx.checked_answer(2)     # a replay: no decision to build
    if answer is None:
        answer = ctx.ask(Decision(player, _PRIORITY, f"{s.players[player].name} has priority",
                                  lambda: priority_actions(s, player),
                                  {"step": s.step, "stack": [i.label for i in s.stack]}))
    s.settled = False
    kind = answer.kind
    if kind == _PASS_KIND:
        s.passes += 1
        if s.passes < _players_in_game(s):       # CR 117.4: all players in succession
            s.priority = s.next_player(player)   # CR 117.3d
            return
        s.passes = 0
        if s.stack:
            resolve_top(ctx)
            s.priority = first_priority(s)      # CR 117.3b
            return
        s.stage = ("next_step",)   # CR 500.2
        return
    s.passes = 0                   # CR 117.3c: the acting player gets priority again
    if kind == _PLAY:
        _play_land(ctx, player, answer.args[0])
    elif kind == ActionKind.PLAY_BACK:
        _play_land(ctx, player, answer.args[0], back=True)
    elif kind == _CAST:
        cast(ctx, player, answer.args[0])
    elif kind == ActionKind.CAST_HALF:
        cast(ctx, player, answer.args[0], half=answer.args[1])
    elif kind == ActionKind.CAST_FUSED:
        cast(ctx, player, answer.args[0], fused=True)
    elif kind == ActionKind.CAST_ADVENTURE:
        cast(ctx, player, answer.args[0], adventure=True)
    elif kind == ActionKind.CAST_FACE_DOWN:
        cast(ctx, player, answer.args[0], face_down=True)
    elif kind == ActionKind.TURN_FACE_UP:
        face_up.turn_face_up(ctx, player, answer.args[0])
    elif kind == ActionKind.SUSPEND:
        suspend.suspend(ctx, player, answer.args[0])
    elif kind == _ACTIVATE:
        activate(ctx, player, *answer.args)
    elif kind == _MANA:
        oid, idx = answer.args
        activate_mana(ctx, player, s.objs[oid], idx)
    elif kind == ActionKind.NINJUTSU:
        combat.ninjutsu(ctx, player, *answer.args)


def first_priority(s) -> int:
    """Who receives priority first in a step or after a resolution: the active player (CR 117.3a-b),
    or, once they have left the game, the next player in turn order (CR 800.4j)."""
    a = s.active
    return a if not s.players[a].lost else s.next_player(a)


def _players_in_game(s) -> int:
    players = s.players
    if len(players) == 2:
        return 2
    return sum(1 for p in players if not p.lost)


def _play_land(ctx: Ctx, player: int, oid: int, back: bool = False) -> None:
    """CR 305.1: playing a land is a special action; it doesn't use the stack. ``back``: a
    modal double-faced card played as its back face, chosen before it moves (CR 712.12)."""
    s = ctx.s
    o = s.objs[oid]
    if back:
        face = modal_back(o)
        if face is None or oid not in [b.id for b in playable_back_faces(s, player)]:
            raise IllegalActionError(f"{s.objs[oid].card.name} has no back face that can be played now (CR 712.12)")
        o = s.objs[oid] = face          # a new object in the shared hand: the old one stays unchanged
        if exercise.RECORD is not None:
            exercise.note("LAYOUTS", o.card.layout.value, o.card)
    if (o.zone != HAND or o.owner != player) and oid not in exiled_playable(s, player) \
            and oid not in graveyard_playable_lands(s, player):
        raise IllegalActionError(f"{o.card.name} is not in {s.players[player].name}'s hand")
    s.players[player].lands_played += 1
    s.add_log(f"{s.players[player].name} plays {o.card.name}", ("305.1", "116.2a"), "land")
    events.move(ctx, o, BATTLEFIELD, controller=player, quiet=True, played=True)


_OPERATIONS = {
    "start": _start, "mulligan": _mulligan, "opening_hand": _opening_hand, "turn_start": _turn_start, "step": _step,
    "next_step": _next_step, "priority": _priority,
}
STAGES = tuple(_OPERATIONS)     # what the engine can be doing, as a save names it
