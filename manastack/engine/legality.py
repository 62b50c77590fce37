"""Why an action is not legal now, in words and CR numbers: for the error a caller gets when
pushing an illegal action, and for scenario steps that can't be done."""
from __future__ import annotations

from . import characteristics as ch
from . import layers
from . import alt_costs, combat, mana_abilities
from .abilities import battlefield_activated
from .casting import cost_payable
from .cost_checks import summoning_sick
from .crew import crew_payable
from .decisions import Action
from .mana_spend import spell_use
from .spell_costs import total_cost
from .targets import casting_ability, has_targets_for
from .timing import sorcery_timing, upkeep_timing, your_turn_timing
from .wording import possessive


def _restricted(s, o, kind: str) -> bool:
    """A static "can't attack" or "can't block" effect applies to ``o`` (Pacifism and the like)."""
    return any(layers.affected_by(s, src, eff, o) for src, eff in ch.static_effects(s, kind))


def cannot_play(s, player: int, o) -> str:
    name, who = o.card.name, s.players[player].name
    if o.zone != "hand" or o.owner != player:
        return f"{name} is not in {who}'s hand (CR 305.1)"
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


def cannot_cast(s, player: int, o) -> str:
    card, who = o.card, s.players[player].name
    if o.zone == "graveyard" and o.owner == player:
        if o.id not in alt_costs.flashback_cards(s, player):
            return f"{card.name} is in {who}'s graveyard and has no flashback (CR 601.3, 702.34a)"
    elif o.zone != "hand" or o.owner != player:
        return f"{card.name} is not in {who}'s hand (CR 601.2a)"
    if "Land" in card.types:
        return f"{card.name} is a land: it is played, not cast (CR 305.1, 305.9)"
    if card.unsupported:
        return f"{card.name}'s Oracle text is only partly supported: {'; '.join(card.unsupported)}"
    if "Instant" not in card.types and not ch.has(s, o, "flash") and not sorcery_timing(s, player):
        return (f"{card.name} isn't an instant and has no flash: it can be cast only in its controller's "
                "main phase while the stack is empty (CR 117.1a, 307.1)")
    if o.zone == "hand" and card.face and card.face.get("manaCost") is None:
        return f"{card.name} has no mana cost, an unpayable cost (CR 118.6)"
    if not has_targets_for(s, o, casting_ability(card), player):
        return f"{card.name} has no legal target now (CR 601.2c, 115)"
    for extra in alt_costs.required(card):
        if not cost_payable(s, o, extra, include_mana=False):
            return (f"{who} can't pay {possessive(card.name)} additional cost, and a spell can't be cast "
                    "without paying all of its costs (CR 601.2b, 601.2h, 118.3)")
    base, others = alt_costs.parts(card, alt_costs.cast_from(o))
    if not all(cost_payable(s, o, c, include_mana=False) for c in others):
        return f"{who} can't pay the flashback cost of {card.name} (CR 702.34a, 601.2h, 118.3)"
    total, why = total_cost(s, player, o, 0, base)
    use = spell_use(o)         # mana restricted to other spells can't pay (CR 106.6)
    if not mana_abilities.can_afford(s, player, total, use=use):
        which = "flashback" if o.zone == "graveyard" else "mana"
        changed = f" (its {which} cost {base} {', '.join(why)}, CR 601.2f)" if why else ""
        return (f"{who} can't pay {total if why else base}{changed}: "
                + mana_abilities.why_unpayable(s, player, total, use=use) + " (CR 601.2g-h, 118.3)")
    return f"{who} can't cast {card.name} now"


def cannot_activate(s, player: int, o, words: str = "") -> str:
    """Why none of ``o``'s activated abilities (those whose text has ``words``) can be
    activated now."""
    if o.zone != "battlefield":
        return f"{o.card.name} is not on the battlefield (CR 602.2)"
    abilities = [ab for _, ab in battlefield_activated(layers.card_now(s, o)) if words.lower() in ab.text.lower()
                 and (o.controller == player or ab.any_player)]
    if not abilities and o.controller != player:
        return (f"{o.card.name} is not under {s.players[player].name}'s control and has no ability any player "
                "may activate (CR 602.2, 113.8)")
    if not abilities:
        which = f" whose text has {words!r}" if words else ""
        return f"{o.card.name} has no activated ability{which} now (CR 602.1, 613.1)"
    reasons = []
    for ab in abilities:
        c = ab.cost
        if (c.tap or c.untap) and ch.is_creature(s, o) and summoning_sick(s, o):
            reasons.append(f"{o.card.name} has been under {s.players[player].name}'s control only since "
                           "this turn began, so its {T} abilities can't be activated (CR 302.6, 602.5a)")
        elif c.tap and o.tapped:
            reasons.append(f"{o.card.name} is tapped and can't be tapped again to pay {{T}} (CR 107.5, 118.3)")
        elif c.untap and not o.tapped:
            reasons.append(f"{o.card.name} is untapped and can't be untapped to pay {{Q}} (CR 107.6, 118.3)")
        elif ab.sorcery_speed and not sorcery_timing(s, player):
            reasons.append(f"{ab.text!r} can be activated only as a sorcery (CR 602.5d)")
        elif ab.upkeep_only and not upkeep_timing(s, player):
            reasons.append(f"{ab.text!r} can be activated only during its controller's upkeep (CR 602.5, 503)")
        elif ab.before_attackers and not your_turn_timing(s, player, ab):
            reasons.append(f"{ab.text!r} can be activated only during its controller's turn, before the "
                           "declare attackers step (CR 602.5, 602.5b, 508.1)")
        elif ab.your_turn and not your_turn_timing(s, player, ab):
            reasons.append(f"{ab.text!r} can be activated only during its controller's turn (CR 602.5, 602.5b)")
        elif c.crew and not crew_payable(s, o, c.crew):
            reasons.append(f"{s.players[player].name}'s other untapped creatures have less than {c.crew} total "
                           f"power, so {o.card.name} can't be crewed (CR 702.122a, 118.3)")
        elif not cost_payable(s, o, c, payer=player):
            reasons.append(f"the cost of {ab.text!r} can't be paid now (CR 602.2b, 118.3)")
        elif not has_targets_for(s, o, ab, player):
            reasons.append(f"{ab.text!r} has no legal target now (CR 602.2b, 115)")
    return "; ".join(dict.fromkeys(reasons)) or f"{o.card.name}'s ability can't be activated now"


def cannot_attack(s, o) -> str:
    name = o.card.name
    if o.zone != "battlefield" or o.controller != s.active:
        return f"{name} is not a creature the active player controls (CR 506.2)"
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
    if (land := combat.missing_land(s, o)) is not None:
        return f"{name} can't attack while the defending player controls no {land} (CR 508.1c)"
    return f"{name} can't attack now"


def cannot_block(s, b, a) -> str:
    bn, an = b.card.name, a.card.name
    if b.zone != "battlefield" or b.controller == s.active:
        return f"{bn} is not a creature the defending player controls (CR 506.2)"
    if a.attacking is None:
        return f"{an} is not an attacking creature (CR 509.1a)"
    if not ch.is_creature(s, b):
        return f"{bn} is not a creature: only creatures block (CR 506.3)"
    if b.tapped:
        return f"{bn} is tapped: blockers must be untapped (CR 509.1a)"
    if _restricted(s, b, "cant_block"):
        return f"an effect says {bn} can't block (CR 509.1b)"
    return combat.block_restriction(s, b, a) or f"{bn} can't block {an} now (it may already be blocking)"


def explain(s, player: int, action: Action) -> str | None:
    """Why ``action`` isn't legal for ``player`` now, when it names an object the rules can
    speak about; None otherwise."""
    objs = s.objs
    args = action.args
    if not args or not isinstance(args[0], int) or args[0] not in objs:
        return None
    o = objs[args[0]]
    if action.kind == "play":
        return cannot_play(s, player, o)
    if action.kind == "cast":
        return cannot_cast(s, player, o)
    if action.kind == "activate":
        return cannot_activate(s, player, o)
    if action.kind == "attack":
        return cannot_attack(s, o)
    if action.kind == "block" and len(args) > 1 and args[1] in objs:
        return cannot_block(s, o, objs[args[1]])
    return None
