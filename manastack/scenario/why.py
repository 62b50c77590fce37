"""Why an action a script asks for is not among the legal ones: the object the script names is
found (or where it is instead is said), then the engine explains (manastack.engine.legality)."""
from __future__ import annotations

from manastack.engine import combat, legality
from manastack.limits import clip
from manastack.engine.zones import BATTLEFIELD, HAND, STACK


def _where(s, refs, ref: str, player: int, zone: str):
    """The matching object in ``player``'s ``zone``, or a sentence saying where it is instead."""
    name = s.players[player].name
    found = refs.find(s, ref)
    here = [o for o in found if o.zone == zone and (o.controller if zone == BATTLEFIELD else o.owner) == player]
    if here:
        return here[0], None
    if found:
        o = found[0]
        return None, f"{o.card.name} is not {_zone_words(zone, name)}: it is {_zone_words(o.zone, s.players[o.owner].name)}"
    return None, f"there is no {clip(ref)} {_zone_words(zone, name)}"


def _zone_words(zone: str, player: str) -> str:
    if zone == BATTLEFIELD:
        return f"on the battlefield under {player}'s control"
    if zone == STACK:
        return "on the stack"
    return f"in {player}'s {zone}"


def cannot_play(s, refs, player: int, ref: str) -> str:
    o, where = _where(s, refs, ref, player, HAND)
    return where if o is None else legality.cannot_play(s, player, o)


def cannot_cast(s, refs, player: int, ref: str, zone: str = HAND) -> str:
    o, where = _where(s, refs, ref, player, zone)
    return where if o is None else legality.cannot_cast(s, player, o)


def cannot_cast_as(s, refs, player: int, ref: str, zone: str, kind: str, half: str | None) -> str:
    """Why a split card can't be cast as the half named ``half`` (or fused), or an adventurer
    card as its Adventure (CR 709.3, 702.102a, 715.3)."""
    o, where = _where(s, refs, ref, player, zone)
    if o is None:
        return where
    if kind == "cast_adventure":
        return legality.why_not_cast_adventure(s, player, o) or f"{o.card.name} can't be cast as an Adventure now"
    names = [h.name for h in o.card.halves]
    if kind == "cast_half" and half not in names:
        return f"{o.card.name} has no half named {half!r} (its halves: {', '.join(names) or 'none'})"
    index = names.index(half) if kind == "cast_half" else None
    return legality.why_not_cast_half(s, player, o, index) or f"{o.card.name} can't be cast that way now"


def cannot_activate(s, refs, player: int, ref: str) -> str:
    o, where = _where(s, refs, ref, player, BATTLEFIELD)
    if o is None:       # another player's permanent: some abilities any player may activate
        o = next(iter(refs.find(s, ref, (BATTLEFIELD,))), None)
    return where if o is None else legality.cannot_activate(s, player, o)


def cannot_attack(s, refs, ref: str) -> str:
    o, where = _where(s, refs, ref, s.active, BATTLEFIELD)
    if o is None:
        return where + " (only the active player's creatures attack, CR 506.2)"
    if combat.why_not_attack(s, o) is None and combat.restricted(s, o, combat.Rule.CANT_ATTACK_ALONE):
        return (f"{o.card.name} can't attack alone, and no other creature can attack with it "
                "(CR 506.5, 508.1c)")
    return legality.cannot_attack(s, o)


def illegal_attacks(s, d) -> str:
    """Why the attackers declared so far can't be all: one can't attack alone (CR 506.5,
    508.1c), as the engine's declaration says."""
    return d.context.get("incomplete") or "these attackers can't be declared together (CR 508.1c)"


def block_requirements(s) -> list[str]:
    """The blocking requirements in force (CR 509.1c), each with the effect's source."""
    reasons = []
    for i in s.combat.get("attackers", ()):
        a = s.objs[i]
        if combat.restricted(s, a, combat.Rule.MUST_BE_BLOCKED_BY_ALL):
            reasons.append(f"{combat.restricted_by(s, a, combat.Rule.MUST_BE_BLOCKED_BY_ALL)} says all creatures able "
                           f"to block {a.card.name} do so (CR 509.1c)")
        elif combat.restricted(s, a, combat.Rule.MUST_BE_BLOCKED):
            reasons.append(f"{combat.restricted_by(s, a, combat.Rule.MUST_BE_BLOCKED)} says {a.card.name} must be "
                           "blocked if able (CR 509.1c)")
    for b in [o for o in s.permanents() if o.controller != s.active]:
        if combat.restricted(s, b, combat.Rule.MUST_BLOCK):
            reasons.append(f"{combat.restricted_by(s, b, combat.Rule.MUST_BLOCK)} says {b.card.name} blocks if able "
                           "(CR 509.1c)")
    return reasons


def cannot_block(s, refs, blocker_ref: str, attacker_ref: str) -> str:
    # the defending player named is the blocker's controller, when it is one (CR 506.2, 802.2)
    found = [o for o in refs.find(s, blocker_ref) if o.zone == BATTLEFIELD and o.controller != s.active]
    defender = found[0].controller if found else s.next_player(s.active)
    b, where = _where(s, refs, blocker_ref, defender, BATTLEFIELD)
    if b is None:
        return where + " (only the defending player's creatures block, CR 506.2)"
    attackers = [o for o in refs.find(s, attacker_ref, (BATTLEFIELD,)) if o.attacking is not None]
    if not attackers:
        return f"{attacker_ref} is not an attacking creature"
    return legality.cannot_block(s, b, attackers[0])
