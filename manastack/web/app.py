"""The web table's ASGI application (Starlette): the pages, a small JSON API and one
WebSocket per game connection.

Safety (docs/web.md, docs/limits.md): request bodies and socket messages are bounded and read
no further than their bound; a socket sends at most :data:`RATE` messages a second on average;
a socket or a POST whose ``Origin`` names another site than the ``Host`` it was sent to is
refused (a page elsewhere can't drive or watch a game); uploads (scenarios, saves) are checked
exactly as on the command line; no file is read from a path a client names (bundled scenarios
are chosen by name from a list). A seat's socket is sent only that seat's view (CR 400.2)."""
from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from manastack.agents import agent_names
from manastack.cards import CardDB
from manastack.decks import bundled_decks, commander_decks
from manastack.game import FORMATS, MAX_SAVE_BYTES
from manastack.limits import MAX_SCENARIO_BYTES
from manastack.table import STEPS

from . import services
from .tables import SEATS, TableError, Table, Tables, new_table, parse_action, table_from_save

STATIC = Path(__file__).parent / "static"
MAX_SOCKET_MESSAGE = 16_384        # bytes of one message a client sends on a game socket
MAX_JSON_BODY = 65_536             # bytes of a JSON request (settings, a search)
RATE, BURST = 10.0, 30             # socket messages a second on average, and at once
MAX_CONNECTIONS = 16               # sockets joined to one table
LOCAL_HOSTS = ("127.0.0.1", "localhost")


def _json(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


def _error(message: str, status: int = 400) -> Response:
    return _json({"error": message}, status)


def same_origin(headers) -> bool:
    """Whether a request's ``Origin`` (when it has one: browsers always send it on sockets and
    POSTs) names the host and port it was sent to."""
    origin = headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc.lower() == (headers.get("host") or "").lower()


async def _body(request: Request, limit: int) -> bytes:
    """The request's body, refused past ``limit`` bytes without reading further."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdecimal() or int(declared) > limit):
        raise services.ServiceError(f"the upload is larger than the {limit:,} bytes allowed")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise services.ServiceError(f"the upload is larger than the {limit:,} bytes allowed")
    return bytes(data)


async def _json_body(request: Request, limit: int = MAX_JSON_BODY) -> Any:
    raw = await _body(request, limit)
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise services.ServiceError("the request is not valid JSON") from None


@dataclass(eq=False)
class Connection:
    """One socket joined to a table: its seat, the log lines it has, its message budget."""

    socket: WebSocket
    joined: int
    log_from: int = 0
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class WebTable:
    """The application's state: tables, their connections, replays."""

    def __init__(self, cards: CardDB | None = None) -> None:
        self.cards = cards                     # ``manastack serve --cards``; None: the bundled cards
        self.tables = Tables()
        self.replays = services.Replays()
        self.connections: dict[str, set[Connection]] = {}
        self.heavy = asyncio.Semaphore(2)      # judge runs, replays, searches at once

    async def send_state(self, table: Table, conn: Connection) -> None:
        async with conn.send_lock:
            message = await run_in_threadpool(self._message, table, conn)
            await conn.socket.send_bytes(orjson.dumps(message))

    @staticmethod
    def _message(table: Table, conn: Connection) -> dict:
        with table.lock:
            start = conn.log_from
            message = table.message(conn.joined, start)
            conn.log_from = message["log_length"]
            return message

    async def broadcast(self, table: Table) -> None:
        for conn in list(self.connections.get(table.id, ())):
            try:
                await self.send_state(table, conn)
            except (WebSocketDisconnect, RuntimeError):
                self.connections.get(table.id, set()).discard(conn)

    async def send(self, conn: Connection, data: dict) -> None:
        async with conn.send_lock:
            await conn.socket.send_bytes(orjson.dumps(data))

    # ------------------------------------------------------------------ handlers

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def meta(self, request: Request) -> Response:
        return _json({"decks": bundled_decks(), "commander_decks": commander_decks(), "formats": list(FORMATS),
                      "corpus": self.cards is not None, "agents": ["human", *(a.partition("[")[0] for a in agent_names().split(", "))],
                      "steps": list(STEPS), "scenarios": services.scenario_names(),
                      "seats": SEATS[0], "max_seats": SEATS[-1]})

    async def create_table(self, request: Request) -> Response:
        settings = await _json_body(request)
        try:
            async with self.heavy:
                table = await run_in_threadpool(new_table, settings, self.cards)
        except TableError as exc:
            return _error(str(exc))
        return self._opened(table)

    def _opened(self, table: Table) -> Response:
        self.tables.add(table)
        return _json({"table": table.id, "seats": [{"seat": i, "token": table.seats[i].token}
                                                   for i in table.humans()]})

    async def load_table(self, request: Request) -> Response:
        """A table playing on from an uploaded save: seat 1 a person, the others ``?others=``
        (an agent, or ``human`` for hot-seat)."""
        data = await _body(request, MAX_SAVE_BYTES)
        try:
            async with self.heavy:
                table = await run_in_threadpool(table_from_save, data,
                                                request.query_params.get("others", "heuristic"), self.cards)
        except TableError as exc:
            return _error(str(exc))
        return self._opened(table)

    async def save(self, request: Request) -> Response:
        """The table's save file, for a seat's token (see :meth:`Table.save`)."""
        try:
            table = self.tables.get(request.path_params["table"])
            params = request.query_params
            joined = table.seat_for(params.get("seat", "spectator"), params.get("token"))
            text = await run_in_threadpool(table.save, joined)
        except TableError as exc:
            return _error(str(exc), 403 if "token" in str(exc) or "save" in str(exc) else 404)
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="manastack-{table.id}.json"', "Cache-Control": "no-store"})

    async def game_socket(self, socket: WebSocket) -> None:
        if not same_origin(socket.headers):
            await socket.close(code=1008, reason="cross-site socket refused")
            return
        params = socket.query_params
        try:
            table = self.tables.get(socket.path_params["table"])
            joined = table.seat_for(params.get("seat", "spectator"), params.get("token"))
        except TableError as exc:
            await socket.accept()
            await socket.send_bytes(orjson.dumps({"type": "error", "message": str(exc), "fatal": True}))
            await socket.close(code=1008)
            return
        conns = self.connections.setdefault(table.id, set())
        if len(conns) >= MAX_CONNECTIONS:
            await socket.close(code=1013, reason="too many connections to this table")
            return
        await socket.accept()
        conn = Connection(socket, joined)
        conns.add(conn)
        try:
            await self.send_state(table, conn)
            while True:
                raw = await socket.receive_text()
                await self.on_message(table, conn, raw)
        except WebSocketDisconnect:
            pass
        finally:
            conns.discard(conn)

    async def on_message(self, table: Table, conn: Connection, raw: str) -> None:
        if not conn.allow():
            await self.send(conn, {"type": "error", "message": f"too many messages: at most {RATE:g} a second"})
            return
        if len(raw) > MAX_SOCKET_MESSAGE:
            await self.send(conn, {"type": "error", "message": f"a message is at most {MAX_SOCKET_MESSAGE:,} bytes"})
            return
        try:
            data = orjson.loads(raw)
            if not isinstance(data, dict):
                raise TableError("a message is a JSON object")
            kind = data.get("type")
            if kind == "act":
                actions = data.get("actions")
                version = data.get("version")
                if not isinstance(actions, list) or not isinstance(version, int):
                    raise TableError("act: {\"version\": n, \"actions\": [...]}")
                parsed = [parse_action(a) for a in actions[:65]]
                await run_in_threadpool(table.act, conn.joined, version, parsed)
                await self.broadcast(table)
            elif kind == "undo":
                if conn.joined == -1:
                    raise TableError("a spectator can't undo")
                note = await run_in_threadpool(table.undo, conn.joined)
                await self.send(conn, {"type": "notice", "message": note})
                await self.broadcast(table)
            elif kind == "why":
                obj = data.get("id")
                if isinstance(obj, bool) or not isinstance(obj, int):
                    raise TableError("why: {\"id\": object id}")
                text = await run_in_threadpool(table.why_not, table.viewer(conn.joined), obj)
                await self.send(conn, {"type": "why", "id": obj, "text": text})
            elif kind == "settings":
                await run_in_threadpool(table.change_settings, conn.joined, data)
                await self.broadcast(table)
            else:
                raise TableError("unknown message type; types: act, undo, why, settings")
        except (TableError, orjson.JSONDecodeError) as exc:
            message = str(exc) if isinstance(exc, TableError) else "a message is JSON"
            await self.send(conn, {"type": "error", "message": message})

    async def _heavy(self, fn, *args) -> Response:
        """Run ``fn`` (a judge run, a search, a replay) in a worker thread, two at most at once."""
        async with self.heavy:
            try:
                return _json(await run_in_threadpool(fn, *args))
            except services.ServiceError as exc:
                return _error(str(exc))

    async def judge(self, request: Request) -> Response:
        body = await _json_body(request, MAX_SCENARIO_BYTES * 2)
        if not isinstance(body, dict) or not isinstance(body.get("yaml"), str):
            return _error("send {\"yaml\": the scenario's text}")
        fn = services.check_scenario if body.get("check_only") else services.judge_text
        return await self._heavy(fn, body["yaml"])

    async def scenario(self, request: Request) -> Response:
        try:
            return _json({"name": request.path_params["name"],
                          "yaml": services.scenario_text(request.path_params["name"])})
        except services.ServiceError as exc:
            return _error(str(exc), 404)

    async def rules_search(self, request: Request) -> Response:
        return await self._heavy(services.search_rules, request.query_params.get("q", ""))

    async def rule(self, request: Request) -> Response:
        return await self._heavy(services.show_rule, request.path_params["number"])

    async def glossary(self, request: Request) -> Response:
        return await self._heavy(services.define, request.query_params.get("term", ""))

    async def create_replay(self, request: Request) -> Response:
        if request.headers.get("content-type", "").startswith("application/json"):
            body = await _json_body(request)
            if not isinstance(body, dict):
                return _error("send the replay's settings as a JSON object")
            make = partial(services.replay_seed, body, self.cards)
        else:
            make = partial(services.replay_save, await _body(request, MAX_SAVE_BYTES), cards=self.cards)
        async with self.heavy:
            try:
                replay = await run_in_threadpool(make)
            except services.ServiceError as exc:
                return _error(str(exc))
        self.replays.add(replay)
        return _json({"replay": replay.id, "steps": len(replay.games), "title": replay.title, "seats": replay.seats})

    async def replay_step(self, request: Request) -> Response:
        step, seat = request.path_params["step"], request.query_params.get("seat", "-1")
        try:
            replay = self.replays.get(request.path_params["replay"])
            if not seat.lstrip("-").isdecimal():
                raise services.ServiceError("seat: a number, -1 for a spectator")
            return _json(await run_in_threadpool(replay.step, step, int(seat)))
        except services.ServiceError as exc:
            return _error(str(exc), 404)


def create_app(allowed_hosts: tuple[str, ...] = LOCAL_HOSTS, cards: CardDB | None = None) -> Starlette:
    """The web table as an ASGI application. ``allowed_hosts``: the names it may be reached by
    (its ``Host`` header; a page of another site that rebinds its own name to this machine's
    address is refused); loopback names by default, ``("*",)`` for any. ``cards``: the card
    database games are dealt from (the bundled cards when None; the Commander decks need the
    card corpus)."""
    web = WebTable(cards)

    async def guard(request: Request, call_next):
        if request.method == "POST" and not same_origin(request.headers):
            return _error("cross-site request refused", 403)
        try:
            return await call_next(request)
        except services.ServiceError as exc:
            return _error(str(exc), 413 if "larger" in str(exc) else 400)

    app = Starlette(routes=[
        Route("/", web.index),
        Route("/api/meta", web.meta),
        Route("/api/tables", web.create_table, methods=["POST"]),
        Route("/api/tables/load", web.load_table, methods=["POST"]),
        Route("/api/tables/{table}/save", web.save),
        WebSocketRoute("/ws/tables/{table}", web.game_socket),
        Route("/api/judge", web.judge, methods=["POST"]),
        Route("/api/scenarios/{name}", web.scenario),
        Route("/api/rules/search", web.rules_search),
        Route("/api/rules/rule/{number}", web.rule),
        Route("/api/rules/glossary", web.glossary),
        Route("/api/replays", web.create_replay, methods=["POST"]),
        Route("/api/replays/{replay}/{step:int}", web.replay_step),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
    app.add_middleware(BaseHTTPMiddleware, dispatch=guard)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))
    app.state.web = web
    return app
