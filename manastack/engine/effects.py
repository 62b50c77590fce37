"""The handlers that carry out the effects of a resolving spell or ability (CR 608.2c-d), one
IR node each, listed in :data:`HANDLERS` (run by :func:`.resolution.execute`). Every change goes
through :mod:`manastack.engine.events`."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, Callable

from manastack.mana import COLOR_NAMES, COLORS, NAME_TO_COLOR
from manastack.oracle import ir
from manastack.oracle.ir import CHOSEN_COLOR, PROTECTION_CHOICE, YOUR_OPPONENTS, Duration
from manastack.oracle.subtypes import CREATURE_TYPES, LAND_TYPES
from manastack.oracle.text_change import WordKind, words as words_of

from . import characteristics as ch
from . import exercise
from .mechanics import cipher, clash, double_faced, flip_cards, haunt, soulbond, phasing, suspend, votes
from .mechanics.morph import is_face_down
from . import (
    aura_placement,
    commanders,
    control,
    copies,
    edicts,
    emblems,
    events,
    free_casting,
    game_outcome,
    keyword_effects,
    placement_effects,
    skips,
    token_copies,
)
from .costs import unless as unless_costs
from .abilities import ONE_SHOT_DELAYS, nested_index
from .card_names import choose_name
from .casting import choose_x, pay_mana
from .conditions import evaluate
from .continuous import HEXPROOF_FROM, keyword_names, mana_value, text_changes_begin_or_end
from .decisions import Action, ActionKind, Decision, DecisionKind
from .event_types import NOTHING, Explored, PlayerRef
from .triggers import collect
from .filters import cant_gain_life, has_name, is_player_ref, life_cant_change, matches, objects_matching, player_of, player_ref, shares_creature_type
from .mana.abilities import add_mana, can_afford
from .replacement import token_count
from .resolution import (became, bound_x, count_for_player, known_objects, named_objects, named_players, amount, execute,
                         objects_match, resolve_subject, source_obj)
from .effect_records import (AddSubtypes, AllCreatureTypes, BecomeCreature, CombatRule, filter_pairs, DelayedTrigger, DelayedWatch,
                             CantCastName, ExileIfDies, ExtraLandPlays, GrantAbility, GrantedFlashback, GraveyardCastPermission, GrantKeywords, LifeCantChange, CantLoseGame, DamageLifeFloor, Untargetable, LoseAllAbilities, LoseKeywords, ManaReplacementEffect, PlayerKeywords, PlayerProtection,
                             MayPlay, ModifyPT, NoPrevention, DamageChangeEffect, DrawReplacement, OneShotDelayedTrigger, PreventionShield, RegenerationShield, SetColors, SetLandType,
                             SetPT, SkipNextUntap, SwitchPT, TextChange)
from .state import EXILED_FROM_HAND, EXILED_UNTIL, EXILED_WITH, ItemKind, Obj, PendingTrigger
from .wording import possessive
from .zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, STACK


# ------------------------------------------------------------------------------ handlers


def _add_mana(ctx, e: ir.AddMana, rc):
    add_mana(ctx, rc, e)


def _switch_pt(ctx, e: ir.SwitchPT, rc):
    """Layer 7d (CR 613.4d): a switch until end of turn, applied after every other change."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD:
            s.effects.append(SwitchPT(o.id, Duration.END_OF_TURN, s.new_timestamp(), rc.card.name))
            p, t = ch.power_toughness(s, o)
            s.add_log(f"{o.card.name}'s power and toughness are switched until end of turn ({p}/{t})",
                      ("613.4d",), "effect")


def _set_base_pt(ctx, e: ir.SetBasePT, rc):
    """Layer 7b (CR 613.4b): its base power and toughness are set until end of turn; changes
    from counters and other effects still apply on top (CR 613.4c)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD:
            s.effects.append(SetPT(o.id, e.power, e.toughness, e.duration, s.new_timestamp(), rc.card.name))
            s.add_log(f"{o.card.name} has base power and toughness {e.power}/{e.toughness} until end of turn",
                      ("613.4b", "611.2"), "effect")


def _exile_if_dies(ctx, e: ir.ExileIfDies, rc):
    """"If that creature would die this turn, exile it instead": a replacement effect on each
    permanent named, until end of turn (CR 614.1a, 700.4)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD:
            s.effects.append(ExileIfDies(o.id, Duration.END_OF_TURN, s.new_timestamp(), rc.card.name))
            s.add_log(f"If {o.card.name} would die this turn, it is exiled instead ({rc.card.name})",
                      ("614.1a", "700.4"), "effect")


def _deal_damage(ctx, e: ir.DealDamage, rc):
    per_player = ir.per_player(e.amount)      # "equal to the number of lands they control"
    n = 0 if per_player else amount(ctx, e.amount, rc)
    srcs = [o for o in resolve_subject(ctx, e.source, rc) if isinstance(o, Obj)]  # LKI allowed
    if not srcs:
        return
    src = srcs[0]
    assignments: list[tuple[Obj, object, int]] = []
    for t in resolve_subject(ctx, e.to, rc):
        if isinstance(t, int):
            assignments.append((src, f"p{t}", count_for_player(ctx, e.amount, t, rc) if per_player else n))
        elif isinstance(t, Obj) and t.zone == BATTLEFIELD:
            assignments.append((src, t.id, n))
    if not assignments:
        rc.did = False      # nothing to deal it to: not done, for "If you do" (CR 608.2c)
    dealt = events.deal_damage(ctx, assignments)
    rc.damaged += [r for _src, r, _n in dealt if isinstance(r, int)]     # "dealt damage this way"


def _divide_damage(ctx, e: ir.DivideDamage, rc):
    """CR 601.2d, 608.2b: each target still legal is dealt the share announced for it as the
    spell was cast (the ability put on the stack); an illegal target's share is not dealt.
    All of it is dealt at once (CR 120.2)."""
    srcs = [o for o in resolve_subject(ctx, e.source, rc) if isinstance(o, Obj)]  # LKI allowed
    if not srcs:
        return
    shares = rc.shares.get(e.to.index, {})
    assignments = []
    for t in rc.targets[e.to.index] if e.to.index < len(rc.targets) else ():
        n = shares.get(t, 0)
        if n and is_player_ref(t):
            assignments.append((srcs[0], t, n))
        elif n and isinstance(t, int) and t in ctx.s.objs and ctx.s.objs[t].zone == BATTLEFIELD:
            assignments.append((srcs[0], t, n))
    dealt = events.deal_damage(ctx, assignments)
    rc.damaged += [r for _src, r, _n in dealt if isinstance(r, int)]     # "dealt damage this way"


def _extra_turn(ctx, e: ir.ExtraTurn, rc):
    """CR 500.7: the player's extra turn is added directly after this turn; of several, the one
    added last is taken first. ``State.next_turns`` lists the turns that come before the players
    alternate again: the turn that would have come next is kept after the extra ones."""
    s = ctx.s
    for p in named_players(ctx, e.who, rc):
        s.next_turns = (p,) + (s.next_turns or (s.next_player(s.active),))
        s.add_log(f"{s.players[p].name} will take an extra turn after this one", ("500.7",), "effect")


def _draw(ctx, e: ir.Draw, rc):
    """CR 121.2; "draw up to N cards": each player named, in APNAP order, chooses the number
    before drawing any (CR 608.2d, Arcane Denial's rulings)."""
    n = amount(ctx, e.amount, rc)
    rc.did = True       # for "If you do" (CR 608.2c): every card was drawn (CR 121.4)
    players = named_players(ctx, e.who, rc)
    for p in [q for q in ctx.s.apnap() if q in players] if e.up_to else players:
        k = n
        if e.up_to:
            answer = ctx.ask(Decision(p, DecisionKind.CHOOSE_NUMBER, f"{rc.card.name}: draw how many cards (up to {n})?",
                                      tuple(Action(ActionKind.CHOOSE, (i,), f"draw {i}") for i in range(n + 1))))
            k = answer.args[0]
        library = ctx.s.players[p].library
        before = len(library)
        events.draw(ctx, p, k)
        drawn = before - len(ctx.s.players[p].library)
        rc.drawn += drawn
        rc.did = rc.did and drawn == k


def _discard(ctx, e: ir.Discard, rc):
    s = ctx.s
    n = amount(ctx, e.amount, rc)
    rc.did = False      # for "If you do" (CR 608.2c): a card was discarded
    for p in named_players(ctx, e.who, rc):
        for _ in range(n):
            hand = s.players[p].hand
            if not hand:
                break
            if e.random:
                oid = hand[s.rng.below(len(hand))]
            else:
                options = tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name) for c in hand)
                if e.up_to:         # "up to two cards": the player may stop (CR 608.2d)
                    options += (Action(ActionKind.DONE, (), "discard no more"),)
                answer = ctx.ask(Decision(p, DecisionKind.DISCARD, "Choose a card to discard", options))
                if answer.kind == ActionKind.DONE:
                    break
                oid = answer.args[0]
            rc.counted["discarded"] = rc.counted.get("discarded", 0) + 1    # "that many" after it
            rc.discarded.append(s.objs[oid])
            events.discard(ctx, p, s.objs[oid])
            rc.did = True


def _cant_cast_same_name(ctx, e: ir.CantCastSameName, rc):
    """The owner of each object named can't cast spells with the name it had as it last existed
    (CR 608.2h; a face-down one had none, CR 708.2) until this ability's controller's next turn
    (CR 611.2a, Reflector Mage's rulings)."""
    s = ctx.s
    for o in known_objects(ctx, e.what, rc):
        if is_face_down(o):
            continue
        s.effects.append(CantCastName(player_ref(o.owner), events.next_turn_of(rc.controller), s.new_timestamp(),
                                      rc.card.name, name=o.card.name))
        s.add_log(f"{s.players[o.owner].name} can't cast spells named {o.card.name} until "
                  f"{possessive(s.players[rc.controller].name)} next turn", ("101.2", "611.2a"), "effect")


def _discard_or_lose_life(ctx, e: ir.DiscardOrLoseLife, rc):
    """Each player named chooses a card in their hand, in APNAP order, and all are discarded at
    once (CR 101.4, 701.9a); then each whose card didn't match ``spared``, or who had none to
    discard, loses the life (Kroxa's rulings; CR 119.3)."""
    s = ctx.s
    players = named_players(ctx, e.who, rc)
    chosen: dict[int, Obj] = {}
    for p in [p for p in s.apnap() if p in players]:
        hand = s.players[p].hand
        if hand:
            answer = ctx.ask(Decision(p, DecisionKind.DISCARD, "Choose a card to discard",
                                      tuple(Action(ActionKind.CHOOSE, (c,), s.objs[c].card.name) for c in hand)))
            chosen[p] = s.objs[answer.args[0]]
    spared = {p for p, o in chosen.items() if objects_match(ctx, o, replace(e.spared, zone=o.zone), rc)}
    for p, o in chosen.items():
        events.discard(ctx, p, o)
    for p in [p for p in s.apnap() if p in players and p not in spared]:
        events.lose_life(ctx, p, e.life, source_obj(ctx, rc))


def _discard_hand(ctx, e: ir.DiscardHand, rc):
    """CR 701.9a: each player named discards every card in their hand (with a filter, each card
    of it there, once the hand is revealed, CR 701.20a), in APNAP order (CR 101.4)."""
    s = ctx.s
    rc.did = False
    players = named_players(ctx, e.who, rc)
    for p in [p for p in s.apnap() if p in players]:
        if e.revealed:
            shown = ", ".join(s.objs[i].card.name for i in s.players[p].hand) or "no cards"
            s.add_log(f"{s.players[p].name} reveals their hand: {shown}", ("701.20a",), "event")
        for oid in list(s.players[p].hand):
            if e.filter is not None and not objects_match(ctx, s.objs[oid], e.filter, rc):
                continue
            if oid in s.players[p].hand:
                events.discard(ctx, p, s.objs[oid])
                rc.did = True


def _discard_hand_draw(ctx, e: ir.DiscardHandDraw, rc):
    """CR 701.9a, 121.1, 101.4: each player named discards every card in their hand, in APNAP
    order; then each draws as many cards as they discarded, plus ``more`` (none below zero)."""
    s = ctx.s
    players = [p for p in s.apnap() if p in named_players(ctx, e.who, rc)]
    discarded = {}
    for p in players:
        discarded[p] = 0
        for oid in list(s.players[p].hand):
            if oid in s.players[p].hand:
                events.discard(ctx, p, s.objs[oid])
                discarded[p] += 1
    for p in players:
        n = max(0, discarded[p] + e.more)
        if n:
            events.draw(ctx, p, n)


def _gain_life(ctx, e: ir.GainLife, rc):
    n = amount(ctx, e.amount, rc)
    for p in named_players(ctx, e.who, rc):
        events.gain_life(ctx, p, n, source_obj(ctx, rc))


def _lose_life(ctx, e: ir.LoseLife, rc):
    n = amount(ctx, e.amount, rc)
    for p in named_players(ctx, e.who, rc):
        before = ctx.s.players[p].life
        events.lose_life(ctx, p, n, source_obj(ctx, rc))
        rc.life_lost += before - ctx.s.players[p].life     # "the life lost this way" (CR 119.3)


def _lose_half_life(ctx, e: ir.LoseHalfLife, rc):
    """Each player loses half their life total as it is now, rounded as said (CR 107.1a); a
    player at 0 life or less has no half to lose."""
    for p in named_players(ctx, e.who, rc):
        life = max(ctx.s.players[p].life, 0)
        n = (life + 1) // 2 if e.round_up else life // 2
        before = ctx.s.players[p].life
        events.lose_life(ctx, p, n, source_obj(ctx, rc))
        rc.life_lost += before - ctx.s.players[p].life     # "the life lost this way" (CR 119.3)


def _destroy(ctx, e: ir.Destroy, rc):
    with events.together(ctx):              # "destroy all ...": one event (CR 603.10a)
        # Destroyed at the same time: each permanent before the Auras attached to it, so an Aura's
        # umbra armor, still there as the event happens, saves what it enchants (CR 702.89a)
        for o in sorted(named_objects(ctx, e.what, rc), key=lambda o: o.attached_to is not None):
            o = ctx.s.objs.get(o.id)            # an Aura destroyed already by its umbra armor is gone
            if o is not None and o.zone == BATTLEFIELD:
                events.destroy(ctx, o, f"by {rc.card.name}", can_regenerate=not e.no_regeneration)
                if o.id in ctx.moved:           # it went to a graveyard: destroyed (CR 701.8a)
                    rc.destroyed.append(o)


def _prevent(ctx, e: ir.PreventDamage | ir.RedirectDamage, rc):
    """CR 615: a prevention effect for this turn, one record for each recipient and source
    named: all of the damage, or a shield of N used up as it prevents (CR 615.7). A group of
    recipients or sources ("creatures you control", "black sources") is read as the damage would
    be dealt, so a creature entering later is covered too (CR 611.2c changes only
    characteristics). A recipient gone when it resolves gets no shield. A redirection (CR 614.9)
    is the same record with the object or player the damage goes to instead, fixed now."""
    s = ctx.s
    redirect = None
    if type(e) is ir.RedirectDamage:
        found = _prevent_parties(ctx, e.instead, rc, False)
        if not found:
            s.add_log(f"{rc.card.name}: no object or player to deal the damage to instead", ("614.9",), "effect")
            return
        redirect = found[0][0]
    n = -1 if e.amount is None else amount(ctx, e.amount, rc)
    recipients = _prevent_parties(ctx, e.to, rc, False)
    if e.also_to is not None:
        recipients += _prevent_parties(ctx, e.also_to, rc, False)
    sources = _prevent_parties(ctx, e.source, rc, True)
    which = "combat damage" if e.combat_only else "noncombat damage" if e.noncombat_only else "damage"
    what = f"all {which}" if n < 0 else f"the next {n} {which}"
    for r, group, to_words in recipients:
        for by, by_group, by_words in sources:
            s.effects.append(PreventionShield(r, n, e.combat_only, Duration.END_OF_TURN, s.new_timestamp(), rc.card.name,
                                              group, rc.controller, by, by_group, e.noncombat_only, e.once,
                                              gain_life=getattr(e, "gain_life", False),
                                              counters=getattr(e, "counters", False), redirect=redirect))
            if redirect is not None:
                dest = s.players[int(redirect[1:])].name if isinstance(redirect, str) else s.objs[redirect].card.name
                s.add_log(f"{rc.card.name}: {what if not e.once else 'the next instance of damage'}"
                          f"{to_words or ' to anything'}{by_words} this turn will be dealt to {dest} instead",
                          ("614.9",), "effect")
            elif e.once:
                s.add_log(f"{rc.card.name}: the next time damage{by_words or ' from any source'} would be dealt"
                          f"{to_words} this turn, it will be prevented", ("615.1", "615.8"), "effect")
            else:
                s.add_log(f"{rc.card.name}: {what}{to_words}{by_words} will be prevented this turn",
                          ("615.1", "615.7") if n >= 0 else ("615.1",), "effect")


def _group(ref: ir.Ref) -> ir.Filter:
    """The description a reference to a group ("all", a chosen source) names: the compiler gives
    every such reference one."""
    assert ref.filter is not None
    return ref.filter


def _prevent_parties(ctx, subject, rc, dealing: bool) -> list[tuple]:
    """What a prevention effect names as recipients (``dealing`` False) or sources: a list of
    (object id, player ref "p0", "players" or None; filter pairs of a group; words for the log)."""
    s = ctx.s
    if subject is None:
        return [(None, (), "")]
    word = " by" if dealing else " to"
    if isinstance(subject, ir.Ref) and subject.name == "all":
        group = bound_x(_group(subject), rc)
        if ir.COLOR_CHOICE in group.colors:     # "sources of the color of your choice" (CR 608.2d)
            color = NAME_TO_COLOR[_choose_color(ctx, rc.controller, "sources of that color")]
            return [(None, filter_pairs(replace(group, colors=(color,))), f"{word} {COLOR_NAMES[color]} sources")]
        return [(None, filter_pairs(group), f"{word} those {'sources' if dealing else 'permanents'}")]
    if isinstance(subject, ir.Ref) and subject.name == "each_player" and not dealing:
        return [("players", (), " to players")]
    if isinstance(subject, ir.Ref) and subject.name == ir.CHOSEN_SOURCE:
        o = _choose_source(ctx, _group(subject), rc)
        # CR 615.9: the properties are checked again as the source would deal damage
        return [] if o is None else [(o.id, filter_pairs(_group(subject)), f" by {o.card.name}")]
    out: list[tuple[object, tuple, str]] = []
    for t in resolve_subject(ctx, subject, rc):
        if isinstance(t, int) and not dealing:
            out.append((f"p{t}", (), f" to {s.players[t].name}"))
        elif isinstance(t, Obj) and (dealing or t.zone == BATTLEFIELD):
            out.append((t.id, (), f"{word} {t.card.name}"))
    return out


def _change_damage(ctx, e: ir.ChangeDamage, rc):
    """CR 614.1a: "If a source you control would deal damage this turn, it deals double that
    damage instead.": a record read as damage would be dealt until the turn ends."""
    s = ctx.s
    c = e.change
    s.effects.append(DamageChangeEffect(None, e.duration, s.new_timestamp(), rc.card.name, rc.controller,
                                        _damage_group(c.source) if c.source is not None else (),
                                        _damage_group(c.to) if c.to is not None else None,
                                        c.combat_only, c.noncombat_only, c.times, c.plus, c.halve))
    s.add_log(f"{rc.card.name}: damage it names is changed this turn", ("614.1a",), "effect")


def _replace_next_draw(ctx, e: ir.ReplaceNextDraw, rc):
    """CR 614.11: the controller's next draw this turn is replaced by ``e.effects``; the record
    names them by their place in the card, with this ability's targets fixed now."""
    s = ctx.s
    place = next(((i, j) for i, ab in enumerate(rc.card.abilities) for j, x in enumerate(getattr(ab, "effects", ()))
                  if x == e), None)
    if place is None:
        return
    frozen = tuple(tuple(_now(ctx, t) for t in group) for group in rc.targets)
    s.effects.append(DrawReplacement(rc.controller, rc.card, place[0], place[1], frozen, _now(ctx, rc.source),
                                     e.duration, s.new_timestamp(), rc.card.name))
    s.add_log(f"{rc.card.name}: the next time {s.players[rc.controller].name} would draw a card this turn, "
              "something else happens instead", ("614.1a", "614.11"), "effect")


def _no_prevention(ctx, e: ir.DamageCantBePrevented, rc):
    """CR 615.12: until the turn ends, damage can't be prevented (``replacement.modify_damage``)."""
    s = ctx.s
    s.effects.append(NoPrevention(None, e.duration, s.new_timestamp(), rc.card.name))
    s.add_log(f"{rc.card.name}: damage can't be prevented this turn", ("615.12",), "effect")


def _choose_source(ctx, f: ir.Filter, rc) -> Obj | None:
    """A source of damage of the controller's choice with the characteristics ``f`` names
    (CR 609.7a): a permanent, a spell on the stack, or the object an ability on the stack comes
    from. None when there is none to choose."""
    s = ctx.s
    if exercise.RECORD is not None:
        exercise.note("REFS", ir.CHOSEN_SOURCE, rc.card)
    ids = list(s.battlefield) + [i.source for i in s.stack if isinstance(i.source, int)]
    found = [s.objs[i] for i in dict.fromkeys(ids) if i in s.objs]
    found = [o for o in found if matches(s, o, replace(f, zone=o.zone), None, rc.controller)]
    if not found:
        s.add_log(f"{rc.card.name}: there is no source to choose", ("609.7a",), "choice")
        return None
    options = tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in found)
    answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_SOURCE, f"{rc.card.name}: choose a source of damage",
                              options)) if len(options) > 1 else options[0]
    o = s.objs[answer.args[0]]
    s.add_log(f"{s.players[rc.controller].name} chooses {o.card.name} as the source for {rc.card.name}",
              ("609.7a",), "choice")
    return o


def _regenerate(ctx, e: ir.Regenerate, rc):
    """CR 701.19a: a shield that lasts until used or until the turn ends."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD:
            s.effects.append(RegenerationShield(o.id, Duration.END_OF_TURN, s.new_timestamp(), rc.card.name))
            s.add_log(f"The next time {o.card.name} would be destroyed this turn, it regenerates",
                      ("701.19a",), "effect")


def _exile(ctx, e: ir.Exile, rc):
    """CR 406.1, 701.13a. Exiled "until ~ leaves the battlefield", a card is linked to the source
    and returns when it leaves; if it already has, nothing is exiled (CR 610.3a-b). A card
    another ability of the source refers to as "the exiled card" is linked to it (CR 607.2a)."""
    s = ctx.s
    rc.did = False      # for "If you do" (CR 608.2c): something was exiled
    if e.until_source_leaves and rc.source not in s.battlefield:
        s.add_log(f"{rc.card.name} has left the battlefield: nothing is exiled", ("610.3a", "610.3b"), "resolve")
        return
    mark = (EXILED_UNTIL,) if e.until_source_leaves else (EXILED_WITH,) if e.linked else ()
    with events.together(ctx):
        for o in named_objects(ctx, e.what, rc):
            new = events.move(ctx, o, EXILE, cause=rc.card.name, rules=("406.1", "701.13a"))
            rc.did = True
            rc.counted["exiled"] = rc.counted.get("exiled", 0) + 1      # "that many", gone or not
            if mark and new is not None:
                events.link_exiled(ctx, new, rc.source, mark)


def _bounce(ctx, e: ir.ReturnToHand, rc):
    """CR 400.7; "Return ~ from your graveyard": only while the card is still there (CR 113.6m)."""
    rc.did = False      # for "If you do" (CR 608.2c): something was returned
    with events.together(ctx):
        for o in named_objects(ctx, e.what, rc):
            if not e.from_graveyard or o.zone == GRAVEYARD:
                events.move(ctx, o, HAND, cause=rc.card.name)
                rc.did = True


def _shuffle_into_library(ctx, e: ir.ShuffleIntoLibrary, rc):
    """CR 701.24a; a spell shuffling itself in leaves the stack so, not into a graveyard (CR 608.2n)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        events.move(ctx, o, LIBRARY, quiet=True)
        s.rng.shuffle(s.players[o.owner].library)
        s.add_log(f"{o.card.name} is shuffled into {s.players[o.owner].name}'s library ({rc.card.name})",
                  ("701.24a",), "zone")


def _reveal_top_if_shares(ctx, e: ir.RevealTopIfShares, rc):
    """Kinship: the controller looks at the top card of their library (CR 701.20e); if it shares
    a creature type with the source (CR 205.3), they may reveal it (CR 701.20a), and if they do,
    the effects happen."""
    s = ctx.s
    p = s.players[rc.controller]
    src = source_obj(ctx, rc)
    if not p.library or src is None:
        return
    top = s.objs[p.library[-1]]
    s.add_log(f"{p.name} looks at the top card of their library", ("701.20e",), "effect")
    if not shares_creature_type(s, top, src):
        return
    answer = ctx.ask(Decision(rc.controller, DecisionKind.REVEAL,
                              f"Reveal {top.card.name}, which shares a creature type with {src.card.name}?",
                              (Action(ActionKind.CHOOSE, (top.id,), f"reveal {top.card.name}"),
                               Action(ActionKind.DONE, (), "reveal nothing")), {"looked": [top.id]}))
    if answer.kind == ActionKind.CHOOSE:
        s.add_log(f"{p.name} reveals {top.card.name}", ("701.20a",), "effect")
        execute(ctx, e.effects, rc)


def _look_reveal_top(ctx, e: ir.LookRevealTop, rc):
    """The controller looks at the top card of their library (CR 701.20e) and may reveal it,
    whatever it is (CR 701.20a); if a card matching the filter is revealed, the effects happen.
    The card stays on top."""
    s = ctx.s
    p = s.players[rc.controller]
    if not p.library:
        return
    top = s.objs[p.library[-1]]
    s.add_log(f"{p.name} looks at the top card of their library", ("701.20e",), "effect")
    answer = ctx.ask(Decision(rc.controller, DecisionKind.REVEAL, f"{rc.card.name}: reveal {top.card.name}?",
                              (Action(ActionKind.CHOOSE, (top.id,), f"reveal {top.card.name}"),
                               Action(ActionKind.DONE, (), "reveal nothing")), {"looked": [top.id]}))
    if answer.kind != ActionKind.CHOOSE:
        return
    s.add_log(f"{p.name} reveals {top.card.name}", ("701.20a",), "effect")
    if objects_match(ctx, top, e.filter, rc):
        execute(ctx, e.effects, rc)


def _exile_top_until_taken(ctx, e: ir.ExileTopUntilTaken, rc):
    """Tainted Pact: the controller exiles their top card (CR 406.1); unless a card exiled before
    this way has its name (CR 201.2), which ends the process, they may put it into their hand,
    which ends it too; else again, until the library is empty."""
    s = ctx.s
    p = s.players[rc.controller]
    exiled: list[str] = []
    while p.library:
        top = s.objs[p.library[-1]]
        name = top.card.name
        new = events.move(ctx, top, EXILE, cause=rc.card.name)
        if new is None or new.zone != EXILE:
            continue
        if name in exiled:
            s.add_log(f"{rc.card.name} exiled a second card named {name}: the process ends", ("201.2",), "effect")
            return
        exiled.append(name)
        answer = ctx.ask(Decision(rc.controller, DecisionKind.MAY, f"{rc.card.name}: put {name} into your hand?",
                                  (Action(ActionKind.YES, (), "yes"), Action(ActionKind.NO, (), "no"))))
        if answer.kind == ActionKind.YES:
            events.move(ctx, new, HAND, cause=rc.card.name)
            return


def _separate_piles(ctx, e: ir.SeparatePiles, rc):
    """CR 700.3: the controller puts each permanent named into one of two piles (a pile may be
    empty, the ruling), the chooser picks one, and the permanents in it are sacrificed by their
    controller (CR 701.21a), all at once."""
    s = ctx.s
    objs = [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]
    choosers = named_players(ctx, e.who, rc)
    if not choosers:
        return
    piles: tuple[list, list] = ([], [])
    for o in objs:
        answer = ctx.ask(Decision(rc.controller, DecisionKind.PILE, f"{rc.card.name}: put {o.card.name} into which pile?",
                                  tuple(Action(ActionKind.CHOOSE, (o.id, k), f"{o.card.name} into pile {k}") for k in (1, 2))))
        piles[answer.args[1] - 1].append(o)

    def listed(pile: list) -> str:
        return ", ".join(o.card.name for o in pile) or "empty"

    me, chooser = s.players[rc.controller], choosers[0]
    s.add_log(f"{me.name} separates {len(objs)} permanents into two piles: [{listed(piles[0])}] and [{listed(piles[1])}]",
              ("700.3",), "choice")
    answer = ctx.ask(Decision(chooser, DecisionKind.PILE, f"{rc.card.name}: choose a pile",
                              tuple(Action(ActionKind.CHOOSE, (k,), f"pile {k}: {listed(piles[k - 1])}") for k in (1, 2))))
    chosen = piles[answer.args[0] - 1]
    s.add_log(f"{s.players[chooser].name} chooses the pile [{listed(chosen)}]", ("700.3",), "choice")
    with events.together(ctx):
        for o in chosen:
            o = s.objs.get(o.id)
            if o is None or o.zone != BATTLEFIELD:
                continue
            events.sacrifice(ctx, o)


def _reveal_top_if(ctx, e: ir.RevealTopIf, rc):
    """Each player named reveals the top card of their library (CR 701.20a); a card matching the
    filter goes where the effect says (onto the battlefield under that player's control), another
    one where "Otherwise" says, or it stays on top. An empty library reveals nothing."""
    s = ctx.s
    for p in named_players(ctx, e.who, rc):
        player = s.players[p]
        if not player.library:
            continue
        top = s.objs[player.library[-1]]
        s.add_log(f"{player.name} reveals {top.card.name} from the top of their library", ("701.20a",), "effect")
        to = e.to if objects_match(ctx, top, e.filter, rc) else e.otherwise
        if to == e.to and e.may:        # "You may put that card onto the battlefield if it's ..."
            answer = ctx.ask(Decision(p, DecisionKind.MAY, f"{rc.card.name}: put {top.card.name} onto the battlefield?",
                                      (Action(ActionKind.YES, (), "yes"), Action(ActionKind.NO, (), "no"))))
            to = e.to if answer.kind == ActionKind.YES else e.otherwise
        if to is None:
            continue
        moved = events.move(ctx, top, to, controller=p if to == BATTLEFIELD else None,
                            tapped=e.tapped and to == BATTLEFIELD, cause=rc.card.name)
        if e.may and to == e.to and e.otherwise is not None and (moved is None or moved.zone != to) \
                and top.id in player.library:   # not put there for any reason: "otherwise" (the ruling)
            events.move(ctx, top, e.otherwise, cause=rc.card.name)


def _reveal_from_hand(ctx, e: ir.RevealFromHand, rc):
    """CR 701.20a: the controller chooses a card in their hand and reveals it; "that card" after
    it is that card (``rc.revealed``). An empty hand reveals nothing."""
    s = ctx.s
    p = s.players[rc.controller]
    if not p.hand:
        s.add_log(f"{p.name} has no card in hand to reveal", ("701.20a",), "effect")
        return
    answer = ctx.ask(Decision(rc.controller, DecisionKind.REVEAL, f"{rc.card.name}: reveal which card from your hand?",
                              tuple(Action(ActionKind.CHOOSE, (i,), s.objs[i].card.name) for i in p.hand)))
    s.add_log(f"{p.name} reveals {s.objs[answer.args[0]].card.name} from their hand", ("701.20a",), "effect")
    rc.revealed.append(answer.args[0])


def _reveal_top(ctx, e: ir.RevealTop, rc):
    """CR 701.20a: the controller reveals the top card of their library, which stays there;
    "the revealed card" after it is that card (``rc.revealed``). An empty library reveals
    nothing: "If you do" doesn't follow (CR 608.2c)."""
    s = ctx.s
    p = s.players[rc.controller]
    if not p.library:
        rc.did = False
        return
    top = s.objs[p.library[-1]]
    s.add_log(f"{p.name} reveals {top.card.name} from the top of their library", ("701.20a",), "effect")
    rc.revealed.append(top.id)


def _reveal_top_to_hand(ctx, e: ir.RevealTopToHand, rc):
    """CR 701.20a, 401.2: the controller reveals the top card of their library and puts it into
    their hand; "its mana value" after it is that card's (``rc.revealed``). An empty library
    reveals nothing."""
    s = ctx.s
    p = s.players[rc.controller]
    if not p.library:
        return
    top = s.objs[p.library[-1]]
    s.add_log(f"{p.name} reveals {top.card.name}", ("701.20a",), "effect")
    new = events.move(ctx, top, HAND, cause=rc.card.name)
    if new is not None:
        rc.revealed.append(new.id)


def _shuffle_hand_and_graveyard(ctx, e: ir.ShuffleHandAndGraveyard, rc):
    """CR 701.24a: each player named shuffles the cards of their hand and of their graveyard (or of one of them) into their library."""
    s = ctx.s
    for p in named_players(ctx, e.who, rc):
        player = s.players[p]
        with events.together(ctx):
            for i in (list(player.hand) if e.hand else []) + (list(player.graveyard) if e.graveyard else []):
                events.move(ctx, s.objs[i], LIBRARY, quiet=True)
        s.rng.shuffle(s.players[p].library)
        what = " and ".join(z for z, on in (("hand", e.hand), ("graveyard", e.graveyard)) if on)
        s.add_log(f"{player.name} shuffles their {what} into their library ({rc.card.name})", ("701.24a",), "zone")


def _put_in_library(ctx, e: ir.PutInLibrary, rc):
    """CR 401.4, 400.3: into its owner's library, on top or at the bottom (a token ceases to
    exist there, CR 111.8). Several permanents ("Put all creatures on the bottom of their
    owners' libraries") leave together, each owner ordering their own cards, in APNAP order."""
    s = ctx.s
    found = named_objects(ctx, e.what, rc)
    where = "on the bottom of" if e.bottom else "on top of"
    if len(found) > 1 and isinstance(e.what, ir.Ref):    # several targets go in the order chosen
        ordered = []
        for owner in s.apnap():
            mine = [o for o in found if o.owner == owner]
            for k in range(len(mine) - 1):      # the first chosen is put first
                answer = ctx.ask(Decision(owner, DecisionKind.ORDER_CARDS,
                                          f"{rc.card.name}: put which card {where} your library next?",
                                          tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in mine[k:])))
                j = next(i for i in range(k, len(mine)) if mine[i].id == answer.args[0])
                mine[k], mine[j] = mine[j], mine[k]
            ordered += mine
        found = ordered + [o for o in found if o not in ordered]
    with events.together(ctx):
        for o in found:
            new = events.move(ctx, o, LIBRARY, bottom=e.bottom, quiet=True)
            if e.from_top > 1 and new is not None:
                _under_the_top(ctx, new, e.from_top - 1, rc)
            else:
                s.add_log(f"{o.card.name} is put {'at the bottom' if e.bottom else 'on top'} of its owner's "
                          f"library ({rc.card.name})", ("401.4", "400.3"), "zone")


def _under_the_top(ctx, o: Obj, under: int, rc) -> None:
    """CR 401.4: "third from the top" puts a card just under the top ``under`` cards of its
    owner's library, at the bottom where there are fewer (the rulings of Oust and the
    God-Eternals)."""
    s = ctx.s
    library = s.players[o.owner].library          # its top is the end of the list
    library.remove(o.id)
    library.insert(max(0, len(library) - under), o.id)
    s.add_log(f"{o.card.name} is put into its owner's library {_NTH[under + 1]} from the top ({rc.card.name})",
              ("401.4", "400.3"), "zone")


_NTH = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _sacrifice(ctx, e: ir.Sacrifice, rc):
    """CR 701.21a: sacrifice the permanents named that are still on the battlefield; a player
    can't sacrifice a permanent another player controls (Sneak Attack's and Kiki-Jiki's
    delayed "sacrifice it" after control of it changed)."""
    rc.did = False
    for o in named_objects(ctx, e.what, rc):
        if o.zone != BATTLEFIELD:
            continue
        if o.controller != rc.controller and not e.by_controller:
            ctx.s.add_log(f"{ctx.s.players[rc.controller].name} can't sacrifice {o.card.name}: another player "
                          "controls it", ("701.21a",), "resolve")
            continue
        events.sacrifice(ctx, o)
        rc.did = True


def _pay_mana(ctx, e: ir.PayMana, rc):
    """CR 118.1: pay a cost as part of an effect ("you may pay {3}"). With {X} ("you may pay
    {X}. If you do, ~ deals X damage ..."), X is chosen now among the values the player can
    pay (CR 107.3f), and the ability's X is that value from then on."""
    cost = e.cost
    if cost.x_count:
        rc.x = choose_x(ctx, rc.controller, cost, rc.card.name)
        ctx.s.add_log(f"X is {rc.x}", ("107.3f",), "choice")
        cost = cost.with_x(rc.x)
    pay_mana(ctx, rc.controller, cost, f"{rc.card.name}'s effect")
    rc.did = True


def _pay_life(ctx, e: ir.PayLife, rc):
    """CR 119.4, 118.3: paying life as part of an effect ("you may pay 2 life"), only with a
    life total at least that large; paid life is lost life."""
    p = ctx.s.players[rc.controller]
    n = amount(ctx, e.amount, rc)
    rc.did = n <= 0 or p.life >= n and life_cant_change(ctx.s, rc.controller) is None     # CR 119.8
    if not rc.did:
        ctx.s.add_log(f"{p.name} can't pay {n} life for {rc.card.name}", ("119.4", "118.3"), "resolve")
        return
    events.lose_life(ctx, rc.controller, n, source_obj(ctx, rc), rules=("119.4",))


def _remove_counter(ctx, e: ir.RemoveCounter, rc):
    """CR 122.1: remove counters of one kind from each object named; "If you do" applies only
    if every one of them was removed (CR 608.2c: "Remove a +1/+1 counter from ~. If you do")."""
    rc.did = False
    objs = [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]
    done = bool(objs)
    for o in objs:
        done = done and o.counters.get(e.kind, 0) >= e.amount
        events.remove_counters(ctx, o, e.kind, e.amount, rc.card.name)
    rc.did = done


def _remove_all_counters(ctx, e: ir.RemoveAllCounters, rc):
    """CR 122.1: every counter of the kind from each permanent named."""
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD and o.counters.get(e.kind, 0):
            events.remove_counters(ctx, o, e.kind, o.counters[e.kind], rc.card.name)


def _move_counter(ctx, e: ir.MoveCounter, rc):
    """CR 122.5: the counters leave the first object and go onto the second; when either step
    can't be done (the same object, too few counters, either no longer on the battlefield) no
    counter moves at all."""
    src, dst = named_objects(ctx, e.source, rc), named_objects(ctx, e.to, rc)
    if (len(src) != 1 or len(dst) != 1 or src[0].id == dst[0].id or src[0].zone != BATTLEFIELD
            or dst[0].zone != BATTLEFIELD or src[0].counters.get(e.kind, 0) < e.amount):
        ctx.s.add_log(f"{rc.card.name}: no {e.kind} counter can be moved", ("122.5",), "resolve")
        return
    events.remove_counters(ctx, src[0], e.kind, e.amount, rc.card.name)
    events.add_counters(ctx, dst[0], e.kind, e.amount, f"moved from {src[0].card.name}, CR 122.5")


def _put_exiled_in_graveyard(ctx, e: ir.PutExiledInGraveyard, rc):
    """The processors: a card an opponent owns in exile, chosen by the controller, goes to its
    owner's graveyard (CR 400.3, 406); "If you do" applies only if there was one (CR 608.2c)."""
    s = ctx.s
    found = [o for o in s.objs.values() if o.zone == EXILE and o.owner != rc.controller]
    rc.did = bool(found)
    if not found:
        s.add_log(f"{rc.card.name}: no opponent owns a card in exile", ("406.1",), "resolve")
        return
    options = tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in found)
    answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_PERMANENT, f"{rc.card.name}: choose a card in exile",
                              options)) if len(options) > 1 else options[0]
    events.move(ctx, s.objs[answer.args[0]], GRAVEYARD, cause=rc.card.name, rules=("400.3", "406.1"))


def _commanders_to_command_zone(ctx, e: ir.CommandersToCommandZone, rc):
    """Each commander the named player controls goes from the battlefield to its owner's
    command zone (CR 903.3d, 400.3)."""
    s = ctx.s
    for player in named_players(ctx, e.who, rc):
        for o in [o for o in s.permanents(player) if commanders.is_commander(s, o)]:
            s.add_log(f"{s.players[player].name} returns {o.card.name}, {possessive(s.players[o.owner].name)} "
                      "commander, to the command zone", ("903.3d", "400.3"), "effect")
            events.move(ctx, o, COMMAND, quiet=True)


def _commander_to_hand(ctx, e: ir.CommanderToHand, rc):
    """"Put your commander into your hand from the command zone": one of the controller's
    commanders there, their choice of two, into their hand; none there, nothing happens (CR
    903.3d; Command Beacon rulings 2020-11-10)."""
    s = ctx.s
    found = commanders.commanders_in(s, rc.controller, COMMAND)
    who = s.players[rc.controller].name
    if not found:
        s.add_log(f"{rc.card.name}: {who} has no commander in the command zone, so nothing happens",
                  ("903.3d",), "resolve")
        return
    options = tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in found)
    answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_PERMANENT,
                              f"{rc.card.name}: put which commander into your hand?", options)) \
        if len(options) > 1 else options[0]
    card = s.objs[answer.args[0]]
    s.add_log(f"{who} puts {card.card.name}, their commander, into their hand from the command zone",
              ("903.3d",), "effect")
    events.move(ctx, card, HAND, quiet=True)


def _become_monarch(ctx, e: ir.BecomeMonarch, rc):
    """CR 724.3: the player named becomes the monarch."""
    for p in named_players(ctx, e.who, rc)[:1]:
        events.become_monarch(ctx, p, rc.card.name)


def _get_energy(ctx, e: ir.GetEnergy, rc):
    """CR 122.1: the players named get energy counters."""
    n = amount(ctx, e.amount, rc)
    for p in named_players(ctx, e.who, rc):
        events.get_energy(ctx, p, n, rc.card.name)


def _get_poison(ctx, e: ir.GetPoison, rc):
    """CR 122.1: the players named get poison counters."""
    n = amount(ctx, e.amount, rc)
    for p in named_players(ctx, e.who, rc):
        events.get_poison(ctx, p, n, rc.card.name)


def _pay_energy(ctx, e: ir.PayEnergy, rc):
    """CR 107.14, 118.3: paying energy as part of an effect, only with enough of it."""
    if ctx.s.players[rc.controller].energy < e.amount:
        rc.did = False
        return
    events.pay_energy(ctx, rc.controller, e.amount, f"{rc.card.name}'s effect")
    rc.did = True


def _if_you_do(ctx, e: ir.IfYouDo, rc):
    """CR 608.2c: the effects happen only if the action before them was done."""
    s = ctx.s
    s.add_log(f"{s.players[rc.controller].name} {'did it' if rc.did else 'did not do it'}, so "
              f"{rc.card.name}'s \"if you do\" {'applies' if rc.did else 'does nothing'}", ("608.2c",), "resolve")
    if rc.did:
        execute(ctx, e.effects, rc)
        rc.did = True       # it was done, whatever these effects did: for "If you don't" after


def _create_reflexive(ctx, e: ir.CreateReflexive, rc):
    """CR 603.12: the optional action was done, so the reflexive ability triggers; it is put
    on the stack the next time a player would receive priority, with its own targets."""
    s = ctx.s
    if not rc.did:
        return
    label = f"{possessive(rc.card.name)} reflexive ability"
    # its X is the one of the ability that created it ("you may pay {X}. When you do, ...",
    # CR 107.3n as for a delayed ability)
    event = replace(rc.event, x=rc.x) if rc.x else rc.event
    s.pending_triggers.append(PendingTrigger(rc.source, rc.card, nested_index(rc.card, e.ability),
                                             rc.controller, event, 1, "", label))
    s.add_log(f"{label} triggers: {e.ability.text}", ("603.12",), "trigger")


def _counter(ctx, e: ir.CounterSpell, rc):
    for t in resolve_subject(ctx, e.what, rc):
        if isinstance(t, str) and t.startswith("s"):
            sid = int(t[1:])
            item = next((i for i in ctx.s.stack if i.id == sid), None)
            if item is not None:
                events.counter_spell(ctx, item, rc.card.name, exile=e.exile, instead=e.instead,
                                     by_player=rc.controller)
            elif isinstance(e.what, ir.Ref):      # "counter that spell": it has left the stack
                ctx.s.add_log(f"{rc.card.name}: that spell is no longer on the stack, so nothing is "
                              "countered", ("609.3",), "resolve")


def _while_source_tapped(ctx, rc) -> str | None:
    """The ``until`` of an effect lasting "for as long as ~ remains tapped": it ends once the
    source untaps or leaves; None (and the effect does nothing) when the source is already
    untapped or gone as it would begin (CR 611.2b)."""
    s = ctx.s
    src = source_obj(ctx, rc)
    if src is None or src.zone != BATTLEFIELD or not s.current(src).tapped:
        s.add_log(f"{rc.card.name}'s effect does nothing: {rc.card.name} doesn't remain tapped",
                  ("611.2b",), "effect")
        return None
    return f"{events.WHILE_TAPPED}:{src.id}"


def _until_words(duration: str) -> str:
    """How long an effect on a permanent lasts, in the log: "until end of turn" or "until end of
    combat" (CR 514.2, 511.3); nothing for one that lasts (CR 611.2a) or ends otherwise."""
    words: dict[str, str] = {Duration.END_OF_TURN: " until end of turn", Duration.END_OF_COMBAT: " until end of combat"}
    return words.get(duration, "")


def _modify_pt(ctx, e: ir.ModifyPT, rc):
    s = ctx.s
    p = amount(ctx, e.power, rc) * (-1 if e.negate_power else 1)
    t = amount(ctx, e.toughness, rc) * (-1 if e.negate_toughness else 1)
    lasts = e.duration
    if lasts == events.WHILE_TAPPED:     # "for as long as ~ remains tapped" (CR 611.2b)
        tapped = _while_source_tapped(ctx, rc)
        if tapped is None:
            return
        lasts = tapped
    elif lasts == ir.UNTIL_YOUR_NEXT_TURN:     # ends as the controller's next turn begins (CR 611.2a)
        lasts = events.next_turn_of(rc.controller)
    for o in named_objects(ctx, e.what, rc):
        if o.zone != BATTLEFIELD:
            continue
        s.effects.append(ModifyPT(o.id, p, t, lasts, s.new_timestamp(), rc.card.name))
        until = f" until {s.players[rc.controller].name}'s next turn" if e.duration == ir.UNTIL_YOUR_NEXT_TURN \
            else _until_words(e.duration)
        s.add_log(f"{o.card.name} gets {p:+d}/{t:+d}{until}", ("611.2", "613.4c"), "effect")


def _grant(ctx, e: ir.GrantKeywords, rc):
    """CR 611.2, 613.1f; protection "from the color of your choice" is from one color the
    controller chooses as the effect happens, for every permanent it affects (CR 608.2d, 702.16a)."""
    s = ctx.s
    names = tuple(n for k in e.keywords for n in keyword_names(k))
    protection = tuple(k.arg for k in e.keywords if k.name == "protection" and k.arg is not None)
    if CHOSEN_COLOR in protection:         # as the source entered (CR 614.12), as it last existed
        src = source_obj(ctx, rc)
        chosen = COLOR_NAMES.get(src.chosen or "") if src is not None else None
        protection = tuple(p for p in (chosen if p == CHOSEN_COLOR else p for p in protection) if p)
    if ir.MOST_VOTED_COLORS in protection:     # the colors the vote before chose most (CR 701.38)
        tally = Counter(c for _, c in rc.votes)
        most = max(tally.values(), default=0)
        voted = tuple(c for c, n in tally.items() if n == most and isinstance(c, str))
        protection = tuple(q for p in protection for q in (voted if p == ir.MOST_VOTED_COLORS else (p,)))
    if YOUR_OPPONENTS in protection:    # those opponents as it happens (Cliffside Rescuer ruling 2019-08-23)
        them = tuple(player_ref(p.index) for p in s.players if p.index != rc.controller and not p.lost)
        protection = tuple(q for p in protection for q in (them if p == YOUR_OPPONENTS else (p,)))
    if any(ir.PROTECTION_OR in p for p in protection):        # one quality chosen as it happens (CR 608.2d)
        protection = tuple(_choose_protection(ctx, rc.controller, p) if ir.PROTECTION_OR in p else p
                           for p in protection)
    if e.what == ir.Ref("you"):         # a player with protection, hexproof or shroud (CR 702.16b-e, 702.11c, 702.18a)
        if PROTECTION_CHOICE in protection:
            protection = tuple(_choose_color(ctx, rc.controller, "protection") if p == PROTECTION_CHOICE else p
                               for p in protection)
        until, words = _player_duration(e.duration, rc.controller)
        me = player_ref(rc.controller)
        if protection:
            s.effects.append(PlayerProtection(me, until, s.new_timestamp(), rc.card.name, protection=protection))
            s.add_log(f"{s.players[rc.controller].name} gains {_protections_words(s, protection)}{words}",
                      ("611.2", "702.16b"), "effect")
        others = tuple(n for n in names if n != "protection")
        if others:
            s.effects.append(PlayerKeywords(me, until, s.new_timestamp(), rc.card.name, keywords=others))
            s.add_log(f"{s.players[rc.controller].name} gains {', '.join(n for n in others if n != HEXPROOF_FROM)}{words}",
                      ("611.2", "702.11c" if "hexproof" in others or HEXPROOF_FROM in others else "702.18a"), "effect")
        return
    for o in [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]:
        if PROTECTION_CHOICE in protection:
            protection = tuple(_choose_color(ctx, rc.controller, "protection") if p == PROTECTION_CHOICE else p
                               for p in protection)
        s.effects.append(GrantKeywords(o.id, names, e.duration, s.new_timestamp(), rc.card.name, protection))
        gained = [n for n in names if n not in ("protection", HEXPROOF_FROM)] + ([_protections_words(s, protection)] if protection else [])
        s.add_log(f"{o.card.name} gains {', '.join(gained)}{_until_words(e.duration)}", ("611.2", "613.1f"), "effect")


def _life_cant_change(ctx, e: ir.LifeCantChange, rc):
    """"Until your next turn, your life total can't change" (CR 119.7, 119.8): a record read by
    ``filters.life_cant_change``, ended as that player's next turn begins (CR 611.2a)."""
    s = ctx.s
    until, words = _player_duration(e.duration, rc.controller)
    s.effects.append(LifeCantChange(player_ref(rc.controller), until, s.new_timestamp(), rc.card.name))
    s.add_log(f"{s.players[rc.controller].name}'s life total can't change{words}", ("611.2", "119.7", "119.8"),
              "effect")


def _cant_lose_game(ctx, e: ir.CantLoseGame, rc):
    """"You can't lose the game this turn and your opponents can't win the game this turn."
    (CR 104.3, 104.2): a record read by ``filters.cant_lose`` and ``filters.cant_win``."""
    s = ctx.s
    until, words = _player_duration(e.duration, rc.controller)
    s.effects.append(CantLoseGame(player_ref(rc.controller), until, s.new_timestamp(), rc.card.name))
    s.add_log(f"{s.players[rc.controller].name} can't lose the game and their opponents can't win it{words}",
              ("611.2", "104.3", "104.2"), "effect")


def _untargetable(ctx, e: ir.Untargetable, rc):
    """"Target creature can't be the target of spells or abilities your opponents control this
    turn." (CR 115.1, 611.2): a record read by ``filters.can_be_targeted_by``."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        s.effects.append(Untargetable(o.id, rc.controller, e.duration, s.new_timestamp(), rc.card.name))
        s.add_log(f"{o.card.name} can't be the target of spells or abilities {s.players[rc.controller].name}'s "
                  "opponents control this turn", ("611.2", "115.1"), "effect")


def _damage_life_floor(ctx, e: ir.DamageLifeFloor, rc):
    """"Until end of turn, damage that would reduce your life total to less than 1 reduces it to
    1 instead." (CR 614.1a): a record read as damage is dealt (``events.deal_damage``)."""
    s = ctx.s
    until, words = _player_duration(e.duration, rc.controller)
    s.effects.append(DamageLifeFloor(player_ref(rc.controller), until, s.new_timestamp(), rc.card.name))
    s.add_log(f"Damage that would reduce {s.players[rc.controller].name}'s life total to less than 1 reduces "
              f"it to 1 instead{words}", ("611.2", "614.1a"), "effect")


def _phase_out(ctx, e: ir.PhaseOut, rc):
    """CR 702.26b: the permanents named phase out (``phasing.phase_out``)."""
    objs = [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]
    phasing.phase_out(ctx, objs, rc.card.name)


def _player_duration(duration: str, controller: int) -> tuple[str, str]:
    """A player's effect's end as a record keeps it, and in words: "until end of turn", or
    "until your next turn", which ends as that player's next turn begins (CR 611.2a, 500.1)."""
    if duration == ir.UNTIL_YOUR_NEXT_TURN:
        return events.next_turn_of(controller), " until their next turn"
    return duration, " until end of turn"


def _protections_words(s, protection: tuple[str, ...]) -> str:
    """"protection from red and from Bob" (CR 702.16g): a player by name (CR 702.16k)."""
    return "protection from " + " and from ".join(
        s.players[player_of(p)].name if is_player_ref(p) and p[1:].isdigit() else p for p in protection)


def _gain_ability(ctx, e: ir.GainAbility, rc):
    """CR 611.2, 613.1f: each permanent named has the quoted abilities while the effect lasts;
    a group is locked in as the effect begins (CR 611.2c)."""
    s = ctx.s
    texts = tuple(ab.text for ab in e.abilities)
    until = " until end of turn" if e.duration == Duration.END_OF_TURN else ""
    quoted = " and ".join(f'"{t}"' for t in texts)
    for o in [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]:
        s.effects.append(GrantAbility(o.id, texts, e.duration, s.new_timestamp(), rc.card.name))
        s.add_log(f"{o.card.name} gains {quoted}{until}", ("611.2", "613.1f"), "effect")


def _lose_keywords(ctx, e: ir.LoseKeywords, rc):
    """CR 611.2, 613.1f: each permanent named loses the keywords while the effect lasts; a
    group is locked in as the effect begins (CR 611.2c)."""
    s = ctx.s
    names = tuple(k.name for k in e.keywords)
    until = " until end of turn" if e.duration == Duration.END_OF_TURN else ""
    for o in [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]:
        s.effects.append(LoseKeywords(o.id, names, e.duration, s.new_timestamp(), rc.card.name))
        s.add_log(f"{o.card.name} loses {', '.join(names)}{until}", ("611.2", "613.1f"), "effect")


def _lose_all_abilities(ctx, e: ir.LoseAllAbilities, rc):
    """CR 611.2, 613.1f: each permanent named loses every ability it has while the effect lasts
    (those it gains later it keeps, CR 613.7); a group is locked in as the effect begins
    (CR 611.2c)."""
    s = ctx.s
    until = " until end of turn" if e.duration == Duration.END_OF_TURN else ""
    for o in [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]:
        s.effects.append(LoseAllAbilities(o.id, e.duration, s.new_timestamp(), rc.card.name))
        s.add_log(f"{o.card.name} loses all abilities{until}", ("611.2", "613.1f"), "effect")


def _become_color(ctx, e: ir.BecomeColor, rc):
    """CR 611.2, 613.1e, 105.3: each permanent named is of the new colors while the effect
    lasts; "the color of your choice" is chosen once, as the effect happens (CR 608.2d)."""
    s = ctx.s
    objs = [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]
    if not objs:
        return
    colors = (NAME_TO_COLOR[_choose_color(ctx, rc.controller, "the new color")],) if e.choose else e.colors
    until = " until end of turn" if e.duration == Duration.END_OF_TURN else ""
    words = " and ".join(COLOR_NAMES[c] for c in colors) or "colorless"
    for o in objs:
        s.effects.append(SetColors(o.id, colors, e.duration, s.new_timestamp(), rc.card.name))
        s.add_log(f"{o.card.name} becomes {words}{until}", ("611.2", "613.1e", "105.3"), "effect")


def _become_land_type(ctx, e: ir.BecomeLandType, rc):
    """CR 611.2, 305.7, 613.1d: each land named has the new land type instead of its others while
    the effect lasts; with several types offered ("the basic land type of your choice"), one is
    chosen once, as the effect happens (CR 608.2d)."""
    s = ctx.s
    objs = [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]
    if not objs:
        return
    land_type = e.land_types[0]
    if len(e.land_types) > 1:
        answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_LAND_TYPE, "Choose a land type",
                                  tuple(Action(ActionKind.LAND_TYPE, (t,), t) for t in e.land_types)))
        land_type = answer.args[0]
        s.add_log(f"{s.players[rc.controller].name} chooses {land_type}", ("608.2d",), "choice")
    until = " until end of turn" if e.duration == Duration.END_OF_TURN else ""
    for o in objs:
        s.effects.append(SetLandType(o.id, land_type, e.duration, s.new_timestamp(), rc.card.name))
        s.add_log(f"{o.card.name} becomes a {land_type}{until}", ("611.2", "305.7", "613.1d"), "effect")


def _change_text(ctx, e: ir.ChangeText, rc):
    """CR 612, 613.1c, 608.2d: as it resolves, its controller chooses the word to replace, of a
    kind the spell names, and a different word of that kind (rulings: it may be a word the
    permanent's text doesn't have); each permanent or spell named reads the new word for every
    instance of the old one in its rules text and type line while the effect lasts (a spell as
    it resolves, and the permanent it becomes, ``resolve.py``)."""
    s = ctx.s
    objs = [o for o in known_objects(ctx, e.what, rc) if s.objs.get(o.id) is o and o.zone in (BATTLEFIELD, STACK) and not o.phased_out]
    if not objs:
        return
    text = " ".join([objs[0].card.text, *objs[0].card.subtypes])
    olds = [(k, w) for k in map(WordKind, e.words) for w in words_of(k)]
    olds.sort(key=lambda kw: kw[1].lower() not in text.lower())      # its own words first
    old = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_WORD, f"{rc.card.name}: choose the word to replace",
                           tuple(Action(ActionKind.WORD, (k.value, w), w) for k, w in olds))).args
    kind = WordKind(old[0])
    news = [w for w in words_of(kind) if w != old[1] and w not in e.not_new]
    new = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_WORD, f"{rc.card.name}: replace {old[1]} with",
                           tuple(Action(ActionKind.WORD, (kind.value, w), w) for w in news))).args[1]
    until = " until end of turn" if e.duration == Duration.END_OF_TURN else ""
    for o in objs:
        s.effects.append(TextChange(o.id, kind.value, old[1], new, e.duration, s.new_timestamp(), rc.card.name))
        s.add_log(f"{o.card.name}'s text reads {new} instead of {old[1]}{until}", ("612.1", "612.2", "613.1c"),
                  "effect")
    text_changes_begin_or_end(s)


def _become_creature_type(ctx, e: ir.BecomeCreatureType, rc):
    """CR 608.2d, 205.1a, 613.1d: the controller chooses a creature type as the effect happens;
    each permanent named has it instead of its other creature types while the effect lasts."""
    s = ctx.s
    objs = [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]
    if not objs:
        return
    chosen = _ask_creature_type(ctx, rc.controller, f"Choose a creature type for {rc.card.name}")
    s.add_log(f"{s.players[rc.controller].name} chooses {chosen}", ("608.2d",), "choice")
    until = " until end of turn" if e.duration == Duration.END_OF_TURN else ""
    for o in objs:
        s.effects.append(AddSubtypes(o.id, (chosen,), e.duration, s.new_timestamp(), rc.card.name, replaces=True))
        s.add_log(f"{o.card.name} becomes a {chosen} instead of its other creature types{until}",
                  ("611.2", "205.1a", "613.1d"), "effect")


def _ask_creature_type(ctx, player: int, prompt: str) -> str:
    """A creature type ``player`` chooses (CR 205.3m), the types of their own creature cards
    offered first."""
    s = ctx.s
    mine = Counter(t for c in s.objs.values() if c.owner == player and "Creature" in c.card.types
                   for t in c.card.subtypes)
    types = sorted(CREATURE_TYPES, key=lambda t: (-mine[t], t))
    answer = ctx.ask(Decision(player, DecisionKind.CHOOSE_CREATURE_TYPE, prompt,
                              tuple(Action(ActionKind.CREATURE_TYPE, (t,), t) for t in types)))
    return answer.args[0]


def _choose_creature_type(ctx, e: ir.ChooseCreatureType, rc):
    """CR 608.2d, 205.3m: the spell's controller chooses an existing creature type (the types of
    their own creature cards offered first); "of the chosen type" later in the spell reads it
    from the spell."""
    s = ctx.s
    src = source_obj(ctx, rc)
    if src is None or src.id not in s.objs:
        return
    chosen = _ask_creature_type(ctx, rc.controller, f"Choose a creature type for {rc.card.name}")
    s.own(src.id).chosen = chosen
    s.add_log(f"{s.players[rc.controller].name} chooses {chosen} for {rc.card.name}", ("608.2d",), "choice")


def _choose_card_name(ctx, e: ir.ChooseCardName, rc):
    """CR 201.3, 608.2d: the spell's controller chooses a card name; "with the chosen name" and
    "with that name" later in the spell read it from the spell."""
    src = source_obj(ctx, rc)
    if src is None or src.id not in ctx.s.objs:
        return
    ctx.s.own(src.id).chosen = choose_name(ctx, rc.controller, e.qualities, rc.card.name, ("608.2d", "201.3"))


def _extra_land_plays(ctx, e: ir.ExtraLandPlays, rc):
    """CR 305.2: the controller may play ``amount`` more lands this turn (legality.land_limit)."""
    s = ctx.s
    s.effects.append(ExtraLandPlays(player_ref(rc.controller), e.amount, Duration.END_OF_TURN, s.new_timestamp(),
                                    rc.card.name))
    more = "an additional land" if e.amount == 1 else f"up to {e.amount} additional lands"
    s.add_log(f"{s.players[rc.controller].name} may play {more} this turn", ("305.2",), "effect")


def _choose_color(ctx, player: int, what: str) -> str:
    """A color chosen by ``player`` (CR 105.1), by its name ("red")."""
    answer = ctx.ask(Decision(player, DecisionKind.CHOOSE_COLOR, f"Choose a color: {what}",
                              tuple(Action(ActionKind.COLOR, (c,), COLOR_NAMES[c]) for c in COLORS)))
    ctx.s.add_log(f"{ctx.s.players[player].name} chooses {COLOR_NAMES[answer.args[0]]}: {what}", ("105.1",),
                  "choice")
    return COLOR_NAMES[answer.args[0]]


def _choose_protection(ctx, player: int, either: str) -> str:
    """The quality ``player`` chooses of "protection from A or from B" (CR 608.2d, 702.16a);
    "the color of your choice" offers each color."""
    options: list[str] = []
    for q in either.split(ir.PROTECTION_OR):
        options += [COLOR_NAMES[c] for c in COLORS] if q == PROTECTION_CHOICE else [q]
    answer = ctx.ask(Decision(player, DecisionKind.CHOOSE_PROTECTION, f"Choose protection from {either}",
                              tuple(Action(ActionKind.PROTECTION, (q,), q) for q in dict.fromkeys(options))))
    chosen = str(answer.args[0])
    ctx.s.add_log(f"{ctx.s.players[player].name} chooses protection from {chosen}", ("608.2d", "702.16a"), "choice")
    return chosen


def _restrict(ctx, e: ir.Restrict, rc):
    """A rule about combat this turn (CR 611.2): for each object named, or for a group read as
    the rule is applied, so that creatures entering later are bound too (CR 611.2c)."""
    s = ctx.s
    words = _RULE_WORDS[e.rule]
    blockers = filter_pairs(e.blockers) if e.blockers is not None else ()
    by = " by creatures like that" if e.blockers is not None else ""
    attacker = None
    if e.rule.endswith("_source"):      # "blocks ~", "can't block ~": the source as it is now
        src = source_obj(ctx, rc)
        if src is None or src.zone != BATTLEFIELD:
            s.add_log(f"{rc.card.name} has left the battlefield: the effect does nothing", ("400.7",), "effect")
            return
        attacker = src.id
        words = words.replace("~", src.card.name)
    if isinstance(e.what, ir.Ref) and e.what.name == "all":
        s.effects.append(CombatRule(None, e.rule, e.duration, s.new_timestamp(), rc.card.name, rc.controller,
                                    filter_pairs(bound_x(_group(e.what), rc)), blockers, attacker))
        s.add_log(f"{rc.card.name}: those creatures {words}{by} this turn", _RULE_CR[e.rule], "effect")
        return
    for o in named_objects(ctx, e.what, rc):
        if o.zone != BATTLEFIELD:
            continue
        s.effects.append(CombatRule(o.id, e.rule, e.duration, s.new_timestamp(), rc.card.name, blockers=blockers,
                                    attacker=attacker))
        when = "this combat" if e.duration == Duration.END_OF_COMBAT else "this turn"      # provoke (CR 702.39a)
        s.add_log(f"{o.card.name} {words}{by} {when}", _RULE_CR[e.rule], "effect")


_RULE_WORDS = {"cant_block": "can't block", "cant_attack": "can't attack", "cant_be_blocked": "can't be blocked",
               "cant_be_blocked_by": "can't be blocked", "attacks_each_combat": "attacks if able",
               "must_block": "blocks if able", "must_block_source": "blocks ~ if able",
               "cant_block_source": "can't block ~", "must_be_blocked": "must be blocked if able",
               "no_combat_damage": "assigns no combat damage",
               "must_be_blocked_by_all": "must be blocked by all creatures able to block it",
               "block_any_number": "can block any number of creatures",
               "block_additional": "can block an additional creature",
               "attacks_despite_defender": "can attack as though it didn't have defender"}
_RULE_CR = {"cant_block": ("611.2", "509.1b"), "cant_attack": ("611.2", "508.1c"),
            "cant_be_blocked": ("611.2", "509.1b"), "cant_be_blocked_by": ("611.2", "509.1b"),
            "attacks_each_combat": ("611.2", "508.1d"), "must_block": ("611.2", "509.1c"),
            "must_block_source": ("611.2", "509.1c"), "cant_block_source": ("611.2", "509.1b"),
            "must_be_blocked": ("611.2", "509.1c"), "no_combat_damage": ("611.2", "510.1a"),
            "must_be_blocked_by_all": ("611.2", "509.1c"), "block_any_number": ("611.2", "509.1a"),
            "block_additional": ("611.2", "509.1a"), "attacks_despite_defender": ("611.2", "702.3b")}


def _put_counters(ctx, e: ir.PutCounters, rc):
    n = amount(ctx, e.amount, rc)
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD:
            events.add_counters(ctx, o, e.kind, n)


def _double_counters(ctx, e: ir.DoubleCounters, rc):
    """CR 701.10e: each permanent gets as many more counters of the kind as it has now; they are
    put on it like any others (CR 122.6)."""
    for o in named_objects(ctx, e.what, rc):
        n = o.counters.get(e.kind, 0)
        if o.zone == BATTLEFIELD and n:
            events.add_counters(ctx, o, e.kind, n)


def _remove_counters(ctx, e: ir.RemoveCounters, rc):
    """Remove up to N counters, one at a time, of the kinds the controller picks."""
    for o in named_objects(ctx, e.what, rc):
        for _ in range(e.amount):
            if o.zone != BATTLEFIELD or not o.counters:
                break
            options = tuple(Action(ActionKind.REMOVE, (k,), f"remove a {k} counter from {o.card.name}")
                            for k in sorted(o.counters)) + (Action(ActionKind.DONE, (), "remove no more"),)
            answer = ctx.ask(Decision(rc.controller, DecisionKind.REMOVE_COUNTERS,
                                      f"Remove counters from {o.card.name}", options))
            if answer.kind == ActionKind.DONE:
                break
            o = events.remove_counters(ctx, o, answer.args[0], 1)


def _skip_next_untap(ctx, e: ir.SkipNextUntap, rc):
    """Lasts until its controller's next untap step, which it changes (CR 502.3, 611.2). A group
    of permanents "you control" is one record for the player's next untap step, read then: it
    covers permanents they control by that time, not only the ones they control now (CR 611.2c)."""
    s = ctx.s
    if e.yours and isinstance(e.what, ir.Ref) and e.what.name == "all":
        types = _group(e.what).types
        s.effects.append(SkipNextUntap(None, Duration.NEXT_UNTAP, s.new_timestamp(), rc.card.name, rc.controller, types))
        s.add_log(f"{' or '.join(types)}s {s.players[rc.controller].name} controls don't untap during "
                  f"their next untap step", ("502.3", "611.2c"), "effect")
        return
    until: str = Duration.NEXT_UNTAP
    if e.while_source_tapped:           # "for as long as ~ remains tapped" (CR 611.2b)
        tapped = _while_source_tapped(ctx, rc)
        if tapped is None:
            return
        until = tapped
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD and e.while_source_tapped:
            s.effects.append(SkipNextUntap(o.id, until, s.new_timestamp(), rc.card.name))
            s.add_log(f"{o.card.name} doesn't untap during its controller's untap step for as long as "
                      f"{rc.card.name} remains tapped", ("502.3", "611.2b"), "effect")
        elif o.zone == BATTLEFIELD:
            player = rc.controller if e.yours else None      # "your next untap step"
            s.effects.append(SkipNextUntap(o.id, until, s.new_timestamp(), rc.card.name, player))
            whose = f"{s.players[player].name}'s" if e.yours else "its controller's"
            s.add_log(f"{o.card.name} doesn't untap during {whose} next untap step",
                      ("502.3", "611.2"), "effect")


def _exile_top(ctx, e: ir.ExileTopCard, rc):
    """CR 406.1: each player named exiles the top cards of their library, one at a time."""
    n = amount(ctx, e.amount, rc)
    players = [rc.controller] if e.who == ir.Ref("you") else named_players(ctx, e.who, rc)
    for player in [p for p in ctx.s.apnap() if p in players]:
        p = ctx.s.players[player]
        for _ in range(n):
            if not p.library:
                break
            new = events.move(ctx, ctx.s.objs[p.library[-1]], EXILE, cause=rc.card.name, rules=("406.1",))
            if new is not None:
                rc.exiled.append(new.id)


def _may_play_exiled(ctx, e: ir.MayPlayExiled, rc):
    """A permission to play the exiled cards until end of turn, or until the end of the
    controller's next turn (CR 601.3, 305.1, 611.2a)."""
    s = ctx.s
    next_turn = e.duration == Duration.END_OF_YOUR_NEXT_TURN
    until = events.end_of_next_turn_of(rc.controller) if next_turn else Duration.END_OF_TURN
    for oid in rc.exiled:
        o = s.objs.get(oid)
        if o is not None and o.zone == EXILE:
            s.effects.append(MayPlay(oid, until, s.new_timestamp(), rc.card.name))
            s.add_log(f"{s.players[rc.controller].name} may play {o.card.name} "
                      + ("until the end of their next turn" if next_turn else "this turn"),
                      ("601.3", "305.1", "611.2a") if next_turn else ("601.3", "305.1"), "effect")


def _may_cast_from_graveyard(ctx, e: ir.MayCastFromGraveyard, rc):
    """A permission for the controller to cast each card named from its owner's graveyard this
    turn, paying its costs (CR 601.3, 611.2a): that object only, while it stays there (CR 400.7)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone == GRAVEYARD:
            s.effects.append(GraveyardCastPermission(o.id, rc.controller, Duration.END_OF_TURN, s.new_timestamp(),
                                                     rc.card.name))
            s.add_log(f"{s.players[rc.controller].name} may cast {o.card.name} from the graveyard this turn",
                      ("601.3",), "effect")


def _may_play_from_graveyard(ctx, e: ir.MayPlayFromGraveyard, rc):
    """Each card ``e.filter`` describes in the controller's graveyard now (not one put there
    later, CR 611.2c) may be played from there this turn: cast, or played if a land, by the usual
    timing and land rules (CR 601.3, 305.1-305.2); that object only (CR 400.7)."""
    s = ctx.s
    for oid in list(s.players[rc.controller].graveyard):
        o = s.objs[oid]
        if objects_match(ctx, o, e.filter, rc):
            s.effects.append(GraveyardCastPermission(o.id, rc.controller, Duration.END_OF_TURN, s.new_timestamp(),
                                                     rc.card.name, play=True))
            s.add_log(f"{s.players[rc.controller].name} may play {o.card.name} from the graveyard this turn",
                      ("601.3", "305.1", "611.2c"), "effect")


def _gain_flashback(ctx, e: ir.GainFlashback, rc):
    """Each card named, an instant or sorcery in its owner's graveyard, gains flashback for its
    mana cost until end of turn (CR 702.34a, 611.2a): the cards there now, not those put there
    later (Past in Flames's rulings)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone == GRAVEYARD and o.owner == rc.controller:
            s.effects.append(GrantedFlashback(o.id, Duration.END_OF_TURN, s.new_timestamp(), rc.card.name))
            s.add_log(f"{o.card.name} gains flashback until end of turn; its flashback cost is its mana cost "
                      f"{o.card.mana_cost}", ("702.34a", "611.2a"), "effect")


def _create_tokens(ctx, e: ir.CreateTokens, rc):
    """CR 111.2: each player named creates the tokens, under their control (APNAP, CR 101.4). All
    the tokens one instruction creates enter at the same time (CR 101.4, 111.1): each sees the
    others enter (CR 603.6a), none takes part in the others' entering (CR 614.12)."""
    n = amount(ctx, e.amount, rc)
    spec = e.token
    if spec.power is not None and type(spec.power) is not int:     # "an X/X ... token": X now (CR 107.3)
        spec = replace(spec, power=amount(ctx, spec.power, rc), toughness=amount(ctx, spec.toughness, rc))
    players = [rc.controller] if e.who == ir.Ref("you") else named_players(ctx, e.who, rc)
    rc.did = False      # for "If you do" (CR 608.2c): a token was created
    with events.together(ctx):      # one event: they enter at the same time (CR 101.4, 603.6a, 614.12)
        for p in [p for p in ctx.s.apnap() if p in players]:
            for _ in range(token_count(ctx, p, n)):        # CR 614.1a: Anointed Procession
                token = events.create_token(ctx, spec, p, e.tapped)
                if token is not None:
                    rc.created.append(token.id)
                    rc.did = True


def _tap(ctx, e: ir.Tap, rc):
    """CR 701.26a; "If you do" applies if a permanent became tapped (CR 608.2c)."""
    rc.did = False
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD and not o.tapped:
            events.tap(ctx, o)
            rc.did = True


def _untap(ctx, e: ir.Untap, rc):
    """CR 701.26b; "If you do" applies if a permanent became untapped (CR 608.2c)."""
    rc.did = False
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD and o.tapped:
            events.untap(ctx, o)
            rc.did = True


def _exile_from_graveyard(ctx, e: ir.ExileFromGraveyard, rc):
    """CR 406.2, 701.13a: each player named, in APNAP order (CR 101.4), chooses ``amount`` cards
    in their own graveyard (every one when fewer) as the effect happens (Relic of Progenitus's
    ruling) and exiles them."""
    s = ctx.s
    for who in [p for p in s.apnap() if p in named_players(ctx, e.who, rc)]:
        for _ in range(min(e.amount, len(s.players[who].graveyard))):
            p = s.players[who]
            answer = ctx.ask(Decision(who, DecisionKind.CHOOSE_PERMANENT, "Exile which card from your graveyard?",
                                      tuple(Action(ActionKind.CHOOSE, (i,), s.objs[i].card.name) for i in p.graveyard)))
            card = s.objs[answer.args[0]]
            s.add_log(f"{p.name} exiles {card.card.name} from their graveyard", ("701.13a", "406.2"), "effect")
            events.move(ctx, card, EXILE, quiet=True)


def _remove_from_combat(ctx, e: ir.RemoveFromCombat, rc):
    """CR 506.4: each named permanent in combat stops being an attacking or blocking creature;
    a creature it blocked stays blocked (CR 509.1h)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD and (o.attacking is not None or o.blocking):
            phasing.leave_combat(s, s.own(o.id))
            s.add_log(f"{o.card.name} is removed from combat", ("506.4",), "combat")


def _untap_up_to(ctx, e: ir.UntapUpTo, rc):
    """"Untap up to two lands": the controller chooses, one at a time, up to ``count`` tapped
    permanents matching the filter, whoever controls them (not targeted: CR 608.2d), then they
    untap (CR 701.26b). "If you do" applies if one became untapped (CR 608.2c)."""
    s = ctx.s
    source = source_obj(ctx, rc)
    chosen: list[int] = []
    while len(chosen) < e.count:
        options = [Action(ActionKind.CHOOSE, (o.id,), f"{o.card.name} ({s.players[o.controller].name})")
                   for o in objects_matching(s, e.filter, source, rc.controller) if o.tapped and o.id not in chosen]
        if not options:
            break
        answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_PERMANENT,
                                  f"{rc.card.name}: untap which? ({len(chosen)} of up to {e.count} chosen)",
                                  (Action(ActionKind.DONE, (), "untap the ones chosen"), *options)))
        if answer.kind == ActionKind.DONE:
            break
        chosen.append(answer.args[0])
    rc.did = False
    for oid in chosen:
        o = s.objs.get(oid)
        if o is not None and o.zone == BATTLEFIELD and o.tapped:
            events.untap(ctx, o)
            rc.did = True


def _tap_or_untap(ctx, e: ir.TapOrUntap, rc):
    """CR 701.26, 608.2d: for each object named, the player chooses as it resolves whether to tap
    it or untap it; tapping a tapped permanent (or untapping an untapped one) does nothing."""
    s = ctx.s
    who = named_players(ctx, e.who, rc)
    player = who[0] if who else rc.controller
    for o in named_objects(ctx, e.what, rc):
        if o.zone != BATTLEFIELD:
            continue
        options = (Action(ActionKind.TAP, (), "tap"), Action(ActionKind.UNTAP, (), "untap"))
        answer = ctx.ask(Decision(player, DecisionKind.TAP_OR_UNTAP,
                                  f"{rc.card.name}: tap or untap {o.card.name}?", options))
        s.add_log(f"{s.players[player].name} chooses to {answer.kind} {o.card.name}", ("701.26", "608.2d"),
                  "choice")
        if answer.kind == ActionKind.TAP and not o.tapped:
            events.tap(ctx, o)
        elif answer.kind == ActionKind.UNTAP and o.tapped:
            events.untap(ctx, o)


def _mill(ctx, e: ir.Mill, rc):
    n = amount(ctx, e.amount, rc)
    rc.milled = []
    for p in named_players(ctx, e.who, rc):
        rc.milled += events.mill(ctx, p, n)


def _scry(ctx, e: ir.Scry, rc):
    """CR 701.22: look at the top N, put any number on the bottom, the rest back on top."""
    s = ctx.s
    p = s.players[rc.controller]
    n = min(amount(ctx, e.amount, rc), len(p.library))
    looked = p.library[len(p.library) - n:][::-1]       # they stay in the library while looked at
    top: list[int] = []
    bottom: list[int] = []
    for oid in looked:
        name = s.objs[oid].card.name
        answer = ctx.ask(Decision(rc.controller, DecisionKind.SCRY,
                                  f"Scry: keep {name} on top or put it on the bottom?",
                                  (Action(ActionKind.TOP, (oid,), f"keep {name} on top"),
                                   Action(ActionKind.BOTTOM, (oid,), f"put {name} on the bottom"))))
        (top if answer.kind == ActionKind.TOP else bottom).append(oid)
    del p.library[len(p.library) - n:]
    p.library[:0] = bottom
    p.library.extend(reversed(top))
    s.add_log(f"{p.name} scries {n}: {len(top)} on top, {len(bottom)} on the bottom", ("701.22a",))


def _proliferate(ctx, e: ir.Proliferate, rc):
    """CR 701.34a: the controller chooses, one at a time, any number of permanents and players
    that have counters; then each chosen one gets another counter of each kind already there
    (CR 122.1: a player's poison and energy counters too)."""
    s = ctx.s
    chosen: list = []
    while True:
        options = [Action(ActionKind.CHOOSE, (o.id,), f"{o.card.name} ({_counter_list(o.counters)})")
                   for o in s.permanents() if o.counters and o.id not in chosen]
        options += [Action(ActionKind.CHOOSE, (player_ref(p.index),), f"{p.name} ({_counter_list(_player_counters(p))})")
                    for p in s.players if _player_counters(p) and player_ref(p.index) not in chosen]
        if not options:
            break
        answer = ctx.ask(Decision(rc.controller, DecisionKind.PROLIFERATE, f"{rc.card.name}: proliferate what else?",
                                  (Action(ActionKind.DONE, (), "proliferate the ones chosen"), *options)))
        if answer.kind == ActionKind.DONE:
            break
        chosen.append(answer.args[0])
    s.add_log(f"{s.players[rc.controller].name} proliferates ({len(chosen)} chosen)", ("701.34a",), "effect")
    for ref in chosen:
        if is_player_ref(ref):
            p = s.players[player_of(ref)]
            if p.poison:
                events.get_poison(ctx, p.index, 1, rc.card.name)
            if p.energy:
                events.get_energy(ctx, p.index, 1, rc.card.name)
        elif ref in s.objs and s.objs[ref].zone == BATTLEFIELD:
            for kind in sorted(s.objs[ref].counters):
                events.add_counters(ctx, s.objs[ref], kind, 1, rc.card.name)


def _player_counters(p) -> dict[str, int]:
    return {k: n for k, n in (("poison", p.poison), ("energy", p.energy)) if n}


def _counter_list(counters: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in sorted(counters.items()))


def _amass(ctx, e: ir.Amass, rc):
    """CR 701.47a: without an Army creature, a 0/0 black [subtype] Army token first; then the
    controller chooses an Army creature they control, puts the counters on it, and it becomes
    a [subtype] in addition to its other types (layer 4) if it isn't one."""
    s = ctx.s
    army = ir.Filter(types=("Creature",), subtypes=("Army",), controller="you")
    if not named_objects(ctx, ir.Ref("all", army), rc):
        token = ir.TokenSpec(f"{e.subtype} Army Token", 0, 0, ("B",), ("Creature",), (e.subtype, "Army"))
        execute(ctx, (ir.CreateTokens(token),), rc)
    for o in named_objects(ctx, ir.Ref("chosen", army), rc):
        events.add_counters(ctx, o, "+1/+1", e.amount)
        if not objects_match(ctx, o, ir.Filter(subtypes=(e.subtype,)), rc):
            s.effects.append(AddSubtypes(o.id, (e.subtype,), Duration.PERMANENT, s.new_timestamp(), rc.card.name))
        s.add_log(f"{s.players[rc.controller].name} amasses {e.amount}: {o.card.name}", ("701.47a",), "effect")


def _surveil(ctx, e: ir.Surveil, rc):
    """CR 701.25a: look at the top N, put any number into the graveyard, the rest back on top."""
    s = ctx.s
    p = s.players[rc.controller]
    n = min(amount(ctx, e.amount, rc), len(p.library))
    looked = p.library[len(p.library) - n:][::-1]       # they stay in the library while looked at
    away = []
    for oid in looked:
        name = s.objs[oid].card.name
        answer = ctx.ask(Decision(rc.controller, DecisionKind.SURVEIL,
                                  f"Surveil: keep {name} on top or put it into your graveyard?",
                                  (Action(ActionKind.TOP, (oid,), f"keep {name} on top"),
                                   Action(ActionKind.GRAVEYARD, (oid,), f"put {name} into your graveyard"))))
        if answer.kind == ActionKind.GRAVEYARD:
            away.append(oid)
    s.add_log(f"{p.name} surveils {n}: {n - len(away)} on top, {len(away)} into the graveyard", ("701.25a",))
    for oid in away:
        events.move(ctx, s.objs[oid], GRAVEYARD, rules=("701.25a",))


def _search(ctx, e: ir.SearchLibrary, rc):
    """CR 701.23: search a library, put the found cards where the effect says, then its owner
    shuffles it (CR 701.24a). For cards of a stated quality one may find fewer (CR 701.23b);
    for "a card" or "three cards" one must find that many, or all there are (CR 701.23d)."""
    owners = named_players(ctx, e.who, rc)
    if e.own and len(owners) > 1:
        # "Each player searches their library ...": each their own, in turn order (CR 101.4)
        for i in [i for i in ctx.s.apnap() if i in owners]:
            _search_library_of(ctx, e, rc, i)
    elif owners:
        _search_library_of(ctx, e, rc, owners[0])


def _search_library_of(ctx, e: ir.SearchLibrary, rc, owner: int):
    """:func:`_search` in the library of ``owner``."""
    s = ctx.s
    p = s.players[owner]
    # CR 701.23a: the ability's controller searches, or with ``own`` the library's owner
    searcher = p.index if e.own else rc.controller
    f = replace(e.filter, zone=LIBRARY, controller=None)
    if type(f.mana_value_equals) is ir.Plus:
        # "equal to 1 plus the sacrificed creature's mana value": counted now, from the object
        # as it last existed (CR 608.2h)
        n = amount(ctx, f.mana_value_equals, rc)
        f = replace(f, mana_value_equals=None, mana_value_at_least=n, mana_value_at_most=n)
    must = not e.up_to and f == ir.Filter(zone=LIBRARY) and e.same_name_as is None
    # "a card with the same name as that card" (CR 201.2): none when no card was revealed
    names = None if e.same_name_as is None else [o.card.name for o in known_objects(ctx, e.same_name_as, rc)]
    zones: tuple[str, ...] = (LIBRARY,)
    if e.graveyard:     # "your library and/or graveyard": the player picks what to search
        answer = ctx.ask(Decision(rc.controller, DecisionKind.MAY, "Search your library too (and shuffle it), "
                                  "not only your graveyard?", (Action(ActionKind.YES, (), "library and graveyard"),
                                                               Action(ActionKind.NO, (), "graveyard only"))))
        zones = (GRAVEYARD, LIBRARY) if answer.kind == ActionKind.YES else (GRAVEYARD,)
    found: list[Obj] = []
    for _ in range(e.amount if isinstance(e.amount, int) else amount(ctx, e.amount, rc)):
        cands = [s.objs[i] for z in zones for i in getattr(p, z) if s.objs[i] not in found]
        cands = [o for o in cands if objects_match(ctx, o, replace(f, zone=o.zone), rc)
                 and (names is None or any(has_name(o, n) for n in names))]
        if e.share_land_type and found:     # "that share a land type" (CR 205.3i): one all of them have
            shared = set.intersection(*(set(x.card.subtypes) & LAND_TYPES for x in found))
            cands = [o for o in cands if shared & set(o.card.subtypes)]
        if must and not cands:
            break
        options = [Action(ActionKind.CHOOSE, (o.id,), o.card.name + (" (graveyard)" if o.zone == GRAVEYARD else ""))
                   for o in cands]
        if not must:
            options.append(Action(ActionKind.DONE, (), "find nothing more"))
        whose = "your" if p.index == searcher else f"{p.name}'s"
        answer = ctx.ask(Decision(searcher, DecisionKind.SEARCH,
                                  f"Search {whose} library", tuple(options)))
        if answer.kind == ActionKind.DONE:
            break
        found.append(s.objs[answer.args[0]])
    if e.reveal and found:
        s.add_log(f"{s.players[searcher].name} reveals {', '.join(o.card.name for o in found)}",
                  ("701.20a", "701.23e"), "effect")
    top = e.to == "library_top"     # set aside, the library shuffled, then put on top (CR 401.4)
    to_hand = []
    if e.split and len(found) > 1:      # "put one onto the battlefield and the other into your hand"
        answer = ctx.ask(Decision(searcher, DecisionKind.SEARCH, "Put which card onto the battlefield?",
                                  tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in found)))
        to_hand = [o for o in found if o.id != answer.args[0]]
    with events.together(ctx):      # those put onto the battlefield enter at the same time (CR 101.4, 603.6a)
        for o in found:
            if o in to_hand:
                events.move(ctx, o, HAND, rules=("701.23a",))
            elif top:
                p.library.remove(o.id)
            elif e.to == BATTLEFIELD:      # "that land" later: the permanent it became (CR 400.7)
                new = events.move(ctx, o, BATTLEFIELD, controller=searcher, tapped=e.tapped, rules=("701.23a",),
                                  attach=_attach_to(ctx, e.attach_to, rc),
                                  counters=None if e.counter is None else {e.counter: 1})   # CR 614.1c
                if new is not None and new.zone == BATTLEFIELD:
                    rc.created.append(new.id)
            else:
                events.move(ctx, o, e.to, rules=("701.23a",))
    name = s.players[searcher].name
    if LIBRARY not in zones:
        s.add_log(f"{name} searches their graveyard", ("701.23a",))
        return
    s.rng.shuffle(p.library)
    if p.index == searcher:     # whether or not a card was found (Archive Trap's rulings)
        p.searched_library_this_turn += 1
    if top:
        p.library += [o.id for o in found]
        s.version += 1
        if found:
            s.add_log(f"{name} puts the card found on top of their library", ("701.23a", "401.4"), "zone")
    if p.index == searcher:
        s.add_log(f"{name} searches their library and shuffles", ("701.23a", "701.24a"))
    else:
        s.add_log(f"{name} searches {p.name}'s library, then {p.name} shuffles it", ("701.23a", "701.24a"))


def _attach_to(ctx, who, rc) -> PlayerRef | int | None:
    """The player an Aura put onto the battlefield is attached to, the effect naming them
    ("attached to that player", CR 303.4f); :data:`aura_placement.NOTHING` when that player is
    no more (CR 800.4a); None when the effect names no one."""
    if who is None:
        return None
    players = named_players(ctx, who, rc)
    return PlayerRef(players[0]) if players else aura_placement.NOTHING


def _search_zones_exile(ctx, e: ir.SearchZonesExile, rc):
    """CR 701.23a, 701.24a: the spell's controller searches the player's graveyard, hand and
    library for the cards ``e.filter`` describes and exiles them, then that player shuffles their
    library. "All cards" are all exiled; for "any number" or "up to N" the searcher says how many
    of those found in each zone (cards alike but for their zone), and may leave any (CR 701.23b;
    Memoricide's ruling 2011-01-01). "With the same name as that card": the name of that object
    as it is now or last existed (CR 201.2, 608.2h)."""
    s = ctx.s
    name: str | None = None
    if e.same_name_as is not None:
        named = known_objects(ctx, e.same_name_as, rc)
        name = named[0].card.name if named else None
    for p in named_players(ctx, e.who, rc):
        player = s.players[p]
        found: list[Obj] = []
        for zone in (GRAVEYARD, HAND, LIBRARY):
            there = [s.objs[oid] for oid in player.zone(zone)
                     if objects_match(ctx, s.objs[oid], replace(e.filter, zone=zone), rc)
                     and (e.same_name_as is None or has_name(s.objs[oid], name))]
            if there and not e.all:
                most = len(there) if e.up_to is None else min(len(there), e.up_to - len(found))
                answer = ctx.ask(Decision(rc.controller, DecisionKind.SEARCH,
                                          f"{rc.card.name}: exile how many of the {len(there)} found in "
                                          f"{possessive(player.name)} {zone}?",
                                          tuple(Action(ActionKind.X, (k,), str(k)) for k in range(most, -1, -1))))
                there = there[:answer.args[0]]
            found += there
        s.add_log(f"{s.players[rc.controller].name} searches {player.name}'s graveyard, hand and library"
                  + (f" and finds {', '.join(o.card.name for o in found)}" if found else " and finds nothing"),
                  ("701.23a",), "effect")
        with events.together(ctx):
            for o in found:
                events.move(ctx, o, EXILE, rules=("701.23a", "406.3"))
        s.rng.shuffle(player.library)
        s.version += 1
        s.add_log(f"{player.name} shuffles their library", ("701.24a",), "effect")


def _reveal_hand_discard(ctx, e: ir.RevealHandDiscard, rc):
    """The player reveals their hand to everyone (CR 701.20a), you choose a card matching the
    filter from it, and that player discards that card (CR 701.9a), or it is exiled (CR 406.1)."""
    s = ctx.s
    for p in named_players(ctx, e.who, rc):
        player = s.players[p]
        hand = [s.objs[i] for i in player.hand]
        names = ", ".join(o.card.name for o in hand) or "no cards"
        s.add_log(f"{player.name} reveals their hand: {names}", ("701.20a",), "effect")
        cands = [o for o in hand if objects_match(ctx, o, e.filter, rc)]
        if e.until_source_leaves and rc.source not in s.battlefield:
            # CR 610.3a-b: gone already, the hand is revealed but nothing is exiled (the ruling)
            s.add_log(f"{rc.card.name} has left the battlefield: nothing is exiled", ("610.3a", "610.3b"), "resolve")
            continue
        if not cands:
            s.add_log(f"{s.players[rc.controller].name} can't choose a card from it", ("701.20a",), "effect")
            continue
        answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_DISCARD,
                                  f"Choose a card of {player.name}'s to {'exile' if e.exile else 'discard'}",
                                  tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in cands),
                                  {"revealed": [o.id for o in hand]}))
        if e.exile:
            new = events.move(ctx, s.objs[answer.args[0]], EXILE, cause=rc.card.name, rules=("701.20a", "406.1"))
            if e.until_source_leaves and new is not None:
                events.link_exiled(ctx, new, rc.source, (EXILED_UNTIL, EXILED_FROM_HAND))
        else:
            events.discard(ctx, p, s.objs[answer.args[0]])


def _look_at_hand(ctx, e: ir.LookAtHand, rc):
    """You look at the player's hand: its cards are shown to you alone (CR 701.20e, 402.3), so
    the log, which every player reads, says only that you looked and how many cards it holds."""
    s = ctx.s
    me = s.players[rc.controller].name
    for p in named_players(ctx, e.who, rc):
        player = s.players[p]
        s.add_log(f"{me} looks at {player.name}'s hand ({len(player.hand)} card{'s' * (len(player.hand) != 1)})",
                  ("701.20e", "402.3"), "effect")


def _reveal_until(ctx, e: ir.RevealUntil, rc):
    """CR 701.20a: reveal the controller's cards one by one from the top until as many match as
    the effect counts (one, or one for each vote); those go into the hand or onto the battlefield,
    entering together, together with the others going where ``rest`` says (every card revealed,
    when too few matched: the whole library)."""
    s = ctx.s
    p = s.players[rc.controller]
    wanted = amount(ctx, e.count, rc)
    revealed: list[int] = []
    found: list[int] = []
    for i in reversed(p.library):       # the top first
        if len(found) >= wanted:
            break
        revealed.append(i)
        if objects_match(ctx, s.objs[i], e.filter, rc):
            found.append(i)
    names = ", ".join(s.objs[i].card.name for i in revealed) or "no cards"
    if wanted <= 0:
        s.add_log(f"{p.name} reveals no card ({rc.card.name} asks for none)", ("701.20a",), "effect")
    else:
        s.add_log(f"{p.name} reveals cards from the top of their library until {'one matches' if wanted == 1 else f'{wanted} match'}: {names}"
                  + ("" if len(found) >= wanted else f" ({len(found)} do)"), ("701.20a",), "effect")
    if e.optional and found:        # "You may put that card ...": declined, it is one of the rest
        where = "onto the battlefield" if e.to == BATTLEFIELD else "into your hand"
        answer = ctx.ask(Decision(rc.controller, DecisionKind.MAY, f"{rc.card.name}: put "
                                  f"{', '.join(s.objs[i].card.name for i in found)} {where}?",
                                  (Action(ActionKind.YES, (), "put it"), Action(ActionKind.NO, (), "don't"))))
        if answer.kind != ActionKind.YES:
            s.add_log(f"{p.name} chooses not to put {s.objs[found[0]].card.name} {where}", ("701.20a",), "choice")
            found = []
    rest = [i for i in revealed if i not in found]
    with events.together(ctx):
        for i in found:
            if e.to == BATTLEFIELD:
                new = events.move(ctx, s.objs[i], BATTLEFIELD, controller=rc.controller, tapped=e.tapped,
                                  rules=("701.20a", "305.4"))
                if new is not None and new.zone == BATTLEFIELD:
                    rc.created.append(new.id)
            else:
                events.move(ctx, s.objs[i], HAND, cause=rc.card.name)
        exiled = 0
        if e.rest in (GRAVEYARD, EXILE):
            for i in rest:
                moved = events.move(ctx, s.objs[i], e.rest, cause=rc.card.name, quiet=True)
                exiled += moved is not None and moved.zone == EXILE
    if e.rest in (GRAVEYARD, EXILE):
        if rest:
            s.add_log(f"{p.name} puts the {len(rest)} other revealed card{'s' * (len(rest) != 1)} into "
                      + ("their graveyard" if e.rest == GRAVEYARD else "exile"), ("701.20a",), "effect")
        if e.life_per_rest and exiled:      # "you lose 1 life for each of the exiled cards" (CR 119.3)
            events.lose_life(ctx, rc.controller, e.life_per_rest * exiled, source_obj(ctx, rc))
    elif e.rest == "shuffle":
        s.rng.shuffle(p.library)
        s.version += 1
        s.add_log(f"{p.name} shuffles the other revealed cards into their library", ("701.24a",), "effect")
    elif rest:
        _put_rest(ctx, e, p, rest)


def _look_at_top_of(ctx, e: ir.LookAtTopOf, rc):
    """You look at the top card of the player's library, shown to you alone (CR 701.20e): the log
    names it to nobody; the choice to move it names it to you. Moved, it goes on the bottom of
    that library (CR 401.4) or into its owner's graveyard; else it stays on top."""
    s = ctx.s
    me = s.players[rc.controller].name
    for who in named_players(ctx, e.who, rc):
        p = s.players[who]
        if not p.library:
            s.add_log(f"{me} looks at the top card of {p.name}'s library, which is empty", ("701.20e",), "effect")
            continue
        top = s.objs[p.library[-1]]
        s.add_log(f"{me} looks at the top card of {p.name}'s library", ("701.20e",), "effect")
        if e.to is None:
            continue
        where = f"on the bottom of {p.name}'s library" if e.to == "bottom" else f"into {p.name}'s graveyard"
        answer = ctx.ask(Decision(rc.controller, DecisionKind.REVEAL, f"Put the top card of {p.name}'s library {where}?",
                                  (Action(ActionKind.CHOOSE, (top.id,), f"put {top.card.name} {where}"),
                                   Action(ActionKind.DONE, (), f"leave {top.card.name} on top")), {"looked": [top.id]}))
        if answer.kind != ActionKind.CHOOSE:
            continue
        if e.to == GRAVEYARD:
            events.move(ctx, top, GRAVEYARD, cause=rc.card.name)
        else:
            p.library.remove(top.id)
            p.library.insert(0, top.id)
            s.version += 1
            s.add_log(f"{me} puts the top card of {p.name}'s library on the bottom", ("401.4",), "effect")


def _look_at_top(ctx, e: ir.LookAtTop, rc):
    """Look at the top N cards, seen by their owner alone (CR 701.20e), or reveal them all
    (CR 701.20a); choose among them (:func:`_choose_among`) or put ``take`` of them into your
    hand; the rest go on the bottom in a random order (the game's generator), on the bottom or
    back on top in the order you choose (CR 401.4), into your graveyard or into your hand."""
    s = ctx.s
    p = s.players[rc.controller]
    n = amount(ctx, e.amount, rc)
    looked = p.library[len(p.library) - min(n, len(p.library)):][::-1]    # top first
    if e.revealed:          # public: every card is named (CR 701.20a)
        s.add_log(f"{p.name} reveals the top {len(looked)} cards of their library: "
                  + ", ".join(s.objs[i].card.name for i in looked), ("701.20a",), "effect")
    else:
        s.add_log(f"{p.name} looks at the top {len(looked)} cards of their library", ("701.20e",), "effect")
    for _ in range(min(e.take, len(looked))):     # "Put one of them into your hand" (unrevealed)
        answer = ctx.ask(Decision(rc.controller, DecisionKind.REVEAL, "Put which card into your hand?",
                                  tuple(Action(ActionKind.CHOOSE, (i,), s.objs[i].card.name) for i in looked if i in p.library),
                                  {"looked": looked}))
        events.move(ctx, s.objs[answer.args[0]], HAND, quiet=True)
        s.add_log(f"{p.name} puts one of them into their hand", ("701.20e",), "effect")
    on_top = _choose_among(ctx, e, looked, rc) if e.filter is not None else []
    rest = [i for i in looked if i in p.library and i not in on_top]
    if e.rest in (GRAVEYARD, HAND):
        with events.together(ctx):
            for i in rest:
                events.move(ctx, s.objs[i], e.rest, cause=rc.card.name, quiet=e.rest == HAND and not e.revealed)
    else:
        _put_rest(ctx, e, p, rest)
    for i in on_top:        # "put it on top of your library": above the rest (CR 401.4)
        p.library.remove(i)
        p.library.append(i)
        s.version += 1
        s.add_log(f"{p.name} puts {s.objs[i].card.name} on top of their library", ("401.4",), "effect")


def _choose_among(ctx, e: ir.LookAtTop, looked: list, rc) -> list:
    """Choose among the cards looked at: every card matching the filter, up to ``up_to`` (all
    of them that match, up to that many, when ``must``), or one for each of several filters
    ("a creature card and/or a land card", a card counting for one only); the chosen cards move
    together to the hand or the battlefield (CR 701.20a). Those put on top are returned."""
    s = ctx.s
    p = s.players[rc.controller]
    chosen: list = []
    if e.all_matching:      # "Put all Goblin cards revealed this way into your hand"
        chosen = [i for i in looked if objects_match(ctx, s.objs[i], e.filter, rc)]
    else:
        rounds = [e.filter] * min(e.up_to, len(looked)) if not e.more else [e.filter, *e.more]
        for f in rounds:
            cands = [i for i in looked if i not in chosen and objects_match(ctx, s.objs[i], f, rc)]
            if not cands:
                if e.more:
                    continue
                break
            where = {"hand": "into your hand", "battlefield": "onto the battlefield", "graveyard": "into your graveyard",
                     "library_top": "on top of your library"}[e.to]
            none = "reveal nothing" if e.to in ("hand", "library_top") and not e.unrevealed and not chosen else "no more"
            answer = ctx.ask(Decision(rc.controller, DecisionKind.REVEAL, f"Put which card {where}?",
                                      tuple(Action(ActionKind.CHOOSE, (i,), s.objs[i].card.name) for i in cands)
                                      + (() if e.must else (Action(ActionKind.DONE, (), none),)), {"looked": looked}))
            if answer.kind != ActionKind.CHOOSE:
                if e.more:
                    continue
                break
            chosen.append(answer.args[0])
    if e.to == "library_top":
        return chosen
    shown = e.revealed or not e.unrevealed or e.to != HAND     # a public zone shows them (CR 400.2)
    if chosen:
        what = ", ".join(s.objs[i].card.name for i in chosen) if shown else f"{len(chosen)} of them"
        verb = "reveals and puts" if not e.revealed and not e.unrevealed else "puts"
        where = {"battlefield": "onto the battlefield", "graveyard": "into their graveyard"}.get(e.to, "into their hand")
        s.add_log(f"{p.name} {verb} {what} {where}", ("701.20a",) if shown else ("701.20e",), "effect")
    with events.together(ctx):
        for i in chosen:
            if e.to == BATTLEFIELD:
                events.move(ctx, s.objs[i], BATTLEFIELD, controller=rc.controller, tapped=e.tapped,
                            rules=("701.20a",))
            else:
                events.move(ctx, s.objs[i], e.to, cause=rc.card.name, quiet=True)
    return []


def _put_rest(ctx, e: ir.LookAtTop | ir.RevealUntil, p, rest: list) -> None:
    """The rest on the bottom in a random order, or on the bottom or back on top in the order
    their owner chooses, one card at a time (CR 401.4)."""
    s = ctx.s
    where = "on top of" if e.rest == "top" else "on the bottom of"
    if e.rest == "random":
        s.rng.shuffle(rest)
    else:       # one card at a time, each further from the middle of the library than the last
        for k in range(len(rest) - 1):     # they stay in the library while the order is chosen
            answer = ctx.ask(Decision(p.index, DecisionKind.ORDER_CARDS,
                                      f"Put which card {where} your library next?",
                                      tuple(Action(ActionKind.CHOOSE, (i,), s.objs[i].card.name) for i in rest[k:])))
            j = rest.index(answer.args[0])
            rest[k], rest[j] = rest[j], rest[k]
    p.library[:] = [i for i in p.library if i not in rest]
    if e.rest == "top":
        p.library.extend(rest)
    else:
        p.library[:0] = rest[::-1]
    order = "in a random order" if e.rest == "random" else "in the order they chose"
    s.add_log(f"{p.name} puts {len(rest)} cards {where} their library {order}", ("401.4",), "effect")


def _hand_on_library(ctx, e: ir.HandOnLibrary, rc):
    """CR 401.4: each player named (the controller, or "target opponent") puts ``amount`` cards
    from their hand (every card, when fewer) on top of their library, or on the bottom, one at a
    time, so they choose the order: on top, the card put last is the top card. The others learn
    how many, not which (CR 400.2)."""
    s = ctx.s
    where = "on the bottom of" if e.bottom else "on top of"
    for who in [p for p in s.apnap() if p in named_players(ctx, e.who, rc)]:   # CR 101.4
        p = s.players[who]
        total = min(e.amount, len(p.hand))
        for k in range(total):
            last = "; it will be the top card" if not e.bottom and k == total - 1 and total > 1 else ""
            answer = ctx.ask(Decision(who, DecisionKind.HAND_TO_LIBRARY,
                                      f"Put which card from your hand {where} your library{last}?",
                                      tuple(Action(ActionKind.CHOOSE, (i,), s.objs[i].card.name) for i in p.hand)))
            events.move(ctx, s.objs[answer.args[0]], LIBRARY, bottom=e.bottom, quiet=True)
        s.add_log(f"{p.name} puts {total} card{'s' if total != 1 else ''} from their hand {where} their library",
                  ("401.4",), "effect")


def _put_from_hand(ctx, e: ir.PutFromHand, rc):
    """The controller chooses cards matching the filter in their hand, as many as the effect
    says and there are (any number up to it with "up to"); they enter together, neither cast nor
    played (CR 305.4), so a land put this way is not the turn's land."""
    s = ctx.s
    if e.each_player:
        _each_puts_from_hand(ctx, e, rc)
        return
    p = s.players[rc.controller]
    chosen: list = []
    for _ in range(amount(ctx, e.amount, rc)):
        cands = [i for i in p.hand if i not in chosen and objects_match(ctx, s.objs[i], replace(e.filter, zone=HAND), rc)]
        if not cands:
            break
        answer = ctx.ask(Decision(rc.controller, DecisionKind.PUT_FROM_HAND,
                                  "Put which card from your hand onto the battlefield?",
                                  tuple(Action(ActionKind.CHOOSE, (i,), s.objs[i].card.name) for i in cands)
                                  + ((Action(ActionKind.DONE, (), "no more"),) if e.up_to else ())))
        if answer.kind != ActionKind.CHOOSE:
            break
        chosen.append(answer.args[0])
    if not chosen:
        s.add_log(f"{p.name} puts no card from their hand onto the battlefield", ("305.4",), "effect")
    with events.together(ctx):
        for i in chosen:
            new = events.move(ctx, s.objs[i], BATTLEFIELD, controller=rc.controller, tapped=e.tapped, rules=("305.4",))
            if new is not None and new.zone == BATTLEFIELD:
                rc.created.append(new.id)     # "that creature" after this (CR 400.7)


def _each_puts_from_hand(ctx, e: ir.PutFromHand, rc):
    """"Each player may put an artifact, creature, enchantment, or land card from their hand onto
    the battlefield.": each player in APNAP order chooses up to ``e.amount`` such cards of their
    hand as the effect happens (CR 101.4, 608.2d), then all of them enter at once, each under its
    owner's control (CR 305.4: neither cast nor played); choices they bring (a copy, a color)
    are made as they enter (Show and Tell's rulings)."""
    s = ctx.s
    chosen: list[int] = []
    for player in s.apnap():
        p = s.players[player]
        mine: list[int] = []
        for _ in range(amount(ctx, e.amount, rc)):
            cands = [i for i in p.hand if i not in mine
                     and objects_match(ctx, s.objs[i], replace(e.filter, zone=HAND), replace(rc, controller=player))]
            if not cands:
                break
            answer = ctx.ask(Decision(player, DecisionKind.PUT_FROM_HAND,
                                      f"{p.name}: put which card from your hand onto the battlefield?",
                                      tuple(Action(ActionKind.CHOOSE, (i,), s.objs[i].card.name) for i in cands)
                                      + (Action(ActionKind.DONE, (), "none" if not mine else "no more"),)))
            if answer.kind != ActionKind.CHOOSE:
                break
            mine.append(answer.args[0])
        if not mine:
            s.add_log(f"{p.name} puts no card from their hand onto the battlefield", ("305.4", "101.4"), "effect")
        chosen += mine
    with events.together(ctx):
        for i in chosen:
            o = s.objs[i]
            new = events.move(ctx, o, BATTLEFIELD, controller=o.owner, tapped=e.tapped, rules=("305.4", "101.4"))
            if new is not None and new.zone == BATTLEFIELD:
                rc.created.append(new.id)


def _shuffle_library(ctx, e: ir.ShuffleLibrary, rc):
    """CR 701.24a: the controller's library in a random order (the game's generator)."""
    s = ctx.s
    p = s.players[rc.controller]
    s.rng.shuffle(p.library)
    s.version += 1
    s.add_log(f"{p.name} shuffles their library", ("701.24a",), "effect")


def _fight(ctx, e: ir.Fight, rc):
    """CR 701.14: each deals damage equal to its power to the other."""
    a = named_objects(ctx, e.first, rc)
    b = named_objects(ctx, e.second, rc)
    if not a or not b or a[0].zone != BATTLEFIELD or b[0].zone != BATTLEFIELD:
        return
    s = ctx.s
    events.deal_damage(ctx, [(a[0], b[0].id, ch.power(s, a[0])), (b[0], a[0].id, ch.power(s, b[0]))])


def _damage_group(x: ir.Subject) -> tuple:
    """The filter of a group a change of damage for a turn names, as plain data: the compiler
    gives only ``Ref("all", filter)`` there (CR 611.2c: read as the damage would be dealt)."""
    if type(x) is not ir.Ref or x.filter is None:
        raise TypeError(f"a change of damage for a turn names a group, not {x!r}")
    return filter_pairs(x.filter)


# what a player other than the controller who "may" does themselves, as "you" (CR 608.2d)
_DONE_AS_YOU = (ir.PayMana, ir.Discard, ir.SacrificePermanents, ir.CopySpell)


def _may(ctx, e: ir.May, rc):
    """CR 608.2d: the choice is made as the effect happens. When several players may, each
    chooses in APNAP order and then each who said yes does it (CR 101.4)."""
    s = ctx.s
    who = named_players(ctx, e.who, rc)
    if len(who) > 1:
        order = [p for p in s.apnap() if p in who]
        takers = [p for p in order if _ask_may(ctx, e, rc, p)]
        for p in takers:     # each acts as "you": their library, their battlefield (CR 110.2a)
            # only effects with a ``who`` pass the getattr test; mypy checks replace against every effect type
            mine = tuple(replace(x, who=ir.Ref("you")) if getattr(x, "who", None) == e.who else x  # type: ignore[arg-type]
                         for x in e.effects)
            execute(ctx, mine, replace(rc, controller=p))
        rc.did = bool(takers)
        return
    player = who[0] if who else rc.controller
    if _ask_may(ctx, e, rc, player):
        rc.did = True       # chosen; an effect that can fail says whether it was done (CR 608.2c)
        if player != rc.controller and type(e.effects[0]) in _DONE_AS_YOU:
            # "that player may pay {2}": from their mana; "... may discard a card / sacrifice a land": theirs;
            # "... may copy this spell": their copy (CR 707.10); then "If the player does, they
            # may ...", theirs too
            acting = replace(rc, controller=player)
            execute(ctx, e.effects, acting)
            rc.did = acting.did
        else:
            execute(ctx, e.effects, rc)
    else:
        rc.did = False      # nothing was done, for "If you don't" (CR 608.2c)


def _repeat_process(ctx, e: ir.RepeatProcess, rc):
    """"You may repeat this process any number of times." (Ad Nauseam): the effects, then the
    controller chooses after each time whether to do them again, not in advance (the ruling;
    CR 608.2d); "If two cards that share a color were milled this way, repeat this process."
    (Grindstone): again as long as the two cards milled share a color. "That card" is each
    time's own. A time that changed nothing (an empty library) ends the process: another would
    change nothing either."""
    s = ctx.s
    times = 0
    while True:
        before = s.version
        rc.revealed.clear()
        execute(ctx, e.effects, rc)
        times += 1
        if ctx.s.version == before or ctx.s.players[rc.controller].lost:
            break
        if e.if_milled_share_color:     # two colored cards milled with a color in common (the ruling)
            if len(rc.milled) != 2 or not set(ch.colors(s, rc.milled[0])) & set(ch.colors(s, rc.milled[1])):
                break
        else:
            answer = ctx.ask(Decision(rc.controller, DecisionKind.MAY, f"{rc.card.name}: repeat the process?",
                                      (Action(ActionKind.YES, (), "yes"), Action(ActionKind.NO, (), "no"))))
            if answer.kind != ActionKind.YES:
                break
        s.add_log(f"{s.players[rc.controller].name} repeats {rc.card.name}'s process ({times + 1} times)",
                  ("608.2d",), "choice")


def _does_the_same(ctx, e: ir.DoesTheSame, rc):
    """"Each opponent attacking that player does the same.": the effects the controller did, done
    by each player ``who`` names in APNAP order (CR 101.4), each as "you": their draw, their life,
    tokens under their control (Curse of Opulence rulings 2017-08-25: a player attacking the
    enchanted player with a creature; none left attacking, only the controller)."""
    s = ctx.s
    who = named_players(ctx, e.who, rc)
    for p in [p for p in s.apnap() if p in who]:
        s.add_log(f"{s.players[p].name}, attacking {rc.card.name}'s enchanted player, does the same",
                  ("608.2c", "506.2"), "effect")
        execute(ctx, e.effects, replace(rc, controller=p))


def _ask_may(ctx, e: ir.May, rc, player: int) -> bool:
    s = ctx.s
    options: tuple[Action, ...] = (Action(ActionKind.YES, (), "yes"), Action(ActionKind.NO, (), "no"))
    costs = [x.cost for x in e.effects if type(x) is ir.PayMana]
    if costs and not all(can_afford(s, player, c.with_x(0)) for c in costs):
        options = options[1:]     # a cost that can't be paid can't be chosen (CR 118.3)
    life = sum(x.amount for x in e.effects if type(x) is ir.PayLife and isinstance(x.amount, int))
    if life and (s.players[player].life < life or life_cant_change(s, player) is not None):
        options = options[-1:]    # nor life they don't have (CR 119.4), or can't lose (CR 119.8)
    energy = sum(x.amount for x in e.effects if type(x) is ir.PayEnergy)
    if energy and s.players[player].energy < energy:
        options = options[-1:]    # nor can energy one doesn't have (CR 107.14)
    answer = ctx.ask(Decision(player, DecisionKind.MAY, f"{rc.card.name}: do you want to do it?", options))
    s.add_log(f"{s.players[player].name} chooses {answer.kind} for {rc.card.name}'s \"you may\"",
              ("603.5", "608.2d"), "choice")
    return answer.kind == ActionKind.YES


def _modal(ctx, e: ir.Modal, rc):
    offset = 0
    for m in rc.modes:
        mode = e.modes[m]
        n = len(mode.targets)
        sub = replace(rc, targets=rc.targets[offset:offset + n])
        offset += n
        execute(ctx, mode.effects, sub)


def _become_creature(ctx, e: ir.BecomeCreature, rc):
    """CR 611.2: while the effect lasts it is also a creature (layer 4) with the given power and
    toughness (layer 7b), with every creature type if the effect says so (CR 205.3m); made a
    creature only, its creature types are the ones named instead of its others (CR 205.1a)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone != BATTLEFIELD:
            continue
        ts = s.new_timestamp()
        s.effects.append(BecomeCreature(o.id, e.duration, ts, rc.card.name, e.types, e.replaces_types))
        if e.colors is not None:
            s.effects.append(SetColors(o.id, e.colors, e.duration, ts, rc.card.name))
        if e.subtypes:      # a creature only: these creature types instead of its others (CR 205.1a)
            s.effects.append(AddSubtypes(o.id, e.subtypes, e.duration, ts, rc.card.name, replaces=e.replaces_types))
        if e.keywords:
            s.effects.append(GrantKeywords(o.id, tuple(k.name for k in e.keywords), e.duration, ts, rc.card.name))
        if e.power is not None and e.toughness is not None:
            s.effects.append(SetPT(o.id, e.power, e.toughness, e.duration, ts, rc.card.name))
        if e.all_creature_types:
            s.effects.append(AllCreatureTypes(o.id, e.duration, ts, rc.card.name))
        pt = f"a {e.power}/{e.toughness}" if e.power is not None else "an artifact"
        what = " ".join((*(COLOR_NAMES[c] for c in e.colors or ()), *e.subtypes, *(t.lower() for t in e.types)))
        gains = f" with {', '.join(k.name for k in e.keywords)}" if e.keywords else ""
        until = " until end of turn" if e.duration == Duration.END_OF_TURN else ""
        s.add_log(f"{o.card.name} becomes {pt} {what + ' ' if what else ''}creature{gains}{until}",
                  ("611.2", "613.1d", "613.1e", "613.4b"), "effect")


def _create_mana_replacement(ctx, e: ir.CreateManaReplacement, rc):
    """CR 611.2: a resolving spell creates a replacement effect on mana production for a while
    (Pale Moon); see manastack.engine.mana.replacement."""
    s = ctx.s
    s.effects.append(ManaReplacementEffect(rc.controller, rc.card, e.duration, s.new_timestamp(), rc.card.name))
    text = next((ab.text for ab in rc.card.abilities if type(ab) is ir.SpellAbility), "")
    s.add_log(f"{rc.card.name}'s effect applies until end of turn: {text}", ("611.2", "106.12b"), "effect")


def _create_delayed_trigger(ctx, e: ir.CreateDelayedTrigger, rc):
    """CR 603.7, 603.7d: a resolving spell creates a delayed triggered ability for a while
    (High Tide; see manastack.engine.mana.abilities.delayed_mana_triggers), or one that
    triggers once, at the beginning of the next end step or the next turn's upkeep (CR 603.7c;
    in a two-player game without extra steps the next upkeep to begin is the next turn's)."""
    s = ctx.s
    if e.duration == Duration.THIS_TURN:
        about = None
        if e.what is not None:          # "that creature": the one it was, fixed now (CR 603.7c)
            found = [o for o in named_objects(ctx, e.what, rc) if o.zone == BATTLEFIELD]
            if not found:
                s.add_log(f"{rc.card.name}: that permanent is gone, no delayed ability is created",
                          ("603.7c",), "effect")
                return
            about = found[0].id
        s.effects.append(DelayedWatch(rc.controller, rc.card, nested_index(rc.card, e.ability), _now(ctx, rc.source),
                                      about, Duration.END_OF_TURN, s.new_timestamp(), rc.card.name))
        s.add_log(f"{rc.card.name} creates a delayed triggered ability for this turn: {e.ability.text}",
                  ("603.7",), "effect")
        return
    if e.duration in ONE_SHOT_DELAYS:
        # CR 603.7c: the objects it refers to are fixed now: this ability's targets and source
        # (a target an effect of this ability moved is the object it became, CR 400.7j), and
        # those its trigger event named ("return it to its owner's hand at the beginning of the
        # next end step": the card that died)
        frozen = tuple(tuple(_now(ctx, t) for t in group) for group in rc.targets)
        s.effects.append(OneShotDelayedTrigger(_now(ctx, rc.source), rc.controller, rc.card,
                                               nested_index(rc.card, e.ability),
                                               frozen, e.duration, s.new_timestamp(), rc.card.name,
                                               tuple(rc.created), rc.event if rc.event != NOTHING else None))
        s.add_log(f"{rc.card.name} creates a delayed triggered ability: {e.ability.text}",
                  ("603.7", "603.7c"), "effect")
        return
    s.effects.append(DelayedTrigger(rc.controller, rc.card, e.duration, s.new_timestamp(), rc.card.name))
    s.add_log(f"{rc.card.name} creates a delayed triggered ability until end of turn: "
              f"{e.ability.text or e.ability.trigger.event}", ("603.7", "603.7b"), "effect")


def _now(ctx, t):
    """A target's id, or the id of the object an effect of this resolution moved it to be; a
    target spell this resolution countered is the card it became (CR 400.7)."""
    if isinstance(t, str) and t in ctx.lki:
        t = ctx.lki[t].id
    if isinstance(t, int) and t in ctx.moved:
        new = became(ctx, t)
        return new.id if new is not None else t
    return t


def _explore(ctx, e: ir.Explore, rc):
    """CR 701.44a: reveal the top card of your library; a land goes to your hand, otherwise the
    explorer gets a +1/+1 counter and you may put the card into your graveyard. An explorer that
    left still explores, with its last known information (CR 701.44c)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        for _ in range(amount(ctx, e.amount, rc)):
            _explore_once(ctx, o)
            # it has explored, even if part of it was impossible (CR 701.44b): "whenever a
            # creature you control explores" sees it, as it last existed if it left (701.44c)
            o = s.objs.get(o.id, o)
            collect(ctx, Explored(o.id, o.copy()))


def _explore_once(ctx, o) -> None:
    s = ctx.s
    p = s.players[o.controller]
    if not p.library:
        s.add_log(f"{o.card.name} explores: {p.name}'s library is empty", ("701.44b",), "effect")
        return
    top = s.objs[p.library[-1]]
    s.add_log(f"{o.card.name} explores: {p.name} reveals {top.card.name}", ("701.44a",), "effect")
    if "Land" in top.card.types:
        events.move(ctx, top, HAND, rules=("701.44a",))
        return
    if o.zone == BATTLEFIELD:
        events.add_counters(ctx, o, "+1/+1", 1, "explore, CR 701.44a")
    answer = ctx.ask(Decision(p.index, DecisionKind.MAY,
                              f"Put {top.card.name} into your graveyard (CR 701.44a)?",
                              (Action(ActionKind.YES, (), "into the graveyard"),
                               Action(ActionKind.NO, (), "leave it on top"))))
    if answer.kind == ActionKind.YES:
        events.move(ctx, top, GRAVEYARD, rules=("701.44a",))


def _gain_control(ctx, e: ir.GainControl, rc):
    """CR 613.1b: a control-changing effect (layer 2). The new controller hasn't controlled it
    since their turn began, so CR 302.6 applies to it (haste aside). A duration "for as long as"
    a condition on the source holds is kept by :mod:`.control` (CR 611.2b)."""
    src = ctx.s.objs.get(rc.source)
    players = [rc.controller] if e.who == ir.Ref("you") else named_players(ctx, e.who, rc)
    if not players:
        return
    for o in named_objects(ctx, e.what, rc):
        if o.zone == BATTLEFIELD:
            control.start(ctx, o, players[0], e.duration, src, rc.card.name)


def _exchange_control(ctx, e: ir.ExchangeControl, rc):
    """CR 701.12a-b: exchange control of two permanents, all of it or none."""
    objs = named_objects(ctx, e.first, rc) + (named_objects(ctx, e.second, rc) if e.second is not None else [])
    if len(objs) != 2:
        ctx.s.add_log(f"{rc.card.name}: there aren't two permanents to exchange, so nothing happens",
                      ("701.12a",), "control")
        return
    control.exchange(ctx, objs[0], objs[1], rc.card.name)


def _exchange_life(ctx, e: ir.ExchangeLifeTotals, rc):
    """CR 701.12c: each of two players gains or loses the life needed to reach the other's
    previous total; with fewer than two players left (an illegal target), nothing happens
    (CR 701.12a)."""
    players = named_players(ctx, e.first, rc) + (named_players(ctx, e.second, rc) if e.second is not None else [])
    if len(set(players)) != 2:
        ctx.s.add_log(f"{rc.card.name}: there aren't two players to exchange life totals, so nothing happens",
                      ("701.12a",), "life")
        return
    a, b = players
    fixed = [p for p in players if life_cant_change(ctx.s, p) is not None]
    if fixed:               # the exchange doesn't happen (CR 119.7-119.8, 701.12c)
        ctx.s.add_log(f"{rc.card.name}: {ctx.s.players[fixed[0]].name}'s life total can't change, so the life "
                      "totals aren't exchanged", ("119.8", "701.12c"), "life")
        return
    life = {a: ctx.s.players[a].life, b: ctx.s.players[b].life}
    no_gain = [p for p, other in ((a, b), (b, a)) if life[other] > life[p] and cant_gain_life(ctx.s, p) is not None]
    if no_gain:             # the exchange doesn't happen (CR 119.7, 701.12c)
        ctx.s.add_log(f"{rc.card.name}: {ctx.s.players[no_gain[0]].name} can't gain life, so the life "
                      "totals aren't exchanged", ("119.7", "701.12c"), "life")
        return
    src = source_obj(ctx, rc)
    for p, other in ((a, b), (b, a)):
        if life[other] > life[p]:
            events.gain_life(ctx, p, life[other] - life[p], src, " (life totals exchanged, CR 701.12c)")
        else:
            events.lose_life(ctx, p, life[p] - life[other], src, rules=("701.12c",))


def _choose_target(ctx, e: ir.ChooseTarget, rc):
    """"Choose target creature.": the target was chosen as the spell was cast (CR 601.2c) and is
    checked as it resolves (CR 608.2b); the sentences after it act on it."""


def _conditional(ctx, e: ir.Conditional, rc):
    """CR 608.2c: "If [condition], ..." is checked as the spell or ability resolves; the
    effects an "instead" replaced happen only when it is false. A source that left is seen as
    it last existed (CR 608.2h)."""
    src = source_obj(ctx, rc)
    if type(e.condition) is ir.ObjectIs:
        met = _object_is(ctx, e.condition, rc)
    elif type(e.condition) is ir.ThatPlayerControlsNone:   # "unless they control a commander"
        if exercise.RECORD is not None:
            exercise.note("STATE_CONDITIONS", "ThatPlayerControlsNone", rc.card)
        who = rc.event.player if rc.event is not None else None
        met = who is not None and not any(o.controller == who and any(matches(ctx.s, o, f, src, who)
                                                                        for f in e.condition.filters)
                                          for o in ctx.s.permanents())
    elif type(e.condition) is ir.DiscardedThisWay:  # "If a land card is discarded this way" (CR 701.9a)
        if exercise.RECORD is not None:
            exercise.note("STATE_CONDITIONS", "DiscardedThisWay", rc.card)
        f = e.condition.filter
        met = any(matches(ctx.s, o, replace(f, zone=o.zone), src, rc.controller) for o in rc.discarded)
    elif type(e.condition) is ir.SameManaValue:     # CR 202.3, 608.2c
        if exercise.RECORD is not None:
            exercise.note("STATE_CONDITIONS", "SameManaValue", rc.card)
        firsts, others = _objects_or_spells(ctx, e.condition.what, rc), _objects_or_spells(ctx, e.condition.other, rc)
        met = bool(firsts and others) and {mana_value(o) for o in firsts} == {mana_value(o) for o in others}
        if firsts and others:
            ctx.s.add_log(f"{rc.card.name} compares mana values: {firsts[0].card.name} {mana_value(firsts[0])}, "
                          f"{others[0].card.name} {mana_value(others[0])}", ("202.3",), "resolve")
    elif type(e.condition) is ir.AmountAtLeast:     # counted as it happens (CR 608.2c, 608.2h)
        if exercise.RECORD is not None:
            exercise.note("STATE_CONDITIONS", "AmountAtLeast", rc.card)
        met = amount(ctx, e.condition.amount, rc) >= amount(ctx, e.condition.at_least, rc)
    else:
        met = src is not None and evaluate(ctx.s, e.condition, src)
    if e.condition == "kicked":
        ctx.s.add_log(f"{rc.card.name} was {'' if met else 'not '}kicked", ("702.33d", "702.33e"), "resolve")
    execute(ctx, e.effects if met else e.otherwise, rc)


def _objects_or_spells(ctx, subject, rc) -> list:
    """The objects ``subject`` names, a spell ("that spell" of a cast trigger) as its card on
    the stack while it is still there."""
    out = []
    for o in resolve_subject(ctx, subject, rc):
        if isinstance(o, str) and o.startswith("s"):
            item = next((i for i in ctx.s.stack if i.id == int(o[1:])), None)
            if item is not None and item.kind == ItemKind.SPELL and item.source in ctx.s.objs:
                out.append(ctx.s.objs[item.source])
        elif isinstance(o, Obj):
            out.append(o)
    return out


def _object_is(ctx, c: ir.ObjectIs, rc) -> bool:
    """"If that creature is (was) a Human": the target as it is now, or as it last existed if it
    left its zone during this resolution (CR 608.2h); a target no longer legal is no object."""
    if exercise.RECORD is not None:
        exercise.note("STATE_CONDITIONS", "ObjectIs", rc.card)
    objs = known_objects(ctx, c.what, rc)
    src = source_obj(ctx, rc)
    return bool(objs) and all(matches(ctx.s, o, replace(c.filter, zone=o.zone), src, rc.controller) for o in objs)


# The handler of each IR effect class: (ctx, effect, resolution context).
HANDLERS: dict[type, Callable[[Any, Any, Any], None]] = {
    ir.AddMana: _add_mana, ir.DealDamage: _deal_damage, ir.DivideDamage: _divide_damage, ir.Draw: _draw, ir.ExtraTurn: _extra_turn, ir.Discard: _discard,
    ir.GainLife: _gain_life, ir.LoseLife: _lose_life, ir.Destroy: _destroy, ir.Exile: _exile,
    ir.Regenerate: _regenerate, ir.ChooseTarget: _choose_target, ir.PreventDamage: _prevent, ir.RedirectDamage: _prevent, ir.DamageCantBePrevented: _no_prevention, ir.ChangeDamage: _change_damage, ir.ReplaceNextDraw: _replace_next_draw, ir.PayMana: _pay_mana,
    ir.CreateReflexive: _create_reflexive,
    ir.ReturnToHand: _bounce, ir.ExileIfDies: _exile_if_dies, ir.SwitchPT: _switch_pt, ir.Sacrifice: _sacrifice, ir.CounterSpell: _counter,
    ir.ModifyPT: _modify_pt, ir.GrantKeywords: _grant, ir.GainAbility: _gain_ability, ir.LoseKeywords: _lose_keywords, ir.LoseAllAbilities: _lose_all_abilities, ir.BecomeColor: _become_color, ir.BecomeLandType: _become_land_type, ir.ChangeText: _change_text, ir.BecomeCreatureType: _become_creature_type, ir.ExtraLandPlays: _extra_land_plays, ir.ChooseCreatureType: _choose_creature_type, ir.ChooseCardName: _choose_card_name, ir.DiscardHandDraw: _discard_hand_draw, ir.PutCounters: _put_counters, ir.Restrict: _restrict,
    ir.CreateTokens: _create_tokens, ir.CreateTokenCopy: token_copies.create_token_copy, ir.SkipNext: skips.skip_next, ir.Tap: _tap, ir.Untap: _untap, ir.UntapUpTo: _untap_up_to, ir.TapOrUntap: _tap_or_untap, ir.Mill: _mill,
    ir.Scry: _scry, ir.SearchLibrary: _search, ir.SearchZonesExile: _search_zones_exile, ir.RevealHandDiscard: _reveal_hand_discard, ir.LookRevealTop: _look_reveal_top,
    ir.LookAtTop: _look_at_top, ir.Fight: _fight, ir.May: _may, ir.Modal: _modal,
    ir.LookAtHand: _look_at_hand, ir.RemoveAllCounters: _remove_all_counters, ir.LookAtTopOf: _look_at_top_of, ir.RevealUntil: _reveal_until, ir.ChooseNewTargets: copies.choose_new_targets, ir.ChangeTarget: copies.change_target,
    ir.IfYouDo: _if_you_do, ir.Clash: clash.clash, ir.FlipCoin: clash.flip_coin, ir.IfYouWin: clash.if_you_win, ir.Vote: votes.vote, ir.IfVoted: votes.if_voted, ir.ForEachVote: votes.for_each_vote,
    ir.ChooseVotes: votes.choose_votes,
    ir.Conditional: _conditional, ir.DoesTheSame: _does_the_same, ir.ExileTopUntilTaken: _exile_top_until_taken, ir.RevealFromHand: _reveal_from_hand, ir.SeparatePiles: _separate_piles, ir.RevealTop: _reveal_top, ir.RepeatProcess: _repeat_process,
    ir.RemoveFromCombat: _remove_from_combat, ir.ExileFromGraveyard: _exile_from_graveyard,
    ir.ReturnToBattlefield: placement_effects.return_to_battlefield,
    ir.ExileSacrificeReturn: placement_effects.exile_sacrifice_return,   # CR 406.3, 701.21a, 110.2a
    ir.EachPutsFromGraveyard: placement_effects.each_puts_from_graveyard,   # CR 110.2a
    ir.CreateEmblem: emblems.create_emblem,             # CR 114.2
    ir.SacrificePermanents: edicts.sacrifice_permanents,  # CR 701.21a
    ir.CounterUnlessPays: unless_costs.counter_unless_pays,
    ir.SacrificeUnlessPays: unless_costs.sacrifice_unless_pays, ir.UnlessPays: unless_costs.unless_pays,
    ir.DiscardHand: _discard_hand,
    ir.EnterAttacking: placement_effects.enter_attacking,
    ir.Attach: placement_effects.attach,
    ir.ExileTopCard: _exile_top,
    ir.SkipNextUntap: _skip_next_untap, ir.PutInLibrary: _put_in_library, ir.ShuffleIntoLibrary: _shuffle_into_library,
    ir.ShuffleHandAndGraveyard: _shuffle_hand_and_graveyard, ir.RevealTopIfShares: _reveal_top_if_shares, ir.Surveil: _surveil,
    ir.CastEncodedCopy: cipher.cast_encoded_copy,
    ir.CopySpell: copies.copy_spell, ir.StormCopies: copies.storm_copies,
    ir.CopyCastSpell: copies.copy_cast_spell, ir.CommanderToHand: _commander_to_hand,
    ir.CommandersToCommandZone: _commanders_to_command_zone,
    ir.CopyPerPayment: copies.copy_per_payment,
    ir.RemoveCounterOrSacrifice: keyword_effects.remove_counter_or_sacrifice,
    ir.Unearth: keyword_effects.unearth, ir.Awaken: keyword_effects.awaken, ir.RemoveCounterFromSelf: keyword_effects.remove_counter_from_self, ir.CastRebound: free_casting.cast_rebound,
    ir.CastMiracle: free_casting.cast_miracle,
    ir.BecomeDesignated: keyword_effects.become_designated, ir.Fabricate: keyword_effects.fabricate,
    ir.Bolster: keyword_effects.bolster, ir.Adapt: keyword_effects.adapt, ir.SacrificeUnlessSpent: keyword_effects.sacrifice_unless_spent, ir.Exploit: keyword_effects.exploit, ir.Myriad: keyword_effects.myriad,
    ir.TokenCopyOfCard: keyword_effects.token_copy_of_card, ir.Encore: keyword_effects.encore,
    ir.Cascade: free_casting.cascade,
    ir.CastWithMadness: free_casting.cast_with_madness,
    ir.RemoveTimeCounter: suspend.remove_time_counter, ir.CastSuspended: suspend.cast_suspended,
    ir.MayPlayExiled: _may_play_exiled, ir.MayCastFromGraveyard: _may_cast_from_graveyard, ir.MayPlayFromGraveyard: _may_play_from_graveyard, ir.GainFlashback: _gain_flashback, ir.DiscardOrLoseLife: _discard_or_lose_life, ir.CantCastSameName: _cant_cast_same_name,
    ir.RemoveCounters: _remove_counters, ir.BecomeCreature: _become_creature, ir.SetBasePT: _set_base_pt,
    ir.GainControl: _gain_control, ir.ExchangeControl: _exchange_control, ir.ExchangeLifeTotals: _exchange_life,
    ir.GetEnergy: _get_energy, ir.GetPoison: _get_poison, ir.PayEnergy: _pay_energy, ir.BecomeMonarch: _become_monarch,
    ir.CreateManaReplacement: _create_mana_replacement,
    ir.CreateDelayedTrigger: _create_delayed_trigger, ir.Explore: _explore, ir.PhaseOut: _phase_out,
    ir.LifeCantChange: _life_cant_change,
    ir.CantLoseGame: _cant_lose_game,
    ir.DamageLifeFloor: _damage_life_floor,
    ir.Untargetable: _untargetable,
    ir.LoseGame: game_outcome.lose_game, ir.WinGame: game_outcome.win_game, ir.IfYouDont: game_outcome.if_you_dont,
    ir.CastFromHand: free_casting.cast_from_hand, ir.CastTargetFree: free_casting.cast_target_free,
    ir.PutFromHand: _put_from_hand, ir.HandOnLibrary: _hand_on_library, ir.ShuffleLibrary: _shuffle_library,
    ir.Amass: _amass, ir.Proliferate: _proliferate,
    ir.DoubleCounters: _double_counters, ir.ReturnPermanents: edicts.return_permanents, ir.RevealTopToHand: _reveal_top_to_hand, ir.RevealTopIf: _reveal_top_if, ir.PayLife: _pay_life, ir.LoseHalfLife: _lose_half_life, ir.RemoveCounter: _remove_counter, ir.MoveCounter: _move_counter,
    ir.PutExiledInGraveyard: _put_exiled_in_graveyard,
}

HANDLERS.update(double_faced.HANDLERS)      # transforming (CR 701.27)
HANDLERS.update(flip_cards.HANDLERS)        # flipping (CR 710)
HANDLERS.update(soulbond.HANDLERS)          # pairing (CR 702.95)
HANDLERS.update(haunt.HANDLERS)             # haunting (CR 702.55)

SUPPORTED_EFFECTS = frozenset(HANDLERS)
