"""The game state: objects, players, zones and the stack (CR 108-110, 400-408).

Everything here is plain data with ``__slots__``: cheap to copy (a game is copied at every
decision, see :mod:`manastack.engine.runner`) and straightforward to save as JSON.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import NamedTuple

from manastack.cards import CardDef
from manastack.rng import Rng

from .zones import Zone
from .abilities import ability_at
from .effect_records import Effect
from .event_types import PlayerRef, Seen

# CR 708.2a: what a face-down spell or permanent is, a 2/2 creature with no name, text, subtypes or
# mana cost (engine.mechanics.morph turns cards face down)
FACE_DOWN = CardDef.from_face({"name": "Face-down creature", "type": "Creature", "types": ["Creature"],
                               "power": "2", "toughness": "2", "text": ""})

_new_obj = object.__new__


class Step(StrEnum):
    """The steps of a turn, in order (CR 500.1; the main phases, which have no steps, as
    ``main1`` and ``main2``; ``first_strike_damage`` is the extra combat damage step of
    CR 510.4). A ``StrEnum``, like :class:`Zone`."""

    UNTAP = "untap"                                  # CR 502
    UPKEEP = "upkeep"                                # CR 503
    DRAW = "draw"                                    # CR 504
    MAIN1 = "main1"                                  # CR 505
    BEGINNING_OF_COMBAT = "beginning_of_combat"      # CR 507
    DECLARE_ATTACKERS = "declare_attackers"          # CR 508
    DECLARE_BLOCKERS = "declare_blockers"            # CR 509
    FIRST_STRIKE_DAMAGE = "first_strike_damage"      # CR 510.4
    COMBAT_DAMAGE = "combat_damage"                  # CR 510
    END_OF_COMBAT = "end_of_combat"                  # CR 511
    MAIN2 = "main2"                                  # CR 505
    END = "end"                                      # CR 513
    CLEANUP = "cleanup"                              # CR 514


class Phased(IntEnum):
    """A permanent's phasing status (CR 110.5, 702.26): phased in (false), or phased out
    directly or indirectly, along with what it is attached to (CR 702.26g), which decides how it
    phases in again."""

    IN = 0
    DIRECTLY = 1
    INDIRECTLY = 2


class ItemKind(StrEnum):
    """What a :class:`StackItem` is (CR 405.1, 113.1a). A ``StrEnum``, like :class:`Zone`."""

    SPELL = "spell"
    ACTIVATED = "activated"
    TRIGGERED = "triggered"


ZONES = tuple(Zone)
# Objects in these zones are hardly ever changed: a card leaving one becomes a new object
# (CR 400.7). Copies of a state share every object but spells on the stack; a permanent (or a
# card in exile with time counters) is copied only when one of the states is about to change it
# (State.own).
SHARED_ZONES = frozenset((Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.COMMAND))

def attached_object(o: "Obj") -> int | None:
    """The id of the object ``o`` is attached to, or None (not attached, or to a player)."""
    a = o.attached_to
    return a if isinstance(a, int) else None


def enchanted_player(o: "Obj | None") -> int | None:
    """The index of the player the Aura ``o`` enchants, or None (CR 303.4b)."""
    a = o.attached_to if o is not None else None
    return a.index if type(a) is PlayerRef else None


# Designations of an exiled card that an ability of a permanent exiled, whose ``attached_to``
# then names that permanent: it is "the exiled card" of the permanent's linked ability
# (CR 607.2a), or it returns when the permanent leaves the battlefield (CR 610.3).
EXILED_WITH = "exiled with"
EXILED_UNTIL = "exiled until it leaves"
EXILED_FROM_HAND = "exiled from a hand"     # with EXILED_UNTIL: it returns to its owner's hand (CR 610.3)
# CR 702.55b: a card exiled by haunt haunts the creature its haunt ability targeted, by the id
# that creature had then (kept in the card's ``attached_to``, engine.events.link_exiled)
HAUNTING = "haunting"


class Obj:
    """A card, token or copy in some zone (CR 109). Permanent status lives here too
    (CR 110.5: tapped, and the rest of the status we track)."""

    __slots__ = ("id", "card", "owner", "controller", "zone", "tapped", "control_since",
                 "damage", "counters", "attached_to", "is_token", "timestamp", "attacking",
                 "blocking", "blocked", "deathtouched", "cast_x", "chosen", "token_face", "printed",
                 "cast_costs", "activated", "designations", "merged", "phased_out", "default_controller")

    def __init__(self, oid: int, card: CardDef, owner: int, zone: str) -> None:
        self.id = oid
        self.card = card
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        self.control_since = 0
        self.damage = 0
        self.counters: dict[str, int] = {}
        self.attached_to: int | PlayerRef | None = None   # an object id, or a player (CR 303.4b)
        self.is_token = False
        self.timestamp = 0
        self.attacking: int | None = None   # the player attacked (CR 506.3)
        self.blocking: tuple[int, ...] = ()  # attackers this creature blocks
        self.blocked = False                 # CR 509.1h: stays blocked once blocked
        self.deathtouched = False            # CR 704.5h
        self.cast_x = 0                      # CR 107.3m: X of the spell that became it
        self.chosen: str | None = None       # a chosen color, type or mode
        self.token_face: dict | None = None
        self.printed: CardDef | None = None  # its own card while it is a copy (CR 707.2)
        # CR 601.2b, 400.7d: the optional and alternative costs announced for the spell that is
        # or became this object, one name each time ("kicker", "buyback", "flashback"); "unearth"
        # for a permanent an unearth ability returned (CR 702.84a)
        self.cast_costs: tuple[str, ...] = ()
        # "turn:ability index" and "turn:loyalty" for the abilities activated this turn, read
        # by "Activate only once each turn" and loyalty abilities (CR 602.5b, 606.3)
        self.activated: tuple[str, ...] = ()
        # designations a permanent keeps until it leaves the battlefield: "renowned" (CR 702.112b),
        # "monstrous" (CR 701.37b), and "tribute paid", how it entered (CR 702.104b); a new object
        # has none (CR 400.7)
        self.designations: tuple[str, ...] = ()
        # a merged permanent's components, topmost first (CR 729.2; merged.Component); empty
        # when it isn't merged. Its ``card`` is then their merged definition (merged.merged_card).
        self.merged: tuple = ()
        # CR 702.26b: phased out, it stays on the battlefield but is treated as though it doesn't
        # exist: State.battlefield leaves it out, State.phased_out lists it
        self.phased_out = Phased.IN
        # CR 110.2, 110.2a: the player who put it onto the battlefield under their control when
        # that isn't its owner ("under your control", Reanimate); None: its owner. Control
        # effects start from this player (layer 2) and give it back to them as they end.
        self.default_controller: int | None = None

    def copy(self) -> "Obj":
        # Spelled out: this is the hottest path of copying a game (every field, no loop).
        o = _new_obj(Obj)
        o.id = self.id
        o.card = self.card
        o.owner = self.owner
        o.controller = self.controller
        o.zone = self.zone
        o.tapped = self.tapped
        o.control_since = self.control_since
        o.damage = self.damage
        o.counters = dict(self.counters) if self.counters else {}
        o.attached_to = self.attached_to
        o.is_token = self.is_token
        o.timestamp = self.timestamp
        o.attacking = self.attacking
        o.blocking = self.blocking
        o.blocked = self.blocked
        o.deathtouched = self.deathtouched
        o.cast_x = self.cast_x
        o.chosen = self.chosen
        o.token_face = self.token_face
        o.printed = self.printed
        o.cast_costs = self.cast_costs
        o.activated = self.activated
        o.designations = self.designations
        o.merged = self.merged
        o.phased_out = self.phased_out
        o.default_controller = self.default_controller
        return o

    @property
    def name(self) -> str:
        return self.card.name

    def __repr__(self) -> str:
        return f"<{self.card.name}#{self.id} {self.zone}>"


class Player:
    """A player (CR 102) and the zones they own (CR 400.2)."""

    __slots__ = ("index", "name", "life", "library", "hand", "graveyard", "exile", "pool",
                 "lands_played", "lost", "loss_reason", "drew_from_empty", "last_turn_start",
                 "poison", "mulligans", "kept", "life_gained_this_turn", "spells_cast_this_turn", "creature_spells_cast_this_turn",
                 "searched_library_this_turn", "discarded_this_turn",
                 "special_mana", "previous_turn_start", "dealt_damage_this_turn", "spells_cast_last_turn",
                 "command", "energy", "drawn_this_turn", "life_lost_this_turn",
                 "combat_damage_types", "attacked_this_turn", "creatures_died_this_turn",
                 "permanents_left_this_turn", "entered_this_turn", "city_blessing",
                 "commanders", "commander_identity", "commander_casts", "commander_damage", "commander_left",
                 "spells_cast_this_game")

    def __init__(self, index: int, name: str, life: int = 20) -> None:
        self.index = index
        self.name = name
        self.life = life
        self.library: list[int] = []   # top of library is the end of the list
        self.hand: list[int] = []
        self.graveyard: list[int] = []  # newest last
        self.exile: list[int] = []
        self.pool: dict[str, int] = {}
        self.special_mana: tuple = ()   # mana with a restriction or rider (CR 106.6), one each
        self.lands_played = 0
        self.lost = False
        self.loss_reason = ""
        self.drew_from_empty = False
        self.last_turn_start = 0        # turn number of this player's most recent turn
        self.previous_turn_start = 0    # and of the one before it (0: none)
        self.poison = 0
        self.energy = 0                 # energy counters (CR 122.1, 107.14)
        self.mulligans = 0
        self.kept = False
        self.life_gained_this_turn = 0
        self.spells_cast_this_turn = 0  # CR 601.2i: spells that became cast (Damping Sphere)
        self.creature_spells_cast_this_turn = 0   # those of them that were creature spells (Vengevine)
        self.searched_library_this_turn = 0   # times this player searched their own library (CR 701.23; Archive Trap)
        self.discarded_this_turn = 0    # cards this player discarded this turn, cycled ones too (CR 701.9a, 702.29a)
        self.dealt_damage_this_turn = False   # bloodthirst (CR 702.54a)
        self.spells_cast_last_turn = 0  # and during the previous turn (the werewolves, CR 603.4)
        self.spells_cast_this_game = 0  # and during the whole game (Once Upon a Time)
        self.command: list[int] = []    # the emblems this player owns, in the command zone (CR 114.2)
        self.drawn_this_turn = 0        # cards drawn this turn (miracle, CR 702.94a)
        self.life_lost_this_turn = 0    # life lost this turn, paid life included (spectacle, CR 702.137a)
        # the creature types of the sources this player controlled that dealt combat damage to a
        # player this turn, "*" for one with every creature type (prowl, CR 702.76a)
        self.combat_damage_types: tuple[str, ...] = ()
        self.attacked_this_turn = False     # declared an attacker this turn (raid, CR 508.1)
        self.creatures_died_this_turn = 0   # creatures this player controlled that died (morbid, CR 700.4)
        self.permanents_left_this_turn = 0  # permanents this player controlled that left the battlefield (revolt)
        # the permanents that entered under this player's control this turn, each as its id and
        # card types as it entered (landfall's "if you had a land enter ...")
        self.entered_this_turn: tuple[tuple[int, tuple[str, ...]], ...] = ()
        self.city_blessing = False          # kept for the rest of the game once gotten (ascend, CR 702.131)
        # Commander (CR 903, engine/commanders.py): the names of this player's commanders
        # (CR 903.3) and their color identity, established before the game began (CR 903.4a);
        # (name, times cast from the command zone) for commander tax (CR 903.8); (owner,
        # commander name, combat damage) dealt to this player by each commander (CR 903.10a);
        # ids of this player's commanders in a graveyard or exile whose move to the command zone
        # was declined (CR 704.6d)
        self.commanders: tuple[str, ...] = ()
        self.commander_identity = ""
        self.commander_casts: tuple[tuple[str, int], ...] = ()
        self.commander_damage: tuple[tuple[int, str, int], ...] = ()
        self.commander_left: tuple[int, ...] = ()

    def copy(self) -> "Player":
        # Spelled out, like Obj.copy: two players are copied at every move.
        p = _new_obj(Player)
        p.index = self.index
        p.name = self.name
        p.life = self.life
        p.library = self.library[:]
        p.hand = self.hand[:]
        p.graveyard = self.graveyard[:]
        p.exile = self.exile[:]
        p.pool = self.pool.copy()
        p.special_mana = self.special_mana
        p.lands_played = self.lands_played
        p.lost = self.lost
        p.loss_reason = self.loss_reason
        p.drew_from_empty = self.drew_from_empty
        p.last_turn_start = self.last_turn_start
        p.previous_turn_start = self.previous_turn_start
        p.poison = self.poison
        p.energy = self.energy
        p.mulligans = self.mulligans
        p.kept = self.kept
        p.life_gained_this_turn = self.life_gained_this_turn
        p.spells_cast_this_turn = self.spells_cast_this_turn
        p.creature_spells_cast_this_turn = self.creature_spells_cast_this_turn
        p.searched_library_this_turn = self.searched_library_this_turn
        p.discarded_this_turn = self.discarded_this_turn
        p.dealt_damage_this_turn = self.dealt_damage_this_turn
        p.spells_cast_last_turn = self.spells_cast_last_turn
        p.spells_cast_this_game = self.spells_cast_this_game
        p.command = self.command[:]
        p.drawn_this_turn = self.drawn_this_turn
        p.life_lost_this_turn = self.life_lost_this_turn
        p.combat_damage_types = self.combat_damage_types
        p.attacked_this_turn = self.attacked_this_turn
        p.creatures_died_this_turn = self.creatures_died_this_turn
        p.permanents_left_this_turn = self.permanents_left_this_turn
        p.entered_this_turn = self.entered_this_turn
        p.city_blessing = self.city_blessing
        p.commanders = self.commanders
        p.commander_identity = self.commander_identity
        p.commander_casts = self.commander_casts
        p.commander_damage = self.commander_damage
        p.commander_left = self.commander_left
        return p

    def zone(self, name: str) -> list[int]:
        return getattr(self, name)


class StackItem:
    """A spell or ability on the stack (CR 405, 113.1a).

    ``ability`` is an IR ability node; ``targets`` holds, per target spec, the chosen
    object ids and player references ("p0"/"p1"); ``event`` carries what the trigger saw.
    """

    __slots__ = ("id", "kind", "source", "controller", "card", "index", "targets", "x", "modes",
                 "event", "label", "paid", "riders", "division")

    def __init__(self, sid: int, kind: str, source: int, controller: int, card, index: int,
                 label: str) -> None:
        self.id = sid
        self.kind = kind            # an ItemKind: a spell, an activated or a triggered ability
        self.source = source        # the spell's own object, or the ability's source
        self.controller = controller
        self.card = card            # the source's card, kept after the source leaves (CR 113.7a)
        self.index = index          # which of the card's abilities this is
        self.targets: list[list] = []
        self.x = 0
        self.modes: tuple[int, ...] = ()
        self.event: Seen | None = None    # what a triggered ability saw (CR 603.2c)
        self.label = label
        self.paid: dict = {}
        self.riders: tuple = ()     # (rider, source) per mana spent with one (CR 106.6a)
        self.division: tuple[tuple[int, ...], ...] = ()   # per target phrase, the amount each target gets (CR 601.2d)

    @property
    def ability(self):
        """The IR ability; a triggered keyword (ward, prowess, ...) as its triggered form, and a
        negative index as a reflexive ability (CR 603.12). A permanent spell has none (-1)."""
        if self.index < 0 and self.kind == ItemKind.SPELL:
            return None
        return ability_at(self.card, self.index)

    def copy(self) -> "StackItem":
        s = StackItem.__new__(StackItem)
        for name in StackItem.__slots__:
            setattr(s, name, getattr(self, name))
        s.targets = [list(t) for t in self.targets]
        return s


class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.3)."""

    __slots__ = ("source", "card", "ability_index", "controller", "event", "count", "why", "label")

    def __init__(self, source, card, ability_index, controller, event, count, why, label) -> None:
        self.source = source
        self.card = card  # kept so look-back triggers work after the source left (CR 603.10)
        self.ability_index = ability_index
        self.controller = controller
        self.event = event
        self.count = count
        self.why = why
        self.label = label


class LogEntry(NamedTuple):
    """One line of the game log: what happened and the rules that say so. A tuple, so that a
    save writes and reads the log (most of a save) without a loop in Python."""

    turn: int
    step: str
    text: str
    rules: tuple[str, ...]
    kind: str

    def render(self) -> str:
        cr = f"  [CR {', '.join(self.rules)}]" if self.rules else ""
        return f"T{self.turn} {self.step:<16} {self.text}{cr}"


@dataclass(frozen=True)
class Result:
    """How the game ended (CR 104): the winner (None for a draw) and why."""

    winner: int | None
    reason: str
    turn: int

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": self.reason, "turn": self.turn}


class State:
    """Everything that makes up one moment of a game."""

    __slots__ = ("players", "objs", "battlefield", "stack", "next_id", "turn", "active",
                 "step", "priority", "passes", "rng", "effects", "pending_triggers", "log",
                 "log_len", "result", "stage", "timestamp", "combat", "first_player",
                 "starting_hand", "events_seen", "trigger_counts", "db", "layer_cache", "static_cache",
                 "settled", "version", "facts_cache", "monarch", "next_turns", "cow", "log_listed", "variant",
                 "left", "phased_out", "influence", "reach")

    def __init__(self, names: "tuple[str, ...] | list[str]", db, seed: int) -> None:
        # seated in turn order (CR 101.4, 103.1): player i's turn is followed by player i + 1's
        self.players = [Player(i, name) for i, name in enumerate(names)]
        self.objs: dict[int, Obj] = {}
        # a tuple, replaced (never changed) when a permanent enters or leaves: facts about the
        # board are cached against it (see layers.changers), and copies share it
        self.battlefield: tuple[int, ...] = ()
        # the permanents phased out (CR 702.26b): on the battlefield (their zone says so) but
        # not in ``battlefield``, so that whatever looks at the battlefield doesn't see them
        self.phased_out: tuple[int, ...] = ()
        self.stack: list[StackItem] = []
        self.next_id = 1
        self.turn = 0
        self.active = 0
        self.step = "setup"
        self.priority = 0
        self.passes = 0
        self.rng = Rng(seed)
        self.effects: list[Effect] = []
        self.pending_triggers: list[PendingTrigger] = []
        self.log: tuple | None = None      # a linked list (entry, previous): O(1) to copy
        self.log_len = 0
        self.log_listed: tuple | None = None    # (a log node, the entries up to it): see log_entries
        self.result: Result | None = None
        self.stage: tuple = ("start",)
        self.timestamp = 0
        self.combat: dict = {}
        self.first_player = 0
        self.starting_hand = 7
        self.events_seen = 0
        self.trigger_counts: dict[str, int] = {}
        self.db = db
        self.layer_cache: tuple | None = None  # see layers.changers: (battlefield, changers)
        self.static_cache: tuple | None = None  # see continuous.statics: (battlefield, static abilities)
        # True while a player is about to receive priority and state-based actions and
        # triggers were checked with nothing found; cleared once the player answers
        self.settled = False
        # bumped by every change of the game (each log line, and the event road as it changes
        # objects, see events.py): facts about the board are cached against it (see facts())
        self.version = 0
        self.facts_cache: tuple | None = None   # (version, number of effects, {key: fact})
        self.monarch: int | None = None    # the player who is the monarch (CR 724.1)
        # CR 500.7: the players whose turns come next, in order, once extra turns were added; the
        # players alternate again after the last (empty: they alternate)
        self.next_turns: tuple[int, ...] = ()
        # the players who have left the game, in the order they left (CR 800.4a); a player who
        # lost is one of them once the game goes on without them
        self.left: tuple[int, ...] = ()
        # copy on write: the objects as they were when this state was last copied (or it was
        # copied from another), shared with that other state; see own()
        self.cow: dict[int, Obj] = {}
        self.variant = ""      # "commander" in a Commander game (CR 903, engine/commanders.py)
        # the limited range of influence option (CR 801, engine/influence.py): the range in
        # seats (0: the option is off), or each player's in seat order (CR 801.2a), and each
        # player's players within it as this turn began
        self.influence: int | tuple[int, ...] = 0
        self.reach: tuple[tuple[int, ...], ...] | None = None

    def copy(self) -> "State":
        s = State.__new__(State)
        s.players = [p.copy() for p in self.players]
        # Every object is shared (the spells on the stack aside): both states copy one before
        # they change it (own), when it is still the one recorded here
        s.objs = objs = dict(self.objs)
        self.cow = s.cow = dict(objs)
        for item in self.stack:
            if item.kind == ItemKind.SPELL and item.source in objs:
                objs[item.source] = objs[item.source].copy()
        s.battlefield = self.battlefield
        s.phased_out = self.phased_out
        s.stack = [i.copy() for i in self.stack]
        s.next_id = self.next_id
        s.turn = self.turn
        s.active = self.active
        s.step = self.step
        s.priority = self.priority
        s.passes = self.passes
        s.rng = Rng(self.rng.state)
        s.effects = list(self.effects)
        s.pending_triggers = list(self.pending_triggers)
        s.log = self.log
        s.log_len = self.log_len
        s.log_listed = self.log_listed
        s.result = self.result
        s.stage = self.stage
        s.timestamp = self.timestamp
        s.combat = dict(self.combat)
        s.first_player = self.first_player
        s.starting_hand = self.starting_hand
        s.events_seen = self.events_seen
        s.trigger_counts = dict(self.trigger_counts)
        s.db = self.db
        s.layer_cache = self.layer_cache
        s.static_cache = self.static_cache
        s.monarch = self.monarch
        s.next_turns = self.next_turns
        s.variant = self.variant
        s.left = self.left
        s.influence = self.influence
        s.reach = self.reach
        s.settled = self.settled
        s.version = self.version
        s.facts_cache = self.facts_cache   # shared until either state changes (facts hold ids)
        return s

    def snapshot(self) -> "State":
        """A copy that shares nothing that can be changed: every object is copied too. What
        the public API hands out, so that changing it changes nothing in any game."""
        s = self.copy()
        s.objs = {k: o.copy() for k, o in self.objs.items()}
        s.facts_cache = None    # the caller may change it by hand, without the event road
        return s

    # ---- queries used everywhere

    def in_turn_order(self, first: int) -> tuple[int, ...]:
        """The players still in the game in turn order (seat order, CR 101.4), from ``first``
        (who comes first even when they have left: 800.4j, the rest follow in their seats)."""
        players = self.players
        n = len(players)
        return tuple(j for j in ((first + k) % n for k in range(n)) if j == first or not players[j].lost)

    def apnap(self) -> tuple[int, ...]:
        """CR 101.4: the active player first, then the other players still in the game in turn
        order; a player who has left makes no choices (CR 800.4a)."""
        players = self.players
        a = self.active
        if len(players) == 2:                   # the common case, kept cheap
            return (a, 1 - a) if not players[1 - a].lost else (a,)
        return tuple(p for p in self.in_turn_order(a) if not players[p].lost)

    def next_player(self, player: int) -> int:
        """The next player in turn order after ``player`` who is still in the game (CR 101.4,
        800.4h); ``player`` itself when no other is left."""
        players = self.players
        n = len(players)
        for k in range(1, n):
            j = (player + k) % n
            if not players[j].lost:
                return j
        return player

    def opponents(self, player: int) -> list[int]:
        """``player``'s opponents still in the game: every other player, in a free-for-all
        game (CR 102.2, 102.3, 806.1)."""
        return [p.index for p in self.players if p.index != player and not p.lost]

    def in_game(self) -> list[int]:
        """The players who haven't left the game (CR 800.4)."""
        return [p.index for p in self.players if not p.lost]

    def permanents(self, controller: int | None = None) -> list[Obj]:
        objs = self.objs
        if controller is None:
            return [objs[i] for i in self.battlefield]
        return [objs[i] for i in self.battlefield if objs[i].controller == controller]

    def own(self, oid: int) -> Obj:
        """The object ``oid``, made this state's own before it is changed: objects are shared
        with the states this one was copied from or into (copy on write). Every change of an
        object that may be shared goes through here, and is made on what it returns; an object
        made since the last copy is the state's own already."""
        o = self.objs[oid]
        if self.cow.get(oid) is o:
            o = self.objs[oid] = o.copy()
        return o

    def current(self, o: Obj) -> Obj:
        """``o`` as this state has it now: when ``o`` is a shared original that the state has
        since copied on write (own), its copy; otherwise ``o`` itself (also a view made for a
        moment, or an object as it last existed)."""
        return self.objs.get(o.id, o) if self.cow.get(o.id) is o else o

    def renew(self, o: Obj, zone: str) -> Obj:
        """CR 400.7: ``o`` moves to ``zone`` as a new object with a new id (the caller updates
        the zone lists). Used where a card changes zones without the events of
        :func:`events.move` (drawing, mulligans)."""
        new = Obj(self.next_id, (o.printed or o.card).main, o.owner, zone)
        self.next_id += 1
        del self.objs[o.id]
        self.objs[new.id] = new
        return new

    def new_timestamp(self) -> int:
        self.timestamp += 1
        return self.timestamp

    def add_log(self, text: str, rules: tuple[str, ...] = (), kind: str = "event") -> None:
        self.log = (LogEntry(self.turn, self.step, text, rules, kind), self.log)
        self.log_len += 1
        self.version += 1

    def facts(self) -> dict:
        """Facts about this moment of the game, cached against :attr:`version` (the mana sources
        a player could use, whether state-based actions apply, ...). A new version starts an
        empty record; copies share it until either one changes. Facts name objects by id, never
        hold them: a copy has its own permanents."""
        found = self.facts_cache
        if found is None or found[0] != self.version or found[1] != len(self.effects):
            # (a continuous effect added is a change too, logged only once all are in place)
            found = self.facts_cache = (self.version, len(self.effects), {})
        return found[2]

    def log_entries(self) -> list[LogEntry]:
        """The log, oldest first. The entries up to the node last listed are kept (and shared
        with copies, whose logs grow from the same nodes), so listing again walks only the
        entries added since: a long game's log is listed at every save."""
        listed = self.log_listed
        known = listed[0] if listed is not None else None
        newer = []
        node = self.log
        while node is not None and node is not known:
            newer.append(node[0])
            node = node[1]
        newer.reverse()
        # stopped at a node (the one listed before) or at the start of the log
        entries = (listed[1] + tuple(newer)) if node is not None and listed is not None else tuple(newer)
        self.log_listed = (self.log, entries)
        return list(entries)


def exiled_with(s: State, source: int, until_only: bool = False) -> list[Obj]:
    """The cards in exile linked to the permanent ``source`` (an id it had on the battlefield):
    those exiled "until it leaves" only, or also those its linked abilities remember."""
    out = []
    for p in s.players:
        for i in p.exile:
            o = s.objs[i]
            if o.attached_to == source and o.designations and (
                    EXILED_UNTIL in o.designations or not until_only and EXILED_WITH in o.designations):
                out.append(o)
    return out


def card_named(s: State, name: str):
    """The card a continuous effect names as its source (delayed abilities keep only the
    name, to stay plain data): an object of the game showing it, else the game's card
    database; None when neither has it."""
    for o in s.objs.values():
        if o.card.name == name:
            return o.card
    db = s.db
    return db.get(name) if db is not None and name in db else None
