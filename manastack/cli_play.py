"""``manastack play``: a game between agents, or you against them at the terminal; two to eight
seats, one per agent, a free-for-all with more than two (CR 806)."""
from __future__ import annotations

import json

import click
from rich.console import Console

from manastack.agents import AgentSpecError, Explained, agent_names, parse_agent, play_out, split_agent_specs
from manastack.cards import CardError
from manastack.cli_cards import db_from_files
from manastack.decks import PARTIAL_HINT, DeckError, bundled_decks, commander_decks
from manastack.game import FORMATS, MAX_PLAYERS, MAX_SEED, MIN_PLAYERS, MIN_SEED, Game
from manastack.table import STEPS, Human, TableSettings, play_at_table

console = Console(highlight=False, soft_wrap=True)


@click.command()
@click.option("--agents", default="human,heuristic", show_default=True,
              help=f"One agent spec per seat, 2 to 8, NAME or NAME:KEY=VALUE,... (human, {agent_names()}; "
                   "e.g. mcts:iterations=200,heuristic or random,random,heuristic,heuristic); seats take "
                   "turns in this order, the first playing the first deck.")
@click.option("--decks", default="gruul-stompy,azorius-skies", show_default=True,
              help=f"Decks for the seats in order, dealt again from the first when there are more seats "
                   f"than decks: bundled names ({', '.join(bundled_decks())}; Commander decks, with a card "
                   f"file holding their cards: {', '.join(commander_decks())}) or decklist files.")
@click.option("--seed", default=7, show_default=True, type=click.IntRange(MIN_SEED, MAX_SEED),
              help="Seed of the game's shuffles.")
@click.option("--cards", multiple=True, type=click.Path(),
              help="Extra card files: MTGJSON AtomicCards or Scryfall Oracle Cards (.json/.json.gz).")
@click.option("--allow-partial", is_flag=True, help="Allow cards whose Oracle text is only partly supported.")
@click.option("--format", "game_format", type=click.Choice(FORMATS), default="normal", show_default=True,
              help="commander: a Commander game (CR 903): each deck's commander starts in the command zone, 40 life.")
@click.option("--range-of-influence", "range_of_influence", type=click.IntRange(0, 4), default=0,
              show_default=True, help="The limited range of influence option (CR 801), in seats, for three "
                                      "or more players; 0: off.")
@click.option("--quiet", is_flag=True, help="Print only the result.")
@click.option("--json", "as_json", is_flag=True, help="Print the result and log as JSON.")
@click.option("--stops", default="", metavar="STEPS",
              help=f"Steps where you always get to act, comma-separated: {', '.join(STEPS)}. Elsewhere "
                   "priority is passed for you when passing is all you could do.")
@click.option("--pay-by-hand", is_flag=True, help="Choose the mana for each cost yourself.")
@click.option("--explain", is_flag=True, help="Print each agent's best answers with their scores at each decision.")
def play(agents, decks, seed, cards, allow_partial, game_format, range_of_influence, quiet, as_json, stops,
         pay_by_hand, explain):
    """Play a game: agents against each other, or you against an agent."""
    stop_steps = [x.strip() for x in stops.split(",") if x.strip()]
    if unknown := [x for x in stop_steps if x not in STEPS]:
        raise click.BadParameter(f"unknown step {unknown[0]!r}; steps: {', '.join(STEPS)}", param_hint="--stops")
    specs = split_agent_specs(agents)
    names = [s.partition(":")[0].strip() for s in specs]
    deck_specs = [d.strip() for d in decks.split(",")]
    if not MIN_PLAYERS <= len(specs) <= MAX_PLAYERS:
        raise click.BadParameter(f"expected {MIN_PLAYERS} to {MAX_PLAYERS} agents separated by commas; "
                                 f"got {agents!r}", param_hint="--agents")
    try:
        players = [Human() if s == "human" else parse_agent(s, seed + 1 + i)
                   for i, s in enumerate(specs)]
    except AgentSpecError as exc:
        raise click.BadParameter(str(exc), param_hint="--agents") from None
    if range_of_influence and len(specs) < 3:
        raise click.BadParameter("the limited range of influence is an option of games of three or more "
                                 "players (CR 801.1)", param_hint="--range-of-influence")
    if not 1 <= len(deck_specs) <= len(specs) or not all(deck_specs):
        raise click.BadParameter(f"expected 1 to {len(specs)} decks separated by commas", param_hint="--decks")
    seat_decks = [deck_specs[i % len(deck_specs)] for i in range(len(specs))]
    db = db_from_files(cards)
    try:
        game = Game.new(*seat_decks, seed=seed, cards=db, allow_partial=allow_partial,
                        names=_player_names(names, seat_decks), format=game_format,
                        range_of_influence=range_of_influence)
    except DeckError as exc:     # its hint, said with this command's option
        raise click.ClickException(exc.message + ("\npass --allow-partial to play partly supported cards anyway"
                                                  if exc.hint == PARTIAL_HINT else "")) from None
    except CardError as exc:
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


def _player_names(agents: list[str], decks: list[str]) -> tuple[str, ...]:
    """Player names such as 'Heuristic (gruul-stompy)'; names that would be the same end in
    A, B, ... in seat order."""
    names = [f"{a.capitalize()} ({d})" if a != "human" else f"You ({d})" for a, d in zip(agents, decks)]
    for name in set(names):
        same = [i for i, n in enumerate(names) if n == name]
        if len(same) > 1:
            for k, i in enumerate(same):
                names[i] = f"{name} {'ABCDEFGH'[k]}"
    return tuple(names)


def _print_result(game: Game) -> None:
    r = game.result
    if r is None:
        console.print("[bold]The game was left unfinished.[/bold]")
    elif r.winner is None:
        console.print(f"[bold]Draw[/bold] on turn {r.turn}: {r.reason}")
    else:
        console.print(f"[bold]{game.state.players[r.winner].name} wins[/bold] on turn {r.turn}: {r.reason}")
