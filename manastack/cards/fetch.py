"""Today's card data for users: ``manastack cards fetch``.

Downloads the current card file from Scryfall (the "Oracle Cards" bulk data, found through its
bulk-data index) or MTGJSON (``AtomicCards.json.gz``, checked against its published SHA-256),
reads it like any ``--cards`` file (the bounds of :mod:`manastack.limits`), and keeps a compact
copy in AtomicCards shape, gzipped, in the user's cache (``cache_dir()/cards``) for ``--cards``.

Only https URLs are read (http only when the caller allows it, for a local mirror), redirects
included; every response has a size bound; a failed fetch leaves no partial file behind and the
files fetched before it untouched.
"""
from __future__ import annotations

import datetime
import gzip
import hashlib
import io
import json
import os
import re
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from manastack.user_cache import cache_dir

from . import CardDB
from .faces import CardError
from .scryfall import atomic_data

SCRYFALL_BULK = "https://api.scryfall.com/bulk-data/oracle-cards"
"""Scryfall's bulk-data entry for the "Oracle Cards" file: one object per Oracle card."""
MTGJSON_ATOMIC = "https://mtgjson.com/api/v5/AtomicCards.json.gz"
"""MTGJSON's AtomicCards file; its SHA-256 is published beside it (``.sha256``)."""
SOURCES = ("scryfall", "mtgjson")

MAX_DOWNLOAD_BYTES = 400_000_000     # a downloaded card file, before and after gunzipping
MAX_INDEX_BYTES = 1_000_000          # the bulk-data index, a checksum file
FETCH_TIMEOUT = 60
CHUNK = 1 << 20
MIN_CARDS = 1_000                    # fewer is no full card file

# The fields of a face kept in the cache: what the engine reads, rulings and legalities; the
# bulk (translations, prices, identifiers, every printing) is dropped.
KEPT_FIELDS = frozenset({
    "name", "faceName", "manaCost", "manaValue", "colors", "colorIdentity", "colorIndicator",
    "type", "supertypes", "types", "subtypes", "text", "power", "toughness", "loyalty", "defense",
    "layout", "side", "otherFaceName", "rulings", "legalities", "leadershipSkills", "keywords"})

Progress = Callable[[int, "int | None"], None]
"""Called as a download goes: bytes so far, and the total when the server says it."""


class FetchError(Exception):
    """A fetch that failed: what and where, for the user."""


@dataclass(frozen=True)
class Fetched:
    """A card file kept in the cache: its path, source, the data's date and its card count."""

    path: Path
    source: str
    date: str
    cards: int


def cards_dir() -> Path:
    return cache_dir() / "cards"


def fetched_files() -> list[Path]:
    """The card files fetched so far, newest data first."""
    d = cards_dir()
    files = [p for p in d.glob("*.json.gz") if _NAME.fullmatch(p.name)] if d.is_dir() else []
    return sorted(files, key=lambda p: (_NAME.fullmatch(p.name).group(2), p.name), reverse=True)  # type: ignore[union-attr]


_NAME = re.compile(r"(scryfall|mtgjson)-(\d{4}-\d{2}-\d{2})\.json\.gz")


def fetch_cards(source: str = "scryfall", url: str | None = None, *, allow_http: bool = False,
                into: Path | None = None, progress: Progress | None = None,
                min_cards: int = MIN_CARDS) -> Fetched:
    """Download today's card file from ``source`` ("scryfall" or "mtgjson"; ``url`` replaces
    the source's address, a mirror's), check it and keep it compact in ``into`` (default
    :func:`cards_dir`). Raises :class:`FetchError`; nothing is left behind then."""
    if source not in SOURCES:
        raise FetchError(f"unknown source {source!r}: choose one of {', '.join(SOURCES)}")
    opener = _opener(allow_http)
    if source == "scryfall":
        index_url = url or SCRYFALL_BULK
        index = _json(_read(opener, index_url, MAX_INDEX_BYTES, allow_http), index_url)
        if not isinstance(index, dict) or not isinstance(index.get("download_uri"), str):
            raise FetchError(f"{index_url}: not a Scryfall bulk-data entry (no \"download_uri\")")
        data_url = urllib.parse.urljoin(index_url, index["download_uri"])
        raw = _read(opener, data_url, MAX_DOWNLOAD_BYTES, allow_http, progress)
        cards = _json(_gunzipped(raw, data_url), data_url)
        if not isinstance(cards, list):
            raise FetchError(f"{data_url}: not a Scryfall card list")
        try:
            body = atomic_data(cards)["data"]
        except CardError as exc:
            raise FetchError(f"{data_url}: {exc}") from None
        date = str(index.get("updated_at", ""))[:10]
    else:
        data_url = url or MTGJSON_ATOMIC
        raw = _read(opener, data_url, MAX_DOWNLOAD_BYTES, allow_http, progress)
        published = _read(opener, data_url + ".sha256", MAX_INDEX_BYTES, allow_http).decode("ascii", "replace").split()
        if not published or hashlib.sha256(raw).hexdigest() != published[0].lower():
            raise FetchError(f"{data_url}: the file's SHA-256 differs from the published one; "
                             "the download is damaged or not the published file")
        doc = _json(_gunzipped(raw, data_url), data_url)
        if not isinstance(doc, dict) or not isinstance(doc.get("data"), dict):
            raise FetchError(f"{data_url}: not an MTGJSON AtomicCards file (no \"data\" map)")
        body = doc["data"]
        meta = doc.get("meta")
        date = str(meta.get("date", ""))[:10] if isinstance(meta, dict) else ""
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        date = datetime.date.today().isoformat()
    compact = {"meta": {"source": source, "url": data_url, "date": date},
               "data": {name: [_compact(f) for f in faces] if isinstance(faces, list) else faces
                        for name, faces in body.items()}}
    return _keep(compact, source, date, into or cards_dir(), min_cards)


def _compact(face):
    return {k: v for k, v in face.items() if k in KEPT_FIELDS} if isinstance(face, dict) else face


def _keep(doc: dict, source: str, date: str, directory: Path, min_cards: int) -> Fetched:
    """Write ``doc`` next to its place, check it loads as a card file, then move it in."""
    directory.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=directory, suffix=".part")
    part = Path(name)
    try:
        with os.fdopen(fd, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as fh:
            fh.write(json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        try:
            count = len(CardDB().add_file(part))
        except CardError as exc:
            raise FetchError(str(exc).replace(str(part), "the downloaded card file")) from None
        if count < min_cards:
            raise FetchError(f"the downloaded card file has {count:,} cards, fewer than the "
                             f"{min_cards:,} of a full card file")
        target = directory / f"{source}-{date}.json.gz"
        part.replace(target)
    finally:
        part.unlink(missing_ok=True)
    return Fetched(target, source, date, count)


class _SchemeCheck(urllib.request.HTTPRedirectHandler):
    """Redirects only to the schemes allowed for the first URL."""

    def __init__(self, allow_http: bool) -> None:
        self.allow_http = allow_http

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        _check_scheme(newurl, self.allow_http)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _opener(allow_http: bool) -> urllib.request.OpenerDirector:
    # only http(s) handlers: no file:, ftp: or data: URL can be opened, even by a redirect
    opener = urllib.request.OpenerDirector()
    for handler in (urllib.request.HTTPHandler(), urllib.request.HTTPSHandler(),
                    urllib.request.HTTPDefaultErrorHandler(), urllib.request.HTTPErrorProcessor(),
                    _SchemeCheck(allow_http)):
        opener.add_handler(handler)
    return opener


def _check_scheme(url: str, allow_http: bool) -> None:
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme == "https" or scheme == "http" and allow_http:
        return
    shown = url[:120]
    if scheme == "http":
        raise FetchError(f"{shown}: an http URL; card files are fetched over https only "
                         "(--allow-http for a mirror you trust)")
    raise FetchError(f"{shown}: not an https URL; card files are fetched over https only")


def _read(opener, url: str, limit: int, allow_http: bool, progress: Progress | None = None) -> bytes:
    _check_scheme(url, allow_http)
    request = urllib.request.Request(url, headers={"User-Agent": "manastack cards fetch",
                                                   "Accept": "application/json, */*"})
    try:
        with opener.open(request, timeout=FETCH_TIMEOUT) as response:
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            if total is not None and total > limit:
                raise FetchError(f"{url[:120]}: {total:,} bytes, more than the {limit:,} allowed")
            chunks, done = [], 0
            while True:
                chunk = response.read(min(CHUNK, limit + 1 - done))
                if not chunk:
                    break
                chunks.append(chunk)
                done += len(chunk)
                if done > limit:
                    raise FetchError(f"{url[:120]}: more than the {limit:,} bytes allowed")
                if progress is not None:
                    progress(done, total)
    except urllib.error.HTTPError as exc:
        raise FetchError(f"{url[:120]}: the server answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise FetchError(f"{url[:120]}: can't download ({reason}); are you online?") from None
    return b"".join(chunks)


def _gunzipped(raw: bytes, url: str) -> bytes:
    if raw[:2] != b"\x1f\x8b":
        return raw
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as fh:
            out = fh.read(MAX_DOWNLOAD_BYTES + 1)
    except (OSError, EOFError) as exc:
        raise FetchError(f"{url[:120]}: a damaged gzip file ({exc})") from None
    if len(out) > MAX_DOWNLOAD_BYTES:
        raise FetchError(f"{url[:120]}: more than {MAX_DOWNLOAD_BYTES:,} bytes once unpacked")
    return out


def _json(raw: bytes, url: str):
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        where = f" at line {exc.lineno}, column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise FetchError(f"{url[:120]}: not valid JSON{where}") from None
