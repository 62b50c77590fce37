"""Decisions are data (design notes §3): the engine stops at a :class:`Decision` and lists the
legal :class:`Action` answers; an agent, a test or a scenario picks one."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum


class ActionKind(StrEnum):
    """What an :class:`Action` does. A ``StrEnum``: each member equals its string, so actions
    compare, hash and save as before, and ``action.kind == "pass"`` keeps working."""

    # with priority (CR 117.1)
    PASS = "pass"                          # CR 117.3d
    PLAY = "play"                          # CR 305.1: play a land
    PLAY_BACK = "play_back"                # CR 712.12: a modal double-faced card's land back face
    CAST = "cast"                          # CR 601
    CAST_FUSED = "cast_fused"              # CR 702.102
    CAST_HALF = "cast_half"                # CR 709.3, 702.127
    CAST_ADVENTURE = "cast_adventure"      # CR 715.3
    CAST_FACE_DOWN = "cast_face_down"      # CR 702.37c
    TURN_FACE_UP = "turn_face_up"          # CR 116.2b
    SUSPEND = "suspend"                    # CR 116.2f
    ACTIVATE = "activate"                  # CR 602
    MANA = "mana"                          # CR 605.3a: a mana ability
    NINJUTSU = "ninjutsu"                  # CR 702.49
    CONCEDE = "concede"                    # CR 104.3a
    # answers to the other decisions (DecisionKind)
    KEEP = "keep"                          # CR 103.5
    MULLIGAN = "mulligan"
    YES = "yes"
    NO = "no"
    DONE = "done"
    CHOOSE = "choose"
    DECLINE = "decline"
    DEFAULT = "default"
    CANCEL = "cancel"
    TOP = "top"
    BOTTOM = "bottom"
    OVER = "over"
    UNDER = "under"
    GRAVEYARD = "graveyard"
    ORDER = "order"
    MODE = "mode"
    X = "x"
    TARGET = "target"
    PLAYER = "player"
    COLOR = "color"
    PROTECTION = "protection"              # CR 702.16a: the quality of a protection chosen
    CREATURE_TYPE = "creature_type"
    LAND_TYPE = "land_type"
    WORD = "word"                          # CR 612: a word a text change replaces, or the new one
    MANA_TYPE = "mana_type"
    REPLACEMENT = "replacement"            # CR 616.1
    ATTACK = "attack"                      # CR 508.1
    BLOCK = "block"                        # CR 509.1
    ASSIGN = "assign"                      # CR 510.1c
    ENCODE = "encode"                      # CR 702.99a
    VOTE = "vote"                          # CR 701.38a
    NAME = "name"                          # CR 201.3: a card name
    # paying costs (CR 601.2g-h)
    PAY = "pay"
    AUTOPAY = "autopay"
    PAY_POOL = "pay_pool"
    CONVOKE = "convoke"                    # CR 702.51
    DELVE = "delve"                        # CR 702.66
    IMPROVISE = "improvise"                # CR 702.126
    COST_PART = "cost_part"
    SACRIFICE = "sacrifice"
    REMOVE = "remove"
    TAP = "tap"
    UNTAP = "untap"
    ALTERNATIVE = "alternative"            # CR 118.9
    ADDITIONAL_COST = "additional_cost"    # CR 601.2b
    ASSIST_PAY = "assist_pay"              # CR 702.132a
    # optional additional costs, how many times each is paid (CR 601.2b)
    KICKER = "kicker"                      # CR 702.33
    MULTIKICKER = "multikicker"            # CR 702.33c
    BUYBACK = "buyback"                    # CR 702.27
    ENTWINE = "entwine"                    # CR 702.42
    REPLICATE = "replicate"                # CR 702.56
    CONSPIRE = "conspire"                  # CR 702.78


@dataclass(frozen=True, slots=True)
class Action:
    """One legal answer to a decision.

    ``kind`` is an :class:`ActionKind` ("pass", "cast", "activate", "play", "target", "attack",
    "done", "yes", ...); ``args`` are plain ints and strings that identify it, so actions
    compare by value and survive a JSON round trip; ``label`` is for people.
    """

    kind: ActionKind
    args: tuple = ()
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.label or " ".join([self.kind, *map(str, self.args)])

    def to_json(self) -> dict:
        return {"kind": self.kind, "args": list(self.args), "label": self.label}

    @staticmethod
    def from_json(data: dict) -> "Action":
        return Action(ActionKind(data["kind"]), tuple(data.get("args", ())), data.get("label", ""))


class DecisionKind(StrEnum):
    """What a :class:`Decision` asks. A ``StrEnum``: each member equals its string, so
    ``decision.kind == "priority"`` keeps working."""

    PRIORITY = "priority"                    # CR 117: act or pass
    MULLIGAN = "mulligan"                    # CR 103.5: keep or mulligan
    BOTTOM = "bottom"                        # CR 103.5: a card to put on the bottom after a mulligan
    MODES = "modes"                          # CR 601.2b, 700.2
    TARGETS = "targets"                      # CR 601.2c, 603.3d
    NEW_TARGET = "new_target"                # CR 707.10c: a copy's new target
    X = "x"                                  # CR 107.3a, 601.2b
    KICKER = "kicker"                        # CR 702.33: how many times to pay an optional cost
    MULTIKICKER = "multikicker"              # CR 702.33c
    BUYBACK = "buyback"                      # CR 702.27
    ALTERNATIVE_COST = "alternative_cost"    # CR 118.9, 601.2b: evoke, dash, surge or the mana cost
    ENTWINE = "entwine"                      # CR 702.42
    REPLICATE = "replicate"                  # CR 702.56a: how many times to pay it
    CONSPIRE = "conspire"                    # CR 702.78a
    ASSIST = "assist"                        # CR 702.132a: choose another player to help pay
    ASSIST_PAY = "assist_pay"                # CR 702.132a: how much generic mana the helper pays
    PAY = "pay"                              # CR 601.2g-h: mana abilities to activate, or autopay
    TAP_COST = "tap_cost"                    # CR 118.3: a permanent to tap for a cost
    UNTAP_COST = "untap_cost"                # CR 118.3: a permanent to untap for a cost
    SOULBOND = "soulbond"                    # CR 702.95a: the creature to pair a soulbond creature with
    SACRIFICE = "sacrifice"                  # CR 118.3, 701.21: a permanent to sacrifice for a cost
    DISCARD = "discard"                      # CR 701.9: a card to discard
    EXILE_COST = "exile_cost"                # CR 118.3, 118.9: a card to exile from the hand for a cost
    REVEAL_COST = "reveal_cost"              # CR 118.3: a card to reveal from the hand for a cost
    ADDITIONAL_COST = "additional_cost"      # CR 601.2b: which of two additional costs to pay
    RETURN_COST = "return_cost"              # CR 118.3, 118.9: a permanent to return to its owner's hand
    CREW = "crew"                            # CR 702.122a: creatures to tap
    REMOVE_COUNTERS = "remove_counters"      # CR 122: which counters to remove
    CHOOSE_MANA = "choose_mana"              # CR 106.7, 605.3b: the mana an ability adds
    UNLESS = "unless"                        # CR 118.12: pay a cost, or let the effect happen
    MAY = "may"                              # CR 603.5, 608.2d: an optional action
    ATTACKERS = "attackers"                  # CR 508.1
    BLOCKERS = "blockers"                    # CR 509.1
    DAMAGE = "damage"                        # CR 510.1c: combat damage among blockers
    DIVIDE = "divide"                        # CR 601.2d: an amount divided among targets
    ORDER_TRIGGERS = "order_triggers"        # CR 603.3b
    REPLACEMENT_ORDER = "replacement_order"  # CR 616.1
    LEGEND_RULE = "legend_rule"              # CR 704.5j: which legendary permanent to keep
    CHOOSE_COLOR = "choose_color"            # CR 105.1, 614.12
    CHOOSE_PROTECTION = "choose_protection"  # CR 608.2d, 702.16a: "protection from A or from B"
    CHOOSE_CREATURE_TYPE = "choose_creature_type"  # CR 205.3m, 614.12
    CHOOSE_PLAYER = "choose_player"          # CR 614.12: a player chosen as a permanent enters
    CHOOSE_LAND_TYPE = "choose_land_type"    # CR 305.6, 608.2d: a basic land type for an effect
    CHOOSE_WORD = "choose_word"              # CR 612, 608.2d: the word a text change replaces, then the new one
    COPY = "copy"                            # CR 707.2, 614.1c: what to enter as a copy of
    CIPHER = "cipher"                        # CR 702.99a: encode, and on which creature
    SCRY = "scry"                            # CR 701.22
    SEARCH = "search"                        # CR 701.23: the card found
    REVEAL = "reveal"                        # a card looked at: which one to take
    ORDER_CARDS = "order_cards"              # cards to put back in an order
    CHOOSE_DISCARD = "choose_discard"        # a card from a revealed hand
    CHOOSE_NUMBER = "choose_number"          # CR 608.2d: a number chosen as an effect happens ("draw up to two cards")
    CHOOSE_PERMANENT = "choose_permanent"    # CR 608.2d: "a land you control", "a card from your graveyard" as an effect happens
    CHOOSE_SOURCE = "choose_source"          # CR 609.7a: "a source of your choice" as an effect begins
    SURVEIL = "surveil"                      # CR 701.25a: each card looked at, on top or into the graveyard
    CHOOSE_ENCHANTED = "choose_enchanted"    # CR 303.4f: what an Aura put onto the battlefield enchants
    CAST_FROM_HAND = "cast_from_hand"        # CR 118.9, 608.2g: a card to cast without paying its mana cost
    PUT_FROM_HAND = "put_from_hand"          # CR 305.4: a card put from the hand onto the battlefield
    HAND_TO_LIBRARY = "hand_to_library"      # CR 401.4: a card put from the hand on top of or under the library
    DREDGE = "dredge"                        # CR 702.52a, 616.1: draw, or dredge a card instead
    CLASH = "clash"                          # CR 701.30a: a card revealed in a clash, on top or bottom
    MUTATE = "mutate"                        # CR 702.140c: a mutating spell over or under the creature
    TAP_OR_UNTAP = "tap_or_untap"            # CR 701.26, 608.2d: "tap or untap target permanent"
    PROLIFERATE = "proliferate"              # CR 701.34a: one more permanent or player, or done
    VOTE = "vote"                            # CR 701.38a: a choice to vote for
    CHOOSE_NAME = "choose_name"              # CR 201.3: a card name
    PILE = "pile"                            # CR 700.3: a permanent put into one of two piles, or a pile chosen


class Decision:
    """What the game waits for: ``player`` must pick one of ``options``.

    ``kind`` is a :class:`DecisionKind`; a string naming one is turned into it, and any other
    string is refused. ``prompt`` says it in words; ``context`` holds the ids involved (for
    example the spell being cast).

    ``options`` may be given as a function that lists them: they are then built only when first
    read, so replaying an answer that was already checked against them costs nothing.

    ``accepts`` says whether an answer not listed is legal too: a card name typed by a person,
    where the options list only the names the chooser knows of (CR 201.3, ``card_names``).
    """

    __slots__ = ("player", "kind", "prompt", "_options", "_build", "context", "accepts")

    def __init__(self, player: int, kind: DecisionKind | str, prompt: str,
                 options: "tuple[Action, ...] | Callable[[], Iterable[Action]]",
                 context: dict | None = None, accepts: "Callable[[Action], bool] | None" = None) -> None:
        self.player = player
        self.accepts = accepts
        self.kind = kind if type(kind) is DecisionKind else DecisionKind(kind)
        self.prompt = prompt
        self._options: tuple[Action, ...] | None
        self._build: Callable[[], Iterable[Action]] | None
        if callable(options):
            self._options, self._build = None, options
        else:
            self._options, self._build = tuple(options), None
        self.context = {} if context is None else context

    @property
    def options(self) -> tuple[Action, ...]:
        """The legal answers, in a stable order."""
        if self._options is None:
            assert self._build is not None      # set whenever the options are not
            self._options = tuple(self._build())
            self._build = None
        return self._options

    def find(self, action: Action) -> Action | None:
        for o in self.options:
            if o == action:
                return o
        if self.accepts is not None and self.accepts(action):
            return action
        return None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.player, self.kind, self.prompt, self.options) == \
            (other.player, other.kind, other.prompt, other.options)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as Python makes a class with __eq__

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, kind={self.kind!r}, prompt={self.prompt!r}, "
                f"options={self.options!r})")


class IllegalActionError(ValueError):
    """An action that is not legal now. The game is left exactly as it was."""
