"""``manastack simulate``: many games of a pod of two to eight decks, a progress bar and the
summary tables (per deck, per seat and place in turn order)."""
from __future__ import annotations

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                           TimeRemainingColumn)
from rich.table import Table
from rich.text import Text

from manastack.agents import AgentSpecError, agent_names, parse_agent, split_agent_specs
from manastack.cards import CardError
from manastack.decks import DeckError, DeckFormat
from manastack.game import MAX_PLAYERS, MIN_PLAYERS
from manastack.sim import DeckCheckError, SimResult, SimulationError, simulate
from manastack.sim.games import LETTERS, GameRunner
from manastack.sim.plot import INSTALL_HINT as PLOT_HINT
from manastack.sim.plot import MATPLOTLIB_INSTALLED, plot_win_rate
from manastack.sim.run import MAX_GAMES, MAX_SEED, MAX_TURNS, MAX_WORKERS, Backend
from manastack.sim.stats import Rate

SHOWN_ERRORS = 10


class _GamesPerSecond(ProgressColumn):
    def render(self, task) -> Text:
        return Text(f"{task.speed:.2f} games/s" if task.speed else "- games/s")


def _workers(value: str) -> int | str:
    if value == "auto":
        return value
    if not value.isdigit() or not 1 <= int(value) <= MAX_WORKERS:
        raise click.BadParameter(f"expected 'auto' or a number from 1 to {MAX_WORKERS}; got {value[:40]!r}",
                                 param_hint="--workers")
    return int(value)


def _agents(value: str) -> tuple[str, ...]:
    specs = tuple(split_agent_specs(value))
    if not 1 <= len(specs) <= MAX_PLAYERS:
        raise click.BadParameter(f"expected one agent spec for every deck or one per deck ({agent_names()}); "
                                 f"got {value[:80]!r}", param_hint="--agents")
    for spec in specs:
        try:
            parse_agent(spec, 0)
        except AgentSpecError as exc:
            raise click.BadParameter(str(exc), param_hint="--agents") from None
    return specs


def _decks(value: tuple[str, ...]) -> tuple[str, ...]:
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise click.BadParameter(f"expected {MIN_PLAYERS} to {MAX_PLAYERS} decks, one per player; got {len(value)}",
                                 param_hint="DECKS")
    return value


def check_hint(problems) -> str:
    """What to do about a failed deck check, naming options this command has: unknown cards
    need a card file (--cards); the rest (partly supported cards, the format's rules) may be
    played anyway with --no-check."""
    unknown = any(p.message.startswith("unknown card") for p in problems)
    other = any(not p.message.startswith("unknown card") for p in problems)
    hints = []
    if unknown:
        hints.append("add the card file that has the unknown cards with --cards FILE")
    if other:
        hints.append("fix the decklist, choose --format, or pass --no-check to play anyway "
                     "(partly supported cards are then named in the results)")
    return "To go on: " + "; ".join(hints) + "."


def _pct(rate: Rate, interval: bool = False) -> str:
    if not rate.games:
        return "-"
    low, high = rate.interval
    return f"{rate.rate:.1%} ({low:.0%}-{high:.0%})" if interval else f"{rate.rate:.1%} of {rate.games}"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _agents_title(agents: tuple[str, ...]) -> str:
    return f"{agents[0]} for every deck" if len(set(agents)) == 1 else " vs ".join(agents)


def print_summary(console: Console, result: SimResult) -> None:
    """The tables per deck and per seat, game lengths, end reasons and the games that raised."""
    s = result.summary
    table = Table(title=f"{s.games} games of {len(s.decks)} decks, {_agents_title(result.agents)}, "
                        f"seed {result.seed}")
    for col in ("deck", "won", "lost", "drawn", "win rate (95% CI)", "on the play", "on the draw"):
        table.add_column(col, justify="left" if col == "deck" else "right", no_wrap=col == "deck")
    for d in s.decks:
        table.add_row(d.name, str(d.wins), str(d.losses), str(d.draws), _pct(d.overall, True),
                      _pct(d.on_play), _pct(d.on_draw))
    console.print(table)
    seats = Table(title="Wins by seat and by place in turn order, whatever the deck")
    for col in ("seat", "win rate (95% CI)", "place in turn order", "win rate (95% CI)"):
        seats.add_column(col, justify="right")
    for k, (seat, place) in enumerate(zip(s.seats, s.turn_order)):
        seats.add_row(str(k), _pct(seat, True), f"{_ordinal(k + 1)} to play", _pct(place, True))
    console.print(seats)
    console.print(f"Finished games: {s.finished} of {s.games} ({s.draws} drawn); unfinished at the turn limit: "
                  f"{s.unfinished}; errors: {s.errors}.")
    console.print(f"Game length: mean {s.mean_turns:.1f} turns, median {s.median_turns:g} turns "
                  "(turns of every player, finished games).")
    console.print("Ended by: " + ", ".join(f"{reason.value} {n}" for reason, n in s.reasons.items()) + ".")
    for name, partial in zip(result.deck_names, result.partial):
        if partial:
            console.print(f"[bold yellow]{escape(name)} played partly supported cards[/bold yellow] "
                          "(the parts not read did nothing):")
            for card, unread in partial.items():
                console.print(f"  {card}: not read: " + "; ".join(repr(u) for u in unread), markup=False)
    console.print(f"{s.games / result.seconds:.2f} games/s ({result.backend.value}, "
                  f"{result.workers} worker(s), {result.seconds:.1f} s).", style="dim")
    if s.errors:
        console.print(f"[bold red]{s.errors} game(s) raised an error[/bold red] (not counted above):")
        for r in result.errors[:SHOWN_ERRORS]:
            console.print(f"  game {r.index}, seed {r.seed}: {r.detail}", markup=False)
        if s.errors > SHOWN_ERRORS:
            console.print(f"  ... and {s.errors - SHOWN_ERRORS} more (see --json or --csv)")


@click.command()
@click.argument("decks", nargs=-1, required=True, callback=lambda c, p, v: _decks(v))
@click.option("--games", "-n", default=100, show_default=True, type=click.IntRange(1, MAX_GAMES),
              help="How many games to play.")
@click.option("--agents", default="tactician", show_default=True, callback=lambda c, p, v: _agents(v),
              help="One agent spec for every deck, or one per deck in the decks' order, e.g. heuristic or "
                   "mcts:iterations=100,heuristic,random.")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(-MAX_SEED - 1, MAX_SEED),
              help="The run's seed: game i depends only on it and i.")
@click.option("--workers", default="auto", show_default=True, callback=lambda c, p, v: _workers(v),
              help="Worker processes (local) or actors (ray): 'auto' = every core, or a number.")
@click.option("--backend", type=click.Choice([b.value for b in Backend]), default="local", show_default=True,
              help="Where games run: local worker processes, or a Ray cluster.")
@click.option("--address", default=None, help="The Ray cluster to join (else RAY_ADDRESS, else a new local one).")
@click.option("--format", "fmt", type=click.Choice([f.value for f in DeckFormat]), default="limited",
              show_default=True, help="Deck construction rules the check applies (CR 100.2); commander also "
              "plays Commander games (CR 903).")
@click.option("--max-turns", type=click.IntRange(1, MAX_TURNS), default=None,
              help="Stop a game still going when this turn (counting every player's turns) is over; it counts as unfinished.")
@click.option("--no-check", is_flag=True, help="Play decks that fail the check (unknown cards still fail).")
@click.option("--cards", multiple=True, type=click.Path(),
              help="Extra card files: MTGJSON AtomicCards, set files, AllPrintings, or Scryfall Oracle Cards.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write per-game rows and the summary as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="Write per-game rows and the summary as CSV.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), help="Write a PNG of the win rate as games accumulate.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--explain", is_flag=True,
              help="Then play the first game again, printing each agent's best answers with their scores at each decision.")
def simulate_command(decks, games, agents, seed, workers, backend, address, fmt, max_turns, no_check,
                     cards, json_path, csv_path, plot_path, quiet, explain):
    """Play many games of two to eight decks (bundled names or decklist files: plain, MTG Arena,
    MTGO .txt or .dek), each deck seated in turn in every seat, and report win rates per deck and
    per seat with 95% intervals."""
    if len(agents) not in (1, len(decks)):
        raise click.BadParameter(f"expected one agent spec for every deck or one per deck ({len(decks)}); "
                                 f"got {len(agents)}", param_hint="--agents")
    if address and backend != Backend.RAY.value:
        raise click.BadParameter("a cluster address needs --backend ray", param_hint="--address")
    if plot_path and not MATPLOTLIB_INSTALLED:
        raise click.ClickException(PLOT_HINT)
    console = Console(highlight=False, soft_wrap=True)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), _GamesPerSecond(),
               TimeRemainingColumn(), TextColumn("{task.fields[running]}"))
    wins = [0] * len(decks)
    finished = 0
    with Progress(*columns, console=console, transient=True, disable=quiet) as progress:
        task = progress.add_task("games", total=games, running="")

        def on_game(record, done, total):
            nonlocal finished
            if record.is_finished:
                finished += 1
                if record.winner is not None:
                    wins[record.winner] += 1
            progress.update(task, completed=done, running="wins " + " ".join(
                f"{letter} {n / finished:.0%}" for letter, n in zip(LETTERS, wins)) if finished else "")

        try:
            result = simulate(*decks, games=games, agents=agents, seed=seed, workers=workers,
                              backend=backend, address=address, cards=cards, fmt=fmt, max_turns=max_turns,
                              check=not no_check, progress=on_game)
        except DeckCheckError as exc:
            progress.stop()
            console.print(f"[bold red]The deck check ({fmt}) failed:[/bold red]")
            for problem in exc.problems:
                console.print(f"  {problem}", markup=False)
            console.print(check_hint(exc.problems))
            raise SystemExit(1) from None
        except (DeckError, CardError, SimulationError) as exc:
            raise click.ClickException(str(exc)) from None
    print_summary(console, result)
    if explain and result.setup is not None:
        console.print("Game 1 again, explained:")
        GameRunner(result.setup).explain(0, lambda line: console.print(line, markup=False))
    try:
        if json_path:
            result.write_json(json_path)
        if csv_path:
            result.write_csv(csv_path)
        if plot_path:
            plot_win_rate(result, plot_path)
    except OSError as exc:
        raise click.ClickException(f"{exc.filename}: can't write ({exc.strerror})") from None
    except SimulationError as exc:
        raise click.ClickException(str(exc)) from None
