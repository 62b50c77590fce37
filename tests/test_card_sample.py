"""The seeded random sample of newly supported cards (``scenarios/cards/random-sample.tsv``,
drawn by ``tools/pick_card_scenarios.py``): each card is played by a scenario of its own in
``scenarios/cards/`` (those scenarios run in tests/test_scenarios.py)."""
from __future__ import annotations

import pytest

from pathlib import Path

from manastack.scenario import Scenario

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "scenarios" / "cards" / "random-sample.tsv"
CARD_SCENARIOS = sorted((ROOT / "scenarios" / "cards").glob("*.yaml"))


def sample() -> list[tuple[str, str]]:
    rows = [line.split("\t") for line in SAMPLE.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    return [(kind, name) for kind, name in rows]


def test_the_sample_is_sixty_cards_spread_over_card_types():
    rows = sample()
    assert len(rows) == len({name for _kind, name in rows}) == 60
    assert {kind for kind, _name in rows} == {"Creature", "Instant", "Sorcery", "Enchantment", "Artifact",
                                              "Land", "Planeswalker"}


@pytest.mark.slow
def test_every_sampled_card_is_in_a_scenario(corpus_db):
    used: set[str] = set()
    for path in CARD_SCENARIOS:
        for o in Scenario.load(path, cards=corpus_db).state.objs.values():
            card = o.card
            used.update(c.name for c in (card, card.back, card.adventure, *card.halves) if c is not None)
    missing = [name for _kind, name in sample()
               if name not in used and corpus_db.get(name).name not in used]
    assert not missing, f"no scenario plays {missing}"
