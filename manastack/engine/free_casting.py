"""Casting a card while a spell or ability resolves (CR 608.2g, 601.2a-i): without paying its
mana cost (cascade, CR 702.85a; suspend, CR 702.62a) or for an alternative cost (madness,
CR 702.35a)."""
from __future__ import annotations

from dataclasses import replace

from manastack.oracle import ir

from .costs import alternative as alt_costs
from . import events
from .abilities import keyword_cost
from . import characteristics as ch
from .casting import count_cast, pay_spell_costs
from .conditions import CAST_FROM
from .decisions import Action, ActionKind, Decision, DecisionKind
from .event_types import SpellCast
from .filters import matches
from .effect_records import EXILED_IF_GRAVEYARD
from .resolution import bound_x, named_objects, source_obj
from .mana.spend import spell_use
from .costs.spell_costs import total_cost
from .state import ItemKind, StackItem
from .timing import spell_limit, split_second
from .targets import casting_ability, choose_modes_and_targets, describe_target, has_targets_for, spell_ability_index
from .triggers import announce_targets
from .wording import possessive
from .zones import EXILE, GRAVEYARD, HAND, LIBRARY, STACK


def cascade(ctx, e: ir.Cascade, rc) -> None:
    """CR 702.85a: exile cards from the top of the library until a nonland card with lesser mana
    value than the spell (as it was cast: the trigger keeps it); its controller may cast that card
    without paying its mana cost; the other exiled cards go to the bottom in a random order."""
    s = ctx.s
    player = rc.controller
    p = s.players[player]
    below = rc.event.mana_value or 0
    exiled, hit = [], None
    while p.library and hit is None:
        new = events.move(ctx, s.objs[p.library[-1]], EXILE, cause=f"{possessive(rc.card.name)} cascade",
                          rules=("702.85a",))
        if new is not None:
            exiled.append(new.id)
            if "Land" not in new.card.types and ch.mana_value(new) < below:
                hit = new
    if hit is None:
        s.add_log(f"{p.name} exiles no nonland card with mana value less than {below}", ("702.85a",), "resolve")
    elif cast_without_paying(ctx, player, hit, f"{possessive(rc.card.name)} cascade", "702.85a"):
        exiled.remove(hit.id)
    rest = [oid for oid in exiled if oid in s.objs and s.objs[oid].zone == EXILE]
    s.rng.shuffle(rest)
    for oid in rest:
        events.move(ctx, s.objs[oid], LIBRARY, bottom=True, quiet=True)
    if rest:
        s.add_log(f"{p.name} puts {len(rest)} exiled card{'s' * (len(rest) != 1)} on the bottom of their "
                  "library in a random order", ("702.85a", "401.4"), "resolve")


def cast_with_madness(ctx, e: ir.CastWithMadness, rc) -> None:
    """CR 702.35a: the owner may cast the card madness exiled by paying its madness cost (during
    this resolution, so timing rules don't matter, CR 608.2g); if they don't, or it has left
    exile, it isn't cast, and a card still in exile is put into its owner's graveyard."""
    s = ctx.s
    o = s.objs.get(rc.event.obj) if rc.event.obj is not None else None
    if o is None or o.zone != EXILE:
        s.add_log(f"{possessive(rc.card.name)} madness: the card has left exile, so it can't be cast",
                  ("702.35a", "400.7"), "resolve")
        return
    cost = keyword_cost(o.card, "madness").mana
    if cast_without_paying(ctx, o.owner, o, f"{possessive(o.card.name)} madness", "702.35a", "madness"):
        return
    s.add_log(f"{s.players[o.owner].name} doesn't cast {o.card.name} for its madness cost {cost}: it is "
              "put into their graveyard", ("702.35a",), "resolve")
    events.move(ctx, o, GRAVEYARD, quiet=True)


def cast_from_hand(ctx, e: ir.CastFromHand, rc) -> None:
    """"You may cast a spell with mana value 3 or less from your hand without paying its mana
    cost": its controller picks such a card in their hand (a nonland card that would be the
    spell described, CR 608.2g) and casts it without paying its mana cost (CR 118.9)."""
    s = ctx.s
    player = rc.controller
    f = bound_x(replace(e.filter, zone=HAND), rc)
    cards = [s.objs[i] for i in s.players[player].hand]
    cands = [o for o in cards if "Land" not in o.card.types and matches(s, o, f, source_obj(ctx, rc), player)]
    if not cands:
        s.add_log(f"{s.players[player].name} has no card in hand {rc.card.name} lets them cast", ("608.2g",),
                  "resolve")
        return
    answer = ctx.ask(Decision(player, DecisionKind.CAST_FROM_HAND,
                              f"{rc.card.name}: choose a card to cast without paying its mana cost",
                              tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in cands)
                              + (Action(ActionKind.DONE, (), "cast nothing"),)))
    if answer.kind == ActionKind.CHOOSE:
        cast_without_paying(ctx, player, s.objs[answer.args[0]], rc.card.name, "118.9", ask=False)


def cast_target_free(ctx, e: ir.CastTargetFree, rc) -> None:
    """"You may cast target instant card from your graveyard without paying its mana cost": the
    target, still in the graveyard, is cast during the resolution, timing ignored (CR 608.2g,
    118.9), the "may" chosen already. With ``exile_instead`` the spell is exiled rather than put
    into its owner's graveyard (CR 614.1a): as it resolves or is countered; a spell can't stay
    on the stack past the turn (CR 500.2), so "this turn" covers its whole stay there."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone != GRAVEYARD:
            continue
        if cast_without_paying(ctx, rc.controller, o, rc.card.name, "608.2g", ask=False) and e.exile_instead:
            spell = s.objs[s.stack[-1].source] if s.stack else None
            if spell is not None and spell.card is o.card:
                spell.cast_costs += (EXILED_IF_GRAVEYARD,)
                s.add_log(f"if {o.card.name} would be put into its owner's graveyard this turn, it is exiled "
                          "instead", ("614.1a",), "effect")


def cast_without_paying(ctx, player: int, o, why: str, rule: str, cost: str = "free", ask: bool = True) -> bool:
    """CR 608.2g, 601.2a-i: during a resolution, ``player`` may cast the card ``o`` without
    paying its mana cost (an alternative cost, CR 118.9; X is 0, CR 107.3b), or with ``cost`` the
    alternative cost named (madness; "suspend" is free too). Optional additional costs may be announced, mandatory ones
    and cost increases are paid. Returns whether it was cast; a card that can't get legal targets
    or whose costs can't be paid isn't offered. With ``ask`` False the player has already chosen
    to cast it."""
    s = ctx.s
    card = o.card
    name = s.players[player].name
    ab = casting_ability(card)
    if not card.fully_supported or (ab is None and not card.is_permanent_card):
        s.add_log(f"{card.name} isn't cast: its Oracle text is only partly supported", (rule,), "cast")
        return False
    locked = split_second(s)
    if locked is not None:
        s.add_log(f"{card.name} can't be cast: {locked.card.name} with split second is on the stack",
                  (rule, "702.61a"), "cast")
        return False
    limit = spell_limit(s, player)
    if limit is not None:
        s.add_log(f"{card.name} can't be cast: {limit.card.name} allows {name} one spell each turn",
                  (rule, "101.2"), "cast")
        return False
    if not has_targets_for(s, o, ab, player) or not (
            alt_costs.affordable(s, player, o, (cost,))
            or alt_costs.or_cost(card) is not None and alt_costs.affordable(s, player, o, (cost, alt_costs.OR_COST))):
        s.add_log(f"{name} can't cast {card.name}: it would have no legal targets or its costs can't be "
                  "paid", ("601.2c", "601.2h"), "cast")
        return False
    how = "without paying its mana cost" if cost in alt_costs.WITHOUT_PAYING else \
        f"by paying its {cost} cost {keyword_cost(card, cost).mana}"
    if ask:
        answer = ctx.ask(Decision(player, DecisionKind.MAY, f"{why}: cast {card.name} {how}? "
                                  f"(CR {rule})", (Action(ActionKind.YES, (), "yes"), Action(ActionKind.NO, (), "no"))))
        s.add_log(f"{name} chooses {answer.kind} for casting {card.name} {how}", (rule, "603.5"), "choice")
        if answer.kind == ActionKind.NO:
            return False
    s.add_log(f"{name} casts {card.name} {how}", ("601.2a", "608.2g", rule), "cast")
    origin = CAST_FROM.get(o.zone)        # where it is cast from (conditions.CAST_FROM)
    rebound = o.zone == HAND and alt_costs.keyword(card, "rebound") is not None
    spell = events.move(ctx, o, STACK, controller=player, quiet=True)
    assert spell is not None            # a card cast is moved onto the stack (CR 601.2a)
    item = StackItem(s.next_id, ItemKind.SPELL, spell.id, player, card, spell_ability_index(card), card.name)
    s.next_id += 1
    s.stack.append(item)
    alt_costs.announce(ctx, player, spell, (cost,))
    if rebound:                          # cast from the hand: exiled as it resolves (CR 702.88a)
        spell.cast_costs += ("rebound",)
    if origin is not None:
        spell.cast_costs += (origin,)
    if ab is not None:
        choose_modes_and_targets(ctx, item, spell, player, ab)   # possible: checked above
    if item.targets:
        s.add_log(f"{card.name} targets " + ", ".join(describe_target(s, t) for g in item.targets for t in g),
                  ("601.2c",), "cast")
    base, others = alt_costs.parts(card, spell.cast_costs)
    base = alt_costs.per_target(s, card, item.targets, base)     # strive (CR 601.2f)
    total, whys = total_cost(s, player, spell, 0, base)
    alt_costs.log_total(s, card, spell.cast_costs, base, total, whys)
    item.paid = pay_spell_costs(ctx, player, spell, total, others, spell_use(spell, base))
    count_cast(s, player, spell)
    s.add_log(f"{card.name} is cast", ("601.2i",), "cast")
    events.collect(ctx, SpellCast(player, spell.id, item.id))
    announce_targets(ctx, item)
    return True


def cast_rebound(ctx, e: ir.CastRebound, rc) -> None:
    """CR 702.88a: the controller may cast the card rebound exiled without paying its mana cost,
    ignoring timing (CR 608.2g); if they don't, or can't, it stays exiled. A card that has left
    exile is a new object (CR 400.7): nothing is cast."""
    s = ctx.s
    oid = rc.targets[0][0] if rc.targets and rc.targets[0] else None
    o = s.objs.get(oid)
    if o is None or o.zone != EXILE:
        s.add_log(f"{possessive(rc.card.name)} rebound ability does nothing: the card isn't exiled any more",
                  ("702.88a", "400.7"), "resolve")
        return
    if not cast_without_paying(ctx, rc.controller, o, f"{possessive(o.card.name)} rebound", "702.88a"):
        s.add_log(f"{o.card.name} isn't cast: it stays exiled", ("702.88a",), "resolve")


def cast_miracle(ctx, e: ir.CastMiracle, rc) -> None:
    """CR 702.94a: the owner may cast the card they revealed as they drew it by paying its
    miracle cost, ignoring timing (CR 608.2g); a card no longer in their hand can't be cast."""
    s = ctx.s
    o = s.objs.get(rc.source)
    if o is None or o.zone != HAND:
        s.add_log(f"{possessive(rc.card.name)} miracle ability does nothing: the card left its owner's hand",
                  ("702.94a", "400.7"), "resolve")
        return
    if not cast_without_paying(ctx, o.owner, o, f"{possessive(o.card.name)} miracle", "702.94a", "miracle"):
        s.add_log(f"{o.card.name} isn't cast: it stays in its owner's hand", ("702.94a",), "resolve")
