"""``manastack cards fetch``: today's card file downloaded, checked and kept in the user's cache,
tested against a local server on the loopback address (never the network)."""
from __future__ import annotations

import gzip
import hashlib
import http.server
import json
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from manastack.cards import load_db
from manastack.cards.fetch import FetchError, fetch_cards, fetched_files
from manastack.cli import main

FIXTURE = Path(__file__).parent / "data" / "scryfall-oracle-cards.json"


def _scryfall_cards(extra: int) -> list:
    """The fixture's Scryfall cards and ``extra`` vanilla creatures, to make a full-sized list."""
    cards = json.loads(FIXTURE.read_text())
    cards += [{"object": "card", "name": f"Test Bear {i}", "layout": "normal", "mana_cost": "{1}{G}",
               "type_line": "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2",
               "prices": {"usd": "0.10"}, "legalities": {"modern": "legal"}} for i in range(extra)]
    return cards


def _atomic(extra: int) -> bytes:
    data = {f"Test Wall {i}": [{"name": f"Test Wall {i}", "manaCost": "{W}", "type": "Creature — Wall",
                                "supertypes": [], "types": ["Creature"], "subtypes": ["Wall"],
                                "text": "Defender", "power": "0", "toughness": "4", "layout": "normal",
                                "foreignData": [{"language": "German", "name": "Testmauer"}]}]
            for i in range(extra)}
    data["Llanowar Elves"] = [{"name": "Llanowar Elves", "manaCost": "{G}", "type": "Creature — Elf Druid",
                               "supertypes": [], "types": ["Creature"], "subtypes": ["Elf", "Druid"],
                               "text": "{T}: Add {G}.", "power": "1", "toughness": "1", "layout": "normal",
                               "rulings": [{"date": "2020-01-01", "text": "A ruling."}]}]
    return gzip.compress(json.dumps({"meta": {"date": "2026-11-30"}, "data": data}).encode())


class _Server:
    """A loopback server of fixed routes: path -> (status, headers, body)."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, dict, bytes]] = {}
        routes = self.routes

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):          # noqa: N802 (the standard library's name)
                status, headers, body = routes.get(self.path, (404, {}, b"not found"))
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                if "Content-Length" not in headers:
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def json(self, path: str, value) -> None:
        self.routes[path] = (200, {"Content-Type": "application/json"}, json.dumps(value).encode())

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    s = _Server()
    yield s
    s.close()


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _leftovers(cache: Path) -> list[str]:
    d = cache / "cards"
    return sorted(p.name for p in d.iterdir()) if d.is_dir() else []


def test_scryfall_bulk_data_is_fetched_kept_compact_and_loads_as_cards(server, cache):
    server.json("/bulk", {"object": "bulk_data", "type": "oracle_cards", "download_uri": "/oracle.json",
                          "updated_at": "2026-12-06T10:02:11.000+00:00"})
    server.json("/oracle.json", _scryfall_cards(1200))
    seen = []
    kept = fetch_cards("scryfall", server.base + "/bulk", allow_http=True,
                       progress=lambda done, total: seen.append((done, total)))
    assert kept.path == cache / "cards" / "scryfall-2026-12-06.json.gz" and kept.date == "2026-12-06"
    assert kept.cards == 1208              # the fixture's nine, less its token, and the 1,200
    assert seen and seen[-1][0] == seen[-1][1]
    assert fetched_files() == [kept.path]
    doc = json.loads(gzip.decompress(kept.path.read_bytes()))
    assert "prices" not in json.dumps(doc["data"]["Test Bear 1"])          # the bulk is dropped
    db = load_db(kept.path, builtin=False)
    assert db.get("Lightning Bolt").text == "Lightning Bolt deals 3 damage to any target."
    assert not db.get("Llanowar Elves").unsupported
    assert _leftovers(cache) == ["scryfall-2026-12-06.json.gz"]


def test_mtgjson_atomic_cards_are_checked_against_their_published_sha256(server, cache):
    raw = _atomic(1100)
    server.routes["/AtomicCards.json.gz"] = (200, {}, raw)
    server.routes["/AtomicCards.json.gz.sha256"] = (200, {}, hashlib.sha256(raw).hexdigest().encode())
    kept = fetch_cards("mtgjson", server.base + "/AtomicCards.json.gz", allow_http=True)
    assert kept.path.name == "mtgjson-2026-11-30.json.gz" and kept.cards == 1101
    doc = json.loads(gzip.decompress(kept.path.read_bytes()))["data"]
    assert doc["Llanowar Elves"][0]["rulings"] == [{"date": "2020-01-01", "text": "A ruling."}]
    assert "foreignData" not in doc["Test Wall 3"][0]
    assert not load_db(kept.path, builtin=False).get("Llanowar Elves").unsupported
    # a damaged download: refused, and the file kept before is untouched
    server.routes["/AtomicCards.json.gz"] = (200, {}, raw[:-10] + b"0123456789")
    with pytest.raises(FetchError, match="SHA-256 differs"):
        fetch_cards("mtgjson", server.base + "/AtomicCards.json.gz", allow_http=True)
    assert _leftovers(cache) == ["mtgjson-2026-11-30.json.gz"]


@pytest.mark.parametrize("url, message", [
    ("file:///etc/passwd", "not an https URL"),
    ("data:application/json,[]", "not an https URL"),
    ("ftp://127.0.0.1/AtomicCards.json.gz", "not an https URL"),
    ("http://127.0.0.1:9/AtomicCards.json.gz", "an http URL"),
])
def test_only_https_is_fetched(url, message, cache):
    with pytest.raises(FetchError, match=message):
        fetch_cards("mtgjson", url)
    assert _leftovers(cache) == []


@pytest.mark.parametrize("target, message", [
    ("file:///etc/passwd", "not allowed"), ("ftp://127.0.0.1/cards.json", "not an https URL")])
def test_a_redirect_to_another_scheme_is_refused(server, cache, target, message):
    server.routes["/bulk"] = (302, {"Location": target}, b"")
    with pytest.raises(FetchError, match=message):
        fetch_cards("scryfall", server.base + "/bulk", allow_http=True)
    assert _leftovers(cache) == []


@pytest.mark.parametrize("route, message", [
    ((200, {"Content-Length": str(10**12)}, b"[]"), "more than the"),
    ((500, {}, b"oops"), "the server answered 500"),
    ((200, {}, b"[{\"name\": 3}"), "not valid JSON at line 1"),
    ((200, {}, b"{\"cards\": []}"), "not a Scryfall card list"),
    ((200, {}, json.dumps([{"name": "Shock", "oracle_text": 5}]).encode()), "must be a string"),
    ((200, {}, json.dumps(_scryfall_cards(5)).encode()), "fewer than the 1,000"),
])
def test_a_bad_download_is_a_clear_error_and_leaves_nothing(server, cache, route, message):
    server.json("/bulk", {"download_uri": "/oracle.json"})
    server.routes["/oracle.json"] = route
    with pytest.raises(FetchError, match=message):
        fetch_cards("scryfall", server.base + "/bulk", allow_http=True)
    assert _leftovers(cache) == []


def test_the_command_prints_where_the_file_is_and_errors_cleanly(server, cache):
    server.json("/bulk", {"download_uri": "/oracle.json", "updated_at": "2026-12-06T00:00:00Z"})
    server.json("/oracle.json", _scryfall_cards(1000))
    runner = CliRunner()
    result = runner.invoke(main, ["cards", "fetch", "--url", server.base + "/bulk", "--allow-http"])
    assert result.exit_code == 0, result.output
    path = cache / "cards" / "scryfall-2026-12-06.json.gz"
    assert f"kept in {path}" in result.output
    shown = runner.invoke(main, ["cards", "show", "Lightning Bolt", "--cards", str(path)])
    assert shown.exit_code == 0 and "fully compiled" in shown.output
    refused = runner.invoke(main, ["cards", "fetch", "--url", server.base + "/bulk"])
    assert refused.exit_code == 1 and "Traceback" not in refused.output
    assert "fetched over https only (--allow-http" in refused.output
