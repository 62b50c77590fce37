"""``manastack serve``: the web table (play, watch, judge, rules) in the browser."""
from __future__ import annotations

import click

from manastack.cards import CardError, load_db

try:
    import uvicorn
    from manastack.web.app import LOCAL_HOSTS, create_app
    MISSING = ""
except ImportError as exc:       # the optional extra isn't installed: `serve` says so
    MISSING = str(exc)

LOOPBACK = ("127.0.0.1", "localhost")


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but this machine's loopback makes the table "
                   "reachable by others on the network.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port).")
@click.option("--cards", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Card files to deal games from (MTGJSON AtomicCards or Scryfall Oracle Cards, "
                   ".json/.json.gz), beside the bundled cards: the Commander decks need the card corpus.")
def serve(host: str, port: int, cards: tuple[str, ...]) -> None:
    """Serve the web table in the browser: play, watch and replay, judge scenarios, look rules up."""
    if MISSING:
        raise click.ClickException(MISSING)
    exposed = host not in LOOPBACK
    if exposed:
        click.secho(f"Warning: listening on {host}: anyone who can reach this address can play, watch "
                    "and run scenarios here. There is no login.", fg="yellow", err=True)
    try:
        db = load_db(*cards) if cards else None
    except CardError as exc:
        raise click.ClickException(str(exc)) from None
    app = create_app(("*",) if exposed else LOCAL_HOSTS, db)
    click.echo(f"manastack web table on http://{'[' + host + ']' if ':' in host else host}:{port}/  (Ctrl-C stops it)")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536,
                ws_ping_interval=20, timeout_graceful_shutdown=2)
