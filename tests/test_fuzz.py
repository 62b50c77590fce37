"""A short run of the whole-game fuzz (manastack.fuzz) over corpus decks, and of its report:
every invariant is checked at every decision of the first actions of two seeded games."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from manastack import fuzz
from manastack import game as game_module
from manastack.agents import RandomAgent
from manastack.cards import default_db
from manastack.game import Game
from manastack.rng import Rng

ACTIONS = 40


@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 12])
def test_seeded_corpus_game_holds_every_invariant(corpus_db, playable, seed):
    game = fuzz.play_game(corpus_db, playable, seed, ACTIONS, must_end=False)
    assert len(game.move_stack) == ACTIONS or game.result is not None


def test_a_broken_invariant_is_reported_by_class_with_a_repro_command(corpus_db, playable, monkeypatch):
    real = Game.pop

    def bad_pop(self):
        action = real(self)
        if self.state.turn >= 2:
            self._answers = self._answers + [action]     # leave the game changed
        return action

    monkeypatch.setattr(Game, "pop", bad_pop)
    report = fuzz.run(corpus_db, playable, iter([11]), 400)
    assert list(report.failures) == ["push/pop exact"]
    text = report.render(fuzz.DEFAULT_CORPUS, 400)
    assert "push/pop exact: 1 game(s), seeds 11" in text
    assert "repeat: python3 -m manastack.fuzz --corpus ../shared/cards/AtomicCards-2021.json.gz --seed 11" in text


def test_a_pop_that_gives_back_another_state_is_caught(corpus_db, playable, monkeypatch):
    """An undo that restores the action but not the game exactly (one life point off, in a copy
    of the state, so no state the game shares is touched) fails "push/pop exact"."""
    real = Game.pop

    def bad_pop(self):
        action = real(self)
        if self._base.turn >= 2:
            s = self._base.copy()
            s.players[0].life -= 1
            self._base = s
        return action

    monkeypatch.setattr(Game, "pop", bad_pop)
    report = fuzz.run(corpus_db, playable, iter([12]), 400)
    assert list(report.failures) == ["push/pop exact"]


def test_a_load_that_loses_something_is_caught(corpus_db, playable, monkeypatch):
    """A save that loads into another game (a life point lost on the way) fails "save/load
    continues"."""
    real = Game.from_json.__func__

    def bad_load(cls, text, cards=None):
        game = real(cls, text, cards)
        if game._base.turn >= 2:
            s = game._base.copy()
            s.players[1].life -= 1
            game._base = s
        return game

    monkeypatch.setattr(Game, "from_json", classmethod(bad_load))
    report = fuzz.run(corpus_db, playable, iter([12]), 400)
    assert list(report.failures) == ["save/load continues"]


def test_a_game_put_back_wrong_after_the_pop_check_is_caught(corpus_db, playable, monkeypatch):
    """The game goes on as it was pushed, put back after the pop check rather than pushed again
    (``fuzz._take_back_pop``); one put back as another game (a life point off) is caught at the
    next decision, whose loaded save goes on from the game as it really was."""
    real = fuzz._take_back_pop

    def bad_take_back(game, action, pushed):
        real(game, action, pushed)
        if game._base.turn >= 2:
            s = game._base.copy()
            s.players[0].life -= 1
            game._base = s

    monkeypatch.setattr(fuzz, "_take_back_pop", bad_take_back)
    report = fuzz.run(corpus_db, playable, iter([12]), 400)
    assert list(report.failures) == ["save/load continues"]


def _checked_game(moves: int) -> tuple[Game, list[str]]:
    """A bundled-deck game played ``moves`` decisions with every check of a fuzz decision, and
    the saves it was at, the first before any move."""
    game = Game.new("gruul-stompy", "azorius-skies", seed=7)
    agents = [RandomAgent(7), RandomAgent(8)]
    saves = [game.to_json()]
    for _ in range(moves):
        fuzz.check_state(game)
        action = agents[game.pending.player].choose(game, game.pending)
        saves.append(fuzz.check_push(default_db(), game, action, saves[-1]))
    return game, saves


def test_a_checked_move_leaves_the_game_pushed_and_its_pop_replays_one_move(monkeypatch):
    """After the pop check the game is the game pushed, with the move in its history, so that
    taking the moves back one by one gives each save again. Each pop check replays one move:
    the game before the move was kept when the previous pop check rebuilt it (pushing the
    move again left two moves to replay)."""
    real_advance, real_pop = game_module.advance, Game.pop
    replays: list[int] = []         # the moves each pop played again
    popping = [False]

    def advance(*args):
        if popping[0]:
            replays[-1] += 1
        return real_advance(*args)

    def pop(self):
        replays.append(0)
        popping[0] = True
        try:
            return real_pop(self)
        finally:
            popping[0] = False

    monkeypatch.setattr(game_module, "advance", advance)
    monkeypatch.setattr(Game, "pop", pop)
    game, saves = _checked_game(60)
    assert max(replays) == 1 and len(replays) == 60
    monkeypatch.undo()
    assert game.to_json() == saves[-1] and len(game.move_stack) == 60
    for k in range(60, 0, -1):
        game.pop()
        assert game.to_json() == saves[k - 1]


def test_the_command_line_refuses_bad_bounds(capsys):
    with pytest.raises(SystemExit) as exit_:
        fuzz.main(["--games", "0"])
    assert exit_.value.code == 2
    assert "--games must be from 1 to" in capsys.readouterr().err
    assert fuzz.main(["--games", "1", "--corpus", "no-such-file.json"]) == 2
    assert "card file not found" in capsys.readouterr().err


def test_a_run_stopped_by_hand_reports_the_games_it_finished(corpus_db, playable):
    def seeds():
        yield 11
        raise KeyboardInterrupt

    report = fuzz.run(corpus_db, playable, seeds(), 10)
    assert report.games == 1 and report.stopped
    assert list(report.failures) == ["no end"]          # 10 actions are too few for a game
    assert "stopped early" in report.render(fuzz.DEFAULT_CORPUS, 10)


@pytest.mark.slow
def test_games_played_by_worker_processes_report_as_one_process_would(corpus_path, corpus_db, playable):
    """Two workers, each with its own corpus, give the failures, seeds and decisions of a run in
    this process, in the order of the seeds."""
    alone = fuzz.run(corpus_db, playable, iter(range(11, 14)), 30)
    pool = {n: corpus_db.get(n).colors for n in playable}     # so the workers compile only their decks
    side_by_side = fuzz.run_parallel(corpus_path, pool, range(11, 14), 30, jobs=2)
    assert side_by_side.games == alone.games == 3
    assert side_by_side.decisions == alone.decisions
    assert side_by_side.failures == alone.failures
    assert [f.seed for f in side_by_side.failures["no end"]] == [11, 12, 13]


def _main_stopped_by_signals(monkeypatch, play_one, render_signals=(), names=lambda db: []):
    """``fuzz.main`` over games that ``play_one`` plays (no corpus is read), with
    ``render_signals`` sent to this process as the report is rendered; the signal handlers main
    sets are put back after."""
    monkeypatch.setattr(fuzz, "load_db", lambda path: None)
    monkeypatch.setattr(fuzz, "playable_pool", names)
    monkeypatch.setattr(fuzz, "play_one", play_one)
    real_render = fuzz.Report.render

    def render(self, *args):
        for sig in render_signals:
            os.kill(os.getpid(), sig)
        return real_render(self, *args)

    monkeypatch.setattr(fuzz.Report, "render", render)
    saved = {sig: signal.getsignal(sig) for sig in fuzz.STOP_SIGNALS}
    try:
        return fuzz.main(["--games", "5", "--seed", "11", "--corpus", "unread.json"])
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def test_a_terminated_run_prints_its_report_whatever_signal_comes_next(monkeypatch, capsys):
    """A termination signal in the third game stops the run; a second one and a Ctrl-C while the
    report is being written are ignored, and the report of the two games finished is printed."""
    def play_one(db, names, seed, max_actions, offers, players):
        if seed == 13:
            os.kill(os.getpid(), signal.SIGTERM)
        return 7, None

    status = _main_stopped_by_signals(monkeypatch, play_one, (signal.SIGTERM, signal.SIGINT))
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("2 games, 14 decisions checked in") and "stopped early" in out


def test_a_run_that_finished_prints_its_report_through_a_late_signal(monkeypatch, capsys):
    status = _main_stopped_by_signals(monkeypatch, lambda *args: (3, None), (signal.SIGTERM,))
    out = capsys.readouterr().out
    assert status == 0 and out.startswith("5 games, 15 decisions checked in") and "stopped" not in out


def test_a_run_stopped_before_its_first_game_still_reports(monkeypatch, capsys):
    def names(db):
        os.kill(os.getpid(), signal.SIGTERM)        # while the corpus's playable cards are listed
        return []

    def play_one(*args):
        raise AssertionError("no game is played after the run was stopped")

    assert _main_stopped_by_signals(monkeypatch, play_one, names=names) == 0
    out = capsys.readouterr().out
    assert out.startswith("0 games, 0 decisions") and "stopped early" in out


@pytest.mark.slow
def test_a_run_killed_again_and_again_still_prints_its_report_and_status(tmp_path):
    """The command itself, stopped by a termination signal after its first game and sent a
    dozen more signals as it reports and exits: one report, no traceback, status 1 (the
    first game can't end in 30 actions). Random decks of the bundled cards (the card file
    given adds none that is fully supported), so no corpus is needed."""
    cards = tmp_path / "cards.json"
    cards.write_text('{"data": {}}', encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "manastack.fuzz", "--corpus", str(cards), "--games", "1000",
                             "--max-actions", "30"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parent.parent,
                            env=dict(os.environ, MANASTACK_CACHE=str(tmp_path / "cache")))
    progress = proc.stderr.readline()                 # the first game's line
    assert progress.startswith("1 games"), progress
    for sig in [signal.SIGTERM] * 3 + [signal.SIGINT] + [signal.SIGTERM] * 9:
        try:
            proc.send_signal(sig)
        except ProcessLookupError:
            break
        time.sleep(0.01)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, (proc.returncode, err[-500:])
    assert out.count(" decisions checked in ") == 1 and "stopped early" in out
    assert "Traceback" not in err and "race condition" not in err


def test_the_pool_of_cards_is_cached_as_data_and_a_bad_cache_is_rebuilt(corpus_db, playable, tmp_path, monkeypatch):
    """The pool read back from the cache is the one computed: the same cards, in the same order,
    with their colors; a cache file that fails a check is computed again, never used."""
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path))
    computed = fuzz.playable_pool(corpus_db)
    assert list(computed) == playable
    assert computed == {n: corpus_db.get(n).colors for n in playable}
    [path] = tmp_path.glob("fuzz-pool-*.json")
    real_names = fuzz.playable_names
    monkeypatch.setattr(fuzz, "playable_names", lambda db: pytest.fail("the pool was computed again"))
    cached = fuzz.playable_pool(corpus_db)
    assert list(cached.items()) == list(computed.items())
    good = json.loads(path.read_text())
    bad_files = [b"not json", json.dumps(dict(good, key="0" * 64)).encode(),
                 json.dumps(dict(good, cards=good["cards"] + [["No Such Card", "W"]])).encode(),
                 json.dumps(dict(good, cards=[[good["cards"][0][0], "X"]] + good["cards"][1:])).encode(),
                 json.dumps(dict(good, cards=good["cards"] + good["cards"][:1])).encode()]
    monkeypatch.setattr(fuzz, "playable_names", real_names)
    for bad in bad_files:
        path.write_bytes(bad)
        assert fuzz.playable_pool(corpus_db) == computed
        assert json.loads(path.read_text()) == good       # and written again


def test_decks_from_the_pool_are_the_decks_from_the_names(corpus_db, playable):
    """The pool's colors stand for compiling each card: the same seed builds the same decks."""
    pool = {n: corpus_db.get(n).colors for n in playable}
    for seed in (3, 91000):
        assert fuzz.random_deck(corpus_db, pool, Rng(seed)) == fuzz.random_deck(corpus_db, playable, Rng(seed))
