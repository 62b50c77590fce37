"""The ``manastack`` command line."""
from __future__ import annotations

import json
import sys

import click
from rich.console import Console

from manastack.agents import AgentSpecError, agent_names, parse_agent, play_out, split_agent_specs
from manastack.cards import CardError, load_db
from manastack.decks import DeckError, bundled_decks
from manastack.engine.decisions import IllegalActionError
from manastack.game import Game

console = Console(highlight=False, soft_wrap=True)


@click.group()
@click.version_option(package_name="manastack")
def main() -> None:
    """manastack: a Magic: The Gathering rules engine that explains its rulings."""


def _db(cards):
    try:
        return load_db(*cards)
    except CardError as exc:
        raise click.ClickException(str(exc)) from None


@main.command()
@click.option("--agents", default="human,heuristic", show_default=True,
              help=f"Two agent specs, NAME or NAME:KEY=VALUE,... (human, {agent_names()}; "
                   "e.g. mcts:iterations=200,heuristic); the first plays the first deck.")
@click.option("--decks", default="gruul-stompy,azorius-skies", show_default=True,
              help=f"Two decks: bundled names ({', '.join(bundled_decks())}) or decklist files.")
@click.option("--seed", default=7, show_default=True, type=int, help="Seed of the game's shuffles.")
@click.option("--cards", multiple=True, type=click.Path(),
              help="Extra card files: MTGJSON AtomicCards or Scryfall Oracle Cards (.json/.json.gz).")
@click.option("--allow-partial", is_flag=True, help="Allow cards whose Oracle text is only partly supported.")
@click.option("--quiet", is_flag=True, help="Print only the result.")
@click.option("--json", "as_json", is_flag=True, help="Print the result and log as JSON.")
def play(agents, decks, seed, cards, allow_partial, quiet, as_json):
    """Play a game: agents against each other, or you against an agent."""
    specs = split_agent_specs(agents)
    names = [s.partition(":")[0].strip() for s in specs]
    deck_specs = [d.strip() for d in decks.split(",")]
    if len(specs) != 2:
        raise click.BadParameter(f"expected two agents separated by a comma; got {agents!r}",
                                 param_hint="--agents")
    try:
        players = [HumanAgent() if s == "human" else parse_agent(s, seed + 1 + i)
                   for i, s in enumerate(specs)]
    except AgentSpecError as exc:
        raise click.BadParameter(str(exc), param_hint="--agents") from None
    if len(deck_specs) != 2:
        raise click.BadParameter("expected two decks separated by a comma", param_hint="--decks")
    db = _db(cards)
    try:
        game = Game.new(deck_specs[0], deck_specs[1], seed=seed, cards=db, allow_partial=allow_partial,
                        names=tuple(f"{n.capitalize()} ({d})" if n != "human" else f"You ({d})"
                                    for n, d in zip(names, deck_specs)))
    except (DeckError, CardError) as exc:
        raise click.ClickException(str(exc)) from None
    if any(isinstance(p, HumanAgent) for p in players):
        _play_human(game, players)
    else:
        play_out(game, players)
    result = game.result
    if as_json:
        click.echo(json.dumps({"result": result.to_json() if result else None,
                               "log": [{"turn": e.turn, "step": e.step, "text": e.text, "rules": list(e.rules)}
                                       for e in game.log]}, indent=1))
        return
    if not quiet and not any(isinstance(p, HumanAgent) for p in players):
        console.print(game.explain(), markup=False)
    _print_result(game)


def _print_result(game: Game) -> None:
    r = game.result
    if r is None:
        console.print("[bold]The game was left unfinished.[/bold]")
    elif r.winner is None:
        console.print(f"[bold]Draw[/bold] on turn {r.turn}: {r.reason}")
    else:
        console.print(f"[bold]{game.state.players[r.winner].name} wins[/bold] on turn {r.turn}: {r.reason}")


class HumanAgent:
    """Answers decisions by asking at the terminal."""

    def choose(self, game, decision):  # pragma: no cover - interactive
        raise RuntimeError("the human agent is driven by the play loop")


def _play_human(game: Game, players) -> None:
    seen = 0
    while game.pending is not None:
        decision = game.pending
        agent = players[decision.player]
        if not isinstance(agent, HumanAgent):
            game.push(agent.choose(game, decision))
            continue
        log = game.log
        for e in log[seen:]:
            console.print(e.render(), markup=False, style="dim")
        seen = len(log)
        console.rule()
        console.print(game.describe(), markup=False)
        console.print(f"[bold]{decision.prompt}[/bold]")
        for i, option in enumerate(decision.options, 1):
            console.print(f"  {i:>2}. {option}", markup=False)
        console.print("  (number to choose, u to undo, q to quit)", style="dim")
        try:
            raw = input("> ").strip().lower()
        except EOFError:
            return
        if raw == "q":
            return
        if raw == "u":
            try:
                while True:
                    game.pop()
                    if game.pending is not None and isinstance(players[game.pending.player], HumanAgent):
                        break
            except IndexError:
                console.print("Nothing to undo.")
            seen = 0
            continue
        if not raw.isdigit() or not 1 <= int(raw) <= len(decision.options):
            console.print(f"Type a number from 1 to {len(decision.options)}.")
            continue
        try:
            game.push(int(raw) - 1)
        except IllegalActionError as exc:
            console.print(f"Illegal: {exc}")
    for e in game.log[seen:]:
        console.print(e.render(), markup=False, style="dim")


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Machine-readable results.")
@click.option("--quiet", is_flag=True, help="Only the expectations, no narrated log.")
def judge(files, as_json, quiet):
    """Play out scenario files and check their expectations."""
    from manastack.scenario.cli import judge_files

    sys.exit(judge_files(files, as_json=as_json, quiet=quiet, console=console))


def _register_cards_group() -> None:
    from manastack.cli_cards import cards

    main.add_command(cards)


_register_cards_group()
