"""The game's events: one record type per kind (design notes §2, "one road for every change").

Each change of the game is made by one function of the event road (:mod:`.events`, and the turn,
combat and casting code for the events they own). Records of two sorts travel that road:

* a **proposal** is the change about to happen, which replacement effects may modify before it
  happens (CR 614.1, 616.1): :class:`ZoneChange`, :class:`DamageAmount`,
  :class:`CounterPlacement`, :class:`ManaProduction` and :class:`Destruction`;
* an **occurrence** is a change that has happened, which is handed to the triggered abilities
  that may see it (CR 603.2). A :class:`ZoneChange` is both: once the object has moved, the same
  record is the occurrence, with the new object and last known information (CR 603.10).

What a triggered ability remembers of the occurrence that triggered it ("that player", "that
much", "that spell") is a :class:`Seen`, kept on the pending trigger and on the stack item.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar


class EventKind(StrEnum):
    """The kind of an event (each record type below has one) or of an occurrence a :class:`Seen`
    holds. A ``StrEnum``: each member equals its name in a save."""

    ZONE_CHANGE = "zone_change"
    DAMAGE = "damage"
    LIFE_GAIN = "life_gain"
    COUNTERS = "counters"
    MANA = "mana"
    DESTROY = "destroy"
    VOTES_FINISHED = "votes_finished"
    CYCLED = "cycled"
    DRAW = "draw"
    CARD_DRAW = "card_draw"
    GAIN_LIFE = "gain_life"
    LOSE_LIFE = "lose_life"
    TAPPED = "tapped"
    UNTAPPED = "untapped"
    COUNTERS_REMOVED = "counters_removed"
    ATTACHED = "attached"
    UNATTACHED = "unattached"
    CAST = "cast"
    ACTIVATED = "activated"
    STEP = "step"
    ATTACKS = "attacks"
    ATTACKERS_DECLARED = "attackers_declared"
    ATTACKS_ALONE = "attacks_alone"
    BLOCKS = "blocks"
    BECOMES_BLOCKED = "becomes_blocked"
    UNBLOCKED = "unblocked"
    BECOMES_TARGET = "becomes_target"
    TURNED_FACE_UP = "turned_face_up"
    BECOMES_RENOWNED = "becomes_renowned"
    PHASED_OUT = "phased_out"
    PHASED_IN = "phased_in"
    BECOMES_MONSTROUS = "becomes_monstrous"
    EXPLOITED = "exploited"
    EXPLORED = "explored"
    MUTATED = "mutated"
    EXERTED = "exerted"
    MADNESS = "madness"
    TAPPED_FOR_MANA = "tapped_for_mana"
    BECOME_MONARCH = "become_monarch"
    LOSES_GAME = "loses_game"
    TOKENS = "tokens"
    SPELL_COUNTERED = "spell_countered"
    # occurrences that only a Seen names, no event record
    SACRIFICED = "sacrificed"                # a permanent sacrificed for a mana ability's cost
    REMOVED_COUNTERS = "removed_counters"    # counters removed to pay a mana ability's cost
    LAST_TIME_COUNTER = "last_time_counter"  # suspend's last time counter removed (CR 702.62a)
    STATE = "state"                          # a state trigger (CR 603.8)
    MIRACLE = "miracle"                      # a card revealed as it is drawn (CR 702.94a)


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player as what an Aura is attached to (CR 303.4b, 702.5d: "Enchant player"): an
    object's ``attached_to`` is an object id or one of these."""
    index: int


def attachment_data(a: int | PlayerRef | None) -> int | dict | None:
    """What ``attached_to`` is, for a save: an object id, ``{"player": index}`` or None."""
    return {"player": a.index} if isinstance(a, PlayerRef) else a


def attachment_from_data(v) -> int | PlayerRef | None:
    """The ``attached_to`` a save holds (:func:`attachment_data`), checked before by its schema."""
    return PlayerRef(v["player"]) if isinstance(v, dict) else v


# ------------------------------------------------------------------------------ proposals


@dataclass(slots=True)
class ZoneChange:
    """An object moving between zones (CR 400.7). Before the move, replacement effects may change
    where it goes (614.1a, 614.6) and how it enters (614.1c-d, 614.12): tapped, with counters,
    under whose control, as a copy (707.2), with a choice made. After the move, ``obj`` is the new
    object (or None) and ``old`` the object as it last existed (603.10a)."""
    kind: ClassVar[EventKind] = EventKind.ZONE_CHANGE
    obj: int | None
    from_zone: str
    to: str
    controller: int
    owner: int
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    x: int = 0                              # CR 107.3m: X of the spell that becomes the permanent
    riders: tuple = ()                      # CR 106.6: riders of the mana spent on that spell
    chosen: str | None = None               # CR 614.12: a color or type chosen as it enters
    copy: Any = None                        # CR 707.2: the card it enters as a copy of
    copy_asked: bool = False                # whether "enter as a copy" has been chosen or declined
    madness: bool = False                   # CR 702.35a: exiled by madness's replacement
    discarded: bool = False                 # CR 701.9a: the move is a discard (madness's exile too)
    sacrificed: bool = False                # CR 701.21a: the move is a sacrifice
    resolved: bool = False                  # CR 608.2n: an instant or sorcery spell leaving as it resolves
    colors_spent: str = ""                  # CR 601.2h, 702.44a: the colors of mana spent on the spell that enters ("WU")
    exile_instead: str = ""                 # CR 614.15: the card whose own effect exiles it instead
    instead_to: str = "exile"               # ... to exile, "hand", "library_top" or "library_bottom"
    bottom: bool = False                    # put on the bottom of a library (CR 401.1)
    rebound: bool = False                   # CR 702.88a: exiled by rebound's replacement
    pay_life: int = 0                       # CR 614.12a, 119.4: life paid as it enters (Blood Crypt)
    discard_instead: int | None = None      # CR 614.1c: the card discarded so it enters (Mox Diamond)
    old: Any = None                         # the object as it last existed (603.10a)
    attached: tuple[int, ...] = ()          # what was attached to it as it left (603.10a)
    shuffle: bool = False                   # CR 614.6: shuffled into its owner's library instead
    attach: int | PlayerRef | None = None   # CR 303.4f: what an Aura not cast will enchant
    devoured: tuple[int, ...] = ()          # CR 702.82a: creatures sacrificed as it enters
    gains: tuple[str, ...] = ()             # CR 702.136a: keywords it has from entering (riot's haste)
    designations: tuple[str, ...] = ()      # CR 702.104b: "tribute paid" as it entered
    played: bool = False                    # CR 305.1: a land played, the special action


@dataclass(slots=True)
class DamageAmount:
    """Damage a source is about to deal to one recipient (CR 120.2), which replacement and
    prevention effects may change (CR 614.1a, 615)."""
    kind: ClassVar[EventKind] = EventKind.DAMAGE
    amount: int
    spent: str | None = None    # a counter kind a prevention of the recipient's own asks for (Phantom Centaur)
    gains: list = field(default_factory=list)   # (player, life, shield's source) owed by preventions (CR 615.5)
    counters_owed: list = field(default_factory=list)   # (object, n, why, kind): counters put after the event
    redirected: list = field(default_factory=list)  # (recipient, damage) dealt to another instead (CR 614.9)


@dataclass(slots=True)
class LifeGain:
    """Life a player is about to gain (CR 119.3), which replacement effects may change
    (CR 614.1a, 119.10); ``lose``: life the player loses instead."""
    kind: ClassVar[EventKind] = EventKind.LIFE_GAIN
    player: int
    amount: int
    lose: int = 0


@dataclass(slots=True)
class CounterPlacement:
    """Counters about to be put on a permanent (CR 122.1), which effects such as Hardened Scales
    may change (CR 614.1a)."""
    kind: ClassVar[EventKind] = EventKind.COUNTERS
    obj: int
    counters: dict[str, int]
    by_effect: bool = True     # put by an effect, not by a cost or a turn-based action


@dataclass(slots=True)
class TokenCreation:
    """Tokens an effect is about to create under ``controller``'s control (CR 111.1), which
    effects such as Anointed Procession may change (CR 614.1a)."""
    kind: ClassVar[EventKind] = EventKind.TOKENS
    controller: int
    count: int


@dataclass(slots=True)
class ManaProduction:
    """Mana a source is about to add (CR 106.12b: effects that replace it)."""
    kind: ClassVar[EventKind] = EventKind.MANA
    mana: tuple[str, ...]


@dataclass(slots=True)
class Destruction:
    """A permanent about to be destroyed (CR 701.8a), which a regeneration shield (CR 701.19a,
    614.8) or an Aura's umbra armor (CR 702.89a) replaces."""
    kind: ClassVar[EventKind] = EventKind.DESTROY
    obj: int
    regenerated_by: str = ""                 # the shield's source once one has applied
    armor: int | None = None                 # the Aura with umbra armor destroyed instead


# ------------------------------------------------------------------------------ occurrences


@dataclass(slots=True)
class VotesFinished:
    """CR 701.38a: the players finished voting; ``votes`` is (voter, choice) for each vote cast."""
    kind: ClassVar[EventKind] = EventKind.VOTES_FINISHED
    votes: tuple


@dataclass(slots=True)
class LostGame:
    """CR 104.3, 800.4a: ``player`` lost the game (conceding included, 104.3a) and leaves it."""
    kind: ClassVar[EventKind] = EventKind.LOSES_GAME
    player: int


@dataclass(slots=True)
class Cycled:
    """CR 702.29c: a player discarded a card to pay a cycling cost; ``obj`` is the card where it
    wound up (its abilities that trigger on being cycled work from there)."""
    kind: ClassVar[EventKind] = EventKind.CYCLED
    player: int
    obj: int | None
    x: int | None = None     # the X of the cycling cost ({X}{1}{U}), for "When you cycle ~" (CR 107.3e)


@dataclass(slots=True)
class Drew:
    """CR 121.1: a player drew a card (each card is its own event, 121.2)."""
    kind: ClassVar[EventKind] = EventKind.DRAW
    player: int
    obj: int


@dataclass(slots=True)
class CardDraw:
    """CR 121.1, 614.1a: a player about to draw one card; a dredge ability may replace the draw
    (CR 702.52a), and ``dredge`` is then the card in their graveyard whose ability does."""
    kind: ClassVar[EventKind] = EventKind.CARD_DRAW
    player: int
    dredge: int | None = None
    replaced: object = None         # the DrawReplacement record used instead (CR 614.11)
    wins: int | None = None         # the permanent whose ability makes the player win instead


@dataclass(slots=True)
class LifeGained:
    """CR 119.3, 119.9: a player gained life."""
    kind: ClassVar[EventKind] = EventKind.GAIN_LIFE
    player: int
    amount: int
    source: int | None


@dataclass(slots=True)
class LifeLost:
    """CR 119.3, 120.3a: a player lost life."""
    kind: ClassVar[EventKind] = EventKind.LOSE_LIFE
    player: int
    amount: int
    source: int | None


@dataclass(slots=True)
class DamageDealt:
    """Damage dealt at once (CR 120.2, 510.2: all combat damage is one event). ``dealt`` holds
    (source id, recipient, amount, source's controller) per assignment, recipient an object id or
    a player ref "p0"; ``sources`` the sources as they were when they dealt it (CR 603.10)."""
    kind: ClassVar[EventKind] = EventKind.DAMAGE
    combat: bool
    dealt: tuple[tuple[int, Any, int, int], ...]
    sources: dict[int, Any]


@dataclass(slots=True)
class Tapped:
    """CR 701.26a."""
    kind: ClassVar[EventKind] = EventKind.TAPPED
    obj: int


@dataclass(slots=True)
class Untapped:
    """CR 701.26b."""
    kind: ClassVar[EventKind] = EventKind.UNTAPPED
    obj: int


@dataclass(slots=True)
class CountersPut:
    """CR 122.1: counters were put on a permanent."""
    kind: ClassVar[EventKind] = EventKind.COUNTERS
    obj: int
    counter: str
    amount: int


@dataclass(slots=True)
class CountersRemoved:
    """CR 122.1, 118.3: counters were removed from a permanent."""
    kind: ClassVar[EventKind] = EventKind.COUNTERS_REMOVED
    obj: int
    counter: str
    amount: int


@dataclass(slots=True)
class Attached:
    """CR 701.3a: an Aura, Equipment or Fortification became attached to an object."""
    kind: ClassVar[EventKind] = EventKind.ATTACHED
    obj: int
    onto: int | PlayerRef


@dataclass(slots=True)
class Unattached:
    """CR 701.3d: an Aura, Equipment or Fortification became unattached from an object."""
    kind: ClassVar[EventKind] = EventKind.UNATTACHED
    obj: int
    was: int | PlayerRef


@dataclass(slots=True)
class SpellCast:
    """CR 601.2i: a spell became cast; ``item`` is its stack item."""
    kind: ClassVar[EventKind] = EventKind.CAST
    player: int
    obj: int
    item: int


@dataclass(slots=True)
class AbilityActivated:
    """CR 602.2b, 601.2i: an activated ability that isn't a mana ability became activated; ``obj`` is
    its source, ``item`` its stack item; ``old``: the source as it was, when paying the cost
    took it away (CR 608.2h)."""
    kind: ClassVar[EventKind] = EventKind.ACTIVATED
    player: int
    obj: int
    item: int
    old: Any = None


@dataclass(slots=True)
class StepBegan:
    """CR 500.1, 603.2: a step began (the "at the beginning of" triggers)."""
    kind: ClassVar[EventKind] = EventKind.STEP
    step: str
    player: int


@dataclass(slots=True)
class Attacked:
    """CR 508.1, 508.3a: a creature was declared as an attacker."""
    kind: ClassVar[EventKind] = EventKind.ATTACKS
    obj: int
    player: int


@dataclass(slots=True)
class AttackersDeclared:
    """CR 508.1, 603.2c: the attackers of one declaration, for "whenever one or more creatures
    attack", which triggers once for all of them."""
    kind: ClassVar[EventKind] = EventKind.ATTACKERS_DECLARED
    player: int
    objs: tuple[int, ...]


@dataclass(slots=True)
class AttackedAlone:
    """CR 506.5: a creature attacks alone."""
    kind: ClassVar[EventKind] = EventKind.ATTACKS_ALONE
    obj: int
    player: int


@dataclass(slots=True)
class Blocked:
    """CR 509.1, 509.3: a creature was declared as a blocker."""
    kind: ClassVar[EventKind] = EventKind.BLOCKS
    obj: int
    player: int


@dataclass(slots=True)
class BecameBlocked:
    """CR 509.1h, 509.3c: an attacking creature became blocked, by ``blockers``."""
    kind: ClassVar[EventKind] = EventKind.BECOMES_BLOCKED
    obj: int
    player: int
    blockers: tuple[int, ...]


@dataclass(slots=True)
class Unblocked:
    """CR 509.1h, 509.3g: an attacking creature had no creature declared as a blocker for it."""
    kind: ClassVar[EventKind] = EventKind.UNBLOCKED
    obj: int
    player: int


@dataclass(slots=True)
class BecameTarget:
    """CR 115.1, 702.21a: a permanent became the target of a spell or ability (stack ``item``)."""
    kind: ClassVar[EventKind] = EventKind.BECOMES_TARGET
    obj: int
    item: int
    player: int


@dataclass(slots=True)
class TurnedFaceUp:
    """CR 702.37e, 708.8: a face-down permanent was turned face up."""
    kind: ClassVar[EventKind] = EventKind.TURNED_FACE_UP
    obj: int
    player: int


@dataclass(slots=True)
class BecameRenowned:
    """CR 702.112b: a permanent became renowned."""
    kind: ClassVar[EventKind] = EventKind.BECOMES_RENOWNED
    obj: int
    player: int


@dataclass(slots=True)
class PhasedOut:
    """CR 702.26b: a permanent phased out (directly or with what it is attached to, 702.26g);
    its own "whenever ~ phases out" looks back in time (CR 603.10b)."""
    kind: ClassVar[EventKind] = EventKind.PHASED_OUT
    obj: int


@dataclass(slots=True)
class PhasedIn:
    """CR 702.26c: a permanent phased in."""
    kind: ClassVar[EventKind] = EventKind.PHASED_IN
    obj: int


@dataclass(slots=True)
class BecameMonstrous:
    """CR 701.37b: a permanent became monstrous; ``x``: the X of its "monstrosity X" (CR 701.37c)."""
    kind: ClassVar[EventKind] = EventKind.BECOMES_MONSTROUS
    obj: int
    player: int
    x: int | None = None


@dataclass(slots=True)
class Exploited:
    """CR 702.110b: the permanent ``obj`` exploited a creature (its controller sacrificed
    ``victim`` as its exploit ability resolved); ``old`` is ``obj`` as it last existed when it
    sacrificed itself (CR 603.10a)."""
    kind: ClassVar[EventKind] = EventKind.EXPLOITED
    obj: int
    player: int
    victim: int
    old: Any = None


@dataclass(slots=True)
class Explored:
    """CR 701.44b: the permanent ``obj`` explored; ``explorer`` is it as it explored, its last
    known information if it had left the battlefield (CR 701.44c)."""
    kind: ClassVar[EventKind] = EventKind.EXPLORED
    obj: int
    explorer: Any = None


@dataclass(slots=True)
class Mutated:
    """CR 702.140d: a mutating creature spell merged with the permanent ``obj``, controlled by
    ``player``."""
    kind: ClassVar[EventKind] = EventKind.MUTATED
    obj: int
    player: int


@dataclass(slots=True)
class SpellCountered:
    """CR 701.6a: a spell or ability ``player`` controls countered the spell ``item``."""
    kind: ClassVar[EventKind] = EventKind.SPELL_COUNTERED
    item: int
    player: int


@dataclass(slots=True)
class Exerted:
    """CR 701.43a: ``player`` exerted a permanent."""
    kind: ClassVar[EventKind] = EventKind.EXERTED
    obj: int
    player: int


@dataclass(slots=True)
class ExiledWithMadness:
    """CR 702.35a: a discarded card was exiled by madness (its cast trigger sees this)."""
    kind: ClassVar[EventKind] = EventKind.MADNESS
    obj: int
    player: int


@dataclass(slots=True)
class TappedForMana:
    """CR 106.12a: a permanent was tapped for mana."""
    kind: ClassVar[EventKind] = EventKind.TAPPED_FOR_MANA
    obj: int
    mana: tuple[str, ...]
    player: int


@dataclass(slots=True)
class BecameMonarch:
    """CR 724.3: a player became the monarch."""
    kind: ClassVar[EventKind] = EventKind.BECOME_MONARCH
    player: int


Event = (ZoneChange | Drew | LifeGained | LifeLost | DamageDealt | Tapped | Untapped | CountersPut
         | CountersRemoved | SpellCast | StepBegan | Attacked | AttackersDeclared | AttackedAlone | Blocked | BecameBlocked | Unblocked
         | BecameTarget | TurnedFaceUp | BecameRenowned | BecameMonstrous | Exploited | Explored | Mutated | Exerted | SpellCountered | ExiledWithMadness | TappedForMana
         | BecameMonarch | Cycled | AbilityActivated | Attached | Unattached | VotesFinished | PhasedOut | PhasedIn | LostGame)


# ------------------------------------------------------------------------------ what a trigger saw


@dataclass(frozen=True, slots=True)
class Seen:
    """What a triggered ability (or an ability about to resolve) knows of the occurrence behind it
    (CR 603.2c, 603.7c, 603.10, 608.2h). Each field has one meaning; unset fields are None."""
    kind: EventKind | None = None            # the kind of the occurrence, None when none
    obj: int | None = None                   # the object it happened to (the new one after a move)
    player: int | None = None                # the player it happened to, or who acted
    amount: int | None = None                # life, damage or counters
    controller: int | None = None            # the controller of the object (damage source), as it was
    from_zone: str | None = None
    to: str | None = None
    step: str | None = None
    item: int | None = None                  # the stack item (a spell cast, a targeting spell)
    mana: tuple[str, ...] | None = None      # the mana a permanent was tapped for
    counters: dict | None = None             # counters the object had as it last existed
    name: str | None = None                  # its name as it last existed (603.10a)
    old: int | None = None                   # its id before the move
    cast_costs: tuple[str, ...] | None = None   # CR 400.7d: how the spell that became it was cast
    combat: bool | None = None
    dealt: tuple | None = None               # (source, recipient, amount, controller) per assignment
    attacker: int | None = None              # flanking: the attacker a blocker blocked
    frozen: tuple | None = None              # CR 603.7c: what a delayed ability refers to
    created: tuple | None = None             # CR 603.7c, 111.1: the tokens its "it" names
    encoded: int | None = None               # cipher: the card encoded on the creature
    mana_value: int | None = None            # the spell cast's mana value (cascade, "that spell's")
    spells_before: int | None = None         # storm: spells cast before it this turn (CR 702.40a)
    cast_x: int | None = None                # storm: the spell's X, modes and targets as it was cast
    cast_modes: tuple[int, ...] | None = None
    cast_targets: tuple | None = None
    defender: Any = None                     # who or what an attacking creature attacks
    planeswalker: int | None = None          # ninjutsu: the planeswalker it attacked (CR 702.49c)
    sacrificed_could_produce: tuple[str, ...] | None = None   # Squandered Resources' look-back
    attached_to: int | PlayerRef | None = None    # what a sacrificed Aura enchanted (CR 608.2h)
    last_known: dict | None = None           # power, toughness, mana value as it left (608.2h)
    x: int | None = None                     # the X of the ability a reflexive one comes from (CR 603.12, 107.3n)
    sacrificed: dict | None = None           # the same of the permanent sacrificed for the cost
    source_power: int | None = None          # the ability's source's power as it left (mentor, 702.134a)
    votes: tuple | None = None               # (voter, choice) for each vote of a vote that ended (CR 701.38)
    colors_spent: str | None = None          # the colors of mana spent to cast what entered (CR 601.2h)
    copiable: dict | None = None             # the face of the copiable values of what entered (CR 707.2, 608.2h)

    def to_data(self) -> dict:
        """The set fields, for a save."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}
        if type(self.attached_to) is PlayerRef:
            out["attached_to"] = attachment_data(self.attached_to)
        return out

    @classmethod
    def from_data(cls, data: dict, where: str) -> Seen:
        """A record from a save; lists become the tuples the record holds."""
        names = SEEN_FIELDS
        extra = data.keys() - names
        if extra:
            raise ValueError(f"{where}: unknown field {sorted(extra)[0]!r}")
        values = {}
        for k, v in data.items():
            if k == "kind":             # a save of an older format writes "" for none
                if v and v not in EVENT_KINDS:
                    raise ValueError(f"{where}: unknown event kind {v!r}")
                v = EventKind(v) if v else None
            elif k in ("mana", "cast_costs", "sacrificed_could_produce", "created", "cast_modes") and isinstance(v, list):
                v = tuple(v)
            elif k == "attached_to":
                v = attachment_from_data(v)
            elif k in ("dealt", "frozen", "cast_targets", "votes") and isinstance(v, list):
                v = tuple(tuple(g) if isinstance(g, list) else g for g in v)
            values[k] = v
        return cls(**values)


SEEN_FIELDS = frozenset(f.name for f in fields(Seen))
EVENT_KINDS = frozenset(k.value for k in EventKind)
NOTHING = Seen()      # what an ability that no occurrence triggered knows of one
