"""Each part of card text the engine lists as supported runs in a game for a real card.

The parts are the members of the lists in manastack/engine/support.py (read as the test runs, so
a new entry needs a card that runs it too), the conditions and the effect executors. With
:mod:`manastack.engine.exercise` recording, this plays every scenario file, seeded games between
random decks of fully supported corpus cards, then, for each part still missing, a few games
built around corpus cards that compile to it. The record names one real card per part.
"""
from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest

from manastack import Game
from manastack.decks import Deck
from manastack.engine import conditions, effects, exercise, support
from manastack.engine.keyword_abilities import keyword_activated, keyword_trigger
from manastack.mana import COLORS
from manastack.oracle import ir
from manastack.rng import Rng
from manastack.scenario import Scenario

from .test_corpus_games import BASICS, play, seeded_game

ROOT = Path(__file__).resolve().parents[1]
SEEDS = range(6)         # seeded corpus games (test_corpus_games plays more of them)
TRIES = 4                # targeted games per part still missing, each around another card
COPIES = 12              # copies of that card in each targeted deck
ALIASES = {"PLAYER_EVENTS": "TRIGGER_EVENTS"}   # trigger events whose subject is a player
_EFFECT_TYPES = frozenset(typing.get_args(ir.Effect)) | effects.SUPPORTED_EFFECTS


def supported() -> dict[str, frozenset]:
    """Every support list by name, as it is now."""
    lists = {name: v for name, v in vars(support).items()
             if name.isupper() and not name.startswith("_") and isinstance(v, frozenset)}
    lists["CONDITIONS"] = frozenset(conditions.CONDITIONS)
    lists["EFFECTS"] = frozenset(t.__name__ for t in effects.SUPPORTED_EFFECTS)
    return lists


def parts(node, out: set) -> set:
    """The (list, member) parts named in compiled IR, the way support.gaps reads it; a keyword
    also names the parts of the ability the rules make of it (ward's trigger, equip's activation)."""
    if isinstance(node, (tuple, list)):
        for item in node:
            parts(item, out)
        return out
    if not dataclasses.is_dataclass(node):
        return out
    t = type(node)
    if t is ir.Keyword:
        out.add(("KEYWORDS", node.name))
        parts((keyword_trigger(node), keyword_activated(node)), out)
    elif t is ir.StaticEffect:
        out.add(("STATIC_KINDS", node.kind))
    elif t is ir.ReplacementAbility:
        out.add(("REPLACEMENT_KINDS", node.kind))
    elif t is ir.Trigger:
        out.add(("TRIGGER_EVENTS", node.event))
        if isinstance(node.subject, str):
            player = node.event in support.PLAYER_EVENTS
            out.add(("PLAYER_SUBJECTS" if player else "TRIGGER_SUBJECTS", node.subject))
    elif t is ir.TriggeredAbility and node.condition:
        out.add(("CONDITIONS", node.condition))
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
    name, member = part
    return member in rec.get(ALIASES.get(name, name), {})


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
    play(Game.new(decks[0], decks[1], seed=seed, cards=db), seed, stop)


@pytest.fixture(scope="module")
def exercised(corpus_db, playable):
    """What ran, with one card per part, and which cards compile to each part."""
    uses: dict[tuple, list[str]] = {}
    for name in corpus_db.names():
        card = corpus_db.get(name)
        if card.fully_supported and card.face.get("layout", "normal") == "normal":
            for part in parts(card.abilities, set()):
                uses.setdefault(part, []).append(name)
    with exercise.recording() as rec:
        for path in sorted((ROOT / "scenarios").glob("*.yaml")):
            Scenario.load(path).run()
        for seed in SEEDS:
            seeded_game(corpus_db, playable, seed)
        for part in missing(rec):
            for i, name in enumerate(uses.get(part, ())[:TRIES]):
                if ran(rec, part):
                    break
                targeted_game(corpus_db, playable, name, i, lambda: ran(rec, part))
    return rec, uses


def test_every_supported_part_runs_for_a_real_card(exercised, corpus_db):
    rec, uses = exercised
    print("\n".join(f"{name} {m!r}: {card}" for name, seen in sorted(rec.items())
                    for m, card in sorted(seen.items(), key=repr)))
    gaps = [f"{name} {m!r}: " + (f"not run by any game; cards that compile to it: "
                                 f"{', '.join(uses[(name, m)][:3])}" if (name, m) in uses
                                 else "no real card compiles to it")
            for name, m in missing(rec)]
    assert not gaps, "supported parts that never ran:\n" + "\n".join(gaps)
