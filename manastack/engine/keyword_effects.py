"""Effects that only keyword abilities use, beside those in their own modules (CR 702): fading's
upkeep trigger, which removes a fade counter or else sacrifices the permanent (CR 702.32a);
unearth's return from the graveyard (CR 702.84a); renown and monstrosity, which give a
permanent +1/+1 counters and a designation once (CR 702.112, 701.37); fabricate's counters
or Servos (CR 702.123); exerting an attacker (CR 701.43); bolster (CR 701.39); exploit's
sacrifice (CR 702.110); myriad's trigger (CR 702.116); ascend's city's blessing (CR 702.131)."""
from __future__ import annotations

from manastack.oracle import ir
from manastack.oracle.ir import Duration

from . import characteristics as ch
from . import events
from . import exercise
from . import layers
from .abilities import ENCORE_SACRIFICE, UNEARTH_EXILE, nested_index
from .decisions import Action, ActionKind, Decision, DecisionKind
from .effect_records import AddSubtypes, BecomeCreature, CombatRule, GrantKeywords, OneShotDelayedTrigger, SetPT
from .event_types import BecameMonstrous, BecameRenowned, EventKind, Exploited, Seen
from .replacement import token_count
from .resolution import amount, execute, named_objects, source_obj
from .state import PendingTrigger
from .wording import possessive
from .zones import BATTLEFIELD, GRAVEYARD

# The name a permanent an unearth ability returned carries in its ``cast_costs``: it has haste
# (engine.characteristics) and is exiled if it would leave the battlefield (engine.replacement).
UNEARTHED = "unearth"

SERVO = ir.TokenSpec("Servo Token", 1, 1, (), ("Artifact", "Creature"), ("Servo",))

# The rules of each designation, and the event of a permanent getting it (CR 701.37b, 702.112b).
_DESIGNATIONS: dict[str, tuple[tuple[str, ...], type[BecameRenowned] | type[BecameMonstrous]]] = {
    "renowned": (("702.112a", "702.112b"), BecameRenowned),
    "monstrous": (("701.37a", "701.37b"), BecameMonstrous)}


def remove_counter_or_sacrifice(ctx, e: ir.RemoveCounterOrSacrifice, rc) -> None:
    """CR 702.32a: remove a fade counter from the permanent; if it has none to remove, its
    controller sacrifices it. A permanent that has left the battlefield is a new object
    (CR 400.7): nothing happens to it."""
    s = ctx.s
    o = s.objs.get(rc.source)
    if o is None or o.zone != BATTLEFIELD:
        s.add_log(f"{possessive(rc.card.name)} fading ability does nothing: it has left the battlefield",
                  ("702.32a", "400.7"), "resolve")
        return
    if o.counters.get(e.kind, 0):
        events.remove_counters(ctx, o, e.kind, 1, "fading, CR 702.32a")
        return
    s.add_log(f"no {e.kind} counter can be removed from {o.card.name}: it is sacrificed", ("702.32a",), "resolve")
    events.sacrifice(ctx, o)


def remove_counter_from_self(ctx, e: ir.RemoveCounterFromSelf, rc) -> None:
    """CR 702.63a: remove a time counter from the permanent; removing the last one triggers its
    sacrifice (``triggers.collect``). A permanent that has left the battlefield is a new object
    (CR 400.7): nothing happens to it."""
    o = ctx.s.objs.get(rc.source)
    if o is None or o.zone != BATTLEFIELD:
        return
    events.remove_counters(ctx, o, e.kind, 1, "vanishing, CR 702.63a")


def unearth(ctx, e: ir.Unearth, rc) -> None:
    """CR 702.84a: return the card from its owner's graveyard to the battlefield. The permanent
    has haste; a delayed ability exiles it at the beginning of the next end step (CR 603.7c); and
    if it would leave the battlefield it is exiled instead (``replacement``). A card that left the
    graveyard before the ability resolved is a new object (CR 400.7): nothing returns."""
    s = ctx.s
    o = s.objs.get(rc.source)
    if o is None or o.zone != GRAVEYARD:
        s.add_log(f"{possessive(rc.card.name)} unearth ability does nothing: the card has left the graveyard",
                  ("702.84a", "400.7"), "resolve")
        return
    new = events.move(ctx, o, BATTLEFIELD, controller=o.owner, cause="unearth", rules=("702.84a",))
    if new is None or new.zone != BATTLEFIELD:
        return
    new.cast_costs += (UNEARTHED,)
    s.effects.append(OneShotDelayedTrigger(new.id, rc.controller, new.card, nested_index(new.card, UNEARTH_EXILE),
                                           ((new.id,),), Duration.NEXT_END_STEP, s.new_timestamp(), new.card.name))
    s.add_log(f"{new.card.name} gains haste and will be exiled at the beginning of the next end step, or if it "
              "would leave the battlefield", ("702.84a", "603.7c"), "effect")


def token_copy_of_card(ctx, e: ir.TokenCopyOfCard, rc) -> None:
    """Embalm (CR 702.128a) and eternalize (CR 702.129a): a token that copies the card (its
    copiable values, CR 707.2: the printed card, whatever happened to it), except that it has no
    mana cost and is a Zombie too, and white, or black and 4/4."""
    card = rc.card
    face = {k: v for k, v in card.face.items() if k not in ("manaCost", "colors", "colorIndicator", "rulings")}
    subtypes = list(card.subtypes) + ([] if "Zombie" in card.subtypes else ["Zombie"])
    head = " ".join(list(card.supertypes) + list(card.types))
    face.update(subtypes=subtypes, type=f"{head} — {' '.join(subtypes)}",
                colorIndicator=["B"] if e.eternalize else ["W"], manaValue=0)
    if e.eternalize:
        face.update(power="4", toughness="4")
    name, rule = ("eternalize", "702.129a") if e.eternalize else ("embalm", "702.128a")
    what = f"a token copy of {card.name} ({'black, 4/4' if e.eternalize else 'white'}, a Zombie, no mana cost)"
    for _ in range(token_count(ctx, rc.controller, 1)):
        events.create_token_from_face(ctx, face, rc.controller, what, (rule, "111.1", "707.2"))


def encore(ctx, e: ir.Encore, rc) -> None:
    """Encore (CR 702.141a): for each opponent, in turn order, a token copy of the card (its
    copiable values, CR 707.2) that must attack this turn if able (CR 508.1d; with more than two
    players it may attack another opponent than the one it was made for: not modelled), with
    haste, sacrificed at the beginning of the next end step (a delayed ability, CR 603.7c)."""
    s, card = ctx.s, rc.card
    made = []
    with events.together(ctx):      # one event: the tokens enter at the same time (CR 101.4, 603.6a)
        for p in [p for p in s.opponents(rc.controller) for _ in range(token_count(ctx, rc.controller, 1))]:
            made.append((p, events.create_token_from_face(ctx, dict(card.face), rc.controller,
                                                          f"a token copy of {card.name} for {s.players[p].name}",
                                                          ("702.141a", "111.1", "707.2"), card=card)))
    for p, token in made:
        if token is None or token.zone != BATTLEFIELD:
            continue
        s.effects.append(GrantKeywords(token.id, ("haste",), Duration.PERMANENT, s.new_timestamp(), card.name))
        s.effects.append(CombatRule(token.id, "attacks_each_combat", Duration.END_OF_TURN, s.new_timestamp(), card.name))
        s.effects.append(OneShotDelayedTrigger(token.id, rc.controller, token.card, nested_index(token.card, ENCORE_SACRIFICE),
                                               ((token.id,),), Duration.NEXT_END_STEP, s.new_timestamp(), card.name))
        s.add_log(f"{token.card.name} gains haste, attacks {s.players[p].name} this turn if able and will be "
                  "sacrificed at the beginning of the next end step", ("702.141a", "603.7c", "508.1d"), "effect")


def awaken(ctx, e: ir.Awaken, rc) -> None:
    """CR 702.113a: put N +1/+1 counters on the target land; it becomes a 0/0 Elemental creature
    with haste (layers 4, 6 and 7b, CR 613.1d-f, 613.4b) for as long as it stays on the
    battlefield, and is still a land. A target no longer legal was dropped (CR 608.2b)."""
    s = ctx.s
    for o in named_objects(ctx, e.what, rc):
        if o.zone != BATTLEFIELD:
            continue
        events.add_counters(ctx, o, "+1/+1", e.amount, "awaken, CR 702.113a")
        ts = s.new_timestamp()
        s.effects += [BecomeCreature(o.id, Duration.PERMANENT, ts, rc.card.name),
                      AddSubtypes(o.id, ("Elemental",), Duration.PERMANENT, ts, rc.card.name),
                      SetPT(o.id, 0, 0, Duration.PERMANENT, ts, rc.card.name),
                      GrantKeywords(o.id, ("haste",), Duration.PERMANENT, ts, rc.card.name)]
        s.add_log(f"{o.card.name} becomes a 0/0 Elemental creature with haste; it's still a land",
                  ("702.113a", "613.1d"), "effect")


def become_designated(ctx, e: ir.BecomeDesignated, rc) -> None:
    """CR 702.112a, 701.37a: if the source is on the battlefield and isn't ``e.designation`` yet,
    put N +1/+1 counters on it and it gets the designation; it keeps it until it leaves the
    battlefield (CR 702.112b, 701.37b; a new object has none, CR 400.7). A permanent that already
    has it gets nothing, and doesn't "become" it again (Arbor Colossus rulings 2013-09-15)."""
    s = ctx.s
    rules, event = _DESIGNATIONS[e.designation]
    o = source_obj(ctx, rc)
    n = amount(ctx, e.amount, rc)
    if o is None or o.zone != BATTLEFIELD or o.id != rc.source:
        s.add_log(f"{rc.card.name} has left the battlefield: it gets no counters and doesn't become "
                  f"{e.designation}", rules + ("400.7",), "resolve")
        return
    if e.designation in o.designations:
        s.add_log(f"{o.card.name} is already {e.designation}: nothing happens", rules, "resolve")
        return
    events.add_counters(ctx, o, "+1/+1", n, f"{e.designation}, CR {rules[0]}")
    o = s.own(o.id)
    o.designations = o.designations + (e.designation,)
    s.add_log(f"{o.card.name} becomes {e.designation}", rules, "resolve")
    events.collect(ctx, BecameMonstrous(o.id, o.controller, rc.x) if event is BecameMonstrous else event(o.id, o.controller))


def give_city_blessing(s, p, card, rule: str) -> None:
    """CR 702.131a-c: ``p`` gets the city's blessing from ``card``'s ascend (a resolving spell's,
    or a permanent's static ability), a designation kept for the rest of the game."""
    p.city_blessing = True
    s.add_log(f"{p.name} gets the city's blessing ({card.name}'s ascend)", (rule, "702.131c"), "ascend")
    if exercise.RECORD is not None:
        exercise.note("KEYWORDS", "ascend", card)


def ascend_spell(ctx, controller: int, card) -> None:
    """CR 702.131a: as the spell resolves, its controller gets the city's blessing if they
    control ten or more permanents and don't have it yet."""
    s = ctx.s
    p = s.players[controller]
    if not p.city_blessing and sum(1 for o in s.permanents() if o.controller == controller) >= 10:
        give_city_blessing(s, p, card, "702.131a")


def fabricate(ctx, e: ir.Fabricate, rc) -> None:
    """CR 702.123a: the controller chooses as it resolves (Angel of Invention rulings 2016-09-20)
    to put N +1/+1 counters on the permanent, or else creates N Servos; a permanent no longer on
    the battlefield can't get the counters, so the Servos are created without a choice."""
    s = ctx.s
    o = source_obj(ctx, rc)
    n = e.amount
    if o is not None and o.zone == BATTLEFIELD and o.id == rc.source:
        servos = f"{n} Servo token{'s' if n != 1 else ''}"
        options = (Action(ActionKind.YES, (), f"put {n} +1/+1 counter{'s' if n != 1 else ''} on {o.card.name}"),
                   Action(ActionKind.NO, (), f"create {servos}"))
        answer = ctx.ask(Decision(rc.controller, DecisionKind.MAY,
                                  f"{rc.card.name}: fabricate {n}: put counters on it? (no: {servos})", options))
        s.add_log(f"{s.players[rc.controller].name} chooses to {options[answer.kind != ActionKind.YES].label}",
                  ("702.123a",), "choice")
        if answer.kind == ActionKind.YES:
            events.add_counters(ctx, o, "+1/+1", n, "fabricate, CR 702.123a")
            return
    else:
        s.add_log(f"{rc.card.name} has left the battlefield: fabricate creates Servos", ("702.123a",), "resolve")
    execute(ctx, (ir.CreateTokens(SERVO, n),), rc)


def offer_exert(ctx, attackers: list[int]) -> None:
    """CR 508.1g, 701.43d: as attackers are declared, the active player chooses, for each one
    with "You may exert ~ as it attacks", whether to exert it (CR 701.43a: it doesn't untap
    during that player's next untap step). Exerting one makes its linked "When you do" ability
    trigger (CR 607.2h, 603.12) and "Whenever you exert a creature" abilities see it."""
    s = ctx.s
    for oid in attackers:
        o = s.objs[oid]
        for ab in layers.card_now(s, o).abilities:
            if type(ab) is not ir.ExertAbility:
                continue
            answer = ctx.ask(Decision(o.controller, DecisionKind.MAY, f"Exert {o.card.name} as it attacks? "
                                      "(it won't untap during your next untap step, CR 701.43a)",
                                      (Action(ActionKind.YES, (), f"exert {o.card.name}"), Action(ActionKind.NO, (), "don't exert it"))))
            if answer.kind != ActionKind.YES:
                continue
            events.exert(ctx, o, o.controller, ("701.43a", "508.1g"))
            if ab.then is not None:
                card = layers.card_now(s, o)
                label = f"{possessive(o.card.name)} ability"
                s.pending_triggers.append(PendingTrigger(o.id, card, nested_index(card, ab.then.ability),
                                                         o.controller, Seen(EventKind.EXERTED, obj=o.id, player=o.controller),
                                                         1, "", label))
                s.add_log(f"{label} triggers: {ab.then.ability.text}", ("603.12", "607.2h"), "trigger")


def adapt(ctx, e: ir.Adapt, rc) -> None:
    """CR 701.46a: if the source, still on the battlefield as the same object, has no +1/+1
    counter on it, put N +1/+1 counters on it; with one already, nothing happens (a -1/-1
    counter doesn't count)."""
    s = ctx.s
    o = source_obj(ctx, rc)
    if o is None or o.zone != BATTLEFIELD or o.id != rc.source:
        s.add_log(f"{rc.card.name} has left the battlefield: it can't adapt", ("701.46a", "400.7"), "resolve")
        return
    if o.counters.get("+1/+1"):
        s.add_log(f"{o.card.name} has a +1/+1 counter on it: adapting does nothing", ("701.46a",), "resolve")
        return
    s.add_log(f"{o.card.name} adapts {e.amount}", ("701.46a",), "resolve")
    events.add_counters(ctx, o, "+1/+1", e.amount, "adapt, CR 701.46a")


def sacrifice_unless_spent(ctx, e: ir.SacrificeUnlessSpent, rc) -> None:
    """CR 601.2h: the colors of mana spent to cast the source were seen by its enters event; if
    ``e.color`` isn't among them (or it wasn't cast), its controller sacrifices it, if it is
    still the same object on the battlefield (CR 400.7)."""
    s = ctx.s
    spent = rc.event.colors_spent or ""
    o = source_obj(ctx, rc)
    if e.color in spent:
        s.add_log(f"{{{e.color}}} was spent to cast {rc.card.name}: it isn't sacrificed", ("601.2h",), "resolve")
        return
    if o is None or o.zone != BATTLEFIELD or o.id != rc.source:
        return
    s.add_log(f"no {{{e.color}}} was spent to cast {o.card.name}: it is sacrificed", ("601.2h", "701.21a"), "resolve")
    events.sacrifice(ctx, o)


def bolster(ctx, e: ir.Bolster, rc) -> None:
    """CR 701.39a: the controller chooses, as it resolves, one creature they control with the
    least toughness (among those tied for it) and puts N +1/+1 counters on it; with no creature,
    nothing happens."""
    s = ctx.s
    mine = [o for o in s.permanents(rc.controller) if ch.is_creature(s, o)]
    if not mine:
        s.add_log(f"{s.players[rc.controller].name} controls no creature to bolster", ("701.39a",), "resolve")
        return
    least = min(ch.toughness(s, o) for o in mine)
    tied = [o for o in mine if ch.toughness(s, o) == least]
    chosen = tied[0]
    if len(tied) > 1:
        answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_PERMANENT,
                                  f"Bolster {e.amount}: choose a creature with the least toughness ({least}, CR 701.39a)",
                                  tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in tied)))
        chosen = s.objs[answer.args[0]]
    s.add_log(f"{s.players[rc.controller].name} bolsters {chosen.card.name}", ("701.39a",), "resolve")
    events.add_counters(ctx, chosen, "+1/+1", e.amount, "bolster, CR 701.39a")


def exploit(ctx, e: ir.Exploit, rc) -> None:
    """CR 702.110a-b: as it resolves, its controller may sacrifice one creature they control, the
    exploiting creature itself included; if that creature is still on the battlefield as the
    ability resolves, it "exploits a creature" (Sidisi's Faithful rulings 2015-02-25)."""
    s = ctx.s
    player = rc.controller
    options = tuple(Action(ActionKind.SACRIFICE, (o.id,), f"sacrifice {o.card.name}") for o in s.permanents(player)
                    if ch.is_creature(s, o))
    answer = ctx.ask(Decision(player, DecisionKind.SACRIFICE, "Exploit: sacrifice a creature? (CR 702.110a)",
                              options + (Action(ActionKind.DONE, (), "sacrifice nothing"),)))
    if answer.kind == ActionKind.DONE:
        s.add_log(f"{s.players[player].name} sacrifices nothing to {possessive(rc.card.name)} exploit ability",
                  ("702.110a",), "choice")
        return
    source = s.objs.get(rc.source)
    here = source is not None and source.zone == BATTLEFIELD
    victim = s.objs[answer.args[0]]
    old = source.copy() if here and victim.id == source.id else None
    events.sacrifice(ctx, victim)
    if here:
        s.add_log(f"{rc.card.name} exploits {victim.card.name}", ("702.110b",), "resolve")
        events.collect(ctx, Exploited(rc.source, player, victim.id, old))
    else:
        s.add_log(f"{rc.card.name} has left the battlefield: it exploits nothing", ("702.110b",), "resolve")


def myriad(ctx, e: ir.Myriad, rc) -> None:
    """CR 702.116a: a copy for each opponent other than the defending player; the game has two
    players, so the defending player is the only opponent and no token is created."""
    ctx.s.add_log(f"{possessive(rc.card.name)} myriad: no opponent other than the defending player",
                  ("702.116a",), "resolve")
