"""Puzzles: game positions with a goal, to measure how well an agent plays a turn.

A puzzle file is a scenario file (docs/scenarios.md: ``players``, ``turn``, ``active``,
``step``...) without a script, plus a ``goal``:

- ``win``: the active player (the *hero*) can win this turn; solved when the opponent has lost
  (CR 104.3) before the turn ends, or with several opponents, every one of them (CR 104.2a).
- ``keep``: the hero must not give up the cards named under ``keep`` (``{hand: [Fireblast]}``,
  ``{battlefield: [Mountain]}``): solved when, at the end of the turn, the hero has lost
  neither the game nor any of them from that zone.
- ``survive``: solved when the hero is still in the game once the opponent's next turn is over
  (an attack that would have lost to the crack-back, CR 506-510).

The hero is played by the agent under test; every other player by the defender (the
``tactician`` agent unless told otherwise), the same for every agent measured, so the results of
two agents compare.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from manastack.agents import parse_agent
from manastack.game import Game
from manastack.scenario import ScenarioError
from manastack.scenario.scenario import Scenario
from manastack.scenario.yamlfile import Map, load_yaml
from manastack.engine.zones import BATTLEFIELD, GRAVEYARD, HAND

GOALS = ("win", "keep", "survive")
KEEP_ZONES = (HAND, BATTLEFIELD, GRAVEYARD)
MAX_ACTIONS = 5_000


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its scenario (the position), goal, and the cards to keep."""

    name: str
    file: str
    goal: str
    keep: tuple[tuple[str, str], ...]      # (zone, card name), one per copy to keep
    scenario: Scenario

    @classmethod
    def load(cls, path, cards=None) -> "Puzzle":
        """Read a puzzle file; a bad file raises :class:`ScenarioError` naming the file and line."""
        file = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ScenarioError(f"can't read the file: {exc.strerror or exc}", file) from None
        data = load_yaml(text, file)
        if not isinstance(data, Map):
            raise ScenarioError("a puzzle is a mapping with a goal and a position", file)
        goal = data.pop("goal", None)
        if goal not in GOALS:
            raise ScenarioError(f"goal is {goal!r}: expected one of {', '.join(GOALS)}", file,
                                data.line)
        keep_data = data.pop("keep", {}) or {}
        keep: list[tuple[str, str]] = []
        for zone, names in dict(keep_data).items():
            if zone not in KEEP_ZONES:
                raise ScenarioError(f"keep: unknown zone {zone!r} (expected {', '.join(KEEP_ZONES)})", file)
            keep.extend((zone, str(n)) for n in names)
        if goal == "keep" and not keep:
            raise ScenarioError("goal keep needs the cards to keep (keep: {hand: [...]})", file)
        return cls(str(data.get("name", Path(file).stem)), file, goal, tuple(keep),
                   Scenario(data, file, cards))

    def game(self) -> Game:
        return Game.from_state(self.scenario.state.copy(), self.scenario.db, history=False)


@dataclass(frozen=True)
class PuzzleResult:
    name: str
    goal: str
    solved: bool
    detail: str


def _count(s, player: int, zone: str, name: str) -> int:
    ids = [o.id for o in s.permanents(player)] if zone == BATTLEFIELD else getattr(s.players[player], zone)
    return sum(1 for i in ids if s.objs[i].card.name == name)


def solve(puzzle: Puzzle, agent_spec: str, defender: str = "tactician", seed: int = 0) -> PuzzleResult:
    """Play the puzzle with ``agent_spec`` as the hero; whether it met the goal."""
    game = puzzle.game()
    s = game.peek()
    hero, start = s.active, s.turn
    agents = [parse_agent(agent_spec if p == hero else defender, seed + p) for p in range(len(s.players))]
    kept = {(z, n): _count(s, hero, z, n) for z, n in puzzle.keep}
    last_turn = start + (1 if puzzle.goal == "survive" else 0)
    for _ in range(MAX_ACTIONS):
        decision = game.pending
        if decision is None or game.turn > last_turn:
            break
        game.push(agents[decision.player].choose(game, decision))
    result = game.result
    if result is not None and result.winner != hero:
        return PuzzleResult(puzzle.name, puzzle.goal, False, f"lost: {result.reason}")
    if puzzle.goal == "win":
        won = result is not None and result.winner == hero
        standing = [p for p in game.peek().players if p.index != hero and not p.lost]
        return PuzzleResult(puzzle.name, puzzle.goal, won, "won" if won else ", ".join(
            f"{'opponent' if len(game.peek().players) == 2 else p.name} at {p.life} life" for p in standing))
    s = game.peek()
    lost = [f"{n} ({z})" for (z, n), before in kept.items() if _count(s, hero, z, n) < before]
    return PuzzleResult(puzzle.name, puzzle.goal, not lost,
                        "kept everything" if not lost and puzzle.goal == "keep"
                        else "survived" if not lost else "gave up " + ", ".join(lost))


def load_suite(folder, cards=None) -> list[Puzzle]:
    """Every ``*.yaml`` puzzle under ``folder``, by file name."""
    return [Puzzle.load(p, cards) for p in sorted(Path(folder).glob("*.yaml"))]
