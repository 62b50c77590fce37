"""Why an action a script asks for is not among the legal ones, in words and CR numbers."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine import combat
from manastack.engine.casting import (casting_ability, cost_payable, has_targets_for, sorcery_timing,
                                      summoning_sick)
from manastack.engine import mana_abilities
from manastack.oracle import ir


def _where(s, refs, ref: str, player: int, zone: str):
    """The matching object in ``player``'s ``zone``, or a sentence saying where it is instead."""
    name = s.players[player].name
    found = refs.find(s, ref)
    here = [o for o in found if o.zone == zone and (o.controller if zone == "battlefield" else o.owner) == player]
    if here:
        return here[0], None
    if found:
        o = found[0]
        return None, f"{o.card.name} is not {_zone_words(zone, name)}: it is {_zone_words(o.zone, s.players[o.owner].name)}"
    return None, f"there is no {ref} {_zone_words(zone, name)}"


def _zone_words(zone: str, player: str) -> str:
    if zone == "battlefield":
        return f"on the battlefield under {player}'s control"
    if zone == "stack":
        return "on the stack"
    return f"in {player}'s {zone}"


def _restricted(s, o, kind: str) -> bool:
    """A static "can't attack" or "can't block" effect applies to ``o`` (Pacifism and the like)."""
    return any(ch.affected_by(s, src, eff, o) for src, eff in ch.static_effects(s, kind))


def cannot_play(s, refs, player: int, ref: str) -> str:
    o, where = _where(s, refs, ref, player, "hand")
    if o is None:
        return where
    name, who = o.card.name, s.players[player].name
    if "Land" not in o.card.types:
        return f"{name} is not a land: lands are played, other cards are cast (CR 305.1)"
    if s.active != player:
        return f"{who} can play a land only during their own turn (CR 305.1)"
    if s.step not in ("main1", "main2"):
        return f"a land can be played only in a main phase, not the {s.step} step (CR 305.1, 505.6b)"
    if s.stack:
        return "a land can be played only while the stack is empty (CR 305.1)"
    if s.players[player].lands_played >= 1:
        return f"{who} has already played a land this turn (CR 305.2)"
    return f"{who} can't play {name} now"


def cannot_cast(s, refs, player: int, ref: str) -> str:
    o, where = _where(s, refs, ref, player, "hand")
    if o is None:
        return where
    card, who = o.card, s.players[player].name
    if "Land" in card.types:
        return f"{card.name} is a land: it is played, not cast (CR 305.1, 305.9)"
    if card.unsupported:
        return f"{card.name}'s Oracle text is only partly supported: {'; '.join(card.unsupported)}"
    if "Instant" not in card.types and not ch.has(s, o, "flash") and not sorcery_timing(s, player):
        return (f"{card.name} isn't an instant and has no flash: it can be cast only in its controller's "
                "main phase while the stack is empty (CR 117.1a, 307.1)")
    if not has_targets_for(s, o, casting_ability(card), player):
        return f"{card.name} has no legal target now (CR 601.2c, 115)"
    if not mana_abilities.can_afford(s, player, card.mana_cost.with_x(0)):
        return (f"{who} can't pay {card.mana_cost}: not enough mana in the pool and untapped sources "
                "(CR 601.2g-h, 118.3)")
    return f"{who} can't cast {card.name} now"


def cannot_activate(s, refs, player: int, ref: str) -> str:
    o, where = _where(s, refs, ref, player, "battlefield")
    if o is None:
        return where
    abilities = [ab for ab in o.card.abilities if type(ab) is ir.ActivatedAbility]
    if not abilities:
        return f"{o.card.name} has no activated ability (CR 602.1)"
    reasons = []
    for ab in abilities:
        c = ab.cost
        if (c.tap or c.untap) and ch.is_creature(s, o) and summoning_sick(s, o):
            reasons.append(f"{o.card.name} has been under {s.players[player].name}'s control only since "
                           "this turn began, so its {T} abilities can't be activated (CR 302.6, 602.5a)")
        elif c.tap and o.tapped:
            reasons.append(f"{o.card.name} is tapped and can't be tapped again to pay {{T}} (CR 107.5, 118.3)")
        elif ab.sorcery_speed and not sorcery_timing(s, player):
            reasons.append(f"{ab.text!r} can be activated only as a sorcery (CR 602.5d)")
        elif not cost_payable(s, o, c):
            reasons.append(f"the cost of {ab.text!r} can't be paid now (CR 602.2b, 118.3)")
        elif not has_targets_for(s, o, ab, player):
            reasons.append(f"{ab.text!r} has no legal target now (CR 602.2b, 115)")
    return "; ".join(dict.fromkeys(reasons)) or f"{o.card.name}'s ability can't be activated now"


def cannot_attack(s, refs, ref: str) -> str:
    o, where = _where(s, refs, ref, s.active, "battlefield")
    if o is None:
        return where + " (only the active player's creatures attack, CR 506.2)"
    name = o.card.name
    if not ch.is_creature(s, o):
        return f"{name} is not a creature: only creatures attack (CR 506.3)"
    if o.tapped:
        return f"{name} is tapped: attackers must be untapped (CR 508.1a)"
    if summoning_sick(s, o):
        return (f"{name} hasn't been under its controller's control since their most recent turn began "
                "and has no haste (CR 302.6, 508.1a, 702.10b)")
    if ch.has(s, o, "defender"):
        return f"{name} has defender (CR 702.3b)"
    if _restricted(s, o, "cant_attack"):
        return f"an effect says {name} can't attack (CR 508.1c)"
    return f"{name} can't attack now"


def cannot_block(s, refs, blocker_ref: str, attacker_ref: str) -> str:
    b, where = _where(s, refs, blocker_ref, 1 - s.active, "battlefield")
    if b is None:
        return where + " (only the defending player's creatures block, CR 506.2)"
    attackers = [o for o in refs.find(s, attacker_ref, ("battlefield",)) if o.attacking is not None]
    if not attackers:
        return f"{attacker_ref} is not an attacking creature"
    a = attackers[0]
    bn, an = b.card.name, a.card.name
    if not ch.is_creature(s, b):
        return f"{bn} is not a creature: only creatures block (CR 506.3)"
    if b.tapped:
        return f"{bn} is tapped: blockers must be untapped (CR 509.1a)"
    if _restricted(s, b, "cant_block"):
        return f"an effect says {bn} can't block (CR 509.1b)"
    if ch.has(s, a, "flying") and not (ch.has(s, b, "flying") or ch.has(s, b, "reach")):
        return f"{an} has flying: it can be blocked only by creatures with flying or reach (CR 702.9b)"
    if not combat.can_block(s, b, a):
        return f"{an} has protection from {bn} (CR 702.16b)"
    return f"{bn} can't block {an} now (it may already be blocking)"
