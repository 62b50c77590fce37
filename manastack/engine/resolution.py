"""What a resolving spell or ability knows, and the references its effects make (CR 608.2):
amounts, its source as it is or as it last existed (CR 608.2h), the objects and players an
effect names. :func:`execute` carries out effects one IR node at a time, each by the handler
:mod:`.effects` lists for it (reached through :mod:`.upcalls`, since handlers cast spells and pay
costs from above this module)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from manastack.cards import CardDef
from manastack.oracle import ir

from . import characteristics as ch
from . import commanders, exercise, upcalls
from .decisions import Action, ActionKind, Decision, DecisionKind
from .event_types import NOTHING, Seen
from .conditions import devotion
from .filters import has_name, is_player_ref, matches, objects_matching, party_size, player_of, player_ref
from .influence import holder, object_within
from .mechanics.merged import times_mutated
from .runner import Ctx
from .wording import possessive
from .state import ItemKind, Obj, attached_object, enchanted_player, exiled_with
from .zones import BATTLEFIELD, EXILE, GRAVEYARD, STACK


_PUBLIC = (BATTLEFIELD, GRAVEYARD, EXILE, STACK)     # CR 400.2


@dataclass
class ResolutionContext:
    """What a resolving spell or ability knows: its controller, source, chosen targets (with
    those no longer legal removed, CR 608.2b), X, the event that triggered it and its modes."""

    controller: int
    source: int
    card: CardDef
    targets: list
    x: int
    event: Seen               # what the triggered ability saw; NOTHING when none
    modes: tuple
    mana_output: tuple | None = None
    tapped_for_mana: bool = False
    source_lki: Obj | None = field(default=None)
    exiled: list = field(default_factory=list)     # cards this resolution exiled ("that card")
    revealed: list = field(default_factory=list)   # the card it revealed and put into a hand
    unable: list = field(default_factory=list)   # the players the last edict named who chose nothing (701.21a)
    did: bool = True    # whether the last optional action was done, for "When you do" (603.12)
    created: list = field(default_factory=list)    # ids of the tokens this resolution created
    damaged: list = field(default_factory=list)    # ids of the permanents it dealt damage to
    destroyed: list = field(default_factory=list)  # the permanents it destroyed, as they last were
    life_lost: int = 0      # life the players lost to this resolution so far (CR 119.3)
    drawn: int = 0          # cards drawn by this resolution so far (CR 121.1), "drawn this way"
    discarded: list = field(default_factory=list)  # the cards it discarded, as they were ("discarded this way")
    milled: list = field(default_factory=list)    # the cards its last mill put into graveyards (CR 701.17a)
    counted: dict = field(default_factory=dict)    # "sacrificed", "exiled" -> permanents so far (608.2c)
    chosen: dict = field(default_factory=dict)     # filter -> the permanent chosen for it
    won_clash: bool = False     # the controller won the clash this resolution did (CR 701.30d)
    won_flip: bool | None = None    # the controller won (lost) the coin flip; None: no flip (CR 705.2)
    shares: dict = field(default_factory=dict)    # target phrase -> {target: its share} (CR 601.2d)
    votes: list = field(default_factory=list)     # (voter, choice) for each vote cast (CR 701.38a)
    # "each opponent ... unless they pay": the players "each opponent" (each player, each other
    # player) names while the effect happens, those who didn't pay (CR 118.12, 101.4); None: all
    among: frozenset[int] | None = None
    voter: int | None = None    # "the voter" of the vote "For each money vote, ..." is doing (CR 701.38a)


def division_shares(item) -> dict:
    """The division announced for a stack object (CR 601.2d), per target phrase: each chosen
    target's share, kept for the targets still legal as it resolves (CR 608.2b)."""
    return {i: dict(zip(item.targets[i], shares)) for i, shares in enumerate(item.division)
            if shares and i < len(item.targets)}


def execute(ctx: Ctx, effects, rc: ResolutionContext) -> None:
    for effect in effects:
        handler = upcalls.effect_handler(type(effect))
        if handler is None:
            raise NotImplementedError(f"no executor for {type(effect).__name__}")
        if exercise.RECORD is not None:
            exercise.note("EFFECTS", type(effect).__name__, rc.card)
            if hasattr(effect, "duration"):
                exercise.note("DURATIONS", effect.duration, rc.card)
        handler(ctx, effect, rc)


def amount(ctx: Ctx, a, rc: ResolutionContext) -> int:
    if isinstance(a, int):
        return a
    if isinstance(a, ir.X):
        return rc.x
    if isinstance(a, ir.EventAmount):
        return rc.event.amount or 0
    if isinstance(a, ir.CountOf):
        src = source_obj(ctx, rc)
        return len(objects_matching(ctx.s, a.filter, src, rc.controller)) * a.multiplier
    if isinstance(a, ir.CountersOn):
        # CR 603.10a: a source that left is seen as it last existed (the trigger kept its counters)
        src = ctx.s.objs.get(rc.source)
        if src is not None and src.zone == BATTLEFIELD:
            counters = src.counters
        else:
            counters = rc.event.counters or (rc.source_lki.counters if rc.source_lki else {})
        return counters.get(a.kind, 0) * a.multiplier
    if isinstance(a, ir.VoteCount):                 # "for each death vote" (CR 701.38)
        return sum(1 for _, c in rc.votes if c == a.choice) * a.multiplier
    if isinstance(a, ir.LifeLostThisWay):
        return rc.life_lost
    if isinstance(a, ir.DrawnThisWay):
        return rc.drawn * a.multiplier
    if isinstance(a, ir.CountedThisWay):     # "Sacrifice any number of lands. ... that many"
        return rc.counted.get(a.verb, 0)
    if isinstance(a, ir.DestroyedThisWay):       # as they last existed on the battlefield (CR 608.2h)
        src = source_obj(ctx, rc)
        return sum(1 for o in rc.destroyed if matches(ctx.s, o, a.filter, src, rc.controller)) * a.multiplier
    if isinstance(a, ir.TimesKicked):
        src = source_obj(ctx, rc)
        return (src.cast_costs.count("kicker") if src is not None else 0) * a.multiplier
    if isinstance(a, ir.PartySize):                 # CR 700.8
        return party_size(ctx.s, rc.controller) * a.multiplier
    if isinstance(a, ir.CommanderCasts):                 # CR 903.8
        return commanders.total_casts(ctx.s.players[rc.controller]) * a.multiplier
    if isinstance(a, ir.SpellsCastThisTurn):             # CR 601.2i
        return ctx.s.players[rc.controller].spells_cast_this_turn * a.multiplier
    if isinstance(a, ir.Half):                           # CR 107.1a
        n = amount(ctx, a.count, rc)
        return (n + 1) // 2 if a.round_up else n // 2
    if isinstance(a, ir.LifeTotal):                      # CR 119.1; 0 if negative (107.1b)
        return max(0, ctx.s.players[rc.controller].life) * a.multiplier
    if isinstance(a, ir.DevotionCount):                  # CR 700.5
        return devotion(ctx.s, rc.controller, a.colors) * a.multiplier
    if isinstance(a, ir.StatOf):
        return stat_of(ctx, a, rc)
    if isinstance(a, ir.TimesMutated):       # CR 702.140, 608.2h: as it last existed if it left
        src = source_obj(ctx, rc)
        return times_mutated(src) if src is not None else 0
    if isinstance(a, ir.Minus):
        return _minus(a, amount(ctx, a.count, rc))
    if isinstance(a, ir.Plus):
        return a.n + amount(ctx, a.count, rc)
    if isinstance(a, ir.BlockersBeyondFirst):       # rampage, CR 702.23b: counted on resolution
        blockers = sum(1 for o in ctx.s.permanents() if rc.source in o.blocking)
        return max(0, blockers - 1) * a.multiplier
    if isinstance(a, ir.OpponentsAttacked):         # melee, CR 702.121a: players, not planeswalkers
        s = ctx.s
        if s.active != rc.controller:
            return 0
        return sum(1 for p in s.combat.get("players_attacked", ()) if p != rc.controller)
    raise TypeError(f"unknown amount {a!r}")


def _minus(a: ir.Minus, count: int) -> int:
    """A count less a number, or a number less a count; a negative result is 0 (CR 107.1b)."""
    return max(0, a.n - count if a.from_n else count - a.n)


def count_for_player(ctx: Ctx, a, player: int, rc: ResolutionContext) -> int:
    """"the number of lands they control", counted for ``player`` as the effect happens: the
    permanents they control, the cards in their hand they own, or the permanents attached to
    them ("the number of Curses attached to them"; also less or from a number)."""
    if isinstance(a, ir.Minus):
        return _minus(a, count_for_player(ctx, a.count, player, rc))
    found = objects_matching(ctx.s, a.filter, source_obj(ctx, rc), player)
    if a.attached:          # "attached to them" (CR 303.4b)
        return sum(1 for o in found if o.zone == BATTLEFIELD and enchanted_player(o) == player) * a.multiplier
    return sum(1 for o in found if (o.controller if o.zone == BATTLEFIELD else o.owner) == player) * a.multiplier


def stat_of(ctx: Ctx, a: ir.StatOf, rc: ResolutionContext) -> int:
    """CR 608.2h: a characteristic of the object as it is, or as it last existed in the zone
    it left during this resolution (a creature Swords to Plowshares exiled)."""
    seen = rc.event.last_known
    if a.what == ir.Ref("triggering_object") and seen is not None and not _still_there(ctx, rc.event):
        return max(0, seen[a.stat])     # it left (CR 603.10a): as it last existed
    if a.what == ir.Ref("self") and seen is not None and rc.event.old == rc.source \
            and rc.source not in ctx.s.objs:    # "When ~ dies, ... its power": as it left (603.10a)
        return max(0, seen[a.stat])
    if a.what == ir.Ref("triggering_spell"):   # the spell a cast trigger saw, as cast (CR 202.3)
        return rc.event.mana_value or 0
    if a.what == ir.Ref(ir.SACRIFICED):        # sacrificed to pay the cost (CR 608.2h)
        if exercise.RECORD is not None:
            exercise.note("REFS", ir.SACRIFICED, rc.card)
        paid = rc.event.sacrificed
        return max(0, paid[a.stat]) if paid else 0
    objs = known_objects(ctx, a.what, rc)
    if not objs:
        return 0
    o = objs[0]
    if a.stat == "mana_value":
        return ch.mana_value(o)
    value = ch.power(ctx.s, o) if a.stat == "power" else ch.toughness(ctx.s, o)
    return max(0, value)      # a negative number of life is no life (CR 107.1b)


def _still_there(ctx: Ctx, event) -> bool:
    """Whether the permanent an "enters" trigger saw is still on the battlefield, the same
    object: then "its power" is its power now, not as it entered (CR 608.2h)."""
    o = ctx.s.objs.get(event.obj) if event.obj is not None and event.to == BATTLEFIELD else None
    return o is not None and o.zone == BATTLEFIELD


def known_objects(ctx: Ctx, subject, rc: ResolutionContext) -> list[Obj]:
    """The objects ``subject`` names, for information: each as it is now, or as it last
    existed if it changed zones during this resolution (CR 608.2h)."""
    if isinstance(subject, ir.Target):
        if subject.index >= len(rc.targets):
            return []
        out = []
        for t in rc.targets[subject.index]:
            if isinstance(t, int):
                o = ctx.s.objs.get(t) or ctx.lki.get(t)
                if o is not None:
                    out.append(o)
            elif isinstance(t, str) and t.startswith("s"):      # a spell still on the stack
                item = next((i for i in ctx.s.stack if i.id == int(t[1:])), None)
                if item is not None and item.kind == ItemKind.SPELL and item.source in ctx.s.objs:
                    out.append(ctx.s.objs[item.source])
                elif t in ctx.lki:      # countered by this resolution: as it last existed (CR 608.2h)
                    out.append(ctx.lki[t])
        return out
    return [o for o in resolve_subject(ctx, subject, rc) if isinstance(o, Obj)]


def source_obj(ctx: Ctx, rc: ResolutionContext) -> Obj | None:
    o = ctx.s.objs.get(rc.source)
    return o if o is not None else rc.source_lki


def defending_player(ctx: Ctx, rc: ResolutionContext) -> list[int]:
    """CR 508.5, 802.2a: "the defending player" of an ability of an attacking creature is the
    player that creature attacks (or who controls the planeswalker it attacks); of another
    ability, the one the attacking creature it names attacks. With two players, the opponent
    (CR 506.2). A creature no longer attacking (removed from combat, or gone) still names the
    player it attacked when its ability triggered (508.5, kept on the event). Failing all that,
    with several players attacked, the controller chooses one of them (CR 508.5a), once for
    the resolution."""
    s, seen, controller = ctx.s, rc.event, rc.controller
    if len(s.players) == 2:
        return [1 - controller]
    src = source_obj(ctx, rc)
    for o in (src, s.objs.get(seen.obj) if seen.obj is not None else None):
        if o is not None and o.zone == BATTLEFIELD and o.attacking is not None:
            return [o.attacking]
    if isinstance(seen.defender, int):
        return [seen.defender]
    attacked = {s.objs[i].attacking for i in s.combat.get("attackers", ()) if i in s.objs}
    order = [p for p in s.in_turn_order(s.active) if p in attacked and p != controller]
    if len(order) < 2:
        return order or s.opponents(controller)[:1]
    answer = ctx.ask(Decision(controller, DecisionKind.CHOOSE_PLAYER,
                              f"{rc.card.name}: choose the defending player it refers to (CR 508.5a)",
                              tuple(Action(ActionKind.CHOOSE, (p,), f"defending player: {s.players[p].name}")
                                    for p in order)))
    chosen = answer.args[0]
    s.add_log(f"{s.players[controller].name} chooses {s.players[chosen].name} as the defending player of "
              f"{possessive(rc.card.name)} ability", ("508.5a",), "choice")
    rc.event = replace(seen, defender=chosen)       # the same player for the rest of the resolution
    return [chosen]


def resolve_subject(ctx: Ctx, subject, rc: ResolutionContext) -> list:
    """Objects (Obj) and players (int) a subject stands for now. With a limited range of
    influence, only those within the controller's range: a spell or ability neither affects
    nor sees a player or object outside it ("each opponent" is each one within it; CR 801.10,
    801.11)."""
    found = _subject(ctx, subject, rc)
    reach = ctx.s.reach
    if reach is None or not found:
        return found
    near = reach[rc.controller]
    return [x for x in found if (x in near if isinstance(x, int) else
                                 holder(x) in near if isinstance(x, Obj) else True)]


def _subject(ctx: Ctx, subject, rc: ResolutionContext) -> list:
    s = ctx.s
    if isinstance(subject, ir.Target):
        out: list = []
        if subject.index >= len(rc.targets):
            return out
        for t in rc.targets[subject.index]:
            if is_player_ref(t):
                out.append(player_of(t))
            elif isinstance(t, str) and t.startswith("s"):
                out.append(t)
            elif t in s.objs:
                out.append(s.objs[t])
            elif t in ctx.moved:
                out += became_all(ctx, t)
        return out
    if isinstance(subject, ir.WithSameName):    # the target, and the others of its name
        return _with_same_name(ctx, subject, rc)
    if isinstance(subject, ir.ChosenOwnedBy):   # "choose a permanent owned by the voter"
        owners = [p for p in _subject(ctx, subject.owner, rc) if isinstance(p, int)]
        found = [o for o in objects_matching(s, bound_x(subject.filter, rc), source_obj(ctx, rc), rc.controller)
                 if o.owner in owners]
        return _choose_one(ctx, found, rc)
    if isinstance(subject, ir.PlayerOrPlaneswalker):    # "that player or a planeswalker that player controls"
        return _player_or_planeswalker(ctx, subject, rc)
    if isinstance(subject, ir.ControlledBy):    # "each creature target player controls"
        players = [p for p in resolve_subject(ctx, subject.player, rc) if isinstance(p, int)]
        return [o for o in objects_matching(s, bound_x(subject.filter, rc), source_obj(ctx, rc), rc.controller)
                if (o.controller if o.zone == BATTLEFIELD else o.owner) in players]   # CR 108.4a
    name = subject.name
    if exercise.RECORD is not None:
        exercise.note("REFS", name, rc.card)
    if name == "self":
        o = source_obj(ctx, rc)
        return [o] if o is not None else []
    if name == ir.DAMAGED_THIS_WAY:     # "a creature (permanent) dealt damage this way"
        return [s.objs[i] for i in rc.damaged if i in s.objs
                and (subject.filter is None or matches(s, s.objs[i], subject.filter, source_obj(ctx, rc)))]
    if name == ir.EXILED_CARDS:         # CR 607.2a: what the source's linked ability exiled
        return exiled_with(s, rc.source)
    if name == ir.REVEALED:             # the card revealed and put into a hand, where it is now
        return [s.objs[i] for i in rc.revealed if i in s.objs]
    if name == ir.DISSENTERS:           # CR 701.38: opponents who voted for a choice "you" didn't
        votes = rc.event.votes or ()
        mine = {c for v, c in votes if v == rc.controller}
        return sorted({v for v, c in votes if c not in mine and v != rc.controller and not s.players[v].lost})
    if name == ir.UNABLE_TO_SACRIFICE:  # CR 701.21a: named by the edict before, nothing sacrificed
        return [p for p in rc.unable if not s.players[p].lost]
    if name == ir.MOST_VOTES:           # CR 701.38b: the objects the vote chose most often
        tally = Counter(c for _, c in rc.votes)
        most = max(tally.values(), default=0)
        return [s.objs[i] for i, n in tally.items() if n == most and i in s.objs]
    if name == ir.OPPONENTS_ATTACKING:  # opponents attacking the enchanted player, not its planeswalkers
        p = enchanted_player(source_obj(ctx, rc))
        attackers = [s.objs[i] for i in s.combat.get("attackers", ()) if i in s.objs]
        walkers = {a for a, _ in s.combat.get("planeswalkers", ())}
        return sorted({o.controller for o in attackers if o.zone == BATTLEFIELD and o.attacking == p
                       and o.id not in walkers and o.controller != rc.controller
                       and not s.players[o.controller].lost})
    if name == ir.OTHER_THAN_TRIGGERING_PLAYER:   # "each other player": but the one the trigger names
        return [p.index for p in s.players if p.index != rc.event.player and not p.lost]
    if name == ir.ATTACKING_PLAYER:     # CR 506.2: the active player attacks
        return [s.active] if not s.players[s.active].lost else []
    if name == ir.VOTER:                # CR 701.38a: who cast the vote "For each money vote" is at
        return [rc.voter] if rc.voter is not None and not s.players[rc.voter].lost else []
    if name == "you":
        return [rc.controller]
    if name == "each_opponent" or name == "each_other_player":
        # CR 102.3: in a free-for-all game every other player is an opponent
        return [p.index for p in s.players if p.index != rc.controller and not p.lost
                and (rc.among is None or p.index in rc.among)]
    if name == "each_player":
        return [p.index for p in s.players if not p.lost and (rc.among is None or p.index in rc.among)]
    if name == "target_controller":
        chosen = rc.targets[0] if rc.targets else []
        if chosen and isinstance(chosen[0], str) and chosen[0].startswith("p"):
            return [int(chosen[0][1:])]     # "that player or that permanent's controller": the player
        first = known_objects(ctx, ir.Target(0), rc)    # as it last existed (CR 608.2h)
        return [first[0].controller] if first else []
    if name == ir.TARGET_OWNER:
        first = known_objects(ctx, ir.Target(0), rc)    # where it is now, or as it last existed
        return [first[0].owner] if first else []
    if name in ("enchanted", "equipped"):
        src = source_obj(ctx, rc)
        if src is not None and src.attached_to in s.objs:
            return [s.objs[src.attached_to]]
        return []
    if name == ir.ENCHANTED_PLAYER:     # CR 303.4b, 608.2h: the player the Aura enchants (enchanted)
        p = enchanted_player(source_obj(ctx, rc))
        return [p] if p is not None and not s.players[p].lost else []
    if name == "attached_controller":
        src = source_obj(ctx, rc)
        at = attached_object(src) if src is not None else None
        host = s.objs.get(at) if at is not None else None
        return [host.controller] if host is not None else []
    if name == "defending_player":
        return defending_player(ctx, rc)
    seen = rc.event
    if name == "triggering_controller":
        # the controller of the object whose event triggered the ability: of a permanent that
        # entered, its controller now while it is still there, else as it was (CR 608.2h)
        ctl = seen.controller
        o = s.objs.get(seen.obj) if seen.obj is not None else None
        if o is not None and seen.to == BATTLEFIELD and o.zone == BATTLEFIELD:
            return [o.controller]
        if ctl is not None:
            return [ctl]
        return [o.controller] if o is not None else []
    if name == "triggering_player":
        p = seen.player
        if p is None and seen.dealt:
            rcp = seen.dealt[0][1]
            p = player_of(rcp) if is_player_ref(rcp) else None
        return [p] if p is not None else []
    if name == "triggering_spell":
        # the spell or ability whose targeting triggered the ability (ward, CR 702.21a)
        return [f"s{seen.item}"] if seen.item is not None else []
    if name == "triggering_object":
        o = s.objs.get(seen.obj) if seen.obj is not None else None
        return [o] if o is not None else []
    if name == "damaged_object":      # "deals damage to a creature, destroy that creature"
        rcp = seen.dealt[0][1] if seen.dealt else None
        o = s.objs.get(rcp) if isinstance(rcp, int) else None
        return [o] if o is not None and o.zone == BATTLEFIELD else []
    if name == "all":
        return objects_matching(s, bound_x(subject.filter, rc), source_obj(ctx, rc), rc.controller)
    if name == "chosen":
        return _chosen(ctx, bound_x(subject.filter, rc), rc)
    if name == "created":
        # CR 111.1, 400.7: the tokens made earlier by this ability, while they are still the
        # same objects (a delayed ability keeps their ids, CR 603.7c)
        return [s.objs[i] for i in rc.created if i in s.objs]
    raise ValueError(f"unknown reference {name!r}")


def _with_same_name(ctx: Ctx, subject: ir.WithSameName, rc: ResolutionContext) -> list:
    """"Target permanent and all other permanents with the same name as that permanent": the
    target while it is legal, and each other object the description names that has the name
    the target has now, or had as it last existed (CR 201.2, 608.2h); untargeted, so hexproof
    and protection don't stop them (the rulings of Maelstrom Pulse and Bile Blight)."""
    here = _subject(ctx, subject.target, rc)
    known = known_objects(ctx, subject.target, rc)
    if not known:
        return here
    name = known[0].card.name
    found = objects_matching(ctx.s, bound_x(subject.filter, rc), source_obj(ctx, rc), rc.controller)
    return here + [o for o in found if o.id != known[0].id and all(o is not h for h in here) and has_name(o, name)]


def _chosen(ctx: Ctx, f: ir.Filter, rc: ResolutionContext) -> list:
    """"a land you control": the controller chooses one such permanent as the effect happens
    (CR 608.2d), once per resolution: "it" later names the same one. None, if there is none."""
    s = ctx.s
    if f in rc.chosen:
        o = s.objs.get(rc.chosen[f])
        return [o] if o is not None else []
    found = _choose_one(ctx, objects_matching(s, f, source_obj(ctx, rc), rc.controller), rc)
    rc.chosen[f] = found[0].id if found else None
    return found


def _player_or_planeswalker(ctx: Ctx, subject: ir.PlayerOrPlaneswalker, rc: ResolutionContext) -> list:
    """The controller chooses, as the effect happens, the player or one planeswalker that player
    controls (CR 608.2d); with no planeswalker, the player, without a question."""
    s = ctx.s
    players = [p for p in resolve_subject(ctx, subject.player, rc) if isinstance(p, int)]
    if not players:
        return []
    p = players[0]
    walkers = [o for o in s.permanents() if o.controller == p and ch.is_type(s, o, "Planeswalker")]
    if s.reach is not None:         # CR 801.5a: within the chooser's range of influence
        walkers = [o for o in walkers if object_within(s, rc.controller, o)]
    if not walkers:
        return [p]
    options = (Action(ActionKind.PLAYER, (player_ref(p),), s.players[p].name),) + \
        tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in walkers)
    answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_PERMANENT,
                              f"{rc.card.name}: {s.players[p].name} or a planeswalker they control?", options))
    chosen = p if answer.kind == ActionKind.PLAYER else s.objs[answer.args[0]]
    s.add_log(f"{s.players[rc.controller].name} chooses {s.players[p].name if chosen == p else s.objs[answer.args[0]].card.name}"
              f" for {rc.card.name}", ("608.2d",), "choice")
    return [chosen]


def _choose_one(ctx: Ctx, found: list, rc: ResolutionContext) -> list:
    """The controller chooses one of ``found`` as the effect happens (CR 608.2d), one within
    their range of influence (CR 801.5a); none, if there is none."""
    s = ctx.s
    if s.reach is not None:
        found = [o for o in found if object_within(s, rc.controller, o)]
    if not found:
        return []
    options = tuple(Action(ActionKind.CHOOSE, (o.id,), o.card.name) for o in found)
    answer = ctx.ask(Decision(rc.controller, DecisionKind.CHOOSE_PERMANENT, f"{rc.card.name}: choose one",
                              options)) \
        if len(options) > 1 else options[0]
    s.add_log(f"{s.players[rc.controller].name} chooses {s.objs[answer.args[0]].card.name} for "
              f"{rc.card.name}", ("608.2d",), "choice")
    return [s.objs[answer.args[0]]]


def named_objects(ctx, subject, rc) -> list[Obj]:
    """The objects an effect acts on: only ones still in the game as those same objects
    (CR 400.7), and not phased out (CR 702.26b); last known information may be read (a damage
    source) but not moved."""
    objs = ctx.s.objs
    out = [o for o in resolve_subject(ctx, subject, rc)
           if isinstance(o, Obj) and objs.get(o.id) is o and not o.phased_out]     # CR 702.26b
    if not out and subject == ir.Ref("self"):
        out = _source_became(ctx, rc)
    return out


def became(ctx: Ctx, oid: int) -> Obj | None:
    """CR 400.7j: the object that ``oid`` became when effects of this resolution moved it to a
    public zone (and on, if they moved it again: exiled, then returned), if it is still there."""
    seen = set()
    while oid in ctx.moved and oid not in seen:
        seen.add(oid)
        oid = ctx.moved[oid]
    o = ctx.s.objs.get(oid)
    return o if o is not None and o.zone in _PUBLIC else None


def became_all(ctx: Ctx, oid: int) -> list[Obj]:
    """:func:`became`, and when ``oid`` was a merged permanent, the new objects of its other
    cards too, those still in that public zone (CR 729.3c)."""
    new = became(ctx, oid)
    if new is None:
        return []
    objs = ctx.s.objs
    others = [objs[i] for i in ctx.moved_with.get(new.id, ()) if i in objs and objs[i].zone == new.zone]
    return [new] + others


def _source_became(ctx, rc) -> list[Obj]:
    """The new object the source became, if it is still in the public zone it went to: moved
    by an earlier effect of this resolution ("Exile ~, then return it to the battlefield",
    CR 400.7j), or by the event an ability triggered on ("When ~ is put into a graveyard from
    the battlefield, return ~ to its owner's hand", CR 400.7e)."""
    if rc.source in ctx.s.objs:
        return []
    if rc.source in ctx.moved:
        return became_all(ctx, rc.source)
    ev = rc.event
    if ev.old != rc.source or ev.obj is None:
        return []
    new = ctx.s.objs.get(ev.obj)
    return [new] if new is not None and new.zone in _PUBLIC else []


def named_players(ctx, subject, rc) -> list[int]:
    """The players ``subject`` names who are still in the game: an effect does nothing to a
    player who has left it ("that player", "defending player"; CR 800.4a)."""
    players = ctx.s.players
    return [p for p in resolve_subject(ctx, subject, rc) if isinstance(p, int) and not players[p].lost]


def bound_x(f: ir.Filter, rc: ResolutionContext) -> ir.Filter:
    """A description "with mana value X or less" read with the X of this resolution (CR 107.3)."""
    return ir.with_x(f, rc.x)


def objects_match(ctx, o, f, rc) -> bool:
    return matches(ctx.s, o, bound_x(f, rc), source_obj(ctx, rc), rc.controller)
