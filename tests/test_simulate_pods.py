"""Simulations of pods of three to eight decks: the seating rule, the figures per deck, seat and
place in turn order, the turn limit, the same per-game results whatever the workers, and the
``simulate`` command with a pod (and a Commander pod)."""
from __future__ import annotations

import csv
import json
import math
from collections import Counter

import pytest
from click.testing import CliRunner

from manastack.cli import main
from manastack.decks import load_deck
from manastack.engine.game_end import Result
from manastack.sim import (DeckCheckError, EndReason, GameRecord, Rate, SimulationError, derive_seed, seating,
                           simulate)
from manastack.sim.games import GameRunner, SimSetup, end_reason, player_names
from manastack.sim.plot import plot_win_rate
from manastack.sim.stats import running_rates, summarize

POD = ("gruul-stompy", "azorius-skies", "mono-green")
POD_KWARGS = dict(games=6, seed=9, agents=("heuristic", "random", "heuristic"), max_turns=24)


@pytest.mark.parametrize("n", range(2, 9))
def test_each_deck_sits_in_each_seat_once_in_every_n_games(n):
    for block in range(0, 3 * n, n):
        rows = [seating(i, n) for i in range(block, block + n)]
        assert all(sorted(r) == list(range(n)) for r in rows)
        for seat in range(n):
            assert sorted(r[seat] for r in rows) == list(range(n))


@pytest.mark.parametrize("n", (3, 4, 5))
def test_every_order_around_the_table_comes_equally_often(n):
    """Over n * (n-1)! games, each cyclic order of the decks (who plays after whom) is used n
    times, once at each turn of the table."""
    rows = [seating(i, n) for i in range(n * math.factorial(n - 1))]
    cycles = Counter(tuple(r[(r.index(0) + k) % n] for k in range(n)) for r in rows)
    assert len(cycles) == math.factorial(n - 1) and set(cycles.values()) == {n}


def test_two_decks_alternate_seats_as_before():
    assert [seating(i, 2) for i in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]


def _record(index, seats, first, winner, turns, reason):
    return GameRecord(index, derive_seed(1, index), seats, first, winner, turns, reason, "")


# Three decks, six games: deck C wins on the play, A and B from other places; a draw, a game at
# the turn limit and an error, which count apart.
RECORDS = [
    _record(0, (0, 1, 2), 0, 0, 10, EndReason.LIFE),          # A in seat 0 plays first and wins
    _record(1, (2, 0, 1), 1, 1, 20, EndReason.LIFE),          # A first; B (seat 2) wins, 2nd to play
    _record(2, (1, 2, 0), 2, None, 15, EndReason.DRAW),       # A first; a draw
    _record(3, (0, 2, 1), 0, None, 30, EndReason.UNFINISHED),
    _record(4, (1, 0, 2), None, None, 0, EndReason.ERROR),
    _record(5, (2, 1, 0), 0, 2, 12, EndReason.POISON),        # C in seat 0 plays first and wins
]


def test_summary_of_a_three_deck_pod_by_deck_seat_and_turn_order():
    s = summarize(("A", "B", "C"), RECORDS)
    assert (s.games, s.finished, s.draws, s.unfinished, s.errors) == (6, 4, 1, 1, 1)
    a, b, c = s.decks
    assert (a.wins, a.losses, a.draws, a.overall) == (1, 2, 1, Rate(1, 4))
    assert (a.on_play, a.on_draw) == (Rate(1, 3), Rate(0, 1))
    assert (b.wins, b.losses, b.draws, b.on_play, b.on_draw) == (1, 2, 1, Rate(0, 0), Rate(1, 4))
    assert (c.wins, c.on_play, c.on_draw) == (1, Rate(1, 1), Rate(0, 3))
    assert s.seats == (Rate(2, 4), Rate(0, 4), Rate(1, 4))
    assert s.turn_order == (Rate(2, 4), Rate(1, 4), Rate(0, 4))
    assert s.mean_turns == pytest.approx(57 / 4) and s.median_turns == 13.5     # finished games only
    assert s.reasons == {EndReason.LIFE: 2, EndReason.POISON: 1, EndReason.DRAW: 1,
                         EndReason.UNFINISHED: 1, EndReason.ERROR: 1}
    assert sum(d.wins for d in s.decks) + s.draws == s.finished == sum(r.wins for r in s.seats) + s.draws
    data = s.to_json()
    assert data["seats"][0] == {"wins": 2, "games": 4, "rate": 0.5, "low": pytest.approx(0.15, abs=0.01),
                                "high": pytest.approx(0.85, abs=0.01)}
    assert (data["unfinished"], data["draws"], data["turn_order"][1]["wins"]) == (1, 1, 1)
    assert [n for n, _ in running_rates(RECORDS, deck=2)] == [1, 2, 3, 4]
    assert running_rates(RECORDS, deck=2)[-1][1] == Rate(1, 4)


def test_a_record_names_decks_by_letter_and_keeps_deck_a_fields():
    row = RECORDS[1].to_json()
    assert (row["seats"], row["first"], row["winner"]) == (["C", "A", "B"], "A", "B")
    assert (row["a_seat"], row["a_on_play"]) == (1, True)
    assert (RECORDS[1].position(1), RECORDS[5].position(0)) == (1, 2)
    assert RECORDS[4].to_json()["first"] is None and RECORDS[4].a_on_play is None


def test_the_end_reason_is_that_of_the_last_player_to_lose():
    """CR 800.4a, 104.2a: the first to lose left the game; the game ended when the last did.
    Here Carol (seat 2) lost to poison and left, then Alice to life: the game ended by life,
    though Carol's reason is the last in the result's text."""
    game, _ = GameRunner(SimSetup(tuple(load_deck(d) for d in POD), ("first",) * 3, 1)).start(0)
    s = game.peek()             # the game's own state, set here to the end position
    s.players[2].lost, s.players[2].loss_reason = True, "ten or more poison counters"
    s.left = (2,)
    s.players[0].lost, s.players[0].loss_reason = True, "life total 0 or less"
    result = Result(1, f"{s.players[0].name} lost: life total 0 or less; "
                       f"{s.players[2].name} lost: ten or more poison counters", 9)
    assert end_reason(game, result) is EndReason.LIFE
    assert end_reason(game, Result(None, "the last players lost at the same time", 9)) is EndReason.DRAW


def test_names_of_decks_given_twice_carry_their_letters():
    gruul, skies = load_deck("gruul-stompy"), load_deck("azorius-skies")
    assert player_names((gruul, skies, gruul)) == ("gruul-stompy (A)", "azorius-skies", "gruul-stompy (C)")


@pytest.fixture(scope="module")
def pod_two_workers():
    return simulate(*POD, workers=2, **POD_KWARGS)


@pytest.mark.slow
def test_pod_results_are_the_same_whatever_the_number_of_workers(pod_two_workers):
    one = simulate(*POD, workers=1, **POD_KWARGS)
    assert one.records == pod_two_workers.records and one.summary == pod_two_workers.summary
    assert [r.index for r in one.records] == list(range(6))


def test_pod_seeds_and_seating_come_from_the_seed_and_the_index(pod_two_workers):
    result = pod_two_workers
    assert result.deck_names == POD and result.agents == ("heuristic", "random", "heuristic")
    for r in result.records:
        assert r.seed == derive_seed(9, r.index) and r.seats == seating(r.index, 3)
        assert r.is_finished or r.reason is EndReason.UNFINISHED
    s = result.summary
    assert s.games == 6 and s.errors == 0 and s.finished + s.unfinished == 6
    assert sum(d.wins for d in s.decks) + s.draws == s.finished
    assert all(d.on_play.games + d.on_draw.games == s.finished for d in s.decks)
    assert sum(r.games for r in s.seats) == 3 * s.finished


def test_a_pod_game_replays_from_its_index(pod_two_workers):
    setup = pod_two_workers.setup
    for record in pod_two_workers.records:
        game = GameRunner(setup).replay(record.index)
        assert [p.name for p in game.peek().players] == [POD[d] for d in record.seats]
        if record.is_finished:
            assert (game.result.turn, game.result.reason) == (record.turns, record.detail)
        else:
            assert game.result is None and game.turn == 25


def test_the_turn_limit_stops_games_unfinished():
    result = simulate(*POD, games=2, seed=1, workers=1, agents="random", max_turns=2)
    assert [r.reason for r in result.records] == [EndReason.UNFINISHED] * 2
    assert all(r.turns == 2 and r.winner is None and r.first_seat is not None for r in result.records)
    s = result.summary
    assert (s.unfinished, s.finished, s.mean_turns) == (2, 0, 0.0) and s.decks[0].overall == Rate(0, 0)


def test_one_agent_serves_every_deck_and_one_each_is_kept_in_order():
    gruul = ["Mountain"] * 40
    assert simulate(gruul, gruul, gruul, gruul, games=1, workers=1, agents="first", max_turns=1).agents == ("first",) * 4
    assert simulate(gruul, gruul, gruul, games=1, workers=1, agents=("first", "random", "first"),
                    max_turns=1).agents == ("first", "random", "first")


@pytest.mark.parametrize("decks, kwargs, message", [
    (("gruul-stompy",), {}, "simulate plays 2 to 8 decks, one per player; got 1"),
    (("gruul-stompy",) * 9, {}, "simulate plays 2 to 8 decks, one per player; got 9"),
    (POD, {"agents": ("first", "random")}, r"one agent spec for every deck or one per deck \(3\)"),
    (POD, {"agents": ("first", "random", "wizard")}, "unknown agent .wizard."),
])
def test_bad_pods_are_refused_with_a_clear_message(decks, kwargs, message):
    with pytest.raises(SimulationError, match=message):
        simulate(*decks, games=1, workers=1, **kwargs)


def test_every_deck_of_a_pod_is_checked_at_once():
    with pytest.raises(DeckCheckError) as err:
        simulate(*POD, "red-green", games=1, fmt="constructed")
    where = [str(p).split(":")[0] for p in err.value.problems]
    assert sorted(set(where), key=where.index) == [f"{d} (bundled deck)" for d in (*POD, "red-green")]


def test_cli_four_deck_pod_writes_table_json_csv_and_plot(tmp_path):
    out = tmp_path / "pod"
    args = ["simulate", *POD, "red-green", "--games", "4", "--workers", "1", "--seed", "2", "--agents", "heuristic",
            "--max-turns", "30", "--json", f"{out}.json", "--csv", f"{out}.csv"]     # with the progress bar
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert "4 games of 4 decks, heuristic for every deck, seed 2" in res.output
    assert all(d in res.output for d in (*POD, "red-green"))
    assert "4th to play" in res.output and "unfinished at the turn limit" in res.output
    data = json.loads((tmp_path / "pod.json").read_text())
    assert data["decks"] == [*POD, "red-green"] and data["agents"] == ["heuristic"] * 4
    assert data["max_turns"] == 30 and data["format"] == "normal"
    assert [g["seats"] for g in data["games"]] == [["A", "B", "C", "D"], ["D", "A", "B", "C"],
                                                   ["C", "D", "A", "B"], ["B", "C", "D", "A"]]
    summary = data["summary"]
    assert len(summary["decks"]) == len(summary["seats"]) == len(summary["turn_order"]) == 4
    won = [g["winner"] for g in data["games"] if g["winner"]]
    assert [d["wins"] for d in summary["decks"]] == [won.count(letter) for letter in "ABCD"]
    rows = list(csv.reader((tmp_path / "pod.csv").open()))
    assert rows[0][-2:] == ["seats", "first"] and rows[2][-2] == "DABC"
    blank = [i for i, r in enumerate(rows) if not r]
    assert len(blank) == 2 and [r[0] for r in rows[blank[0] + 2:blank[1]]] == [*POD, "red-green"]
    assert rows[blank[1] + 1][0] == "seat" and [r[0] for r in rows[blank[1] + 2:]] == ["0", "1", "2", "3"]


def test_plot_of_a_pod_writes_a_png(pod_two_workers, tmp_path):
    pytest.importorskip("matplotlib", reason="the plot extra is not installed (pip install 'manastack[plot]')")
    plot_win_rate(pod_two_workers, tmp_path / "pod.png")
    assert (tmp_path / "pod.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_commander_pod(corpus_path, db, tmp_path):
    """A three-deck Commander pod: the decks pass the Commander check and play 40-life
    free-for-all games from the command zone."""
    args = ["simulate", "commander-ayula", "commander-radha", "commander-isperia", "--format", "commander",
            "--cards", str(corpus_path), "--games", "2", "--workers", "1", "--agents", "heuristic",
            "--max-turns", "12", "--json", str(tmp_path / "cmd.json"), "--quiet"]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    data = json.loads((tmp_path / "cmd.json").read_text())
    assert data["format"] == "commander" and data["summary"]["errors"] == 0
    assert len(data["summary"]["seats"]) == 3
    decks = tuple(load_deck(d, db) for d in ("commander-ayula", "commander-radha", "commander-isperia"))
    game, _ = GameRunner(SimSetup(decks, ("first",) * 3, 1, game_format="commander"), db).start(0)
    assert [p.life for p in game.peek().players] == [40, 40, 40] and all(p.command for p in game.peek().players)
