"""Effects that put a permanent in a particular place: returning a card to the battlefield
(persist, undying; CR 603.6), attaching an Equipment (CR 701.3), putting a creature onto the
battlefield attacking (ninjutsu, CR 702.49, 508.4) and each player's exile, sacrifice and return
of Living Death (CR 406.3, 701.21a, 110.2a)."""
from __future__ import annotations

from manastack.oracle import ir

from . import attack_targets, aura_placement, events
from .aura_placement import may_attach
from .decisions import Action, ActionKind, Decision, DecisionKind
from .filters import objects_matching
from .resolution import became, named_objects, named_players, resolve_subject, source_obj
from .state import Obj
from .zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND


def return_to_battlefield(ctx, e: ir.ReturnToBattlefield, rc) -> None:
    """CR 603.6c, 400.7e, 400.7j: the effect looks for the card in the zone it went to (a
    graveyard, or exile for a card an earlier effect exiled); if it has left that zone it is a
    new object and nothing returns. It enters under its owner's control, or under the effect's
    controller's with ``under_you``, with the counter (CR 614.1c)."""
    zones = (GRAVEYARD,) if e.from_graveyard else (GRAVEYARD, EXILE)
    found = [o for o in named_objects(ctx, e.what, rc) if o.zone in zones]
    if not found:
        ctx.s.add_log(f"{rc.card.name}: the card is no longer where it went, nothing returns",
                      ("603.6c", "400.7"), "resolve")
    onto: int | None = None
    if e.attached_to is not None:
        # the object named, if it is still there (CR 303.4f); an Aura that can't enchant it
        # stays where it is (CR 303.4g)
        host = next((o for o in resolve_subject(ctx, e.attached_to, rc) if isinstance(o, Obj)), None)
        onto = aura_placement.NOTHING if host is None else host.id
    for o in found:
        new = events.move(ctx, o, BATTLEFIELD, controller=rc.controller if e.under_you else o.owner,
                          cause=rc.card.name, counters={e.counter: 1} if e.counter else None,
                          tapped=e.tapped, attach=onto)
        if new is not None and onto not in (None, aura_placement.NOTHING) and new.attached_to is None \
                and aura_placement.may_attach(ctx.s, new, ctx.s.objs[onto]):     # an Equipment (CR 701.3a)
            events.attach(ctx, new, onto, new_timestamp=False, quiet=True)   # it entered attached


def exile_sacrifice_return(ctx, e: ir.ExileSacrificeReturn, rc) -> None:
    """Every player named exiles the cards of their graveyard that match, all at once (CR 406.3);
    then they sacrifice the permanents they control that match, all at once (CR 701.21a); then
    each puts the cards they exiled this way onto the battlefield under their control (CR
    110.2a). Only those cards come back, not a sacrificed creature that a replacement exiled
    instead (Living Death's and Living End's rulings)."""
    s = ctx.s
    players = [p for p in s.apnap() if p in named_players(ctx, e.who, rc)]
    source = source_obj(ctx, rc)
    exiled: list[tuple[int, Obj]] = []
    with events.together(ctx):
        for p in players:
            for o in objects_matching(s, e.exiled, source, controller=p):
                if o.owner == p:
                    new = events.move(ctx, o, EXILE, cause=rc.card.name, rules=("406.3",))
                    if new is not None:
                        exiled.append((p, new))
    with events.together(ctx):
        for p in players:
            for o in objects_matching(s, e.sacrificed, source, controller=p):
                if o.controller == p and o.zone == BATTLEFIELD:
                    events.sacrifice(ctx, o)
    with events.together(ctx):
        for p, o in exiled:
            if o.id in s.objs and s.objs[o.id].zone == EXILE:      # still the card exiled (CR 400.7)
                o = s.objs[o.id]
                events.move(ctx, o, BATTLEFIELD, controller=p, cause=rc.card.name, rules=("110.2a",))


def each_puts_from_graveyard(ctx, e: ir.EachPutsFromGraveyard, rc) -> None:
    """Each player named chooses a card of their own graveyard that matches, in APNAP order (CR
    101.4; nothing targets, so a card with shroud may be chosen), or with ``every`` takes every
    such card; the cards then enter the battlefield at once, each under the control of the
    player who put it there (CR 110.2a)."""
    s = ctx.s
    source = source_obj(ctx, rc)
    chosen: list[tuple[int, int]] = []
    for p in [p for p in s.apnap() if p in named_players(ctx, e.who, rc)]:
        cands = [o for o in objects_matching(s, e.filter, source, controller=p) if o.owner == p]
        if e.every:         # "each creature card from their graveyard": all of them, no choice
            chosen += [(p, o.id) for o in cands]
            continue
        if not cands:
            s.add_log(f"{s.players[p].name} has no card in their graveyard {rc.card.name} lets them put onto "
                      "the battlefield", ("608.2d",), "resolve")
            continue
        answer = ctx.ask(Decision(p, DecisionKind.CHOOSE_PERMANENT,
                                  f"Choose a card to put onto the battlefield for {rc.card.name} (CR 608.2d)",
                                  tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in cands)))
        chosen.append((p, answer.args[0]))
    with events.together(ctx):
        for p, oid in chosen:
            o = s.objs.get(oid)
            if o is not None and o.zone == GRAVEYARD:
                events.move(ctx, o, BATTLEFIELD, controller=p, cause=rc.card.name, rules=("110.2a",))


def attach(ctx, e: ir.Attach, rc) -> None:
    """CR 701.3a-c: attach the Aura or Equipment to the target, or to the permanent a trigger
    saw enter; if the source has left the battlefield, the object is gone or couldn't have it
    attached (``aura_placement.may_attach``), or it is attached there already, nothing happens.
    Attached anew, it gets a new timestamp (CR 613.7e). A source this resolution returned to the
    battlefield is found as the new object it became ("return ~ from your graveyard to the
    battlefield, then attach it to that creature", CR 400.7j)."""
    s = ctx.s
    eq = source_obj(ctx, rc)
    if eq is not None and eq.zone != BATTLEFIELD:
        eq = became(ctx, eq.id)
    if eq is None or eq.zone != BATTLEFIELD or eq.id not in s.objs:
        return
    for o in resolve_subject(ctx, e.what, rc):
        if not isinstance(o, Obj) or eq.attached_to == o.id:
            continue
        if not may_attach(s, eq, o):
            s.add_log(f"{eq.card.name} can't be attached to {o.card.name}: it doesn't move", ("701.3b",), "attach")
            continue
        eq = events.attach(ctx, eq, o.id)


def enter_attacking(ctx, e: ir.EnterAttacking, rc) -> None:
    """CR 702.49a-c, 508.4: the card enters tapped and attacking the player the returned
    creature attacked, unblocked; it was never declared as an attacker, so "whenever ...
    attacks" doesn't trigger. If it has left the hand, nothing happens (CR 400.7)."""
    s = ctx.s
    defender = rc.event.defender
    for o in resolve_subject(ctx, e.what, rc):
        if not isinstance(o, Obj) or o.zone not in (HAND, COMMAND):   # the command zone: CR 702.49d
            s.add_log(f"{rc.card.name} is no longer in its owner's hand or command zone: nothing enters", ("400.7",),
                      "resolve")
            continue
        new = events.move(ctx, o, BATTLEFIELD, controller=rc.controller, tapped=True,
                          cause="ninjutsu", rules=("702.49a",))
        if new is None or not s.combat or defender is None:
            continue
        new = s.own(new.id)
        new.attacking = defender
        s.combat["attackers"] = list(s.combat.get("attackers", [])) + [new.id]
        walker = rc.event.planeswalker                      # the same planeswalker (CR 702.49c)
        if walker is not None and walker in s.objs and attack_targets.is_planeswalker(s, s.objs[walker]):
            attack_targets.set_target(s, new.id, walker)
        s.add_log(f"{new.card.name} is attacking {attack_targets.describe(s, new)}, unblocked",
                  ("508.4", "702.49c"), "combat")
