"""Keyword abilities that are triggered abilities (CR 702), given as the IR their rules define,
and the executors of the effects only they use.

The compiler reads "Prowess" or "Ward {2}" as a :class:`ir.Keyword`; the Comprehensive Rules
say what each one means, so the engine turns the keyword into that triggered ability here:

- prowess (CR 702.108a): whenever you cast a noncreature spell, this gets +1/+1 until end of turn;
- persist (CR 702.79a) and undying (CR 702.93a): when it dies, if it had no -1/-1 (+1/+1)
  counters on it, return it under its owner's control with one such counter;
- ward (CR 702.21a): whenever it becomes the target of a spell or ability an opponent controls,
  counter that spell or ability unless that player pays the cost;
- exalted (CR 702.83a): whenever a creature you control attacks alone, it gets +1/+1 until end
  of turn; bushido N (CR 702.45a): whenever this blocks or becomes blocked, +N/+N;
- echo (CR 702.30a): at the beginning of your upkeep, if it came under your control since the
  beginning of your last upkeep, sacrifice it unless you pay the echo cost; cumulative upkeep
  (CR 702.24a): at the beginning of your upkeep, if it is on the battlefield, put an age counter
  on it, then sacrifice it unless you pay the cost once per age counter;
- cipher (CR 702.99): the resolving spell may be exiled encoded on a creature, which then has
  "whenever this creature deals combat damage to a player, you may cast a copy of the encoded
  card without paying its mana cost". The link is kept in the exiled card's ``attached_to``
  (plain data); it ends when the creature leaves the battlefield, since it becomes a new object
  (CR 702.99c, 400.7);
- flanking (CR 702.25a): whenever this becomes blocked by a creature without flanking, that
  creature gets -1/-1 until end of turn; soulshift N (CR 702.46a): when it dies, you may return
  target Spirit card with mana value N or less from your graveyard to your hand;
- cascade (CR 702.85a): when you cast this spell (a trigger that works from the stack), see
  :func:`cascade`;
- madness (CR 702.35a): when this card is exiled by madness's replacement (``events.discard``),
  its owner may cast it for its madness cost, else it goes to the graveyard; see
  :func:`cast_with_madness`;
- suspend (CR 702.62a): at the beginning of your upkeep, if this card is suspended, remove a
  time counter; the last one's removal triggers the cast (see :mod:`.suspend`).

Each keyword instance is its own ability and triggers separately (CR 702.108b).
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache

from manastack.mana import ManaCost
from manastack.oracle import ir

from . import exercise
from .decisions import Action, Decision
from .wording import possessive

_NONCREATURE_SPELL = ir.Filter(non_types=("Creature",), controller="you", zone="stack")
_CREATURE_OF_YOURS = ir.Filter(types=("Creature",), controller="you")
_YOUR_UPKEEP = ir.Trigger("beginning_of_step", step="upkeep", whose="your")


@lru_cache(maxsize=None)
def keyword_trigger(kw: ir.Keyword) -> ir.TriggeredAbility | None:
    """The triggered ability a keyword stands for, or None when it is not a triggered one."""
    if kw.name == "prowess":
        return ir.TriggeredAbility(ir.Trigger("cast", _NONCREATURE_SPELL),
                                   (ir.ModifyPT(ir.Ref("self"), 1, 1),), text="Prowess (CR 702.108a)")
    if kw.name == "persist":
        return ir.TriggeredAbility(ir.Trigger("dies"),
                                   (ir.ReturnToBattlefield(ir.Ref("triggering_object"), "-1/-1"),),
                                   condition="self_had_no_minus1_counters", text="Persist (CR 702.79a)")
    if kw.name == "undying":
        return ir.TriggeredAbility(ir.Trigger("dies"),
                                   (ir.ReturnToBattlefield(ir.Ref("triggering_object"), "+1/+1"),),
                                   condition="self_had_no_plus1_counters", text="Undying (CR 702.93a)")
    if kw.name == "cipher":
        # the ability the encoded card grants its creature (CR 702.99a); see encoded_triggers
        return ir.TriggeredAbility(ir.Trigger("deals_combat_damage_to_player", "self"),
                                   (ir.CastEncodedCopy(),), text="Cipher (CR 702.99a)")
    if kw.name == "exalted":
        return ir.TriggeredAbility(ir.Trigger("attacks_alone", _CREATURE_OF_YOURS),
                                   (ir.ModifyPT(ir.Ref("triggering_object"), 1, 1),),
                                   text="Exalted (CR 702.83a)")
    if kw.name == "bushido" and kw.arg is not None:
        n = int(kw.arg)
        return ir.TriggeredAbility(ir.Trigger("blocks_or_becomes_blocked"), (ir.ModifyPT(ir.Ref("self"), n, n),),
                                   text=f"Bushido {n} (CR 702.45a)")
    if kw.name == "soulshift" and kw.arg is not None:
        n = int(kw.arg)
        spirit = ir.TargetSpec("card", ir.Filter(subtypes=("Spirit",), controller="you", zone="graveyard",
                                                 mana_value_at_most=n))
        return ir.TriggeredAbility(ir.Trigger("dies"), (ir.May((ir.ReturnToHand(ir.Target(0)),)),), (spirit,),
                                   text=f"Soulshift {n} (CR 702.46a)")
    if kw.name == "flanking":
        return ir.TriggeredAbility(ir.Trigger("blocked_by_creature_without_flanking"),
                                   (ir.ModifyPT(ir.Ref("triggering_object"), -1, -1),),
                                   text="Flanking (CR 702.25a)")
    if kw.name == "cascade":
        return ir.TriggeredAbility(ir.Trigger("cast", "self"), (ir.Cascade(),), text="Cascade (CR 702.85a)")
    if kw.name == "madness" and kw.cost is not None:
        return ir.TriggeredAbility(ir.Trigger("exiled_with_madness", "self"), (ir.CastWithMadness(),),
                                   text=f"Madness {kw.cost.mana} (CR 702.35a)")
    if kw.name == "suspend" and kw.cost is not None and kw.arg is not None:
        cast = ir.TriggeredAbility(ir.Trigger("last_time_counter_removed", "self"), (ir.CastSuspended(),),
                                   text="When the last time counter is removed, cast it (CR 702.62a)")
        return ir.TriggeredAbility(_YOUR_UPKEEP, (ir.RemoveTimeCounter(cast),),
                                   text=f"Suspend {kw.arg}—{kw.cost.mana} (CR 702.62a)")
    if kw.name == "echo" and kw.cost is not None:
        pay = ir.SacrificeUnlessPays(ir.Ref("self"), kw.cost, keyword="echo")
        return ir.TriggeredAbility(_YOUR_UPKEEP, (pay,), condition="came_under_control_since_last_upkeep",
                                   text=f"Echo{_spaced(kw.cost)} (CR 702.30a)")
    if kw.name == "cumulative upkeep" and kw.cost is not None:
        pay = ir.SacrificeUnlessPays(ir.Ref("self"), kw.cost, ir.CountersOn("age"), "cumulative upkeep")
        return ir.TriggeredAbility(_YOUR_UPKEEP, (ir.PutCounters(ir.Ref("self"), "age"), pay),
                                   condition="self_on_battlefield",
                                   text=f"Cumulative upkeep{_spaced(kw.cost)} (CR 702.24a)")
    if kw.name == "ward" and kw.cost is not None:
        return ir.TriggeredAbility(ir.Trigger("becomes_target", "self", whose="opponent"),
                                   (ir.CounterUnlessPays(ir.Ref("triggering_spell"), kw.cost),),
                                   text=f"Ward {kw.cost.mana} (CR 702.21a)")
    return None


_CREATURE_YOU_CONTROL = ir.TargetSpec("permanent", ir.Filter(types=("Creature",), controller="you"))


@lru_cache(maxsize=None)
def keyword_activated(kw: ir.Keyword) -> ir.ActivatedAbility | None:
    """Keywords that are activated abilities: equip (CR 702.6a: attach to target creature you
    control, as a sorcery), crew (CR 702.122a: tap other creatures with total power N: this
    Vehicle becomes an artifact creature with its printed power and toughness until end of turn)
    and ninjutsu (CR 702.49a; its cost beyond mana -- revealing the card
    and returning an unblocked attacker -- is paid by :func:`combat.ninjutsu`)."""
    if kw.name == "crew" and kw.arg is not None:
        return ir.ActivatedAbility(ir.Cost(crew=int(kw.arg)), (ir.BecomeCreature(ir.Ref("self"), None, None),),
                                   text=f"Crew {kw.arg} (CR 702.122a)")
    if kw.cost is None:
        return None
    if kw.name == "equip":
        return ir.ActivatedAbility(kw.cost, (ir.Attach(ir.Target(0)),), (_CREATURE_YOU_CONTROL,),
                                   sorcery_speed=True, text=f"Equip {kw.cost.mana} (CR 702.6a)")
    if kw.name == "cycling":
        return ir.ActivatedAbility(dataclasses.replace(kw.cost, discard_self=True), (ir.Draw(1),),
                                   text=f"Cycling {kw.cost.mana} (CR 702.29a)")
    if kw.name == "ninjutsu":
        return ir.ActivatedAbility(kw.cost, (ir.EnterAttacking(ir.Ref("self")),),
                                   text=f"Ninjutsu {kw.cost.mana} (CR 702.49a)")
    return None


def battlefield_activated(card) -> list[tuple[int, ir.ActivatedAbility]]:
    """(index, ability) for the activated abilities a permanent has on the battlefield,
    equip and crew included (ninjutsu works from the hand, CR 702.49a)."""
    out = []
    for i, ab in enumerate(card.abilities):
        if type(ab) is ir.ActivatedAbility:
            out.append((i, ab))
        elif type(ab) is ir.Keyword and ab.name in ("equip", "crew"):
            act = keyword_activated(ab)
            if act is not None:
                out.append((i, act))
    return out


def hand_activated(card) -> list[tuple[int, ir.ActivatedAbility]]:
    """(index, ability) for activated abilities that work while the card is in a hand:
    cycling (CR 702.29a)."""
    out = []
    for i, ab in enumerate(card.abilities):
        if type(ab) is ir.Keyword and ab.name == "cycling":
            act = keyword_activated(ab)
            if act is not None:
                out.append((i, act))
    return out


def crew_candidates(s, vehicle) -> list:
    """The creatures that could crew ``vehicle``: its controller's other untapped creatures,
    summoning sick or not (CR 702.122a; Sky Skiff ruling 2017-09-29: CR 302.6 is about {T})."""
    from . import characteristics as ch

    return [o for o in s.permanents(vehicle.controller)
            if o.id != vehicle.id and not o.tapped and ch.is_creature(s, o)]


def crew_payable(s, vehicle, n: int) -> bool:
    from . import characteristics as ch

    return sum(ch.power(s, o) for o in crew_candidates(s, vehicle)) >= n


def pay_crew(ctx, player: int, vehicle, n: int) -> None:
    """CR 702.122a-b, 118.3: choose untapped creatures until their total power is N or more --
    more may be tapped (Sky Skiff ruling 2017-09-29) -- then tap them: they crew the Vehicle."""
    from . import characteristics as ch
    from . import events

    s = ctx.s
    chosen: list[int] = []
    while True:
        total = sum(ch.power(s, s.objs[i]) for i in chosen)
        left = [o for o in crew_candidates(s, vehicle) if o.id not in chosen]
        options = tuple(Action("choose", (o.id,), f"tap {o.card.name} (power {ch.power(s, o)})") for o in left)
        if total >= n:
            options += (Action("done", (), f"crew with these (total power {total})"),)
        answer = ctx.ask(Decision(player, "crew", f"Crew {n}: choose untapped creatures to tap, total power "
                                  f"{n} or more (CR 702.122a); chosen so far: {total}", options))
        if answer.kind == "done":
            break
        chosen.append(answer.args[0])
    for i in chosen:
        events.tap(ctx, s.objs[i], f"crews {vehicle.card.name}, CR 702.122b", quiet=False)


# One-shot delayed triggers (CR 603.7c): their duration, and the step whose beginning fires them.
ONE_SHOT_DELAYS = {"next_end_step": "end", "next_upkeep": "upkeep"}


@lru_cache(maxsize=None)
def nested_abilities(card) -> tuple[ir.TriggeredAbility, ...]:
    """Triggered abilities created by the card's effects rather than printed on it: reflexive
    ones ("When you do, ...", CR 603.12) and one-shot delayed ones (CR 603.7c), in order. They
    are addressed by negative indexes (-1 is the first), so a pending one saves like any other."""
    found: list = []

    def walk(node) -> None:
        if isinstance(node, (tuple, list)):
            for item in node:
                walk(item)
        elif type(node) in (ir.CreateReflexive, ir.RemoveTimeCounter) or (
                type(node) is ir.CreateDelayedTrigger and node.duration in ONE_SHOT_DELAYS):
            found.append(node.ability)
            walk(node.ability.effects)
        elif type(node) is ir.Keyword:
            walk(keyword_trigger(node))
        elif dataclasses.is_dataclass(node):
            for f in dataclasses.fields(node):
                walk(getattr(node, f.name))

    walk(card.abilities)
    return tuple(found)


def works_in_exile(ab: ir.TriggeredAbility) -> bool:
    """Madness's and suspend's triggers work while the card is exiled, and only then (CR 702.35a,
    702.62a)."""
    return bool(ab.effects) and type(ab.effects[0]) in (ir.CastWithMadness, ir.RemoveTimeCounter)


def nested_index(card, ability: ir.TriggeredAbility) -> int:
    return -1 - nested_abilities(card).index(ability)


def ability_at(card, index: int):
    """A card's ability by index, with a keyword read as the triggered or activated ability
    the rules say it is; negative indexes name abilities created by effects (reflexive and
    delayed ones, see :func:`nested_abilities`)."""
    if index < 0:
        return nested_abilities(card)[-1 - index]
    ab = card.abilities[index]
    if type(ab) is ir.Keyword:
        return keyword_trigger(ab) or keyword_activated(ab) or ab
    return ab


@lru_cache(maxsize=4096)
def triggered_abilities(card) -> tuple[tuple[int, ir.TriggeredAbility], ...]:
    """(index, ability) for every triggered ability of ``card``, keywords included (cached per
    card definition: every event asks this of every permanent)."""
    out = []
    for i, ab in enumerate(card.abilities):
        t = type(ab)
        if t is ir.TriggeredAbility:
            out.append((i, ab))
        elif t is ir.Keyword:
            trig = keyword_trigger(ab)
            if trig is not None:
                out.append((i, trig))
    return tuple(out)


def encoded_triggers(s, creature) -> list[tuple[object, int, ir.TriggeredAbility, int]]:
    """(card, index, ability, exiled card id) for the cipher abilities ``creature`` has from
    cards encoded on it (CR 702.99a)."""
    out = []
    for oid in s.players[creature.controller].exile + s.players[1 - creature.controller].exile:
        card_obj = s.objs[oid]
        if card_obj.attached_to != creature.id:
            continue
        for i, ab in enumerate(card_obj.card.abilities):
            if type(ab) is ir.Keyword and ab.name == "cipher":
                out.append((card_obj.card, i, keyword_trigger(ab), oid))
    return out


def encode_cipher(ctx, spell, controller: int) -> bool:
    """CR 702.99a: as a spell with cipher represented by a card finishes resolving, its
    controller may exile it encoded on a creature they control. Returns whether it was."""
    from . import events

    s = ctx.s
    has_cipher = any(type(ab) is ir.Keyword and ab.name == "cipher" for ab in spell.card.abilities)
    if spell.is_token or not has_cipher:
        return False
    creatures = [o for o in s.permanents(controller) if "Creature" in o.card.types]
    if not creatures:
        return False
    options = tuple(Action("encode", (o.id,), f"encode {spell.card.name} on {o.card.name}")
                    for o in creatures) + (Action("no", (), f"put {spell.card.name} into the graveyard"),)
    answer = ctx.ask(Decision(controller, "cipher", f"Cipher: exile {spell.card.name} encoded on a creature "
                              "you control? (CR 702.99a)", options))
    if answer.kind == "no":
        return False
    host = s.objs[answer.args[0]]
    new = events.move(ctx, spell, "exile", cause="cipher", rules=("702.99a",))
    new.attached_to = host.id
    s.add_log(f"{spell.card.name} is encoded on {host.card.name}", ("702.99a", "702.99b"), "effect")
    return True


# ------------------------------------------------------------------------------ executors


def return_to_battlefield(ctx, e: ir.ReturnToBattlefield, rc) -> None:
    """CR 603.6: the ability looks for the card in the zone it went to; if it has left that
    zone, nothing returns. It enters under its owner's control with the counter (CR 614.1c)."""
    from . import events
    from .effects import resolve_subject
    from .state import Obj

    for o in resolve_subject(ctx, e.what, rc):
        if not isinstance(o, Obj) or o.zone != "graveyard":
            ctx.s.add_log(f"{rc.card.name}: the card is no longer in the graveyard, nothing returns",
                          ("603.6", "400.7"), "resolve")
            continue
        events.move(ctx, o, "battlefield", controller=o.owner, cause=rc.card.name,
                    counters={e.counter: 1} if e.counter else None)


def attach(ctx, e: ir.Attach, rc) -> None:
    """CR 701.3a-b: attach the Equipment to the target; if it has left the battlefield or the
    target is gone, nothing happens."""
    from .effects import resolve_subject, source_obj
    from .state import Obj

    s = ctx.s
    eq = source_obj(ctx, rc)
    if eq is None or eq.zone != "battlefield" or eq.id not in s.objs:
        return
    for o in resolve_subject(ctx, e.what, rc):
        if isinstance(o, Obj) and o.zone == "battlefield" and eq.attached_to != o.id:
            eq.attached_to = o.id
            s.add_log(f"{eq.card.name} becomes attached to {o.card.name}", ("701.3a", "702.6a"), "attach")


def enter_attacking(ctx, e: ir.EnterAttacking, rc) -> None:
    """CR 702.49a-c, 508.4: the card enters tapped and attacking the player the returned
    creature attacked, unblocked; it was never declared as an attacker, so "whenever ...
    attacks" doesn't trigger. If it has left the hand, nothing happens (CR 400.7)."""
    from . import events
    from .effects import resolve_subject
    from .state import Obj

    s = ctx.s
    defender = (rc.event or {}).get("defender")
    for o in resolve_subject(ctx, e.what, rc):
        if not isinstance(o, Obj) or o.zone != "hand":
            s.add_log(f"{rc.card.name} is no longer in its owner's hand: nothing enters", ("400.7",),
                      "resolve")
            continue
        new = events.move(ctx, o, "battlefield", controller=rc.controller, tapped=True,
                          cause="ninjutsu", rules=("702.49a",))
        if new is None or not s.combat or defender is None:
            continue
        new.attacking = defender
        s.combat["attackers"] = list(s.combat.get("attackers", [])) + [new.id]
        s.add_log(f"{new.card.name} is attacking {s.players[defender].name}, unblocked",
                  ("508.4", "702.49c"), "combat")


def cast_encoded_copy(ctx, e: ir.CastEncodedCopy, rc) -> None:
    """CR 702.99a, 707.12: the controller may copy the encoded card (in exile) and cast the copy
    without paying its mana cost; targets are chosen as for any spell (CR 601.2c). Cost increases
    still apply to that alternative cost (CR 118.9d, Damping Sphere)."""
    from manastack.mana import ManaCost

    from . import events
    from .casting import choose_modes_and_targets, pay_mana, spell_ability_index
    from .mana_abilities import can_afford
    from .spell_costs import log_total, total_cost
    from .state import Obj, StackItem
    from .triggers import announce_targets

    s = ctx.s
    encoded = s.objs.get((rc.event or {}).get("encoded"))
    if encoded is None or encoded.zone != "exile":
        return
    player = rc.controller
    card = encoded.card
    free = ManaCost(())
    total, why = total_cost(s, player, encoded, base=free)
    if not can_afford(s, player, total):
        s.add_log(f"{s.players[player].name} can't pay {total} to cast a copy of {card.name}: "
                  + ", ".join(why), ("118.9d", "601.2f"), "cast")
        return
    answer = ctx.ask(Decision(player, "may", f"Cipher: cast a copy of {card.name} without paying its "
                              "mana cost? (CR 702.99a)", (Action("yes", (), "yes"), Action("no", (), "no"))))
    s.add_log(f"{s.players[player].name} chooses {answer.kind} for casting a copy of {card.name}",
              ("702.99a", "603.5"), "choice")
    if answer.kind == "no":
        return
    copy = Obj(s.next_id, card, player, "stack")
    s.next_id += 1
    copy.is_token = True          # a copy, not a card: it ceases to exist off the stack (CR 704.5e)
    s.objs[copy.id] = copy
    item = StackItem(s.next_id, "spell", copy.id, player, card, spell_ability_index(card),
                     f"Copy of {card.name}")
    s.next_id += 1
    s.stack.append(item)
    s.add_log(f"{s.players[player].name} casts a copy of {card.name} without paying its mana cost",
              ("707.12", "601.2a", "118.9"), "cast")
    if not choose_modes_and_targets(ctx, item, copy, player, item.ability):
        s.stack.remove(item)
        del s.objs[copy.id]
        s.add_log(f"The copy of {card.name} can't be cast: it has no legal targets", ("601.2c",), "cast")
        return
    log_total(s, card, free, total, why, "the alternative cost")
    pay_mana(ctx, player, total, f"the copy of {card.name}")
    s.players[player].spells_cast_this_turn += 1
    s.add_log(f"The copy of {card.name} is cast", ("601.2i",), "cast")
    events.collect(ctx, {"kind": "cast", "player": player, "obj": copy.id, "item": item.id})
    announce_targets(ctx, item)


def cascade(ctx, e: ir.Cascade, rc) -> None:
    """CR 702.85a: exile cards from the top of the library until a nonland card with lesser mana
    value than the spell (as it was cast: the trigger keeps it); its controller may cast that card
    without paying its mana cost; the other exiled cards go to the bottom in a random order."""
    from . import characteristics as ch
    from . import events

    s = ctx.s
    player = rc.controller
    p = s.players[player]
    below = (rc.event or {}).get("mana_value", 0)
    exiled, hit = [], None
    while p.library and hit is None:
        new = events.move(ctx, s.objs[p.library[-1]], "exile", cause=f"{possessive(rc.card.name)} cascade",
                          rules=("702.85a",))
        if new is not None:
            exiled.append(new.id)
            if "Land" not in new.card.types and ch.mana_value(new) < below:
                hit = new
    if hit is None:
        s.add_log(f"{p.name} exiles no nonland card with mana value less than {below}", ("702.85a",), "resolve")
    elif cast_without_paying(ctx, player, hit, f"{possessive(rc.card.name)} cascade", "702.85a"):
        exiled.remove(hit.id)
    rest = [oid for oid in exiled if oid in s.objs and s.objs[oid].zone == "exile"]
    s.rng.shuffle(rest)
    for oid in rest:
        events.move(ctx, s.objs[oid], "library", bottom=True, quiet=True)
    if rest:
        s.add_log(f"{p.name} puts {len(rest)} exiled card{'s' * (len(rest) != 1)} on the bottom of their "
                  "library in a random order", ("702.85a", "401.4"), "resolve")


def cast_with_madness(ctx, e: ir.CastWithMadness, rc) -> None:
    """CR 702.35a: the owner may cast the card madness exiled by paying its madness cost (during
    this resolution, so timing rules don't matter, CR 608.2g); if they don't, or it has left
    exile, it isn't cast, and a card still in exile is put into its owner's graveyard."""
    from . import alt_costs, events

    s = ctx.s
    o = s.objs.get((rc.event or {}).get("obj"))
    if o is None or o.zone != "exile":
        s.add_log(f"{possessive(rc.card.name)} madness: the card has left exile, so it can't be cast",
                  ("702.35a", "400.7"), "resolve")
        return
    cost = alt_costs.keyword(o.card, "madness").cost.mana
    if cast_without_paying(ctx, o.owner, o, f"{possessive(o.card.name)} madness", "702.35a", "madness"):
        return
    s.add_log(f"{s.players[o.owner].name} doesn't cast {o.card.name} for its madness cost {cost}: it is "
              "put into their graveyard", ("702.35a",), "resolve")
    events.move(ctx, o, "graveyard", quiet=True)


def cast_without_paying(ctx, player: int, o, why: str, rule: str, cost: str = "free") -> bool:
    """CR 608.2g, 601.2a-i: during a resolution, ``player`` may cast the card ``o`` without
    paying its mana cost (an alternative cost, CR 118.9; X is 0, CR 107.3b), or with ``cost`` the
    alternative cost named (madness; "suspend" is free too). Optional additional costs may be announced, mandatory ones
    and cost increases are paid. Returns whether it was cast; a card that can't get legal targets
    or whose costs can't be paid isn't offered."""
    from . import alt_costs, events
    from .casting import (casting_ability, choose_modes_and_targets, describe_target, has_targets_for,
                          pay_mana, spell_ability_index)
    from .mana_spend import spell_use
    from .spell_costs import total_cost
    from .state import StackItem
    from .triggers import announce_targets

    s = ctx.s
    card = o.card
    name = s.players[player].name
    ab = casting_ability(card)
    if not card.fully_supported or (ab is None and not card.is_permanent_card):
        s.add_log(f"{card.name} isn't cast: its Oracle text is only partly supported", (rule,), "cast")
        return False
    if not has_targets_for(s, o, ab, player) or not alt_costs.affordable(s, player, o, (cost,)):
        s.add_log(f"{name} can't cast {card.name}: it would have no legal targets or its costs can't be "
                  "paid", ("601.2c", "601.2h"), "cast")
        return False
    how = "without paying its mana cost" if cost in alt_costs.WITHOUT_PAYING else \
        f"by paying its {cost} cost {alt_costs.keyword(card, cost).cost.mana}"
    answer = ctx.ask(Decision(player, "may", f"{why}: cast {card.name} {how}? "
                              f"(CR {rule})", (Action("yes", (), "yes"), Action("no", (), "no"))))
    s.add_log(f"{name} chooses {answer.kind} for casting {card.name} {how}", (rule, "603.5"), "choice")
    if answer.kind == "no":
        return False
    s.add_log(f"{name} casts {card.name} {how}", ("601.2a", "608.2g", rule), "cast")
    spell = events.move(ctx, o, "stack", controller=player, quiet=True)
    item = StackItem(s.next_id, "spell", spell.id, player, card, spell_ability_index(card), card.name)
    s.next_id += 1
    s.stack.append(item)
    alt_costs.announce(ctx, player, spell, (cost,))
    if ab is not None:
        choose_modes_and_targets(ctx, item, spell, player, ab)   # possible: checked above
    if item.targets:
        s.add_log(f"{card.name} targets " + ", ".join(describe_target(s, t) for g in item.targets for t in g),
                  ("601.2c",), "cast")
    base, others = alt_costs.parts(card, spell.cast_costs)
    total, whys = total_cost(s, player, spell, 0, base)
    alt_costs.log_total(s, card, spell.cast_costs, base, total, whys)
    item.paid = pay_mana(ctx, player, total, card.name, use=spell_use(spell, base))
    alt_costs.pay_others(ctx, player, spell, others)
    s.players[player].spells_cast_this_turn += 1
    s.add_log(f"{card.name} is cast", ("601.2i",), "cast")
    events.collect(ctx, {"kind": "cast", "player": player, "obj": spell.id, "item": item.id})
    announce_targets(ctx, item)
    return True


UPKEEP_RULES = {"echo": "702.30a", "cumulative upkeep": "702.24a"}


def cost_text(cost: ir.Cost) -> str:
    """An echo or cumulative upkeep cost in words: mana, life, discards (the parts it may have)."""
    parts = [f"pay {cost.mana}"] if cost.mana is not None else []
    if cost.pay_life:
        parts.append(f"pay {cost.pay_life} life")
    if cost.discard:
        parts.append("discard a card" if cost.discard == 1 else f"discard {cost.discard} cards")
    return " and ".join(parts) or "pay {0}"


def _spaced(cost: ir.Cost) -> str:
    """How a keyword's cost follows its name: "Echo {R}", "Echo—Discard a card"."""
    if cost == ir.Cost(mana=cost.mana):
        return f" {cost.mana}"
    text = cost_text(cost)
    return "—" + text[0].upper() + text[1:]


def cost_times(cost: ir.Cost, n: int) -> ir.Cost:
    """``cost`` ``n`` times over, as one cost (CR 702.24a: {1} with three age counters is {3})."""
    mana = cost.mana
    if mana is not None:
        generic = mana.generic * n
        mana = ManaCost(((str(generic),) if generic else ())
                        + tuple(sym for sym in mana.symbols if not sym.isdigit()) * n)
    return dataclasses.replace(cost, mana=mana, pay_life=cost.pay_life * n, discard=cost.discard * n)


def sacrifice_unless_pays(ctx, e: ir.SacrificeUnlessPays, rc) -> None:
    """Echo and cumulative upkeep (CR 702.30a, 702.24a): on resolution the controller chooses
    to pay the whole cost or not (CR 603.5, 118.12a); if not, they sacrifice the permanent
    (CR 701.21a). A cost they can't pay in full can't be chosen (CR 118.3, 119.4; Deepcavern
    Imp's ruling). Once the permanent is no longer theirs on the battlefield, nothing is asked."""
    from . import events
    from .casting import pay_mana
    from .effects import amount, resolve_subject
    from .mana_abilities import can_afford
    from .state import Obj

    s = ctx.s
    player = rc.controller
    p = s.players[player]
    rule = UPKEEP_RULES.get(e.keyword, "118.12a")
    label = f"{possessive(rc.card.name)} {e.keyword}"
    perms = [o for o in resolve_subject(ctx, e.what, rc) if isinstance(o, Obj) and s.objs.get(o.id) is o
             and o.zone == "battlefield" and o.controller == player]
    if not perms:
        s.add_log(f"{label}: {rc.card.name} is no longer on the battlefield under {p.name}'s control, "
                  "so there is nothing to sacrifice", ("701.21a", "603.5"), "resolve")
        return
    perm = perms[0]
    n = amount(ctx, e.times, rc)
    cost = cost_times(e.cost, n)
    how = cost_text(cost)
    if isinstance(e.times, ir.CountersOn):
        how += f" for {n} age counter{'s' if n != 1 else ''}"
    options = [Action("decline", (), f"don't pay: sacrifice {perm.card.name}")]
    if p.life >= cost.pay_life and len(p.hand) >= cost.discard and \
            (cost.mana is None or can_afford(s, player, cost.mana)):
        options.insert(0, Action("pay", (), f"{how} and keep {perm.card.name}"))
    answer = ctx.ask(Decision(player, "unless_pay", f"{label}: {how} or sacrifice {perm.card.name} "
                              f"(CR {rule})", tuple(options), {"obj": perm.id}))
    if answer.kind == "decline":
        if len(options) == 1:
            s.add_log(f"{p.name} can't pay {label} ({how})", (rule, "118.3"), "choice")
        else:
            s.add_log(f"{p.name} doesn't pay {label} ({how})", (rule, "118.12a"), "choice")
        events.sacrifice(ctx, perm)
        return
    if exercise.RECORD is not None:
        for part in ("mana", "pay_life", "discard"):
            if getattr(e.cost, part):
                exercise.note("UPKEEP_COST_PARTS", part, rc.card)
    if cost.pay_life:
        events.lose_life(ctx, player, cost.pay_life, rules=("119.4", "118.3b"))
    for _ in range(cost.discard):
        answer = ctx.ask(Decision(player, "discard", f"Choose a card to discard for {label}",
                                  tuple(Action("choose", (c,), s.objs[c].card.name) for c in p.hand)))
        events.discard(ctx, player, s.objs[answer.args[0]])
    if cost.mana is not None:
        pay_mana(ctx, player, cost.mana, label)
    s.add_log(f"{p.name} pays {label} ({how}): {perm.card.name} stays on the battlefield",
              (rule, "118.12a"), "choice")


def counter_unless_pays(ctx, e: ir.CounterUnlessPays, rc) -> None:
    """CR 118.12a: the controller of the spell or ability named (the target of Mana Leak, the
    one that targeted a ward permanent, CR 702.21a) may pay; if they don't, it is countered
    (CR 701.6a)."""
    from . import events
    from .casting import pay_mana
    from .effects import resolve_subject
    from .mana_abilities import can_afford

    s = ctx.s
    sids = [int(t[1:]) for t in resolve_subject(ctx, e.what, rc) if isinstance(t, str) and t.startswith("s")]
    item = next((i for i in s.stack if i.id in sids), None)
    if item is None:
        s.add_log(f"{rc.card.name}: the spell or ability to counter is gone already",
                  ("118.12a",), "resolve")
        return
    payer = item.controller
    cost = e.cost.mana
    ward = isinstance(e.what, ir.Ref)     # ward's ability names the spell that triggered it
    by, rule = (f"{possessive(rc.card.name)} ward", "702.21a") if ward else (rc.card.name, "118.12a")
    options = [Action("decline", (), f"don't pay {cost}: {item.label} is countered")]
    if cost is not None and can_afford(s, payer, cost):
        options.insert(0, Action("pay", (), f"pay {cost} so {item.label} isn't countered"))
    answer = ctx.ask(Decision(payer, "unless_pay", f"{'Ward' if ward else rc.card.name}: pay {cost} or "
                              f"{item.label} is countered (CR {rule})", tuple(options), {"item": item.id}))
    if answer.kind == "pay":
        pay_mana(ctx, payer, cost, by)
        s.add_log(f"{s.players[payer].name} pays {cost} for {'ward' if ward else rc.card.name}: "
                  f"{item.label} isn't countered", (rule,), "choice")
        return
    events.counter_spell(ctx, item, by, rules=(rule, "701.6a"))
