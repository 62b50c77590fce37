"""A short run of the whole-game fuzz (manastack.fuzz) over corpus decks, and of its report:
every invariant is checked at every decision of the first actions of two seeded games."""
from __future__ import annotations

import pytest

from manastack import fuzz
from manastack.game import Game

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
    side_by_side = fuzz.run_parallel(corpus_path, playable, range(11, 14), 30, jobs=2)
    assert side_by_side.games == alone.games == 3
    assert side_by_side.decisions == alone.decisions
    assert side_by_side.failures == alone.failures
    assert [f.seed for f in side_by_side.failures["no end"]] == [11, 12, 13]
