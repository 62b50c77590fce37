"""``manastack play``: a game between two agents, or you against one at the terminal."""
from __future__ import annotations

import json

import click
from rich.console import Console

from manastack.agents import AgentSpecError, Explained, agent_names, parse_agent, play_out, split_agent_specs
from manastack.cards import CardError
from manastack.cli_cards import db_from_files
from manastack.decks import DeckError, bundled_decks
from manastack.game import MAX_SEED, MIN_SEED, Game
from manastack.table import STEPS, Human, TableSettings, play_at_table

console = Console(highlight=False, soft_wrap=True)


@click.command()
@click.option("--agents", default="human,heuristic", show_default=True,
              help=f"Two agent specs, NAME or NAME:KEY=VALUE,... (human, {agent_names()}; "
                   "e.g. mcts:iterations=200,heuristic); the first plays the first deck.")
@click.option("--decks", default="gruul-stompy,azorius-skies", show_default=True,
              help=f"Two decks: bundled names ({', '.join(bundled_decks())}) or decklist files.")
@click.option("--seed", default=7, show_default=True, type=click.IntRange(MIN_SEED, MAX_SEED),
              help="Seed of the game's shuffles.")
@click.option("--cards", multiple=True, type=click.Path(),
              help="Extra card files: MTGJSON AtomicCards or Scryfall Oracle Cards (.json/.json.gz).")
@click.option("--allow-partial", is_flag=True, help="Allow cards whose Oracle text is only partly supported.")
@click.option("--quiet", is_flag=True, help="Print only the result.")
@click.option("--json", "as_json", is_flag=True, help="Print the result and log as JSON.")
@click.option("--stops", default="", metavar="STEPS",
              help=f"Steps where you always get to act, comma-separated: {', '.join(STEPS)}. Elsewhere "
                   "priority is passed for you when passing is all you could do.")
@click.option("--pay-by-hand", is_flag=True, help="Choose the mana for each cost yourself.")
@click.option("--explain", is_flag=True, help="Print each agent's best answers with their scores at each decision.")
def play(agents, decks, seed, cards, allow_partial, quiet, as_json, stops, pay_by_hand, explain):
    """Play a game: agents against each other, or you against an agent."""
    stop_steps = [x.strip() for x in stops.split(",") if x.strip()]
    if unknown := [x for x in stop_steps if x not in STEPS]:
        raise click.BadParameter(f"unknown step {unknown[0]!r}; steps: {', '.join(STEPS)}", param_hint="--stops")
    specs = split_agent_specs(agents)
    names = [s.partition(":")[0].strip() for s in specs]
    deck_specs = [d.strip() for d in decks.split(",")]
    if len(specs) != 2:
        raise click.BadParameter(f"expected two agents separated by a comma; got {agents!r}",
                                 param_hint="--agents")
    try:
        players = [Human() if s == "human" else parse_agent(s, seed + 1 + i)
                   for i, s in enumerate(specs)]
    except AgentSpecError as exc:
        raise click.BadParameter(str(exc), param_hint="--agents") from None
    if len(deck_specs) != 2:
        raise click.BadParameter("expected two decks separated by a comma", param_hint="--decks")
    db = db_from_files(cards)
    try:
        game = Game.new(deck_specs[0], deck_specs[1], seed=seed, cards=db, allow_partial=allow_partial,
                        names=_player_names(names, deck_specs))
    except (DeckError, CardError) as exc:
        raise click.ClickException(str(exc)) from None
    if any(isinstance(p, Human) for p in players):
        play_at_table(game, players, console, TableSettings(frozenset(stop_steps), pay_by_hand))
    else:
        if explain:
            players = [Explained(p, game.peek().players[i].name, click.echo) for i, p in enumerate(players)]
        play_out(game, players)
    result = game.result
    if as_json:
        click.echo(json.dumps({"result": result.to_json() if result else None,
                               "log": [{"turn": e.turn, "step": e.step, "text": e.text, "rules": list(e.rules)}
                                       for e in game.log]}, indent=1))
        return
    if not quiet and not any(isinstance(p, Human) for p in players):
        console.print(game.explain(), markup=False)
    _print_result(game)


def _player_names(agents: list[str], decks: list[str]) -> tuple[str, str]:
    """Player names such as 'Heuristic (gruul-stompy)'; a mirror match's two end in A and B."""
    names = [f"{a.capitalize()} ({d})" if a != "human" else f"You ({d})" for a, d in zip(agents, decks)]
    if names[0] == names[1]:
        names = [f"{names[0]} A", f"{names[1]} B"]
    return names[0], names[1]


def _print_result(game: Game) -> None:
    r = game.result
    if r is None:
        console.print("[bold]The game was left unfinished.[/bold]")
    elif r.winner is None:
        console.print(f"[bold]Draw[/bold] on turn {r.turn}: {r.reason}")
    else:
        console.print(f"[bold]{game.state.players[r.winner].name} wins[/bold] on turn {r.turn}: {r.reason}")
