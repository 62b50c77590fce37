"""The Lark transformer from parse trees of ``grammar.lark`` to :mod:`manastack.oracle.ir`.

Effects are first built with placeholders: a target phrase is a ``_T`` (numbered by
:func:`bind` in the order the targets appear, CR 601.2c), "it" is ``IT``, and a clause without
its own subject ("... and gains flying") is ``PREV``. Anything the IR cannot state faithfully
raises :class:`Unsupported`, so the line is reported instead of compiled wrongly.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from lark import Token, Transformer, v_args

from manastack.mana import NAME_TO_COLOR, ManaCost
from manastack.oracle import ir
from manastack.oracle.subtypes import (ARTIFACT_TYPES, CREATURE_TYPES, ENCHANTMENT_TYPES,
                                       LAND_TYPES, SPELL_TYPES)

SUBTYPES = CREATURE_TYPES | ARTIFACT_TYPES | ENCHANTMENT_TYPES | LAND_TYPES | SPELL_TYPES
_IRREGULAR = {"Elves": "Elf", "Dwarves": "Dwarf", "Wolves": "Wolf", "Werewolves": "Werewolf",
              "Fungi": "Fungus", "Mice": "Mouse"}
_PREFIX_NON = {"creature": "Creature", "land": "Land", "artifact": "Artifact",
               "enchantment": "Enchantment", "planeswalker": "Planeswalker"}


# CR 111.10a, b, f, g: the abilities of predefined tokens.
PREDEFINED_TOKENS = {
    "Treasure": "{T}, Sacrifice this token: Add one mana of any color.",
    "Food": "{2}, {T}, Sacrifice this token: You gain 3 life.",
    "Clue": "{2}, Sacrifice this token: Draw a card.",
    "Blood": "{1}, {T}, Discard a card, Sacrifice this token: Draw a card.",
}


class Unsupported(Exception):
    """Text that parses but that the IR cannot express faithfully."""


@dataclass(frozen=True, eq=False)
class _T:
    """A target phrase; :func:`bind` turns it into ``ir.Target(i)``."""

    spec: ir.TargetSpec
    another: bool = False  # "another target": other than this object, unless a target precedes


@dataclass(frozen=True)
class _Marker:
    name: str


IT = _Marker("it")
PREV = _Marker("previous subject")
ITS_CONTROLLER = _Marker("its controller")
THAT_PLAYER = _Marker("that player")
UNTIL_EOT = "end_of_turn"
_OPEN = "?"  # a duration not yet known: taken from a later clause of the sentence


@dataclass
class _Desc:
    filter: ir.Filter
    plural: bool
    kind: str | None          # "permanent", "card", "spell" or None
    zone_given: bool


@dataclass
class _Amount:
    value: object


@dataclass
class _ForEach:
    filter: ir.Filter | None
    counter: str | None = None     # "for each +1/+1 counter on ~"

    def count(self, multiplier: int = 1):
        if self.counter is not None:
            return ir.CountersOn(self.counter, multiplier)
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
            "triggering_controller"}


def _is_player(subject) -> bool:
    if isinstance(subject, _T):
        return subject.spec.kind in ("player", "opponent")
    if subject is ITS_CONTROLLER or subject is THAT_PLAYER:
        return True
    return isinstance(subject, ir.Ref) and subject.name in _PLAYERS


def _is_object(subject) -> bool:
    if isinstance(subject, _T):
        return subject.spec.kind in ("permanent", "any", "card", "spell")
    return subject in (IT, PREV) or (isinstance(subject, ir.Ref) and not _is_player(subject))


def _need(condition: bool, what: str = "") -> None:
    if not condition:
        raise Unsupported(what)


def _of(children, cls):
    return next((c for c in children if isinstance(c, cls)), None)


def _amount(amount: _Amount, for_each: _ForEach | None):
    """CR 107.3 (X) and "for each": a count of matching objects times the printed number."""
    if for_each is None:
        return amount.value
    _need(isinstance(amount.value, int), "X for each")
    return for_each.count(amount.value)


def _number(text: str):
    words = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
             "seven": 7, "eight": 8, "nine": 9, "ten": 10}
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
    if word in SUBTYPES:
        return word, False
    candidates = [_IRREGULAR.get(word, ""), word[:-1], word[:-2], word[:-3] + "y"]
    for c in candidates:
        if c in SUBTYPES:
            return c, True
    raise Unsupported(f"not a subtype: {word}")


def _kw_name(token) -> str:
    return " ".join(str(token).lower().split())


@v_args(inline=False)
class OracleTransformer(Transformer):
    """Build IR from one parsed line. ``text`` is the normalised line (for mode texts)."""

    def __init__(self, text: str):
        super().__init__()
        self.text = text

    # ------------------------------------------------------------------ lines
    def kw_line(self, c):
        return "abilities", c[0]

    def activated(self, c):
        cost, effects, restrictions = c[0], c[1], c[2:]
        effects, targets = bind(effects, ir.Ref("self"))
        is_mana = not targets and any(isinstance(e, ir.AddMana) for e in effects)
        _need(len(set(restrictions)) == len(restrictions), "restriction")
        return "abilities", [ir.ActivatedAbility(
            cost, tuple(effects), tuple(targets), is_mana=is_mana,
            sorcery_speed="sorcery" in restrictions, once_per_turn="once" in restrictions)]

    def r_sorcery(self, c):
        return "sorcery"

    def r_once(self, c):
        return "once"

    def triggered(self, c):
        trigger, effects = c[0], c[-1]
        condition = c[1] if len(c) > 2 else None
        default = {"self": ir.Ref("self"), "equipped": ir.Ref("equipped"),
                   "enchanted": ir.Ref("enchanted")}.get(trigger.subject) \
            if isinstance(trigger.subject, str) else ir.Ref("triggering_object")
        its = ir.Ref("attached_controller") if trigger.subject in ("enchanted", "equipped") \
            else ir.Ref("triggering_controller") if isinstance(trigger.subject, ir.Filter) else None
        # "that player": the player who tapped the land (CR 106.12a)
        that = ir.Ref("triggering_player") if trigger.event == "tapped_for_mana" \
            and trigger.whose else None
        effects, targets = bind(effects, default, its, that)
        is_mana = (trigger.event == "tapped_for_mana" and not targets
                   and any(isinstance(e, ir.AddMana) for e in effects))
        return "abilities", [ir.TriggeredAbility(trigger, tuple(effects), tuple(targets),
                                                 condition=condition, is_mana=is_mana)]

    # Intervening "if" clauses (CR 603.4): a small fixed set, as condition names.
    def cond_kicked(self, c):
        """The spell that became this permanent was kicked (CR 702.33)."""
        return "kicked"

    def cond_attacked(self, c):
        """You attacked with a creature this turn (raid)."""
        return "you_attacked_this_turn"

    def cond_creature_died(self, c):
        """A creature died this turn (morbid)."""
        return "creature_died_this_turn"

    def trig_body(self, c):
        return c[0]

    def static_line(self, c):
        return "abilities", [a for group in c for a in group]

    def spell_line(self, c):
        return "spell", c[0]

    mode_line = spell_line

    @v_args(meta=True)
    def mode(self, meta, c):
        effects, targets = bind(c[1], None)
        text = self.text[meta.start_pos:meta.end_pos].lstrip("• ").strip()
        return ir.Mode(text, tuple(targets), tuple(effects))

    def modal(self, c):
        return [ir.Modal(tuple(c[2:]), choose=_number(c[0]))]

    # ------------------------------------------------------------------ keywords
    def keywords(self, c):
        return [k for group in c for k in group]

    def kw_simple(self, c):
        return [ir.Keyword(_kw_name(c[0]))]

    def kw_cost(self, c):
        return [ir.Keyword(_kw_name(c[0]), cost=ir.Cost(mana=c[1]))]

    def kw_number(self, c):
        _need(str(c[1]).isdigit(), "keyword with X")
        return [ir.Keyword(_kw_name(c[0]), arg=str(c[1]))]

    def kw_protection(self, c):
        return [ir.Keyword("protection", arg=p) for p in c]

    def kw_affinity(self, c):
        word = str(c[0]).lower()
        _need(word.endswith("s"), "affinity")
        return [ir.Keyword("affinity", arg=word)]

    def kw_number_cost(self, c):
        """"Suspend 4—{U}" (CR 702.62), "Awaken 2—{4}{W}" (CR 702.113), "Reinforce 1—{1}{W}"
        (CR 702.77)."""
        _need(str(c[1]).isdigit(), "X")
        return [ir.Keyword(_kw_name(c[0]), cost=ir.Cost(mana=c[3]), arg=str(c[1]))]

    def kw_splice(self, c):
        """"Splice onto Arcane {1}{R}" (CR 702.47)."""
        return [ir.Keyword("splice", cost=ir.Cost(mana=c[1]), arg=_subtype(str(c[0]))[0])]

    def kw_enchant(self, c):
        return [ir.Keyword("enchant", arg=c[0])]

    def enchant_what(self, c):
        d = c[0]
        _need(not d.plural and d.kind in (None, "permanent"), "enchant")
        return _describe(d.filter, d.kind)

    def enchant_player(self, c):
        return "player"

    def enchant_opponent(self, c):
        return "opponent"

    def prot(self, c):
        return str(c[0]).lower()

    def prot_multicolored(self, c):
        return "multicolored"

    def prot_everything(self, c):
        return "everything"

    def prot_creatures(self, c):
        return "creatures"

    def prot_artifacts(self, c):
        return "artifacts"

    # ------------------------------------------------------------------ costs
    def costs(self, c):
        fields: dict = {}
        pairs = [p for x in c for p in (x if isinstance(x, list) else [x])]
        for name, value in pairs:
            _need(name not in fields, "repeated cost")
            fields[name] = value
        return ir.Cost(**fields)

    def mana(self, c):
        return ManaCost.parse("".join(map(str, c)))

    def c_mana(self, c):
        return "mana", c[0]

    def c_tap(self, c):
        return "tap", True

    def c_untap(self, c):
        return "untap", True

    def c_life(self, c):
        _need(str(c[0]).isdigit(), "pay X life")
        return "pay_life", int(c[0])

    def c_sac_self(self, c):
        return "sacrifice_self", True

    def c_sac(self, c):
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, "permanent") and not d.zone_given, "sacrifice")
        return "sacrifice", dataclasses.replace(d.filter, other=other or d.filter.other)

    def c_discard(self, c):
        _need(c[0] != "another", "discard")
        return "discard", 1

    def c_remove_counter(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "remove X counters")
        return "remove_counters", (c[1], n)

    def counter_kind(self, c):
        """A counter's kind (CR 122.1): "+1/+1", "-1/-1" or a word such as "charge"."""
        kind = str(c[0])
        _need(c[0].type == "COUNTER_NAME" or kind in ("+1/+1", "-1/-1"), "counter kind")
        return kind

    def c_tap_others(self, c):
        """"Tap two untapped red creatures you control" (Crackleburr, CR 118.3)."""
        n, d = _number(c[0]), c[1]
        _need(isinstance(n, int) and n > 1 and d.plural and d.kind in (None, "permanent")
              and not d.zone_given, "tap cost")
        return [("tap_untapped", d.filter), ("tap_count", n)]

    def c_untap_others(self, c):
        """"Untap two tapped blue creatures you control" (Crackleburr, CR 118.3)."""
        n, d = _number(c[0]), c[-1]
        _need(isinstance(n, int) and n > 1 and d.plural and d.kind in (None, "permanent")
              and not d.zone_given, "untap cost")
        return [("untap_tapped", d.filter), ("untap_count", n)]

    def c_tap_other(self, c):
        d = c[0]
        _need(not d.plural and d.kind in (None, "permanent") and not d.zone_given, "tap cost")
        return "tap_untapped", d.filter

    # ------------------------------------------------------------------ sentences
    def body(self, c):
        return [e for sentence in c for e in sentence]

    def sep(self, c):
        return None

    def sentence(self, c):
        """Give subjectless clauses the previous subject, and open durations the next one."""
        effects: list = []
        last = None
        for clause in c:
            if clause is None:
                continue
            for e in clause:
                if getattr(e, "what", None) is PREV:
                    _need(last is not None, "no subject")
                    e = dataclasses.replace(e, what=last)
                last = _subject_of(e) or last
                effects.append(e)
        duration = None
        for i in range(len(effects) - 1, -1, -1):
            d = getattr(effects[i], "duration", None)
            if d == _OPEN:
                effects[i] = dataclasses.replace(effects[i], duration=duration or "permanent")
            elif d is not None:
                duration = d
        return effects

    def may(self, c):
        return [ir.May(tuple(c[0]))]

    def may_player(self, c):
        """"[player] may [do something]": the player both chooses and does it (CR 603.5)."""
        who, effects = c
        _need(_is_player(who), "may")
        return [ir.May(tuple(dataclasses.replace(e, who=who) if getattr(e, "who", None) == ir.Ref("you")
                             else e for e in effects), who)]

    # ------------------------------------------------------------------ effects
    def damage(self, c):
        """CR 120: "~ deals 2 damage to any target and 1 damage to you": one DealDamage per
        recipient, each with its own amount."""
        source, each = c[0], _of(c, _ForEach)
        _need(_is_object(source) and source is not PREV, "damage source")
        amounts, recipients = [_amount(c[1], each)], [c[2]]
        for token, recipient in zip(c[3::2], c[4::2]):
            if token.type == "AND_DAMAGE":
                _need(each is None, "for each")
                amounts.append(_number(str(token).split()[1]))
            else:
                amounts.append(amounts[0])
            recipients.append(recipient)
        return [ir.DealDamage(n, r, source) for n, r in zip(amounts, recipients)]

    def itself(self, c):
        return ir.Ref("self")

    def recipient(self, c):
        return c[0]

    def r_each(self, c):
        _need(not c[0].plural and c[0].kind in (None, "permanent"), "each")
        return ir.Ref("all", c[0].filter)

    def r_each_player(self, c):
        return ir.Ref("each_player")

    def r_each_opponent(self, c):
        return ir.Ref("each_opponent")

    def _player_or_you(self, c):
        who = c[0] if c and not isinstance(c[0], _Amount) else ir.Ref("you")
        _need(_is_player(who), "not a player")
        return who

    def draw(self, c):
        return [ir.Draw(_amount(_of(c, _Amount), _of(c, _ForEach)), self._player_or_you(c))]

    def discard(self, c):
        _need(_of(c, _ForEach) is None, "discard for each")
        return [ir.Discard(_of(c, _Amount).value, self._player_or_you(c),
                           random="random" in c)]

    def at_random(self, c):
        return "random"

    def cards(self, c):
        return None

    def gain_life(self, c):
        _need(_is_player(c[0]), "not a player")
        return [ir.GainLife(_amount(c[1], _of(c, _ForEach)), c[0])]

    def lose_life(self, c):
        _need(_is_player(c[0]), "not a player")
        return [ir.LoseLife(_amount(c[1], _of(c, _ForEach)), c[0])]

    def gains(self, c):
        what = c[0] if not isinstance(c[0], list) else PREV
        _need(_is_object(what), "gains")
        keywords = next(x for x in c if isinstance(x, list))
        duration = UNTIL_EOT if "eot" in c else _OPEN
        return [ir.GrantKeywords(what, tuple(keywords), duration)]

    def duration(self, c):
        return "eot"

    def destroy(self, c):
        _need(_permanent(c[0]), "destroy")
        return [ir.Destroy(c[0], no_regeneration=len(c) > 1)]

    def regenerate(self, c):
        _need(_permanent(c[0]), "regenerate")
        return [ir.Regenerate(c[0])]

    def exile(self, c):
        _need(_is_object(c[0]) and c[0] is not PREV, "exile")
        return [ir.Exile(c[0])]

    def skip_untap(self, c):
        """"That creature doesn't untap during its controller's next untap step" (CR 502.3)."""
        _need(_permanent(c[0]), "doesn't untap")
        return [ir.SkipNextUntap(c[0])]

    def exile_top(self, c):
        return [ir.ExileTopCard()]

    def play_permission(self, c):
        """"You may play that card this turn": the card this ability exiled (CR 601.3, 305.1)."""
        return [ir.MayPlayExiled()]

    def bounce(self, c):
        what, owner = c
        from_graveyard = isinstance(what, _T) and what.spec.filter.zone == "graveyard"
        if owner == "your":
            _need(from_graveyard and what.spec.filter.controller == "you", "return to your hand")
        else:
            _need(_permanent(what) or from_graveyard, "return")
        return [ir.ReturnToHand(what)]

    def reanimate(self, c):
        """A card from your own graveyard returns under its owner's control, which is yours
        (CR 110.2a)."""
        what = c[0]
        _need(isinstance(what, _T) and what.spec.filter.zone == "graveyard"
              and what.spec.filter.controller == "you", "return to the battlefield")
        return [ir.ReturnToBattlefield(what)]

    def hand_owner(self, c):
        return "owner"

    def your(self, c):
        return "your"

    def counter_spell(self, c):
        _need(c[0].spec.kind == "spell", "counter")
        if len(c) > 1:  # "unless its controller pays {N}" (CR 701.6)
            return [ir.CounterUnlessPays(c[0], ir.Cost(mana=c[1]))]
        return [ir.CounterSpell(c[0])]

    def pump(self, c):
        what = c[0] if not isinstance(c[0], Token) else PREV
        _need(_is_object(what), "gets")
        (p, neg_p), (t, neg_t) = _ptmod(next(x for x in c if isinstance(x, Token)))
        each = _of(c, _ForEach)
        _need(sum(isinstance(x, _ForEach) for x in c) <= 1, "for each")
        if each is not None:
            _need(isinstance(p, int) and isinstance(t, int), "X for each")
            neg_p, neg_t = p < 0, t < 0
            p = each.count(abs(p)) if p else 0
            t = each.count(abs(t)) if t else 0
        duration = UNTIL_EOT if "eot" in c else _OPEN
        return [ir.ModifyPT(what, p, t, duration, neg_p, neg_t)]

    def remove_counters(self, c):
        """"Remove up to N counters from target permanent" (Glissa Sunslayer)."""
        amount, what = _number(str(c[0])), c[1]
        _need(isinstance(amount, int) and _permanent(what), "remove counters")
        return [ir.RemoveCounters(what, amount)]

    def put_counters(self, c):
        amount, kind, what = c[0], c[1], c[2]
        _need(_permanent(what), "counters")
        return [ir.PutCounters(what, kind, _amount(amount, _of(c, _ForEach)))]

    def create(self, c):
        amount, (token, tapped) = c[0], c[1]
        return [ir.CreateTokens(token, _amount(amount, _of(c, _ForEach)), tapped)]

    def create_predefined(self, c):
        """CR 111.10: Treasure, Food, Clue and Blood tokens have characteristics the rules define."""
        amount, name = c[0], str(c[1])
        spec = ir.TokenSpec(f"{name} Token", None, None, (), ("Artifact",), (name,),
                            text=PREDEFINED_TOKENS[name])
        return [ir.CreateTokens(spec, amount.value)]

    def token(self, c):
        """A token's characteristics as the effect defines them (CR 111.3); its name is its
        subtypes plus "Token" (CR 111.4)."""
        tapped = any(isinstance(x, Token) and x.type == "TAPPED_KW" for x in c)
        pt = next(x for x in c if isinstance(x, Token) and x.type == "PT")
        colors = _of(c, _Colors)
        _need(colors is not None, "token color")
        kinds = _of(c, _TokenTypes)
        keywords = next((x for x in c if isinstance(x, list)), [])
        power, toughness = (int(v) for v in str(pt).split("/"))
        return ir.TokenSpec(" ".join(kinds.subtypes) + " Token", power, toughness, colors.colors,
                            kinds.types, kinds.subtypes, tuple(keywords)), tapped

    def colors(self, c):
        return _Colors(tuple(NAME_TO_COLOR[str(x).lower()] for x in c))

    def colorless(self, c):
        return _Colors(())

    def token_types(self, c):
        subtypes = tuple(_subtype(str(x))[0] for x in c if x.type == "SUBTYPE")
        _need(all(s in CREATURE_TYPES for s in subtypes), "token subtype")
        types = ("Artifact", "Creature") if any(x.type == "ARTIFACT_W" for x in c) \
            else ("Creature",)
        return _TokenTypes(subtypes, types)

    def animate(self, c):
        """"~ becomes a 2/2 creature [with all creature types] until end of turn" (CR 611.2):
        it becomes a creature (layer 4) with that power and toughness (layer 7b)."""
        what = next(x for x in c if not isinstance(x, (Token, str)))
        _need(_permanent(what), "becomes")
        pt = next(x for x in c if isinstance(x, Token) and x.type == "PT")
        power, toughness = (int(v) for v in str(pt).split("/"))
        return [ir.BecomeCreature(what, power, toughness, all_creature_types="all" in c)]

    def explore(self, c):
        """"It explores [X times]" (CR 701.44)."""
        _need(_permanent(c[0]), "explore")
        return [ir.Explore(c[0], _number(c[1]) if len(c) > 1 else 1)]

    def gain_control(self, c):
        """"Gain control of target creature [until end of turn]" (CR 613.1b, layer 2)."""
        _need(_permanent(c[0]), "gain control")
        return [ir.GainControl(c[0], UNTIL_EOT if "eot" in c else "permanent")]

    def all_types(self, c):
        return "all"

    def still_type(self, c):
        """"It's still a land.": a reminder that the effect adds a type and keeps the others."""
        return []

    def tap(self, c):
        _need(_permanent(c[0]), "tap")
        return [ir.Tap(c[0])]

    def untap(self, c):
        _need(_permanent(c[0]), "untap")
        return [ir.Untap(c[0])]

    def mill(self, c):
        return [ir.Mill(_of(c, _Amount).value, self._player_or_you(c))]

    def their(self, c):
        return None

    def scry(self, c):
        return [ir.Scry(_number(c[0]))]

    def search(self, c):
        """CR 701.23: search a library, put the found cards somewhere, then shuffle."""
        amount, d = c[0], c[1]
        dest, tapped = c[-2]
        _need(d.kind == "card" and not d.zone_given and d.plural == (amount > 1), "search")
        _need(not (tapped and dest == "hand"), "search")
        f = dataclasses.replace(d.filter, zone="library")
        return [ir.SearchLibrary(f, dest, tapped, amount)]

    def one(self, c):
        _need(not c or c[0] != "another", "search")
        return 1

    def search_amount(self, c):
        return _number(c[0])

    def article(self, c):
        return "a"

    def another(self, c):
        return "another"

    def reveal(self, c):
        return None

    def shuffle(self, c):
        return None

    def put_it(self, c):
        return None

    def to_battlefield(self, c):
        return "battlefield", bool(c)

    def to_hand(self, c):
        return "hand", False

    def fight(self, c):
        _need(_permanent(c[0]) and _permanent(c[1]), "fight")
        return [ir.Fight(c[0], c[1])]

    def sacrifice(self, c):
        """"Sacrifice ~ [unless you sacrifice a creature]" (Contamination's upkeep cost)."""
        if len(c) == 1:
            return [ir.Sacrifice(ir.Ref("self"))]
        d = c[-1]
        _need(c[-2] != "another" and not d.plural and d.kind in (None, "permanent")
              and not d.zone_given, "sacrifice unless")
        return [ir.Sacrifice(ir.Ref("self"), unless_sacrifice=dataclasses.replace(d.filter, controller="you"))]

    def add_extra_mana(self, c):
        """"Its controller adds an additional ..." (CR 106.12a)."""
        return [ir.AddMana(c[0], ITS_CONTROLLER)]

    def add_mana(self, c):
        produce = c[0]
        each = _of(c, _ForEach)
        if each is not None:
            produce = dataclasses.replace(produce, amount=each.count())
        return [ir.AddMana(produce)]

    def p_symbols(self, c):
        return ir.ManaProduce(symbols=_mana_symbols(c[0].symbols))

    def p_choice(self, c):
        """"{R} or {G}" (one symbol each), or "{U}{U}, {U}{B}, or {B}{B}" (groups)."""
        groups = [tuple(m.symbols) for m in c]
        if all(len(g) == 1 for g in groups):
            return ir.ManaProduce(choice=_mana_symbols(tuple(g[0] for g in groups)))
        return ir.ManaProduce(combos=tuple(_mana_symbols(g) for g in groups))

    def p_any_color(self, c):
        n = _number(c[0])
        _need(isinstance(n, int) and str(c[-1]).lower() == "color", "X mana")
        return ir.ManaProduce(any_color=n)

    def add_mana_that_player(self, c):
        """"That player adds ..." (Mana Flare, CR 106.12a)."""
        return [ir.AddMana(c[0], THAT_PLAYER)]

    def add_color_of(self, c):
        """"Choose a color of a permanent you control. Add one mana of that color." (Meteor
        Crater, the example of CR 106.5)."""
        d = next(x for x in c if isinstance(x, _Desc))
        kinds = [str(x).lower() for x in c if isinstance(x, Token) and x.type == "LIKE_KIND"]
        n = next(x for x in c if isinstance(x, Token) and x.type == "NUM")
        _need(kinds == ["color", "color"] and _number(n) == 1, "color of")
        _need(c[0] != "another" and not d.plural and d.kind in (None, "permanent"), "color of")
        return [ir.AddMana(ir.ManaProduce(color_of=d.filter))]

    def p_like_produced(self, c):
        """"one mana of any type that land produced": read from the triggering event."""
        _need(_number(c[0]) == 1 and str(c[1]).lower() == "type", "mana like produced")
        return ir.ManaProduce(like_produced=True)

    def p_like_sacrificed(self, c):
        """"one mana of any type the sacrificed land could produce" (Squandered Resources):
        CR 106.7 asked of the land as it last existed on the battlefield."""
        _need(_number(c[0]) == 1 and str(c[1]).lower() == "type" and str(c[2]).lower() == "land",
              "mana like the sacrificed land")
        return ir.ManaProduce(like_sacrificed=True)

    def p_chosen_color(self, c):
        """"one mana of the chosen color" (chosen as the source entered, CR 614.1c)."""
        _need(_number(c[0]) == 1 and str(c[1]).lower() == "color", "chosen color")
        return ir.ManaProduce(chosen_color=True)

    def p_like_land(self, c):
        """CR 106.7: mana of a type (or color) a land of ``whose`` could produce."""
        _need(_number(c[0]) == 1, "mana like a land")
        return ir.ManaProduce(like_land_could_produce=c[2],
                              color_only=str(c[1]).lower() == "color")

    def lo_you(self, c):
        return "you"

    def lo_opponent(self, c):
        return "opponent"

    def for_each(self, c):
        d = c[0]
        _need(not d.plural and d.kind in (None, "permanent", "card"), "for each")
        _need(d.kind != "card" or d.zone_given, "for each card")
        return _ForEach(d.filter)

    def for_each_counter(self, c):
        return _ForEach(None, c[0])

    def amount(self, c):
        return _Amount(_number(c[0]))

    def that_much(self, c):
        return _Amount(ir.EventAmount())

    # ------------------------------------------------------------------ statics (CR 604)
    def _static(self, kind, affected, **kw):
        return ir.StaticAbility(ir.StaticEffect(kind, affected, **kw))

    def st_pump(self, c):
        affected = c[0]
        (p, neg_p), (t, neg_t) = _ptmod(c[1])
        _need(isinstance(p, int) and isinstance(t, int), "X in a static")
        out = [self._static("modify_pt", affected, power=p, toughness=t)]
        if len(c) > 2:
            out.append(self._static("grant_keywords", affected, keywords=tuple(c[2])))
        return out

    def st_grant_ability(self, c):
        """CR 613.1f: "Lands you control have "{T}: Add one mana of any color."" (Chromatic
        Lantern). Only mana abilities are read so far."""
        affected, cost, effects = c[0], c[1], c[2]
        effects, targets = bind(effects, ir.Ref("self"))
        _need(not targets and any(isinstance(e, ir.AddMana) for e in effects), "granted ability")
        quoted = self.text[self.text.find('"') + 1:self.text.rfind('"')]
        granted = ir.ActivatedAbility(cost, tuple(effects), is_mana=True, text=quoted)
        return [self._static("grant_mana_ability", affected, abilities=(granted,))]

    def st_has(self, c):
        return [self._static("grant_keywords", c[0], keywords=tuple(c[1]))]

    def st_cant_block(self, c):
        return [self._static("cant_block", c[0])]

    def st_cant_attack(self, c):
        return [self._static("cant_attack", c[0])]

    def st_cant_attack_block(self, c):
        return [self._static("cant_attack", c[0]), self._static("cant_block", c[0])]

    def st_unblockable(self, c):
        return [self._static("cant_be_blocked", c[0])]

    def st_block_only_flying(self, c):
        """CR 509.1b: a blocking restriction."""
        return [self._static("can_block_only_flying", c[0])]

    def st_must_attack(self, c):
        return [self._static("attacks_each_combat", c[0])]

    def st_no_untap(self, c):
        """CR 502.3: a permanent that doesn't untap during its controller's untap step."""
        affected, whose = c
        _need((affected == "self") == (whose == "your"), "untap step")
        return [self._static("doesnt_untap", affected)]

    def whose_your(self, c):
        return "your"

    def whose_controller(self, c):
        return "controller"

    def st_no_legend_rule(self, c):
        """Mirror Gallery: the legend rule (CR 704.5j) doesn't apply."""
        return [self._static("no_legend_rule", "all")]

    def st_uncounterable(self, c):
        _need(c[0] == "self", "can't be countered")
        return [self._static("cant_be_countered", "self")]

    def r_enters_tapped(self, c):
        """CR 614.1c: "enters tapped" replaces how the permanent enters."""
        return [ir.ReplacementAbility("enters_tapped")]

    def r_enters_counters(self, c):
        """CR 614.1c, 122.6: enters with counters."""
        return [ir.ReplacementAbility("enters_with_counters", c[2], c[1].value)]

    def r_enters_tapped_counters(self, c):
        """"~ enters tapped with two charge counters on it" (Vivid Crag): two replacement
        effects of one sentence (CR 614.1c)."""
        return [ir.ReplacementAbility("enters_tapped"),
                ir.ReplacementAbility("enters_with_counters", c[3], c[2].value)]

    def r_more_counters(self, c):
        """CR 614.1a: Hardened Scales ("that many plus one") and Corpsejack Menace ("twice
        that many") change how many counters are put on a permanent."""
        kind, other, d, (how, n), again = c
        _need(kind == again and other != "another" and not d.plural and d.kind in (None, "permanent")
              and not d.zone_given, "counters instead")
        return [ir.ReplacementAbility(how, kind, n, affected=d.filter)]

    def mc_plus(self, c):
        return "more_counters", _number(str(c[0]))

    def mc_twice(self, c):
        return "double_counters", 2

    def r_double_damage(self, c):
        """CR 614.1a: doubles the combat damage this deals to a player."""
        return [ir.ReplacementAbility("double_damage_to_player", condition="combat_damage")]

    def r_mana_becomes(self, c):
        """CR 106.12b: "If a land is tapped for [two or more] mana, it produces {B} instead of
        any other type and amount" (Contamination, Damping Sphere)."""
        d = c[1]
        _need(c[0] != "another" and not d.plural and d.kind in (None, "permanent"), "tapped")
        _need(str(c[-1]).lower() == "type", "instead of")
        minimum = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "min"), 1)
        mana = next(x for x in c if isinstance(x, ManaCost))
        return [ir.ManaReplacement(d.filter, min_amount=minimum,
                                   becomes=_mana_symbols(mana.symbols))]

    def eot_mana_replacement(self, c):
        """"Until end of turn, if a player taps a nonbasic land for mana, it produces colorless
        mana instead of any other type." (Pale Moon): a replacement effect that a resolving
        spell creates (CR 611.2, 106.12b)."""
        d, to_type = c[2], c[3]
        _need(c[1] != "another" and not d.plural and d.kind in (None, "permanent")
              and str(c[-1]).lower() == "type", "tapped for mana")
        return [ir.CreateManaReplacement(ir.ManaReplacement(d.filter, to_type=to_type))]

    def eot_mana_trigger(self, c):
        """"Until end of turn, whenever a player taps an Island for mana, that player adds an
        additional {U}." (High Tide): a delayed triggered ability that lasts the turn
        (CR 603.7, 603.7b). Only triggered mana abilities are read: they resolve at once
        (CR 605.4a), so they never wait on the stack."""
        _, (ability,) = self.triggered([c[1], c[2]])
        _need(ability.is_mana, "delayed trigger")
        text = self.text.split(", ", 1)[1]
        return [ir.CreateDelayedTrigger(dataclasses.replace(ability, text=text[:1].upper() + text[1:]))]

    def mw_colorless(self, c):
        return "C"

    def mw_color(self, c):
        return NAME_TO_COLOR[str(c[0]).lower()]

    def mana_min(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "X or more mana")
        return "min", n

    def r_mana_multiply(self, c):
        """CR 106.12b: "If you tap a permanent for mana, it produces twice as much ... instead"
        (Mana Reflection, Nyxbloom Ancient)."""
        d, times = c[1], c[2]
        _need(c[0] != "another" and not d.plural and d.kind in (None, "permanent"), "tap")
        return [ir.ManaReplacement(d.filter, player="you", multiplier=times)]

    def mult_twice(self, c):
        return 2

    def mult_times(self, c):
        n = _number(c[0])
        _need(isinstance(n, int), "X times")
        return n

    def r_choose_color(self, c):
        """CR 614.1c: "As ~ enters, choose a color" (the choice is made as it enters)."""
        _need(str(c[1]).lower() == "color", "choose")
        return [ir.ReplacementAbility("choose_color")]

    def st_additional_trigger(self, c):
        """CR 603.2d (Panharmonicon, Felix Five-Boots)."""
        _need(c[0] != "another" and not c[1].plural and c[1].kind is None, "cause")
        return [ir.AdditionalTriggers(c[2], c[1].filter)]

    def ev_enters(self, c):
        return "enters"

    def ev_combat_damage_player(self, c):
        return "deals_combat_damage_to_player"

    def s_self(self, c):
        return "self"

    def s_enchanted(self, c):
        _need(not c[0].plural, "enchanted")
        return "enchanted"

    def s_equipped(self, c):
        return "equipped"

    def s_all(self, c):
        _need(c[0].plural and c[0].kind in (None, "permanent") and not c[0].zone_given, "all")
        return c[0].filter

    def s_each(self, c):
        _need(not c[0].plural and c[0].kind in (None, "permanent"), "each")
        return c[0].filter

    # ------------------------------------------------------------------ triggers (CR 603)
    def t_when(self, c):
        return c[1]

    def t_step(self, c):
        return c[0]

    def e_self_enters(self, c):
        return ir.Trigger("enters")

    def e_enters(self, c):
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, "permanent") and not d.zone_given, "enters")
        f = dataclasses.replace(d.filter, other=other or d.filter.other)
        if len(c) > 2:
            _need(f.controller is None, "enters under")
            f = dataclasses.replace(f, controller="you")
        return ir.Trigger("enters", f)

    def under_you(self, c):
        return "you"

    def e_self_dies(self, c):
        return ir.Trigger("dies")

    def e_dies(self, c):
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, "permanent") and not d.zone_given, "dies")
        return ir.Trigger("dies", dataclasses.replace(d.filter, other=other or d.filter.other))

    def e_attacks(self, c):
        return ir.Trigger("attacks")

    def e_desc_attacks(self, c):
        """CR 508.3a: "whenever a creature attacks" triggers for each such attacker."""
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, "permanent") and not d.zone_given, "attacks")
        return ir.Trigger("attacks", dataclasses.replace(d.filter, other=other or d.filter.other))

    def e_blocks(self, c):
        return ir.Trigger("blocks")

    def e_blocked(self, c):
        return ir.Trigger("becomes_blocked")

    def e_leaves(self, c):
        return ir.Trigger("leaves")

    def e_damage(self, c):
        combat = any(isinstance(x, Token) and x.type == "COMBAT_KW" for x in c)
        to = next(("_to_" + x[1] for x in c if isinstance(x, tuple)), "")
        event = "deals_%sdamage%s" % ("combat_" if combat else "", to)
        return ir.Trigger(event, c[0])

    def e_batch_damage(self, c):
        """"Whenever one or more [creatures] deal combat damage to a player": one trigger for all
        of them per event and player (CR 603.2c)."""
        d = c[0]
        _need(d.plural and d.kind in (None, "permanent") and not d.zone_given, "one or more")
        trig = self.e_damage([d.filter, *c[1:]])
        return dataclasses.replace(trig, one_or_more=True)

    def ts_self(self, c):
        return "self"

    def ts_equipped(self, c):
        return "equipped"

    def ts_enchanted(self, c):
        return "enchanted"

    def ts_desc(self, c):
        other, d = c[0] == "another", c[1]
        _need(not d.plural and d.kind in (None, "permanent") and not d.zone_given, "source")
        return dataclasses.replace(d.filter, other=other or d.filter.other)

    def d_player(self, c):
        return "to", "player"

    def d_opponent(self, c):
        return "to", "opponent"

    def e_gain_life(self, c):
        return ir.Trigger("gain_life", "you")

    def e_opponent_loses_life(self, c):
        return ir.Trigger("lose_life", "opponent")

    def e_draw(self, c):
        return ir.Trigger("draw", "you")

    def e_cast(self, c):
        """CR 601.2i: "whenever you cast" triggers once the spell becomes cast."""
        _need(c[0] != "another" and c[1].kind == "spell" and not c[1].plural, "cast")
        return ir.Trigger("cast", dataclasses.replace(c[1].filter, controller="you"))

    def e_player_taps(self, c):
        """"Whenever a player taps a land for mana" (CR 106.12, 106.12a)."""
        d = c[1]
        _need(c[0] != "another" and not d.plural and d.kind is None and not d.zone_given,
              "taps for mana")
        return ir.Trigger("tapped_for_mana", d.filter, whose="each")

    def e_is_tapped_for_mana(self, c):
        """"Whenever a basic land is tapped for mana [of the chosen color]" (CR 106.12a)."""
        d = c[1]
        _need(c[0] != "another" and not d.plural and d.kind in (None, "permanent") and not d.zone_given,
              "tapped for mana")
        return ir.Trigger("tapped_for_mana", d.filter, mana_type=c[2] if len(c) > 2 else None)

    def mana_of_chosen(self, c):
        _need(str(c[0]).lower() == "color", "of the chosen type")
        return "chosen"

    def e_you_tap(self, c):
        trigger = self.e_player_taps(c)
        return dataclasses.replace(trigger, whose="you")

    def e_other_cast(self, c):
        """"Whenever a player / an opponent casts ..." (CR 601.2i); the caster controls the
        spell (CR 110.2)."""
        _need(c[1] != "another" and c[2].kind == "spell" and not c[2].plural, "cast")
        _need(c[2].filter.controller is None, "cast")
        return ir.Trigger("cast", dataclasses.replace(c[2].filter, controller=c[0]))

    def caster_any(self, c):
        return None

    def caster_opponent(self, c):
        return "opponent"

    def e_enchanted_dies(self, c):
        """The enchanted creature is put into a graveyard (CR 700.4); the Aura sees it leave
        (CR 603.10a)."""
        return ir.Trigger("dies", "enchanted")

    def e_tapped_for_mana(self, c):
        """CR 605.1b: a triggered mana ability of the enchanted land."""
        _need(not c[0].plural and c[0].kind is None, "tapped for mana")
        return ir.Trigger("tapped_for_mana", "enchanted")

    def step_your(self, c):
        return ir.Trigger("beginning_of_step", step=c[0], whose="your")

    def step_each(self, c):
        return ir.Trigger("beginning_of_step", step=c[0], whose="each")

    def step_opponent(self, c):
        return ir.Trigger("beginning_of_step", step=c[0], whose="opponent")

    def step_combat_your(self, c):
        return ir.Trigger("beginning_of_step", step="beginning_of_combat", whose="your")

    def sn_upkeep(self, c):
        return "upkeep"

    def sn_end(self, c):
        return "end"

    def sn_draw(self, c):
        return "draw"

    def sn_main(self, c):
        return "precombat_main"

    # ------------------------------------------------------------------ objects (CR 109, 115)
    def object_ref(self, c):
        return c[0]

    def o_self(self, c):
        return ir.Ref("self")

    def o_it(self, c):
        return IT

    def o_all(self, c):
        _need(c[0].plural and c[0].kind in (None, "permanent") and not c[0].zone_given, "all")
        return ir.Ref("all", c[0].filter)

    def o_each(self, c):
        _need(not c[0].plural and c[0].kind in (None, "permanent") and not c[0].zone_given,
              "each")
        return ir.Ref("all", c[0].filter)

    def o_enchanted(self, c):
        _need(not c[0].plural and c[0].kind in (None, "permanent"), "enchanted")
        return ir.Ref("enchanted")

    def o_equipped(self, c):
        return ir.Ref("equipped")

    def target(self, c):
        count, up_to = 1, False
        if isinstance(c[0], tuple) and c[0][0] in ("count", "up_to"):
            count, up_to = c[0][1], c[0][0] == "up_to"
            c = c[1:]
        kind, f = c[0]
        _need(isinstance(count, int), "X targets")
        return _T(ir.TargetSpec(kind, f, count, up_to))

    def count(self, c):
        return "count", _number(c[0])

    def up_to(self, c):
        return "up_to", _number(c[0])

    def t_any(self, c):
        return _T(ir.TargetSpec("any"))

    def t_another(self, c):
        d = c[1]
        _need(not d.plural and d.kind in (None, "permanent") and not d.zone_given, "another")
        return _T(ir.TargetSpec("permanent", dataclasses.replace(d.filter, other=True)),
                  another=True)

    def tw_player(self, c):
        return "player", ir.Filter()

    def tw_opponent(self, c):
        return "opponent", ir.Filter()

    def tw_player_pw(self, c):
        return "player_or_planeswalker", ir.Filter()

    def tw_desc(self, c):
        d = c[0]
        if d.kind == "spell":
            return "spell", d.filter
        if d.kind == "card":
            _need(d.zone_given, "card zone")
            return "card", d.filter
        _need(not d.zone_given, "target zone")
        return "permanent", d.filter

    def player(self, c):
        return c[0]

    player_nt = player

    def p_you(self, c):
        return ir.Ref("you")

    def p_each_opponent(self, c):
        return ir.Ref("each_opponent")

    def p_each_player(self, c):
        return ir.Ref("each_player")

    def p_its_controller(self, c):
        return ITS_CONTROLLER

    def p_that_player(self, c):
        return THAT_PLAYER  # meaningful only where the trigger names a player (see bind)

    # ------------------------------------------------------------------ descriptions
    def desc(self, c):
        fields: dict = {}
        plural, kind, zone_given = False, None, False
        for item in c:
            tag = item[0]
            if tag == "noun":
                _, types, subtypes, plural, kind = item
                fields.update(types=types, subtypes=subtypes)
            elif tag in ("colors", "non_colors", "non_types", "supertypes", "keywords",
                         "without_keywords", "non_supertypes"):
                fields[tag] = fields.get(tag, ()) + (item[1],)
            elif tag == "zone":
                zone_given = True
                fields["zone"] = "graveyard"
                if item[1]:
                    fields["controller"] = item[1]
            else:
                _need(tag not in fields, "repeated " + tag)
                fields[tag] = item[1]
        if kind == "spell":
            fields["zone"] = "stack"
        return _Desc(ir.Filter(**fields), plural, kind, zone_given)

    def a_color(self, c):
        return "colors", NAME_TO_COLOR[str(c[0]).lower()]

    def a_noncolor(self, c):
        return "non_colors", NAME_TO_COLOR[str(c[0]).lower()[3:]]

    def a_nontype(self, c):
        word = str(c[0]).lower()[3:]
        if word == "basic":
            return "non_supertypes", "Basic"        # "nonbasic land" (CR 205.4)
        _need(word in _PREFIX_NON, "non" + word)
        return "non_types", _PREFIX_NON[word]

    def a_tapped(self, c):
        return "tapped", True

    def a_attacking(self, c):
        return "attacking", True

    def a_blocking(self, c):
        return "blocking", True

    def a_attacking_or_blocking(self, c):
        return "attacking_or_blocking", True

    def a_basic(self, c):
        return "supertypes", "Basic"

    def a_legendary(self, c):
        return "supertypes", "Legendary"

    def a_other(self, c):
        return "other", True

    def a_colorless(self, c):
        raise Unsupported("colorless")

    def n_types(self, c):
        words = [x for x in c if isinstance(x, tuple)]
        kind = next((x for x in c if isinstance(x, str)), None)
        types = tuple(w[1] for w in words if w[0] == "type")
        subtypes = tuple(w[1] for w in words if w[0] == "subtype")
        _need(not (types and subtypes), "types and subtypes")
        plurals = {w[2] for w in words}
        if kind is not None:
            _need(plurals == {False}, "plural type before kind")
            plural = kind.endswith("s")
            kind = kind.rstrip("s")
        else:
            _need(len(plurals) == 1, "mixed plural")
            plural = plurals.pop()
        return "noun", types, subtypes, plural, kind

    def n_subtype_type(self, c):
        """"Sliver creatures", "Goblin creature card": a subtype and a card type together."""
        subtype, _ = _subtype(str(c[0]))
        _, t, plural = self.tw_type([c[1]])
        kind = c[2] if len(c) > 2 else None
        if kind is not None:
            _need(not plural, "plural type before kind")
            plural, kind = kind.endswith("s"), kind.rstrip("s")
        return "noun", (t,), (subtype,), plural, kind

    def n_type_list(self, c):
        """"artifact, creature, or land" / "artifacts, creatures, and lands": any of them."""
        words = [w for w in str(c[0]).replace(",", " ").split() if w.lower() not in ("and", "or")]
        found = [self.tw_type([w]) for w in words]
        plural = {f[2] for f in found}
        _need(len(plural) == 1, "mixed plural")
        kind = c[1] if len(c) > 1 else None
        plural = plural.pop()
        if kind is not None:
            _need(not plural, "plural type before kind")
            plural, kind = kind.endswith("s"), kind.rstrip("s")
        _need(plural == ("and" in str(c[0]).lower().split()), "and/or")
        return "noun", tuple(f[1] for f in found), (), plural, kind

    def n_kind(self, c):
        word = c[0]
        return "noun", (), (), word.endswith("s"), word.rstrip("s")

    def tw_type(self, c):
        word = str(c[0]).lower()
        plural = word.endswith("s")
        return "type", (word[:-1] if plural else word).capitalize(), plural

    def tw_subtype(self, c):
        name, plural = _subtype(str(c[0]))
        return "subtype", name, plural

    def kind(self, c):
        return str(c[0]).lower()

    def p_control_you(self, c):
        return "controller", "you"

    def p_control_not_you(self, c):
        return "controller", "not_you"

    def p_control_opponent(self, c):
        return "controller", "opponent"

    def p_with(self, c):
        return "keywords", _kw_name(c[0])

    def p_without(self, c):
        return "without_keywords", _kw_name(c[0])

    def p_power(self, c):
        _need(str(c[0]).isdigit(), "power X")
        key = "power_at_most" if str(c[1]).lower() == "less" else "power_at_least"
        return key, int(c[0])

    def p_mv(self, c):
        _need(str(c[0]).isdigit(), "mana value X")
        return "mana_value_at_most", int(c[0])

    def p_your_graveyard(self, c):
        return "zone", "you"

    def p_of_chosen_color(self, c):
        """"Creatures of the chosen color": "chosen" stands for the color chosen for the source."""
        _need(str(c[0]).lower() == "color", "of the chosen type")
        return "colors", "chosen"

    def p_a_graveyard(self, c):
        return "zone", None


def _mana_symbols(symbols) -> tuple[str, ...]:
    """Mana a mana ability adds: colored or colorless symbols, generic numbers are not mana."""
    _need(all(s in ("W", "U", "B", "R", "G", "C") for s in symbols), "mana symbol")
    return tuple(symbols)


def _permanent(subject) -> bool:
    if isinstance(subject, _T):
        return subject.spec.kind == "permanent"
    return _is_object(subject) and subject is not PREV


def _subject_of(effect):
    for name in ("what", "source", "first"):
        value = getattr(effect, name, None)
        if value is not None and _is_object(value):
            return value
    return None


def _describe(f: ir.Filter, kind: str | None) -> str:
    """A short text for an "Enchant ..." argument (CR 702.5)."""
    words = " or ".join(t.lower() for t in f.types) or " or ".join(f.subtypes) or kind or ""
    if f.controller == "you":
        words += " you control"
    _need(words and not (f.colors or f.non_types or f.keywords or f.other), "enchant")
    return words


def bind(effects, it_default, its_default=None, that_player=None):
    """Number the target phrases of one ability in order (CR 601.2c) and resolve "it".

    Returns (effects, target specs). "It" is the object last named (a target, this object,
    the enchanted or equipped one), else ``it_default``; "its controller" is the target's
    controller, else ``its_default``; "that player" is ``that_player`` (the player a
    trigger condition names), else unsupported.
    """
    specs: list[ir.TargetSpec] = []
    index: dict[int, int] = {}

    last: list = []  # the latest object mentioned, for "it"

    def subject(value):
        if isinstance(value, _T):
            # After a first target, "another target" means a different object than that
            # target (CR 115.3), which a TargetSpec cannot say; in a spell there is no source.
            _need(not value.another or (not specs and it_default is not None), "another target")
            if id(value) not in index:
                index[id(value)] = len(specs)
                specs.append(value.spec)
            value = ir.Target(index[id(value)])
        elif value is IT:
            _need(bool(last) or it_default is not None, "it")
            value = last[-1] if last else it_default
        elif value is ITS_CONTROLLER:
            if specs:
                _need(len(specs) == 1, "its controller")
                return ir.Ref("target_controller")
            _need(its_default is not None, "its controller")
            return its_default
        elif value is THAT_PLAYER:
            _need(that_player is not None, "that player")
            return that_player
        _need(not isinstance(value, _Marker), "unresolved")
        if isinstance(value, ir.Target) or (isinstance(value, ir.Ref) and value.name in _ONE):
            last.append(value)
        return value

    def walk(effect):
        if isinstance(effect, ir.May):
            return ir.May(tuple(walk(e) for e in effect.effects), subject(effect.who))
        if isinstance(effect, ir.Modal):
            return effect
        changes = {}
        for name in ("source", "who", "first", "what", "to", "second"):
            if hasattr(effect, name):
                changes[name] = subject(getattr(effect, name))
        return dataclasses.replace(effect, **changes) if changes else effect

    return [walk(e) for e in effects], specs
