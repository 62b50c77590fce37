"""The typed description of a card's abilities: what the Oracle compiler produces and the
engine interprets.

Every node is a frozen dataclass, so compiled cards are immutable, hashable and cheap to share
between games. Effects name their targets by index into the ability's ``targets`` tuple
(``Target(0)``), so the engine can choose targets when the ability is put on the stack
(CR 601.2c, 603.3d) and check them again on resolution (CR 608.2b).
"""
from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from enum import StrEnum
from typing import Any, Union

from manastack.mana import ManaCost


class Duration(StrEnum):
    """How long a continuous effect, a delayed triggered ability or a record a resolved spell or
    ability leaves lasts (CR 611.2, 603.7). A ``StrEnum``: each member equals its string, as the
    compiler writes it and a save holds it."""

    END_OF_TURN = "end_of_turn"                  # "until end of turn", "this turn" (CR 514.2)
    END_OF_COMBAT = "end_of_combat"              # "this combat" (CR 511.3)
    PERMANENT = "permanent"                      # no end: until the object leaves its zone (CR 611.2a)
    THIS_TURN = "this_turn"                      # a delayed ability waiting for an event this turn (CR 603.7b)
    NEXT_END_STEP = "next_end_step"              # "at the beginning of the next end step" (CR 603.7c)
    NEXT_UPKEEP = "next_upkeep"                  # "at the beginning of the next upkeep"
    YOUR_NEXT_UPKEEP = "your_next_upkeep"        # "at the beginning of your next upkeep" (a Pact)
    NEXT_CLEANUP = "next_cleanup"                # "at the beginning of the next cleanup step" (CR 514.3a)
    NEXT_END_OF_COMBAT = "next_end_of_combat"    # "at end of combat": as the end of combat step begins (CR 511.2)
    NEXT_UNTAP = "next_untap"                    # "doesn't untap during its controller's next untap step"
    WHILE_YOU_CONTROL_SOURCE = "while_you_control_source"        # "for as long as you control ~" (CR 611.2b)
    WHILE_SOURCE_ON_BATTLEFIELD = "while_source_on_battlefield"  # "for as long as ~ remains on the battlefield"
    WHILE_SOURCE_TAPPED = "while_source_tapped"  # "for as long as ~ remains tapped" (CR 611.2b)
    ATTACHED = "attached"                        # a control effect of an Aura while it is attached (CR 613.1b)
    NEXT_TURN = "next_turn"                      # a record's "until your next turn", as "next_turn:<player>" (CR 611.2a)
    END_OF_YOUR_NEXT_TURN = "end_of_your_next_turn"  # "until the end of your next turn": a record's, as "end_of_your_next_turn:<player>" (CR 611.2a)

# --------------------------------------------------------------------------------- amounts


@dataclass(frozen=True, slots=True)
class X:
    """The value of X chosen for the spell or ability (CR 107.3)."""


@dataclass(frozen=True, slots=True)
class CountOf:
    """"for each ..." / "equal to the number of ...": how many objects match ``filter``.
    ``its_controller``: a description's bound, "the number of cards in its controller's
    graveyard", whose "you" is the controller of the object compared (Drown in the Loch)."""

    filter: "Filter"
    multiplier: int = 1
    its_controller: bool = False


@dataclass(frozen=True, slots=True)
class EventAmount:
    """"that much" / "that many": the amount of the event that triggered the ability
    (life lost, damage dealt)."""


@dataclass(frozen=True, slots=True)
class CountersOn:
    """"for each +1/+1 counter on ~": counters of ``kind`` on the source, as it last existed
    if it has left the battlefield (CR 603.10a; Hangarback Walker)."""

    kind: str
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class CardTypesAmong:
    """"the number of card types among cards in all graveyards" (Tarmogoyf): how many card
    types (CR 205.2a) the cards matching ``filter`` have among them, each counted once."""

    filter: "Filter"


@dataclass(frozen=True, slots=True)
class AttachedCount:
    """"for each Aura attached to it" of a static ability: the permanents matching ``filter``
    attached to the object the effect modifies (CR 301.5, 303.4)."""

    filter: "Filter"


@dataclass(frozen=True, slots=True)
class BlockersBeyondFirst:
    """Rampage (CR 702.23a-b): the creatures blocking the source beyond the first, counted as
    the ability resolves, times ``multiplier``."""

    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class OpponentsAttacked:
    """Melee (CR 702.121a): the opponents the controller attacked with one or more creatures
    declared as attackers this combat, counted as the ability resolves."""


@dataclass(frozen=True, slots=True)
class PartySize:
    """"for each creature in your party": the number of creatures in the controller's party,
    0 to 4 (CR 700.8)."""

    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class DevotionCount:
    """"your devotion to black" (or "to black and red"): the mana symbols of those colors among
    the mana costs of the permanents the controller controls (CR 700.5)."""

    colors: tuple[str, ...]
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class TimesKicked:
    """"for each time it was kicked": how many times the spell, or the spell that became this
    permanent, was kicked (multikicker, CR 702.33c-d)."""

    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class DrawnThisWay:
    """"For each card drawn this way": the cards this ability's earlier effects drew as it
    resolves (CR 121.1, 608.2c), times ``multiplier``."""

    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class LifeLostThisWay:
    """"equal to the life lost this way": the life the players lost to this ability's earlier
    effects as it resolves (CR 119.3, 608.2c)."""


@dataclass(frozen=True, slots=True)
class StatOf:
    """"equal to its power" (toughness, mana value): a characteristic of ``what`` as it is,
    or as it last existed if it has left its zone (CR 608.2h)."""

    what: "Subject"
    stat: str               # "power", "toughness" or "mana_value"


@dataclass(frozen=True, slots=True)
class ColorsSpent:
    """Sunburst (CR 702.44a): the number of colors of mana spent to cast the spell that becomes
    this permanent."""


@dataclass(frozen=True, slots=True)
class TimesMutated:
    """"the number of times ~ has mutated" (CR 702.140): the source's mutations, as it last
    existed if it has left the battlefield (CR 608.2h)."""


@dataclass(frozen=True, slots=True)
class CountPerPlayer:
    """"equal to the number of lands they control" (or "cards in that player's hand") in damage
    dealt to players: counted for each player dealt damage, of what that player controls
    (cards in a hand: what they own), as the effect happens; with ``attached`` ("the number of
    Curses attached to them"), of the permanents attached to that player (CR 303.4b)."""

    filter: "Filter"
    multiplier: int = 1
    attached: bool = False


@dataclass(frozen=True, slots=True)
class Minus:
    """"the number of cards in your hand minus 4" (``count`` less ``n``) or, with ``from_n``,
    "3 minus the number of cards in their hand" (``n`` less ``count``): never less than 0, a
    negative result counting as 0 (CR 107.1b)."""

    count: Union[CountOf, CountPerPlayer]
    n: int
    from_n: bool = False


@dataclass(frozen=True, slots=True)
class Plus:
    """"two plus the number of Zombies you control": ``n`` more than ``count``."""

    count: "CountOf | StatOf"    # StatOf: "1 plus the sacrificed creature's mana value"
    n: int


def per_player(amount) -> bool:
    """Whether ``amount`` is counted for each player dealt damage (a :class:`CountPerPlayer`,
    alone or less or from a number)."""
    return type(amount) is CountPerPlayer or (type(amount) is Minus and type(amount.count) is CountPerPlayer)


@dataclass(frozen=True, slots=True)
class CountersRemoved:
    """"for each storage counter removed this way": the counters of ``kind`` removed to pay the
    cost of the ability (:class:`RemoveAnyCountersCost`; CR 608.2c)."""

    kind: str
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class DestroyedThisWay:
    """"for each creature destroyed this way": the permanents matching ``filter``, as they last
    existed on the battlefield, that this ability's earlier effects destroyed (CR 701.8a,
    608.2c), times ``multiplier``."""

    filter: "Filter"
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class CountedThisWay:
    """"that many" after "Sacrifice any number of lands." (``verb`` "sacrificed") or "Exile all
    attacking creatures target player controls." ("exiled"): how many permanents this ability's
    effect before it sacrificed, or set out to exile, whether or not they got there (CR 608.2c;
    Settle the Wreckage's rulings)."""

    verb: str = "sacrificed"


@dataclass(frozen=True, slots=True)
class VoteCount:
    """"for each death vote" (Council's dilemma): the votes cast for ``choice`` in the vote of
    this resolution (CR 701.38a), times ``multiplier``."""

    choice: str
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class SpellsCastThisTurn:
    """"for each spell you've cast this turn": the spells the controller has cast this turn,
    counted as the effect happens, countered ones too (CR 601.2i)."""

    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class CommanderCasts:
    """"for each time you've cast your commander from the command zone this game": the times the
    controller has cast their commanders from the command zone, each of two partners counted,
    countered casts too (CR 903.8; Commander's Insignia rulings 2019-08-23)."""

    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class Half:
    """"half X": ``count`` halved, rounded as the text says, down unless ``round_up`` (CR 107.1a)."""

    count: "Amount"
    round_up: bool = False


@dataclass(frozen=True, slots=True)
class LifeTotal:
    """"your life total": the controller's life total as it is now (CR 119.1, 107.3)."""

    multiplier: int = 1


Amount = Union[int, X, VoteCount, CountOf, CountersRemoved, CountPerPlayer, EventAmount, CountersOn, TimesKicked, PartySize, LifeLostThisWay, DrawnThisWay, StatOf,
               BlockersBeyondFirst, OpponentsAttacked, ColorsSpent, TimesMutated, Minus, Plus, DestroyedThisWay, LifeTotal, Half, SpellsCastThisTurn,
               CountedThisWay, CommanderCasts]

# --------------------------------------------------------------------------------- objects


@dataclass(frozen=True, slots=True)
class Filter:
    """A set of objects described by their characteristics and relation to the controller.

    ``types``: card types any of which matches (empty = any); ``controller``: "you",
    "opponent" or None; ``other``: excludes the ability's source ("another"); ``colors`` may
    hold "chosen", the color chosen for the source as it entered, and ``subtypes`` "chosen",
    the creature type chosen for it; ``multicolored``: two or more colors (CR 105.2b).
    """

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    controller: str | None = None
    other: bool = False
    colors: tuple[str, ...] = ()
    non_types: tuple[str, ...] = ()
    non_colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    without_keywords: tuple[str, ...] = ()
    keywords_any: tuple[str, ...] = ()    # "with flying or reach": one of them at least
    or_keywords: tuple[str, ...] = ()     # "an instant card or a card with flash": the types, or one of these
    tapped: bool | None = None
    attacking: bool = False
    blocking: bool = False
    attacking_or_blocking: bool = False
    non_supertypes: tuple[str, ...] = ()
    power_at_most: int | X | CountOf | None = None          # X: as mana_value_at_most
    power_at_least: int | None = None
    toughness_at_most: int | None = None
    toughness_at_least: int | None = None
    # X: the spell's or ability's X, as it resolves or, in a target, as it was announced; a
    # CountOf: "X or less, where X is the number of ...", counted each time it is read (CR 107.3)
    mana_value_at_most: int | X | CountOf | None = None
    mana_value_at_least: int | X | CountOf | None = None   # both X: "with mana value X"
    zone: str = "battlefield"
    multicolored: bool = False
    # "with mana value equal to the number of ... counters on ~"; a Plus: "equal to 1 plus the
    # sacrificed creature's mana value", counted as a library search happens (engine.effects._search)
    mana_value_equals: "CountersOn | Plus | None" = None
    named_self: bool = False      # "named ~": the source's name (CR 201.5)
    not_named_self: bool = False  # "not named ~"
    name: str | None = None       # "named Angrath, Minotaur Pirate"
    targets_self: bool = False    # "a spell that targets ~": the source is among its targets
    # "spell with a single target": one target chosen for it, not the same one twice (CR 115.7a)
    single_target: bool = False
    # "a spell that targets a creature / you / a player / you or a permanent you control" (CR 115.1):
    # one of its targets is an object ``targets_object`` describes or a player ``targets_player``
    # names ("you": the player the description is read for; "any": any player)
    targets_object: "Filter | None" = None
    targets_player: str | None = None
    # "artifact, enchantment, or creature with flying": ``keywords``/``without_keywords`` describe
    # only objects of this type, the last of the list; one of the other types matches without them
    qualified_type: str | None = None
    all_types: tuple[str, ...] = ()   # every one of these card types too ("artifact creature")
    all_subtypes: tuple[str, ...] = ()   # every one of these subtypes ("an Urza's Power-Plant", CR 205.3i)
    or_self: bool = False         # "~ or another Ally": the source itself matches as well
    power_below_source: bool = False   # "with power less than ~'s power" (CR 509.1b)
    mana_value_at_most_source_power: bool = False   # "with mana value less than or equal to ~'s power" (CR 202.3)
    power_above_hand: bool = False     # "with power greater than the number of cards in your hand"
    shares_color: bool = False    # "that shares a color with it": with the source (CR 105.2, conspire)
    same_mana_value: bool = False   # "with the same mana value as the discarded card": the source's (transmute)
    non_subtypes: tuple[str, ...] = ()   # "non-Human": none of these subtypes (mutate, CR 702.140a)
    same_owner: bool = False      # "with the same owner as this spell" (mutate, CR 702.140a)
    damaged_by_self: bool = False   # "dealt damage by ~ this turn" (Sengir Vampire)
    historic: bool = False        # an artifact, a legendary object or a Saga (CR 700.6)
    nontoken: bool = False        # "nontoken": not a token (CR 111.1)
    token: bool = False           # "creature token", "tokens you control": a token (CR 111.1)
    counter: str | None = None    # "with a +1/+1 counter on it": one or more of that kind (CR 122.1)
    without_counter: str | None = None    # "without a fate counter on it": none of that kind
    no_counters: bool = False     # "with no counters on it": no counter of any kind (CR 122.1)
    monocolored: bool = False     # exactly one color (CR 105.2a)
    types_or_subtypes: bool = False   # "an instant, sorcery, or Wizard spell": one of ``types`` or of ``subtypes``
    all_colors: tuple[str, ...] = ()   # "a spell that's both red and white": each of these colors (CR 105.2)
    kicked: bool = False          # "a kicked spell": cast with its kicker cost paid (CR 702.33d)
    commander: bool = False       # "a commander", "your commander": a commander (CR 903.3d)
    owned: bool = False           # "your commander", "you own": owned by the player it is read for (CR 108.3)
    non_commander: bool = False   # "except for commanders": not a commander (CR 903.3d)
    # "that shares a creature type with your commander": with one of the commanders of the
    # player it is read for, as they are now, in any zone (CR 903.3e, 205.3)
    shares_type_with_commander: bool = False
    adventure: bool = False       # "that has an Adventure": an adventurer card's, cast as itself or not (CR 715.2)
    enchanted: bool = False       # "that are enchanted": an Aura is attached to it (CR 303.4)
    # "that doesn't have the same name as a Curse attached to enchanted player": no permanent of
    # that subtype attached to the player the source enchants has its name (CR 201.2, 303.4b)
    name_unlike_attached: str | None = None
    enchanted_by_another: bool = False   # "with another Aura attached to it": one other than the source (Daybreak Coronet)


X_FIELDS = ("mana_value_at_most", "mana_value_at_least", "power_at_most")
"""The fields of a :class:`Filter` that may hold the X of the spell or ability (CR 107.3)."""


def with_x(f: Filter, x: int | None) -> Filter:
    """``f`` with its X read as ``x``; with ``x`` None, the parts naming X set aside (any X)."""
    found: dict[str, Any] = {name: x for name in X_FIELDS if isinstance(getattr(f, name), X)}
    return dataclasses.replace(f, **found) if found else f


def has_x(f: Filter) -> bool:
    """Whether ``f`` names the spell's or ability's X."""
    return any(isinstance(getattr(f, name), X) for name in X_FIELDS)


class TargetKind(StrEnum):
    """What a "target ..." phrase may target (CR 115.1). A ``StrEnum``: each member equals its
    string, as the exercise notes name it."""

    ANY = "any"                            # a creature, player, planeswalker or battle (CR 115.4)
    PLAYER = "player"
    OPPONENT = "opponent"
    PLAYER_OR_PLANESWALKER = "player_or_planeswalker"
    OPPONENT_OR_PLANESWALKER = "opponent_or_planeswalker"
    PERMANENT = "permanent"                # narrowed by the spec's filter
    SPELL = "spell"                        # an object on the stack
    SPELL_OR_PERMANENT = "spell_or_permanent"
    CARD = "card"                          # in the zone the filter names
    ACTIVATED_ABILITY = "activated_ability"
    TRIGGERED_ABILITY = "triggered_ability"
    ABILITY = "ability"                    # an activated or triggered ability
    SPELL_OR_ABILITY = "spell_or_ability"


# Target kinds naming objects on the stack (CR 115.1, 113.1b): spells, activated and/or triggered
# abilities; a mana ability is never on the stack, so never a target (CR 605.3b).
STACK_TARGETS = frozenset({TargetKind.SPELL, TargetKind.ACTIVATED_ABILITY, TargetKind.TRIGGERED_ABILITY,
                           TargetKind.ABILITY, TargetKind.SPELL_OR_ABILITY})


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One "target ..." phrase (CR 115): ``kind`` is what may be targeted, ``filter`` narrows
    it (and names the zone of a card)."""

    kind: TargetKind
    filter: Filter = field(default_factory=Filter)
    count: int = 1
    up_to: bool = False
    at_least: int = 0       # "one, two, or three targets": the fewest an "up to" phrase takes
    # "another target" after other target phrases of the ability: none of the objects or players
    # chosen for these (indexes of the ability's target phrases) may be chosen (CR 115.4, 601.2c)
    other_than: tuple[int, ...] = ()
    # "target permanent of their choice" (Curse of Inertia): the player who chooses it, the
    # attacking player (ATTACKING_PLAYER), though the ability's controller controls it and the
    # target's legality is theirs to meet (its rulings 2013-10-17; CR 115.1, 601.2c)
    chooser: str | None = None


# "any number of targets" (CR 601.2c): as many as the player chooses, up to this bound
ANY_NUMBER = 100


@dataclass(frozen=True, slots=True)
class Target:
    """The object or player chosen for ``targets[index]``."""

    index: int = 0


@dataclass(frozen=True, slots=True)
class Ref:
    """A non-targeted reference resolved at the time the effect happens:
    "self" (this object), "you" (its controller), "each_opponent", "each_other_player" (the
    players other than its controller), "each_player",
    "target_controller" (controller of the first target), "enchanted", "equipped",
    "attached_controller", "defending_player", "triggering_object", "triggering_player",
    "all" (every object matching ``filter``), "created" (the tokens this ability created
    earlier in its resolution, CR 111.1: "Create a token. Exile it ...", or the permanents it
    put onto the battlefield from a hand: "Sacrifice that creature ..."), "chosen" (one
    permanent you control matching ``filter``, or one card of your graveyard, chosen as the
    effect happens: "return a land you control to its owner's hand", "return a creature card
    from your graveyard to your hand", CR 608.2d)."""

    name: str
    filter: Filter | None = None


# "return ~ to the battlefield" as read, before its ability is known to work from a graveyard
# ("if ~ is in your graveyard", CR 113.6b); the compiler refuses it anywhere else
SELF_IN_GRAVEYARD = Ref("self", Filter(zone="graveyard"))


@dataclass(frozen=True, slots=True)
class ControlledBy:
    """"each creature target player controls", "... that player controls": the permanents
    matching ``filter`` controlled by the player(s) ``player`` names, found as the effect
    happens (CR 108.4, 608.2c); for a filter of another zone ("all cards from target player's
    graveyard"), the cards there those players own (CR 108.4a)."""

    filter: Filter
    player: Union[Target, Ref]


@dataclass(frozen=True, slots=True)
class WithSameName:
    """"target nonland permanent and all other permanents with the same name as that permanent"
    (Maelstrom Pulse, Echoing Truth, Bile Blight): the one target, and every other object
    ``filter`` describes that has the target's name as it is now or last existed (CR 201.2,
    608.2h), those not targeted (hexproof doesn't stop them)."""

    target: Target
    filter: Filter


@dataclass(frozen=True, slots=True)
class ChosenOwnedBy:
    """"choose a permanent owned by the voter": the controller chooses one object matching
    ``filter`` owned by the player ``owner`` names, as the effect happens (CR 608.2d), whoever
    controls it (CR 108.3); nothing is targeted (Expropriate's rulings, 2016-08-23)."""

    filter: Filter
    owner: Ref


@dataclass(frozen=True, slots=True)
class PlayerOrPlaneswalker:
    """"that player or a planeswalker that player controls": as the effect happens the controller
    chooses the player ``player`` names or one planeswalker that player controls (CR 608.2d; no
    target)."""

    player: Ref


Subject = Union[Target, Ref, ControlledBy, WithSameName, ChosenOwnedBy, PlayerOrPlaneswalker]

# --------------------------------------------------------------------------------- mana


@dataclass(frozen=True, slots=True)
class ManaProduce:
    """What a mana ability adds (CR 106).

    ``symbols``: a fixed list such as ("G",) or ("C", "C").
    ``any_color``: that many mana of any one color. ``choice``: one of these symbols.
    ``like_land_could_produce``: one mana of any type a land ``whose`` controls could produce
    (CR 106.7: "you" for Reflecting Pool, "opponent" for Exotic Orchard);
    ``color_only`` restricts it to colors (Fellwar Stone, Exotic Orchard).
    ``amount``: how many times to add it ("for each").
    ``combos``: one of these fixed groups ("{U}{U}, {U}{B}, or {B}{B}").
    ``like_produced``: one mana of any type the triggering permanent just produced
    (Mana Flare, CR 106.12a). ``chosen_color``: one mana of the color chosen for the source
    as it entered (Utopia Sprawl). ``color_of``: one mana of a color of a permanent matching
    this filter (Meteor Crater). ``like_sacrificed``: one mana of a type the permanent
    sacrificed to pay the cost could produce (Squandered Resources). ``commander_identity``:
    one mana of any color in the color identity of the commanders of the ability's controller,
    no mana when they have none (Command Tower, CR 903.4f, 106.5). ``colors_of``: one mana of
    any of the colors of the cards this reference names, ``Ref(EXILED_CARDS)`` for the cards
    the source's linked ability exiled (Chrome Mox, CR 607.2a); none when they have no color.
    ``devotion_color``: mana of one color chosen, as much as the controller's devotion to it
    (Nykthos, Shrine to Nyx, CR 700.5). ``combination_of``:
    ``amount`` mana in any combination of these colors, one multiset of them chosen (Calciform
    Pools, CR 106.1b).
    """

    symbols: tuple[str, ...] = ()
    any_color: int = 0
    choice: tuple[str, ...] = ()
    like_land_could_produce: str | None = None
    color_only: bool = False
    amount: Amount = 1
    combos: tuple[tuple[str, ...], ...] = ()
    like_produced: bool = False
    chosen_color: bool = False
    color_of: Filter | None = None
    like_sacrificed: bool = False
    commander_identity: bool = False
    colors_of: "Ref | None" = None
    devotion_color: bool = False
    combination_of: tuple[str, ...] = ()


# --------------------------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class SpendRule:
    """CR 106.6: a restriction on how the mana an ability adds may be spent, and what
    spending it does to the spell it pays for.

    Restriction (when any of the first three is set): the mana may pay only to cast a spell
    matching ``spells``, to activate an ability of a permanent matching ``abilities``, or a
    cost that contains {X} (``x_costs``). Rider: ``rider`` happens to a spell matching
    ``rider_spells`` (None: any spell the mana may pay for) that the mana is spent on:
    "cant_be_countered", "plus_one_counter" (that creature enters with an additional
    +1/+1 counter), "commander_counters" (that commander enters with an additional +1/+1
    counter for each time it has been cast from the command zone: Opal Palace), or "trigger"
    (the :class:`AddMana`'s ``spent_trigger`` triggers, once per mana spent: Path of Ancestry).
    """

    spells: Filter | None = None
    abilities: Filter | None = None
    x_costs: bool = False
    rider: str | None = None
    rider_spells: Filter | None = None
    text: str = ""

    @property
    def restricted(self) -> bool:
        return self.spells is not None or self.abilities is not None or self.x_costs


@dataclass(frozen=True, slots=True)
class AddMana:
    """Add mana to ``who``'s mana pool ("its controller adds", Wild Growth); ``spend``
    restricts how it may be spent or gives it a rider (CR 106.6)."""

    produce: ManaProduce
    who: "Subject" = Ref("you")
    spend: SpendRule | None = None
    # "When that mana is spent to cast ..., scry 1.": a triggered ability of the mana's
    # source, for each mana spent on a spell ``spend.rider_spells`` matches (CR 106.6, 603.2)
    spent_trigger: "TriggeredAbility | None" = None


@dataclass(frozen=True, slots=True)
class DealDamage:
    amount: Amount
    to: Subject
    source: Subject = Ref("self")


@dataclass(frozen=True, slots=True)
class DivideDamage:
    """"[source] deals N damage divided as you choose among [targets]": the controller divides
    ``amount`` among the targets of ``to`` as the spell is cast or the ability put on the
    stack, each getting at least 1 (CR 601.2d, 603.3d); an illegal target's share is not dealt
    (CR 608.2b)."""

    amount: Amount
    to: Target
    source: Subject = Ref("self")


@dataclass(frozen=True, slots=True)
class Draw:
    """``who`` draws ``amount`` cards, one at a time (CR 121.2); with ``up_to`` each such player
    first chooses how many, 0 to ``amount`` ("may draw up to two cards", CR 608.2d)."""

    amount: Amount = 1
    who: Subject = Ref("you")
    up_to: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    amount: Amount = 1
    who: Subject = Ref("you")
    random: bool = False
    up_to: bool = False     # "Discard up to two cards": as many as the player chooses, at most ``amount``


@dataclass(frozen=True, slots=True)
class CantCastSameName:
    """"That creature's owner can't cast spells with the same name as that creature until your
    next turn.": the name ``what`` had as it last existed (CR 201.2, 608.2h); its owner can't
    cast spells with that name until the controller's next turn (CR 101.2, 611.2a)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class DiscardOrLoseLife:
    """"Each opponent discards a card, then each opponent who didn't discard a nonland card this
    way loses 3 life.": each player ``who`` names chooses a card in APNAP order, all are
    discarded at once, then each whose card didn't match ``spared`` (or who had none) loses
    ``life`` (CR 701.9a, 101.4; Kroxa's rulings)."""

    who: Subject
    spared: Filter
    life: int


@dataclass(frozen=True, slots=True)
class DiscardHandDraw:
    """"Each player discards all the cards in their hand, then draws that many cards [minus
    one]": each player named discards their hand, in APNAP order, then each draws the number they
    discarded plus ``more`` (CR 701.9a, 121.1, 101.4)."""

    who: Subject = Ref("you")
    more: int = 0


@dataclass(frozen=True, slots=True)
class DiscardHand:
    """"Each player discards their hand": each player named discards every card in their hand
    (CR 701.9a), in APNAP order (CR 101.4); with ``filter``, only the cards matching it, after
    revealing the hand when ``revealed`` ("reveals their hand and discards all nonland cards",
    CR 701.20a)."""

    who: Subject = Ref("you")
    filter: Filter | None = None
    revealed: bool = False


@dataclass(frozen=True, slots=True)
class GainLife:
    amount: Amount
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class LoseLife:
    amount: Amount
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class LoseHalfLife:
    """"Each opponent loses half their life, rounded up.": each player ``who`` names loses half
    their own life total as the effect happens, rounded as the text says (CR 107.1a, 119.3)."""

    who: Subject
    round_up: bool = True


@dataclass(frozen=True, slots=True)
class Destroy:
    """CR 701.8; ``no_regeneration`` for "It can't be regenerated" (CR 701.19)."""

    what: Subject
    no_regeneration: bool = False


@dataclass(frozen=True, slots=True)
class Regenerate:
    """CR 701.19: the next time ``what`` would be destroyed this turn, it is tapped, removed
    from combat and has its damage removed instead."""

    what: Subject


@dataclass(frozen=True, slots=True)
class Exile:
    """Exile ``what``. ``linked``: an ability of the same card refers to "the exiled card"
    (CR 607.2a), so the cards are remembered as exiled with the source; ``until_source_leaves``:
    "until ~ leaves the battlefield", when they return (CR 610.3)."""

    what: Subject
    linked: bool = False
    until_source_leaves: bool = False


@dataclass(frozen=True, slots=True)
class ExileIfDies:
    """"If that creature would die this turn, exile it instead" (CR 614.1a, 700.4): a
    replacement effect on ``what`` until end of turn."""

    what: Subject


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Return ``what`` to its owner's hand; ``from_graveyard``: "Return ~ from your graveyard to
    your hand", which moves the card only from there (CR 113.6m)."""

    what: Subject
    from_graveyard: bool = False


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """Sacrifice ``what`` (CR 701.21a): the effect's controller, or with ``by_controller`` the
    player who controls it then ("Its controller sacrifices it")."""

    what: Subject
    by_controller: bool = False


@dataclass(frozen=True, slots=True)
class CounterSpell:
    """"Counter target spell."; with ``exile``, "If that spell is countered this way, exile it
    instead of putting it into its owner's graveyard." (a self-replacement effect, CR 614.15);
    with ``instead`` ("hand", "library_top", "library_bottom"), "... put it into its owner's hand
    / on top of / on the bottom of its owner's library instead of into that player's graveyard"."""

    what: Subject
    exile: bool = False
    instead: str = ""


@dataclass(frozen=True, slots=True)
class CopySpell:
    """"Copy target instant or sorcery spell." (CR 707.10): the copy is put on the stack, not
    cast; with ``new_targets`` its controller may change its targets (CR 707.10c)."""

    what: Subject
    new_targets: bool = False


@dataclass(frozen=True, slots=True)
class ModifyPT:
    """"gets +N/+M" (until end of turn unless ``duration`` is "permanent")."""

    what: Subject
    power: Amount
    toughness: Amount
    duration: str = "end_of_turn"
    negate_power: bool = False
    negate_toughness: bool = False


@dataclass(frozen=True, slots=True)
class CreateManaReplacement:
    """A spell's "Until end of turn, if a player taps ... for mana, it produces ... instead"
    (Pale Moon): the replacement effect lasts ``duration`` (CR 611.2, 106.12b)."""

    replacement: "ManaReplacement"
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class CreateDelayedTrigger:
    """A delayed triggered ability a spell creates for ``duration`` (CR 603.7, 603.7b; High
    Tide), or one that triggers once: "next_end_step", "next_upkeep" (CR 603.7c). Its source is
    the spell and its controller the spell's controller (CR 603.7d). "this_turn": it waits for
    its event until the turn ends ("Whenever a creature blocks this turn"); with ``what``, for
    that one object's event, once ("When that creature dies this turn")."""

    ability: "TriggeredAbility"
    duration: str = "end_of_turn"
    what: "Subject | None" = None


@dataclass(frozen=True, slots=True)
class Explore:
    """CR 701.44: ``what`` explores ``amount`` times."""

    what: Subject
    amount: Amount = 1


@dataclass(frozen=True, slots=True)
class PhaseOut:
    """CR 702.26b: ``what`` phases out ("All permanents you control phase out.")."""

    what: Subject


@dataclass(frozen=True, slots=True)
class GainControl:
    """"Gain control of ..." (CR 613.1b): the controller of the effect controls it for
    ``duration``: "end_of_turn", "permanent", or while a condition on the effect's source
    holds, "while_you_control_source" ("for as long as you control ~") and
    "while_source_on_battlefield" ("for as long as ~ remains on the battlefield", CR 611.2b)."""

    what: Subject
    duration: str = "end_of_turn"
    who: Subject = Ref("you")    # the player who gains control ("Target player gains control of ...")


# ------------------------------------------------ the monarch (CR 724)


@dataclass(frozen=True, slots=True)
class BecomeMonarch:
    """"you become the monarch": ``who`` becomes the monarch, and whoever was stops being it
    (CR 724.3)."""

    who: Subject = Ref("you")


# ------------------------------------------------ energy counters (CR 107.14, 122.1)


@dataclass(frozen=True, slots=True)
class GetEnergy:
    """"you get {E}{E}": ``who`` gets ``amount`` energy counters (CR 122.1, 107.14)."""

    amount: Amount
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class GetPoison:
    """"that player gets a poison counter": ``who`` gets ``amount`` poison counters (CR 122.1;
    ten or more lose the game, CR 704.5c)."""

    amount: Amount
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class PayEnergy:
    """"pay {E}{E}" as part of an effect ("you may pay {E}{E}. If you do, ..."): remove that
    many energy counters from yourself, possible only with that many (CR 107.14, 118.3)."""

    amount: int


@dataclass(frozen=True, slots=True)
class ExchangeLifeTotals:
    """Two players exchange life totals (CR 701.12c): ``first`` and ``second``, or the two
    players ``first`` names ("two target players") when ``second`` is None."""

    first: Subject
    second: Subject | None = None


@dataclass(frozen=True, slots=True)
class ExchangeControl:
    """"Exchange control of ``first`` and ``second``" (CR 701.12b); ``second`` None when
    ``first`` names both ("two target creatures")."""

    first: Subject
    second: Subject | None = None


@dataclass(frozen=True, slots=True)
class BecomeCreature:
    """"~ becomes a P/T [colors] [subtypes] [artifact] creature [with all creature types | with
    keywords] until end of turn" (Mutavault, Celestial Colonnade, the Keyrunes; CR 611.2, 613.1d,
    613.4b). With ``replaces_types`` it is a creature (and of ``types``) instead of its other card
    types, whose subtypes it loses (CR 205.1a: Sarkhan the Masterless, Hidden Ancients); without,
    it keeps them ("It's still a land", "artifact creature", CR 205.1b). Without P/T (crew,
    CR 702.122a) it keeps its printed power and toughness."""

    what: Subject
    power: int | None
    toughness: int | None
    all_creature_types: bool = False
    duration: str = "end_of_turn"
    colors: tuple[str, ...] | None = None    # its colors are these instead (layer 5, CR 105.3)
    subtypes: tuple[str, ...] = ()           # creature types it has too (layer 4)
    types: tuple[str, ...] = ()              # card types it has too besides creature ("Artifact")
    keywords: tuple["Keyword", ...] = ()     # abilities it gains (layer 6)
    replaces_types: bool = False


@dataclass(frozen=True, slots=True)
class GrantKeywords:
    """"gains flying until end of turn"."""

    what: Subject
    keywords: tuple["Keyword", ...]
    duration: str = "end_of_turn"


# "Until your next turn, ...": an effect that lasts until its controller's next turn begins
# (CR 611.2a; 500.1), a GrantKeywords of a player's protection or a LifeCantChange
UNTIL_YOUR_NEXT_TURN = "your_next_turn"


@dataclass(frozen=True, slots=True)
class LifeCantChange:
    """"your life total can't change" for a while: ``who`` can't gain or lose life (CR 119.7,
    119.8), from a resolved spell or ability (Teferi's Protection). Read, not run yet: the only
    card with it also phases permanents out, which isn't read."""

    who: Subject = Ref("you")
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class CantLoseGame:
    """"You can't lose the game this turn and your opponents can't win the game this turn."
    (Angel's Grace): for ``duration``, the controller doesn't lose the game and their opponents
    don't win it (CR 104.3, 104.2)."""

    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class Untargetable:
    """"Target creature can't be the target of spells or abilities your opponents control this
    turn." (Vines of Vastwood): for ``duration``, ``what`` can't be chosen as a target by the
    opponents of the effect's controller (CR 115.1; not hexproof: the card's ruling)."""

    what: Subject
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class DamageLifeFloor:
    """"Until end of turn, damage that would reduce your life total to less than 1 reduces it to
    1 instead." (Angel's Grace; CR 614.1a): the result of damage to the controller, not the
    damage (lifelink still counts all of it)."""

    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """Remove up to ``amount`` counters of any kinds from ``what``; the controller of the
    effect chooses which, on resolution (Glissa Sunslayer)."""

    what: Subject
    amount: int


@dataclass(frozen=True, slots=True)
class PutCounters:
    what: Subject
    kind: str
    amount: Amount = 1


@dataclass(frozen=True, slots=True)
class DoubleCounters:
    """"Double the number of +1/+1 counters on ~": each permanent named gets as many more
    counters of ``kind`` as it has (CR 701.10e)."""

    what: Subject
    kind: str


@dataclass(frozen=True, slots=True)
class TokenSpec:
    name: str
    # an amount ("an X/X ... token", CR 107.3) is counted as the token is created
    power: "int | Amount | None"
    toughness: "int | Amount | None"
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    keywords: tuple["Keyword", ...] = ()
    text: str = ""   # rules text, compiled like a card's (predefined tokens, CR 111.10)
    # the abilities of that text as the effect's own sentence read them ("It has "..."",
    # CR 111.3), so what the token will do is known (and checked) before it exists
    abilities: tuple = ()
    supertypes: tuple[str, ...] = ()     # "create Marit Lage, a legendary 20/20 ..." (CR 205.4)


@dataclass(frozen=True, slots=True)
class CreateTokens:
    """Create ``amount`` tokens; each player ``who`` names creates them, under their control
    (CR 111.2)."""

    token: TokenSpec
    amount: Amount = 1
    tapped: bool = False
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class CopyChanges:
    """The exceptions of a copy effect, part of the copy's copiable values (CR 707.9a-b):
    ``keywords`` and ``abilities`` (with their ``text``) it has besides the copied ones; card
    types or subtypes ``add_types`` it has in addition to its other types; ``pt`` its power and
    toughness, ``color`` its only color and ``subtypes`` its only creature types (the copied
    object's characteristic-defining abilities for them aren't copied, CR 707.9d); and
    ``nonlegendary``: it isn't legendary."""

    keywords: tuple["Keyword", ...] = ()
    abilities: tuple = ()
    text: str = ""
    add_types: tuple[str, ...] = ()
    pt: tuple[int, int] | None = None
    color: str | None = None
    subtypes: tuple[str, ...] | None = None
    nonlegendary: bool = False


@dataclass(frozen=True, slots=True)
class CreateTokenCopy:
    """"Create a token that's a copy of [an object]" (CR 707.2, 111.1): ``amount`` tokens each
    with the copiable values of the object ``what`` names (a permanent as it is or last existed,
    a card where it is), with ``changes`` (CR 707.9); each player ``who`` names creates them."""

    what: Subject
    amount: Amount = 1
    changes: CopyChanges = CopyChanges()
    tapped: bool = False
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class SkipNext:
    """"You skip your next turn.", "Target player skips their next draw step.": each player
    ``who`` names skips their next ``count`` occurrences of ``what`` ("turn", "untap", "upkeep",
    "draw", "combat"), a replacement effect (CR 614.1b, 614.10)."""

    what: str
    who: Subject = Ref("you")
    count: int = 1


@dataclass(frozen=True, slots=True)
class Tap:
    what: Subject


@dataclass(frozen=True, slots=True)
class Untap:
    what: Subject


@dataclass(frozen=True, slots=True)
class UntapUpTo:
    """"Untap up to two lands": as it resolves, the controller chooses up to ``count`` permanents
    matching ``filter`` (whoever controls them; they aren't targeted, CR 608.2d) and untaps
    them (CR 701.26b)."""

    count: int
    filter: Filter


@dataclass(frozen=True, slots=True)
class TapOrUntap:
    """"tap or untap target permanent": ``who`` chooses, as it resolves, which of the two
    happens to each object named (CR 701.26, 608.2d)."""

    what: Subject
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class Mill:
    amount: Amount
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class Scry:
    amount: Amount


@dataclass(frozen=True, slots=True)
class SearchLibrary:
    """Search ``who``'s library for up to ``amount`` cards matching ``filter``, put them into
    ``to`` ("hand", "exile" or "battlefield" under your control, ``tapped``); then that player
    shuffles. ``up_to``: "for up to three cards", not "for three cards". With ``own`` the
    library's owner searches, and the cards go to their hand or under their control."""

    filter: Filter
    to: str = "hand"
    tapped: bool = False
    amount: "int | CountedThisWay" = 1     # "[up to] that many" (Scapeshift), counted as it resolves
    reveal: bool = False      # the found cards are shown to all (CR 701.23e)
    who: Subject = Ref("you")
    up_to: bool = False
    graveyard: bool = False   # "your library and/or graveyard": the library is shuffled if searched
    own: bool = False         # its owner ``who`` searches it and gets the cards ("Its controller may search their library")
    split: bool = False       # "put one onto the battlefield and the other into your hand": one card goes to ``to``
    attach_to: "Subject | None" = None   # "put it onto the battlefield attached to that player" (CR 303.4f)
    # "a card with the same name as that card": the name of that object (CR 201.2), besides ``filter``
    same_name_as: "Subject | None" = None
    share_land_type: bool = False   # "... land cards that share a land type": each one found shares one with the others
    counter: str | None = None    # "with an additional +1/+1 counter on it": each enters with one (CR 614.1c)


@dataclass(frozen=True, slots=True)
class SearchZonesExile:
    """Search ``who``'s graveyard, hand and library for the cards matching ``filter`` (its zone
    aside), exile them, and that player shuffles their library (CR 701.23, 701.24a): ``all`` of
    them ("for all cards"), or any number of them, at most ``up_to`` when set ("up to four")."""

    filter: Filter
    who: Subject = Ref("you")
    up_to: int | None = None
    all: bool = False
    # "cards with the same name as that card": the name of that object, as it is now or as it
    # last existed (CR 201.2, 608.2h), instead of a name in ``filter``
    same_name_as: "Subject | None" = None


@dataclass(frozen=True, slots=True)
class LookAtHand:
    """"Look at target player's hand" (Gitaxian Probe): you look at the cards in ``who``'s hand,
    shown to you alone (CR 701.20e, 402.3)."""

    who: Subject


@dataclass(frozen=True, slots=True)
class RevealUntil:
    """"Reveal cards from the top of your library until you reveal a [card of ``filter``] [for
    each wild vote]. Put that card (those cards) [``to``] and [the others ``rest``]." (CR
    701.20a): revealing stops once ``count`` matching cards are revealed or the library runs out;
    those go into the hand or onto the battlefield (``tapped``), together; the others "graveyard",
    "exile", "random" (the bottom, in a random order), "bottom" (in the order chosen) or
    "shuffle" (into the library); then the controller loses ``life_per_rest`` life for each of
    the others exiled (Spoils of the Vault, CR 119.3). With ``optional`` ("You may put that card
    ..."), the controller may leave the card found with the others."""

    filter: Filter
    to: str = "hand"
    tapped: bool = False
    rest: str = "graveyard"
    count: "Amount" = 1
    life_per_rest: int = 0
    optional: bool = False


@dataclass(frozen=True, slots=True)
class LookAtTopOf:
    """"Look at the top card of target player's library." (Mishra's Bauble): you look at the top
    card of ``who``'s library, shown to you alone (CR 701.20e); with ``to`` ("bottom" or
    "graveyard") you may then put it on the bottom of that library (Jace, the Mind Sculptor) or
    into its owner's graveyard (Eye Spy); else it stays on top."""

    who: Subject
    to: str | None = None


@dataclass(frozen=True, slots=True)
class ChooseNewTargets:
    """"You may choose new targets for target spell or ability" (Deflecting Swat, Redirect):
    the effect's controller may change any of the targets of the spell or ability ``what``
    names to other legal ones (CR 115.7d)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class ChangeTarget:
    """"Change the target of target spell with a single target" (Deflection, Swerve): the
    effect's controller changes that target to another legal one if there is one, else it stays,
    legal or not (CR 115.7a)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class RevealHandDiscard:
    """``who`` reveals their hand; you choose a card matching ``filter`` from it and that player
    discards it (CR 701.20a), or you exile it when ``exile`` (``until_source_leaves``: until
    the source leaves the battlefield, CR 610.3)."""

    filter: Filter
    who: Subject
    exile: bool = False
    until_source_leaves: bool = False     # exiled until the source leaves, then back to the hand (CR 610.3)


@dataclass(frozen=True, slots=True)
class LookAtTop:
    """Look at the top ``amount`` cards of your library (or reveal them all, ``revealed``) and
    choose among them: put into your hand every card matching ``filter`` (``all_matching``), or
    up to ``up_to`` matching cards (``ANY_NUMBER``: any number; ``must``: as many as there are,
    up to that many), one more for each filter of ``more`` ("a creature card and/or a land
    card"), or ``take`` cards unrevealed; the chosen cards go to ``to`` ("hand", "battlefield",
    ``tapped``, or "library_top"). ``rest`` says where the others go: "random" (the bottom, in a
    random order), "bottom" or "top" (in any order you choose; CR 701.20e, 401.4), "graveyard"
    or "hand". ``filter`` None with no ``take``: none is chosen."""

    amount: Amount
    filter: Filter | None = None
    rest: str = "random"
    take: int = 0
    revealed: bool = False      # "Reveal the top N cards": all of them are shown (CR 701.20a)
    all_matching: bool = False  # "Put all Goblin cards revealed this way into your hand"
    to: str = "hand"
    tapped: bool = False
    up_to: int = 1
    must: bool = False          # "Put a creature card from among them ..." (no "you may")
    more: tuple[Filter, ...] = ()
    unrevealed: bool = False    # "you may put ... into your hand" after looking: not shown


@dataclass(frozen=True, slots=True)
class Fight:
    first: Subject
    second: Subject


@dataclass(frozen=True, slots=True)
class PreventDamage:
    """CR 615: prevent damage, put together from free parts. ``amount`` None prevents all of it
    (else the next N, CR 615.7). Which damage: ``combat_only`` or ``noncombat_only`` (else any);
    dealt to ``to`` (None: to anything) and to ``also_to`` (a second recipient: "to you and
    creatures you control"); dealt by ``source`` (None: any source). A recipient or source is a
    reference to objects or players, or ``Ref("all", filter)``: any object matching it as the
    damage would be dealt (CR 611.2c does not lock prevention in), or ``Ref(BLOCKING_SELF)`` /
    ``Ref(BLOCKED_BY_SELF)``: the creatures blocking the source of the ability, or those it
    blocks (CR 509.1g). ``duration`` "end_of_turn" for an effect of a resolving spell or
    ability ("this turn"); "" in a static ability, which applies while its permanent is on the
    battlefield (:class:`PreventionAbility`, CR 604.1). ``once``: "the next time" the source
    would deal damage, that one instance only (CR 615.8). ``Ref(CHOSEN_SOURCE, filter)`` is a
    source with those characteristics its controller chooses as the effect begins (CR 609.7a)."""

    amount: Amount | None = None
    to: Subject | None = None
    combat_only: bool = False
    source: Subject | None = None
    noncombat_only: bool = False
    also_to: Subject | None = None
    duration: str = "end_of_turn"
    once: bool = False
    gain_life: bool = False     # "You gain life equal to the damage prevented this way." (CR 615.5)
    counters: bool = False      # "For each 1 damage prevented this way, put a +1/+1 counter on that creature."


@dataclass(frozen=True, slots=True)
class RedirectDamage:
    """CR 614.9: damage that would be dealt is dealt to ``instead`` (one object or player, fixed
    as the effect begins) instead: the next ``amount`` (None: all of it this turn; ``once``: the
    next instance, CR 615.8's counterpart), dealt to ``to`` [and ``also_to``] by ``source``, named
    by the same parts as :class:`PreventDamage`. Redirection prevents nothing (CR 615.12 doesn't
    stop it)."""

    instead: Subject
    amount: Amount | None = None
    to: Subject | None = None
    combat_only: bool = False
    source: Subject | None = None
    noncombat_only: bool = False
    also_to: Subject | None = None
    duration: str = "end_of_turn"
    once: bool = False


@dataclass(frozen=True, slots=True)
class DamageChange:
    """CR 614.1a: "If [source] would deal damage to [recipient], it deals double that damage /
    that much damage plus N / half that damage, rounded down, ... instead." The damage becomes
    ``times`` as much, then ``plus`` more (less when negative; never below 0, CR 107.1b), or half
    of it rounded down (``halve``, CR 107.1a). Which damage is named as in :class:`PreventDamage`:
    dealt by ``source`` to ``to`` or ``also_to`` (None: any), combat or noncombat only."""

    source: Subject | None = None
    to: Subject | None = None
    also_to: Subject | None = None
    combat_only: bool = False
    noncombat_only: bool = False
    times: int = 1
    plus: int = 0
    halve: bool = False
    as_counters: str | None = None      # "put that many -1/-1 counters on that creature instead"


@dataclass(frozen=True, slots=True)
class LifeGainChange:
    """CR 614.1a, 119.10: "If you would gain life, you gain twice that much life / that much life
    plus 1 instead" (``times``, ``plus``), "... that player gains no life instead" (``times`` 0),
    "... that player loses that much life instead" (``lose``)."""

    times: int = 1
    plus: int = 0
    lose: bool = False


BLOCKING_SELF = "blocking_self"        # "creatures blocking it"
BLOCKED_BY_SELF = "blocked_by_self"    # "creatures it's blocking"
CHOSEN_SOURCE = "chosen_source"        # "a red source of your choice"


@dataclass(frozen=True, slots=True)
class PayMana:
    """"Pay {3}" inside an effect (CR 118.1): the player pays or, unable, the rest of the
    optional action ("you may pay ...") doesn't happen."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class PayLife:
    """"Pay 2 life" inside an effect: only with a life total of at least that much (CR 119.4,
    118.3); unable, the player doesn't pay and "If you do" doesn't apply."""

    amount: Amount


@dataclass(frozen=True, slots=True)
class RemoveAllCounters:
    """"Remove all fate counters from all permanents" (Oblivion Stone): every counter of
    ``kind`` from each object named (CR 122.1)."""

    what: Subject
    kind: str


@dataclass(frozen=True, slots=True)
class RemoveCounter:
    """"Remove a +1/+1 counter from ~": ``amount`` counters of ``kind`` from each object named
    (CR 122.1); done only if all of them were removed, for "If you do" (CR 608.2c)."""

    what: Subject
    kind: str
    amount: int = 1


@dataclass(frozen=True, slots=True)
class MoveCounter:
    """Move ``amount`` counters of ``kind`` from ``source`` onto ``to`` (CR 122.5): graft's
    trigger (CR 702.58a)."""

    source: Subject
    to: Subject
    kind: str
    amount: int = 1


@dataclass(frozen=True, slots=True)
class PutExiledInGraveyard:
    """"Put a card an opponent owns from exile into that player's graveyard": one such card the
    controller chooses, moved to its owner's graveyard (CR 400.3, 406); done only if there was
    one, for "If you do" (CR 608.2c)."""


@dataclass(frozen=True, slots=True)
class CreateReflexive:
    """CR 603.12: "When you do, ...": doing the optional action before it makes ``ability``
    trigger; it goes on the stack the next time a player would receive priority, with its own
    targets."""

    ability: "TriggeredAbility"


@dataclass(frozen=True, slots=True)
class Conditional:
    """"If [condition], [effects]" inside a spell or ability, checked as it resolves (CR 608.2c).
    ``otherwise`` holds what an "instead" sentence replaces. ``condition`` is a name the engine
    knows ("kicked": the spell was kicked, linked to its kicker ability, CR 702.33e, 607.2i) or a
    typed condition on the game state ("if you control a Wizard")."""

    condition: "str | StateCondition | ObjectIs | DiscardedThisWay | SameManaValue"
    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()
    otherwise_after: bool = False     # "Otherwise, ..." written after the effects, not replaced by them
    condition_after: bool = False     # written after the effects ("Destroy target creature if it's white"): its "it" is theirs


def condition_key(condition) -> str:
    """How the support lists name a condition: a named one by its name, a typed one by its class."""
    return condition if isinstance(condition, str) else type(condition).__name__


@dataclass(frozen=True, slots=True)
class DiscardedThisWay:
    """"If a land card is discarded this way": the condition of a ``Conditional`` that a card
    the effects before it in the same resolution discarded matches ``filter`` (CR 608.2c, 701.9a)."""

    filter: "Filter"


@dataclass(frozen=True, slots=True)
class AmountAtLeast:
    """"If the sacrificed creature's toughness was 4 or greater": the condition of a
    ``Conditional`` that ``amount``, counted as the effect happens, is at least ``at_least``
    (CR 608.2c, 608.2h)."""

    amount: "Amount"
    at_least: "Amount"      # a number, or a count read as it happens ("the number of cards in your library")


@dataclass(frozen=True, slots=True)
class SameManaValue:
    """"if it has the same mana value as the revealed card" (Counterbalance): the condition of a
    ``Conditional`` that ``what`` and ``other`` exist and have equal mana values as the effect
    happens (CR 202.3: X counts on the stack, is 0 elsewhere)."""

    what: Subject
    other: Subject


@dataclass(frozen=True, slots=True)
class ObjectIs:
    """"If that creature is a Human", "If it's an artifact creature", "If that creature was
    green or white": the condition of a ``Conditional`` that the target ``what`` has the
    characteristics of ``filter`` (whatever its zone) as the effect happens, or had as it last
    existed if it left its zone (CR 608.2c, 608.2h)."""

    what: Subject
    filter: Filter


@dataclass(frozen=True, slots=True)
class IfYouDo:
    """"If you do, [effects]" after an optional or possibly impossible action (discarding,
    paying, sacrificing): the effects happen only if that action was done (CR 608.2c)."""

    effects: tuple["Effect", ...]


@dataclass(frozen=True, slots=True)
class May:
    """"You may ..." - the choice is made on resolution (CR 603.5, 608.2d)."""

    effects: tuple["Effect", ...]
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class Mode:
    text: str
    targets: tuple[TargetSpec, ...]
    effects: tuple["Effect", ...]


@dataclass(frozen=True, slots=True)
class Modal:
    """"Choose one -" (CR 700.2): modes are chosen as the spell or ability is put on the stack;
    each mode's effects use that mode's own targets. ``most`` is the largest number of modes
    that may be chosen when it is more than ``choose`` ("Choose one or both -"); with
    ``more_if``, a condition of the spell being cast (kicked, "if you control a commander as you
    cast this spell"), only while it holds as the modes are chosen (CR 601.2b). ``repeat``: the
    same mode may be chosen more than once (CR 700.2d)."""

    modes: tuple[Mode, ...]
    choose: int = 1
    most: int = 0
    repeat: bool = False
    more_if: typing.Any = None

    @property
    def at_most(self) -> int:
        return max(self.choose, self.most)


@dataclass(frozen=True, slots=True)
class ReturnToBattlefield:
    """Return ``what`` (a card in a graveyard or exile) to the battlefield under its owner's
    control, or under the control of the effect's controller with ``under_you``, with one
    ``counter`` on it if given (persist, CR 702.79a; undying, CR 702.93a). ``from_graveyard``:
    "Return ~ from your graveyard to the battlefield", the ability works only there (CR 113.6m);
    ``tapped``; ``attached_to``: the object an Aura enters attached to (CR 303.4f)."""

    what: Subject
    counter: str | None = None
    under_you: bool = False
    from_graveyard: bool = False
    tapped: bool = False
    attached_to: Subject | None = None


@dataclass(frozen=True, slots=True)
class SkipNextUntap:
    """``what`` doesn't untap during its controller's next untap step (CR 502.3), or during
    the next untap step of the ability's controller when ``yours`` ("your next untap step")."""

    what: Subject
    yours: bool = False
    # "doesn't untap during its controller's untap step for as long as ~ remains tapped": every
    # untap step until the source untaps or leaves (CR 611.2b)
    while_source_tapped: bool = False


@dataclass(frozen=True, slots=True)
class Restrict:
    """A rule about combat for ``what`` this turn, from a resolving spell or ability (CR 611.2):
    ``rule`` is "cant_block", "cant_attack", "cant_be_blocked" (CR 509.1b, 508.1c),
    "cant_be_blocked_by" (by creatures matching ``blockers``), "attacks_each_combat" ("attacks
    this turn if able", CR 508.1d) or "no_combat_damage" ("assigns no combat damage this turn"). A group ("creatures without flying") is not locked in as the
    effect begins: it changes a rule, not characteristics (CR 611.2c). ``duration`` "end_of_combat":
    "this combat" (provoke, CR 702.39a)."""

    what: Subject
    rule: str
    blockers: Filter | None = None
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    """"[Player] takes an extra turn after this one." (CR 500.7)."""

    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class Clash:
    """CR 701.30b: "Clash with an opponent": the controller and an opponent each reveal the top
    card of their library and may put it on the bottom (CR 701.30a, 701.30c)."""


@dataclass(frozen=True, slots=True)
class FlipCoin:
    """"Flip a coin." (CR 705.1): the controller flips, and wins or loses the flip (CR 705.2),
    which the "If you win the flip" / "If you lose the flip" after it read."""


@dataclass(frozen=True, slots=True)
class IfYouWin:
    """"If you win, [effects]" after a clash: the effects happen only if the controller won it
    (CR 701.30d). With ``flip``, "If you win the flip, ..." after a coin flip (CR 705.2), and
    with ``lose`` too, "If you lose the flip, ...": only when the coin was flipped and lost."""

    effects: tuple["Effect", ...]
    flip: bool = False
    lose: bool = False


@dataclass(frozen=True, slots=True)
class Vote:
    """CR 701.38a: "Starting with you, each player votes for A or B.": each player in the game,
    starting with the controller and in turn order, votes for one of ``choices`` (words with no
    rules meaning, CR 701.38b) or, with ``filter``, for one object matching it ("a nonland
    permanent you don't control": an object, not a target)."""

    choices: tuple[str, ...] = ()
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class DoesTheSame:
    """"Each opponent attacking that player does the same." (Curse of Opulence): after the
    effects before it are done, each player ``who`` names does them too, as "you"."""

    who: "Subject"
    effects: tuple["Effect", ...]


@dataclass(frozen=True, slots=True)
class RepeatProcess:
    """"[effects]. You may repeat this process any number of times." (Ad Nauseam): ``effects``
    are done, then again each time the controller chooses to as they end (CR 608.2d); "that
    card" in them is the one of the current time. With ``if_milled_share_color`` ("If two cards
    that share a color were milled this way, repeat this process.", Grindstone), again each time
    the two cards milled share a color, with no choice."""

    effects: tuple["Effect", ...]
    if_milled_share_color: bool = False


@dataclass(frozen=True, slots=True)
class ForEachVote:
    """"For each money vote, [effects]" (Council's dilemma, CR 701.38a): ``effects`` happen once
    for each vote cast for ``choice``, in the order the votes were cast; in them "the voter"
    (``Ref(VOTER)``) is the player who cast that vote."""

    choice: str
    effects: tuple["Effect", ...]


@dataclass(frozen=True, slots=True)
class ChooseVotes:
    """"You choose how each player votes this turn." (Illusion of Choice; CR 701.38): until the
    turn ends, the controller chooses the choice of every vote each player casts; each player
    still decides whether to cast a vote they may cast (its ruling, 2016-08-23)."""


@dataclass(frozen=True, slots=True)
class IfVoted:
    """"If A gets more votes, [effects]" after a vote: the effects happen only if ``choice`` got
    more votes than every other choice, or, with ``tied``, also when the most votes are tied
    ("If B gets more votes or the vote is tied")."""

    choice: str
    effects: tuple["Effect", ...]
    tied: bool = False


@dataclass(frozen=True, slots=True)
class Surveil:
    """CR 701.25a: look at the top ``amount`` cards of your library; put any number of them into
    your graveyard and the rest back on top."""

    amount: Amount


@dataclass(frozen=True, slots=True)
class PutInLibrary:
    """Put ``what`` into its owner's library, on top or at the ``bottom`` (CR 401.4, 400.3);
    ``from_top`` 3: "third from the top", under the top two cards (at the bottom of a library of
    fewer)."""

    what: Subject
    bottom: bool = False
    from_top: int = 1


@dataclass(frozen=True, slots=True)
class ShuffleIntoLibrary:
    """Shuffle ``what`` into its owner's library (CR 701.24a): "Shuffle ~ into its owner's
    library." on an instant or sorcery puts it there instead of a graveyard (CR 608.2n)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """Switch ``what``'s power and toughness until end of turn (layer 7d, CR 613.4d)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class SetBasePT:
    """``what`` has base power and toughness ``power``/``toughness`` for ``duration`` (layer 7b,
    CR 613.4b, 611.2)."""

    what: Subject
    power: int
    toughness: int
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class RevealTopIfShares:
    """Kinship: look at the top card of your library; if it shares a creature type with the
    source (CR 205.3), you may reveal it (CR 701.20a), and if you do, ``effects`` happen."""

    effects: tuple


@dataclass(frozen=True, slots=True)
class LookRevealTop:
    """"Look at the top card of your library. You may reveal that card. If an instant or
    sorcery card is revealed this way, ...": the controller looks (CR 701.20e), may reveal it
    whatever it is (CR 701.20a), and ``effects`` happen if the card revealed matches ``filter``;
    the card stays on top."""

    filter: Filter
    effects: tuple


@dataclass(frozen=True, slots=True)
class ShuffleHandAndGraveyard:
    """Each player ``who`` names shuffles their hand (unless not ``hand``) and graveyard (unless
    not ``graveyard``) into their library (CR 701.24a)."""

    who: Subject
    hand: bool = True
    graveyard: bool = True


@dataclass(frozen=True, slots=True)
class CastEncodedCopy:
    """Cipher's granted trigger (CR 702.99a): its controller may copy the encoded card and cast
    the copy without paying its mana cost (CR 707.12)."""


@dataclass(frozen=True, slots=True)
class Unearth:
    """Unearth's activated ability (CR 702.84a): return the source card from its owner's
    graveyard to the battlefield; it has haste, is exiled at the beginning of the next end step,
    and is exiled instead if it would leave the battlefield."""


@dataclass(frozen=True, slots=True)
class Awaken:
    """Awaken's effect (CR 702.113a), added to a spell cast for its awaken cost: ``amount``
    +1/+1 counters on ``what`` (a land its controller controls), which becomes a 0/0 Elemental
    creature with haste and stays a land."""

    what: Subject
    amount: int


@dataclass(frozen=True, slots=True)
class CastMiracle:
    """Miracle's triggered ability (CR 702.94a): its owner may cast the revealed card by paying
    its miracle cost rather than its mana cost."""


@dataclass(frozen=True, slots=True)
class CastRebound:
    """Rebound's delayed trigger (CR 702.88a): its controller may cast the exiled card (the
    ability's fixed first target) without paying its mana cost."""


@dataclass(frozen=True, slots=True)
class RemoveCounterFromSelf:
    """Vanishing's upkeep trigger (CR 702.63a): remove a ``kind`` counter from the source."""

    kind: str


@dataclass(frozen=True, slots=True)
class RemoveCounterOrSacrifice:
    """Fading's upkeep trigger (CR 702.32a): remove a ``kind`` counter from the source; if
    none can be removed, sacrifice it."""

    kind: str


@dataclass(frozen=True, slots=True)
class BecomeDesignated:
    """Renown's trigger (CR 702.112a) and monstrosity (CR 701.37a): if the source isn't yet
    ``designation`` ("renowned", "monstrous"), put ``amount`` +1/+1 counters on it and it
    becomes so."""

    designation: str
    amount: Amount


@dataclass(frozen=True, slots=True)
class Bolster:
    """"Bolster N" (CR 701.39a): N +1/+1 counters on a creature its controller controls with the
    least toughness, chosen among those tied."""

    amount: int


@dataclass(frozen=True, slots=True)
class SacrificeUnlessSpent:
    """"When ~ enters, sacrifice it unless {U} was spent to cast it." (CR 601.2h): the source is
    sacrificed unless mana of ``color`` was spent on the spell that became it, as the enters
    event saw; a permanent that wasn't cast (or a copy) had none spent."""

    color: str


@dataclass(frozen=True, slots=True)
class Adapt:
    """"Adapt N" (CR 701.46a): if the permanent has no +1/+1 counters on it, put N +1/+1
    counters on it."""

    amount: int


@dataclass(frozen=True, slots=True)
class Exploit:
    """Exploit's trigger (CR 702.110a): its controller may sacrifice a creature as it resolves."""


@dataclass(frozen=True, slots=True)
class Myriad:
    """Myriad's trigger (CR 702.116a): a token copy attacking each opponent other than the
    defending player; a two-player game has no such opponent."""


@dataclass(frozen=True, slots=True)
class Fabricate:
    """Fabricate's trigger (CR 702.123a): put ``amount`` +1/+1 counters on the source, or else
    create that many 1/1 colorless Servo artifact creature tokens."""

    amount: int


@dataclass(frozen=True, slots=True)
class CopyPerPayment:
    """The cast trigger of replicate (CR 702.56a) and conspire (CR 702.78a): copy the spell once
    for each time the additional cost named ``cost`` was paid for it; new targets may be chosen
    for each copy."""

    cost: str


@dataclass(frozen=True, slots=True)
class Encore:
    """Encore (CR 702.141a): for each opponent, create a token that's a copy of the card that
    attacks that opponent this turn if able; the tokens gain haste and are sacrificed at the
    beginning of the next end step."""


@dataclass(frozen=True, slots=True)
class TokenCopyOfCard:
    """Embalm (CR 702.128a) and eternalize (CR 702.129a): create a token that's a copy of the
    card, except it has no mana cost, it's a Zombie in addition to its other types, and it's
    white (embalm) or black and 4/4 (eternalize)."""

    eternalize: bool = False


@dataclass(frozen=True, slots=True)
class StormCopies:
    """Storm's trigger (CR 702.40a): copy the spell whose casting triggered it once for each
    other spell cast before it this turn; new targets may be chosen for each copy."""


@dataclass(frozen=True, slots=True)
class CommandersToCommandZone:
    """"Target player returns each commander they control from the battlefield to the command
    zone." (Leadership Vacuum): each commander ``who`` controls goes to its owner's command zone
    (CR 903.3d, 400.3); not targeted, so hexproof doesn't stop it (its rulings 2019-08-23)."""

    who: "Subject"


@dataclass(frozen=True, slots=True)
class CommanderToHand:
    """"Put your commander into your hand from the command zone." (Command Beacon): one of the
    controller's commanders in the command zone, of their choice with two, into their hand;
    with none there, nothing happens (CR 903.3d; Command Beacon rulings 2020-11-10)."""


@dataclass(frozen=True, slots=True)
class CopyCastSpell:
    """"When you cast this spell, copy it for each time you've cast your commander from the
    command zone this game." (the commander Storms): ``count`` copies of the spell whose casting
    triggered the ability, counted as it resolves, copied as it was cast even if it has left the
    stack (CR 707.10; Empyrial Storm rulings 2018-07-13); ``new_targets``: "You may choose new
    targets for the copies." (CR 707.10c)."""

    count: "Amount"
    new_targets: bool = False


@dataclass(frozen=True, slots=True)
class Cascade:
    """Cascade's trigger (CR 702.85a): exile from the top of the library until a nonland card
    with lesser mana value, which may be cast without paying its mana cost; the rest go to the
    bottom in a random order."""


@dataclass(frozen=True, slots=True)
class CastWithMadness:
    """Madness's trigger (CR 702.35a): the owner may cast the exiled card by paying its madness
    cost; if they don't, it goes to their graveyard."""


@dataclass(frozen=True, slots=True)
class RemoveTimeCounter:
    """Suspend's upkeep trigger (CR 702.62a): if the card is still suspended, remove a time
    counter from it; removing the last one triggers ``ability`` (cast it, :class:`CastSuspended`)."""

    ability: "TriggeredAbility"


@dataclass(frozen=True, slots=True)
class CastSuspended:
    """Suspend's last trigger (CR 702.62a): if the card is still exiled, its owner may cast it
    without paying its mana cost; a creature spell cast so gains haste."""


@dataclass(frozen=True, slots=True)
class ExileTopCard:
    """Exile the top card of your library (the ability remembers it for "that card"); or each
    player ``who`` names exiles the top ``amount`` cards of their own library (CR 406.1)."""

    amount: Amount = 1
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class MayPlayExiled:
    """"You may play that card this turn": the cards this ability exiled may be played from
    exile until end of turn, or until the end of your next turn (``duration``; a permission,
    CR 601.3 and 305.1)."""

    duration: str = Duration.END_OF_TURN


@dataclass(frozen=True, slots=True)
class MayCastFromGraveyard:
    """"Choose target artifact card in your graveyard. You may cast that card this turn.": the
    card named, while it stays in its owner's graveyard, may be cast from there this turn by
    the ability's controller, paying its costs and following the timing rules (a permission,
    CR 601.3); not played if it's a land (CR 305.1), and a new object once it leaves (CR 400.7)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class MayPlayFromGraveyard:
    """"Until end of turn, each legendary card in your graveyard gains "You may play this card
    from your graveyard."": each card ``filter`` describes in the controller's graveyard as this
    resolves (not one put there later, CR 611.2c) may be played from there this turn, by the
    usual timing and land rules (CR 601.3, 305.1-305.2)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class GainFlashback:
    """"``what`` gains flashback until end of turn. The flashback cost is equal to its mana
    cost.": each instant or sorcery card named, in its owner's graveyard, may be cast from there
    this turn by its owner for its mana cost, and is exiled as it leaves the stack (CR 702.34a);
    once it leaves the graveyard it is a new object without it (CR 400.7)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class Attach:
    """Attach the source (an Equipment) to ``what`` (equip, CR 702.6a, 701.3a)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class EnterAttacking:
    """Put ``what`` (a card in hand) onto the battlefield tapped and attacking (ninjutsu,
    CR 702.49a, 508.4): it was never declared as an attacker."""

    what: Subject


@dataclass(frozen=True, slots=True)
class SacrificeUnlessPays:
    """Sacrifice ``what`` unless its controller pays ``cost`` ``times`` times over (echo,
    CR 702.30a; cumulative upkeep, once per age counter, CR 702.24a; "sacrifice ~ unless you
    return a land you control to its owner's hand"): the choice is made on resolution, all of
    the cost or none of it (CR 603.5, 118.12a)."""

    what: Subject
    cost: "Cost"
    times: Amount = 1
    keyword: str = ""      # whose cost it is ("echo"), for the log


@dataclass(frozen=True, slots=True)
class UnlessPays:
    """"[effects] unless you pay [cost]" ("~ deals 8 damage to you unless you pay {G}{G}{G}{G}"):
    on resolution the controller chooses whether to pay all of ``cost``; if they don't, or
    can't, ``effects`` happen (CR 118.12, 608.2c). With ``who`` another player the effects
    name pays or not ("that player loses 2 life unless they pay {2}")."""

    effects: tuple["Effect", ...]
    cost: "Cost"
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class CounterUnlessPays:
    """Counter ``what`` (a spell or ability) unless its controller pays ``cost``, ``times``
    times over ("{1} for each card in your graveyard", counted as it resolves) (ward, CR 702.21a;
    the "unless" is dealt with on resolution, CR 603.5)."""

    what: Subject
    cost: "Cost"
    exile: bool = False      # countered this way, it is exiled instead (CR 614.15), as CounterSpell's
    times: Amount = 1
    ward: bool = False       # the ability of the ward keyword (CR 702.21a)


@dataclass(frozen=True, slots=True)
class ReturnPermanents:
    """"[Player] returns a creature they control to its owner's hand": each player ``who``
    names chooses ``count`` permanents they control that match ``filter`` (its "you" is that
    player); they return to their owners' hands (CR 400.3, 400.7). Nothing targets."""

    who: Subject
    filter: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class SacrificePermanents:
    """"[Player] sacrifices [N] [permanents]" (an edict, CR 701.21a): each player ``who`` names
    chooses ``count`` permanents they control that match ``filter`` (its "you" is that
    player) and sacrifices them; all of them if they control fewer. ``count`` is a number, or
    a count of votes ("a creature for each death vote", CR 701.38). With ``up_to`` ("Sacrifice
    any number of lands."), as many of them as the player likes, none included."""

    who: Subject
    filter: Filter
    count: "int | VoteCount" = 1
    up_to: bool = False


@dataclass(frozen=True, slots=True)
class CreateEmblem:
    """"[Player] gets an emblem with "[ability]"" (CR 114.2): each player ``who`` names puts an
    emblem into the command zone, owned and controlled by them, with ``abilities`` (compiled
    from ``text``, the quoted ability; "this emblem" reads as "~"). The emblem has no other
    characteristics (CR 114.3) and its abilities work in the command zone (CR 114.4)."""

    who: Subject
    abilities: tuple = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class CastFromHand:
    """"Cast a spell with mana value 3 or less from your hand without paying its mana cost"
    (after "You may"): a card in its controller's hand that ``filter`` describes as a spell
    is cast during the resolution (CR 608.2g) for no mana (CR 118.9, X is 0: CR 107.3b)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class CastTargetFree:
    """"(You may) cast target instant card from your graveyard without paying its mana cost": the
    target card is cast during the resolution (CR 608.2g) for no mana (CR 118.9); with
    ``exile_instead``, "If that spell would be put into your graveyard this turn, exile it
    instead." (a replacement, CR 614.1a)."""

    what: Subject
    exile_instead: bool = False


@dataclass(frozen=True, slots=True)
class LoseGame:
    """``who`` loses the game (CR 104.3e)."""

    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class WinGame:
    """``who`` wins the game (CR 104.2b): in a two-player game, the opponent loses."""

    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class IfYouDont:
    """"If you don't, [effects]" after an optional action (a payment): the effects happen only
    if that action was not done (CR 608.2c)."""

    effects: tuple["Effect", ...]
    who: Subject = Ref("you")     # "If the player doesn't": the player the optional action was offered to


_Effects0 = Union[
    AddMana, DealDamage, DivideDamage, Draw, Discard, GainLife, LoseLife, LoseHalfLife, Destroy, Regenerate, PreventDamage, RedirectDamage, Exile,
    ReturnToHand, Sacrifice, CounterSpell, ModifyPT, GrantKeywords, LifeCantChange,
    PutCounters, CreateTokens, Tap, Untap, TapOrUntap, Mill, Scry, SearchLibrary, RevealHandDiscard, LookAtTop, Fight, May, Modal,
    ReturnToBattlefield, CounterUnlessPays, RemoveCounters, BecomeCreature, EnterAttacking,
    Attach, GainControl, ExchangeControl, ExchangeLifeTotals, GetEnergy, GetPoison, DiscardHand, PayEnergy, BecomeMonarch, ExileTopCard, MayPlayExiled, MayCastFromGraveyard, MayPlayFromGraveyard, CreateManaReplacement, CreateDelayedTrigger, Explore, PhaseOut,
    SkipNextUntap, CastEncodedCopy, CopySpell, StormCopies, CopyCastSpell, CommanderToHand, CommandersToCommandZone, CopyPerPayment, TokenCopyOfCard, CreateTokenCopy, SkipNext, RemoveCounterOrSacrifice, RemoveCounterFromSelf, Unearth, Awaken, CastMiracle, CastRebound, Clash, FlipCoin, IfYouWin, Vote, IfVoted, ForEachVote, ExtraTurn, Cascade, CastWithMadness, RemoveTimeCounter, CastSuspended, PayMana, CreateReflexive, SacrificeUnlessPays, Conditional, BecomeDesignated, Fabricate, Bolster, Adapt, SacrificeUnlessSpent, Exploit, Myriad,
    IfYouDo, LoseGame, WinGame, CantLoseGame, DamageLifeFloor, Untargetable, IfYouDont, UnlessPays, CastFromHand, CastTargetFree, Restrict, DoesTheSame, RepeatProcess,
    PutInLibrary, ShuffleIntoLibrary, ShuffleHandAndGraveyard, RevealTopIfShares, SwitchPT, SetBasePT, Surveil, CreateEmblem, SacrificePermanents,
    PayLife, RemoveCounter, MoveCounter, PutExiledInGraveyard, DoubleCounters, ReturnPermanents,
]

# --------------------------------------------------------------------------------- costs


# A cost is its mana and a tuple of parts, one record per kind of part (CR 118.3: each is an
# action a player takes). The engine checks, orders, words and pays each part by its class
# (``engine.costs.parts.PARTS``); a new kind of part is a record here, its place in CostPart
# (the order of COST_PARTS) and an entry in that table (docs/architecture.md, "Costs").


@dataclass(frozen=True, slots=True)
class TapSymbol:
    """{T} (CR 107.5): tap the permanent whose ability it is."""


@dataclass(frozen=True, slots=True)
class UntapSymbol:
    """{Q} (CR 107.6): untap the permanent whose ability it is."""


@dataclass(frozen=True, slots=True)
class TapUntappedCost:
    """"Tap an untapped creature you control", "Tap two untapped red creatures you control"
    (CR 118.3): ``count`` untapped permanents of the payer's matching ``filter``."""

    filter: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class UntapTappedCost:
    """"Untap two tapped blue creatures you control" (CR 118.3): ``count`` tapped permanents of
    the payer's matching ``filter``."""

    filter: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class CrewCost:
    """Crew N (CR 702.122a): tap any number of other untapped creatures with total power
    ``power`` or more."""

    power: int


@dataclass(frozen=True, slots=True)
class LoyaltySymbol:
    """A loyalty symbol (CR 606.4): ``amount`` loyalty counters put on (+N) or removed from (-N)
    the planeswalker, 0 for "0:"; ``x``: the cost is "-X", X chosen as it is activated."""

    amount: int
    x: bool = False


@dataclass(frozen=True, slots=True)
class RemoveCountersCost:
    """"Remove a +1/+1 counter from ~", "Remove three spore counters from ~" (CR 118.3):
    ``count`` counters of ``kind`` from the permanent itself."""

    kind: str
    count: int


@dataclass(frozen=True, slots=True)
class RemoveAnyCountersCost:
    """"Remove any number of storage counters from ~" (CR 118.3, 602.2b): the number is chosen
    as the cost is paid, and "for each ... removed this way" counts it. ``named_x``: written
    "Remove X ... counters", the ability's X being that number (CR 107.3)."""

    kind: str
    named_x: bool = False


@dataclass(frozen=True, slots=True)
class ExertCost:
    """"Exert ~" (CR 701.43a): it doesn't untap during its controller's next untap step."""


@dataclass(frozen=True, slots=True)
class PayLifeCost:
    """"Pay 2 life" (CR 119.4); with ``x``, "pay X life" in a spell's additional cost: X is
    announced as the spell is cast (CR 601.2b, 107.3) and ``amount`` is then set to it; with
    ``commander_colors``, as much life as the payer's commanders' color identity has colors,
    unpayable by a player without a commander (CR 903.4, 903.4f; War Room)."""

    amount: int
    x: bool = False
    commander_colors: bool = False


@dataclass(frozen=True, slots=True)
class PayEnergyCost:
    """"Pay {E}{E}" (CR 107.14): remove that many energy counters from the payer."""

    amount: int


@dataclass(frozen=True, slots=True)
class SacrificeCost:
    """"Sacrifice a creature", "sacrifice two Mountains" (CR 701.21a): ``count`` permanents of
    the payer's matching ``filter``."""

    filter: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class ReturnToHandCost:
    """"Return an Island you control to its owner's hand" (Daze): ``count`` permanents of the
    payer's matching ``filter``."""

    filter: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class DiscardCost:
    """"Discard a card", "discard two cards", "discard a creature card" (CR 701.9a): ``count``
    cards of the payer's hand, the card paid for excluded, of ``card_type`` when it names one
    (retrace: "Land"), of ``subtype`` when it names one ("discard an Island card"); ``at_random``:
    the game picks them (CR 701.9b). A cost may have several ("discard an Island card and
    another card"), paid one after the other, each with cards the ones before left. With ``x``,
    "discard X cards" of a spell's cost: X is announced as the spell is cast (CR 601.2b, 107.3)
    and ``count`` is then set to it."""

    count: int
    card_type: str | None = None
    at_random: bool = False
    subtype: str | None = None
    x: bool = False


@dataclass(frozen=True, slots=True)
class DiscardHandCost:
    """"Discard your hand" (Lion's Eye Diamond; CR 701.9a): every card in the payer's hand, the
    card paid for excluded; paid with an empty hand too (CR 118.3, the cards' rulings)."""


@dataclass(frozen=True, slots=True)
class ExileFromHandCost:
    """"Exile a blue card from your hand" (Force of Will; CR 118.9): ``count`` cards of the
    payer's hand matching ``filter``, the card paid for excluded."""

    filter: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class PutCounterCost:
    """"Put a -1/-1 counter on ~" / "put a -1/-1 counter on a creature you control" (CR 118.3,
    122.1): a counter of ``kind`` on a permanent of the payer's matching ``filter`` (None: on
    the permanent itself)."""

    kind: str
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class RevealFromHandCost:
    """"Reveal a Pirate card from your hand" (CR 118.3, 701.16a): a card of the payer's hand
    matching ``filter``, the card paid for excluded, is revealed and stays there."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class ExileFromGraveyardCost:
    """"Exile two creature cards from your graveyard": ``count`` cards of the payer's graveyard
    matching ``filter``."""

    filter: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class SacrificeSelfCost:
    """"Sacrifice ~" (CR 701.21a): the permanent itself."""


@dataclass(frozen=True, slots=True)
class DiscardSelfCost:
    """"Discard ~", cycling (CR 702.29a, 113.6k): the card itself, from its owner's hand."""


@dataclass(frozen=True, slots=True)
class ExileSelfCost:
    """"Exile ~" from the ``zone`` it is in: "battlefield" (the permanent), or "graveyard"
    ("Exile ~ from your graveyard", scavenge, CR 702.97a, 113.6k)."""

    zone: str


@dataclass(frozen=True, slots=True)
class ReturnSelfCost:
    """"Return ~ to its owner's hand": the permanent itself."""


CostPart = Union[TapSymbol, UntapSymbol, TapUntappedCost, UntapTappedCost, CrewCost, LoyaltySymbol,
                 RemoveCountersCost, RemoveAnyCountersCost, ExertCost, PayLifeCost, PayEnergyCost, SacrificeCost,
                 ReturnToHandCost, DiscardCost, DiscardHandCost, ExileFromHandCost, PutCounterCost, RevealFromHandCost,
                 ExileFromGraveyardCost, SacrificeSelfCost, DiscardSelfCost, ExileSelfCost, ReturnSelfCost]
COST_PARTS: tuple[type, ...] = typing.get_args(CostPart)
"""Every kind of cost part, in the order the parts of a cost are kept and, where the player
doesn't choose another (CR 601.2h), paid: what the permanent itself does first, the permanent
itself leaving last."""
_PART_RANK = {kind: i for i, kind in enumerate(COST_PARTS)}
_P = typing.TypeVar("_P")


def _rank(part: CostPart) -> int:
    return _PART_RANK[type(part)]


@dataclass(frozen=True)
class Cost:
    """A cost (CR 118, 602.1): its mana, and its other parts in the order of
    :data:`COST_PARTS` (two costs of the same parts are equal whatever order the text named
    them in). The mana is no part: it is paid from the mana pool, around which the other parts
    may be paid in any order (CR 601.2g-h).

    Facts read at every priority are found once per cost: whether it has {T} (``tap``) or {Q}
    (``untap``), whether it sacrifices the permanent itself (``sacrifice_self``), whether the
    permanent leaves the battlefield to pay it (``source_leaves``)."""

    mana: ManaCost | None = None
    parts: tuple[CostPart, ...] = ()

    def __post_init__(self) -> None:
        if len(self.parts) > 1:
            ordered = tuple(sorted(self.parts, key=_rank))
            if ordered != self.parts:
                object.__setattr__(self, "parts", ordered)

    def part(self, kind: type[_P]) -> _P | None:
        """The part of class ``kind``, if the cost has one."""
        for p in self.parts:
            if type(p) is kind:
                return p
        return None

    def with_part(self, part: CostPart) -> Cost:
        """This cost with ``part`` too."""
        return Cost(self.mana, self.parts + (part,))

    @cached_property
    def tap(self) -> bool:
        return any(type(p) is TapSymbol for p in self.parts)

    @cached_property
    def untap(self) -> bool:
        return any(type(p) is UntapSymbol for p in self.parts)

    @cached_property
    def sacrifice_self(self) -> bool:
        return any(type(p) is SacrificeSelfCost for p in self.parts)

    @cached_property
    def source_leaves(self) -> bool:
        """The permanent itself leaves the battlefield to pay it: sacrificed, exiled or returned
        to its owner's hand."""
        return any(type(p) in (SacrificeSelfCost, ReturnSelfCost) or type(p) is ExileSelfCost and p.zone == "battlefield"
                   for p in self.parts)


def cost_aspects(cost: Cost) -> Iterator[str]:
    """What ``cost`` is made of, by name, as the engine's support lists name it: "mana" for its
    mana, each part's class name, and "Class.field" for each field of a part that has a
    default and is set away from it ("SacrificeCost.count": more than one permanent)."""
    if cost.mana is not None:
        yield "mana"
    for p in cost.parts:
        name = type(p).__name__
        yield name
        for f in dataclasses.fields(p):
            if f.default is not dataclasses.MISSING and getattr(p, f.name) != f.default:
                yield f"{name}.{f.name}"


# --------------------------------------------------------------------------------- triggers

class TriggerEvent(StrEnum):
    """What a :class:`Trigger` waits for (CR 603.1, 603.2): one of the engine's events, by name. A
    ``StrEnum``: each member equals its string, as the rules index and exercise notes name it;
    the damage events are ``deals_[combat_]damage[_to_<whom>]``, read by pattern on the name."""

    ACTIVATES = "activates"
    ATTACKS = "attacks"
    ATTACKS_ALONE = "attacks_alone"
    ATTACKS_UNBLOCKED = "attacks_unblocked"
    BECOMES_BLOCKED = "becomes_blocked"
    BECOMES_MONSTROUS = "becomes_monstrous"
    BECOMES_RENOWNED = "becomes_renowned"
    BECOMES_TARGET = "becomes_target"
    BECOMES_TARGET_BY_SPELL = "becomes_target_by_spell"
    BEGINNING_OF_STEP = "beginning_of_step"
    BLOCKED_BY_CREATURE = "blocked_by_creature"
    BLOCKED_BY_CREATURE_WITHOUT_FLANKING = "blocked_by_creature_without_flanking"
    BLOCKS = "blocks"
    BLOCKS_OR_BECOMES_BLOCKED = "blocks_or_becomes_blocked"
    BLOCKS_OR_BLOCKED_BY_CREATURE = "blocks_or_blocked_by_creature"
    CAST = "cast"
    CHAPTER = "chapter"
    CONTROL_NONE = "control_none"
    NO_COUNTERS = "no_counters"         # "When ~ has no ice counters on it" (CR 603.8)
    COUNTER_PLACED = "counter_placed"
    COUNTERS_SPELL = "counters_spell"
    CYCLED = "cycled"
    CYCLES = "cycles"
    DEALS_COMBAT_DAMAGE = "deals_combat_damage"
    DEALS_COMBAT_DAMAGE_TO_CREATURE = "deals_combat_damage_to_creature"
    DEALS_COMBAT_DAMAGE_TO_ENCHANTED_PLAYER = "deals_combat_damage_to_enchanted_player"
    DEALS_COMBAT_DAMAGE_TO_OPPONENT = "deals_combat_damage_to_opponent"
    DEALS_COMBAT_DAMAGE_TO_PLAYER = "deals_combat_damage_to_player"
    DEALS_COMBAT_DAMAGE_TO_SELF = "deals_combat_damage_to_self"
    DEALS_COMBAT_DAMAGE_TO_YOU = "deals_combat_damage_to_you"
    DEALS_DAMAGE = "deals_damage"
    DEALS_DAMAGE_TO_CREATURE = "deals_damage_to_creature"
    DEALS_DAMAGE_TO_ENCHANTED_PLAYER = "deals_damage_to_enchanted_player"
    DEALS_DAMAGE_TO_OPPONENT = "deals_damage_to_opponent"
    DEALS_DAMAGE_TO_PLAYER = "deals_damage_to_player"
    DEALS_DAMAGE_TO_SELF = "deals_damage_to_self"
    DEALS_DAMAGE_TO_YOU = "deals_damage_to_you"
    DEALT_DAMAGE = "dealt_damage"
    DIES = "dies"
    DISCARDS = "discards"
    DRAW = "draw"
    ENTERS = "enters"
    EXERTS = "exerts"
    EXILED_WITH_MADNESS = "exiled_with_madness"
    EXPLOITS = "exploits"
    EXPLORES = "explores"
    GAIN_LIFE = "gain_life"
    LAST_TIME_COUNTER_REMOVED = "last_time_counter_removed"
    LEAVES = "leaves"
    LOSE_LIFE = "lose_life"
    LOSES_GAME = "loses_game"
    MUTATES = "mutates"
    PHASES_IN = "phases_in"
    PHASES_OUT = "phases_out"
    PLAYS_LAND = "plays_land"
    PUT_INTO_GRAVEYARD = "put_into_graveyard"
    REFLEXIVE = "reflexive"
    REVEALED_FOR_MIRACLE = "revealed_for_miracle"
    SACRIFICED = "sacrificed"
    TAPPED = "tapped"
    TAPPED_FOR_MANA = "tapped_for_mana"
    TURNED_FACE_UP = "turned_face_up"
    UNTAPPED = "untapped"
    VOTES_FINISHED = "votes_finished"


# Trigger events whose subject is a player ("you", "opponent") rather than an object.
PLAYER_EVENTS = frozenset({TriggerEvent.GAIN_LIFE, TriggerEvent.LOSE_LIFE, TriggerEvent.DRAW, TriggerEvent.EXERTS,
                           TriggerEvent.CYCLES, TriggerEvent.DISCARDS, TriggerEvent.PLAYS_LAND, TriggerEvent.ACTIVATES,
                           TriggerEvent.LOSES_GAME})


@dataclass(frozen=True, slots=True)
class Trigger:
    """A trigger condition (CR 603.1). ``event`` is the :class:`TriggerEvent` it waits for:
    ``ENTERS`` (CR 603.6a), ``DIES``, ``ATTACKS``, ``DEALS_COMBAT_DAMAGE_TO_PLAYER``,
    ``BEGINNING_OF_STEP``, ``ATTACKS_ALONE`` (CR 506.5), ``TURNED_FACE_UP`` (CR 702.37e), ...

    ``subject`` says whose event it must be ("self" or a filter); ``step`` names the step for
    "at the beginning of" triggers, with ``whose`` ("your", "each", "opponent"; "any" for
    "each player's", which names the active player; "enchanted_controller" for "the upkeep of
    enchanted creature's controller"). For "dies" with a filter, ``whose`` is whose graveyard
    ("you", "opponent": the card's owner, CR 400.3). ``attacked`` limits an "attacks" trigger to
    attackers of "you", "you_or_planeswalker" (you or a planeswalker you control), "opponent" or
    "opponent_or_planeswalker".
    """

    event: TriggerEvent
    subject: Union[str, Filter] = "self"
    step: str | None = None
    whose: str | None = None
    mana_type: str | None = None
    one_or_more: bool = False   # "Whenever one or more ...": once per event (CR 603.2c)
    chapter: int = 0            # a Saga's chapter ability, event "chapter" (CR 714.2b)
    nth: int = 0                # "your second card/spell each turn": only the Nth of the turn
    during: str | None = None   # "cast ... during your / an opponent's turn": "your", "opponent"
    attacked: str | None = None  # whom the attacker attacks (CR 508.1b), below
    source: Filter | None = None  # "activates an ability of a creature": that ability's source, on the battlefield
    # "Whenever ~ and at least two other creatures attack" (battalion): at least this many other
    # creatures were declared as attackers with it (CR 508.1)
    with_others: int = 0
    untapped: bool = False      # "When ~ enters untapped": it entered untapped (checked as it entered)
    from_zone: str | None = None  # "put into your graveyard from your library": where it came from
    another: bool = False       # "When you play another land": not the source itself
    counter: str | None = None  # "When ~ has no ice counters on it": that kind (a state trigger)


# --------------------------------------------------------------------------------- abilities


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability (CR 702). ``cost`` for ward, equip, ninjutsu, ..., and the optional
    costs of kicker, multikicker, buyback and flashback (CR 702.33, 702.27, 702.34);
    ``arg`` for "protection from red", "enchant creature", "persist"; ``filter`` for enchant
    with an object: what the Aura may target and enchant (CR 702.5a, 303.4a, 704.5m)."""

    name: str
    cost: Cost | None = None
    arg: str | None = None
    filter: Filter | None = None


# "the sacrificed creature's power": a Ref to the permanent sacrificed to pay the ability's cost
# or the spell's additional cost, as it last existed (CR 608.2h)
SACRIFICED = "sacrificed"
# "a creature dealt damage this way": a Ref to the permanents this resolution dealt damage to
DAMAGED_THIS_WAY = "damaged_this_way"

# "the exiled card(s)": a Ref to what an ability of the same card exiled (CR 607.2a)
EXILED_CARDS = "exiled_cards"
# "its mana value" after "reveal the top card of your library and put that card into your
# hand": a Ref to the card RevealTopToHand moved
REVEALED = "revealed_card"
# "that player" after "return target permanent to its owner's hand, then": a Ref to the owner of
# the ability's only target (CR 400.3)
TARGET_OWNER = "target_owner"
# "its owner" of a card's own trigger: read only in "When ~ is put into a graveyard from anywhere,
# its owner ..." where it is the ability's controller (CR 113.8); anywhere else a Ref no rule reads
ITS_OWNER = "its_owner"
# Eminence: "if (as long as) ~ is in the command zone or on the battlefield", a condition that
# also says where the ability works (CR 113.6b): a named condition of a triggered or static ability
IN_COMMAND_ZONE_OR_BATTLEFIELD = "self_in_command_zone_or_battlefield"
# "each permanent (card) with the most votes or tied for most votes": a Ref to the objects the
# vote of this resolution chose most often (CR 701.38b)
MOST_VOTES = "most_votes"
# "the voter" in the effects of "For each money vote, ..." (ForEachVote): who cast that vote
VOTER = "voter"
# "each opponent who voted for a choice you didn't vote for" after "Whenever players finish
# voting" (Grudge Keeper): a Ref to those opponents, read from the votes the trigger saw
DISSENTERS = "dissenting_opponents"
# "each opponent (player) who can't" after "Each opponent (player) sacrifices a creature.": a Ref
# to the players the edict named who sacrificed nothing (Plaguecrafter, Skull Storm; CR 701.21a)
UNABLE_TO_SACRIFICE = "unable_to_sacrifice"
# "each other player" after "Whenever enchanted player casts ... spell" (Curse of Echoes): a Ref
# to the players still in the game other than the one the trigger names
OTHER_THAN_TRIGGERING_PLAYER = "players_other_than_triggering"

# "gains protection from the color of your choice" (CR 702.16a): a Keyword("protection") arg,
# only in a one-shot GrantKeywords, whose controller chooses the color as it happens
PROTECTION_CHOICE = "the color of your choice"
# "Prevent all damage that sources of the color of your choice would deal this turn." (CR 608.2d):
# a Filter color, only of the sources of a one-shot PreventDamage, chosen as it happens
COLOR_CHOICE = "choice"
# "gains protection from each of your opponents" (CR 702.16i, 702.16k): a Keyword("protection")
# arg only in a one-shot GrantKeywords, the opponents of its controller as it happens
YOUR_OPPONENTS = "each of your opponents"
# "gains protection from artifacts or from the color of your choice" (Apostle's Blessing): a
# Keyword("protection") arg, the qualities joined by PROTECTION_OR, only in a one-shot
# GrantKeywords, whose controller chooses one of them as it happens (CR 608.2d, 702.16a)
PROTECTION_OR = " or from "
# "protection from the chosen player" (CR 702.16k): the player chosen as the card entered, a
# Keyword("protection") arg only where the card has "As ~ enters, choose a player"
CHOSEN_PLAYER = "the chosen player"
# "from their hand" in "Each player may put ... from their hand": bound by that "may" (no filter
# keeps it: the engine's support lists don't name it)
THEIR_HAND = "their hand"
# "enchanted player" of an Aura with "Enchant player" (CR 303.4b, 702.5d): the name of a Ref to
# that player, and the ``whose`` of a trigger ("At the beginning of enchanted player's upkeep",
# "Whenever enchanted player draws a card"), the ``attacked`` of "attacks enchanted player" and
# the ``controller`` of a filter ("Creatures enchanted player controls")
ENCHANTED_PLAYER = "enchanted_player"
# "each opponent attacking that player" after "Whenever enchanted player is attacked": a Ref to
# the opponents of the ability's controller who control a creature attacking the enchanted player
# (not a planeswalker of theirs) as it resolves
OPPONENTS_ATTACKING = "opponents_attacking_enchanted_player"
# "that attacking player" after "Whenever a player attacks enchanted player with one or more
# creatures": a Ref to the attacking player, the active player (CR 506.2)
ATTACKING_PLAYER = "attacking_player"
# "protection from each color with the most votes or tied for most votes" (Council Guardian): a
# Keyword("protection") arg only in a one-shot GrantKeywords after a vote for colors, the color
# words of that vote with the most votes as it happens (CR 701.38)
MOST_VOTED_COLORS = "each color with the most votes"
# "protection from the chosen color": the color chosen as the source entered (CR 614.12), a
# Keyword("protection") arg only where the card has "As ~ enters, choose a color"
CHOSEN_COLOR = "the chosen color"
# "with the chosen name", "with that name": a Filter ``name`` that stands for the card name
# chosen for the source (CR 201.3), as a permanent entered ("As ~ enters, choose a card name",
# CR 614.12) or by a spell's "Choose a card name." as it resolves (CR 608.2d)
CHOSEN_NAME = "the chosen name"
# A Filter ``zone`` for objects in every zone ("sources with the chosen name": Pithing Needle)
ANY_ZONE = "any"


@dataclass(frozen=True, slots=True)
class SpellAbility:
    """What an instant or sorcery does when it resolves (CR 608.2)."""

    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """"[Cost]: [Effect]." (CR 602). ``is_mana`` per CR 605.1a; ``sorcery_speed`` for
    "Activate only as a sorcery"; ``once_per_turn`` for "Activate only once each turn" and
    ``upkeep_only`` for "Activate only during your upkeep", ``your_turn`` for "Activate only
    during your turn" and ``before_attackers`` for "..., before attackers are declared" (CR 602.5b);
    ``any_player`` for "Any player may activate this ability" (CR 113.8); ``from_graveyard``
    when it works only while the card is in its owner's graveyard, as it moves the card from
    there (CR 113.6m: "{2}{B}: Return ~ from your graveyard to your hand")."""

    cost: Cost
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    is_mana: bool = False
    sorcery_speed: bool = False
    text: str = ""
    once_per_turn: bool = False
    upkeep_only: bool = False
    your_turn: bool = False
    before_attackers: bool = False
    any_player: bool = False
    # More limits on activating it (CR 602.5b): at most ``times_per_turn`` times each turn
    # (0: no such limit; "once each turn" is ``once_per_turn``), only during combat (CR 506.1),
    # only while ``condition`` (a name of engine.conditions) holds for its source.
    times_per_turn: int = 0
    combat_only: bool = False
    condition: str | StaticCondition | StateCondition | None = None
    from_graveyard: bool = False
    cycling: bool = False         # a cycling or typecycling ability: paying it cycles the card (CR 702.29c, f)
    # "Activate only any time you could cast an instant" (CR 602.5a, 117.1a): on a mana ability,
    # not while a spell is cast or a cost paid (Lion's Eye Diamond's ruling, CR 605.3a)
    instant_speed: bool = False
    x_mana: str | None = None     # "Spend only black mana on X.": each mana for X of this color (CR 107.3)


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """"When/Whenever/At [trigger], [effect]." (CR 603). ``condition`` is an intervening
    "if" clause (CR 603.4), checked when it triggers and again on resolution; the compiler
    gives one of "kicked", "you_attacked_this_turn", "creature_died_this_turn".
    ``from_graveyard``: it returns its card from its owner's graveyard ("you may return ~ from
    your graveyard to your hand"), so it triggers only while the card is there (CR 113.6k-m)."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    condition: str | StaticCondition | StateCondition | None = None
    is_mana: bool = False
    text: str = ""
    from_graveyard: bool = False


# ------------------------------------------------ static abilities' effects (CR 604, 611.3, 613)
#
# One record per kind of static effect. Every one applies to ``affected`` ("self", "enchanted",
# "equipped", "you", "each_player", "all" or a Filter) and, given a ``condition``, only while it
# holds ("as long as ...", CR 611.3a, 604.2): a condition's name (engine.conditions) or a typed
# state condition. ``kind`` names the record's type for the support check, the exercise notes and
# the coverage report; :data:`STATIC_EFFECTS` maps each name to its type, and
# :func:`static_effect` builds one from its name and fields (the compiler's one way).

StaticCondition = Union[str, "YouControl", "NotYourTurn", "HasCounter", "OpponentControls", "PlayerCount",
                        "AttachedIs", "ObjectCount", "AnyOf", "EnteredThisTurn", "Devotion"]


@dataclass(frozen=True, slots=True)
class StaticEffect:
    """The fields every static effect has (see above); a record is one of its subclasses."""

    kind: typing.ClassVar[str]
    affected: Union[str, Filter] = "self"
    _: dataclasses.KW_ONLY
    condition: StaticCondition | None = None


@dataclass(frozen=True, slots=True)
class StaticModifyPT(StaticEffect):
    """"gets +N/+N" (layer 7c, CR 613.4c), ``count`` times when given: the objects a Filter
    matches ("for each artifact you control"), the source's counters of a kind ("for each charge
    counter on ~"), the Auras attached ("for each Aura attached to it") or its controller's life
    total ("-X/-X, where X is your life total")."""

    kind: typing.ClassVar[str] = "modify_pt"
    power: int = 0
    toughness: int = 0
    count: Filter | CountersOn | AttachedCount | LifeTotal | CommanderCasts | None = None


@dataclass(frozen=True, slots=True)
class StaticSetBasePT(StaticEffect):
    """"has base power and toughness N/N" (layer 7b, CR 613.4b)."""

    kind: typing.ClassVar[str] = "set_base_pt"
    power: int = 0
    toughness: int = 0


@dataclass(frozen=True, slots=True)
class StaticPTCount(StaticEffect):
    """A characteristic-defining ability (CR 604.3, 613.4a): power and toughness each the number
    of objects ``count`` describes, or of the card types among them, plus ``power`` and
    ``toughness`` ("1 plus the number of lands you control"); a subclass says which of them."""

    power: int = 0
    toughness: int = 0
    count: Filter | CardTypesAmong | None = None


@dataclass(frozen=True, slots=True)
class StaticPTEqualCount(StaticPTCount):
    """"~'s power and toughness are each equal to ..." (Tarmogoyf: toughness plus 1)."""

    kind: typing.ClassVar[str] = "pt_equal_count"


@dataclass(frozen=True, slots=True)
class StaticPowerEqualCount(StaticPTCount):
    """"~'s power is equal to ...": its toughness the printed one."""

    kind: typing.ClassVar[str] = "power_equal_count"


@dataclass(frozen=True, slots=True)
class StaticToughnessEqualCount(StaticPTCount):
    """"~'s toughness is equal to ...": its power the printed one."""

    kind: typing.ClassVar[str] = "toughness_equal_count"


@dataclass(frozen=True, slots=True)
class StaticBasePTManaValue(StaticEffect):
    """Base power and toughness each equal to its mana value (layer 7b, CR 613.4b; Opalescence)."""

    kind: typing.ClassVar[str] = "base_pt_mana_value"


@dataclass(frozen=True, slots=True)
class StaticGrantKeywords(StaticEffect):
    """"has flying and vigilance" (layer 6, CR 613.1f). A protection followed by "This effect
    doesn't remove ~." (``keeps_source``) doesn't make the source, an Aura, fall off (CR 702.16c,
    704.5m); by "This effect doesn't remove Auras." (``keeps_auras``), no Aura (CR 702.16n)."""

    kind: typing.ClassVar[str] = "grant_keywords"
    keywords: tuple[Keyword, ...] = ()
    keeps_source: bool = False
    keeps_auras: bool = False


@dataclass(frozen=True, slots=True)
class StaticKeywordsLost(StaticEffect):
    """Keywords taken away (layer 6, CR 613.1f, 613.7); a subclass says how."""

    keywords: tuple[Keyword, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticLoseKeywords(StaticKeywordsLost):
    """"loses flying"."""

    kind: typing.ClassVar[str] = "lose_keywords"


@dataclass(frozen=True, slots=True)
class StaticCantHaveKeywords(StaticKeywordsLost):
    """"can't have or gain trample" (CR 113.11)."""

    kind: typing.ClassVar[str] = "cant_have_keywords"


@dataclass(frozen=True, slots=True)
class StaticGrantAbility(StaticEffect):
    """Quoted activated or triggered abilities gained (layer 6, CR 613.1f)."""

    kind: typing.ClassVar[str] = "grant_ability"
    abilities: tuple["ActivatedAbility | TriggeredAbility", ...] = ()


@dataclass(frozen=True, slots=True)
class StaticLoseAllAbilities(StaticEffect):
    """"loses all abilities" (layer 6, CR 613.1f; Humility)."""

    kind: typing.ClassVar[str] = "lose_all_abilities"


@dataclass(frozen=True, slots=True)
class StaticSetLandType(StaticEffect):
    """"Nonbasic lands are Mountains." (layer 4, CR 305.7; Blood Moon)."""

    kind: typing.ClassVar[str] = "set_land_type"
    land_type: str = ""


@dataclass(frozen=True, slots=True)
class StaticAddTypes(StaticEffect):
    """Card types, subtypes and colors the object has in addition to its own (layers 4 and 5,
    CR 613.1d-e)."""

    kind: typing.ClassVar[str] = "add_types"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticRemoveTypes(StaticEffect):
    """"isn't a creature" (layer 4, CR 613.1d): the card types in ``types`` taken away."""

    kind: typing.ClassVar[str] = "remove_types"
    types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticSetCreatureTypes(StaticEffect):
    """``types`` added and the creature types replaced by ``subtypes`` (layer 4, CR 205.1b)."""

    kind: typing.ClassVar[str] = "set_creature_types"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticSupertypes(StaticEffect):
    """The supertypes in ``types`` (layer 4, CR 205.4b); a subclass says whether added or taken."""

    types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticAddSupertypes(StaticSupertypes):
    """"is legendary" in addition to its other supertypes."""

    kind: typing.ClassVar[str] = "add_supertypes"


@dataclass(frozen=True, slots=True)
class StaticRemoveSupertypes(StaticSupertypes):
    """"isn't legendary"."""

    kind: typing.ClassVar[str] = "remove_supertypes"


@dataclass(frozen=True, slots=True)
class StaticAllCreatureTypes(StaticEffect):
    """"is every creature type" (layer 4, CR 205.3m)."""

    kind: typing.ClassVar[str] = "all_creature_types"


@dataclass(frozen=True, slots=True)
class StaticSetColors(StaticEffect):
    """"is black" instead of its other colors (layer 5, CR 105.3)."""

    kind: typing.ClassVar[str] = "set_colors"
    colors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticControl(StaticEffect):
    """An Aura's "You control enchanted creature." (layer 2, CR 613.1b)."""

    kind: typing.ClassVar[str] = "control"


@dataclass(frozen=True, slots=True)
class StaticCantAttack(StaticEffect):
    """"can't attack" (CR 508.1c)."""

    kind: typing.ClassVar[str] = "cant_attack"


@dataclass(frozen=True, slots=True)
class StaticCantBlock(StaticEffect):
    """"can't block" (CR 509.1b)."""

    kind: typing.ClassVar[str] = "cant_block"


@dataclass(frozen=True, slots=True)
class StaticCantAttackAlone(StaticEffect):
    """"can't attack alone" (CR 506.5)."""

    kind: typing.ClassVar[str] = "cant_attack_alone"


@dataclass(frozen=True, slots=True)
class StaticCantBlockAlone(StaticEffect):
    """"can't block alone" (CR 506.5)."""

    kind: typing.ClassVar[str] = "cant_block_alone"


@dataclass(frozen=True, slots=True)
class StaticCantAttackYou(StaticEffect):
    """"can't attack you or planeswalkers you control" (CR 508.1c)."""

    kind: typing.ClassVar[str] = "cant_attack_you"


@dataclass(frozen=True, slots=True)
class StaticGoaded(StaticEffect):
    """"is goaded" (CR 701.38b)."""

    kind: typing.ClassVar[str] = "goaded"


@dataclass(frozen=True, slots=True)
class StaticAttacksDespiteDefender(StaticEffect):
    """"can attack as though it didn't have defender" (CR 702.3b)."""

    kind: typing.ClassVar[str] = "attacks_despite_defender"


@dataclass(frozen=True, slots=True)
class StaticAttacksEachCombat(StaticEffect):
    """"attacks each combat if able" (CR 508.1d)."""

    kind: typing.ClassVar[str] = "attacks_each_combat"


@dataclass(frozen=True, slots=True)
class StaticAttackUnlessLand(StaticEffect):
    """"can't attack unless defending player controls an Island" (CR 508.1c)."""

    kind: typing.ClassVar[str] = "attack_unless_land"
    land_type: str = ""


@dataclass(frozen=True, slots=True)
class StaticCantBeBlocked(StaticEffect):
    """"can't be blocked" (CR 509.1b)."""

    kind: typing.ClassVar[str] = "cant_be_blocked"


@dataclass(frozen=True, slots=True)
class StaticBlockedOnlyBy(StaticEffect):
    """A restriction on which creatures may block the affected one (CR 509.1b), by ``blockers``;
    a subclass says which way."""

    blockers: Filter | None = None


@dataclass(frozen=True, slots=True)
class StaticCantBeBlockedBy(StaticBlockedOnlyBy):
    """"can't be blocked by creatures with power 2 or less": not by ``blockers``."""

    kind: typing.ClassVar[str] = "cant_be_blocked_by"


@dataclass(frozen=True, slots=True)
class StaticCantBeBlockedExceptBy(StaticBlockedOnlyBy):
    """"can't be blocked except by Walls": by ``blockers`` only."""

    kind: typing.ClassVar[str] = "cant_be_blocked_except_by"


@dataclass(frozen=True, slots=True)
class StaticCantBlockAttackers(StaticEffect):
    """"~ can't block creatures with power 2 or greater": the affected creatures can't block
    ``attackers`` (CR 509.1b)."""

    kind: typing.ClassVar[str] = "cant_block_attackers"
    attackers: Filter | None = None


@dataclass(frozen=True, slots=True)
class StaticCanBlockOnlyFlying(StaticEffect):
    """"can block only creatures with flying" (CR 509.1b)."""

    kind: typing.ClassVar[str] = "can_block_only_flying"


@dataclass(frozen=True, slots=True)
class StaticMaxOneBlocker(StaticEffect):
    """"can't be blocked by more than one creature" (CR 509.1b)."""

    kind: typing.ClassVar[str] = "max_one_blocker"


@dataclass(frozen=True, slots=True)
class StaticMinBlockers(StaticEffect):
    """"can't be blocked except by ``amount`` or more creatures" (menace's kin, CR 509.1b)."""

    kind: typing.ClassVar[str] = "min_blockers"
    amount: int = 0


@dataclass(frozen=True, slots=True)
class StaticBlockAdditional(StaticEffect):
    """"can block ``amount`` additional creatures each combat" (CR 509.1a-b)."""

    kind: typing.ClassVar[str] = "block_additional"
    amount: int = 0


@dataclass(frozen=True, slots=True)
class StaticBlockAnyNumber(StaticEffect):
    """"can block any number of creatures" (CR 509.1a-b)."""

    kind: typing.ClassVar[str] = "block_any_number"


@dataclass(frozen=True, slots=True)
class StaticMustBeBlocked(StaticEffect):
    """"must be blocked if able" (CR 509.1c): a requirement that at least one creature block it."""

    kind: typing.ClassVar[str] = "must_be_blocked"


@dataclass(frozen=True, slots=True)
class StaticMustBeBlockedByAll(StaticEffect):
    """"All creatures able to block ~ do so." (CR 509.1c)."""

    kind: typing.ClassVar[str] = "must_be_blocked_by_all"


@dataclass(frozen=True, slots=True)
class StaticAssignAsUnblocked(StaticEffect):
    """"may assign its combat damage as though it weren't blocked" (CR 510.1)."""

    kind: typing.ClassVar[str] = "assign_as_unblocked"


@dataclass(frozen=True, slots=True)
class StaticDoesntUntap(StaticEffect):
    """"doesn't untap during its controller's untap step" (CR 502.3)."""

    kind: typing.ClassVar[str] = "doesnt_untap"


@dataclass(frozen=True, slots=True)
class StaticMayNotUntap(StaticEffect):
    """"You may choose not to untap ~ during your untap step." (CR 502.3)."""

    kind: typing.ClassVar[str] = "may_not_untap"


@dataclass(frozen=True, slots=True)
class StaticUntapDuringOthers(StaticEffect):
    """"untaps during each other player's untap step" (CR 502.3)."""

    kind: typing.ClassVar[str] = "untap_during_others"


@dataclass(frozen=True, slots=True)
class StaticNoLegendRule(StaticEffect):
    """"The "legend rule" doesn't apply." (CR 704.5j; Mirror Gallery)."""

    kind: typing.ClassVar[str] = "no_legend_rule"


@dataclass(frozen=True, slots=True)
class StaticCantBeCountered(StaticEffect):
    """"This spell can't be countered." (CR 101.2)."""

    kind: typing.ClassVar[str] = "cant_be_countered"


@dataclass(frozen=True, slots=True)
class StaticCantActivate(StaticEffect):
    """"Activated abilities of ... can't be activated." (CR 602.5)."""

    kind: typing.ClassVar[str] = "cant_activate"


@dataclass(frozen=True, slots=True)
class StaticCantActivateNonmana(StaticEffect):
    """"... can't be activated unless they're mana abilities." (CR 602.5)."""

    kind: typing.ClassVar[str] = "cant_activate_nonmana"


@dataclass(frozen=True, slots=True)
class StaticCantCast(StaticEffect):
    """"Your opponents can't cast spells with the chosen name." (CR 101.2)."""

    kind: typing.ClassVar[str] = "cant_cast"


@dataclass(frozen=True, slots=True)
class StaticOneSpellEachTurn(StaticEffect):
    """"Each player can't cast more than one spell each turn." (``affected`` "each_player"),
    "You can't cast more than one spell each turn." ("you"): CR 101.2, 601.2."""

    kind: typing.ClassVar[str] = "one_spell_each_turn"


@dataclass(frozen=True, slots=True)
class StaticCastAsThoughFlash(StaticEffect):
    """"You may cast ... as though they had flash." (CR 601.3)."""

    kind: typing.ClassVar[str] = "cast_as_though_flash"


@dataclass(frozen=True, slots=True)
class StaticLoyaltyAsInstant(StaticEffect):
    """"You may activate loyalty abilities of planeswalkers you control on any player's turn any
    time you could cast an instant." (Teferi, Temporal Archmage's emblem): their controller's
    loyalty abilities may be activated whenever they have priority; still one per planeswalker
    each turn (CR 606.3, 117.1a)."""

    kind: typing.ClassVar[str] = "loyalty_as_instant"


@dataclass(frozen=True, slots=True)
class StaticCastFromGraveyard(StaticEffect):
    """Its card may be cast from its owner's graveyard with the alternative cost ``cost``
    ("mutate": Brokkos, CR 601.3, 118.9)."""

    kind: typing.ClassVar[str] = "cast_from_graveyard"
    cost: str = ""


@dataclass(frozen=True, slots=True)
class StaticSpellCost(StaticEffect):
    """The total cost of the spells ``affected`` describes changed by ``amount`` generic mana
    (CR 601.2f), times the number of other spells their caster has cast this turn when
    ``for_each`` is "other_spells_cast" (Damping Sphere); ``mana``: colored mana added ("White
    spells you cast cost {W} more to cast."). A subclass says which way."""

    amount: int = 0
    for_each: str | None = None
    mana: ManaCost | None = None


@dataclass(frozen=True, slots=True)
class StaticCostIncrease(StaticSpellCost):
    """"... cost {1} more to cast"."""

    kind: typing.ClassVar[str] = "cost_increase"


@dataclass(frozen=True, slots=True)
class StaticMinimumSpellCost(StaticEffect):
    """"Each spell that would cost less than three mana to cast costs three mana to cast."
    (Trinisphere): after every increase and reduction, a total cost of fewer than ``amount``
    mana gets generic mana up to it (CR 601.2f; the card's rulings)."""

    kind: typing.ClassVar[str] = "minimum_spell_cost"
    amount: int = 0


@dataclass(frozen=True, slots=True)
class StaticCostReduction(StaticSpellCost):
    """"... cost {1} less to cast"."""

    kind: typing.ClassVar[str] = "cost_reduction"


@dataclass(frozen=True, slots=True)
class StaticSelfCostReduction(StaticEffect):
    """"This spell costs {1} less to cast ..." (CR 601.2f): ``amount`` times the creatures in its
    caster's party when ``for_each`` is "party" (CR 700.8), times the objects ``count`` matches,
    or once while ``condition`` holds, or once if one of the spell's targets is what ``targets``
    describes ("if it targets a blue spell"); with ``for_each`` "devotion" (to the color of
    ``colors``), "total_power", "greatest_power" or "total_mana_value" (of the permanents
    ``count`` describes), ``amount`` times that X ("..., where X is ...")."""

    kind: typing.ClassVar[str] = "self_cost_reduction"
    amount: int = 0
    for_each: str | None = None
    count: Filter | None = None
    colors: tuple[str, ...] = ()
    targets: Filter | None = None


@dataclass(frozen=True, slots=True)
class StaticAdditionalLand(StaticEffect):
    """"You may play ``amount`` additional lands on each of your turns." (CR 305.2)."""

    kind: typing.ClassVar[str] = "additional_land"
    amount: int = 0


@dataclass(frozen=True, slots=True)
class StaticNoMaximumHandSize(StaticEffect):
    """"You have no maximum hand size." (CR 402.2)."""

    kind: typing.ClassVar[str] = "no_maximum_hand_size"


@dataclass(frozen=True, slots=True)
class StaticMaximumHandSize(StaticEffect):
    """"Your maximum hand size is reduced by four." (``change`` -4), for the source's controller
    (``affected`` "you") or each of their opponents ("opponents") (CR 402.2, 613.11)."""

    kind: typing.ClassVar[str] = "maximum_hand_size"
    change: int = 0


@dataclass(frozen=True, slots=True)
class StaticExtraVote(StaticEffect):
    """"While voting, you get an additional vote." (CR 701.38d)."""

    kind: typing.ClassVar[str] = "extra_vote"


@dataclass(frozen=True, slots=True)
class StaticMayExtraVote(StaticEffect):
    """"While voting, you may vote an additional time." (CR 701.38d)."""

    kind: typing.ClassVar[str] = "may_extra_vote"


@dataclass(frozen=True, slots=True)
class StaticSkipStep(StaticEffect):
    """The step or phase ``step`` ("untap", "upkeep", "draw") skipped (CR 614.10), by the
    controller (``affected`` "you") or by every player ("each_player")."""

    kind: typing.ClassVar[str] = "skip_step"
    step: str = ""


@dataclass(frozen=True, slots=True)
class StaticBeginOnBattlefield(StaticEffect):
    """"If ~ is in your opening hand, you may begin the game with it on the battlefield."
    (CR 103.6a)."""

    kind: typing.ClassVar[str] = "begin_on_battlefield"


@dataclass(frozen=True, slots=True)
class StaticPlayerKeywords(StaticEffect):
    """"You have hexproof." (CR 702.11c, 702.18a)."""

    kind: typing.ClassVar[str] = "player_keywords"
    keywords: tuple[Keyword, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticLifeCantChange(StaticEffect):
    """"Your life total can't change." (CR 119.7-119.8)."""

    kind: typing.ClassVar[str] = "life_cant_change"


@dataclass(frozen=True, slots=True)
class StaticCantLoseGame(StaticEffect):
    """"You can't lose the game." (``affected`` "you"; Platinum Angel, Lich's Mastery), "...
    your opponents can't lose the game." ("opponents"; Abyssal Persecutor): CR 104.3."""

    kind: typing.ClassVar[str] = "cant_lose_game"


@dataclass(frozen=True, slots=True)
class StaticNoZeroLifeLoss(StaticEffect):
    """"You don't lose the game for having 0 or less life." (Phyrexian Unlife): the state-based
    action of CR 704.5a doesn't make ``affected`` lose; other losses still do (the card's
    rulings)."""

    kind: typing.ClassVar[str] = "no_zero_life_loss"


@dataclass(frozen=True, slots=True)
class StaticDamageAsInfect(StaticEffect):
    """"All damage is dealt to you as though its source had infect." (Phyrexian Unlife, under
    its "as long as you have 0 or less life"): damage to ``affected`` gives poison counters
    rather than life loss (CR 120.3b, 702.90b)."""

    kind: typing.ClassVar[str] = "damage_as_infect"


@dataclass(frozen=True, slots=True)
class StaticNoCauseTriggers(StaticEffect):
    """"Creatures entering the battlefield don't cause abilities to trigger." (Torpor Orb), "...
    entering the battlefield or dying ..." (Hushbringer; ``dies``): such an event triggers no
    ability (CR 603.2; the cards' rulings)."""

    kind: typing.ClassVar[str] = "no_cause_triggers"
    dies: bool = False


@dataclass(frozen=True, slots=True)
class StaticCantWinGame(StaticEffect):
    """"... your opponents can't win the game." (``affected`` "opponents"; Platinum Angel),
    "You can't win the game ..." ("you"; Abyssal Persecutor): CR 104.2."""

    kind: typing.ClassVar[str] = "cant_win_game"


@dataclass(frozen=True, slots=True)
class StaticDrawOneEachTurn(StaticEffect):
    """"Each opponent can't draw more than one card each turn." (``affected`` "opponents"),
    "Each player ..." ("each_player"): a draw beyond a player's first this turn doesn't happen
    (CR 121.1; Narset, Parter of Veils' rulings)."""

    kind: typing.ClassVar[str] = "draw_one_each_turn"


@dataclass(frozen=True, slots=True)
class StaticCantGainLife(StaticEffect):
    """"Players can't gain life." (``affected`` "each_player"), "Your opponents can't gain
    life." ("opponents"): CR 119.7."""

    kind: typing.ClassVar[str] = "cant_gain_life"


@dataclass(frozen=True, slots=True)
class StaticCastWithoutPaying(StaticEffect):
    """"You may cast spells from your hand without paying their mana costs." (CR 118.9, 601.2b):
    an alternative cost of nothing for the spells ``affected`` describes, cast from the hand of
    the permanent's controller."""

    kind: typing.ClassVar[str] = "cast_without_paying"


STATIC_EFFECTS: dict[str, type[StaticEffect]] = {cls.kind: cls for cls in (
    StaticCastWithoutPaying,
    StaticModifyPT,
    StaticSetBasePT,
    StaticPTEqualCount,
    StaticPowerEqualCount,
    StaticToughnessEqualCount,
    StaticBasePTManaValue,
    StaticGrantKeywords,
    StaticLoseKeywords,
    StaticCantHaveKeywords,
    StaticGrantAbility,
    StaticLoseAllAbilities,
    StaticSetLandType,
    StaticAddTypes,
    StaticRemoveTypes,
    StaticSetCreatureTypes,
    StaticAddSupertypes,
    StaticRemoveSupertypes,
    StaticAllCreatureTypes,
    StaticSetColors,
    StaticControl,
    StaticCantAttack,
    StaticCantBlock,
    StaticCantAttackAlone,
    StaticCantBlockAlone,
    StaticCantAttackYou,
    StaticGoaded,
    StaticAttacksDespiteDefender,
    StaticAttacksEachCombat,
    StaticAttackUnlessLand,
    StaticCantBeBlocked,
    StaticCantBeBlockedBy,
    StaticCantBeBlockedExceptBy,
    StaticCantBlockAttackers,
    StaticCanBlockOnlyFlying,
    StaticMaxOneBlocker,
    StaticMinBlockers,
    StaticBlockAdditional,
    StaticBlockAnyNumber,
    StaticMustBeBlocked,
    StaticMustBeBlockedByAll,
    StaticAssignAsUnblocked,
    StaticDoesntUntap,
    StaticMayNotUntap,
    StaticUntapDuringOthers,
    StaticNoLegendRule,
    StaticCantBeCountered,
    StaticCantActivate,
    StaticCantActivateNonmana,
    StaticCantCast,
    StaticOneSpellEachTurn,
    StaticCastAsThoughFlash,
    StaticLoyaltyAsInstant,
    StaticCastFromGraveyard,
    StaticCostIncrease,
    StaticCostReduction,
    StaticSelfCostReduction,
    StaticAdditionalLand,
    StaticNoMaximumHandSize, StaticMaximumHandSize, StaticCantGainLife, StaticDrawOneEachTurn,
    StaticExtraVote,
    StaticMayExtraVote,
    StaticSkipStep,
    StaticBeginOnBattlefield,
    StaticPlayerKeywords,
    StaticLifeCantChange,
    StaticCantLoseGame,
    StaticCantWinGame,
    StaticNoZeroLifeLoss,
    StaticDamageAsInfect,
    StaticNoCauseTriggers,
    StaticMinimumSpellCost,
)}


def static_effect(kind: str, affected: Union[str, Filter] = "self", *args: Any, **fields: Any) -> StaticEffect:
    """The static effect of kind ``kind`` (a key of :data:`STATIC_EFFECTS`) with its fields;
    a kind without a record, or a field its record doesn't have, is a TypeError naming it."""
    cls = STATIC_EFFECTS.get(kind)
    if cls is None:
        raise TypeError(f"no static effect of kind {kind!r}")
    return cls(affected, *args, **fields)


@dataclass(frozen=True, slots=True)
class ExertAbility:
    """"You may exert ~ as it attacks." (CR 701.43d): an optional cost to attack, chosen as
    attackers are declared (CR 508.1g). ``then`` makes the linked "When you do, ..." ability
    trigger (CR 607.2h, 603.12)."""

    then: CreateReflexive | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class StaticAbility:
    effect: StaticEffect
    text: str = ""


# ------------------------------------------------ "enters tapped unless ..." (CR 614.1c-d, 614.12)


@dataclass(frozen=True, slots=True)
class YouControl:
    """A condition on the game state: the player controls at least ``at_least`` (and, when
    given, at most ``at_most``) permanents that match any of ``filters`` ("you control a Plains
    or an Island", "you control two or fewer other lands")."""

    filters: tuple[Filter, ...]
    at_least: int = 1
    at_most: int | None = None
    other_than_seen: bool = False     # "other" than the object a triggered ability saw enter


@dataclass(frozen=True, slots=True)
class NotYourTurn:
    """A condition on the game state: "if it's not your turn" (the active player is another)."""


@dataclass(frozen=True, slots=True)
class OpponentCount:
    """A condition on the game state: the player has at least ``at_least`` opponents."""

    at_least: int


@dataclass(frozen=True, slots=True)
class PayLifeOption:
    """"you may pay N life" as a permanent enters (CR 614.12, 119.4)."""

    amount: int


@dataclass(frozen=True, slots=True)
class RevealOption:
    """"you may reveal a [card] from your hand" as a permanent enters (CR 614.12, 701.20b)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """"If ~ would enter, you may discard a [card] instead. If you do, put ~ onto the battlefield.
    If you don't, put it into its owner's graveyard." (Mox Diamond; CR 614.1c)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class HasCounter:
    """A condition on the source: it has at least ``at_least`` (and, when given, at most
    ``at_most``) ``kind`` counters on it ("as long as it has a +1/+1 counter on it", "four or
    more quest counters", "there are no depletion counters on ~", CR 122.1)."""

    kind: str
    at_least: int = 1
    at_most: int | None = None


@dataclass(frozen=True, slots=True)
class AttachedIs:
    """A condition on the permanent the source is attached to, said of enchanted or equipped
    creature ("as long as it's a Human", "... it's white"): it matches ``filter``; ``negated``
    for the "Otherwise, ..." after it."""

    filter: Filter
    negated: bool = False


@dataclass(frozen=True, slots=True)
class Devotion:
    """A condition on your devotion to ``colors`` (CR 700.5): the mana symbols of any of those
    colors among the mana costs of permanents you control, each symbol counted once (a hybrid
    or Phyrexian symbol too); at most ``at_most`` ("is less than five": 4)."""

    colors: tuple[str, ...]
    at_most: int


@dataclass(frozen=True, slots=True)
class ThatPlayerControlsNone:
    """"... unless they control a commander" after an instruction (Crimson Honor Guard): the
    player the triggered ability's event names (the active player of "each player's end step")
    controls no permanent that matches any of ``filters``, checked as it resolves (CR 608.2c)."""

    filters: tuple[Filter, ...]


@dataclass(frozen=True, slots=True)
class OpponentControls:
    """A condition on the game state: an opponent controls at least ``at_least`` permanents that
    match any of ``filters`` ("an opponent controls a black permanent"); with ``more_than_you``,
    more of them than you do ("an opponent controls more lands than you"); with ``none``, no
    opponent controls any ("no opponent controls a white or blue creature")."""

    filters: tuple[Filter, ...]
    at_least: int = 1
    more_than_you: bool = False
    none: bool = False


@dataclass(frozen=True, slots=True)
class ObjectCount:
    """A condition on the game state: at least ``at_least`` (and, when given, at most
    ``at_most``) objects in ``filter.zone`` match ``filter``, whoever controls them: permanents
    ("there are seven or more lands on the battlefield", "no creatures are on the battlefield")
    or cards in graveyards ("a Warrior card is in your graveyard")."""

    filter: Filter
    at_least: int = 1
    at_most: int | None = None


@dataclass(frozen=True, slots=True)
class HadCounter:
    """A condition on the permanent a leaves-the-battlefield trigger saw: it had a ``kind``
    counter on it as it last existed, or with ``none``, no such counter (CR 603.10a)."""

    kind: str
    none: bool = False


@dataclass(frozen=True, slots=True)
class AnyOf:
    """A condition that holds when one of ``conditions`` does ("if you control a Desert or
    there is a Desert card in your graveyard")."""

    conditions: tuple


@dataclass(frozen=True, slots=True)
class EnteredThisTurn:
    """A condition on the permanents that entered the battlefield under a player's control this
    turn: at least ``at_least`` of any of the card ``types`` ("if you had a land enter the
    battlefield under your control this turn"), ``whose`` "you" or "opponent" (some opponent);
    with ``other``, the source doesn't count ("another creature")."""

    types: tuple[str, ...]
    whose: str = "you"
    at_least: int = 1
    other: bool = False


@dataclass(frozen=True, slots=True)
class AllOf:
    """A condition that holds when each of ``conditions`` does ("if an opponent controls a
    Forest and you control a Swamp", "if you control a blue permanent and a black permanent":
    one permanent of both colors meets both)."""

    conditions: tuple


# What a PlayerCount counts (CR 119 life, 402 hand, 404 graveyard, 205.2a card types there).
PLAYER_COUNTS = ("life", "cards_in_hand", "cards_in_graveyard", "card_types_in_graveyard",
                 "life_gained_this_turn", "cards_drawn_this_turn", "life_lost_this_turn",
                 "library_searches_this_turn")    # CR 701.23: of their own library


@dataclass(frozen=True, slots=True)
class PlayerCount:
    """A condition on a number of a player's, one of PLAYER_COUNTS: ``whose`` ("you",
    "opponent": some opponent, "any": some player, or "that_player": the player a triggered
    ability's event names, CR 603.2) has at least ``at_least`` and, when given, at most ``at_most``
    ("you have 10 or less life", "you have exactly seven cards in hand", "four or more card
    types among cards in your graveyard"); with ``more_than``, a comparison instead: you have
    more than "each_opponent" ("you have more cards in hand than each opponent") or than
    "an_opponent" ("you have more life than an opponent"), or an opponent has more than "you"
    ("an opponent has more life than you")."""

    what: str
    at_least: int | None = None
    at_most: int | None = None
    whose: str = "you"
    more_than: str | None = None


@dataclass(frozen=True, slots=True)
class SelfPower:
    """A condition on the source: its power is at least ``at_least`` ("if ~'s power is 4 or
    greater", CR 208.1)."""

    at_least: int


@dataclass(frozen=True, slots=True)
class SelfIs:
    """A condition on the source: it has the characteristics of ``filter`` now ("if ~ is an
    enchantment", the Hidden cycle; CR 205.2, 603.4)."""

    filter: "Filter"


@dataclass(frozen=True, slots=True)
class ManaSpent:
    """Adamant: at least ``at_least`` mana of the color ``color`` ("W", "U", ...) was spent to
    cast the spell that is, or is becoming, this object (CR 601.2h, 207.2c); a copy was not cast,
    so none was spent on it (CR 707.10)."""

    color: str
    at_least: int


StateCondition = Union[YouControl, OpponentCount, NotYourTurn, OpponentControls, PlayerCount, SelfPower, SelfIs,
                       ObjectCount, AnyOf, AllOf, HadCounter, EnteredThisTurn, ManaSpent, Devotion, AmountAtLeast,
                       ThatPlayerControlsNone]
EntersOption = Union[PayLifeOption, RevealOption, DiscardOption]


class ReplacementKind(StrEnum):
    """What a :class:`ReplacementAbility` replaces (CR 614). A ``StrEnum``: each member equals
    its string, as the exercise notes and the rules index name it."""

    # how a permanent enters the battlefield (CR 614.1c, 614.12)
    ENTERS_TAPPED = "enters_tapped"
    ENTER_OR_GRAVEYARD = "enter_or_graveyard"          # ``unless``: a DiscardOption (Mox Diamond)
    ENTERS_WITH_COUNTERS = "enters_with_counters"      # ``counter_kind``, ``amount``
    MAY_ENTER_WITH_COUNTER = "may_enter_with_counter"  # unleash, CR 702.98a
    ENTER_AS_COPY = "enter_as_copy"                    # CR 707.2
    DEVOUR = "devour"                                  # CR 702.82a
    AMPLIFY = "amplify"                                # CR 702.38a
    TRIBUTE = "tribute"                                # CR 702.104a
    RIOT = "riot"                                      # CR 702.136a
    CHOOSE_COLOR = "choose_color"
    CHOOSE_PLAYER = "choose_player"
    CHOOSE_OPPONENT = "choose_opponent"
    CHOOSE_NAME = "choose_name"                        # CR 201.3
    CHOOSE_CREATURE_TYPE = "choose_creature_type"
    # counters, damage and life (CR 614.1a, 615)
    MORE_COUNTERS = "more_counters"                    # "that many plus N" (``amount``; below 0: "minus N")
    DOUBLE_COUNTERS = "double_counters"                # "twice that many"
    DOUBLE_TOKENS = "double_tokens"                    # "creates twice that many of those tokens" (``whose``)
    DOUBLE_DAMAGE_TO_PLAYER = "double_damage_to_player"
    DAMAGE_CHANGE = "damage_change"                    # ``damage``
    PREVENT_DAMAGE_REMOVE_COUNTER = "prevent_damage_remove_counter"   # CR 615
    DAMAGE_AS_COUNTERS = "damage_as_counters"
    LIFE_GAIN_CHANGE = "life_gain_change"              # ``life``, ``whose``
    LIFE_FLOOR = "life_floor"                          # CR 120.3a
    # cards going to a graveyard (CR 614.6) and drawing from an empty library (CR 121.4)
    GRAVEYARD_TO_LIBRARY = "graveyard_to_library"
    GRAVEYARD_TO_EXILE = "graveyard_to_exile"
    EMPTY_DRAW_WINS = "empty_draw_wins"


@dataclass(frozen=True, slots=True)
class ReplacementAbility:
    """A replacement effect (CR 614) of the :class:`ReplacementKind` ``kind``; ``condition``
    limits it.
    ``unless`` keeps it from applying: a state condition that holds as the permanent enters,
    or an action its controller may take then (CR 614.1d, 614.12)."""

    kind: ReplacementKind
    counter_kind: str | None = None    # counters changed: None for every kind (Doubling Season)
    amount: Amount = 0
    condition: "str | StateCondition | ManaSpent | None" = None
    text: str = ""
    affected: "Filter | None" = None   # the objects it applies to ("a creature you control")
    whose: str | None = None           # whose graveyard: "you", "opponent" (None: any)
    cards_only: bool = False           # "a card": not a token (CR 108.2b)
    unless: "StateCondition | EntersOption | None" = None
    damage: DamageChange | None = None  # "damage_change": the damage it changes and how
    life: LifeGainChange | None = None  # "life_gain_change" (``whose`` life gain)
    by_effect: bool = False            # "If an effect would ...": not a cost or a turn-based action


@dataclass(frozen=True, slots=True)
class ManaReplacement:
    """CR 106.12b, 614.1a: "If [a permanent] is tapped for mana, it produces ... instead".

    Applies when a permanent matching ``source`` is tapped for mana (by its controller only
    when ``player`` is "you") and would produce at least ``min_amount`` mana. The mana becomes
    ``becomes`` (Contamination: ("B",)), or each mana becomes ``to_type`` (Pale Moon: "C"),
    or the amount is multiplied by ``multiplier`` (Mana Reflection: 2).
    """

    source: Filter = field(default_factory=Filter)
    player: str | None = None
    min_amount: int = 1
    becomes: tuple[str, ...] = ()
    to_type: str | None = None
    multiplier: int = 1
    text: str = ""


@dataclass(frozen=True, slots=True)
class AdditionalTriggers:
    """CR 603.2d: a triggered ability of a permanent you control triggers ``amount`` more
    times when an object matching ``cause`` has the ``event`` (``ENTERS`` for Panharmonicon,
    ``DEALS_COMBAT_DAMAGE_TO_PLAYER`` for Felix Five-Boots)."""

    event: TriggerEvent
    cause: Filter
    amount: int = 1
    text: str = ""


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """"As an additional cost to cast this spell, [cost]." (CR 601.2b, 118.8): paid with the
    mana cost (or any alternative cost) whenever the card is cast. ``or_cost``: "[cost] or pay
    {3}", the other cost the caster may choose to pay instead, announced as it is cast."""

    cost: Cost
    text: str = ""
    or_cost: Cost | None = None


@dataclass(frozen=True, slots=True)
class CostPerTarget:
    """"This spell costs {2}{U} more to cast for each target beyond the first." (strive, an
    ability word, CR 207.2c): a cost increase of ``mana`` per target chosen after the first,
    added to the total cost once the targets are chosen (CR 601.2c, 601.2f)."""

    mana: ManaCost
    text: str = ""


@dataclass(frozen=True, slots=True)
class CastRestriction:
    """"Cast ~ only during [steps] [and only if ...]." (CR 601.3): the spell may be cast only in one
    of ``steps`` (empty: any), only once its caster was attacked this step (``attacked``), only
    once its caster cast another spell this turn (``another_spell``)."""

    steps: tuple[str, ...] = ()
    attacked: bool = False
    another_spell: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class CanBeCommander:
    """"~ can be your commander." (CR 903.3a): the card may be chosen as a commander though it
    isn't a legendary creature. It changes the rules of deck construction and works before the
    game begins (CR 903.3a, 113.6n): it does nothing in a game, wherever the card is."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class CastAsThoughFlash:
    """"You may cast ~ as though it had flash." (CR 601.3): the card may be cast any time its
    controller could cast an instant. ``then``: the delayed ability created as the permanent
    enters when it was cast any time a sorcery couldn't have been (Armor of Thorns: it is
    sacrificed at the beginning of the next cleanup step, CR 603.7c, 514.3a)."""

    then: CreateDelayedTrigger | None = None
    extra: ManaCost | None = None     # "... as though it had flash if you pay {2} more to cast it"
    text: str = ""


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """"[If condition,] you may [cost] rather than pay this spell's mana cost." (CR 118.9): a
    cost the card may be cast for instead of its mana cost, while ``condition`` holds."""

    cost: Cost
    condition: "StateCondition | None" = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class PreventionAbility:
    """A static ability that prevents damage while its permanent is on the battlefield
    (CR 604.1, 615): "Prevent all damage that would be dealt to ~ by artifact creatures.", or
    deals it to another instead (CR 614.9): "All damage that would be dealt to you is dealt to ~
    instead."; the references in ``effect`` are read from that permanent as the damage would be
    dealt."""

    effect: PreventDamage | RedirectDamage
    text: str = ""


Ability = Union[Keyword, SpellAbility, ActivatedAbility, TriggeredAbility, StaticAbility,
                ReplacementAbility, ManaReplacement, AdditionalTriggers, AdditionalCost, AlternativeCost,
                CastAsThoughFlash, CastRestriction, PreventionAbility, CostPerTarget, CanBeCommander]


@dataclass(frozen=True, slots=True)
class DamageCantBePrevented:
    """"Damage can't be prevented this turn." (CR 615.12): prevention effects prevent nothing
    until ``duration`` ends; what else they do still happens, and shields aren't used up."""

    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class ChangeDamage:
    """"If a source you control would deal damage this turn, it deals double that damage
    instead." (CR 614.1a): the change of :class:`DamageChange` for ``duration``, from a
    resolved spell or ability; the source a group, the recipient a group or anything."""

    change: DamageChange
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class ReplaceNextDraw:
    """"The next time you would draw a card this turn, [effects] instead." (CR 614.1a, 614.11):
    that draw of the controller's is replaced by ``effects``, done as the draw would happen,
    with the targets chosen for the ability that made it."""

    effects: tuple
    duration: str = "end_of_turn"


_Effects1 = Union[_Effects0, DamageCantBePrevented, ChangeDamage, ReplaceNextDraw]


@dataclass(frozen=True, slots=True)
class Amass:
    """"Amass N" (CR 701.47a; an older card's "amass N" is "amass Zombies N", 701.47d): without
    an Army creature, make a 0/0 black [subtype] Army token; then N +1/+1 counters on an Army
    creature you choose, which becomes a [subtype] too."""

    amount: int
    subtype: str = "Zombie"




@dataclass(frozen=True, slots=True)
class Proliferate:
    """CR 701.34a: choose any number of permanents and players that have counters; each gets
    one more counter of each kind it already has."""


@dataclass(frozen=True, slots=True)
class RevealTop:
    """"you may reveal the top card of your library" (CR 701.20a): the card stays on top;
    afterwards "the revealed card" is that card (``Ref(REVEALED)``). An empty library reveals
    nothing, and "If you do" then doesn't happen."""


@dataclass(frozen=True, slots=True)
class RevealFromHand:
    """"Reveal a card from your hand." (CR 701.20a): the controller chooses a card in their hand
    and reveals it; afterwards "that card" is that card (``Ref(REVEALED)``). An empty hand
    reveals nothing."""


@dataclass(frozen=True, slots=True)
class RevealTopToHand:
    """"Reveal the top card of your library and put that card into your hand" (CR 701.20a):
    afterwards "its" / "that card" is that card (``Ref(REVEALED)``)."""


_Effects2 = Union[_Effects1, Amass, Proliferate, RevealTopToHand, RevealTop, RevealFromHand]


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """"Choose target creature.": the spell's target, chosen as it is cast (CR 601.2c), that the
    sentences after it name ("that creature", "it"); choosing it does nothing by itself."""

    what: Subject


_Effects3 = Union[_Effects2, ChooseTarget]


# --------------------------------------------------------------------------------- hands (CR 402)


@dataclass(frozen=True, slots=True)
class PutFromHand:
    """"Put a land card from your hand onto the battlefield [tapped]": you choose ``amount``
    cards matching ``filter`` in your hand (fewer with ``up_to``; as many as there are) and
    they enter together under your control, neither cast nor played (CR 305.4). With
    ``each_player``, "Each player may put ... from their hand ...": each player chooses up to
    ``amount`` cards of their own hand, and all enter together, each under its owner's control."""

    filter: Filter
    tapped: bool = False
    amount: "int | VoteCount" = 1     # "for each free vote" (CR 701.38a)
    up_to: bool = False
    each_player: bool = False


_Effects4 = Union[_Effects3, PutFromHand, RevealUntil]


@dataclass(frozen=True, slots=True)
class HandOnLibrary:
    """"Put two cards from your hand on top of your library in any order" (Brainstorm): the
    controller chooses ``amount`` cards in their hand (all of them when fewer) and puts them on
    top of their library, or on the bottom with ``bottom``, one at a time in the order they
    choose (CR 401.4). With ``who``, each player it names does so with their own hand
    ("target opponent puts a card from their hand on top of their library")."""

    amount: int
    bottom: bool = False
    who: Subject = Ref("you")


@dataclass(frozen=True, slots=True)
class ShuffleLibrary:
    """"Shuffle your library." (CR 701.24a): the controller's library, in a random order."""


_Effects5 = Union[_Effects4, HandOnLibrary, ShuffleLibrary]


# --------------------------------------------------------------------------------- cards of several faces


@dataclass(frozen=True, slots=True)
class Transform:
    """CR 701.27: turn ``what`` over so that its other face is up (a double-faced permanent,
    CR 712.9); anything else is not transformed (CR 701.27c)."""

    what: Subject


@dataclass(frozen=True, slots=True)
class Flip:
    """"Flip ~" / "flip it" (CR 710): a flip permanent not yet flipped gets its alternative
    characteristics for as long as it stays on the battlefield (CR 710.2, 710.4); anything else
    is unchanged."""

    what: Subject


@dataclass(frozen=True, slots=True)
class Pair:
    """Soulbond's pairing (CR 702.95a): as the soulbond creature's own trigger resolves, it
    is paired with another unpaired creature its controller chooses; as the trigger of another
    creature entering resolves, that creature is paired with it. Nothing is paired unless both
    are still creatures on the battlefield under the ability's controller (CR 702.95c)."""


@dataclass(frozen=True, slots=True)
class HauntExile:
    """Haunt's "exile it haunting target creature" (CR 702.55a): the card that was put into the
    graveyard is exiled, and haunts the creature targeted (CR 702.55b)."""


_Effects6 = Union[_Effects5, Transform, Flip, Pair, HauntExile, UntapUpTo, LookRevealTop]


@dataclass(frozen=True, slots=True)
class ExileFromGraveyard:
    """"Target player exiles a card from their graveyard.": each player ``who`` names chooses
    ``amount`` cards in their own graveyard (all of them when fewer) as it resolves and exiles
    them (CR 406.2, 701.13a)."""

    amount: int
    who: Subject


@dataclass(frozen=True, slots=True)
class RemoveFromCombat:
    """"Remove target attacking creature from combat." (CR 506.4): it stops being an attacking,
    blocking, blocked or unblocked creature; a creature it blocked stays blocked (CR 509.1h)."""

    what: Subject


# --------------------------------------------------------------------------------- granted abilities (CR 611.2, 613.1f)


@dataclass(frozen=True, slots=True)
class GainAbility:
    """"target creature gains "{T}: ..." [until end of turn]": each object named has the quoted
    activated or triggered abilities for ``duration`` (layer 6, CR 613.1f; a quoted ability is
    an ability the object has, CR 113.10). Each keeps its text, compiled as a line of the
    object's definition while the effect lasts (engine.layers)."""

    what: Subject
    abilities: tuple["ActivatedAbility | TriggeredAbility", ...]
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class LoseKeywords:
    """"target creature loses flying until end of turn": each object named loses those keyword
    abilities for ``duration`` (layer 6, CR 613.1f), after the ones gained earlier and before
    the ones gained later (timestamps, CR 613.7)."""

    what: Subject
    keywords: tuple["Keyword", ...]
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class LoseAllAbilities:
    """"It loses all abilities until end of turn", "Target artifact or creature loses all
    abilities and becomes ...": each object named loses every ability it has, printed or gained
    before, for ``duration`` (layer 6, CR 613.1f); those gained later it keeps (CR 613.7)."""

    what: Subject
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class BecomeColor:
    """"target creature becomes blue until end of turn", "becomes colorless": each object named
    is of ``colors`` instead for ``duration`` (layer 5, CR 613.1e, 105.3); with ``choose``, of
    one color its controller chooses as the effect happens (CR 608.2d), the same for all."""

    what: Subject
    colors: tuple[str, ...] = ()
    choose: bool = False
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class BecomeCreatureType:
    """"~ becomes the creature type of your choice until end of turn": its controller chooses a
    creature type as the effect happens (CR 608.2d); each object named has it instead of its
    other creature types for ``duration``, its other subtypes kept (layer 4, CR 205.1a)."""

    what: Subject
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class BecomeLandType:
    """"Target land becomes a Forest until end of turn", "... becomes the basic land type of your
    choice", "... becomes a Plains or an Island": each land named has that land type instead of
    its others for ``duration``, loses the abilities of its rules text and has the type's mana
    ability (layer 4, CR 305.7, 613.1d); with several ``land_types``, its controller chooses one
    as the effect happens (CR 608.2d), the same for all."""

    what: Subject
    land_types: tuple[str, ...]
    duration: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class ChangeText:
    """"Change the text of target permanent by replacing all instances of one color word with
    another or one basic land type with another [until end of turn]." (CR 612): as it resolves,
    its controller chooses a kind of word among ``words`` (the values of
    :class:`~manastack.oracle.text_change.WordKind`), a word of that kind and a different one
    (rulings), not among ``not_new`` ("The new creature type can't be Wall."); the object named
    reads the new word for ``duration`` (layer 3, CR 613.1c)."""

    what: Subject
    words: tuple[str, ...]
    duration: str = "permanent"
    not_new: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ExtraLandPlays:
    """"You may play an additional land this turn." (Explore), "... up to three additional
    lands this turn" (Summer Bloom): the controller may play ``amount`` more lands this turn
    (CR 305.2)."""

    amount: int = 1


@dataclass(frozen=True, slots=True)
class ChooseCreatureType:
    """"Choose a creature type." as a spell's first instruction: its controller chooses one as
    it resolves (CR 608.2d, 205.3m), and "of the chosen type" later in the spell is that type."""


@dataclass(frozen=True, slots=True)
class ChooseCardName:
    """"Choose a [nonland] card name." as a spell's first instruction: its controller chooses the
    name of a card (CR 201.3) matching ``qualities`` (its printed card types, "nonland") as it
    resolves (CR 608.2d); "the chosen name" and "that name" later in the spell are that name."""

    qualities: Filter = field(default_factory=lambda: Filter(zone="any"))


@dataclass(frozen=True, slots=True)
class ExileSacrificeReturn:
    """"Each player exiles all creature cards from their graveyard, then sacrifices all creatures
    they control, then puts all cards they exiled this way onto the battlefield": every player
    ``who`` names exiles the cards of their graveyard matching ``exiled`` (CR 406.3), then
    sacrifices the permanents they control matching ``sacrificed`` (CR 701.21a), then puts the
    cards they exiled onto the battlefield under their control (CR 110.2a); each step is done by
    all of them at once before the next (Living Death's rulings)."""

    who: Subject
    exiled: Filter
    sacrificed: Filter


@dataclass(frozen=True, slots=True)
class EachPutsFromGraveyard:
    """"Each player puts a creature card from their graveyard onto the battlefield": every player
    ``who`` names chooses a card of their graveyard matching ``filter``, in APNAP order (CR
    101.4), and the chosen cards enter at once, each under the control of the player who put it
    there (CR 110.2a). Nothing targets. With ``every`` ("Each player returns each creature card
    from their graveyard to the battlefield"), every card matching, with no choice."""

    who: Subject
    filter: Filter
    every: bool = False


@dataclass(frozen=True, slots=True)
class ExileTopUntilTaken:
    """"Exile the top card of your library. You may put that card into your hand unless it has
    the same name as another card exiled this way. Repeat this process until you put a card into
    your hand or you exile two cards with the same name, whichever comes first." (Tainted Pact;
    CR 406.1, 201.2): the process also ends with the library."""


@dataclass(frozen=True, slots=True)
class SeparatePiles:
    """"Separate all permanents target player controls into two piles. That player sacrifices
    all permanents in the pile of their choice." (Liliana of the Veil; CR 700.3): the controller
    puts each object ``what`` names into one of two piles (either may be empty), the player
    ``who`` names chooses one, and the objects in it are sacrificed by their controller."""

    what: Subject
    who: Subject


@dataclass(frozen=True, slots=True)
class RevealTopIf:
    """"[Player] reveals the top card of their library. If it's a land card, that player puts it
    into their hand." (Goblin Guide), with "Otherwise, put that card into your hand." (Coiling
    Oracle): each player ``who`` names reveals their top card (CR 701.20a); one matching
    ``filter`` goes to ``to`` ("hand", "graveyard", "battlefield", ``tapped``, under that
    player's control), another to ``otherwise``, or stays on top when that is None. With
    ``may`` ("You may put that card onto the battlefield if it's ..."), the player chooses
    whether a matching card goes to ``to``; one that doesn't, whatever the reason, goes to
    ``otherwise`` (Matter Reshaper's ruling)."""

    who: Ref
    filter: Filter
    to: str
    otherwise: str | None = None
    tapped: bool = False
    may: bool = False


Effect = Union[_Effects6, GainAbility, LoseKeywords, LoseAllAbilities, BecomeColor, BecomeLandType, ChangeText, BecomeCreatureType, ExtraLandPlays, ChooseCreatureType,
               DiscardHandDraw, ChooseCardName, SearchZonesExile, Encore, RemoveFromCombat, ExileFromGraveyard,
               ExileSacrificeReturn, EachPutsFromGraveyard, RevealTopIf, ChooseVotes, GainFlashback, DiscardOrLoseLife, CantCastSameName,
               SeparatePiles, ExileTopUntilTaken]


def nodes(node) -> Iterator:
    """``node`` and everything inside it, depth first: the fields of IR dataclasses and the
    items of tuples and lists."""
    todo = [node]
    pop, extend, inside = todo.pop, todo.extend, _INSIDE
    while todo:
        n = pop()
        yield n
        extend((inside.get(type(n)) or _inside_of(type(n)))(n))


def contains(node, wanted: Callable[[object], bool]) -> bool:
    """Whether anything in ``node`` (see :func:`nodes`) is ``wanted``; the nodes are tried in the
    order :func:`nodes` gives them, up to the first one wanted."""
    todo = [node]
    pop, extend, inside = todo.pop, todo.extend, _INSIDE
    while todo:
        n = pop()
        if wanted(n):
            return True
        extend((inside.get(type(n)) or _inside_of(type(n)))(n))
    return False


def _nothing_inside(node) -> tuple:
    return ()


# How to list what is inside a node of each class, last first (so that a stack pops the first
# first): the walks above run over every compiled card, so each class is looked at only once.
_INSIDE: dict[type, Callable[[Any], Any]] = {}


def _inside_of(cls: type) -> Callable[[Any], Any]:
    """The items of a tuple or list, the fields of a dataclass instance (not of a class), or
    nothing; for instances of ``cls``, last first."""
    get: Callable[[Any], Any] = _nothing_inside
    if issubclass(cls, (tuple, list)):
        get = reversed
    elif dataclasses.is_dataclass(cls) and not issubclass(cls, type):
        names = [f.name for f in reversed(dataclasses.fields(cls))]
        if len(names) > 1:
            get = attrgetter(*names)
        elif names:
            one = attrgetter(names[0])
            get = lambda n: (one(n),)       # noqa: E731 (attrgetter of one name gives the value)
    _INSIDE[cls] = get
    return get


def mana_under_condition(effects) -> "Conditional | None":
    """The one choice of a mana ability between two productions, "Add {C}. If you control an
    Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead." (CR 605.1a, 608.2c): the
    ``Conditional`` whose effects and ``otherwise`` are one ``AddMana`` each, under a condition
    on the game state; None for any other effects."""
    if len(effects) != 1 or type(effects[0]) is not Conditional:
        return None
    c = effects[0]
    if isinstance(c.condition, (str, ObjectIs)) or len(c.effects) != 1 or len(c.otherwise) != 1:
        return None
    then, other = c.effects[0], c.otherwise[0]
    if type(then) is not AddMana or type(other) is not AddMana or then.who != other.who or then.spend or other.spend:
        return None
    return c
