"""Fetching the current Comprehensive Rules text from the publisher (``manastack rules
fetch``): https only, bounded, checked to parse, and kept in the cache where
:func:`.source.rules_path` finds it. Imported only by the command that fetches, so a search
never loads the network modules."""
from __future__ import annotations

import http.client
import re
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from manastack.user_cache import cache_dir

from .document import MAX_RULES_BYTES, RulesError, parse_rules, read_rules_text
from .source import RULES_ENV

RULES_PAGE = "https://magic.wizards.com/en/rules"
"""The publisher's rules page, which links to the current plain-text edition."""
FETCH_TIMEOUT = 30
MAX_PAGE_BYTES = 4_000_000

_TXT_LINK = re.compile(r"""href=["']?([^"'<>]+?\.txt)["'>]""", re.IGNORECASE)


def check_url(url: str, allow_http: bool = False) -> str:
    """``url`` when it may be fetched: https, or http when ``allow_http``; never a local file,
    inline data or another scheme."""
    shown = _shown(url)
    try:
        scheme = urllib.parse.urlsplit(url).scheme.lower()
    except ValueError as exc:           # "https://[::1": a host that can't be read
        raise RulesError(f"{shown}: not a URL ({exc})") from None
    if scheme == "https" or (scheme == "http" and allow_http):
        return url
    if scheme == "http":
        raise RulesError(f"{shown}: plain http is not used unless asked for (--allow-http)")
    raise RulesError(f"{shown}: only https URLs are fetched, not {scheme + ':' if scheme else 'a path'}")


def _shown(url: str) -> str:
    """``url`` as an error quotes it: at most 80 characters, by ``repr`` (control characters
    a page's link may hold are escaped)."""
    return repr(url[:80]) + ("..." if len(url) > 80 else "")


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
        raise RulesError(f"{_shown(url)}: the server answered {exc.code} {str(exc.reason)[:80]!r}") from None
    except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as exc:
        reason = str(getattr(exc, "reason", exc))
        raise RulesError(f"{_shown(url)}: can't download ({reason[:200]!r}); are you online? Otherwise pass "
                         f"--rules PATH or set {RULES_ENV}") from None
    if len(data) > limit:
        raise RulesError(f"{_shown(url)}: more than {limit} bytes; not the rules text")
    return data


def find_text_link(page: str, base: str) -> str:
    """The link to the plain-text rules on the publisher's rules page."""
    for m in _TXT_LINK.finditer(page):
        if "comprules" in m.group(1).lower().replace(" ", "").replace("%20", ""):
            try:
                return urllib.parse.urljoin(base, m.group(1).replace(" ", "%20"))
            except ValueError as exc:   # a link whose host can't be read
                raise RulesError(f"{_shown(base)}: the rules link {_shown(m.group(1))} is not a URL ({exc})") from None
    raise RulesError(f"{_shown(base)}: no link to the plain-text Comprehensive Rules on the page")


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
