"""Conditions of intervening "if" clauses (CR 603.4) and other checks named by the compiler.

A condition is a short name from the fixed set below, or a typed condition on the game state
(``ir.YouControl``, ``ir.OpponentCount``: "unless you control two or fewer other lands",
CR 614.1d) built from the parts the compiler reads.
"""
from __future__ import annotations

import dataclasses

from manastack.oracle import ir

from . import exercise, upcalls
from . import characteristics as ch
from .continuous import partner_of
from .filters import has_name
from .event_types import Seen
from .commanders import FROM_COMMAND
from .state import FACE_DOWN, ItemKind, Obj, State, Step
from .zones import BATTLEFIELD, COMMAND, GRAVEYARD, HAND, STACK

# The marks in ``Obj.cast_costs`` of a spell cast from its owner's hand or from a graveyard
# (CR 601.2a), kept by the permanent it becomes (CR 400.7d), not by a copy, which wasn't cast
# (CR 707.10).
FROM_HAND, FROM_GRAVEYARD = "from_hand", "from_graveyard"
CAST_FROM: dict[str, str] = {HAND: FROM_HAND, GRAVEYARD: FROM_GRAVEYARD, COMMAND: FROM_COMMAND}


def evaluate(s: State, condition, src: Obj, seen: Seen | None = None) -> bool:
    """Whether ``condition`` holds for ``src``; ``seen`` is what a triggered ability saw, for the
    conditions that compare the source with the object of the occurrence (evolve)."""
    if not isinstance(condition, str):
        if exercise.RECORD is not None:
            exercise.note("STATE_CONDITIONS", type(condition).__name__, src.card)
        return holds(s, condition, src, seen)
    if condition in _EVENT_CONDITIONS:
        if exercise.RECORD is not None:
            exercise.note("CONDITIONS", condition, src.card)
        return seen is not None and _EVENT_CONDITIONS[condition](s, src, seen)
    check = _CONDITIONS.get(condition)
    if check is None:
        raise ValueError(f"unknown condition {condition!r}")
    if exercise.RECORD is not None:
        exercise.note("CONDITIONS", condition, src.card)
    return check(s, src)


def _no_minus_counters(s: State, src: Obj) -> bool:
    return not src.counters.get("-1/-1")


def _no_plus_counters(s: State, src: Obj) -> bool:
    return not src.counters.get("+1/+1")


def _has_plus_counter(s: State, src: Obj) -> bool:
    """Graft (CR 702.58a): "if this permanent has a +1/+1 counter on it"."""
    return src.zone == BATTLEFIELD and src.counters.get("+1/+1", 0) > 0


def _has_time_counter(s: State, src: Obj) -> bool:
    """Vanishing (CR 702.63a): "if this permanent has a time counter on it"."""
    return src.zone == BATTLEFIELD and src.counters.get("time", 0) > 0


def _new_since_last_upkeep(s: State, src: Obj) -> bool:
    """Echo (CR 702.30a): it entered, or its controller gained control of it, since the
    beginning of their last upkeep (Orcish Hellraiser's ruling) -- that is, since their previous
    turn began, as nothing changes control during an untap step (CR 502.4)."""
    return src.control_since >= s.players[src.controller].previous_turn_start


def _on_battlefield(s: State, src: Obj) -> bool:
    return src.zone == BATTLEFIELD


def _in_graveyard(s: State, src: Obj) -> bool:
    """"if ~ is in your graveyard" (CR 113.6b, 603.4): the card is still the object there, its
    owner's graveyard; once it has left, it is a new object (CR 400.7)."""
    return src.id in s.players[src.owner].graveyard


def _kicked(s: State, src: Obj) -> bool:
    """CR 702.33d-e: the spell, or the spell that became this permanent, was kicked."""
    return "kicker" in src.cast_costs


def _evoked(s: State, src: Obj) -> bool:
    """CR 702.74a: the spell that became this permanent was cast for its evoke cost."""
    return "evoke" in src.cast_costs


def _surged(s: State, src: Obj) -> bool:
    """CR 702.117a: the spell, or the spell that became this permanent, was cast for its surge
    cost; a copy of such a spell was too (Comparative Analysis ruling 2016-01-22, CR 707.10)."""
    return "surge" in src.cast_costs


def _spectacle_paid(s: State, src: Obj) -> bool:
    """CR 702.137a: the spell, or the spell that became this permanent, was cast for its
    spectacle cost."""
    return "spectacle" in src.cast_costs


def _prowl_paid(s: State, src: Obj) -> bool:
    """CR 702.76a: the spell, or the spell that became this permanent, was cast for its prowl cost."""
    return "prowl" in src.cast_costs


def _opponent_dealt_damage(s: State, src: Obj) -> bool:
    """Bloodthirst (CR 702.54a): an opponent of its controller was dealt damage this turn."""
    return any(p.dealt_damage_this_turn for p in s.players if p.index != src.controller)
def _no_spells_last_turn(s: State, src: Obj) -> bool:
    """No player cast a spell during the previous turn (the werewolves' front faces): the whole
    turn counts, whether or not the source was on the battlefield then; before the first turn
    ends there was no previous turn, and so no spell in it."""
    return not any(p.spells_cast_last_turn for p in s.players)


def _no_spells_cast_this_game(s: State, src: Obj) -> bool:
    """"If this spell is the first spell you've cast this game" (Once Upon a Time): its
    controller has cast no spell yet; read while it is being cast, before it becomes cast and is
    counted (CR 601.2b, 601.2i). A copy isn't cast and doesn't count (CR 707.10)."""
    return not s.players[src.controller].spells_cast_this_game


def _a_player_cast_two_spells_last_turn(s: State, src: Obj) -> bool:
    """A single player cast two or more spells during the previous turn (their back faces)."""
    return any(p.spells_cast_last_turn >= 2 for p in s.players)
def _attacking_or_blocking(s: State, src: Obj) -> bool:
    """"Activate only if ~ is attacking or blocking" (CR 602.5b, 506.4)."""
    return src.zone == BATTLEFIELD and (src.attacking is not None or bool(src.blocking))


def _total_power_8(s: State, src: Obj) -> bool:
    """Formidable: "creatures you control have total power 8 or greater" (CR 208.3)."""
    return sum(ch.power(s, o) for o in s.permanents(src.controller) if ch.is_creature(s, o)) >= 8


def _not_renowned(s: State, src: Obj) -> bool:
    """Renown's intervening "if it isn't renowned" (CR 702.112a, 603.4)."""
    return "renowned" not in src.designations


def _tribute_not_paid(s: State, src: Obj) -> bool:
    """CR 702.104b: "if tribute wasn't paid"."""
    return "tribute paid" not in src.designations


def _no_cards_in_hand(s: State, src: Obj) -> bool:
    """"Activate only if you have no cards in hand" (hellbent; CR 602.5b)."""
    return not s.players[src.controller].hand


def _creature_died(s: State, src: Obj) -> bool:
    """"if a creature died this turn" (morbid): any creature, anyone's (CR 700.4)."""
    return any(p.creatures_died_this_turn for p in s.players)


def _you_attacked(s: State, src: Obj) -> bool:
    """"if you attacked this turn" (raid): you declared an attacker this turn (CR 508.1)."""
    return s.players[src.controller].attacked_this_turn


def _you_didnt_attack(s: State, src: Obj) -> bool:
    """"if you didn't attack with a creature this turn": you declared no attacker (CR 508.1)."""
    return not s.players[src.controller].attacked_this_turn


def _no_creature_died(s: State, src: Obj) -> bool:
    """"if no creatures died this turn": no creature went from the battlefield to a graveyard,
    anyone's (CR 700.4)."""
    return not any(p.creatures_died_this_turn for p in s.players)


def _end_of_combat_step(s: State, src: Obj) -> bool:
    """"Activate only during the end of combat step" (CR 511, 602.5b)."""
    return s.step == Step.END_OF_COMBAT


def _opponent_upkeep(s: State, src: Obj) -> bool:
    """"Activate only during an opponent's upkeep" (CR 503, 602.5b)."""
    return s.step == Step.UPKEEP and s.active != src.controller


def _cast_in_your_main_phase(s: State, src: Obj) -> bool:
    """Addendum: the spell was cast during its controller's main phase. A phase ends only with
    the stack empty (CR 500.2), so a spell resolving in its controller's main phase was cast in
    it; a copy was not cast at all (CR 707.10; Arrester's Admonition rulings 2019-01-25)."""
    return (src.zone == STACK and not src.is_token and s.active == src.controller
            and s.step in (Step.MAIN1, Step.MAIN2))


def _escaped(s: State, src: Obj) -> bool:
    """CR 702.138c: the spell, or the spell that became this permanent, was cast with escape."""
    return "escape" in src.cast_costs


def _not_escaped(s: State, src: Obj) -> bool:
    return not _escaped(s, src)


def _cast_from_hand(s: State, src: Obj) -> bool:
    """"if you cast it from your hand": the spell, or the spell that became this permanent, was
    cast from its owner's hand (CR 601.2a, 400.7d)."""
    return FROM_HAND in src.cast_costs


def _cast_from_graveyard(s: State, src: Obj) -> bool:
    """"If this spell was cast from a graveyard" (flashback, jump-start, ...; CR 601.2a)."""
    return FROM_GRAVEYARD in src.cast_costs


def _permanent_left(s: State, src: Obj) -> bool:
    """Revolt: "if a permanent you controlled left the battlefield this turn", to any zone, a
    token too (CR 603.6c, 111.7)."""
    return s.players[src.controller].permanents_left_this_turn > 0


def _you_are_monarch(s: State, src: Obj) -> bool:
    """"if you're the monarch" (CR 724.1)."""
    return s.monarch == src.controller


def _city_blessing(s: State, src: Obj) -> bool:
    """"if you have the city's blessing": a designation its controller keeps once gotten (CR 702.131c)."""
    return s.players[src.controller].city_blessing


def _no_city_blessing(s: State, src: Obj) -> bool:
    """"unless you have the city's blessing" (CR 702.131c)."""
    return not s.players[src.controller].city_blessing


def _your_turn(s: State, src: Obj) -> bool:
    """"as long as it's your turn" (CR 611.3a; the active player's turn, CR 102.1)."""
    return s.active == src.controller


def _self_attacking(s: State, src: Obj) -> bool:
    """"as long as ~ is attacking" (CR 506.4, 508.1k)."""
    return src.zone == BATTLEFIELD and src.attacking is not None


def _in_command_zone_or_battlefield(s: State, src: Obj) -> bool:
    """Eminence (CR 113.6b, 903): the source is in the command zone or on the battlefield."""
    return src.zone in (COMMAND, BATTLEFIELD)


def _self_untapped(s: State, src: Obj) -> bool:
    return src.zone == BATTLEFIELD and not src.tapped


def _attached(s: State, src: Obj, subtype: str) -> bool:
    return src.zone == BATTLEFIELD and any(
        o.attached_to == src.id and subtype in o.card.subtypes for o in s.permanents())


def _self_tapped(s: State, src: Obj) -> bool:
    """"if ~ is tapped" (CR 110.5)."""
    return src.zone == BATTLEFIELD and src.tapped


def _self_equipped(s: State, src: Obj) -> bool:
    """"as long as ~ is equipped": an Equipment is attached to it (CR 301.5)."""
    return _attached(s, src, "Equipment")


def _self_enchanted(s: State, src: Obj) -> bool:
    """"as long as ~ is enchanted": an Aura is attached to it (CR 303.4)."""
    return _attached(s, src, "Aura")


def _self_monstrous(s: State, src: Obj) -> bool:
    """"as long as ~ is monstrous" (CR 701.37b)."""
    return "monstrous" in src.designations


def _self_renowned(s: State, src: Obj) -> bool:
    """"as long as ~ is renowned" (CR 702.112b)."""
    return "renowned" in src.designations


def _self_paired(s: State, src: Obj) -> bool:
    """"As long as ~ is paired with another creature" (CR 702.95b)."""
    return partner_of(s, src.id) is not None


_CONDITIONS = {
    "kicked": _kicked,
    "self_had_no_minus1_counters": _no_minus_counters,   # persist (CR 702.79a)
    "self_had_no_plus1_counters": _no_plus_counters,     # undying (CR 702.93a)
    "came_under_control_since_last_upkeep": _new_since_last_upkeep,   # echo (CR 702.30a)
    "self_on_battlefield": _on_battlefield,              # cumulative upkeep (CR 702.24a)
    "self_in_graveyard": _in_graveyard,                  # abilities that work from a graveyard (CR 113.6b)
    "self_has_time_counter": _has_time_counter,          # vanishing (CR 702.63a)
    "self_has_plus1_counter": _has_plus_counter,         # graft (CR 702.58a)
    "evoked": _evoked,                                   # evoke (CR 702.74a)
    "opponent_dealt_damage_this_turn": _opponent_dealt_damage,   # bloodthirst (CR 702.54a)
    "surged": _surged,                                   # surge (CR 702.117a)
    "spectacle_paid": _spectacle_paid,                   # spectacle (CR 702.137a)
    "prowl_paid": _prowl_paid,                           # prowl (CR 702.76a)
    "no_spells_cast_last_turn": _no_spells_last_turn,    # CR 603.4, transforming werewolves
    "no_spells_cast_this_game": _no_spells_cast_this_game,   # Once Upon a Time's alternative cost
    "a_player_cast_two_spells_last_turn": _a_player_cast_two_spells_last_turn,
    "self_attacking_or_blocking": _attacking_or_blocking,   # activation limits (CR 602.5b)
    "no_cards_in_hand": _no_cards_in_hand,
    "creature_died_this_turn": _creature_died,           # morbid
    "you_attacked_this_turn": _you_attacked,             # raid
    "you_didnt_attack_this_turn": _you_didnt_attack,
    "cast_in_your_main_phase": _cast_in_your_main_phase,   # addendum, as the spell resolves
    "end_of_combat_step": _end_of_combat_step, "opponent_upkeep": _opponent_upkeep,   # activation limits
    "no_creature_died_this_turn": _no_creature_died,
    "you_are_monarch": _you_are_monarch,
    "city_blessing": _city_blessing, "no_city_blessing": _no_city_blessing,   # ascend (CR 702.131)
    "cast_from_hand": _cast_from_hand, "cast_from_graveyard": _cast_from_graveyard,
    "escaped": _escaped, "not_escaped": _not_escaped,   # escape (CR 702.138c)
    "permanent_left_this_turn": _permanent_left,         # revolt
    "creatures_total_power_8": _total_power_8,          # formidable
    "self_not_renowned": _not_renowned,                  # renown (CR 702.112a)
    "tribute_not_paid": _tribute_not_paid,               # tribute (CR 702.104b)
    # static abilities "as long as ..." (CR 611.3a)
    "your_turn": _your_turn,
    "self_attacking": _self_attacking, "self_untapped": _self_untapped, "self_tapped": _self_tapped,
    "self_equipped": _self_equipped, "self_enchanted": _self_enchanted,
    "self_monstrous": _self_monstrous, "self_renowned": _self_renowned,
    "self_paired": _self_paired,                         # soulbond (CR 702.95b)
    ir.IN_COMMAND_ZONE_OR_BATTLEFIELD: _in_command_zone_or_battlefield,   # eminence (CR 113.6b)
}



def _evolve_greater(s: State, src: Obj, seen: Seen) -> bool:
    """Evolve (CR 702.100a): the creature that entered has greater power and/or greater
    toughness than this creature, compared power to power and toughness to toughness (Cloudfin
    Raptor rulings 2013-04-15). The entered creature as it is now, or, once it has left the
    battlefield, as the trigger saw it; neither is greater when one of the two isn't a creature
    (CR 702.100c)."""
    other = s.objs.get(seen.obj) if seen.obj is not None else None
    if src.zone != BATTLEFIELD or not ch.is_creature(s, src):
        return False
    if other is not None and other.zone == BATTLEFIELD:
        if not ch.is_creature(s, other):
            return False
        power, toughness = ch.power_toughness(s, other)
    elif seen.last_known is not None:
        power, toughness = seen.last_known["power"], seen.last_known["toughness"]
    else:
        return False
    mine = ch.power_toughness(s, src)
    return power > mine[0] or toughness > mine[1]


def unpaired_creature(s: State, o: Obj | None, controller: int) -> bool:
    """CR 702.95a, 702.95c: ``o`` is an unpaired creature on the battlefield under ``controller``."""
    return o is not None and o.zone == BATTLEFIELD and o.controller == controller and ch.is_creature(s, o) \
        and partner_of(s, o.id) is None


def _soulbond_can_pair(s: State, src: Obj, seen: Seen) -> bool:
    """Soulbond's intervening "if" (CR 702.95a, 603.4): its controller controls both this creature
    and the one that entered (or, when this one entered, another creature), and both are unpaired."""
    if not unpaired_creature(s, src, src.controller):
        return False
    if seen.obj == src.id:
        return any(unpaired_creature(s, o, src.controller) for o in s.permanents(src.controller) if o.id != src.id)
    return seen.obj is not None and unpaired_creature(s, s.objs.get(seen.obj), src.controller)


# Conditions that read the occurrence a triggered ability saw as well as its source.
def _replicated(s: State, src: Obj, seen: Seen) -> bool:
    """Replicate's "if a replicate cost was paid for it" (CR 702.56a, 603.4), as the spell was cast."""
    return "replicate" in (seen.cast_costs or ())


def _conspired(s: State, src: Obj, seen: Seen) -> bool:
    """Conspire's "if its conspire cost was paid" (CR 702.78a, 603.4), as the spell was cast."""
    return "conspire" in (seen.cast_costs or ())


def _entered_name_unique(s: State, src: Obj, seen: Seen) -> bool:
    """Guardian Project (CR 201.2, 603.4): the creature that entered shares its name with no other
    creature its controller (the source's) controls and no creature card in their graveyard; once
    it has left the battlefield, its name as it last existed (the rulings: then itself, in the
    graveyard or back on the battlefield as a new object, shares it). A face-down creature has no
    name and shares none (CR 708.2)."""
    o = s.objs.get(seen.obj) if seen.obj is not None else None
    name = o.card.name if o is not None and o.zone == BATTLEFIELD else seen.name
    if not name or o is not None and o.zone == BATTLEFIELD and o.card is FACE_DOWN:
        return True
    names = name.split(" // ")
    others = (p for p in s.permanents() if p.controller == src.controller and p.id != seen.obj
              and ch.is_creature(s, p) and p.card is not FACE_DOWN)
    cards = (s.objs[i] for i in s.players[src.controller].graveyard if "Creature" in s.objs[i].card.types)
    return not any(has_name(x, n) for x in (*others, *cards) for n in names)


_EVENT_CONDITIONS = {
    "entered_creature_greater": _evolve_greater,         # evolve (CR 702.100a)
    "soulbond_can_pair": _soulbond_can_pair,             # soulbond (CR 702.95a)
    "replicate_paid": _replicated,                       # replicate (CR 702.56a)
    "conspire_paid": _conspired,                         # conspire (CR 702.78a)
    "entered_name_unique": _entered_name_unique,         # Guardian Project
}

CONDITIONS = tuple(_CONDITIONS) + tuple(_EVENT_CONDITIONS)


# ------------------------------------------------------------ conditions on the game state


def holds(s: State, condition: "ir.StateCondition", src: Obj, seen: Seen | None = None) -> bool:
    """A typed condition, seen from ``src`` and its controller ("you"); ``seen``: the event of
    a triggered ability, whose player "that player" is (CR 603.2)."""
    if type(condition) is ir.YouControl:
        # "five other Mountains" in a trigger on a Mountain entering: other than that one, whether
        # or not it is still there (Valakut's rulings; CR 603.4)
        skip = seen.obj if condition.other_than_seen and seen is not None else None
        n = sum(1 for o in s.permanents() if o.controller == src.controller and o.id != skip
                and any(upcalls.matches(s, o, f, src) for f in condition.filters))
        return n >= condition.at_least and (condition.at_most is None or n <= condition.at_most)
    if type(condition) is ir.NotYourTurn:
        return s.active != src.controller
    if type(condition) is ir.OpponentCount:
        return len(s.players) - 1 >= condition.at_least     # two-player games: one opponent
    if type(condition) is ir.HasCounter:                    # "as long as it has a +1/+1 counter on it"
        n = src.counters.get(condition.kind, 0)
        return src.zone == BATTLEFIELD and n >= condition.at_least and (condition.at_most is None
                                                                           or n <= condition.at_most)
    if type(condition) is ir.OpponentControls:
        def count(player: int) -> int:
            return sum(1 for o in s.permanents(player) if any(upcalls.matches(s, o, f, src) for f in condition.filters))
        theirs = [count(p.index) for p in s.players if p.index != src.controller and not p.lost]
        if condition.more_than_you:
            mine = sum(1 for o in s.permanents(src.controller)
                       if any(upcalls.matches(s, o, dataclasses.replace(f, controller="you"), src)
                              for f in condition.filters))
            return any(n > mine for n in theirs)
        if condition.none:
            return not any(theirs)
        return any(n >= condition.at_least for n in theirs)
    if type(condition) is ir.PlayerCount:
        return _player_count_holds(s, condition, src, seen)
    if type(condition) is ir.ObjectCount:
        return _object_count_holds(s, condition, src)
    if type(condition) is ir.SelfIs:                        # "if ~ is an enchantment" (CR 603.4)
        return src.zone == BATTLEFIELD and upcalls.matches(s, src, condition.filter, src)
    if type(condition) is ir.AttachedIs:                    # what an Aura or Equipment is attached to (CR 301.5, 303.4)
        host = s.objs.get(src.attached_to) if src.attached_to is not None else None
        return host is not None and upcalls.matches(s, host, condition.filter, src) != condition.negated
    if type(condition) is ir.HadCounter:                    # as it last existed (CR 603.10a)
        if seen is None or seen.counters is None:
            return False
        return (seen.counters.get(condition.kind, 0) > 0) != condition.none
    if type(condition) is ir.AnyOf:
        return any(evaluate(s, c, src, seen) for c in condition.conditions)
    if type(condition) is ir.AllOf:
        return all(evaluate(s, c, src, seen) for c in condition.conditions)
    if type(condition) is ir.EnteredThisTurn:
        return _entered_holds(s, condition, src)
    if type(condition) is ir.Devotion:                      # CR 700.5
        return devotion(s, src.controller, condition.colors) <= condition.at_most
    if type(condition) is ir.ManaSpent:                     # adamant, CR 601.2h
        return _mana_spent(s, condition, src)
    if type(condition) is ir.SelfPower:                     # CR 208.1
        return src.zone == BATTLEFIELD and ch.is_creature(s, src) and ch.power(s, src) >= condition.at_least
    raise ValueError(f"unknown condition {condition!r}")


def _mana_spent(s: State, condition: "ir.ManaSpent", src: Obj) -> bool:
    """Whether the mana paid for the spell ``src`` held at least that much of the color
    (CR 601.2h): read from its stack item, there while the spell resolves and while the
    permanent it becomes enters (CR 608.3, 614.12). A copy's item paid nothing (CR 707.10)."""
    item = next((i for i in s.stack if i.kind == ItemKind.SPELL and i.source == src.id), None)
    return item is not None and item.paid.get(condition.color, 0) >= condition.at_least


def player_count(s: State, what: str, player: int) -> int:
    """One of ``ir.PLAYER_COUNTS`` for ``player``."""
    p = s.players[player]
    if what == "life":
        return p.life
    if what == "cards_in_hand":
        return len(p.hand)
    if what == "cards_in_graveyard":
        return len(p.graveyard)
    if what == "card_types_in_graveyard":      # CR 205.2a: the card types among them
        # of cards only: a token there for a moment is no card (the delirium rulings)
        return len({t for oid in p.graveyard if not s.objs[oid].is_token for t in s.objs[oid].card.types})
    if what == "life_gained_this_turn":
        return p.life_gained_this_turn
    if what == "cards_drawn_this_turn":
        return p.drawn_this_turn
    if what == "life_lost_this_turn":          # CR 119.3: damage, paid and lost life alike
        return p.life_lost_this_turn
    if what == "library_searches_this_turn":   # CR 701.23: "searched their library this turn"
        return p.searched_library_this_turn
    raise ValueError(f"unknown count {what!r}")


def _player_count_holds(s: State, c: "ir.PlayerCount", src: Obj, seen: Seen | None) -> bool:
    opponents = [p.index for p in s.players if p.index != src.controller and not p.lost]
    if c.more_than == "you":             # "an opponent has more life than you"
        mine = player_count(s, c.what, src.controller)
        return any(player_count(s, c.what, o) > mine for o in opponents)
    if c.more_than is not None:          # you have more than each opponent / than an opponent
        mine = player_count(s, c.what, src.controller)
        test = all if c.more_than == "each_opponent" else any
        return test(mine > player_count(s, c.what, o) for o in opponents)
    if c.whose == "that_player":        # engine.support allows it in triggered abilities only
        players = [] if seen is None or seen.player is None else [seen.player]
    elif c.whose == "any":
        players = [p.index for p in s.players if not p.lost]
    else:
        players = opponents if c.whose == "opponent" else [src.controller]
    return any((c.at_least is None or n >= c.at_least) and (c.at_most is None or n <= c.at_most)
               for n in (player_count(s, c.what, pl) for pl in players))



def _entered_holds(s: State, c: "ir.EnteredThisTurn", src: Obj) -> bool:
    """"if you had a land enter the battlefield under your control this turn" (landfall), "if an
    opponent had two or more creatures enter ...": the permanents as they entered."""
    players = [src.controller] if c.whose == "you" else \
        [p.index for p in s.players if p.index != src.controller and not p.lost]
    return any(sum(1 for oid, types in s.players[pl].entered_this_turn
                   if set(types) & set(c.types) and not (c.other and oid == src.id)) >= c.at_least
               for pl in players)


def _object_count_holds(s: State, c: "ir.ObjectCount", src: Obj) -> bool:
    """Objects in the filter's zone that match it: permanents, whoever controls them (CR 400.1),
    or cards in graveyards, "your graveyard" being the one of the source's controller (CR 404.1)."""
    f = c.filter
    if f.zone == BATTLEFIELD:
        objs = s.permanents()
    elif f.zone == GRAVEYARD:
        objs = [s.objs[oid] for p in s.players for oid in p.graveyard]
    else:
        raise ValueError(f"objects counted in {f.zone!r}")
    n = sum(1 for o in objs if upcalls.matches(s, o, f, src))
    return n >= c.at_least and (c.at_most is None or n <= c.at_most)


def devotion(s: State, player: int, colors: tuple[str, ...]) -> int:
    """``player``'s devotion to ``colors`` (CR 700.5): the symbols among the mana costs of the
    permanents they control with any of those colors in them, each symbol once; generic,
    colorless and X symbols count for none (CR 107.4e-f: a hybrid or Phyrexian one does)."""
    return sum(1 for o in s.permanents(player) for sym in o.card.mana_cost.symbols
               if any(part in colors for part in sym.split("/")))
