"""When a spell may be cast or an ability activated (CR 117.1a, 307.1, 601.3, 602.5d), and which
exiled cards a player may play (CR 601.3)."""
from __future__ import annotations

from functools import lru_cache

from manastack.oracle import ir

from . import characteristics as ch
from . import exercise, layers
from .attack_targets import declared_target
from .continuous import card_keywords
from .effect_records import GraveyardCastPermission, MayPlay
from .state import ItemKind, Obj, Step, enchanted_player
from .zones import EXILE, GRAVEYARD, STACK


def can_cast_timing(s, player: int, o: Obj) -> bool:
    """CR 117.1a, 307.1: sorceries and permanents only in your main phase with the stack
    empty, unless they have flash (CR 702.8a); instants whenever you have priority."""
    if "Land" in o.card.types:
        return False
    if "Instant" in o.card.types or sorcery_timing(s, player):
        return True
    if any(type(ab) is ir.CastAsThoughFlash for ab in o.card.abilities):
        return True                   # "You may cast ~ as though it had flash." (CR 601.3)
    return ch.has(s, o, "flash") or flash_permission(s, player, o)


@lru_cache(maxsize=8192)
def instant_speed(card) -> bool:
    """Whether a card not on the battlefield may be cast when a sorcery couldn't, by its own
    text (found once per definition): an instant (CR 117.1a), flash (CR 702.8a; a card's
    keywords off the battlefield are its own, characteristics.keywords), or "You may cast ~
    as though it had flash." (CR 601.3). What :func:`can_cast_timing` says of such a card
    when no static ability lets its controller cast spells as though they had flash."""
    return "Land" not in card.types and ("Instant" in card.types or "flash" in card_keywords(card)
                                         or any(type(ab) is ir.CastAsThoughFlash for ab in card.abilities))


def flash_permission(s, player: int, o: Obj) -> bool:
    """"You may cast artifact spells as though they had flash." (CR 601.3): a static ability of
    a permanent ``player`` controls whose description ``o`` fits, seen as the spell it would be."""
    return _permitting(s, player, o, ir.StaticCastAsThoughFlash) is not None


def free_cast_permission(s, player: int, o: Obj) -> Obj | None:
    """The permanent ``player`` controls whose "You may cast spells from your hand without paying
    their mana costs." (CR 118.9) describes ``o``, a card in their hand seen as the spell it would
    be, if any."""
    return _permitting(s, player, o, ir.StaticCastWithoutPaying)


def _permitting(s, player: int, o: Obj, kind: type[ir.StaticEffect]) -> Obj | None:
    """The first permanent ``player`` controls with a static ability of class ``kind`` whose
    description ``o`` fits, seen as the spell it would be (on the stack, under ``player``)."""
    spell = None
    for src, eff in ch.static_effects(s, kind):
        if src.controller != player:
            continue
        if spell is None:
            spell = o.copy()
            spell.zone, spell.controller = STACK, player
        if layers.affected_by(s, src, eff, spell):
            return src
    return None


def cast_forbidden(s, player: int, o: Obj) -> Obj | None:
    """The source of a static ability that says ``o`` can't be cast by ``player`` ("Spells with
    the chosen name can't be cast.", Meddling Mage; CR 101.2, 601.2), if any: ``o`` is matched as
    the spell it would become, on the stack under ``player``'s control."""
    spell = None
    for src, eff in ch.static_effects(s, ir.StaticCantCast):
        if spell is None:
            spell = o.copy()
            spell.zone, spell.controller = STACK, player
        if layers.affected_by(s, src, eff, spell):
            return src
    return None


def spell_limit(s, player: int) -> Obj | None:
    """The source of a static ability that keeps ``player``, who has cast a spell this turn,
    from casting another ("Each player can't cast more than one spell each turn.", CR 101.2,
    601.2): every spell cast this turn counts, also one cast before the source was there
    (Rule of Law rulings)."""
    if not s.players[player].spells_cast_this_turn:
        return None
    for src, eff in ch.static_effects(s, ir.StaticOneSpellEachTurn):
        if eff.affected == "each_player" or eff.affected == ir.ENCHANTED_PLAYER and enchanted_player(src) == player \
                or eff.affected == "you" and src.controller == player:
            if exercise.RECORD is not None:
                exercise.note("STATIC_KINDS", "one_spell_each_turn", src.card)
            return src
    return None


def cast_restriction(s, player: int, o: Obj) -> str | None:
    """Why a "Cast ~ only ..." restriction of ``o`` keeps ``player`` from casting it now (CR 601.3),
    or None: the step, whether an attacking creature attacks the player this step ("you've been
    attacked", a player attacked only through a planeswalker isn't), another spell cast this turn;
    and a legendary instant or sorcery's own restriction (CR 205.4e)."""
    if "Legendary" in o.card.supertypes and ("Instant" in o.card.types or "Sorcery" in o.card.types) \
            and not any(p.controller == player and "Legendary" in p.card.supertypes
                        and (ch.is_type(s, p, "Creature") or ch.is_type(s, p, "Planeswalker"))
                        for p in s.permanents()):
        return (f"{o.card.name} is a legendary {'instant' if 'Instant' in o.card.types else 'sorcery'}: "
                "it can be cast only by a player who controls a legendary creature or planeswalker (CR 205.4e)")
    for ab in o.card.abilities:
        if type(ab) is not ir.CastRestriction:
            continue
        if ab.steps and s.step not in ab.steps:
            return f"{o.card.name} can be cast only during {', '.join(st.replace('_', ' ') for st in ab.steps)} (CR 601.3)"
        if ab.attacked and not any(p.attacking == player and declared_target(s, p.id) is None
                                   for p in s.permanents()):     # a planeswalker of theirs attacked isn't them
            return f"{o.card.name} can be cast only if its caster has been attacked this step (CR 601.3, 506.3)"
        if ab.another_spell and not s.players[player].spells_cast_this_turn:
            return f"{o.card.name} can be cast only once its caster has cast another spell this turn (CR 601.3)"
        if exercise.RECORD is not None:
            for name in ("steps", "attacked", "another_spell"):
                if getattr(ab, name):
                    exercise.note("CAST_RESTRICTIONS", name, o.card)
    return None


def sorcery_timing(s, player: int) -> bool:
    return s.active == player and s.step in (Step.MAIN1, Step.MAIN2) and not s.stack


def upkeep_timing(s, player: int) -> bool:
    """"Activate only during your upkeep" (CR 602.5b, 503)."""
    return s.active == player and s.step == Step.UPKEEP


def your_turn_timing(s, player: int, ab) -> bool:
    """"Activate only during your turn[, before attackers are declared]" (CR 602.5b, 508.1):
    the engine's one combat phase makes "before" mean before its declare attackers step."""
    if s.active != player:
        return False
    return not ab.before_attackers or s.step in (Step.UNTAP, Step.UPKEEP, Step.DRAW, Step.MAIN1, Step.BEGINNING_OF_COMBAT)


def exiled_playable(s, player: int) -> list[int]:
    """Cards in exile an effect lets ``player`` play this turn ("you may play that card this
    turn": a permission, CR 601.3, 305.1): their own cards with a "may_play" effect."""
    return [e.affected for e in s.effects if type(e) is MayPlay and e.affected in s.objs
            and s.objs[e.affected].zone == EXILE and s.objs[e.affected].owner == player]


def graveyard_playable_lands(s, player: int) -> list[int]:
    """Land cards in ``player``'s graveyard an effect lets them play from there this turn ("You
    may play this card from your graveyard", CR 601.3, 305.1): that object only (CR 400.7)."""
    return [e.affected for e in s.effects if type(e) is GraveyardCastPermission and e.play and e.player == player
            and e.affected in s.objs and s.objs[e.affected].zone == GRAVEYARD
            and "Land" in s.objs[e.affected].card.types]


def split_second(s) -> Obj | None:
    """CR 702.61a-b: a spell with split second on the stack, if there is one: while it is there,
    no one may cast spells or activate abilities other than mana abilities (special actions and
    triggered abilities go on as usual)."""
    for item in s.stack:
        if item.kind == ItemKind.SPELL:
            o = s.objs.get(item.source)
            if o is not None and ch.has(s, o, "split second"):
                return o
    return None
