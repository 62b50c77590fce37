"""Benchmark: one agent against another over several deck pairs, in both seats.

    nice -n 5 python bench/head_to_head.py [--agent tactician] [--against heuristic]
                                           [--games 400] [--seed 1] [--workers 2]

The ``--games`` games are spread evenly over the deck pairs (``--pairs``, default four pairs of
the bundled decks), taken in turn so that a run stopped early is still balanced; within a pair,
the k-th game (seed ``--seed + k``) seats the measured agent first when k is even, second when
odd, and gives it deck A when k // 2 is even, deck B when odd, so that each agent plays each
deck of the pair in each seat equally. Prints per deck pair and per seat:
games won, lost, drawn and the win rate with its 95% Wilson interval, and for the measured
agent the median and mean CPU time per decision and its CPU time per game (games per
CPU-second of its own decisions), and one line per game as it ends.
``--workers`` plays games in that many processes (the per-game results don't depend on it; one
worker plays them in this process). Stopped early (Ctrl-C, SIGINT), it stops the workers and
prints the tallies of the games finished so far. A measurement, not a test.
"""
from __future__ import annotations

import argparse
import signal
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor

from manastack import Game, raise_gc_threshold
from manastack.agents import parse_agent
from manastack.sim.stats import wilson

PAIRS = ("gruul-stompy/azorius-skies", "red-green/azorius-skies", "mono-green/gruul-stompy",
         "red-green/mono-green")
MAX_ACTIONS = 20_000


def play(job: tuple[str, str, str, int, int, int]) -> tuple[str, int, int | None, list[float]]:
    """One game: (pair, seat of the measured agent, whether it won (None: drawn), its CPU time
    per decision in seconds). The measured agent plays deck ``deck`` (0: A, 1: B) of the pair."""
    agent_spec, other_spec, pair, seed, seat, deck = job
    decks = pair.split("/")
    if deck != seat:
        decks.reverse()
    measured, other = parse_agent(agent_spec, seed), parse_agent(other_spec, seed + 7919)
    agents = [measured, other] if seat == 0 else [other, measured]
    game = Game.new(decks[0], decks[1], seed=seed, history=False)
    times: list[float] = []
    for _ in range(MAX_ACTIONS):
        d = game.pending
        if d is None:
            break
        if d.player == seat:
            start = time.process_time()
            action = measured.choose(game, d)
            times.append(time.process_time() - start)
        else:
            action = other.choose(game, d)
        game.push(action)
    result = game.result
    won = None if result is None or result.winner is None else int(result.winner == seat)
    return pair, seat, won, times


def _ignore_interrupt() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the run and prints the tallies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def results(jobs: list, workers: int) -> Iterator[tuple[str, int, int | None, list[float]]]:
    """The games' results in the order of ``jobs``: played here with one worker, else in
    ``workers`` processes. Interrupted (Ctrl-C), the workers are stopped at once, the games
    they were playing dropped, and the KeyboardInterrupt passed on."""
    if workers <= 1:
        yield from map(play, jobs)
        return
    pool = ProcessPoolExecutor(workers, initializer=_ignore_interrupt)
    try:
        yield from pool.map(play, jobs)
    except KeyboardInterrupt:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        raise
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def rate(won: int, n: int) -> str:
    low, high = wilson(won, n)
    return f"{won}/{n} {won / max(1, n):.1%} ({low:.1%}-{high:.1%})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default="tactician")
    ap.add_argument("--against", default="heuristic")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairs", default=",".join(PAIRS), help="deck pairs A/B, comma-separated")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    pairs = args.pairs.split(",")
    jobs = [(args.agent, args.against, pairs[i % len(pairs)], args.seed + i // len(pairs),
             (i // len(pairs)) % 2, (i // len(pairs) // 2) % 2) for i in range(args.games)]
    raise_gc_threshold()
    start = time.time()
    tallies: dict[tuple[str, int], list[int]] = {}
    decks: dict[tuple[str, int], list[int]] = {}
    times: list[float] = []
    played = 0
    try:
        for (pair, seat, won, t), job in zip(results(jobs, args.workers), jobs):
            by_deck = decks.setdefault((pair, job[5]), [0, 0])
            by_deck[0] += won == 1
            by_deck[1] += 1
            tally = tallies.setdefault((pair, seat), [0, 0, 0])
            tally[0] += won == 1
            tally[1] += won is None
            tally[2] += 1
            times.extend(t)
            played += 1
            print(f"game {played}: {pair} seat {seat} {pair.split('/')[job[5]]} "
                  f"{'won' if won == 1 else 'drew' if won is None else 'lost'}", flush=True)
    except KeyboardInterrupt:
        print("stopped: the tallies below count the games finished so far", flush=True)
    print(f"{args.agent} against {args.against}: {played} games, seed {args.seed}, "
          f"{time.time() - start:.0f} s wall")
    for pair in pairs:
        cells = [f"seat {seat} " + rate(tallies.get((pair, seat), [0, 0, 0])[0], tallies.get((pair, seat), [0, 0, 0])[2])
                 for seat in (0, 1)]
        cells += [f"with {pair.split('/')[d]} " + rate(*decks.get((pair, d), [0, 0])) for d in (0, 1)]
        won = sum(tallies.get((pair, s), [0, 0, 0])[0] for s in (0, 1))
        n = sum(tallies.get((pair, s), [0, 0, 0])[2] for s in (0, 1))
        print(f"  {pair}: {rate(won, n)}; " + "; ".join(cells))
    for seat in (0, 1):
        won = sum(v[0] for (p, s), v in tallies.items() if s == seat)
        n = sum(v[2] for (p, s), v in tallies.items() if s == seat)
        print(f"  seat {seat}: {rate(won, n)}")
    won, drawn, n = (sum(v[i] for v in tallies.values()) for i in range(3))
    print(f"  all: {rate(won, n)}, {drawn} drawn")
    if times:
        print(f"  {args.agent} CPU per decision: median {statistics.median(times) * 1000:.2f} ms, "
              f"mean {statistics.fmean(times) * 1000:.2f} ms over {len(times)} decisions")
        print(f"  {args.agent} CPU per game: {sum(times) / played:.2f} s, "
              f"{played / max(sum(times), 1e-9):.2f} games per CPU-second of its own decisions")


if __name__ == "__main__":
    main()
