"""The :class:`Scenario`: a scenario file loaded, its state built, ready to run."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from manastack.cards import CardDB
from manastack.game import Game
from manastack.limits import MAX_SCENARIO_BYTES, InputError, decode_utf8, read_bounded

from .build import Builder
from .cards import card_db, check_cards
from .errors import ScenarioError
from .expect import Outcome
from .script import ScriptRunner
from .validate import validate
from .yamlfile import Map, load_yaml


@dataclass
class ScenarioRun:
    """A played scenario: the game where the script left it, the checked expectations and the
    narrated log (script steps, notes and game events with their CR numbers)."""

    scenario: "Scenario"
    game: Game
    results: list[Outcome]
    narrative: list[dict] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.results)

    @property
    def failures(self) -> list[Outcome]:
        return [r for r in self.results if not r.passed]


class Scenario:
    """A game state, a script and expectations, read from YAML (see docs/scenarios.md).

    >>> run = Scenario.load("scenarios/shock-to-player.yaml").run()   # doctest: +SKIP
    >>> run.passed, run.game.state.players[1].life                    # doctest: +SKIP
    (True, 18)
    """

    def __init__(self, data: Map, file: str, cards=None) -> None:
        validate(data, file)
        self.data = data
        self.file = file
        self.name = data.get("name", Path(file).stem)
        self.description = data.get("description", "")
        cites = data.get("cites", [])
        self.cites = [cites] if isinstance(cites, str) else list(cites)
        self.db = card_db(data.get("cards", []), cards, file)
        self.partial = check_cards(data, self.db, file)      # partly read cards: their unread sentences
        builder = Builder(data, self.db, file)
        self.state = builder.build()
        self.refs = builder.refs

    @classmethod
    def load(cls, path, cards=None) -> "Scenario":
        """Read a scenario file; ``cards`` is a base :class:`~manastack.cards.CardDB` (the
        bundled cards by default). Raises :class:`ScenarioError` for any bad input."""
        if not isinstance(path, (str, Path)):
            raise ScenarioError(f"a scenario file is named by a path (str or pathlib.Path), not {type(path).__name__}")
        file = str(path)
        try:
            text = decode_utf8(read_bounded(path, MAX_SCENARIO_BYTES, "the scenario"), "the scenario")
        except InputError as exc:
            raise ScenarioError(str(exc).removeprefix("the scenario: "), file) from None
        except OSError as exc:
            raise ScenarioError(f"can't read the file: {exc.strerror or exc}", file) from None
        return cls.from_text(text, file, cards)

    @classmethod
    def from_text(cls, text: str, file: str = "<scenario>", cards=None) -> "Scenario":
        """A scenario from its YAML ``text`` (``file`` names it in errors); ``cards`` as in
        :meth:`load`."""
        if not isinstance(text, str):
            raise ScenarioError(f"a scenario is YAML text (str), not {type(text).__name__}", str(file)[:200])
        if cards is not None and not isinstance(cards, CardDB):
            raise ScenarioError(f"cards must be a CardDB (manastack.load_db(path) reads a card file), not "
                                f"{type(cards).__name__}", str(file)[:200])
        return cls(load_yaml(text, file), file, cards)

    def run(self) -> ScenarioRun:
        """Play the script and check the expectations. A step that can't be done raises
        :class:`ScenarioError` (its ``game`` attribute holds the game as far as it got)."""
        game = Game.from_state(self.state.copy(), self.db)
        runner = ScriptRunner(game, self.refs.copy(), self.file)
        try:
            runner.run(self.data.get("script", []))
            runner.flush()
            if "expect" in self.data:
                runner.outcomes.extend(runner.checker.check(self.data["expect"], "end of script"))
        except ScenarioError as exc:
            runner.flush()
            exc.game = game
            exc.narrative = runner.narrative
            exc.outcomes = runner.outcomes          # what was checked before the error
            raise
        runner.flush()
        return ScenarioRun(self, game, runner.outcomes, runner.narrative)

