"""The benchmark's decks, its side-by-side arithmetic and its command line (bench/run.py)."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manastack.decks import bundled_decks, load_deck

from .conftest import ROOT

_spec = importlib.util.spec_from_file_location("side_by_side", ROOT / "bench" / "side_by_side.py")
side_by_side = sys.modules["side_by_side"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(side_by_side)
BenchError, SideRun, PairResult = side_by_side.BenchError, side_by_side.SideRun, side_by_side.PairResult


def bench(*args: str, tmp_path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    return subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), *args], cwd=ROOT,
                          env=env, capture_output=True, text=True)


def test_bench_decks_are_bundled_with_their_lists():
    assert {"mono-green", "red-green", "gruul-stompy", "azorius-skies"} <= set(bundled_decks())
    mono = load_deck("mono-green")
    assert dict((n, c) for c, n in mono.entries) == {"Forest": 17, "Llanowar Elves": 12, "Grizzly Bears": 11}
    red_green = load_deck("red-green")
    assert dict((n, c) for c, n in red_green.entries) == {
        "Mountain": 8, "Forest": 9, "Llanowar Elves": 4, "Grizzly Bears": 6, "Raging Goblin": 4,
        "Hill Giant": 3, "Shock": 3, "Lightning Bolt": 2, "Giant Growth": 1}
    assert all(len(load_deck(name)) == 40 for name in bundled_decks())


def test_default_pairs_are_card_name_lists_both_sides_can_read():
    pairs = side_by_side.parse_pairs(None)
    assert [p.name for p in pairs] == ["mono-green", "red-green", "gruul-stompy:azorius-skies"]
    assert pairs[0].deck_a == pairs[0].deck_b == tuple(load_deck("mono-green").card_names)
    assert pairs[2].deck_b.count("Serra Angel") == 2


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(list("ab-:,\0 /.") + ["mono-green", "red-green"]), max_size=20)
       .map("".join))
def test_any_decks_option_gives_pairs_or_a_bench_error(spec):
    try:
        pairs = side_by_side.parse_pairs(spec)
    except BenchError as exc:
        assert str(exc).startswith("--decks:")
    else:
        assert 1 <= len(pairs) <= side_by_side.MAX_PAIRS
        assert all(len(p.deck_a) == len(p.deck_b) == 40 for p in pairs)


def run(per_game, cpu):
    return SideRun(tuple(per_game), cpu, 1.0, 100.0)


def test_ratios_are_per_round_speed_ups_and_pairs_combine_by_round():
    a = PairResult("a", old=[run([100], 1.0), run([100], 2.0)], new=[run([100], 0.5), run([100], 0.5)])
    b = PairResult("b", old=[run([300], 1.0), run([300], 1.0)], new=[run([301], 1.0), run([301], 2.0)])
    assert a.ratios() == [2.0, 4.0]
    assert a.same_games() and not b.same_games()
    total = side_by_side.combined([a, b])
    assert [r.per_game for r in total.old] == [(100, 300), (100, 300)]
    assert [r.cpu_s for r in total.new] == [1.5, 2.5]
    assert total.ratios() == pytest.approx([(401 / 1.5) / 200, (401 / 2.5) / (400 / 3)])


@pytest.mark.parametrize("args, message", [
    (["--games", "0"], "--games: expected a whole number from 1 to 500, got '0'"),
    (["--rounds", "2"], "--rounds needs --against REF"),
    (["--against", "no-such-ref-anywhere", "--games", "1"], "'no-such-ref-anywhere' is not a commit"),
    (["--against", "HEAD", "--decks", "mono-green:nowhere"], "no deck file 'nowhere'"),
    (["--against", "HEAD", "--cards", "x.json"], "--cards is for the plain mode"),
    (["--cards", "no-such-cards.json"], "--cards: no file 'no-such-cards.json'"),
])
def test_bad_options_get_one_line_and_a_nonzero_exit(args, message, tmp_path):
    result = bench(*args, tmp_path=tmp_path)
    assert result.returncode != 0
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_side_by_side_against_head_prints_ratios_writes_a_profile_and_cleans_up(tmp_path):
    if subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode:
        pytest.skip("not a git checkout: nothing to compare against")
    profile = tmp_path / "profile.txt"
    result = bench("--against", "HEAD", "--rounds", "1", "--games", "1", "--decks", "mono-green",
                   "--profile", str(profile), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "speed-up" in result.stdout and "mono-green" in result.stdout
    assert "--- top 25 by tottime ---" in result.stdout
    text = profile.read_text()
    assert "--- top 50 by cumulative ---" in text and "manastack/game.py" in text
    assert not list(tmp_path.glob("manastack-bench-*"))


def test_multiplayer_bench_times_four_player_commander_against_two(corpus_path, tmp_path):
    # the measure: decisions per CPU-second of a four-player Commander game with the
    # bundled Commander decks, against two-player Commander games of the same run
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = str(ROOT / "bench" / "multiplayer.py")
    out = subprocess.run([sys.executable, script, "--games", "1", "--format", "commander",
                          "--cards", str(corpus_path)], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("2 players (commander, random): 1 games")
    assert lines[1].startswith("4 players (commander, random): 1 games")
    assert float(lines[2].rsplit(" ", 1)[1]) > 0
    refused = subprocess.run([sys.executable, script, "--format", "commander"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "--format commander needs --cards FILE" in refused.stderr


def test_plain_mode_prints_its_measures_and_the_commander_ratio(corpus_path, tmp_path):
    result = bench("--games", "1", "--cards", str(corpus_path), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    for measure in ("actions per second", "push()+pop() µs", "Commander, 2 players",
                    "Commander, 4 players", "Commander, 4-player rate / 2-player rate"):
        assert measure in result.stdout


def test_simulate_bench_plays_pods_and_keeps_the_two_player_default(tmp_path):
    # bench/simulate.py plays a pod dealt round the seats and reports games per second with one
    # worker and with every core, the same records either way
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = str(ROOT / "bench" / "simulate.py")
    out = subprocess.run([sys.executable, script, "--players", "3", "--games", "2", "--agents", "random",
                          "--max-turns", "6", "--no-ray"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert "2 games of 3 players (normal: gruul-stompy, azorius-skies, mono-green)" in text
    assert "games/s" in text and "local, 1 worker" in text
    assert text.count("True") == 2 and "False" not in text
    refused = subprocess.run([sys.executable, script, "--players", "3", "--agents", "random,random"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "expected one spec or 3 (one per seat), got 2" in refused.stderr
    refused = subprocess.run([sys.executable, script, "--format", "commander"], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "--format commander needs --cards FILE" in refused.stderr
    spec = importlib.util.spec_from_file_location("simulate_bench", ROOT / "bench" / "simulate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.pod(2, "normal") == ("gruul-stompy", "azorius-skies")       # the default
    assert module.pod(4, "commander") == ("commander-ayula", "commander-radha", "commander-isperia",
                                          "commander-ayula")


def test_rl_steps_side_runs_report_their_answers_and_refuse_bad_refs(tmp_path):
    # the side run of bench/rl_steps.py --against: the CPU time of the steps, a digest of the
    # answers played (both sides must play the same), and the tree it imported
    pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0")
    script = str(ROOT / "bench" / "rl_steps.py")
    runs = [subprocess.run([sys.executable, script, "--side", "--steps", "30", "--seed", "2"], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=300) for _ in range(2)]
    answers = [json.loads(r.stdout) for r in runs]
    assert answers[0]["digest"] == answers[1]["digest"] and answers[0]["steps"] == 30
    assert answers[0]["cpu_s"] > 0 and answers[0]["module"].startswith(str(ROOT))
    bad = subprocess.run([sys.executable, script, "--against", "no-such-ref-anywhere", "--rounds", "1"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert bad.returncode != 0 and "'no-such-ref-anywhere' is not a commit" in bad.stderr
    assert "Traceback" not in bad.stderr


def board_size(*args: str, tmp_path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    return subprocess.run([sys.executable, str(ROOT / "bench" / "board_size.py"), *args], cwd=ROOT,
                          env=env, capture_output=True, text=True)


def test_board_size_bench_counts_every_decision_by_bucket_and_profiles_the_late_ones(tmp_path):
    # games without attacks reach 30+ permanents: every bucket has decisions and a cost
    profile = tmp_path / "late.txt"
    result = board_size("--games", "1", "--decks", "mono-green", "--profile", str(profile), tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()
            if line.split() and line.split()[0] in ("0-9", "10-19", "20-29", "30+")}
    assert set(rows) == {"0-9", "10-19", "20-29", "30+"}
    assert all(int(r[0]) > 0 and float(r[1]) > 0 for r in rows.values())
    assert "late (30+) / early (0-9) cost:" in result.stdout
    assert "--- top 15 by tottime ---" in profile.read_text()


def test_board_size_bench_refuses_bad_options_in_one_line(tmp_path):
    result = board_size("--games", "0", tmp_path=tmp_path)
    assert result.returncode != 0 and "--games must be from 1 to 50" in result.stderr
    assert "Traceback" not in result.stderr
