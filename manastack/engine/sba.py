"""State-based actions (CR 704): checked whenever a player would receive priority, all at once,
and again until none happens (CR 704.3). Ascend's static ability on a permanent (CR 702.131b)
isn't one, but is seen at the same moments: a player who controls ten or more permanents, one of
them with ascend, gets the city's blessing; nor is soulbond's unpairing (CR 702.95e), done then too."""
from __future__ import annotations

from operator import attrgetter

from manastack.oracle import ir

from . import characteristics as ch
from . import commanders, control, events, exercise, influence
from .mechanics import sagas, soulbond
from .board_facts import kept
from .continuous import board_memo
from .aura_placement import may_enchant, may_enchant_player
from .filters import cant_lose, protected_from, protected_player_from
from .decisions import Action, ActionKind, Decision
from .game_end import end_game
from .runner import Ctx
from .state import Obj, Player, PlayerRef
from .mechanics.bestow import bestowed, stop_bestowed
from .abilities import keyword
from .keyword_effects import give_city_blessing
from .zones import BATTLEFIELD, COMMAND, GRAVEYARD


def check(ctx: Ctx) -> bool:
    """Perform state-based actions until none applies; returns whether any did."""
    any_done = control.refresh(ctx)      # control effects whose duration ended (CR 611.2b, 613.1b)
    soulbond.refresh(ctx)                # pairings that ended (CR 702.95e), seen at the same moments
    while _once(ctx):
        control.refresh(ctx)
        soulbond.refresh(ctx)
        any_done = True
        if ctx.s.result is not None:
            break
    forget_deathtouch(ctx.s)
    for p in ctx.s.players:     # CR 704.5b looks back only to the previous check (a player who can't lose)
        if p.drew_from_empty and not p.lost:
            p.drew_from_empty = False
    return any_done


def forget_deathtouch(s) -> None:
    """CR 704.5h looks back only to the previous check of state-based actions. Looked at once
    per state version (:meth:`State.facts`): a mark is set only with damage, which is logged,
    and clearing marks is a change too (a new version), so a state that shares the record of
    a version has the same marks, and a player receiving priority again (a pass, the replay
    of an answer) finds them looked at already."""
    facts = s.facts()
    if "unmarked" in facts:
        return
    objs = s.objs
    if any(map(_DEATHTOUCHED, map(objs.__getitem__, s.battlefield))):     # seldom: see first, in C
        for i in s.battlefield:
            if objs[i].deathtouched:
                s.own(i).deathtouched = False
        s.version += 1
        facts = s.facts()
    facts["unmarked"] = True


_DEATHTOUCHED = attrgetter("deathtouched")


def none_apply(s) -> bool:
    """Whether no state-based action applies now; found once per state version
    (:meth:`State.facts`), so a player receiving priority again with nothing changed (a pass)
    doesn't look again. A draw from an empty library not yet looked at (by a player who can't
    lose) asks for a check, which forgets it (CR 704.5b)."""
    if any(p.drew_from_empty and not p.lost for p in s.players):
        return False
    facts = s.facts()
    found = facts.get("no_sba")
    if found is None:
        found = facts["no_sba"] = not find(s)
    return found


def find(s) -> list[tuple[str, object, str, str]]:
    """The state-based actions that apply now, without performing them (CR 704.5):
    (kind, player or object, why, rule) tuples; the legend rule (CR 704.5j) is included."""
    found: list[tuple[str, object, str, str]] = []
    for p in s.players:
        if p.lost:
            continue
        loss: tuple[str, str] | None = None
        if p.life <= 0:
            loss = "life total 0 or less", "704.5a"
        elif p.drew_from_empty:
            loss = "drew from an empty library", "704.5b"
        elif p.poison >= 10:
            loss = "ten or more poison counters", "704.5c"
        elif p.commander_damage and (lethal := commanders.lethal_commander(p)) is not None:
            loss = f"{lethal[2]} combat damage from the commander {lethal[1]}", "704.6c"
        if loss is not None and cant_lose(s, p.index) is None:      # Platinum Angel (CR 104.3)
            found.append(("lose", p, *loss))
    legends: dict[tuple[int, str], int] = {}
    counts = [0] * len(s.players)           # permanents each player controls, for ascend
    # the permanents found with nothing to do, each as the object it was then; legendary ones
    # and those attached to another are looked at every time, as their checks read others
    clean = kept(s, _CLEAN_KEY)
    objs, cow = s.objs, s.cow
    for i in s.battlefield:
        o = objs[i]
        counts[o.controller] += 1
        if clean is not None and (was := clean.get(i)) is not None and was[0] is o:
            continue                        # the same object as when found clean (board_facts)
        card = o.card
        before = len(found)
        if ch.is_creature(s, o):
            t = ch.toughness(s, o)
            if t <= 0:
                found.append(("die", o, "toughness 0 or less", "704.5f"))
            elif o.damage >= t and not ch.has(s, o, "indestructible"):
                found.append(("die", o, "lethal damage", "704.5g"))
            elif o.deathtouched and o.damage > 0 and not ch.has(s, o, "indestructible"):
                found.append(("die", o, "damage from a source with deathtouch", "704.5h"))
        elif o.attacking is not None or o.blocking:
            # not a state-based action: a permanent that stops being a creature (a God whose
            # devotion fell) leaves combat at once (CR 506.4); found here, before anyone acts again
            found.append(("leave_combat", o, "no longer a creature", "506.4"))
        if "Planeswalker" in ch.card_types(s, o) and o.counters.get("loyalty", 0) <= 0:
            # its types now: a static ability may have taken the type away (CR 205.1a, 613.1d)
            found.append(("die", o, "loyalty 0", "704.5i"))       # CR 306.9
        subtypes = card.subtypes
        if "Aura" in subtypes:
            # a bestowed Aura stops being bestowed instead (CR 702.103f, an exception to 704.5m)
            kind, rule = ("unbestow", "702.103f") if bestowed(o) else ("die", "704.5m")
            if type(o.attached_to) is PlayerRef:
                # CR 303.4c, 704.5m: the player left the game, isn't one it may enchant, or has
                # protection from it (CR 702.16c)
                p = o.attached_to.index
                if not may_enchant_player(s, o, p):
                    why = "left the game" if s.players[p].lost else "has protection from it (CR 702.16c)" \
                        if protected_player_from(s, p, o) is not None else \
                        "is outside its controller's range of influence (CR 801.8)" \
                        if not influence.within(s, o.controller, p) else "is a player it can't enchant"
                    found.append((kind, o, f"an Aura attached to a player who {why}", rule))
            elif o.attached_to is None or o.attached_to not in s.objs:
                found.append((kind, o, "an Aura attached to nothing", rule))
            elif not may_enchant(s, o, host := s.objs[o.attached_to]):
                protected = "protection" in ch.keywords(s, host) and protected_from(s, host, o, attached=True)
                found.append((kind, o, "an Aura on a permanent with protection from it (CR 702.16c)" if protected
                              else "an Aura attached to what it can't enchant", rule))
        if o.counters and o.counters.get("+1/+1") and o.counters.get("-1/-1"):
            found.append(("annihilate", o, "+1/+1 and -1/-1 counters", "704.5q"))
        if ("Equipment" in subtypes or "Fortification" in subtypes) and o.attached_to is not None:
            # a Fortification is to lands what an Equipment is to creatures (CR 301.6)
            host = s.objs.get(o.attached_to)
            what = "equipment" if "Equipment" in subtypes else "a Fortification"
            if host is None or not (ch.is_creature(s, host) if "Equipment" in subtypes else ch.is_type(s, host, "Land")):
                found.append(("unattach", o, f"{what} attached to an illegal permanent", "704.5n"))
            elif not influence.object_within(s, o.controller, host):
                found.append(("unattach", o, f"{what} attached to a permanent outside its controller's range "
                              "of influence (CR 801.9)", "704.5n"))
            elif "protection" in ch.keywords(s, host) and protected_from(s, host, o, attached=True) is not None:
                found.append(("unattach", o, f"{what} attached to a permanent with protection from it "
                              "(CR 702.16d)", "704.5n"))
        if "Legendary" in ch.supertypes(s, o):      # layer 4 may add it (CR 205.4d)
            key = (o.controller, card.name)
            legends[key] = legends.get(key, 0) + 1
        elif clean is not None and len(found) == before and cow.get(i) is o and _LINKED.isdisjoint(subtypes):
            clean[i] = (o,)
    for player, n in enumerate(counts):
        if n >= 10 and not s.players[player].city_blessing:
            # ascend as printed only (support._PRINTED_ONLY); looked for only once ten are there
            memo = board_memo(s)
            holders = memo.get(_ASCEND_KEY)
            if holders is None:         # found once per battlefield
                holders = memo[_ASCEND_KEY] = tuple(i for i in s.battlefield
                                                    if keyword(objs[i].card, "ascend") is not None)
            card = next((objs[i].card for i in holders if objs[i].controller == player), None)
            if card is not None:
                found.append(("city_blessing", (s.players[player], card), "ten or more permanents and ascend",
                              "702.131b"))
    if s.variant:
        for o in commanders.returnable(s):
            found.append(("command_zone", o, "a commander put into a graveyard or exile", "704.6d"))
    for o in sagas.to_sacrifice(s):
        found.append(("sacrifice", o, "its lore counters reached its final chapter", "714.4"))
    legend_rule = not any(ch.static_effects(s, ir.StaticNoLegendRule)) if legends else True   # Mirror Gallery
    for (player, name), n in legends.items():
        if n > 1 and legend_rule:
            found.append(("legend", (player, name), "legend rule", "704.5j"))
        elif n > 1 and exercise.RECORD is not None:
            src, _ = next(ch.static_effects(s, ir.StaticNoLegendRule))
            exercise.note("STATIC_KINDS", "no_legend_rule", src.card)
    return found


_CLEAN_KEY = ("sba clean",)       # board_facts' record: the permanents found with no action
_ASCEND_KEY = ("ascend",)         # board_memo's key: the permanents with ascend as printed
# an Aura's or Equipment's state-based actions read the permanent it is attached to
_LINKED = frozenset({"Aura", "Equipment", "Fortification"})


LOSS_RULES = {"704.5a": "104.3b", "704.5b": "104.3c", "704.5c": "104.3d",   # life, library, poison
              "704.6c": "903.10a"}                                         # commander damage


def _once(ctx: Ctx) -> bool:
    """Perform every state-based action that applies, simultaneously (CR 704.3)."""
    s = ctx.s
    found = find(s)
    if not found:
        return False
    losers = [p for kind, p, _, _ in found if kind == "lose"]
    for kind, p, why, rule in found:
        if kind == "lose" and type(p) is Player:
            p.lost = True
            p.loss_reason = why
            s.add_log(f"{p.name} loses the game: {why}", (rule, LOSS_RULES[rule]), "sba")
    if losers:
        end_game(ctx)
        return True
    for kind, o, why, rule in found:
        if kind == "city_blessing" and type(o) is tuple:      # kept for the rest of the game (CR 702.131b-c)
            player, card = o
            give_city_blessing(s, player, card, rule)
        elif type(o) is not Obj:        # a player's loss, the legend rule: above and below
            continue
        elif kind == "annihilate":
            events.annihilate_counters(ctx, o, (rule,))
        elif kind == "unattach":
            o = events.unattach(ctx, o, (rule,), quiet=True)
            s.add_log(f"{o.card.name} becomes unattached ({why})", (rule,), "sba")
        elif kind == "unbestow":
            o = events.unattach(ctx, o, (rule,), quiet=True)     # the line below says it
            stop_bestowed(s, o, rule, f"is {why}")
        elif kind == "leave_combat":
            mine = s.own(o.id)
            mine.attacking, mine.blocking = None, ()
            s.add_log(f"{o.card.name} is removed from combat: {why}", (rule,), "combat")
    with events.together(ctx):      # all at once (CR 704.3): they see each other leave (603.10a)
        for kind, o, why, rule in found:
            if kind == "die" and type(o) is Obj and o.zone == BATTLEFIELD and o.id in s.objs:
                if rule in ("704.5g", "704.5h"):   # "destroyed": regeneration can replace it
                    events.destroy(ctx, o, why, rules=(rule,))
                    continue
                s.add_log(f"{o.card.name} is put into its owner's graveyard ({why})", (rule,), "sba")
                events.move(ctx, o, GRAVEYARD, quiet=True)
        for kind, o, why, rule in found:
            if kind == "sacrifice" and type(o) is Obj and o.zone == BATTLEFIELD and o.id in s.objs:
                s.add_log(f"{o.card.name} is sacrificed: {why}", (rule,), "sba")
                events.sacrifice(ctx, o)
    for kind, key, _, _ in found:
        if kind == "legend" and type(key) is tuple:
            _legend_rule(ctx, *key)
    for kind, o, _, _ in found:
        if kind == "command_zone" and type(o) is Obj and o.id in s.objs:
            _command_zone(ctx, o)
    return True


def _command_zone(ctx: Ctx, o: Obj) -> None:
    """CR 704.6d, 903.9a: the owner of a commander put into a graveyard or exile since the last
    check may put it into the command zone; a commander left there isn't asked about again
    until it is put there anew (a new object, CR 400.7)."""
    s = ctx.s
    owner = s.players[o.owner]
    answer = ctx.ask(Decision(o.owner, "may", f"{o.card.name}, your commander, is in your {o.zone}: put it into "
                              "the command zone? (CR 903.9a)",
                              (Action(ActionKind.YES, (), "put it into the command zone"),
                               Action(ActionKind.NO, (), f"leave it in your {o.zone}"))))
    if answer.kind == ActionKind.YES:
        s.add_log(f"{owner.name} puts {o.card.name}, their commander, from their {o.zone} into the command zone",
                  ("704.6d", "903.9a"), "sba")
        events.move(ctx, o, COMMAND, quiet=True)
    else:
        owner.commander_left = tuple(i for i in owner.commander_left if i in s.objs) + (o.id,)
        s.add_log(f"{owner.name} leaves {o.card.name}, their commander, in their {o.zone}", ("704.6d", "903.9a"), "sba")


def _legend_rule(ctx: Ctx, player: int, name: str) -> None:
    """CR 704.5j: the player keeps one of their legendary permanents with that name."""
    s = ctx.s
    group = [o for o in s.permanents(player) if o.card.name == name and "Legendary" in ch.supertypes(s, o)]
    if len(group) < 2:
        return
    answer = ctx.ask(Decision(player, "legend_rule", f"Legend rule: choose the {name} to keep (CR 704.5j)",
                              tuple(Action(ActionKind.CHOOSE, (o.id,), f"keep {name} #{o.id}") for o in group)))
    for o in group:
        if o.id != answer.args[0]:
            s.add_log(f"{name} is put into its owner's graveyard (legend rule)", ("704.5j",), "sba")
            events.move(ctx, o, GRAVEYARD, quiet=True)
