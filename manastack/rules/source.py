"""Where the rules text comes from: a path given, an environment variable, a fetched copy, or a
development copy beside the project; and fetching the current text from the publisher.

The text is never bundled: a user supplies it or downloads it with ``manastack rules fetch``.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from manastack.user_cache import cache_dir

from .document import DATA_VERSION, MAX_RULES_BYTES, RulesDoc, RulesError, from_data, parse_rules, read_rules_text, \
    to_data

RULES_ENV = "MANASTACK_RULES"
"""Environment variable naming the rules file to use."""
RULES_PAGE = "https://magic.wizards.com/en/rules"
"""The publisher's rules page, which links to the current plain-text edition."""
DEV_RULES_DIR = Path("..") / "shared" / "rules"
"""Last fallback, relative to the current directory: a development copy beside the project."""
FETCH_TIMEOUT = 30
MAX_PAGE_BYTES = 4_000_000

_TXT_LINK = re.compile(r"""href=["']?([^"'<>]+?\.txt)["'>]""", re.IGNORECASE)


def _newest(directory: Path) -> Path | None:
    files = sorted(directory.glob("MagicCompRules*.txt")) if directory.is_dir() else []
    return files[-1] if files else None


def rules_path(path: str | Path | None = None) -> Path:
    """The rules file to use: ``path``, else ``$MANASTACK_RULES``, else the newest fetched copy,
    else the newest ``../shared/rules/MagicCompRules*.txt``; raises :class:`RulesError` when
    there is none."""
    if path:
        return Path(path)
    if os.environ.get(RULES_ENV):
        return Path(os.environ[RULES_ENV])
    for candidate in (_newest(cache_dir() / "rules"), _newest(DEV_RULES_DIR)):
        if candidate is not None:
            return candidate
    raise RulesError("no Comprehensive Rules text found: pass --rules PATH, set "
                     f"{RULES_ENV}, or run `manastack rules fetch`")


_LOADED: dict[tuple[str, int, int], RulesDoc] = {}


def load_rules(path: str | Path | None = None) -> RulesDoc:
    """The Comprehensive Rules from ``path`` or the default place (see :func:`rules_path`),
    parsed once per file and process, and kept parsed in the cache (:func:`cached_rules`)."""
    p = rules_path(path)
    try:
        st = p.stat()
    except OSError:
        raise RulesError(f"{p}: rules file not found") from None
    key = (str(p.resolve()), st.st_size, st.st_mtime_ns)
    if key not in _LOADED:
        _LOADED[key] = cached_rules(p)
    return _LOADED[key]


def data_path(sha256: str) -> Path:
    return cache_dir() / f"rules-data-v{DATA_VERSION}-{sha256[:16]}.json"


def cached_rules(path: Path) -> RulesDoc:
    """The rules of the file at ``path``: read from the cache directory as data (JSON, keyed by
    the file's SHA-256) when a copy there passes its checks, else parsed from the text and the
    copy (re)written, atomically. A cache that can't be written costs only the parsing."""
    text, digest = read_rules_text(path)
    target = data_path(digest)
    try:
        return from_data(json.loads(target.read_text(encoding="utf-8")), str(path), digest)
    except (OSError, ValueError, TypeError, KeyError):
        pass      # missing, unreadable or failing its checks: parse the text and write it again
    doc = parse_rules(text, str(path), digest)
    part: Path | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=target.parent, suffix=".part", delete=False,
                                         encoding="utf-8") as fh:
            part = Path(fh.name)
            json.dump(to_data(doc), fh, ensure_ascii=False, separators=(",", ":"))
        part.replace(target)
    except OSError:
        if part is not None:
            part.unlink(missing_ok=True)
    return doc


def check_url(url: str, allow_http: bool = False) -> str:
    """``url`` when it may be fetched: https, or http when ``allow_http``; never a local file,
    inline data or another scheme."""
    scheme = urllib.parse.urlsplit(url).scheme.lower()
    if scheme == "https" or (scheme == "http" and allow_http):
        return url
    shown = repr(url[:80] + ("..." if len(url) > 80 else ""))
    if scheme == "http":
        raise RulesError(f"{shown}: plain http is not used unless asked for (--allow-http)")
    raise RulesError(f"{shown}: only https URLs are fetched, not {scheme + ':' if scheme else 'a path'}")


class _CheckedRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects followed only to URLs :func:`check_url` allows."""

    def __init__(self, allow_http: bool) -> None:
        self.allow_http = allow_http

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        check_url(newurl, self.allow_http)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _read_url(url: str, limit: int, allow_http: bool) -> bytes:
    check_url(url, allow_http)
    request = urllib.request.Request(url, headers={"User-Agent": "manastack rules fetch"})
    opener = urllib.request.build_opener(_CheckedRedirects(allow_http))
    try:
        with opener.open(request, timeout=FETCH_TIMEOUT) as response:
            data = response.read(limit + 1)
    except urllib.error.HTTPError as exc:
        raise RulesError(f"{url}: the server answered {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        raise RulesError(f"{url}: can't download ({reason}); are you online? Otherwise pass "
                         f"--rules PATH or set {RULES_ENV}") from None
    if len(data) > limit:
        raise RulesError(f"{url}: more than {limit} bytes; not the rules text")
    return data


def find_text_link(page: str, base: str) -> str:
    """The link to the plain-text rules on the publisher's rules page."""
    for m in _TXT_LINK.finditer(page):
        if "comprules" in m.group(1).lower().replace(" ", "").replace("%20", ""):
            return urllib.parse.urljoin(base, m.group(1).replace(" ", "%20"))
    raise RulesError(f"{base}: no link to the plain-text Comprehensive Rules on the page")


def fetch_rules(page_url: str = RULES_PAGE, into: Path | None = None, allow_http: bool = False) -> Path:
    """Download the current plain-text rules linked from ``page_url`` into the cache
    (``into``, default ``cache_dir()/rules``), check that they parse, and return the file.
    Only https is used (http too with ``allow_http``), for the page, its link and redirects."""
    page = _read_url(page_url, MAX_PAGE_BYTES, allow_http).decode("utf-8", errors="replace")
    text_url = find_text_link(page, page_url)
    raw = _read_url(text_url, MAX_RULES_BYTES, allow_http)
    target_dir = into or cache_dir() / "rules"
    target_dir.mkdir(parents=True, exist_ok=True)
    stem = Path(urllib.parse.unquote(urllib.parse.urlparse(text_url).path)).stem
    stem = _UNSAFE_IN_NAME.sub("-", stem)[:100]
    target = target_dir / f"{stem if stem.startswith('MagicCompRules') else 'MagicCompRules'}.txt"
    with tempfile.NamedTemporaryFile("wb", dir=target_dir, suffix=".part", delete=False) as fh:
        fh.write(raw)
        part = Path(fh.name)
    try:
        text, _ = read_rules_text(part)
        parse_rules(text, text_url)
        part.write_text(text, encoding="utf-8")
        part.replace(target)
    finally:
        part.unlink(missing_ok=True)
    return target


_UNSAFE_IN_NAME = re.compile(r"[^A-Za-z0-9._-]")    # a file name made from a link keeps only these
