"""The combat phase (CR 506-511): declaring attackers and blockers, combat damage, and
ninjutsu (CR 702.49), which swaps an unblocked attacker for a creature card from hand."""
from __future__ import annotations

from enum import StrEnum

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from . import characteristics as ch
from . import influence
from . import block_declarations, exercise, layers
from . import events
from . import attack_targets
from . import keyword_effects
from .casting import pay_mana
from .costs.checks import summoning_sick
from .decisions import Action, ActionKind, Decision, DecisionKind, IllegalActionError
from .effect_records import CombatRule, pairs_filter
from .event_types import (AbilityActivated, Attacked, AttackedAlone, AttackersDeclared, BecameBlocked, Blocked, Seen,
                          Unblocked)
from .filters import matches, protected_from
from .mana.abilities import can_afford
from .runner import Ctx
from .state import Obj, StackItem
from .timing import split_second
from .triggers import announce_targets
from .wording import possessive
from .zones import BATTLEFIELD, COMMAND, HAND


class Rule(StrEnum):
    """A restriction or requirement on attacking or blocking (CR 508.1c-d, 509.1b-c) that a
    static ability or a resolved effect may give. Each member equals the name of the static
    record class of that kind (``ir.STATIC_EFFECTS``) where there is one, and the ``rule`` of a
    resolved effect's :class:`.CombatRule` (saved as that string)."""

    CANT_ATTACK = "cant_attack"                          # CR 508.1c
    CANT_ATTACK_ALONE = "cant_attack_alone"              # CR 508.1c
    ATTACKS_DESPITE_DEFENDER = "attacks_despite_defender"   # CR 702.3b
    ATTACKS_EACH_COMBAT = "attacks_each_combat"          # CR 508.1d
    GOADED = "goaded"                                    # CR 701.38b
    CANT_BLOCK = "cant_block"                            # CR 509.1b
    CANT_BLOCK_ALONE = "cant_block_alone"                # CR 509.1b
    CAN_BLOCK_ONLY_FLYING = "can_block_only_flying"      # CR 509.1b
    MUST_BLOCK = "must_block"                            # CR 509.1c
    CANT_BE_BLOCKED = "cant_be_blocked"                  # CR 509.1b
    MAX_ONE_BLOCKER = "max_one_blocker"                  # CR 509.1b
    BLOCK_ANY_NUMBER = "block_any_number"                # CR 509.1a
    MUST_BE_BLOCKED = "must_be_blocked"                  # CR 509.1c
    MUST_BE_BLOCKED_BY_ALL = "must_be_blocked_by_all"    # CR 509.1c
    ASSIGN_AS_UNBLOCKED = "assign_as_unblocked"          # CR 510.1c
    NO_COMBAT_DAMAGE = "no_combat_damage"                # CR 510.1


# the static record class of each rule that a static ability may give
_STATIC: dict[Rule, type[ir.StaticEffect]] = {r: ir.STATIC_EFFECTS[r.value] for r in Rule if r.value in ir.STATIC_EFFECTS}


def restricted(s, o: Obj, rule: Rule) -> bool:
    """Whether ``rule`` applies to ``o``, from a static ability of its record class or a
    resolved effect's combat rule: restrictions such as "can't attack" / "can't block"
    (CR 508.1c, 509.1b; Pacifism) and requirements such as "attacks each combat if able"
    (CR 508.1d; Toski)."""
    cls = _STATIC.get(rule)
    if cls is not None:
        for src, eff in ch.static_effects(s, cls):
            if layers.affected_by(s, src, eff, o):
                return True
    return bool(s.effects) and any(e.rule == rule for e in combat_rules(s, o))


def restricted_by(s, o: Obj, rule: Rule) -> str:
    """The name of what makes ``o`` :func:`restricted` by ``rule``: the source of the static
    ability (Pacifism) or of the resolved effect; "an effect" when none is found."""
    cls = _STATIC.get(rule)
    if cls is not None:
        for src, eff in ch.static_effects(s, cls):
            if layers.affected_by(s, src, eff, o):
                return src.card.name
    return next((e.source for e in combat_rules(s, o) if e.rule == rule and e.source), "an effect")


def combat_rules(s, o: Obj) -> list[CombatRule]:
    """The rules about combat this turn that resolved spells and abilities made for ``o``
    (CR 611.2): for it alone, or for a group it is in now (CR 611.2c)."""
    out = []
    for e in s.effects:
        if type(e) is CombatRule and (e.affected == o.id or (
                e.affected is None and o.zone == BATTLEFIELD
                and matches(s, o, pairs_filter(e.group), None, e.player))):
            out.append(e)
    return out


def cant_block(s, o: Obj) -> str | None:
    """Why ``o`` can't block at all (CR 509.1b): an effect says so, or it has unleash and a +1/+1
    counter (CR 702.98a); None when neither holds."""
    if restricted(s, o, Rule.CANT_BLOCK):
        return f"{restricted_by(s, o, Rule.CANT_BLOCK)} says {o.card.name} can't block (CR 509.1b)"
    if o.counters.get("+1/+1") and ch.has(s, o, "unleash"):
        return f"{o.card.name} has unleash and a +1/+1 counter: it can't block (CR 702.98a)"
    return None


def block_capacity(s, o: Obj, attackers: int) -> int:
    """How many of the ``attackers`` ``o`` may block: one (CR 509.1a), plus one for each "can
    block an additional creature each combat" or "... this turn" that applies to it, or all of
    them if it "can block any number of creatures" (CR 509.1b, 509.1a)."""
    if restricted(s, o, Rule.BLOCK_ANY_NUMBER):
        if exercise.RECORD is not None:
            for src, _eff in ch.static_effects(s, ir.StaticBlockAnyNumber):
                exercise.note("STATIC_KINDS", "block_any_number", src.card)
        return max(1, attackers)
    extra = 0
    for src, eff in ch.static_effects(s, ir.StaticBlockAdditional):
        if layers.affected_by(s, src, eff, o):
            extra += eff.amount
    if s.effects:           # "can block an additional creature this turn", once per effect
        extra += sum(e.rule == "block_additional" for e in combat_rules(s, o))
    return 1 + extra


def why_not_attack(s, o: Obj) -> str | None:
    """Why ``o`` can't attack now (CR 508.1a-c), or None when it can."""
    name = o.card.name
    if o.zone != BATTLEFIELD or o.controller != s.active:
        return f"{name} is not a creature the active player controls (CR 506.2)"
    if not ch.is_creature(s, o):
        return f"{name} is not a creature: only creatures attack (CR 506.3)"
    if o.tapped:
        return f"{name} is tapped: attackers must be untapped (CR 508.1a)"
    if summoning_sick(s, o):
        return (f"{name} hasn't been under its controller's control since their most recent turn began "
                "and has no haste (CR 302.6, 508.1a, 702.10b)")
    why = cant_attack(s, o)
    if why is not None:
        return why
    reasons = [why_not_attack_player(s, o, d) for d in attack_targets.defending_players(s)]
    if all(reasons):        # it can attack none of the defending players (CR 508.1c, 802.3a)
        return reasons[0] if reasons else f"{name} has no opponent left to attack (CR 506.2)"
    return None


def cant_attack(s, o: Obj) -> str | None:
    """Why ``o`` can't attack at all, whatever the turn and its status (CR 508.1c): an effect
    says so, or it has defender (CR 702.3b) and nothing lets it attack anyway; None when neither
    holds."""
    if ch.has(s, o, "defender") and not restricted(s, o, Rule.ATTACKS_DESPITE_DEFENDER):
        return f"{o.card.name} has defender (CR 702.3b)"
    if restricted(s, o, Rule.CANT_ATTACK):
        return f"{restricted_by(s, o, Rule.CANT_ATTACK)} says {o.card.name} can't attack (CR 508.1c)"
    return None


def why_not_attack_player(s, o: Obj, defender: int) -> str | None:
    """Why ``o`` can't attack ``defender`` or their planeswalkers: a restriction on attacking a
    specific player (CR 508.1c, 802.3a: "can't attack you", "can't attack unless defending player
    controls an Island"); None when nothing forbids it."""
    name = o.card.name
    if not influence.within(s, o.controller, defender):
        return (f"{s.players[defender].name} is outside {s.players[o.controller].name}'s range of influence, "
                f"so {name} can't attack them (CR 801.3)")
    for src, eff in ch.static_effects(s, ir.StaticCantAttackYou):
        if src.controller == defender and layers.affected_by(s, src, eff, o):
            return f"{src.card.name} says {name} can't attack {s.players[src.controller].name} (CR 508.1c)"
    if (land := missing_land(s, o, defender)) is not None:
        return f"{name} can't attack while the defending player controls no {land} (CR 508.1c)"
    return None


def can_attack(s, o: Obj) -> bool:
    """CR 508.1a: untapped, able to attack (defender 702.3b, summoning sickness 302.6)."""
    return why_not_attack(s, o) is None


def missing_land(s, o: Obj, defender: int) -> str | None:
    """The land type ``o`` can't attack ``defender`` without: "can't attack unless defending
    player controls an Island" (CR 508.1c), checked against that player's lands as they are now."""
    lands = None            # the defending player's land types, looked at once an effect asks
    for src, eff in ch.static_effects(s, ir.StaticAttackUnlessLand):
        if layers.affected_by(s, src, eff, o):
            if lands is None:
                lands = [layers.card_now(s, p).subtypes for p in s.permanents(defender)]
            if not any(eff.land_type in subs for subs in lands):
                return eff.land_type
    return None


def declare_attackers(ctx: Ctx) -> None:
    """CR 508.1: the active player chooses attackers one at a time, then says done; each one
    attacks the defending player or, as the player announces (CR 508.1b), a planeswalker that
    player controls: ``attack`` with (creature id,) or (creature id, planeswalker id). With more
    than two players every opponent is a defending player (CR 802.2), and each attacker is
    declared attacking one of them, (creature id, "p<n>"), or one of their planeswalkers
    (CR 802.3); restrictions on attacking a specific player are read per player (CR 802.3a)."""
    s = ctx.s
    ap = s.active
    defenders = attack_targets.defending_players(s)
    several = len(s.players) > 2
    defender = defenders[0] if defenders else ap
    walkers = [w for d in defenders for w in attack_targets.attackable(s, d)]
    aimed: dict[int, int] = {}           # attacker -> the planeswalker it attacks
    at: dict[int, int] = {}              # attacker -> the defending player it attacks
    able = [o for o in s.permanents(ap) if can_attack(s, o)]
    alone = {o.id for o in able if restricted(s, o, Rule.CANT_ATTACK_ALONE)}
    if len(able) == 1 and able[0].id in alone:
        able = []           # it could only attack alone (CR 506.5, 508.1c)
    # CR 508.1d: the most requirements that can be obeyed are obeyed by all the creatures that
    # attack if able attacking (with another, for one that can't attack alone), so they are
    # chosen first. A goaded creature attacks if able (CR 701.38b); with two players the one it
    # may attack is the goading player's opponent, or that player when it is another's
    # creature: it attacks the player, as a creature its own controller goaded must (Shiny
    # Impetus ruling)
    must = [o.id for o in able if restricted(s, o, Rule.ATTACKS_EACH_COMBAT) or restricted(s, o, Rule.GOADED)]
    # with more than two players the active player says whom each of them attacks, and may say
    # "done" only once all of them are declared
    chosen = must if not several else []
    if must:
        s.add_log(", ".join(s.objs[i].card.name for i in must) + " must attack: it attacks each combat "
                  "if able", ("508.1d",), "combat")
    while True:
        cands = [o for o in able if o.id not in chosen]
        if not cands:
            break
        if several:
            options = tuple(a for o in cands for a in
                            tuple(Action(ActionKind.ATTACK, (o.id, f"p{d}"), f"attack {s.players[d].name} with {o.card.name}")
                                  for d in defenders if why_not_attack_player(s, o, d) is None)
                            + tuple(Action(ActionKind.ATTACK, (o.id, w.id), f"attack {w.card.name} with {o.card.name}")
                                    for w in walkers if why_not_attack_player(s, o, w.controller) is None))
        else:
            options = tuple(a for o in cands for a in
                            (Action(ActionKind.ATTACK, (o.id,), f"attack with {o.card.name}"),)
                            + tuple(Action(ActionKind.ATTACK, (o.id, w.id), f"attack {w.card.name} with {o.card.name}")
                                    for w in walkers))
        # CR 506.5, 508.1c: a creature that can't attack alone attacking alone is illegal; since
        # another could attack with it (see ``able``), only "done" waits for one
        if not (len(chosen) == 1 and chosen[0] in alone) and all(i in chosen for i in must):
            options += (Action(ActionKind.DONE, (), "no more attackers" if chosen else "don't attack"),)
        context: dict[str, object] = {"chosen": list(chosen), "planeswalkers": dict(aimed)}
        if len(chosen) == 1 and chosen[0] in alone:
            context["incomplete"] = f"{s.objs[chosen[0]].card.name} can't attack alone (CR 506.5, 508.1c)"
        answer = ctx.ask(Decision(ap, DecisionKind.ATTACKERS, "Declare attackers (CR 508.1)", options, context))
        if answer.kind == ActionKind.DONE:
            break
        chosen.append(answer.args[0])
        if len(answer.args) > 1 and isinstance(answer.args[1], str):
            at[answer.args[0]] = int(answer.args[1][1:])
        elif len(answer.args) > 1:
            aimed[answer.args[0]] = answer.args[1]
            at[answer.args[0]] = s.objs[answer.args[1]].controller
    for oid in chosen:      # one that had to attack: the first defending player it may attack
        if oid not in at:
            at[oid] = defender if not several else next(
                (d for d in defenders if why_not_attack_player(s, s.objs[oid], d) is None), defender)
    s.combat = {"attackers": chosen, "first_strike_done": False}
    if not chosen:
        s.add_log(f"{s.players[ap].name} declares no attackers", ("508.1", "508.8"), "combat")
        return
    for oid in chosen:
        o = s.own(oid)
        o.attacking = at[oid]
        attack_targets.set_target(s, oid, aimed.get(oid))
        if not ch.has(s, o, "vigilance"):
            events.tap(ctx, o, "attacking, CR 508.1f", quiet=True)
    keyword_effects.offer_exert(ctx, chosen)          # optional costs to attack (CR 508.1g)
    attacked = [d for d in defenders if any(at[i] == d and i not in aimed for i in chosen)]
    if attacked:
        # the players attacked by creatures declared as attackers, whatever happens to them later
        # (melee, CR 702.121a; Wings of the Guard rulings 2016-08-23)
        s.combat["players_attacked"] = attacked
    for d in attacked:
        s.add_log(f"{s.players[ap].name} attacks {s.players[d].name} with "
                  + ", ".join(s.objs[i].card.name for i in chosen if at[i] == d and i not in aimed),
                  ("508.1", "508.1f", "702.20b") + (("802.3",) if several else ()), "combat")
    for w in walkers:
        group = [i for i in chosen if aimed.get(i) == w.id]
        if group:
            s.add_log(f"{s.players[ap].name} attacks {w.card.name} with "
                      + ", ".join(s.objs[i].card.name for i in group), ("508.1", "508.1b", "508.1f", "506.3"),
                      "combat")
    if chosen:
        s.players[ap].attacked_this_turn = True     # "if you attacked this turn" (raid)
    for oid in chosen:
        events.collect(ctx, Attacked(oid, ap))
    events.collect(ctx, AttackersDeclared(ap, tuple(chosen)))     # "one or more creatures attack"
    if len(chosen) == 1:         # the only creature declared as an attacker (exalted)
        s.add_log(f"{s.objs[chosen[0]].card.name} attacks alone", ("506.5",), "combat")
        events.collect(ctx, AttackedAlone(chosen[0], ap))


LANDWALKS = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
             "mountainwalk": "Mountain", "forestwalk": "Forest"}


def can_block(s, blocker: Obj, attacker: Obj) -> bool:
    return block_restriction(s, blocker, attacker) is None


def block_restriction(s, blocker: Obj, attacker: Obj) -> str | None:
    """Why ``blocker`` can't block ``attacker`` (evasion and blocking restrictions, CR 509.1b),
    or None when it can."""
    akw = ch.keywords(s, attacker)
    bkw = ch.keywords(s, blocker)
    an, bn = attacker.card.name, blocker.card.name
    if "flying" in akw and not ("flying" in bkw or "reach" in bkw):
        return f"{an} has flying: only creatures with flying or reach can block it (CR 702.9b, 702.17b)"
    if ("shadow" in akw) != ("shadow" in bkw):
        return "creatures with shadow and creatures without it can't block each other (CR 702.28b)"
    if "horsemanship" in akw and "horsemanship" not in bkw:
        return f"{an} has horsemanship: only creatures with horsemanship can block it (CR 702.31b)"
    if "skulk" in akw and ch.power(s, blocker) > ch.power(s, attacker):
        return f"{an} has skulk: creatures with greater power can't block it (CR 702.118b)"
    blocker_colors = ch.colors(s, blocker)
    artifact = "Artifact" in ch.card_types(s, blocker)
    if "fear" in akw and not (artifact or "B" in blocker_colors):
        return f"{an} has fear: only artifact or black creatures can block it (CR 702.36b)"
    if "intimidate" in akw and not (artifact or set(blocker_colors) & set(ch.colors(s, attacker))):
        return f"{an} has intimidate: only artifact creatures or ones sharing a color can block it (CR 702.13b)"
    for kw, land_type in LANDWALKS.items():
        if kw in akw and any(land_type in layers.card_now(s, o).subtypes
                             for o in s.permanents(blocker.controller)):
            return f"{an} has {kw} and the defending player controls a {land_type} (CR 702.14c)"
    if restricted(s, attacker, Rule.CANT_BE_BLOCKED):
        return f"{restricted_by(s, attacker, Rule.CANT_BE_BLOCKED)} says {an} can't be blocked (CR 509.1b)"
    for src, eff in ch.static_effects(s, ir.StaticCantBeBlockedBy):      # "... by creatures with power 2 or less"
        if eff.blockers is not None and layers.affected_by(s, src, eff, attacker) \
                and matches(s, blocker, eff.blockers, src):
            return f"{src.card.name} says {an} can't be blocked by creatures like {bn} (CR 509.1b)"
    for src, not_these in ch.static_effects(s, ir.StaticCantBlockAttackers):   # "~ can't block creatures with power 2 or greater"
        if not_these.attackers is not None and layers.affected_by(s, src, not_these, blocker) \
                and matches(s, attacker, not_these.attackers, src):
            return f"{src.card.name} says {bn} can't block creatures like {an} (CR 509.1b)"
    for src, only in ch.static_effects(s, ir.StaticCantBeBlockedExceptBy):    # "... except by Walls"
        if only.blockers is not None and layers.affected_by(s, src, only, attacker) \
                and not matches(s, blocker, only.blockers, src):
            return (f"{src.card.name} says {an} can't be blocked except by certain creatures, and {bn} "
                    "is not one (CR 509.1b)")
    for e in combat_rules(s, blocker):      # "Target creature can't block ~ this turn"
        if e.rule == "cant_block_source" and e.attacker == attacker.id:
            return f"{e.source}'s effect says {bn} can't block {an} this turn (CR 611.2, 509.1b)"
    for e in combat_rules(s, attacker):     # "... can't be blocked by creatures with power 2 or less this turn"
        if e.rule == "cant_be_blocked_by" and matches(s, blocker, pairs_filter(e.blockers), None, attacker.controller):
            return f"{e.source}'s effect says {an} can't be blocked by creatures like {bn} this turn (CR 611.2, 509.1b)"
    if restricted(s, blocker, Rule.CAN_BLOCK_ONLY_FLYING) and "flying" not in akw:
        return f"{bn} can block only creatures with flying (CR 509.1b)"
    if "protection" in akw and (why := protected_from(s, attacker, blocker)) is not None:
        return f"{an} has protection from {why}, and {bn} has that quality (CR 702.16f)"
    return None


def declare_blockers(ctx: Ctx) -> None:
    """CR 509.1: the defending player declares blockers one block at a time, then says done.
    Only blocks that some legal declaration containing the blocks made so far also contains
    are offered, and "done" only once the blocks made are a legal declaration: one that
    disobeys no restriction (CR 509.1b; menace, CR 702.111b; "can't block alone", CR 506.5) and
    obeys as many requirements as any such declaration could (CR 509.1c). See
    :mod:`.block_declarations`."""
    s = ctx.s
    every = [s.objs[i] for i in s.combat.get("attackers", []) if i in s.objs]
    if len(s.players) == 2:
        _declare_blocks(ctx, 1 - s.active, every)
    else:       # CR 802.4: each defending player attacked, in APNAP order, declares all their blocks
        for dp in attack_targets.attacked_players(s):
            _declare_blocks(ctx, dp, [a for a in every if a.attacking == dp])
    blocked = s.combat.get("blockers", {})
    for att in every:           # CR 509.1h, 509.3g: "attacks and isn't blocked"
        if att.id not in blocked and att.id in s.objs and s.objs[att.id].attacking is not None:
            events.collect(ctx, Unblocked(att.id, s.active))


def _declare_blocks(ctx: Ctx, dp: int, attackers: list[Obj]) -> None:
    """CR 509.1a-h: ``dp`` declares their blockers, each blocking creatures that attack them or
    their planeswalkers (CR 509.1a, 802.4a); the attackers of other players and the blockers of
    others are no part of their declaration (CR 802.4b)."""
    s = ctx.s
    problem = block_problem(s, dp, attackers)
    names = {o.id: o.card.name for o in attackers} | {b: s.objs[b].card.name for b in problem.blockers}
    blocks: list[tuple[int, int]] = []    # (blocker, attacker), in the order declared
    while True:
        offered = block_declarations.offer(problem, blocks)
        # each block replayed rebuilds the declaration so far: its checked answers need no options
        answer = ctx.checked_answer(len(offered.blocks) + offered.done)
        if answer is None:
            options = [Action(ActionKind.BLOCK, (b, a), f"{names[b]} blocks {names[a]}") for b, a in offered.blocks]
            if offered.done:
                options.append(Action(ActionKind.DONE, (), "no more blockers" if blocks else "don't block"))
            context: dict = {"blocks": [list(p) for p in blocks]}
            if not offered.done:
                context["incomplete"] = _incomplete(s, offered.short, names)
            answer = ctx.ask(Decision(dp, DecisionKind.BLOCKERS, "Declare blockers (CR 509.1)", tuple(options), context))
        if answer.kind == ActionKind.DONE:
            break
        blocks.append((answer.args[0], answer.args[1]))
    blocking: dict[int, list[int]] = {}
    for b, a in blocks:
        blocking.setdefault(b, []).append(a)
    for b, its in blocking.items():
        s.own(b).blocking = tuple(its)
    order: dict[int, list[int]] = {}
    for b, a in blocks:
        s.own(a).blocked = True
        order.setdefault(a, []).append(b)
    s.combat["blockers"] = {**s.combat["blockers"], **order} if "blockers" in s.combat else order
    if blocks:
        s.add_log("; ".join(f"{s.objs[b].card.name} blocks {s.objs[a].card.name}" for b, a in blocks),
                  ("509.1", "509.1g"), "combat")
    else:
        s.add_log(f"{s.players[dp].name} declares no blockers", ("509.1",), "combat")
    for b in blocking:              # once per blocker, however many it blocks (CR 509.3a)
        events.collect(ctx, Blocked(b, dp))
    for a in order:
        events.collect(ctx, BecameBlocked(a, s.active, tuple(order[a])))


def fewest_blockers(s, a: Obj) -> int:
    """The fewest creatures that may block attacker ``a`` if any do: two with menace
    (CR 702.111b), the most any "can't be blocked except by three or more creatures" says
    (CR 509.1b), else one."""
    least = 2 if ch.has(s, a, "menace") else 1
    for src, eff in ch.static_effects(s, ir.StaticMinBlockers):
        if eff.amount > least and layers.affected_by(s, src, eff, a):
            least = eff.amount
    return least


def _fewest_words(n: int) -> str:
    """Why at least ``n`` creatures must block: menace, or a static ability (CR 509.1b)."""
    if n == 2:
        return "has menace: it can't be blocked except by two or more creatures (CR 702.111b)"
    return f"can't be blocked except by {n} or more creatures (CR 509.1b)"


def block_problem(s, dp: int, attackers: list[Obj]) -> block_declarations.BlockProblem:
    """The declaration of blockers ``dp`` makes against ``attackers``, as a problem of its own:
    the creatures able to block (untapped, not kept from blocking, CR 509.1a-b), the attackers
    each may block, how many each may block (CR 509.1a), the restrictions on the declaration as
    a whole (CR 509.1b: menace 702.111b, "can't be blocked by more than one creature", "can't
    block alone" 506.5) and the requirements (CR 509.1c: "blocks this turn if able", "blocks ~
    this turn if able", "must be blocked this turn if able", and "all creatures able to block ~
    do so", a requirement for each creature able to block it)."""
    able = [o for o in s.permanents(dp) if ch.is_creature(s, o) and not o.tapped and cant_block(s, o) is None]
    p = block_declarations.BlockProblem(
        [o.id for o in able], {o.id: tuple(a.id for a in attackers if can_block(s, o, a)) for o in able},
        {o.id: block_capacity(s, o, len(attackers)) for o in able})
    for a in attackers:
        if (least := fewest_blockers(s, a)) > 1:
            p.least[a.id] = least
        if restricted(s, a, Rule.MAX_ONE_BLOCKER):
            p.most[a.id] = 1
    p.alone = frozenset(o.id for o in able if restricted(s, o, Rule.CANT_BLOCK_ALONE))
    lured = [a for a in attackers if restricted(s, a, Rule.MUST_BE_BLOCKED_BY_ALL)]
    if exercise.RECORD is not None and lured:
        for src, _eff in ch.static_effects(s, ir.StaticMustBeBlockedByAll):
            exercise.note("STATIC_KINDS", "must_be_blocked_by_all", src.card)
    for a in lured:
        for o in able:
            if a.id in p.can[o.id]:
                p.must_pair[(o.id, a.id)] = p.must_pair.get((o.id, a.id), 0) + 1
    for a in attackers:
        if restricted(s, a, Rule.MUST_BE_BLOCKED):      # "must be blocked if able", static or this turn
            statics = [src for src, eff in ch.static_effects(s, ir.StaticMustBeBlocked)
                       if layers.affected_by(s, src, eff, a)]
            if exercise.RECORD is not None:
                for src in statics:
                    exercise.note("STATIC_KINDS", "must_be_blocked", src.card)
            p.must_be_blocked[a.id] = len(statics) + sum(e.rule == Rule.MUST_BE_BLOCKED for e in combat_rules(s, a))
    if not s.effects:
        return p
    for o in able:
        for e in combat_rules(s, o):
            if e.rule == "must_block":
                p.must_block[o.id] = p.must_block.get(o.id, 0) + 1
            elif e.rule == "must_block_source" and e.attacker in p.can[o.id]:
                p.must_pair[(o.id, e.attacker)] = p.must_pair.get((o.id, e.attacker), 0) + 1
    return p


def why_incomplete(s, blocks: list[tuple[int, int]]) -> str | None:
    """Why ``blocks`` (blocker id, attacker id), blocks the declaration of blockers now under
    way may make, are not a legal declaration by themselves; None when they are."""
    dp = s.objs[blocks[0][0]].controller if blocks else _declaring(s)
    attackers = [a for i in s.combat.get("attackers", []) if i in s.objs and (a := s.objs[i]).attacking == dp]
    problem = block_problem(s, dp, attackers)
    offered = block_declarations.offer(problem, blocks)
    if offered.done:
        return None
    names = {o.id: o.card.name for o in attackers} | {b: s.objs[b].card.name for b in problem.blockers}
    return _incomplete(s, offered.short, names)


def _declaring(s) -> int:
    """The defending player declaring blockers now: the first in APNAP order who has blocked
    with nothing yet (CR 802.4); with two players, the nonactive player."""
    if len(s.players) == 2:
        return 1 - s.active
    attacked = attack_targets.attacked_players(s)
    blocking = {s.objs[b].controller for bs in s.combat.get("blockers", {}).values() for b in bs if b in s.objs}
    return next((p for p in attacked if p not in blocking), attacked[0] if attacked else 1 - s.active)


def why_block_not_offered(s, b: Obj, a: Obj) -> str:
    """Why no legal declaration of blockers (CR 509.1b-c) has ``b``, able to block ``a``, block
    it: a menace attacker that fewer than two creatures could block (CR 702.111b), or a
    requirement another declaration obeys (CR 509.1c)."""
    attackers = [x for i in s.combat.get("attackers", []) if i in s.objs and (x := s.objs[i]).attacking == b.controller]
    problem = block_problem(s, b.controller, attackers)
    least = problem.least.get(a.id, 1)
    if sum(a.id in problem.can[x] for x in problem.blockers) < least:
        if least == 2:
            return (f"{a.card.name} has menace: it can't be blocked except by two or more creatures, and fewer "
                    "could block it (CR 702.111b)")
        return f"{a.card.name} can't be blocked except by {least} or more creatures, and fewer could block it (CR 509.1b)"
    return (f"no legal declaration of blockers has {b.card.name} block {a.card.name}: each would disobey a "
            "restriction or obey fewer requirements than another could (CR 509.1b-c)")


def _incomplete(s, short: tuple, names: dict[int, str]) -> str:
    """Why the blocks made so far are not yet a legal declaration (see
    :class:`.block_declarations.Offer`)."""
    match short:
        case ("least", a):
            return f"{names[a]} {_fewest_words(fewest_blockers(s, s.objs[a]) if a in s.objs else 2)}"
        case ("alone", b):
            return f"{names[b]} can't block alone (CR 506.5, 509.1b)"
        case ("requirements", obeyed, most):
            return (f"these blocks obey {obeyed} of the requirements to block, and {most} could be obeyed "
                    "(CR 509.1c)")
    return "these blocks are not a legal declaration (CR 509.1)"


def has_first_strike_step(s) -> bool:
    """CR 510.4: a first combat damage step happens if an attacking or blocking creature has
    first strike or double strike."""
    for o in _in_combat(s):
        if ch.has(s, o, "first strike") or ch.has(s, o, "double strike"):
            return True
    return False


def _in_combat(s) -> list[Obj]:
    return [o for o in s.permanents() if o.attacking is not None or o.blocking]


def _deals_damage_now(s, o: Obj, first_step: bool, had_first: set) -> bool:
    fs = ch.has(s, o, "first strike")
    ds = ch.has(s, o, "double strike")
    if first_step:
        return fs or ds
    return ds or o.id not in had_first


def combat_damage(ctx: Ctx, first_step: bool) -> None:
    """CR 510.1-510.2: assign combat damage, then deal it all at once."""
    s = ctx.s
    had_first = set(s.combat.get("had_first", ()))
    if first_step:
        had_first = {o.id for o in _in_combat(s)
                     if ch.has(s, o, "first strike") or ch.has(s, o, "double strike")}
        s.combat["had_first"] = sorted(had_first)
    assignments: list[tuple[Obj, object, int]] = []
    blockers_of = s.combat.get("blockers", {})
    for a in [s.objs[i] for i in s.combat.get("attackers", []) if i in s.objs]:
        if a.zone != BATTLEFIELD or a.attacking is None:
            continue
        if not _deals_damage_now(s, a, first_step, had_first) or _assigns_none(s, a):
            continue
        p = ch.power(s, a)
        if p <= 0:
            continue   # CR 510.1a
        blockers = [s.objs[b] for b in blockers_of.get(a.id, []) if b in s.objs
                    and s.objs[b].zone == BATTLEFIELD]
        at = attack_targets.recipient(s, a)      # the player or planeswalker it attacks
        if not a.blocked:
            if at is None:                        # CR 510.1b, 506.4c: its planeswalker left combat
                s.add_log(f"{a.card.name} is attacking nothing any more and deals no combat damage",
                          ("510.1b", "506.4c"), "combat")
                continue
            assignments.append((a, at, p))      # CR 510.1b
        elif not blockers:
            if ch.has(s, a, "trample") and at is not None:
                assignments.append((a, at, p))  # CR 702.19d
        elif at is not None and restricted(s, a, Rule.ASSIGN_AS_UNBLOCKED) and _as_unblocked(ctx, a, p):
            assignments.append((a, at, p))      # all of it, never split (Thorn Elemental rulings)
        else:
            assignments.extend(_divide(ctx, a, blockers, p))
    for b in [o for o in s.permanents() if o.blocking]:
        if not _deals_damage_now(s, b, first_step, had_first) or _assigns_none(s, b):
            continue
        p = ch.power(s, b)
        # an attacker removed from combat is blocked by nobody (CR 506.4)
        targets = [s.objs[a] for a in b.blocking
                   if a in s.objs and s.objs[a].zone == BATTLEFIELD and s.objs[a].attacking is not None]
        if p > 0 and len(targets) == 1:
            assignments.append((b, targets[0].id, p))        # CR 510.1d
        elif p > 0 and targets:
            assignments.extend(_divide_blocker(ctx, b, targets, p))
    step = "first-strike combat damage" if first_step else "combat damage"
    if not assignments:
        s.add_log(f"No {step} is dealt", ("510.1",), "combat")
        return
    events.deal_damage(ctx, assignments, combat=True)


def _assigns_none(s, o: Obj) -> bool:
    """"~ assigns no combat damage this turn" (CR 510.1a, 611.2): it deals none at all, to a
    player, a planeswalker or a creature."""
    if not s.effects or not restricted(s, o, Rule.NO_COMBAT_DAMAGE):
        return False
    s.add_log(f"{o.card.name} assigns no combat damage", ("510.1a", "611.2"), "combat")
    return True


def _as_unblocked(ctx: Ctx, a: Obj, power: int) -> bool:
    """"You may have ~ assign its combat damage as though it weren't blocked": the attacking
    player chooses, as the damage is assigned, all of it to the blockers or all of it to the
    player or planeswalker attacked (CR 510.1; Thorn Elemental rulings 2018-04-27)."""
    s = ctx.s
    answer = ctx.ask(Decision(s.active, DecisionKind.DAMAGE,
                              f"Have {a.card.name} assign its {power} combat damage as though it weren't blocked?",
                              (Action(ActionKind.ASSIGN, (0,), "to the blocking creatures"),
                               Action(ActionKind.ASSIGN, (1,), "as though it weren't blocked"))))
    return answer.args[0] == 1


def _lethal(s, attacker: Obj, blocker: Obj) -> int:
    """Lethal damage for assignment (CR 702.19b, with deathtouch 702.2c)."""
    if ch.has(s, attacker, "deathtouch"):
        return 1
    return max(ch.toughness(s, blocker) - blocker.damage, 0)


def _divide(ctx: Ctx, a: Obj, blockers: list[Obj], power: int) -> list[tuple[Obj, object, int]]:
    """CR 510.1c: with two or more blockers the attacking player divides the damage as they
    choose; with trample, each blocker must be assigned lethal damage before the rest may go to
    the player (CR 702.19b). Asked one blocker at a time."""
    s = ctx.s
    trample = ch.has(s, a, "trample")
    if len(blockers) == 1 and not trample:
        return [(a, blockers[0].id, power)]
    out: list[tuple[Obj, object, int]] = []
    left = power
    for i, b in enumerate(blockers):
        last = i == len(blockers) - 1
        lethal = _lethal(s, a, b)
        if last and not trample:
            out.append((a, b.id, left))
            left = 0
            break
        low = min(lethal, left) if trample else 0
        if low == left:
            amounts = [left]
        else:
            amounts = list(range(low, left + 1))
        if len(amounts) == 1:
            n = amounts[0]
        else:
            answer = ctx.ask(Decision(s.active, DecisionKind.DAMAGE,
                                      f"How much of {a.card.name}'s {power} damage "
                                      f"goes to {b.card.name}? (CR 510.1c"
                                      + (", 702.19b)" if trample else ")"),
                                      tuple(Action(ActionKind.ASSIGN, (n,), f"{n} to {b.card.name}") for n in amounts),
                                      {"attacker": a.id, "to": b.id}))
            n = answer.args[0]
        if n:
            out.append((a, b.id, n))
        left -= n
    at = attack_targets.recipient(s, a)
    if left and trample and at is not None:      # CR 702.19b: the player or planeswalker attacked
        out.append((a, at, left))
    return out


def _divide_blocker(ctx: Ctx, b: Obj, attackers: list[Obj], power: int) -> list[tuple[Obj, int, int]]:
    """CR 510.1d: a creature blocking two or more attackers has its combat damage divided among
    them as its controller chooses; asked one attacker at a time, the last one getting the rest."""
    out = []
    left = power
    for i, a in enumerate(attackers):
        if i == len(attackers) - 1 or not left:
            n = left
        else:
            answer = ctx.ask(Decision(b.controller, DecisionKind.DAMAGE,
                                      f"How much of {b.card.name}'s {power} damage goes to {a.card.name}? (CR 510.1d)",
                                      tuple(Action(ActionKind.ASSIGN, (n,), f"{n} to {a.card.name}") for n in range(left + 1)),
                                      {"blocker": b.id, "to": a.id}))
            n = answer.args[0]
        if n:
            out.append((b, a.id, n))
        left -= n
    return out


def end_combat(ctx: Ctx) -> None:
    """CR 511.3: remove everything from combat; rules about "this combat" end (provoke, CR 702.39a)."""
    s = ctx.s
    if any(e.until == Duration.END_OF_COMBAT for e in s.effects):
        s.effects = [e for e in s.effects if e.until != Duration.END_OF_COMBAT]
    for o in s.permanents():
        if o.attacking is not None or o.blocking or o.blocked:
            o = s.own(o.id)
            o.attacking = None
            o.blocking = ()
            o.blocked = False
    s.combat = {}
    s.version += 1          # a change without a log line (see State.facts)



# ------------------------------------------------------------------------------ ninjutsu (CR 702.49)

NINJUTSU_STEPS = ("declare_blockers", "first_strike_damage", "combat_damage", "end_of_combat")


def ninjutsu_actions(s, player: int) -> list[tuple[int, int, int]]:
    """(card, ability index, unblocked attacker) for each ninjutsu activation open to
    ``player``: of a card in their hand, or in the command zone with commander ninjutsu
    (CR 702.49d); only once blockers are declared and while an attacker of theirs is unblocked
    (CR 702.49a, 702.49c, 509.1h), and when its mana cost can be paid."""
    if s.step not in NINJUTSU_STEPS or s.active != player or not s.combat or split_second(s) is not None:
        return []                   # ninjutsu is an activated ability (CR 702.61a)
    unblocked = [o for o in s.permanents(player) if o.attacking is not None and not o.blocked]
    out: list[tuple[int, int, int]] = []
    p = s.players[player]
    for oid in (*p.hand, *p.command):
        card = s.objs[oid].card
        names = ("ninjutsu", "commander ninjutsu") if s.objs[oid].zone == HAND else ("commander ninjutsu",)
        for idx, ab in enumerate(card.abilities):
            if type(ab) is ir.Keyword and ab.name in names and ab.cost is not None \
                    and ab.cost.mana is not None and can_afford(s, player, ab.cost.mana):
                out.extend((oid, idx, a.id) for a in unblocked)
    return out


def ninjutsu(ctx: Ctx, player: int, oid: int, idx: int, attacker: int) -> None:
    """CR 702.49a: reveal the card, pay the mana and return the unblocked attacker to its
    owner's hand (the costs), then the ability goes on the stack (CR 602.2)."""
    s = ctx.s
    if (oid, idx, attacker) not in ninjutsu_actions(s, player):
        raise IllegalActionError("that ninjutsu activation isn't possible now (CR 702.49a, 702.49c)")
    card = s.objs[oid].card
    returned = s.objs[attacker]
    defender = returned.attacking
    commander = card.abilities[idx].name == "commander ninjutsu"
    label = f"{possessive(card.name)} {'commander ' if commander else ''}ninjutsu"
    where = "the command zone" if s.objs[oid].zone == COMMAND else "their hand"
    s.add_log(f"{s.players[player].name} activates {label}, revealing {card.name} from {where} and returning "
              f"{returned.card.name}", ("702.49a", "702.49b", "602.2a") + (("702.49d",) if commander else ()),
              "activate")
    item = StackItem(s.next_id, "activated", oid, player, card, idx, label)
    s.next_id += 1
    item.event = Seen(defender=defender, planeswalker=attack_targets.declared_target(s, attacker))
    s.stack.append(item)
    pay_mana(ctx, player, card.abilities[idx].cost.mana, label)
    events.move(ctx, returned, HAND, cause="ninjutsu cost", rules=("702.49a", "602.2b"))
    s.add_log(f"{label} is put on the stack", ("602.2", "405.1"), "stack")
    events.collect(ctx, AbilityActivated(player, oid, item.id))      # CR 602.2b, 601.2i, from the hand
    announce_targets(ctx, item)
