"""The web table (the optional extra ``manastack[web]``): ``manastack serve`` opens an app in
the browser to play (against agents or hot-seat), watch and replay games, judge scenario files
and look rules up. See docs/web.md.

:mod:`.present` turns a game into what one seat may see, :mod:`.tables` runs the games,
:mod:`.services` the judge, rules and replays, :mod:`.app` is the ASGI application."""
try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
except ImportError as exc:        # pragma: no cover - depends on the installation
    raise ImportError(f"manastack.web needs the web extra ({exc.name} is missing): "
                      "pip install 'manastack[web]'") from None
