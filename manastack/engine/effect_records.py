"""What resolved spells and abilities leave in the game for a while: one record type per kind of
continuous effect (CR 611.2), shield (CR 615, 701.19), control effect (CR 613.1b) and delayed
triggered ability (CR 603.7).

Every record has ``affected`` (the object id or player reference it applies to, or None),
``until`` (its :class:`ir.Duration`, or ``"<duration>:<object id>"`` for a control effect that
lasts while a condition on that object holds, see :mod:`.control`),
``timestamp`` (its order within its layer, CR 613.7) and ``source`` (the name of the card whose
effect it is, for the log), and a ``kind`` naming its type. Records never change: a shield that
is partly used up is replaced by a new one.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from manastack.cards import CardDef
from manastack.oracle import ir
from manastack.oracle.ir import Duration

from .event_types import Seen


@dataclass(frozen=True, slots=True)
class ModifyPT:
    """+N/+N until end of turn (layer 7c, CR 613.4c)."""

    kind: ClassVar[str] = "modify_pt"
    affected: int
    power: int
    toughness: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class SetPT:
    """Power and toughness set to values (layer 7b, CR 613.4b)."""

    kind: ClassVar[str] = "set_pt"
    affected: int
    power: int
    toughness: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class GrantKeywords:
    """Keyword abilities gained (layer 6, CR 613.1f), by name; ``protection``: what a gained
    protection is from (CR 702.16a: "red", "artifacts")."""

    kind: ClassVar[str] = "grant"
    affected: int
    keywords: tuple[str, ...]
    until: str
    timestamp: int
    source: str
    protection: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerRule:
    """What a resolved effect gives a player for a time (CR 611.2): ``affected`` is the player
    ("p0"); a subclass says what."""

    kind: ClassVar[str]
    affected: str
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class PlayerProtection(PlayerRule):
    """A player's protection (CR 702.16b-e, 702.16j): from each quality of ``protection`` (see
    ``filters.quality``)."""

    kind: ClassVar[str] = "player_protection"
    protection: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayerKeywords(PlayerRule):
    """A player's hexproof or shroud: "You gain shroud until end of turn." (CR 702.11c, 702.18a)."""

    kind: ClassVar[str] = "player_keywords"
    keywords: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CantCastName(PlayerRule):
    """The player can't cast spells named ``name`` (Reflector Mage; CR 101.2, 201.2)."""

    kind: ClassVar[str] = "cant_cast_name"
    name: str = ""


@dataclass(frozen=True, slots=True)
class LifeCantChange(PlayerRule):
    """A player's life total can't change: "Until your next turn, your life total can't change"
    (CR 119.7, 119.8)."""

    kind: ClassVar[str] = "life_cant_change"


@dataclass(frozen=True, slots=True)
class CantLoseGame(PlayerRule):
    """The player ``affected`` can't lose the game and their opponents can't win it: "You can't
    lose the game this turn and your opponents can't win the game this turn." (CR 104.3, 104.2)."""

    kind: ClassVar[str] = "cant_lose_game"


@dataclass(frozen=True, slots=True)
class DamageLifeFloor(PlayerRule):
    """Damage that would reduce the life total of the player ``affected`` to less than 1 reduces
    it to 1 instead (CR 614.1a; Angel's Grace)."""

    kind: ClassVar[str] = "damage_life_floor"


@dataclass(frozen=True, slots=True)
class ChoosesVotes(PlayerRule):
    """The player ``affected`` chooses how each player votes: "You choose how each player votes
    this turn." (CR 701.38; Illusion of Choice). The most recent such record decides."""

    kind: ClassVar[str] = "chooses_votes"


@dataclass(frozen=True, slots=True)
class LoseKeywords:
    """Keyword abilities lost (layer 6, CR 613.1f), by name: they are removed after those gained
    with an earlier timestamp and before those gained with a later one (CR 613.7)."""

    kind: ClassVar[str] = "lose_keywords"
    affected: int
    keywords: tuple[str, ...]
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class LoseAllAbilities:
    """Every ability lost (layer 6, CR 613.1f): those of its rules text, and the keywords and
    abilities gained with an earlier timestamp; those gained later it keeps (CR 613.7)."""

    kind: ClassVar[str] = "lose_all_abilities"
    affected: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class GrantAbility:
    """Quoted activated or triggered abilities gained (layer 6, CR 613.1f, 113.10), by their
    text: lines of the permanent's definition while the record lasts (``layers.card_now``)."""

    kind: ClassVar[str] = "grant_ability"
    affected: int
    abilities: tuple[str, ...]
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class BecomeCreature:
    """The permanent is a creature too (layer 4, CR 613.1d), and of ``types`` ("Artifact");
    with ``replaces``, of those card types only (CR 205.1a)."""

    kind: ClassVar[str] = "become_creature"
    affected: int
    until: str
    timestamp: int
    source: str
    types: tuple[str, ...] = ()
    replaces: bool = False


@dataclass(frozen=True, slots=True)
class SetLandType:
    """The land has the land type ``land_type`` instead of its others, loses the abilities of its
    rules text and has that type's mana ability (layer 4, CR 305.7, 613.1d)."""

    kind: ClassVar[str] = "set_land_type"
    affected: int
    land_type: str
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class TextChange:
    """Every instance of the word ``old`` used as a ``words`` (a :class:`~manastack.oracle.
    text_change.WordKind`: "color word", "basic land type", "creature type") in the object's
    rules text and type line reads ``new`` (layer 3, CR 612, 613.1c)."""

    kind: ClassVar[str] = "change_text"
    affected: int
    words: str
    old: str
    new: str
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class SetColors:
    """The permanent's colors are these instead (layer 5, CR 613.1e, 105.3)."""

    kind: ClassVar[str] = "set_colors"
    affected: int
    colors: tuple[str, ...]
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class AddSubtypes:
    """The permanent has these subtypes too (layer 4, CR 613.1d; awaken's Elemental, CR 702.113a);
    with ``replaces``, these creature types instead of its others ("becomes the creature type of
    your choice", CR 205.1a)."""

    kind: ClassVar[str] = "add_subtypes"
    affected: int
    subtypes: tuple[str, ...]
    until: str
    timestamp: int
    source: str
    replaces: bool = False


@dataclass(frozen=True, slots=True)
class AllCreatureTypes:
    """The permanent has every creature type (layer 4, CR 205.3m)."""

    kind: ClassVar[str] = "all_creature_types"
    affected: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class SkipNext:
    """``player`` skips their next ``count`` occurrences of ``what`` ("turn", "untap", "upkeep",
    "draw", "combat": a turn, a step, the combat phase), each used up as it is skipped
    (CR 614.10, 614.10a; :mod:`.skips`)."""

    kind: ClassVar[str] = "skip_next"
    until: ClassVar[str] = "used_up"      # it lasts until it has skipped ``count`` occurrences
    player: int
    what: str
    count: int
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class SkipNextUntap:
    """The permanent doesn't untap during its controller's next untap step (CR 502.3), or
    during the next untap step of ``player`` when given ("your next untap step"); with
    ``until`` "while_source_tapped:<id>", during each of its controller's untap steps until
    that source untaps or leaves the battlefield (CR 611.2b).

    With ``affected`` None it is a group: every permanent of one of ``types`` that ``player``
    controls in that untap step, including ones that came under their control after the effect
    began ("lands you control don't untap during your next untap step"): the effect changes a
    rule, not characteristics, so its objects aren't locked in as it begins (CR 611.2c)."""

    kind: ClassVar[str] = "skip_next_untap"
    affected: int | None
    until: str
    timestamp: int
    source: str
    player: int | None = None
    types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MayPlay:
    """The exiled card may be played this turn by its owner (CR 601.3, 305.1)."""

    kind: ClassVar[str] = "may_play"
    affected: int
    until: str
    timestamp: int
    source: str


# the name in ``cast_costs`` of a cast with the flashback of a GrantedFlashback, whose cost is the
# card's mana cost (CR 702.34a): an alternative cost (engine.costs.alternative)
GRANTED_FLASHBACK = "granted flashback"


@dataclass(frozen=True, slots=True)
class GrantedFlashback:
    """The card ``affected``, in its owner's graveyard, has flashback for its mana cost for the
    turn (Snapcaster Mage, CR 702.34a); a new object once it leaves there (CR 400.7)."""

    kind: ClassVar[str] = "granted_flashback"
    affected: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class ExtraLandPlays:
    """The player ``affected`` ("p0") may play ``amount`` more lands this turn (CR 305.2)."""

    kind: ClassVar[str] = "extra_land_plays"
    affected: str
    amount: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class PreventionShield:
    """Prevent the next ``amount`` damage (-1: all of it; ``combat_only`` / ``noncombat_only``:
    that damage only) that would be dealt to ``affected``, an object id or a player reference
    ("p0"; "players": any player), or, when it is None, to any permanent matching ``group`` as
    ``player`` sees it, or to anything when ``group`` is empty too (CR 615). ``by`` (an object
    id) or ``by_group`` limit it to damage from that source or from sources with those
    characteristics, read as the damage would be dealt (CR 615.9). ``once``: it prevents the
    next instance of such damage, however much, and is used up (CR 615.8). Filters are kept as
    their (field, value) pairs, see :func:`filter_pairs`."""

    kind: ClassVar[str] = "prevent_damage"
    affected: int | str | None
    amount: int
    combat_only: bool
    until: str
    timestamp: int
    source: str
    group: tuple = ()
    player: int | None = None
    by: int | None = None
    by_group: tuple = ()
    noncombat_only: bool = False
    once: bool = False
    gain_life: bool = False     # ``player`` gains life equal to the damage it prevents (CR 615.5)
    counters: bool = False      # a +1/+1 counter on ``affected`` for each 1 damage it prevents (CR 615.5)
    redirect: int | str | None = None   # the damage is dealt to this object or player instead (CR 614.9)


@dataclass(frozen=True, slots=True)
class NoPrevention:
    """Damage can't be prevented until ``until`` ends (CR 615.12); ``affected`` is None: all
    damage."""

    kind: ClassVar[str] = "no_prevention"
    affected: None
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class DamageChangeEffect:
    """Until ``until`` ends, damage from a source with the characteristics ``by_group`` names
    (as ``player`` sees them), combat damage only if ``combat_only``, to an object matching
    ``group`` (None: to anything) is ``times`` as much plus ``plus``, or half of it rounded down
    (``halve``) instead (CR 614.1a); the filters read as the damage would be dealt."""

    kind: ClassVar[str] = "damage_change"
    affected: None
    until: str
    timestamp: int
    source: str
    player: int
    by_group: tuple = ()
    group: tuple | None = None
    combat_only: bool = False
    noncombat_only: bool = False
    times: int = 1
    plus: int = 0
    halve: bool = False


@dataclass(frozen=True, slots=True)
class DrawReplacement:
    """The next time player ``affected`` would draw a card until ``until`` ends, the effects of
    effect ``effect_index`` of ability ``ability_index`` of ``card`` (a ReplaceNextDraw) happen
    instead (CR 614.1a, 614.11), with ``targets`` as chosen for it, from the object ``origin``."""

    kind: ClassVar[str] = "draw_replacement"
    affected: int
    card: CardDef
    ability_index: int
    effect_index: int
    targets: tuple[tuple, ...]
    origin: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class RegenerationShield:
    """The next time the permanent would be destroyed, it is regenerated instead (CR 701.19)."""

    kind: ClassVar[str] = "regeneration_shield"
    affected: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class ExileIfDies:
    """If the permanent would die while this lasts, it is exiled instead (CR 614.1a, 700.4)."""

    kind: ClassVar[str] = "exile_if_dies"
    affected: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """The permanent's power and toughness are switched (layer 7d, CR 613.4d)."""

    kind: ClassVar[str] = "switch_pt"
    affected: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class Untargetable:
    """The permanent ``affected`` can't be the target of spells or abilities the opponents of
    ``player`` control (CR 115.1; Vines of Vastwood), until ``until``."""

    kind: ClassVar[str] = "untargetable"
    affected: int
    player: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class DamagedBy:
    """The permanent was dealt damage this turn by ``dealer``, a permanent whose abilities ask
    about "a creature dealt damage by ~ this turn" (Sengir Vampire); kept only for those."""

    kind: ClassVar[str] = "damaged_by"
    affected: int
    dealer: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class ControlChange:
    """``controller`` controls the permanent (layer 2, CR 613.1b) until the effect ends."""

    kind: ClassVar[str] = "gain_control"
    affected: int
    controller: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class ManaReplacementEffect:
    """A replacement effect on mana production created by the spell ``card`` as it resolved,
    under ``controller`` (Pale Moon, CR 611.2, 106.12b)."""

    kind: ClassVar[str] = "mana_replacement"
    controller: int
    card: CardDef
    until: str
    timestamp: int
    source: str
    affected: None = None


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """A delayed triggered ability that may trigger any number of times while it lasts, created
    by ``card`` as it resolved under ``controller`` (High Tide, CR 603.7b)."""

    kind: ClassVar[str] = "delayed_trigger"
    controller: int
    card: CardDef
    until: str
    timestamp: int
    source: str
    affected: None = None


# a one-shot delayed trigger's kind, by the step it waits for (any upkeep otherwise)
_DELAYED_KINDS: dict[str, str] = {Duration.NEXT_END_STEP: "delayed_next_end",
                                  Duration.NEXT_CLEANUP: "delayed_next_cleanup",
                                  Duration.NEXT_END_OF_COMBAT: "delayed_end_of_combat"}


@dataclass(frozen=True, slots=True)
class OneShotDelayedTrigger:
    """A delayed triggered ability that triggers once, as the step ``until`` names begins
    (CR 603.7c): ability ``ability_index`` of ``card`` (a negative index, see
    :func:`.abilities.nested_abilities`), from the object ``affected``, with ``targets`` fixed
    when it was created, ``created`` the tokens the creating ability made ("it"), and ``event``
    what the triggered ability that created it saw (CR 603.7c: "that creature", "it", "that
    player" of its trigger event are the objects and players that event named)."""

    affected: int
    controller: int
    card: CardDef
    ability_index: int
    targets: tuple[tuple, ...]
    until: str
    timestamp: int
    source: str
    created: tuple[int, ...] = ()
    event: Seen | None = None

    @property
    def kind(self) -> str:
        return _DELAYED_KINDS.get(self.until, "delayed_next_upkeep")


@dataclass(frozen=True, slots=True)
class DelayedWatch:
    """A delayed triggered ability that waits for its event until the turn ends (CR 603.7):
    ability ``ability_index`` of ``card`` (a negative index, see
    :func:`.abilities.nested_abilities`), controlled by ``controller``, its source the object
    ``source_id`` (CR 603.7d); ``about``: the one object whose event it waits for, which
    triggers it once (CR 603.7c), or None for any object its trigger describes."""

    kind: ClassVar[str] = "delayed_watch"
    controller: int
    card: CardDef
    ability_index: int
    source_id: int
    about: int | None
    until: str
    timestamp: int
    source: str
    affected: None = None


@dataclass(frozen=True, slots=True)
class Paired:
    """Two creatures paired by soulbond (CR 702.95b): ``affected`` with ``partner``, both under
    ``controller``'s control, for as long as both remain creatures on the battlefield under it
    (CR 702.95a, 702.95e; ended by engine.mechanics.soulbond.refresh)."""

    kind: ClassVar[str] = "paired"
    affected: int
    partner: int
    controller: int
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class ActivatedThisTurn:
    """The ability of ``affected`` whose text is ``ability``, limited to once each turn, was
    activated this turn (CR 602.5b); it ends with the turn (CR 514.2)."""

    kind: ClassVar[str] = "activated_this_turn"
    affected: int
    ability: str
    until: str
    timestamp: int
    source: str


@dataclass(frozen=True, slots=True)
class CombatRule:
    """A rule about combat this turn from a resolved spell or ability (CR 611.2): ``rule`` is
    "cant_block", "cant_attack", "cant_be_blocked", "cant_be_blocked_by" (by creatures matching
    ``blockers``), "attacks_each_combat", "must_block", "must_be_blocked", or, about the object
    ``attacker`` (the effect's source), "must_block_source" and "cant_block_source". It applies to the object ``affected``, or, with
    ``affected`` None, to every permanent matching ``group`` as ``player`` sees it, including
    ones that enter later: the effect changes a rule, not characteristics (CR 611.2c). Filters
    are kept as their (field, value) pairs, see :func:`filter_pairs`."""

    kind: ClassVar[str] = "combat_rule"
    affected: int | None
    rule: str
    until: str
    timestamp: int
    source: str
    player: int | None = None
    group: tuple = ()
    blockers: tuple = ()
    attacker: int | None = None        # the source, for "blocks ~" and "can't block ~" rules


def filter_pairs(f: ir.Filter) -> tuple:
    """A filter as the (field, value) pairs it sets away from the defaults: plain data that a
    save holds as it is. Only filters of plain values (text, numbers, flags, tuples of text)."""
    out = []
    for name in ir.Filter.__dataclass_fields__:
        value = getattr(f, name)
        if value != ir.Filter.__dataclass_fields__[name].default:
            if not (value is None or isinstance(value, (str, int, bool))
                    or (isinstance(value, tuple) and all(isinstance(v, str) for v in value))):
                raise ValueError(f"filter field {name} can't be kept as plain data")
            out.append((name, value))
    return tuple(out)


def pairs_filter(pairs: Iterable[tuple[str, Any]]) -> ir.Filter:
    """The filter :func:`filter_pairs` gave (lists read from a save become tuples). The values
    are the plain data of each field, as :func:`filter_pairs` checked them."""
    fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in pairs}
    return ir.Filter(**fields)


def plain_filter(f: ir.Filter) -> bool:
    """Whether :func:`filter_pairs` can keep ``f``."""
    try:
        filter_pairs(f)
    except ValueError:
        return False
    return True


Effect = (ModifyPT | SetPT | GrantKeywords | PlayerProtection | PlayerKeywords | LifeCantChange | CantLoseGame | DamageLifeFloor | ChoosesVotes | CantCastName | GrantAbility | LoseKeywords | LoseAllAbilities | BecomeCreature | SetLandType | TextChange | SetColors | AddSubtypes | AllCreatureTypes | SkipNextUntap | SkipNext | MayPlay | GrantedFlashback | ExtraLandPlays
          | PreventionShield | NoPrevention | DamageChangeEffect | DrawReplacement | RegenerationShield | ExileIfDies | DamagedBy | Untargetable | SwitchPT | ControlChange | ManaReplacementEffect | DelayedTrigger
          | OneShotDelayedTrigger | DelayedWatch | ActivatedThisTurn | CombatRule | Paired)
"""Any of the records above: what ``State.effects`` holds."""

RECORD_TYPES: tuple[type, ...] = Effect.__args__
