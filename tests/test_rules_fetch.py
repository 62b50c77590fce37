"""``rules fetch`` reads only https (http when asked), never a local file or inline data, and
leaves no partial file behind (docs/rules-search.md). Served from 127.0.0.1; no network."""
from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner

from manastack.cli import main
from manastack.rules import RulesError
from manastack.rules.fetch import fetch_rules

from .conftest import RULES


class _Site(BaseHTTPRequestHandler):
    """Serves ``server.pages`` (raw request path -> body) and ``/redirect?to=URL`` as a
    redirect to URL."""

    def do_GET(self) -> None:
        if self.path.startswith("/redirect?to="):
            self.send_response(302)
            self.send_header("Location", self.path.removeprefix("/redirect?to="))
            self.end_headers()
            return
        body = self.server.pages.get(self.path)
        self.send_response(200 if body is not None else 404)
        self.end_headers()
        self.wfile.write(body or b"")

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def site():
    """A site on 127.0.0.1 while the test runs; yields (base URL, its pages to fill in)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    server.pages = {}
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", server.pages
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture
def rules_text():
    if not RULES.exists():
        pytest.skip(f"rules text not found at {RULES}")
    return RULES.read_bytes()


@pytest.mark.parametrize("url, words", [
    ("file:///etc/passwd", "only https URLs are fetched, not file:"),
    ("data:text/plain,MagicCompRules", "only https URLs are fetched, not data:"),
    ("ftp://example.invalid/rules", "only https URLs are fetched, not ftp:"),
    ("/etc/passwd", "only https URLs are fetched, not a path"),
    ("http://example.invalid/rules", "plain http is not used unless asked for"),
])
def test_only_https_urls_are_fetched(tmp_path, url, words):
    with pytest.raises(RulesError, match=words):
        fetch_rules(url, tmp_path / "into")
    assert not (tmp_path / "into").exists()


def test_http_is_fetched_only_when_asked(site, tmp_path, rules_text):
    base, pages = site
    pages["/MagicCompRules%2020260116.txt"] = rules_text
    pages["/rules.html"] = b'<a href="/MagicCompRules 20260116.txt">TXT</a>'
    result = CliRunner().invoke(main, ["rules", "fetch", "--url", f"{base}/rules.html", "--into", str(tmp_path / "a")])
    assert result.exit_code == 1 and "--allow-http" in result.output
    result = CliRunner().invoke(main, ["rules", "fetch", "--url", f"{base}/rules.html", "--into", str(tmp_path / "b"),
                                       "--allow-http"])
    assert result.exit_code == 0, result.output
    assert [p.name for p in (tmp_path / "b").iterdir()] == ["MagicCompRules-20260116.txt"]


@pytest.mark.parametrize("link", ["file:///etc/hostname#MagicCompRules.txt", "file:MagicCompRules.txt",
                                  "data:,MagicCompRules.txt"])
def test_a_page_linking_to_a_local_file_is_refused(site, tmp_path, link):
    base, pages = site
    pages["/rules.html"] = f'<a href="{link}">TXT</a>'.encode()
    with pytest.raises(RulesError, match="only https URLs are fetched"):
        fetch_rules(f"{base}/rules.html", tmp_path / "into", allow_http=True)
    assert not (tmp_path / "into").exists()


@pytest.mark.parametrize("to, words", [("file:///etc/hostname", "Redirection to url 'file:"),
                                       ("ftp://127.0.0.1:9/x", "only https URLs are fetched, not ftp:")])
def test_a_redirect_elsewhere_than_https_or_http_is_refused(site, tmp_path, to, words):
    base, pages = site
    pages["/rules.html"] = f'<a href="/redirect?to={to}&x=MagicCompRules.txt">TXT</a>'.encode()
    with pytest.raises(RulesError, match=words):
        fetch_rules(f"{base}/rules.html", tmp_path / "into", allow_http=True)
    assert not (tmp_path / "into").exists()


def test_a_link_named_with_a_nul_byte_is_saved_under_a_safe_name(site, tmp_path, rules_text):
    base, pages = site
    pages["/MagicCompRules%00.txt"] = rules_text
    pages["/rules.html"] = b'<a href="/MagicCompRules%00.txt">TXT</a>'
    path = fetch_rules(f"{base}/rules.html", tmp_path / "into", allow_http=True)
    assert [p.name for p in (tmp_path / "into").iterdir()] == [path.name] == ["MagicCompRules-.txt"]


def test_text_that_is_not_the_rules_leaves_no_part_file(site, tmp_path):
    base, pages = site
    pages["/MagicCompRules%00.txt"] = b"not the rules"
    pages["/rules.html"] = b'<a href="/MagicCompRules%00.txt">TXT</a>'
    with pytest.raises(RulesError):
        fetch_rules(f"{base}/rules.html", tmp_path / "into", allow_http=True)
    assert not list((tmp_path / "into").iterdir())


@pytest.mark.parametrize("url", ["https://[::1", "https://[::1/MagicCompRules.txt"])
def test_a_url_whose_host_cant_be_read_is_refused_clearly(tmp_path, url):
    result = CliRunner().invoke(main, ["rules", "fetch", "--url", url, "--into", str(tmp_path / "into")])
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    assert "not a URL (Invalid IPv6 URL)" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "into").exists()


@pytest.mark.parametrize("link", ["https://[::1/MagicCompRules.txt", "/Magic\nCompRules\x1b[2J" + "x" * 300 + ".txt"])
def test_a_bad_link_on_the_page_is_refused_in_one_short_line(site, tmp_path, link):
    """A link that is no URL, or holds control characters and runs long, is refused, quoted
    short and escaped (the error is one line), and nothing is kept."""
    base, pages = site
    pages["/rules.html"] = f'<a href="{link}">TXT</a>'.encode()
    with pytest.raises(RulesError) as err:
        fetch_rules(f"{base}/rules.html", tmp_path / "into", allow_http=True)
    message = str(err.value)
    assert "\n" not in message and "\x1b" not in message and len(message) < 400, message
    assert not (tmp_path / "into").exists() or not list((tmp_path / "into").iterdir())
