"""Each part of card text the engine lists as supported runs in a game for a real card.

The parts are the members of the lists in manastack/engine/support.py (read as the test runs, so
a new entry needs a card that runs it too), the conditions and the effect executors. With
:mod:`manastack.engine.exercise` recording, this plays every scenario file, seeded games between
random decks of fully supported corpus cards, then, for each part still missing, a few games
whose decks are built around corpus cards that compile to it. The record names one card per part
(``pytest -s`` prints it).
"""
from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest

from manastack import Game
from manastack.decks import Deck
from manastack.engine import conditions, effects, exercise, support
from manastack.engine.abilities import keyword_activated, keyword_trigger
from manastack.engine.mana.abilities import mana_limits
from manastack.mana import COLORS
from manastack.oracle import ir
from manastack.rng import Rng
from manastack.scenario import Scenario, ScenarioError

from .test_corpus_games import BASICS, play, seeded_game

ROOT = Path(__file__).resolve().parents[1]
SEEDS = range(6)         # seeded corpus games (test_corpus_games plays more of them)
TRIES = 6                # targeted games per part still missing, each around another of its cards
COPIES = 12              # copies of that card in each targeted deck of 40
ACTIONS = 1500           # a targeted game stops there, or once its part has run
ALIASES = {"PLAYER_EVENTS": "TRIGGER_EVENTS"}   # trigger events whose subject is a player
WALKED = {"KEYWORDS", "STATIC_KINDS", "REPLACEMENT_KINDS", "TRIGGER_EVENTS", "PLAYER_EVENTS",
          "TRIGGER_SUBJECTS", "PLAYER_SUBJECTS", "CONDITIONS", "TARGET_KINDS", "REFS",
          "CONTROLLERS", "DURATIONS", "EFFECTS", "ENTERS_UNLESS", "STATIC_CONDITIONS",
          "STATE_CONDITIONS", "STATIC_COUNTS", "TRIGGER_TURNS", "MANA_LIMITS",
          "MANA_COST_PARTS", "SPELL_COST_INCREASES", "OWN_COST_COUNTS"}   # the lists parts() knows how to find
_EFFECT_TYPES = frozenset(typing.get_args(ir.Effect)) | effects.SUPPORTED_EFFECTS


def supported() -> dict[str, frozenset]:
    """Every support list by name, as it is now."""
    lists = {name: v for name, v in vars(support).items()
             if name.isupper() and not name.startswith("_") and isinstance(v, frozenset)}
    lists["CONDITIONS"] = frozenset(conditions.CONDITIONS)
    lists["EFFECTS"] = frozenset(t.__name__ for t in effects.SUPPORTED_EFFECTS)
    return lists


def parts(node, out: set) -> set:
    """The (list, member) parts named in compiled IR, read as support.gaps reads them; a keyword
    also names the parts of the ability the rules make of it (ward's trigger, equip's activation)."""
    if isinstance(node, (tuple, list)):
        for item in node:
            parts(item, out)
        return out
    if not dataclasses.is_dataclass(node):
        return out
    t = type(node)
    if t is ir.ActivatedAbility and node.is_mana:     # "Activate only if ..." of a mana ability
        out.update(("MANA_LIMITS", k) for k in mana_limits(node))
        if node.cost.part(ir.RemoveAnyCountersCost) is not None:
            out.add(("MANA_COST_PARTS", "RemoveAnyCountersCost"))
    if t is ir.Keyword:
        out.add(("KEYWORDS", node.name))
        parts((keyword_trigger(node), keyword_activated(node)), out)
    elif isinstance(node, ir.StaticEffect):
        out.add(("STATIC_KINDS", node.kind))
        if isinstance(node, ir.StaticSelfCostReduction) and node.for_each in support.OWN_COST_COUNTS:
            out.add(("OWN_COST_COUNTS", node.for_each))
        if isinstance(node, ir.StaticCostIncrease) and node.mana is not None:
            out.add(("SPELL_COST_INCREASES", "colored"))
        if isinstance(node, (ir.StaticModifyPT, ir.StaticPTCount)) and node.count is not None:     # "for each ...", "equal to the number of ..." (CR 613.4c, 604.3)
            out.add(("STATIC_COUNTS", type(node.count).__name__))
        if isinstance(node.condition, str):          # "as long as ..." (CR 611.3a)
            out.add(("CONDITIONS", node.condition))
        elif node.condition is not None:
            out.add(("STATIC_CONDITIONS", type(node.condition).__name__))
    elif t is ir.ReplacementAbility:
        out.add(("REPLACEMENT_KINDS", node.kind))
        if node.unless is not None:
            out.add(("ENTERS_UNLESS", type(node.unless).__name__))
    elif t is ir.Trigger:
        out.add(("TRIGGER_EVENTS", node.event))
        if isinstance(node.subject, str):
            player = node.event in ir.PLAYER_EVENTS
            out.add(("PLAYER_SUBJECTS" if player else "TRIGGER_SUBJECTS", node.subject))
        if node.during is not None:              # "cast ... during an opponent's turn"
            out.add(("TRIGGER_TURNS", node.during))
    elif t in (ir.TriggeredAbility, ir.ActivatedAbility, ir.Conditional) and node.condition:
        # an intervening "if" (CR 603.4), "Activate only if ..." (CR 602.5b)
        typed = not isinstance(node.condition, str)
        out.add(("STATE_CONDITIONS", type(node.condition).__name__) if typed else ("CONDITIONS", node.condition))
    elif t is ir.AdditionalCost:      # "As an additional cost to cast this spell, ..." (CR 601.2b)
        out.update(("ADDITIONAL_COST_PARTS", aspect) for aspect in ir.cost_aspects(node.cost))
    elif t is ir.CostPerTarget:       # strive (CR 601.2f)
        out.add(("SPELL_COST_INCREASES", "per_target"))
    elif t is ir.TargetSpec:
        out.add(("TARGET_KINDS", node.kind))
    elif t is ir.Ref:
        out.add(("REFS", node.name))
    elif t is ir.Filter:
        out.add(("CONTROLLERS", node.controller))
    if hasattr(node, "duration"):
        out.add(("DURATIONS", node.duration))
    if t in _EFFECT_TYPES:
        out.add(("EFFECTS", t.__name__))
    for f in dataclasses.fields(node):
        parts(getattr(node, f.name), out)
    return out


def ran(rec: dict, part: tuple) -> bool:
    """Whether a card, not just a token, ran ``part``."""
    name, member = part
    card = rec.get(ALIASES.get(name, name), {}).get(member)
    return card is not None and not card.endswith(" (token)")


def missing(rec: dict) -> list[tuple]:
    return sorted(((name, m) for name, members in supported().items() for m in members
                   if not ran(rec, (name, m))), key=repr)


def targeted_game(db, playable: list[str], name: str, seed: int, stop) -> None:
    """Both decks hold COPIES of ``name`` among random cards and basic lands of its colors."""
    rng = Rng(seed)
    colors = db.get(name).colors or (COLORS[rng.below(5)],)
    fits = [n for n in playable if set(db.get(n).colors) <= set(colors)]
    decks = []
    for _ in range(2):
        spells = [name] * COPIES + [fits[rng.below(len(fits))] for _ in range(23 - COPIES)]
        lands = [BASICS[colors[i % len(colors)]] for i in range(17)]
        decks.append(Deck("targeted", tuple((1, n) for n in spells + lands)))
    play(Game.new(decks[0], decks[1], seed=seed, cards=db), seed, stop, ACTIONS)


@pytest.fixture(scope="module")
def exercised(corpus_db, playable):
    """What ran (one card per part), and the corpus cards that compile to each part."""
    uses: dict[tuple, list[str]] = {}
    for name in corpus_db.names():
        card = corpus_db.get(name)
        if card.fully_supported and card.face.get("layout", "normal") == "normal":
            for part in parts(card.abilities, set()):
                uses.setdefault(part, []).append(name)
    with exercise.recording() as rec:
        for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
            try:
                Scenario.load(path).run()
            except ScenarioError:
                pass     # test_scenarios reports it; what ran before the error counts
        for path in sorted((ROOT / "scenarios" / "cards").glob("*.yaml")):   # they name corpus cards
            try:
                Scenario.load(path, cards=corpus_db).run()
            except ScenarioError:
                pass     # test_scenarios reports it
        for seed in SEEDS:
            seeded_game(corpus_db, playable, seed)
        for part in missing(rec):
            cards = uses.get((ALIASES.get(part[0], part[0]), part[1]), [])
            for seed in range(TRIES if cards else 0):
                if ran(rec, part):
                    break
                card = cards[seed * len(cards) // TRIES]        # spread over the list
                targeted_game(corpus_db, playable, card, seed, lambda: ran(rec, part))
    return rec, uses


def _why(part: tuple, rec: dict, uses: dict) -> str:
    name, member = ALIASES.get(part[0], part[0]), part[1]
    if member in rec.get(name, {}):
        return f"only a token ran it ({rec[name][member]})"
    if (name, member) in uses:
        return "no game ran it; cards that compile to it: " + ", ".join(uses[name, member][:3])
    if name in WALKED:
        return "no fully supported card compiles to it"
    return "never recorded: no exercise.note for this list in the engine (nor a case in parts())"


@pytest.mark.slow
def test_every_supported_part_runs_for_a_real_card(exercised):
    rec, uses = exercised
    print("\n".join(f"{name} {m!r}: {card}" for name, seen in sorted(rec.items())
                    for m, card in sorted(seen.items(), key=repr)))
    gaps = [f"{name} {m!r}: {_why((name, m), rec, uses)}" for name, m in missing(rec)]
    assert not gaps, "supported parts that never ran for a real card:\n" + "\n".join(gaps)
