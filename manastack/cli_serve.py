"""``manastack serve``: the web table (play, watch, judge, rules) in the browser."""
from __future__ import annotations

import click

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
def serve(host: str, port: int) -> None:
    """Serve the web table in the browser: play, watch and replay, judge scenarios, look rules up."""
    if MISSING:
        raise click.ClickException(MISSING)
    exposed = host not in LOOPBACK
    if exposed:
        click.secho(f"Warning: listening on {host}: anyone who can reach this address can play, watch "
                    "and run scenarios here. There is no login.", fg="yellow", err=True)
    app = create_app(("*",) if exposed else LOCAL_HOSTS)
    click.echo(f"manastack web table on http://{'[' + host + ']' if ':' in host else host}:{port}/  (Ctrl-C stops it)")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536,
                ws_ping_interval=20, timeout_graceful_shutdown=2)
