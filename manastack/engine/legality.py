"""The one source of legality for playing lands, casting spells, activating abilities and
attacking (CR 117, 305, 508, 601-602): each ``why_not_*`` function gives the reason an action
can't be taken now, with its CR numbers, or None when it can. The legal actions a player is
offered (:func:`playable_lands`, :func:`castable`, :func:`activatable`), the error a caller
gets when pushing an illegal action, ``Game.why_not`` and scenario steps that can't be done all
come from these functions, so they can't disagree."""
from __future__ import annotations

from manastack.oracle import ir

from . import characteristics as ch
from . import layers
from .costs import alternative as alt_costs
from . import combat, commanders, exercise
from .mana import abilities as mana_abilities
from .abilities import battlefield_activated, battlefield_nonmana_activated, graveyard_activated, hand_activated
from .activation_limits import activated_this_turn, forbidden
from .mechanics import split_cards
from .mechanics.adventure import as_adventure
from .mechanics.double_faced import modal_back
from .casting import cost_payable
from .continuous import board_memo
from .costs.checks import kept_for_parts, summoning_sick
from .mechanics.crew import crew_payable
from .mechanics.loyalty import why_not_limited
from .decisions import Action, ActionKind
from .effect_records import CantCastName, ExtraLandPlays
from .filters import has_name, player_ref
from .influence import object_within
from .mana.capacity import Capacity, capacity
from .mana.spend import spell_use
from .costs.spell_costs import total_cost
from .state import Obj, Step
from .targets import casting_ability, has_targets_for
from .timing import can_cast_timing, cast_forbidden, instant_speed, cast_restriction, exiled_playable, graveyard_playable_lands, sorcery_timing, spell_limit, split_second, upkeep_timing, your_turn_timing
from .wording import possessive
from .zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND


def why_not_play(s, player: int, o) -> str | None:
    """Why ``player`` can't play the land ``o`` now (CR 305.1-305.2), or None when they can."""
    name, who = o.card.name, s.players[player].name
    if (o.zone != HAND or o.owner != player) and o.id not in exiled_playable(s, player) \
            and o.id not in graveyard_playable_lands(s, player):
        return f"{name} is not in {who}'s hand (CR 305.1)"
    if "Land" not in o.card.types:
        return f"{name} is not a land: lands are played, other cards are cast (CR 305.1)"
    if s.active != player:
        return f"{who} can play a land only during their own turn (CR 305.1)"
    if s.step not in (Step.MAIN1, Step.MAIN2):
        return f"a land can be played only in a main phase, not the {s.step} step (CR 305.1, 505.6b)"
    if s.stack:
        return "a land can be played only while the stack is empty (CR 305.1)"
    if not can_play_another_land(s, player):
        return f"{who} has already played {_lands(land_limit(s, player))} this turn (CR 305.2)"
    return None


def can_play_another_land(s, player: int) -> bool:
    """CR 305.2: fewer lands played this turn than the player may play (looked up only once one
    has been played)."""
    played = s.players[player].lands_played
    return not played or played < land_limit(s, player)


def land_limit(s, player: int) -> int:
    """CR 305.2: one land a turn, and each "You may play an additional land on each of your
    turns" of a permanent the player controls adds its number, and so does each resolved "You
    may play an additional land this turn"."""
    n = 1
    if s.effects:
        me = player_ref(player)
        n += sum(e.amount for e in s.effects if type(e) is ExtraLandPlays and e.affected == me)
    for src, eff in ch.static_effects(s, ir.StaticAdditionalLand):
        if src.controller == player:
            n += eff.amount
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", "additional_land", src.card)
    return n


def _lands(n: int) -> str:
    return "a land" if n == 1 else f"{n} lands"


def why_not_cast(s, player: int, o, bound: Capacity | None = None, detail: bool = True) -> str | None:
    """Why ``player`` can't begin to cast ``o`` now (CR 601.2, 601.3), or None when they can:
    from their hand, from their graveyard with flashback (CR 702.34a), or from exile with a
    permission to play it (CR 601.3). ``bound`` rules out costs above the player's mana without
    a payment search; ``detail`` says why no payment exists, which costs a look at every source."""
    card, who = o.card, s.players[player].name
    if o.zone == GRAVEYARD and o.owner == player:
        if o.id not in alt_costs.flashback_cards(s, player):
            if alt_costs.graveyard_cost(card) == "mutate":
                return (f"{card.name} may be cast from {who}'s graveyard only for its mutate cost, which needs a "
                        "non-Human creature with the same owner to target (CR 601.3, 702.140a)")
            return (f"{card.name} is in {who}'s graveyard and has no flashback (CR 601.3, 702.34a), retrace "
                    "(CR 702.81a) or jump-start (CR 702.133a)")
    elif o.zone == EXILE and o.id in exiled_playable(s, player):
        pass                                        # CR 601.3: an effect lets them play it
    elif o.zone == COMMAND and o.owner == player and commanders.is_commander(s, o):
        pass                                        # CR 903.8: a commander from the command zone
    elif o.zone != HAND or o.owner != player:
        return f"{card.name} is not in {who}'s hand (CR 601.2a)"
    if "Land" in card.types:
        return f"{card.name} is a land: it is played, not cast (CR 305.1, 305.9)"
    if not card.fully_supported:
        return f"{card.name}'s Oracle text is only partly supported: {'; '.join(card.unsupported)}"
    locked = split_second(s)
    if locked is not None:
        return f"{locked.card.name} has split second: no spell can be cast while it is on the stack (CR 702.61a)"
    if not can_cast_timing(s, player, o):
        return (f"{card.name} isn't an instant and has no flash: it can be cast only in its controller's "
                "main phase while the stack is empty (CR 117.1a, 307.1)")
    restricted = cast_restriction(s, player, o)
    if restricted is not None:
        return restricted
    by = cast_forbidden(s, player, o)
    if by is not None:
        return f"{by.card.name} says {o.card.name} can't be cast (CR 101.2, 601.2)"
    if s.effects:
        me = player_ref(player)
        named = next((e for e in s.effects if type(e) is CantCastName and e.affected == me and has_name(o, e.name)), None)
        if named is not None:
            return f"{named.source} says {s.players[player].name} can't cast spells named {named.name} (CR 101.2, 601.2)"
    by = spell_limit(s, player)
    if by is not None:
        return (f"{by.card.name}: {s.players[player].name} has cast a spell this turn and can't cast "
                "more than one each turn (CR 101.2, 601.2)")
    options = alt_costs.cast_options(s, player, o)
    costs = options[0]
    if not costs and len(options) == 1 and card.face and card.face.get("manaCost") is None:
        return f"{card.name} has no mana cost, an unpayable cost (CR 118.6)"
    ab = casting_ability(card)
    if not card.is_permanent_card and ab is None:
        return f"{card.name} has no spell ability the engine can run"
    if not has_targets_for(s, o, ab, player):
        options = [c for c in options if "overload" in c and card.overloaded is not None]   # no targets (CR 702.96b)
        if not options:
            return f"{card.name} has no legal target now (CR 601.2c, 115)"
    if not any(all(cost_payable(s, o, extra, include_mana=False) for extra in alt_costs.required(card, c))
               for c in options):
        return (f"{who} can't pay {possessive(card.name)} additional cost, and a spell can't be cast "
                "without paying all of its costs (CR 601.2b, 601.2h, 118.3)")
    reasons = [_why_not_pay(s, player, o, c, bound, detail and not n) for n, c in enumerate(options)]
    return None if None in reasons else reasons[0]


def _why_not_pay(s, player: int, o, costs: tuple[str, ...], bound: Capacity | None, detail: bool) -> str | None:
    """Why ``player`` can't pay the total cost of ``o`` cast with ``costs`` (its mana cost, or an
    alternative cost: flashback, evoke, ...; CR 601.2f-h, 118.9), or None when they can."""
    card, who = o.card, s.players[player].name
    base, others = alt_costs.parts(card, costs)
    if not all(cost_payable(s, o, c, include_mana=False) for c in others):
        which = ("retrace cost (a land card to discard)" if "retrace" in costs else
                 "jump-start cost (a card to discard)" if "jump-start" in costs else "flashback cost")
        return f"{who} can't pay the {which} of {card.name} (CR 702.34a, 702.81a, 601.2h, 118.3)"
    if alt_costs.EMERGE in costs:       # reduced by the mana value of the creature sacrificed
        return None if alt_costs.affordable(s, player, o, costs) else (
            f"{who} can't pay {possessive(card.name)} emerge cost {base} less the mana value of any creature "
            "they could sacrifice (CR 702.119a, 601.2f-h, 118.3)")
    total, why = total_cost(s, player, o, 0, base)
    use = spell_use(o)         # mana restricted to other spells can't pay (CR 106.6)
    total = alt_costs.assisted(s, player, o, total, use)     # assist: the other player may help (CR 702.132a)
    if (bound is not None and not use.other_payers and bound.cannot_pay(total)) or \
            not mana_abilities.can_afford(s, player, total, use=use,
                                          exclude=kept_for_parts(s, o, tuple(others), player) if others else mana_abilities.NO_ONE):
        which = costs[0] if costs else "mana"
        changed = f" (its {which} cost {base} {', '.join(why)}, CR 601.2f)" if why else ""
        return (f"{who} can't pay {total if why else base}{changed}"
                + (": " + mana_abilities.why_unpayable(s, player, total, use=use) if detail else "")
                + " (CR 601.2g-h, 118.3)")
    return None


def why_not_activate(s, player: int, o, ab, idx: int = -1) -> str | None:
    """Why ``player`` can't activate ``o``'s activated ability ``ab`` (its ability ``idx``) now
    (CR 602.2, 602.5, 606.3), or None when they can."""
    c = ab.cost
    who = s.players[player].name
    locked = None if ab.is_mana else split_second(s)
    if locked is not None:
        return (f"{locked.card.name} has split second: only mana abilities can be activated while it is on "
                "the stack (CR 702.61a)")
    if o.zone == BATTLEFIELD:
        if o.controller != player and not ab.any_player:
            return (f"{o.card.name} is not under {who}'s control and the ability isn't one any player "
                    "may activate (CR 602.2, 113.8)")
        if not object_within(s, player, o):
            return f"{o.card.name} is outside {who}'s range of influence: its abilities can't be activated (CR 801.6)"
    elif o.zone == GRAVEYARD and any(i == idx for i, _ in graveyard_activated(o.card)):
        if o.owner != player:           # CR 702.84a, 702.97a: from your graveyard
            return f"{o.card.name} is not in {who}'s graveyard (CR 602.2, 702.84a, 702.97a)"
    elif o.zone == COMMAND and not o.card.types:      # an emblem's, from the command zone (CR 114.4)
        if o.owner != player:
            return f"{o.card.name} is not {who}'s emblem (CR 114.2, 602.2)"
    elif not (o.zone == HAND and o.owner == player and c.part(ir.DiscardSelfCost) is not None):
        return f"{o.card.name} is not on the battlefield (CR 602.2)"
    by = forbidden(s, o, ab)
    if by is not None:
        return f"{by.card.name} says the activated abilities of {o.card.name} can't be activated (CR 602.5)"
    if (c.tap or c.untap) and ch.is_creature(s, o) and summoning_sick(s, o):
        return (f"{o.card.name} has been under {who}'s control only since "
                "this turn began, so its {T} abilities can't be activated (CR 302.6, 602.5a)")
    if c.tap and o.tapped:
        return f"{o.card.name} is tapped and can't be tapped again to pay {{T}} (CR 107.5, 118.3)"
    if c.untap and not o.tapped:
        return f"{o.card.name} is untapped and can't be untapped to pay {{Q}} (CR 107.6, 118.3)"
    if ab.sorcery_speed and not sorcery_timing(s, player):
        return f"{ab.text!r} can be activated only as a sorcery (CR 602.5d)"
    if ab.upkeep_only and not upkeep_timing(s, player):
        return f"{ab.text!r} can be activated only during its controller's upkeep (CR 602.5, 503)"
    if ab.before_attackers and not your_turn_timing(s, player, ab):
        return (f"{ab.text!r} can be activated only during its controller's turn, before the "
                "declare attackers step (CR 602.5, 602.5b, 508.1)")
    if ab.your_turn and not your_turn_timing(s, player, ab):
        return f"{ab.text!r} can be activated only during its controller's turn (CR 602.5, 602.5b)"
    if ab.once_per_turn and activated_this_turn(s, o, ab):
        return f"{ab.text!r} can be activated only once each turn, and it was this turn (CR 602.5b)"
    if (why := why_not_limited(s, player, o, idx, ab)) is not None:   # CR 602.5b, 606.3, 606.6
        return why
    crew = c.part(ir.CrewCost)
    if crew is not None and not crew_payable(s, o, crew.power):
        return (f"{who}'s other untapped creatures have less than {crew.power} total "
                f"power, so {o.card.name} can't be crewed (CR 702.122a, 118.3)")
    if not cost_payable(s, o, c, payer=player):
        return f"the cost of {ab.text!r} can't be paid now (CR 602.2b, 118.3)"
    if not has_targets_for(s, o, ab, player):
        return f"{ab.text!r} has no legal target now (CR 602.2b, 115)"
    return None


# ------------------------------------------------------------------------------ legal actions


def playable_lands(s, player: int) -> list[Obj]:
    """The lands ``player`` may play now (CR 305.1-305.2)."""
    if not can_play_another_land(s, player) or not sorcery_timing(s, player):
        return []
    cands = (s.objs[i] for i in s.players[player].hand + exiled_playable(s, player) + graveyard_playable_lands(s, player))
    return [o for o in cands if "Land" in o.card.types and why_not_play(s, player, o) is None]


def castable(s, player: int, sources: list | None = None) -> list[Obj]:
    """The spells ``player`` could begin to cast now, costs included (CR 601.2, 601.3).
    ``sources``: the player's mana sources, when the caller has them already."""
    p = s.players[player]
    cands = [s.objs[i] for i in p.hand + exiled_playable(s, player) + alt_costs.flashback_cards(s, player)]
    if p.commanders:
        cands += commanders.commanders_in(s, player, COMMAND)      # CR 903.8
    cands = [o for o in cands if "Land" not in o.card.types]
    if not cands:
        return []
    # Timing is the one part of the answer that depends on the step (CR 117.1a, 307.1); the
    # rest is found once per state version and pool (State.facts), so a player who gets
    # priority again in the next step with nothing changed finds it ready. The bound on what
    # the player can pay is looked up only for a spell not judged yet.
    facts = s.facts()
    sorcery = sorcery_timing(s, player)
    if not sorcery and exercise.RECORD is None and next(ch.static_effects(s, ir.StaticCastAsThoughFlash), None) is None:
        # Outside a main phase with an empty stack, only a card that may be cast at instant
        # speed by its own text can be cast (CR 117.1a, 307.1, 702.8a): the rest are passed
        # over by definition, without a look at the state (can_cast_timing would say no)
        cands = [o for o in cands if o.zone == BATTLEFIELD or instant_speed(o.card)]
        if not cands:
            return []
    pool = (tuple(p.pool.items()), p.special_mana, sorcery)
    out = []
    bound = None
    for o in cands:
        # cards in the hand are plain objects (CR 400.7): copies of one card there share an answer
        if cast_restriction(s, player, o) is not None:     # "Cast ~ only during combat" (CR 601.3)
            continue
        key = ("castable", player, o.card if _plain_in_hand(o, player) else o.id, pool)
        ok = facts.get(key)
        if ok is None:
            if not can_cast_timing(s, player, o):
                ok = facts[key] = False
            else:
                if bound is None:
                    bound = capacity(s, player, sources)
                ok = facts[key] = not _beyond_bound(s, o, bound) and \
                    why_not_cast(s, player, o, bound, detail=False) is None
        if ok:
            out.append(o)
    return out


def _beyond_bound(s, o, bound: Capacity | None) -> bool:
    """A quick "no" that is exact: ``o`` is in a hand, can be cast only for its mana cost
    (:func:`alt_costs.only_mana_cost`), nothing on the battlefield reduces costs (increases
    only add generic mana, CR 601.2f), nothing lets it be cast without paying it (CR 118.9), and
    the bound on the player's mana rules that cost out.
    :func:`why_not_cast` would come to "can't pay" too, after checking timing, targets and
    additional costs first."""
    return bound is not None and o.zone == HAND and alt_costs.only_mana_cost(o.card) \
        and bound.cannot_pay(o.card.mana_cost) and next(ch.static_effects(s, ir.StaticCostReduction), None) is None \
        and next(ch.static_effects(s, ir.StaticCastWithoutPaying), None) is None


def _plain_in_hand(o, player: int) -> bool:
    """``o`` is a card in ``player``'s own hand with nothing of its own (no counters, choice,
    copied face or announced cost): whether it can be cast depends on its card alone."""
    return o.zone == HAND and o.owner == player and not o.counters and o.printed is None \
        and o.chosen is None and not o.cast_costs and o.cast_x == 0


def playable_back_faces(s, player: int) -> list[Obj]:
    """Modal double-faced cards ``player`` may play now as their back face, a land (CR 712.12)."""
    if not can_play_another_land(s, player) or not sorcery_timing(s, player):
        return []
    cands = (s.objs[i] for i in s.players[player].hand + exiled_playable(s, player))
    backs = (modal_back(o) for o in cands if o.card.back is not None)
    return [o for o in backs if o is not None and "Land" in o.card.types and why_not_play(s, player, o) is None]


def why_not_cast_half(s, player: int, o, index: int | None, bound: Capacity | None = None,
                      detail: bool = True) -> str | None:
    """Why ``player`` can't begin to cast half ``index`` of the split card ``o`` now (None: both
    halves, fused), or None when they can: only that half (or the fused spell) is checked
    (CR 709.3a, 702.102b), from the zone it may be cast from (:func:`split_cards.zone_problem`)."""
    spell = split_cards.as_fused(o) if index is None else split_cards.as_half(o, index)
    if spell is None:
        return f"{o.card.name} can't be cast that way: it has no such half, or its halves can't be fused (CR 709.3)"
    problem = split_cards.zone_problem(o, player, index)
    if problem is not None:
        return problem
    if o.zone == GRAVEYARD:
        spell.zone = HAND       # aftermath's permission stands in for the hand (CR 702.127a)
    return why_not_cast(s, player, spell, bound, detail)


def castable_halves(s, player: int, sources: list | None = None) -> list[tuple[Obj, int | None]]:
    """The split cards ``player`` could begin to cast now, each with the half (None: fused)."""
    p = s.players[player]
    cands = [s.objs[i] for i in p.hand + exiled_playable(s, player) + p.graveyard if s.objs[i].card.halves]
    bound = capacity(s, player, sources) if cands else None
    return [(o, i) for o in cands for i in (0, 1, None)
            if (i is not None or o.card.fused is not None)
            and why_not_cast_half(s, player, o, i, bound, detail=False) is None]


def why_not_cast_adventure(s, player: int, o, bound: Capacity | None = None, detail: bool = True) -> str | None:
    """Why ``player`` can't begin to cast ``o`` as its Adventure now, or None when they can: from
    their hand only (CR 715.3, 715.3d), judged by the Adventure's characteristics alone (CR 715.3a)."""
    spell = as_adventure(o)
    if spell is None:
        return f"{o.card.name} has no Adventure (CR 715.2)"
    if o.zone != HAND or o.owner != player:
        return f"{o.card.name} can be cast as an Adventure only from {s.players[player].name}'s hand (CR 715.3)"
    return why_not_cast(s, player, spell, bound, detail)


def castable_as_adventure(s, player: int, sources: list | None = None) -> list[Obj]:
    """The adventurer cards ``player`` could begin to cast as their Adventure now (CR 715.3)."""
    cands = [s.objs[i] for i in s.players[player].hand if s.objs[i].card.adventure is not None]
    bound = capacity(s, player, sources) if cands else None
    return [o for o in cands if why_not_cast_adventure(s, player, o, bound, detail=False) is None]


_ACTIVATED_KEY = ("activated",)    # board_memo's key for the permanents with non-mana activated abilities


def activatable(s, player: int) -> list[tuple[Obj, int, ir.ActivatedAbility]]:
    """Non-mana activated abilities ``player`` could activate now (CR 602.2, 602.5): those of
    their permanents, equip included (CR 702.6a), those of other players' permanents that any
    player may activate (CR 113.8), those that work from the hand (cycling, CR 702.29a) and
    those that work from their graveyard (unearth, scavenge; CR 702.84a, 702.97a)."""
    found = layers.changers(s)
    granted = layers.any_granted(s)
    objs = s.objs
    out = []
    if found or granted:
        holders = s.battlefield
    else:               # each card is itself: the permanents with such abilities, once per battlefield
        memo = board_memo(s)
        holders = memo.get(_ACTIVATED_KEY)
        if holders is None:
            holders = memo[_ACTIVATED_KEY] = tuple(i for i in s.battlefield
                                                   if battlefield_nonmana_activated(objs[i].card))
    for i in holders:
        o = objs[i]
        for idx, ab in battlefield_nonmana_activated(layers.card_now(s, o, found) if found or granted else o.card):
            if (o.controller == player or ab.any_player) and why_not_activate(s, player, o, ab, idx) is None:
                out.append((o, idx, ab))
    out.sort(key=lambda t: t[0].controller != player)   # the player's own permanents first
    for i in s.players[player].hand:
        o = objs[i]
        out += [(o, idx, ab) for idx, ab in hand_activated(o.card)
                if not ab.is_mana and why_not_activate(s, player, o, ab, idx) is None]
    for i in s.players[player].graveyard:
        o = objs[i]
        out += [(o, idx, ab) for idx, ab in graveyard_activated(o.card)
                if not ab.is_mana and why_not_activate(s, player, o, ab, idx) is None]
    for i in s.players[player].command:     # an emblem's work there; a commander card's don't (CR 114.4, 113.6)
        o = objs[i]
        if not o.card.types:
            out += [(o, idx, ab) for idx, ab in battlefield_nonmana_activated(o.card)
                    if why_not_activate(s, player, o, ab, idx) is None]
    return out


# ------------------------------------------------------------------------------ explanations


def cannot_play(s, player: int, o) -> str:
    return why_not_play(s, player, o) or f"{s.players[player].name} can't play {o.card.name} now"


def cannot_cast(s, player: int, o) -> str:
    return why_not_cast(s, player, o) or f"{s.players[player].name} can't cast {o.card.name} now"


def cannot_activate(s, player: int, o, words: str = "") -> str:
    """Why none of ``o``'s activated abilities (those whose text has ``words``) can be
    activated now."""
    if o.zone != BATTLEFIELD:
        return f"{o.card.name} is not on the battlefield (CR 602.2)"
    abilities = [(i, ab) for i, ab in battlefield_activated(layers.card_now(s, o))
                 if words.lower() in ab.text.lower() and (o.controller == player or ab.any_player)]
    if not abilities and o.controller != player:
        return (f"{o.card.name} is not under {s.players[player].name}'s control and has no ability any player "
                "may activate (CR 602.2, 113.8)")
    if not abilities:
        which = f" whose text has {words!r}" if words else ""
        return f"{o.card.name} has no activated ability{which} now (CR 602.1, 613.1)"
    reasons = [why for i, ab in abilities if (why := why_not_activate(s, player, o, ab, i)) is not None]
    return "; ".join(dict.fromkeys(reasons)) or f"{o.card.name}'s ability can't be activated now"


def cannot_attack(s, o) -> str:
    return combat.why_not_attack(s, o) or f"{o.card.name} can't attack now"


def cannot_block(s, b, a) -> str:
    bn, an = b.card.name, a.card.name
    if b.zone != BATTLEFIELD or b.controller == s.active:
        return f"{bn} is not a creature the defending player controls (CR 506.2)"
    if a.attacking is None:
        return f"{an} is not an attacking creature (CR 509.1a)"
    if a.attacking != b.controller:
        return (f"{an} attacks {s.players[a.attacking].name}, not {s.players[b.controller].name}: a creature "
                "blocks only creatures attacking its controller or their planeswalkers (CR 509.1a, 802.4a)")
    if not ch.is_creature(s, b):
        return f"{bn} is not a creature: only creatures block (CR 506.3)"
    if b.tapped:
        return f"{bn} is tapped: blockers must be untapped (CR 509.1a)"
    if (why := combat.cant_block(s, b)) is not None:
        return why
    why = combat.block_restriction(s, b, a)
    if why is None and combat.restricted(s, a, combat.Rule.MAX_ONE_BLOCKER):
        why = f"{an} can't be blocked by more than one creature, and one may already block it (CR 509.1b)"
    if why is None and s.step == Step.DECLARE_BLOCKERS:
        why = combat.why_block_not_offered(s, b, a)
    return why or f"{bn} can't block {an} now (it may already be blocking)"


def explain(s, player: int, action: Action) -> str | None:
    """Why ``action`` isn't legal for ``player`` now, when it names an object the rules can
    speak about; None otherwise."""
    objs = s.objs
    args = action.args
    if not args or not isinstance(args[0], int) or args[0] not in objs:
        return None
    o = objs[args[0]]
    if action.kind == ActionKind.PLAY:
        return cannot_play(s, player, o)
    if action.kind == ActionKind.CAST:
        return cannot_cast(s, player, o)
    if action.kind in (ActionKind.CAST_HALF, ActionKind.CAST_FUSED):
        index = args[1] if action.kind == ActionKind.CAST_HALF and len(args) > 1 and args[1] in (0, 1) else None
        if action.kind == ActionKind.CAST_HALF and index is None:
            return f"{o.card.name}: say which half to cast (CR 709.3)"
        return why_not_cast_half(s, player, o, index) or f"{s.players[player].name} can't cast that now"
    if action.kind == ActionKind.CAST_ADVENTURE:
        return why_not_cast_adventure(s, player, o) or \
            f"{s.players[player].name} can't cast {o.card.name} as an Adventure now"
    if action.kind == ActionKind.ACTIVATE:
        if len(args) > 1 and isinstance(args[1], int):
            ab = next((ab for i, ab in battlefield_activated(layers.card_now(s, o)) + hand_activated(o.card)
                       + graveyard_activated(o.card) if i == args[1]), None)
            if ab is not None:
                return why_not_activate(s, player, o, ab, args[1]) or \
                    f"{s.players[player].name} can't activate {possessive(o.card.name)} ability now"
        return cannot_activate(s, player, o)
    if action.kind == ActionKind.ATTACK:
        return cannot_attack(s, o)
    if action.kind == ActionKind.BLOCK and len(args) > 1 and args[1] in objs:
        return cannot_block(s, o, objs[args[1]])
    return None
