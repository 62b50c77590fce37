"""Shared pieces of the Oracle transformer: placeholders and helpers used by every rule module.

Effects are first built with placeholders: a target phrase is a ``_T`` (numbered by
:func:`bind` in the order the targets appear, CR 601.2c), "it" is ``IT``, and a clause without
its own subject ("... and gains flying") is ``PREV``. Anything the IR cannot state faithfully
raises :class:`Unsupported`, so the line is reported instead of compiled wrongly.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum


from manastack.mana import NAME_TO_COLOR, ManaCost
from manastack.oracle import ir
from manastack.oracle.subtypes import (ARTIFACT_TYPES, CREATURE_TYPES, ENCHANTMENT_TYPES,
                                       LAND_TYPES, PLANESWALKER_TYPES, SPELL_TYPES)

SUBTYPES = CREATURE_TYPES | ARTIFACT_TYPES | ENCHANTMENT_TYPES | LAND_TYPES | SPELL_TYPES | PLANESWALKER_TYPES
_IRREGULAR = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Werewolves": "Werewolf",
              "Fungi": "Fungus", "Mice": "Mouse"}
_PREFIX_NON = {"creature": "Creature", "land": "Land", "artifact": "Artifact",
               "enchantment": "Enchantment", "planeswalker": "Planeswalker"}


# CR 111.10a, b, c, f, g: the abilities of predefined tokens.
PREDEFINED_TOKENS = {
    "Treasure": "{T}, Sacrifice this token: Add one mana of any color.",
    "Food": "{2}, {T}, Sacrifice this token: You gain 3 life.",
    "Gold": "Sacrifice this token: Add one mana of any color.",
    "Clue": "{2}, Sacrifice this token: Draw a card.",
    "Blood": "{1}, {T}, Discard a card, Sacrifice this token: Draw a card.",
}


@dataclass
class _KeepsSource:
    """"This effect doesn't remove ~." (or "... Auras.", ``auras``) after a static ability
    granting protection, until ``static_line`` marks that ability with it."""
    auras: bool = False


class _ChooseColor:
    """A spell's first sentence "Choose a color.", until ``body`` gives the color to the
    protection granted next ("from the chosen color")."""


@dataclass(frozen=True)
class _GainPrevented:
    """The sentence "You gain life equal to the damage prevented this way." (``field``
    "gain_life") or "For each 1 damage prevented this way, put a +1/+1 counter on that
    creature." ("counters"), until ``body`` joins it to the prevention before it (CR 615.5)."""

    field: str = "gain_life"


@dataclass(frozen=True)
class _NotNew:
    """The sentence "The new creature type can't be Wall.", until ``body`` joins it to the text
    change before it (CR 612)."""

    word: str


class _DoesTheSame:
    """The sentence "Each opponent attacking that player does the same.", until ``body`` joins
    it to the effects of the sentence before it (``ir.DoesTheSame``)."""


@dataclass(frozen=True)
class _RepeatAny:
    """The sentence "You may repeat this process any number of times." (or "If two cards that
    share a color were milled this way, repeat this process.", ``share_color``), until ``body``
    wraps the effects before it in ``ir.RepeatProcess``."""

    share_color: bool = False


@dataclass(frozen=True)
class _CounteredExile:
    """The sentence "If that spell is countered this way, exile it instead ..." (``to`` "exile")
    or "... put it into its owner's hand instead ..." ("hand", "library_top", "library_bottom"),
    until ``body`` joins it to the counter before it (CR 614.15)."""

    to: str = "exile"


@dataclass(frozen=True)
class _TokenHas:
    """The sentence "It has "[ability]"" (or "They have flying.") after "create ... token",
    until ``body`` adds it to the token being created (CR 111.3): the abilities read, their
    text as the token's rules text, and keywords."""

    abilities: tuple = ()
    text: str = ""
    keywords: tuple = ()


@dataclass(frozen=True)
class _StillType:
    """The sentence "It's still a land." after "~ becomes a ... creature": the object keeps
    its other types (CR 205.1b), folded into that effect by ``body``."""


class Unsupported(Exception):
    """Text that parses but that the IR cannot express faithfully."""


@dataclass(frozen=True)
class _Otherwise:
    """An "Otherwise, ..." sentence: its effects, for ``body`` to join to the sentence before."""

    effects: tuple


@dataclass(frozen=True, eq=False)
class _T:
    """A target phrase; :func:`bind` turns it into ``ir.Target(i)``."""

    spec: ir.TargetSpec
    another: bool = False  # "another target": other than this object, unless a target precedes


@dataclass(frozen=True)
class _Marker:
    name: str


IT = _Marker("it")
THAT_OBJECT = _Marker("that creature")   # "that creature", "that permanent"


@dataclass(frozen=True)
class _ThatOfType:
    """"that Wizard": the object a trigger names, when its description gives it that subtype."""

    subtype: str


THOSE = _Marker("those creatures")        # the several targets of one phrase named before
PREV = _Marker("previous subject")
PREV_PLAYER = _Marker("previous player")  # "Target player draws two cards and loses 2 life"
ITS_CONTROLLER = _Marker("its controller")
THAT_PLAYER = _Marker("that player")
THEY = _Marker("the player who may")      # "If the player doesn't": the player of the "may" before
THAT_SPELL = _Marker("that spell")
THAT_CARD = _Marker("that card")         # the card an object became (CR 400.7e, 400.7j)
OTHER_PLAYERS = _Marker("each other player")   # the players other than the ability's controller
THAT_TOKEN = _Marker("that token")       # "that token", "those tokens": the ones this ability just created
_PUT_CARD = _Marker("the card put")      # what an effect put onto the battlefield: no reference names it yet
UNTIL_EOT = "end_of_turn"
_OPEN = "?"  # a duration not yet known: taken from a later clause of the sentence


@dataclass
class _OfIt:
    """A condition about "it" ("as long as it's untapped", "it has a +1/+1 counter on it"): the
    subject of the sentence, which is the source only where the sentence is about the source."""
    condition: object


class DescKind(StrEnum):
    """What the noun of a description says it names: "permanents", "a creature card", "spells".
    A description without one ("creatures", "a Goblin") names permanents too, with kind None.
    A ``StrEnum``: each member equals the noun's word it is read from."""

    PERMANENT = "permanent"
    CARD = "card"
    SPELL = "spell"


@dataclass
class _Desc:
    filter: ir.Filter
    plural: bool
    kind: DescKind | None
    zone_given: bool


@dataclass
class _Amount:
    value: object


@dataclass
class _ForEach:
    filter: ir.Filter | None
    counter: str | None = None     # "for each +1/+1 counter on ~"
    kicked: bool = False           # "for each time it was kicked"
    party: bool = False            # "for each creature in your party" (CR 700.8)
    removed: str | None = None     # "for each charge counter removed this way"
    destroyed: bool = False        # "for each creature destroyed this way": of ``filter``
    vote: str | None = None        # "for each death vote" (CR 701.38)
    spells_cast: bool = False      # "for each spell you've cast this turn"
    commander_casts: bool = False  # "for each time you've cast your commander from the command zone this game"

    def count(self, multiplier: int = 1):
        if self.spells_cast:
            return ir.SpellsCastThisTurn(multiplier)
        if self.commander_casts:
            return ir.CommanderCasts(multiplier)
        if self.vote is not None:
            return ir.VoteCount(self.vote, multiplier)
        if self.kicked:
            return ir.TimesKicked(multiplier)
        if self.party:
            return ir.PartySize(multiplier)
        if self.counter is not None:
            return ir.CountersOn(self.counter, multiplier)
        if self.removed is not None:
            return ir.CountersRemoved(self.removed, multiplier)
        if self.destroyed:
            return ir.DestroyedThisWay(self.filter, multiplier)
        return ir.CountOf(self.filter, multiplier)


@dataclass
class _Colors:
    colors: tuple[str, ...]


@dataclass
class _TokenTypes:
    subtypes: tuple[str, ...]
    types: tuple[str, ...]


_ONE = {"self", "enchanted", "equipped", "triggering_object"}
_PLAYERS = {"you", "each_opponent", "each_player", "target_controller", "triggering_player",
            "triggering_controller", "defending_player", ir.DISSENTERS, ir.TARGET_OWNER, ir.UNABLE_TO_SACRIFICE,
            ir.ATTACKING_PLAYER}


_PLAYER_TARGETS = frozenset({ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT, ir.TargetKind.PLAYER_OR_PLANESWALKER,
                             ir.TargetKind.OPPONENT_OR_PLANESWALKER, ir.TargetKind.ANY})


def _is_player(subject) -> bool:
    if isinstance(subject, _T):
        return subject.spec.kind in (ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT)
    if subject is ITS_CONTROLLER or subject is THAT_PLAYER or subject is OTHER_PLAYERS:
        return True
    return isinstance(subject, ir.Ref) and subject.name in _PLAYERS


def _is_object(subject) -> bool:
    if isinstance(subject, _T):
        return subject.spec.kind in (ir.TargetKind.PERMANENT, ir.TargetKind.ANY, ir.TargetKind.CARD, ir.TargetKind.SPELL)
    return subject in (IT, THAT_OBJECT, THOSE, THAT_CARD, THAT_TOKEN, PREV) or (isinstance(subject, ir.Ref) and not _is_player(subject)) \
        or isinstance(subject, ir.WithSameName)


@dataclasses.dataclass(frozen=True)
class _UnroundedHalf:
    """"half X" before a sentence says which way it is rounded (CR 107.1a)."""


UNROUNDED_HALF = _UnroundedHalf()


def _need(condition: bool, what: str = "") -> None:
    if not condition:
        raise Unsupported(what)


def cost_items(items) -> list:
    """The mana and parts the cost rules gave (each rule one, or a list), in the text's order."""
    return [x for item in items for x in (item if isinstance(item, list) else [item])]


def is_cost_item(x) -> bool:
    """Whether ``x`` is what a cost rule gives: mana, or a part of a cost."""
    return isinstance(x, (ManaCost, *ir.COST_PARTS))


def cost_of(items, what: str = "repeated cost") -> ir.Cost:
    """The cost made of ``items`` (mana and parts, or lists of them): each kind of part at most
    once (but discards, paid one after the other), and mana once."""
    mana: ManaCost | None = None
    parts: list[ir.CostPart] = []
    for x in cost_items(items):
        if isinstance(x, ManaCost):
            _need(mana is None, what)
            mana = x
        else:
            _need(type(x) is ir.DiscardCost or all(type(p) is not type(x) for p in parts), what)
            parts.append(x)
    return ir.Cost(mana, tuple(parts))


def _of(children, cls):
    return next((c for c in children if isinstance(c, cls)), None)


def _amount(amount: _Amount, for_each: _ForEach | None):
    """CR 107.3 (X) and "for each": a count of matching objects times the printed number."""
    if for_each is None:
        return amount.value
    _need(isinstance(amount.value, int), "X for each")
    return for_each.count(amount.value)


def _mana_spent(c) -> ir.ManaSpent:
    """Adamant's "if at least three white mana was spent to cast this spell" (CR 601.2h)."""
    n, color = (str(x) for x in c if getattr(x, "type", None) in ("NUM", "COLOR"))
    count = _number(n)
    _need(isinstance(count, int), "mana spent: a number")
    return ir.ManaSpent(NAME_TO_COLOR[color.lower()], count)


def _number(text: str):
    words = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
             "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
             "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
             "nineteen": 19, "twenty": 20}
    t = text.lower()
    if t == "x":
        return ir.X()
    return words[t] if t in words else int(t)


def _ptmod(token: str):
    """"+2/-1" -> ((2, False), (-1, False)); "-X/-X" -> ((X, True), (X, True))."""
    out = []
    for part in str(token).split("/"):
        value = _number(part[1:])
        negative = part[0] == "-"
        if isinstance(value, int):
            out.append((-value if negative else value, False))
        else:
            out.append((value, negative))
    return out


def _subtype(word: str) -> tuple[str, bool]:
    """A subtype and whether the word was plural ("Elves" -> ("Elf", True))."""
    if word in SUBTYPES or word.replace("'", "’") in SUBTYPES:     # "Urza's", as the cards print it
        return word, False
    candidates = [_IRREGULAR.get(word, ""), word[:-1], word[:-2], word[:-3] + "y"]
    for c in candidates:
        if c in SUBTYPES:
            return c, True
    raise Unsupported(f"not a subtype: {word}")


# Keywords renamed in the Oracle text, read under their current name (CR 702.89b: totem armor is
# now umbra armor).
_RENAMED_KEYWORDS = {"totem armor": "umbra armor"}


def _kw_name(token) -> str:
    name = " ".join(str(token).lower().split())
    return _RENAMED_KEYWORDS.get(name, name)


def _mana_symbols(symbols) -> tuple[str, ...]:
    """Mana a mana ability adds: colored or colorless symbols, generic numbers are not mana."""
    _need(all(s in ("W", "U", "B", "R", "G", "C") for s in symbols), "mana symbol")
    return tuple(symbols)


def _permanent(subject) -> bool:
    if isinstance(subject, _T):
        return subject.spec.kind == ir.TargetKind.PERMANENT
    return _is_object(subject) and subject is not PREV


def _subject_of(effect):
    for name in ("what", "source", "first"):
        value = getattr(effect, name, None)
        if value is not None and _is_object(value):
            return value
    return None


_ENCHANT_READ = frozenset({"types", "subtypes", "supertypes", "non_supertypes", "controller",
                           "colors", "non_colors", "non_types", "keywords", "without_keywords",
                           "tapped", "mana_value_at_most", "power_at_most", "power_at_least",
                           "multicolored", "zone", "enchanted_by_another"})


def _describe(f: ir.Filter, kind: DescKind | None) -> str:
    """A short text for an "Enchant ..." argument (CR 702.5): its types and "you control"; the
    keyword's filter carries the whole restriction. A description with a part the enchant
    check doesn't read ("other", a chosen color or type, a name) is refused."""
    words = " or ".join(t.lower() for t in f.types) or " or ".join(f.subtypes) or (kind.value if kind else "")
    if f.controller == "you":
        words += " you control"
    unread = [x.name for x in dataclasses.fields(f)
              if x.name not in _ENCHANT_READ and getattr(f, x.name) != x.default]
    _need(words and not unread and "chosen" not in f.colors + f.subtypes
          and not (f.types and f.subtypes), "enchant")
    return words


def bind(effects, it_default, its_default=None, that_player=None, that_spell=None, that_card=None,
         of_type: tuple[str, ...] = ()):
    """Number the target phrases of one ability in order (CR 601.2c) and resolve "it".

    Returns (effects, target specs). "It" is the object last named (a target, this object,
    the enchanted or equipped one), else ``it_default``; "its controller" is the target's
    controller, else ``its_default``; "that player" is ``that_player`` (the player a
    trigger condition names) and "that spell" ``that_spell`` (the spell a cast trigger
    names), else unsupported. "That card" is the target named before it, which the engine
    finds as the object it became if an earlier effect moved it (CR 400.7j), else
    ``that_card``: the card a leaves-the-battlefield trigger saw it become (CR 400.7e).
    "That Wizard" is ``it_default`` when ``of_type``, the subtypes the trigger's description
    gives that object, has Wizard.
    """
    specs: list[ir.TargetSpec] = []
    index: dict[int, int] = {}

    last: list = []  # the latest object mentioned, for "it"

    def subject(value):
        if isinstance(value, _T):
            # "another target": after other target phrases, an object or player other than the
            # ones chosen for them (CR 115.4, 601.2c); before any, other than the source (there
            # is none in a spell)
            _need(not value.another or bool(specs) or it_default is not None, "another target")
            if id(value) not in index:
                index[id(value)] = len(specs)
                spec = value.spec
                if value.another and specs:
                    spec = dataclasses.replace(spec, filter=dataclasses.replace(spec.filter, other=False),
                                               other_than=tuple(range(len(specs))))
                specs.append(spec)
            value = ir.Target(index[id(value)])
        elif value is IT:
            _need(bool(last) or it_default is not None, "it")
            value = last[-1] if last else it_default
            _need(value != ir.Ref(ir.REVEALED), "it: a card put into a hand")    # only its mana value
        elif value is THAT_OBJECT:
            # CR 201.5: a card names itself by name, so "that creature" is another object
            # named before it, else the one the trigger is about
            others = [v for v in last if v != ir.Ref("self")]
            _need(bool(others) or it_default not in (None, ir.Ref("self")), "that creature")
            value = others[-1] if others else it_default
        elif type(value) is _ThatOfType:
            _need(value.subtype in of_type and it_default is not None, "that [subtype]: not the object the trigger names")
            value = it_default
        elif value is THAT_TOKEN:
            # CR 111.1: the tokens an effect of this ability created before this sentence
            _need(ir.Ref("created") in last, "that token")
            value = ir.Ref("created")
        elif value is THOSE:
            # "Tap up to two target creatures. Those creatures ...": one phrase of several targets
            others = [v for v in last if v != ir.Ref("self")]
            _need(len(set(others)) == 1 and isinstance(others[0], ir.Target)
                  and specs[others[0].index].count > 1, "those")
            value = others[0]
        elif value is ITS_CONTROLLER:
            if specs:
                _need(len(specs) == 1, "its controller")
                return ir.Ref("target_controller")
            _need(its_default is not None, "its controller")
            return its_default
        elif value is THAT_PLAYER:
            # after a target that may be a player, "that player" would mean that target: read so
            # in a spell whose one target is a player ("Exile all attacking creatures target
            # player controls. That player may search ...", Settle the Wreckage) or an ability
            # whose trigger names no player ("-12: Exile all cards from target player's library,
            # then that player shuffles ...", Jace, the Mind Sculptor)
            if that_player is None and len(specs) == 1 and specs[0].kind in (ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT):
                return ir.Target(0)
            _need(that_player is not None and not any(sp.kind in _PLAYER_TARGETS for sp in specs),
                  "that player")
            return that_player
        elif value is OTHER_PLAYERS:
            # "each other player": other than you; where a trigger or a target names a player,
            # "other" could mean other than that one (Hive Mind), so it is not read there
            _need(that_player is None and not any(sp.kind in _PLAYER_TARGETS for sp in specs),
                  "each other player")
            return ir.Ref("each_other_player")
        elif value is THAT_SPELL:
            if that_spell is None:      # "Counter target spell ... counter that spell": the one named before
                spells = [v for v in last if isinstance(v, ir.Target) and specs[v.index].kind is ir.TargetKind.SPELL]
                _need(bool(spells), "that spell")
                return spells[-1]
            return that_spell
        elif isinstance(value, ir.PlayerOrPlaneswalker):    # the player named before
            return dataclasses.replace(value, player=subject(value.player))
        elif isinstance(value, ir.ControlledBy):    # the player whose permanents they are
            return dataclasses.replace(value, player=subject(value.player))
        elif isinstance(value, ir.WithSameName):    # the target it reads the name of
            return dataclasses.replace(value, target=subject(value.target))
        elif value is THAT_CARD and last and last[-1] == ir.Ref(ir.REVEALED):
            value = last[-1]        # "Reveal a card from your hand. ... that card": the card revealed
        elif value is THAT_CARD:
            _need(_PUT_CARD not in last, "that card")
            targets = [v for v in last if isinstance(v, ir.Target)]
            _need(bool(targets) or that_card is not None, "that card")
            value = targets[-1] if targets else that_card
        _need(not isinstance(value, _Marker), "unresolved")
        if isinstance(value, ir.Target) or (isinstance(value, ir.Ref) and value.name in _ONE):
            last.append(value)
        return value

    def walk(effect):
        if isinstance(effect, ir.May):
            return ir.May(tuple(walk(e) for e in effect.effects), subject(effect.who))
        if isinstance(effect, ir.ReplaceNextDraw):   # done later, with this ability's targets
            return dataclasses.replace(effect, effects=tuple(walk(e) for e in effect.effects))
        if isinstance(effect, ir.CreateDelayedTrigger) and effect.duration == "this_turn":
            # its effect was bound as it was read (LineRules.delayed_when); "that creature" is
            # an object this ability named
            return dataclasses.replace(effect, what=subject(effect.what)) if effect.what is not None else effect
        if isinstance(effect, ir.CreateDelayedTrigger):   # its "it" is what this ability named
            # (the objects and players of this ability's trigger event too: the delayed ability
            # keeps what that event named, CR 603.7c)
            inner = tuple(walk(e) for e in effect.ability.effects)
            return dataclasses.replace(effect, ability=dataclasses.replace(effect.ability, effects=inner))
        if isinstance(effect, ir.Modal):
            return effect
        if isinstance(effect, ir.CreateTokens):   # CR 111.1: "it" after this is the new token
            who = subject(effect.who)             # "Its controller creates ...", named first
            token = effect.token                  # "an X/X ... token, where X is that spell's mana value"
            sizes = {name: dataclasses.replace(stat, what=subject(stat.what)) for name in ("power", "toughness")
                     if isinstance(stat := getattr(token, name), ir.StatOf)}
            last.append(ir.Ref("created"))
            if sizes:
                return dataclasses.replace(effect, who=who, token=dataclasses.replace(token, **sizes))
            return dataclasses.replace(effect, who=who) if who != effect.who else effect
        if isinstance(effect, ir.CreateTokenCopy):   # what it copies is named before; then "it" is the token
            what, who = subject(effect.what), subject(effect.who)
            last.append(ir.Ref("created"))
            return dataclasses.replace(effect, what=what, who=who)
        if isinstance(effect, ir.Fight) and effect.second is THAT_OBJECT:
            # "Target creature you control fights that creature": an object named before, never
            # the one that fights it (CR 701.14a)
            first = subject(effect.first)
            others = [v for v in last if v not in (ir.Ref("self"), first)]
            _need(bool(others), "that creature")
            return ir.Fight(first, others[-1])
        if isinstance(effect, ir.UnlessPays):    # the effects first: targets in the order written
            # "~ deals 3 damage to you unless you pay {2}", "... unless they pay {2}"
            inner = tuple(walk(e) for e in effect.effects)
            return dataclasses.replace(effect, effects=inner, who=subject(effect.who))
        if isinstance(effect, ir.IfYouDo):       # "If you do, it ...": what was named before
            return ir.IfYouDo(tuple(walk(e) for e in effect.effects))
        if isinstance(effect, ir.IfYouDont):     # "If the player doesn't": the player of the "may"
            return ir.IfYouDont(tuple(walk(e) for e in effect.effects), subject(effect.who))
        if isinstance(effect, (ir.IfYouWin, ir.IfVoted, ir.ForEachVote, ir.RepeatProcess)):
            return dataclasses.replace(effect, effects=tuple(walk(e) for e in effect.effects))
        if isinstance(effect, ir.Conditional):   # what "instead" replaced is named first
            otherwise = tuple(walk(e) for e in effect.otherwise)
            condition = effect.condition
            if effect.condition_after:          # "Destroy target creature if it's white": theirs
                effects = tuple(walk(e) for e in effect.effects)
            if isinstance(condition, ir.SameManaValue):     # "if it has the same mana value as ..."
                condition = dataclasses.replace(condition, what=subject(condition.what))
            if isinstance(condition, ir.ObjectIs):   # "If that creature is a Human": a target named before
                condition = dataclasses.replace(condition, what=subject(condition.what))
                # "Counter target spell if it's blue": a target spell, seen as it resolves (Pyroblast)
                _need((isinstance(condition.what, ir.Target) and specs[condition.what.index].kind in (ir.TargetKind.PERMANENT, ir.TargetKind.CARD, ir.TargetKind.SPELL))
                      or condition.what in (ir.Ref("equipped"), ir.Ref("enchanted")),
                      "that creature: a target object")
            if effect.condition_after:
                return dataclasses.replace(effect, condition=condition, effects=effects)
            if effect.otherwise_after:      # "Otherwise, ...": written after the effects
                effects = tuple(walk(e) for e in effect.effects)
                otherwise = tuple(walk(e) for e in effect.otherwise)
            else:
                effects = tuple(walk(e) for e in effect.effects)
            return dataclasses.replace(effect, condition=condition, effects=effects, otherwise=otherwise)
        changes = {}
        names = ("source", "who", "first", "what", "to", "second", "attached_to", "instead", "same_name_as")
        if isinstance(effect, ir.DealDamage) and effect.to is IT:
            names = ("to",) + names         # "~ deals 5 damage to it": not the source (that is "itself")
        for name in names:
            if hasattr(effect, name) and name not in changes:
                changes[name] = subject(getattr(effect, name))
        for name in ("amount", "power", "toughness"):    # "equal to its power", "where X is its power"
            if isinstance(getattr(effect, name, None), ir.StatOf):
                stat = getattr(effect, name)
                if stat.what in (IT, THAT_CARD) and last and last[-1] == ir.Ref(ir.REVEALED):
                    # "you lose life equal to its mana value": the card; "~ deals damage equal
                    # to its power" would be read another way
                    _need(stat.stat == "mana_value" and not hasattr(effect, "source"), "its")
                    changes[name] = dataclasses.replace(stat, what=last[-1])
                    continue
                if isinstance(getattr(effect, name).what, _Marker) and getattr(effect, name).what is getattr(effect, "source", None):
                    # "it (that creature) deals damage equal to its power": "its" is the source the
                    # sentence named, whatever was named after it; the ability's own source as it
                    # last existed if it has left (CR 608.2h)
                    changes[name] = dataclasses.replace(getattr(effect, name), what=changes["source"])
                    continue
                _need(stat.what is not THAT_CARD, "that card's")   # only the card revealed
                what = subject(getattr(effect, name).what)
                # a target card's mana value: the card's, as it last existed if it moved
                # ("... onto the battlefield. You lose life equal to its mana value.", CR 608.2h)
                _need(not isinstance(what, ir.Target) or specs[what.index].kind is ir.TargetKind.PERMANENT
                      or specs[what.index].kind is ir.TargetKind.CARD and getattr(effect, name).stat == "mana_value", "its")
                changes[name] = dataclasses.replace(getattr(effect, name), what=what)
        if isinstance(effect, (ir.PutFromHand, ir.LookAtTop, ir.SearchLibrary)):   # "it" would be a card moved
            # "put a creature card from your hand onto the battlefield. That creature gains
            # haste.": the permanent it became (CR 400.7), unless tokens were named so before
            # a search's card put onto the battlefield too ("... onto the battlefield tapped, then
            # shuffle. Then if you control four or more lands, untap that land.", Fabled Passage)
            made = (isinstance(effect, ir.PutFromHand) or isinstance(effect, ir.SearchLibrary)
                    and effect.to == "battlefield" and not effect.split) and ir.Ref("created") not in last
            last.append(_PUT_CARD)
            if made:
                last.append(ir.Ref("created"))
        if isinstance(effect, ir.RevealFromHand):
            last.append(ir.Ref(ir.REVEALED))
        if isinstance(effect, (ir.RevealTopToHand, ir.RevealTop)):     # "its mana value": the card revealed
            last.append(ir.Ref(ir.REVEALED))
        return dataclasses.replace(effect, **changes) if changes else effect

    bound = [walk(e) for e in effects]
    _need(not any(_has_marker(e) for e in bound), "unresolved")
    return bound, specs




def _has_marker(node) -> bool:
    """Whether a reference ("it", "that player") was left unresolved anywhere in ``node``."""
    if isinstance(node, _Marker):
        return True
    if isinstance(node, tuple):
        return any(_has_marker(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_has_marker(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False


def no_it_subject(abilities) -> list:
    """``abilities``, refused when a static one has "it" as its subject (see ``s_it``)."""
    _need(not any(type(a) is ir.StaticAbility and a.effect.affected == "it" for a in abilities), "it")
    return abilities


def _plain_group(f: ir.Filter) -> bool:
    """A description read the same whoever's ability it is, but for "you control": nothing in it
    names the source ("other", "named ~", the chosen color or type), so an effect that outlives
    the source can still read it (CR 611.2c)."""
    return not (f.other or f.or_self or f.named_self or f.targets_self or f.power_below_source or f.damaged_by_self
                or f.power_above_hand
                or f.mana_value_equals is not None or "chosen" in f.colors + f.subtypes)

