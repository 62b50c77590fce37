"""Simulation: deterministic per-game results whatever the workers, the figures, errors counted
per game, and the ``simulate`` command."""
from __future__ import annotations

import csv
import json
import multiprocessing

import pytest
from click.testing import CliRunner

from manastack import agents, cli_simulate
from manastack.cli import main
from manastack.decks import load_deck
from manastack.sim import (DeckCheckError, EndReason, SimulationError, derive_seed, simulate,
                           wilson)
from manastack.sim.games import GameRunner, SimSetup
from manastack.sim import local
from manastack.sim.local import batches, run_local
from manastack.sim.plot import plot_win_rate

GAMES = 6


@pytest.fixture(scope="module")
def two_workers():
    return simulate("gruul-stompy", "azorius-skies", games=GAMES, seed=11, workers=2)


@pytest.mark.slow
def test_results_are_the_same_whatever_the_number_of_workers(two_workers):
    one = simulate("gruul-stompy", "azorius-skies", games=GAMES, seed=11, workers=1)
    assert one.records == two_workers.records
    assert one.summary == two_workers.summary
    assert [r.index for r in one.records] == list(range(GAMES))


def test_seeds_and_seats_come_from_the_seed_and_the_index(two_workers):
    for r in two_workers.records:
        assert r.seed == derive_seed(11, r.index)
        assert r.a_seat == r.index % 2 and r.seats == ((0, 1) if r.index % 2 == 0 else (1, 0))
    other = simulate("gruul-stompy", "azorius-skies", games=1, seed=12, workers=1)
    assert other.records[0].seed != two_workers.records[0].seed


def test_a_game_replays_from_its_index(two_workers):
    record = two_workers.records[3]
    setup = SimSetup((load_deck("gruul-stompy"), load_deck("azorius-skies")), ("tactician", "tactician"), 11,
                     names=two_workers.deck_names)
    game = GameRunner(setup).replay(3)
    assert (game.result.turn, game.result.reason) == (record.turns, record.detail)


def test_summary_figures_add_up(two_workers):
    s = two_workers.summary
    a, b = s.decks
    assert (a.name, b.name) == ("gruul-stompy", "azorius-skies")
    assert s.games == GAMES and s.errors == 0 and s.finished == GAMES
    assert a.wins + a.losses + a.draws == GAMES and a.wins == b.losses and a.draws == b.draws
    assert a.on_play.games + a.on_draw.games == GAMES
    assert a.on_play.games == b.on_draw.games and a.on_play.wins + b.on_draw.wins == a.on_play.games - sum(
        r.winner is None for r in two_workers.records if r.a_on_play)
    assert sum(s.reasons.values()) == GAMES
    turns = sorted(r.turns for r in two_workers.records)
    assert s.mean_turns == pytest.approx(sum(turns) / GAMES)
    assert turns[0] <= s.median_turns <= turns[-1]


def test_wilson_interval_known_values():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 6) == pytest.approx((0.0, 0.3903), abs=1e-4)
    assert wilson(6, 6) == pytest.approx((0.6097, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_batches_cover_every_game_once():
    for games, workers in ((1, 4), (7, 2), (1000, 3)):
        flat = [i for b in batches(games, workers) for i in b]
        assert flat == list(range(games))


def test_mirror_match_has_two_distinct_player_names():
    result = simulate("gruul-stompy", "gruul-stompy", games=1, seed=3, workers=1, agents=("first", "first"))
    assert result.deck_names == ("gruul-stompy (A)", "gruul-stompy (B)")
    assert result.records[0].detail.split(" lost")[0] in result.deck_names


def test_play_command_mirror_match_has_two_distinct_player_names():
    res = CliRunner().invoke(main, ["play", "--agents", "first,first", "--decks", "gruul-stompy,gruul-stompy",
                                    "--seed", "2", "--quiet"])
    assert res.exit_code == 0, res.output
    assert "Heuristic" not in res.output and "First (gruul-stompy) " in res.output
    assert res.output.split(" wins")[0].strip().endswith((" A", " B"))


class _Broken:
    """An agent whose third answer raises."""

    def __init__(self, seed):
        self.answers = 0

    def choose(self, game, decision):
        self.answers += 1
        if self.answers > 2:
            raise RuntimeError("agent fell over")
        return decision.options[0]


def test_a_game_that_raises_is_counted_with_its_seed_and_the_run_goes_on(monkeypatch):
    monkeypatch.setitem(agents.AGENTS, "broken", agents.AgentKind(_Broken))
    result = simulate("gruul-stompy", "azorius-skies", games=3, seed=5, workers=1, agents=("broken", "first"))
    assert result.summary.errors == 3 and result.summary.finished == 0
    assert result.summary.reasons == {EndReason.ERROR: 3}
    for r in result.records:
        assert r.is_error and r.detail == "RuntimeError: agent fell over" and r.seed == derive_seed(5, r.index)


@pytest.mark.slow
def test_a_worker_process_that_dies_stops_the_run_with_a_message():
    setup = SimSetup((load_deck("gruul-stompy"), load_deck("azorius-skies")), ("first", "first"), 1)

    def kill_the_workers(record):
        for child in multiprocessing.active_children():
            child.kill()

    with pytest.raises(SimulationError, match="a worker process stopped unexpectedly"):
        run_local(setup, 8, 2, kill_the_workers)


def test_a_worker_that_cannot_start_says_why(monkeypatch):
    """What a pool worker runs, run here: its start fails, its first batch says why."""
    monkeypatch.setattr(local, "_RUNNER", None)
    monkeypatch.setattr(local, "_START_ERROR", "")
    setup = SimSetup((load_deck("gruul-stompy"), load_deck("azorius-skies")), ("first", "first"), 1,
                     card_files=("no-such-cards.json",))
    local._start_worker(setup)
    with pytest.raises(SimulationError, match="a worker process could not start: CardError: "
                                              "no-such-cards.json: card file not found"):
        local._play_batch([0])


@pytest.mark.parametrize("kwargs, message", [
    ({"games": 0}, "games must be a whole number from 1 to 1000000"),
    ({"games": "many"}, "games must be a whole number"),
    ({"workers": 0}, "workers must be 'auto' or a whole number from 1 to 256"),
    ({"agents": ("heuristic", "wizard")}, "unknown agent .wizard."),
    ({"agents": ("heuristic", "random", "first")}, r"agents must be one agent spec for every deck or one per deck \(2\)"),
    ({"agents": ("heuristic", 3)}, "agents must be one agent spec"),
    ({"max_turns": 0}, "max_turns must be None or a whole number from 1 to 10000"),
    ({"backend": "cloud"}, "'cloud' is not a valid Backend"),
])
def test_bad_arguments_are_refused_with_a_clear_message(kwargs, message):
    with pytest.raises(SimulationError, match=message):
        simulate("gruul-stompy", "azorius-skies", **kwargs)


def test_invalid_decks_are_refused_with_every_problem_unless_unchecked(tmp_path):
    deck = tmp_path / "mine.txt"
    deck.write_text("Deck\n8 Shock (M19) 156\n20 Mountain\n")
    with pytest.raises(DeckCheckError) as err:
        simulate(str(deck), "azorius-skies", games=1, fmt="constructed")
    assert [str(p) for p in err.value.problems] == [
        f"{deck}: 28 main-deck cards; constructed decks need at least 60 (CR 100.2)",
        f"{deck}: 8 copies of Shock; at most 4 of a card other than a basic land (CR 100.2a)",
        "azorius-skies (bundled deck): 40 main-deck cards; constructed decks need at least 60 (CR 100.2)"]
    result = simulate(str(deck), "azorius-skies", games=1, workers=1, check=False, agents=("first", "first"))
    assert result.summary.games == 1


def test_cli_simulate_writes_json_csv_and_plot(tmp_path):
    out = tmp_path / "run"
    args = ["simulate", "gruul-stompy", "azorius-skies", "--games", "2", "--workers", "1", "--seed", "4",
            "--agents", "first,random", "--json", f"{out}.json", "--csv", f"{out}.csv", "--quiet"]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert "win rate" in res.output and "95% CI" in res.output and "gruul-stompy" in res.output and "Ended by:" in res.output
    data = json.loads((tmp_path / "run.json").read_text())
    assert data["summary"]["games"] == 2 and [g["index"] for g in data["games"]] == [0, 1]
    assert data["games"][0]["seed"] == derive_seed(4, 0)
    rows = list(csv.reader((tmp_path / "run.csv").open()))
    assert rows[0][:3] == ["game", "seed", "deck_a_seat"] and rows[1][1] == str(derive_seed(4, 0))
    assert rows[3] == [] and [r[0] for r in rows[5:7]] == ["gruul-stompy", "azorius-skies"]


def test_plot_writes_a_png(two_workers, tmp_path):
    pytest.importorskip("matplotlib", reason="the plot extra is not installed (pip install 'manastack[plot]')")
    plot_win_rate(two_workers, tmp_path / "rate.png")
    assert (tmp_path / "rate.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(SimulationError, match="can't write the chart"):
        plot_win_rate(two_workers, tmp_path / "no-such-dir" / "rate.png")


def test_plot_without_matplotlib_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(cli_simulate, "MATPLOTLIB_INSTALLED", False)
    res = CliRunner().invoke(main, ["simulate", "gruul-stompy", "azorius-skies", "--plot", "x.png"])
    assert res.exit_code == 1 and "pip install 'manastack[plot]'" in res.output


@pytest.mark.parametrize("args, code, message", [
    (["no-such-deck", "azorius-skies"], 1, "no deck file 'no-such-deck'"),
    (["gruul-stompy", "azorius-skies", "--games", "0"], 2, "0 is not in the range 1<=x<=1000000"),
    (["gruul-stompy", "azorius-skies", "--workers", "lots"], 2, "expected 'auto' or a number from 1 to 256"),
    (["gruul-stompy", "azorius-skies", "--agents", "first,random,first"], 2,
     "expected one agent spec for every deck or one per deck (2)"),
    (["gruul-stompy"], 2, "expected 2 to 8 decks, one per player; got 1"),
    (["gruul-stompy"] * 9, 2, "expected 2 to 8 decks, one per player; got 9"),
    (["gruul-stompy", "azorius-skies", "--max-turns", "0"], 2, "0 is not in the range 1<=x<=10000"),
    (["gruul-stompy", "azorius-skies", "--agents", "heuristic,wizard"], 2, "unknown agent"),
    (["gruul-stompy", "azorius-skies", "--format", "constructed"], 1, "The deck check (constructed) failed"),
    (["gruul-stompy", "azorius-skies", "--cards", "missing.json"], 1, "missing.json: card file not found"),
])
def test_cli_bad_input_is_a_message_and_an_exit_code(args, code, message):
    res = CliRunner().invoke(main, ["simulate", *args])
    assert res.exit_code == code
    assert message in res.output
    assert "Traceback" not in res.output and (res.exception is None or isinstance(res.exception, SystemExit))
