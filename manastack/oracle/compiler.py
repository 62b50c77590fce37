"""Compile a card's Oracle text into the abilities of :mod:`manastack.oracle.ir`.

The text is split into lines (one ability each, CR 113.2) and sentences. Each line is parsed as
a whole with the LALR grammar in ``grammar.lark``; a line the grammar or the transformer cannot
read gives no ability, and its unreadable sentences go into ``unsupported`` verbatim (the whole
line when no single sentence is to blame). Nothing is dropped silently: ``gaps`` lists every
part of the text that gave no ability, each with the reason (a sentence read alone but dropped
with the rest of its line among them).

Before parsing, reminder text is removed (CR 207.2a), as are ability words (CR 207.2c); the
card's name and "this creature"/"this spell"/... become ``~`` (CR 201.5); 2021 wording is
rewritten to the current one ("enters the battlefield" -> "enters", "converted mana cost" ->
"mana value", CR 202.3).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from lark import Lark
from lark.exceptions import LarkError, UnexpectedInput, VisitError

from manastack.mana import BASIC_LAND_MANA
from manastack.oracle import ir
from manastack.oracle.parser_tables import load_parser
from manastack.oracle.subtypes import ABILITY_WORDS
from manastack.oracle.transform import OracleTransformer, Unsupported, bind, instead_of_line_before
from manastack.oracle.transform_base import UNROUNDED_HALF

_STARTS = ["kw_line", "activated", "triggered", "static_line", "spell_line", "mode_line", "chapter", "exert_line"]
_EXERT = re.compile(r"you may exert ~ as it attacks\.", re.I)        # CR 701.43d
# An instant's or sorcery's own triggered abilities: on being cycled (CR 702.29c, from where it
# went) and on being cast (CR 601.2i, from the stack)
_SPELL_TRIGGER = re.compile(r"when you (?:cycle|cast) ~(?!\w)", re.I)
# an instant's or sorcery's triggered ability that returns it from its owner's graveyard works
# only there (CR 113.6k-m; Reach of Branches)
_GRAVEYARD_TRIGGER = re.compile(r"(?:when|whenever|at)\b.*\breturn ~ from your graveyard\b|"
                               r"when ~ is put into your graveyard from your library\b", re.I)
_CHAPTER = re.compile(r"(?:IV|VI|V|I{1,3})(?:, (?:IV|VI|V|I{1,3}))* — ")   # CR 714.2


@dataclass(frozen=True)
class Gap:
    """A part of a card's text that gives no ability (``text``, verbatim without reminder
    text), and why (``reason``, in words)."""

    text: str
    reason: str

    def to_dict(self) -> dict:
        return {"text": self.text, "reason": self.reason}


# Reasons a part of a card's text is not compiled.
UNREADABLE = "the grammar can't read this sentence"
NO_ATTACK = "\"defending player\" outside a trigger of the creature's own attack (CR 506.2)"
NO_CHOSEN_NAME = "\"the chosen name\" with no card name chosen before it (CR 201.3)"
NO_CHOSEN_COLOR = "\"the chosen color\" with no \"As ~ enters, choose a color\" (CR 614.12)"
NO_CHOSEN_PLAYER = "\"the chosen player\" with no \"As ~ enters, choose a player (an opponent)\" (CR 614.12)"
NO_SACRIFICE = "\"the sacrificed\" permanent names no single permanent sacrificed to pay a cost (CR 608.2h)"
UNLINKED = "\"the exiled card\" refers to no activated or triggered ability of the card that exiles one (CR 607.2a)"
UNREADABLE_LINE = "the grammar can't read this line (no single sentence of it is to blame)"
LOYALTY = "the grammar can't read this loyalty ability (CR 606)"
UNDEFINED_X = ("X is not defined: no cost of the card has {X} and no \"where X is\" says what it is "
               "(CR 107.3)")
_LOYALTY_LINE = re.compile(r"^[+−-]?(?:\d+|X): ")     # CR 606.1: "[+N]: effect", "[−N]: ..."
_LOYALTY_X = re.compile(r"^[+−-]X: ", re.M)
_LIFE_X = re.compile(r"^As an additional cost to cast this spell, pay X life\.$", re.M | re.I)   # CR 601.2b


@dataclass
class CompileResult:
    """The abilities read from a card, the sentences that could not be read (each one to
    blame for a line giving no ability), and every part of the text not compiled with why."""

    abilities: list = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)


GRAMMAR = Path(__file__).with_name("grammar.lark")


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The grammar's LALR parser, built once per process and its tables read from the user's
    cache directory when they were built before (:mod:`manastack.oracle.parser_tables`)."""
    return load_parser(GRAMMAR.read_text(encoding="utf-8"), start=_STARTS, propagate_positions=True,
                       maybe_placeholders=False)


# ----------------------------------------------------------------------------- text


_REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF_WORDS = re.compile(
    r"\b[Tt]his (?:creature|artifact|enchantment|land|permanent|spell|card|token|Aura|"
    r"Equipment|Vehicle|planeswalker|emblem)\b")
_WORDING = [(re.compile(r"\b(enter|enters|entering) the battlefield\b"), r"\1"),
            (re.compile(r"\bconverted mana cost\b"), "mana value"),
            (re.compile(r"\bActivate this ability only\b"), "Activate only")]
_MODAL_HEAD = re.compile(r"\bchoose (?:one|two|one or both) —$", re.I)
_TAIL = re.compile(r"(?:Activate only (?:as a sorcery|any time you could cast a sorcery|"
                   r"once each turn|during your upkeep|during your turn(?:, before attackers are declared)?|"
                   r"(?:as a sorcery|any time you could cast a sorcery|during your upkeep|during your turn) "
                   r"and only once each turn|during combat|any time you could cast an instant|"
                   r"if ~ is attacking or blocking(?: and only once each turn)?|"
                   r"if seven or more cards are in your graveyard|if you have no cards in hand)|"
                   r"Activate this ability no more than (?:twice|\w+ times) each turn|"
                   r"Any player may activate this ability|You may choose new targets for the copy|"
                   r"Then shuffle your library|(?:It|They) can't be regenerated)\.$")
_CLOSE = {'"': '"', "“": "”"}    # quotation marks, straight and curly: where quoted text ends


def strip_reminder(text: str) -> str:
    """Remove reminder text: parenthesised explanations without rules force (CR 207.2a)."""
    return _REMINDER.sub("", text).strip()


def normalise(line: str, name: str) -> str:
    """Rewrite one line for the grammar: self references, current wording, no ability word."""
    line = _self_pattern(name).sub("~", line)
    line = _SELF_WORDS.sub("~", line)
    for pattern, repl in _WORDING:
        line = pattern.sub(repl, line)
    line = line.replace("’", "'").replace("−", "-")
    head, dash, rest = line.partition(" — ")
    if dash and head.lower() in ABILITY_WORDS:
        line = rest
    return line


@lru_cache(maxsize=256)
def _self_pattern(name: str) -> re.Pattern:
    """CR 201.5: a card's text refers to itself by name, a legend often by the part of its
    name before the comma (CR 201.5c)."""
    names = [name] + ([name.split(", ")[0]] if ", " in name else [])
    return re.compile(r"(?<!\w)(?:%s)(?!\w)" % "|".join(map(re.escape, names)))


def sentences(line: str) -> list[str]:
    """The sentences of a line; a modal line gives its header and one entry per mode."""
    out = []
    for part in re.split(r"\s*(?=•)", line):
        out += [s.strip() for s in _split_sentences(part) if s.strip()]
    return out


def _split_sentences(text: str) -> list[str]:
    """Split at each period outside quoted text (a granted ability's own periods stay inside
    its quotation marks), in one pass: linear in the length of the text."""
    out, start, closing = [], 0, None
    for i, ch in enumerate(text):
        if closing is not None:
            if ch == closing:
                closing = None
        elif ch in _CLOSE:
            closing = _CLOSE[ch]
        elif ch == ".":
            out.append(text[start:i + 1])
            start = i + 1
    out.append(text[start:])
    return out


def card_lines(text: str) -> list[str]:
    """Paragraphs of Oracle text with reminder text removed; modes ("•") join their header."""
    lines: list[str] = []
    for raw in text.split("\n"):
        line = strip_reminder(raw.replace("<i>", "").replace("</i>", ""))
        if not line:
            continue
        if line.startswith("•") and lines:
            lines[-1] += " " + line
        else:
            lines.append(line)
    return lines


# ----------------------------------------------------------------------------- compile


# "If [condition], instead [instructions]": an alternative to the whole paragraph before (CR 608.2c)
_INSTEAD_FIRST = re.compile(r"if [^,.]+, instead ", re.I)


def compile_card(card) -> CompileResult:
    """Compile ``card`` (a :class:`manastack.cards.CardDef`); see the module docstring.

    Instants and sorceries give one :class:`ir.SpellAbility` for all their effect paragraphs
    (CR 608.2); permanents give the intrinsic mana ability of each basic land type (CR 305.6),
    then one ability per paragraph.
    """
    is_spell = "Instant" in card.types or "Sorcery" in card.types
    result = CompileResult()
    spell_effects: list = []
    spell_text: list[str] = []
    text = card.text
    # CR 107.3: X is a value chosen for a cost with {X} (the card's mana cost, an activation,
    # kicker or additional cost; a loyalty cost -X), which its enters abilities read too
    # (107.3m); anywhere else a "where X is" must say what it is, or X was not understood
    x_chosen = card.mana_cost.x_count > 0 or "{X}" in text or bool(_LOYALTY_X.search(text)) \
        or bool(_LIFE_X.search(text))
    text = rules_text(card)
    last_paragraph = 0      # how many of spell_effects the paragraph before gave
    for line in card_lines(text):
        norm = normalise(line, card.name)
        try:
            kind, value = _parse_line(norm, is_spell)
            replace = instead_of_line_before(value) if kind == "spell" else None
            if replace is not None:
                # "Morbid — ... instead if ...": of the paragraph before, one sentence long; "Hellbent —
                # If you have no cards in hand, instead search ...": all of the paragraph before
                if not last_paragraph or len(sentences(spell_text[-1])) != 1 and not _INSTEAD_FIRST.match(norm):
                    raise Unsupported(norm)
                value = [replace(spell_effects[-last_paragraph:]), *value[1:]]
                del spell_effects[-last_paragraph:]
            elif ir.contains(value, lambda n: instead_of_line_before([n]) is not None):
                raise Unsupported(norm)     # "instead" of nothing before it
            if kind == "spell":
                bind(spell_effects + value, None)  # "it", "that player" must refer to something
        except Unsupported as exc:
            bad = _unreadable(line, norm, is_spell, getattr(exc, "pos", None))
            result.unsupported += bad
            result.gaps += _gaps(card, line, bad, exc)
            continue
        if not x_chosen and ir.contains(value, lambda n: type(n) is ir.X):     # read, but not all of it (CR 107.3)
            result.unsupported.append(line)
            result.gaps.append(Gap(line, UNDEFINED_X))
            continue
        if kind == "spell":
            spell_effects += value
            spell_text.append(line)
            last_paragraph = len(value)
        else:
            result.abilities += [_with_text(a, line) for a in value]
    if spell_effects:
        effects, targets = bind(spell_effects, None)
        result.abilities.insert(0, ir.SpellAbility(tuple(effects), tuple(targets),
                                                   text="\n".join(spell_text)))
    _link_exiles(result)
    _need_chosen_color(result)
    _need_chosen_name(result)
    _need_an_attack(result)
    _need_a_sacrifice(result)
    # Intrinsic abilities first: abilities added later as text (CR 613.1f) keep the indexes
    # of the ones the card already had.
    result.abilities[:0] = [basic_land_ability(t) for t in card.subtypes if t in BASIC_LAND_MANA]
    return result


def _link_exiles(result: CompileResult) -> None:
    """CR 607.2a: an activated or triggered ability that exiles cards and one that refers to
    "the exiled card" are linked. The exiles of such a card's activated and triggered abilities
    remember their source; a reference with no such exile to refer to, or in an instant's or
    sorcery's effect, is not read."""
    linkable = (ir.ActivatedAbility, ir.TriggeredAbility)
    exiled = ir.Ref(ir.EXILED_CARDS)
    referring = [a for a in result.abilities if ir.contains(a, lambda n: n == exiled)]
    if not referring:
        return
    exiles = [a for a in result.abilities if type(a) in linkable and ir.contains(a, _is_exile)]
    if not exiles or any(type(a) not in linkable for a in referring):
        for a in referring:
            _set_aside(result, a, UNLINKED)
        return
    result.abilities[:] = [_linked(a) if type(a) in linkable else a for a in result.abilities]


def _need_chosen_color(result: CompileResult) -> None:
    """Protection "from the chosen color" (CR 702.16a) is from the color chosen as the card
    entered: read only on a permanent card with "As ~ enters, choose a color" (CR 614.12)."""
    chosen = ir.Keyword("protection", arg=ir.CHOSEN_COLOR)
    chooses = any(type(a) is ir.ReplacementAbility and a.kind == ir.ReplacementKind.CHOOSE_COLOR for a in result.abilities)
    for a in list(result.abilities):
        if (not chooses or type(a) is ir.SpellAbility) and ir.contains(a, lambda n: n == chosen):
            _set_aside(result, a, NO_CHOSEN_COLOR)
    player = ir.Keyword("protection", arg=ir.CHOSEN_PLAYER)
    if not any(type(a) is ir.ReplacementAbility and a.kind in (ir.ReplacementKind.CHOOSE_PLAYER, ir.ReplacementKind.CHOOSE_OPPONENT)
               for a in result.abilities):
        for a in list(result.abilities):
            if ir.contains(a, lambda n: n == player or type(n) is ir.Trigger and n.whose == ir.CHOSEN_PLAYER
                           or type(n) is ir.Filter and n.controller == ir.CHOSEN_PLAYER):
                _set_aside(result, a, NO_CHOSEN_PLAYER)


def _need_chosen_name(result: CompileResult) -> None:
    """"The chosen name" (CR 201.3) is the one chosen as the permanent entered ("As ~ enters,
    choose a card name") or by the spell's own "Choose a card name." before it: read only there."""
    def names_it(n) -> bool:
        return type(n) is ir.Filter and n.name == ir.CHOSEN_NAME

    enters = any(type(a) is ir.ReplacementAbility and a.kind == ir.ReplacementKind.CHOOSE_NAME for a in result.abilities)
    for a in list(result.abilities):
        if not ir.contains(a, names_it):
            continue
        if type(a) is ir.SpellAbility:
            chooses = next((i for i, e in enumerate(a.effects) if type(e) is ir.ChooseCardName), None)
            if chooses is None or any(ir.contains(e, names_it) for e in a.effects[:chooses]) \
                    or any(ir.contains(t, names_it) for t in a.targets):
                _set_aside(result, a, NO_CHOSEN_NAME)
        elif not enters:
            _set_aside(result, a, NO_CHOSEN_NAME)


# Trigger events of the source's own attack, after which "defending player" is the player it
# attacks (CR 506.2, 508.5)
ATTACK_EVENTS = frozenset({ir.TriggerEvent.ATTACKS, ir.TriggerEvent.ATTACKS_ALONE, ir.TriggerEvent.ATTACKS_UNBLOCKED, ir.TriggerEvent.BECOMES_BLOCKED})


def _need_an_attack(result: CompileResult) -> None:
    """"Defending player" is read only in a triggered ability of the attacker's own attack
    (CR 506.2): elsewhere nothing says who it is."""
    defending = ir.Ref("defending_player")
    for a in list(result.abilities):
        if ir.contains(a, lambda n: n == defending) and not (
                type(a) is ir.TriggeredAbility and a.trigger.event in ATTACK_EVENTS and a.trigger.subject == "self"):
            _set_aside(result, a, NO_ATTACK)


def _sacrifices_one(cost: ir.Cost) -> bool:
    """Whether ``cost`` sacrifices one permanent other than its source (CR 701.21a)."""
    part = cost.part(ir.SacrificeCost)
    return part is not None and part.count == 1


def _need_a_sacrifice(result: CompileResult) -> None:
    """"The sacrificed creature" is read only where one permanent is sacrificed to pay a cost:
    an activated ability's own cost, or a spell's additional cost (CR 601.2b, 602.2b)."""
    sacrificed = ir.Ref(ir.SACRIFICED)
    paid = any(type(a) is ir.AdditionalCost and _sacrifices_one(a.cost) for a in result.abilities)
    for a in list(result.abilities):
        if not ir.contains(a, lambda n: n == sacrificed):
            continue
        emblems = [e for e in ir.nodes(a) if type(e) is ir.CreateEmblem]
        if emblems and not ir.contains(_without_emblems(a), lambda n: n == sacrificed):
            # only an emblem's own activated ability reads it (CR 114.4): its own cost
            ok = all(type(ab) is ir.ActivatedAbility and _sacrifices_one(ab.cost) and not ab.cost.sacrifice_self
                     for e in emblems for ab in e.abilities if ir.contains(ab, lambda n: n == sacrificed))
        elif type(a) is ir.ActivatedAbility:
            ok = _sacrifices_one(a.cost) and not a.cost.sacrifice_self
        else:
            ok = type(a) is ir.SpellAbility and paid
        if not ok:
            _set_aside(result, a, NO_SACRIFICE)


def _without_emblems(node):
    """``node`` with the abilities of the emblems it creates left out."""
    if type(node) is ir.CreateEmblem:
        return dataclasses.replace(node, abilities=())
    if isinstance(node, (tuple, list)):
        return type(node)(_without_emblems(n) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return dataclasses.replace(node, **{f.name: _without_emblems(getattr(node, f.name))
                                            for f in dataclasses.fields(node) if f.init})
    return node


def _set_aside(result: CompileResult, ability, reason: str) -> None:
    """``ability`` read, but not understood in full: listed as not compiled, with ``reason``."""
    result.abilities.remove(ability)
    result.unsupported.append(ability.text)
    result.gaps.append(Gap(ability.text, reason))


def _is_exile(node) -> bool:
    return type(node) is ir.Exile


def _linked(node):
    """``node`` with each of its Exile effects marked linked (CR 607.2a)."""
    if type(node) is ir.Exile:
        return dataclasses.replace(node, linked=True)
    if isinstance(node, tuple):
        return tuple(_linked(n) for n in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type) and ir.contains(node, _is_exile):
        return dataclasses.replace(node, **{f.name: _linked(getattr(node, f.name)) for f in dataclasses.fields(node)})
    return node


def _misplaced(node, top: bool = False, returns: bool = False) -> bool:
    """Whether the compiled ``node`` has a part where it can't work: returning its card from a
    graveyard anywhere but in an activated ability's effects or a triggered ability marked to
    work from there (CR 113.6k-m; ``returns``: inside such an ability), or protection "from the
    color of your choice" (or "from A or from B") anywhere but in an effect that grants it (the
    choice is made as that effect happens)."""
    t = type(node)
    if t in (ir.ReturnToHand, ir.ReturnToBattlefield) and node.from_graveyard:
        return not returns
    if node == ir.SELF_IN_GRAVEYARD:
        return True             # "return ~ to the battlefield" from no zone the ability names
    if t is ir.Keyword:
        return node.arg in (ir.PROTECTION_CHOICE, ir.YOUR_OPPONENTS) or ir.PROTECTION_OR in (node.arg or "")
    if t is ir.GrantKeywords:
        return _misplaced(node.what, returns=returns)
    if isinstance(node, (tuple, list)):
        return any(_misplaced(n, top, returns) for n in node)
    if top and t is ir.ActivatedAbility:
        return any(_misplaced(getattr(node, f.name)) for f in dataclasses.fields(node) if f.name != "effects") \
            or any(not (type(e) in (ir.ReturnToHand, ir.ReturnToBattlefield) and e.from_graveyard)
                   and _misplaced(e) for e in node.effects)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        returns = returns or top and t is ir.TriggeredAbility and node.from_graveyard
        return any(_misplaced(getattr(node, f.name), returns=returns) for f in dataclasses.fields(node))
    return False


def basic_land_ability(subtype: str) -> ir.ActivatedAbility:
    """CR 305.6: a basic land type gives the intrinsic ability "{T}: Add [its mana]"."""
    symbol = BASIC_LAND_MANA[subtype]
    return ir.ActivatedAbility(ir.Cost(parts=(ir.TapSymbol(),)), (ir.AddMana(ir.ManaProduce((symbol,))),),
                               is_mana=True, text="{T}: Add {%s}." % symbol)


def rules_text(card) -> str:
    """The card's text as the compiler reads it. Wastes prints its only ability, "{T}: Add {C}.",
    in parentheses; without a basic land type it has no intrinsic ability, so the parenthesised
    text is its rules text, read without the parentheses. Only the first line is looked at:
    abilities granted later are appended as further lines (CR 613.1f) and must not turn that
    rules text back into reminder text. The text of a permanent whose types an effect changes
    starts from this (CR 305.7: a land that gains a basic land type in addition to its own keeps
    its rules text)."""
    text = card.text
    first, _, rest = text.strip().partition("\n")
    if ("Land" in card.types and not set(card.subtypes) & set(BASIC_LAND_MANA)
            and first.startswith("({T}: Add") and first.endswith(")") and first.count("(") == 1):
        return first[1:-1] + ("\n" + rest if rest else "")
    return text


_ACTIVATED = re.compile(r'[^"“]*:')


def _starts(line: str, is_spell: bool) -> list[str]:
    if is_spell:
        # an instant's or sorcery's activated ability works only from its graveyard (CR 113.6m)
        return ["kw_line", "spell_line", "static_line"] + (["activated"] if _ACTIVATED.match(line) else []) \
            + (["triggered"] if _SPELL_TRIGGER.match(line) or _GRAVEYARD_TRIGGER.match(line) else [])
    if re.match(r"(?:when|whenever|at)\b", line, re.I):
        return ["triggered"]
    if _CHAPTER.match(line):
        return ["chapter"]
    if _EXERT.match(line):
        return ["exert_line"]
    if _ACTIVATED.match(line):
        return ["activated"]
    return ["kw_line", "static_line"]


def _parse_line(line: str, is_spell: bool):
    """Parse one normalised line: ("spell", unbound effects) or ("abilities", [...]).

    Unreadable, it raises :class:`Unsupported` with ``pos``: the furthest place in ``line``
    where the parser stopped, the sentence to blame (None when every parse got through and a
    check of the transformer refused it)."""
    furthest, parsed = None, False
    for start in _starts(line, is_spell):
        try:
            kind, value = OracleTransformer(line).transform(parser().parse(line, start=start))
            # "half X" that no "Round down each time." rounded (CR 107.1a): not read
            if _misplaced(value, kind == "abilities") or ir.contains(value, lambda n: n is UNROUNDED_HALF) \
                    or is_spell and start == "activated" \
                    and not all(type(a) is ir.ActivatedAbility and a.from_graveyard for a in value) \
                    or is_spell and start == "triggered" and not _SPELL_TRIGGER.match(line) \
                    and not all(type(a) is ir.TriggeredAbility and a.from_graveyard for a in value):
                parsed = True
                continue
            return kind, value
        except VisitError as exc:  # a check in a transformer callback
            if not isinstance(exc.orig_exc, Unsupported):
                raise
            parsed = True          # the whole line parsed: no parse error is to blame
        except UnexpectedInput as exc:
            pos = getattr(exc, "pos_in_stream", None)
            pos = len(line) if pos is None or pos < 0 else pos
            furthest = pos if furthest is None else max(furthest, pos)
        except LarkError:
            continue
    error = Unsupported(line)
    error.pos = None if parsed else furthest
    raise error


def _readable(sentence: str, is_spell: bool) -> bool:
    """Whether a sentence alone parses as some kind of line, or is one of the sentences that
    only complete the one before (an activation restriction, "Then shuffle your library.")."""
    if _TAIL.match(sentence):
        return True
    body = sentence.lstrip("• ")
    starts = _starts(sentence, is_spell) + ["mode_line", "spell_line", "static_line"]
    for start in dict.fromkeys(starts):
        try:
            OracleTransformer(body).transform(parser().parse(body, start=start))
            return True
        except LarkError:  # a parse error, or Unsupported inside a VisitError
            continue
    return False


def _unreadable(line: str, norm: str, is_spell: bool, pos: int | None = None) -> list[str]:
    """The sentences of ``line`` to report as unsupported (verbatim, reminder text removed):
    the one where the parser stopped (``pos`` in ``norm``), else each sentence that can't be
    read alone."""
    originals, normals = sentences(line), sentences(norm)
    if len(originals) != len(normals) or len(originals) == 1:
        return [line]
    if pos is not None:
        cursor = 0
        for original, normal in zip(originals, normals):
            cursor = norm.find(normal, cursor) + len(normal)
            if pos < cursor:
                return [original]
        return [originals[-1]]
    bad = [o for o, n in zip(originals, normals)
           if not _MODAL_HEAD.search(n) and not _readable(n, is_spell)]
    return bad or [line]


def _gaps(card, line: str, bad: list[str], exc: Unsupported) -> list[Gap]:
    """Every part of an uncompiled ``line`` with its reason: a loyalty ability (CR 606) whose
    effect isn't read, as a whole; otherwise each sentence the grammar can't read, and each other sentence of the line,
    dropped with it (a line is one ability, CR 113.2)."""
    if "Planeswalker" in card.types and _LOYALTY_LINE.match(line):
        return [Gap(line, LOYALTY)]
    if bad == [line]:
        what = str(exc)
        reason = UNREADABLE_LINE if len(sentences(line)) > 1 else UNREADABLE
        if what and what != line and len(what) < 40:
            reason += f" (the compiler stopped at {what!r})"
        return [Gap(line, reason)]
    out = []
    for s in sentences(line):
        if s in bad:
            out.append(Gap(s, UNREADABLE))
        else:
            out.append(Gap(s, f"dropped with its line, which has a sentence the grammar can't read: {bad[0]!r}"))
    return out


def _with_text(ability, line: str):
    return ability if isinstance(ability, ir.Keyword) else dataclasses.replace(ability, text=line)
