"""Resolving the top object of the stack (CR 608)."""
from __future__ import annotations

import dataclasses

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from .mechanics import adventure
from . import continuous, events, exercise
from . import characteristics as ch
from .abilities import DASH_RETURN, keyword, nested_index
from .mechanics.bestow import bestowed, stop_bestowed
from .mechanics.cipher import encode_cipher
from .conditions import evaluate
from .effect_records import OneShotDelayedTrigger, TextChange
from .event_types import NOTHING, PlayerRef
from .filters import is_player_ref, legal_targets, player_of
from .keyword_effects import ascend_spell
from .mechanics.mutate import is_mutating, resolve_merging
from .resolution import ResolutionContext, division_shares, execute
from .runner import Ctx
from .state import ItemKind, Obj
from .targets import aura_target_spec, item_target_specs
from .triggers import ghost_source
from .zones import BATTLEFIELD, GRAVEYARD, HAND, STACK


def _recheck_targets(ctx: Ctx, item) -> tuple[list, bool]:
    """CR 608.2b: drop targets that are no longer legal. Returns the legal ones and whether the
    spell or ability has targets and every one of them is now illegal."""
    s = ctx.s
    specs = item_target_specs(item, s)
    if not specs or not any(item.targets):
        return item.targets, False
    present = s.objs.get(item.source)
    source = present or Obj(-1, item.card, item.controller, STACK)
    kept = []
    for spec, group in zip(specs, item.targets):
        if spec.filter.power_below_source and present is None:
            legal = _below_last_known_power(s, spec, source, item)
        else:
            legal = set(legal_targets(s, spec, source, item.controller, item.id, item.x))
        kept.append([t for t in group if t in legal])
    had = sum(len(g) for g in item.targets)
    return kept, had > 0 and not any(kept)


def _below_last_known_power(s, spec: ir.TargetSpec, source: Obj, item) -> set:
    """A target "with power less than this creature's" whose source has left the battlefield: its
    power as it last existed there is compared (CR 608.2h; Tajic, Legion's Edge ruling on mentor)."""
    known = item.event.source_power if item.event is not None else None
    if known is None:
        return set()
    spec = dataclasses.replace(spec, filter=dataclasses.replace(spec.filter, power_below_source=False))
    return {t for t in legal_targets(s, spec, source, item.controller, item.id)
            if t in s.objs and ch.power(s, s.objs[t]) < known}


def resolve_top(ctx: Ctx) -> None:
    s = ctx.s
    item = s.stack[-1]
    ctx.moved, ctx.lki, ctx.moved_with = {}, {}, {}    # what this resolution moves (CR 400.7j, 608.2h)
    if item.kind == ItemKind.SPELL and s.effects:
        changes = continuous.text_changes(s).get(item.source)
        if changes:     # a spell whose text was changed (CR 612) resolves as its text now reads
            item.card = continuous.text_changed(item.card, changes)
    targets, fizzled = _recheck_targets(ctx, item)
    if fizzled and item.kind == ItemKind.SPELL and bestowed(s.objs[item.source]):
        # CR 702.103e, 608.3b: a bestowed Aura spell whose target is illegal resolves as a creature
        spell = stop_bestowed(s, s.objs[item.source], "702.103e", "has an illegal target as it resolves")
        item.card, item.index, item.targets = spell.card, -1, []
        targets, fizzled = [], False
    elif fizzled and item.kind == ItemKind.SPELL and is_mutating(s.objs[item.source]):
        fizzled = False         # CR 702.140b: it resolves as a creature spell instead
    if fizzled:
        s.add_log(f"{item.label} doesn't resolve: all its targets are illegal", ("608.2b",), "resolve")
        s.stack.pop()
        if item.kind == ItemKind.SPELL:
            events.move(ctx, s.objs[item.source], GRAVEYARD, quiet=True)
        return
    ab = item.ability
    if item.kind == ItemKind.TRIGGERED and ab.condition:
        src = s.objs.get(item.source) or ghost_source(item)   # CR 603.10: last known information
        if not evaluate(s, ab.condition, src, item.event):
            s.add_log(f"{item.label} does nothing: its \"if\" condition is false now", ("603.4",), "resolve")
            s.stack.pop()
            return
    s.add_log(f"{item.label} resolves", ("608.1", "608.2"), "resolve")
    if exercise.RECORD is not None and item.index >= 0:
        kw = item.card.abilities[item.index]
        if type(kw) is ir.Keyword:          # prowess, ward, equip, cycling, ninjutsu, ...
            exercise.note("KEYWORDS", kw.name, item.card)
    if item.kind == ItemKind.SPELL:
        spell = s.objs[item.source]
        if spell.card.is_permanent_card:
            _resolve_permanent(ctx, item, spell, targets)
            return
        rc = ResolutionContext(item.controller, item.source, item.card, targets, item.x, item.event or NOTHING,
                               item.modes, shares=division_shares(item))
        if keyword(item.card, "ascend") is not None:    # printed first: before the rest (CR 702.131a)
            ascend_spell(ctx, item.controller, item.card)
        execute(ctx, ab.effects if ab else (), rc)
        if "awaken" in spell.cast_costs:          # CR 702.113a: its last target, the land
            kw = keyword(item.card, "awaken")
            if kw is not None and kw.arg is not None:
                execute(ctx, (ir.Awaken(ir.Target(len(item_target_specs(item))), int(kw.arg)),), rc)
        # CR 608.2n: leaving the stack is the last part of its resolution, so it is still there
        # while its controller chooses a creature to encode it on (CR 702.99a)
        spell_now = s.objs.get(item.source)
        if spell_now is not None and spell_now.zone == STACK and adventure.is_adventure(spell_now):
            adventure.exile_resolved(ctx, spell_now, item.controller)       # CR 715.3d
        elif spell_now is not None and spell_now.zone == STACK and not encode_cipher(ctx, spell_now, item.controller):
            buyback = "buyback" in spell_now.cast_costs      # CR 702.27a: to its owner's hand instead
            events.move(ctx, spell_now, HAND if buyback else GRAVEYARD, quiet=not buyback,
                        cause="buyback" if buyback else "", rules=("702.27a",) if buyback else ("608.2n",),
                        resolved=True)
        s.stack[:] = [i for i in s.stack if i.id != item.id]      # a spell no longer in that zone
        return
    # CR 113.7a: an ability whose source has left still uses the source as it last existed
    lki = s.objs.get(item.source) or ghost_source(item)
    if item.event is not None and item.event.frozen is not None and not targets:
        targets = [list(g) for g in item.event.frozen]  # CR 603.7c: "it" was fixed earlier
    rc = ResolutionContext(item.controller, item.source, item.card, targets, item.x, item.event or NOTHING,
                           item.modes, source_lki=lki, shares=division_shares(item))
    if item.event is not None and item.event.created is not None:
        rc.created = list(item.event.created)      # CR 603.7c: the tokens "it" named then
    execute(ctx, ab.effects, rc)
    s.stack[:] = [i for i in s.stack if i.id != item.id]


def _resolve_permanent(ctx: Ctx, item, spell, targets) -> None:
    """CR 608.3: a permanent spell becomes a permanent; an Aura spell is attached to its target
    (CR 608.3c); X of the spell carries over for enters-the-battlefield effects (CR 107.3m)."""
    s = ctx.s
    if is_mutating(spell) and resolve_merging(ctx, item, spell, targets):
        return                  # CR 702.140c: merged with its target, it doesn't enter
    spell = s.objs[spell.id]
    # the spell stays on the stack while choices are made as it enters (CR 614.12): the move
    # takes it off
    colors = "".join(c for c in "WUBRG" if item.paid.get(c))   # sunburst (CR 702.44a), 601.2h
    new = events.move(ctx, spell, BATTLEFIELD, controller=item.controller, x=item.x,
                      rules=("608.3", "110.2"), riders=item.riders, colors_spent=colors)
    s.stack[:] = [i for i in s.stack if i.id != item.id]
    if new is not None and any(type(e) is TextChange and e.affected == spell.id for e in s.effects):
        # the permanent keeps the text change its spell had while the effect lasts (rulings of
        # Sleight of Mind, Magical Hack, Artificial Evolution: CR 612)
        s.effects = [dataclasses.replace(e, affected=new.id) if type(e) is TextChange and e.affected == spell.id
                     else e for e in s.effects]
        continuous.text_changes_begin_or_end(s)
    if new is not None and "dash" in new.cast_costs:
        _dash_return(s, new, item.controller)
    if new is not None and "flash_timing" in new.cast_costs:
        _sacrifice_at_cleanup(ctx, new, item.controller)
    if new is not None and aura_target_spec(new.card) is not None:
        chosen = targets[0][0] if targets and targets[0] else None
        if is_player_ref(chosen) and not s.players[player_of(chosen)].lost:
            # CR 608.3c, 702.5d: an Aura with "Enchant player" enters attached to that player
            p = player_of(chosen)
            events.attach(ctx, new, PlayerRef(p), ("608.3c", "303.4b", "702.5d"),
                          f"{new.card.name} is attached to {s.players[p].name}", new_timestamp=False)
        elif chosen is not None and chosen in s.objs:
            # CR 608.3c: an Aura spell enters attached to what it targeted (303.4f is for an
            # Aura put onto the battlefield by other means)
            events.attach(ctx, new, chosen, ("608.3c", "303.4b"), f"{new.card.name} is attached to {s.objs[chosen].card.name}",
                          new_timestamp=False)      # it entered attached, with that timestamp


def _sacrifice_at_cleanup(ctx: Ctx, new, controller: int) -> None:
    """CR 601.3, 603.7c: a card cast "as though it had flash" any time a sorcery couldn't have been
    (Armor of Thorns) makes, as its permanent enters, the delayed ability that sacrifices it at
    the beginning of the next cleanup step; "it" is that permanent."""
    for ab in new.card.abilities:
        if type(ab) is ir.CastAsThoughFlash and ab.then is not None:
            s = ctx.s
            s.add_log(f"{new.card.name} was cast any time a sorcery couldn't have been", ("601.3", "307.1"), "effect")
            execute(ctx, (ab.then,), ResolutionContext(controller, new.id, new.card, [[new.id]], 0, NOTHING, ()))


def _dash_return(s, new, controller: int) -> None:
    """CR 702.109a, 603.7c: a spell cast for its dash cost creates, as it resolves, a delayed
    ability that returns the permanent to its owner's hand at the beginning of the next end step."""
    s.effects.append(OneShotDelayedTrigger(new.id, controller, new.card, nested_index(new.card, DASH_RETURN),
                                           ((new.id,),), Duration.NEXT_END_STEP, s.new_timestamp(), new.card.name))
    s.add_log(f"{new.card.name} was cast for its dash cost: it will return to its owner's hand at the beginning "
              "of the next end step", ("702.109a", "603.7c"), "effect")
