"""``manastack rules`` and ``manastack judge --explain`` at the command line; fetching the rules
(from a server on 127.0.0.1, and offline)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from click.testing import CliRunner

from manastack.cli import main
from manastack.cli_rules import highlight
from manastack.rules import RulesError, load_rules
from manastack.rules.engine_links import SiteKind, scenarios_for, sites_for
from manastack.rules.fetch import fetch_rules
from manastack.rules.index import Stemmer

from .conftest import RULES, ROOT


@pytest.fixture(autouse=True)
def cache(tmp_path_factory, monkeypatch):
    """A cache directory of the tests' own, and the rules text from ../shared/rules/."""
    if not RULES.exists():
        pytest.skip(f"rules text not found at {RULES}")
    monkeypatch.setenv("MANASTACK_CACHE", str(tmp_path_factory.getbasetemp() / "rules-cli-cache"))
    monkeypatch.setenv("MANASTACK_RULES", str(RULES))


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_search_json_ranks_the_answering_rule_first():
    result = run("rules", "search", "can I respond to a mana ability?", "--json", "-n", "3")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["rules"] == "January 16, 2026"
    assert len(data["results"]) == 3
    assert data["results"][0]["ref"] == "605.3b" and data["results"][0]["kind"] == "rule"


def test_search_reads_queries_from_standard_input_one_a_line():
    """QUERY '-': each line is answered in turn by one process (loaded once); a bad line is
    one error on stderr naming its line, the others are still answered, and the exit is 1."""
    lines = "can I respond to a mana ability?\n\n" + "x" * 301 + "\nsummoning sickness\n"
    result = CliRunner().invoke(main, ["rules", "search", "-", "--json", "-n", "2"], input=lines)
    assert result.exit_code == 1
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a["query"] for a in answers] == ["can I respond to a mana ability?", "summoning sickness"]
    assert answers[0]["results"][0]["ref"] == "605.3b"
    assert "302.6" in [r["ref"] for r in answers[1]["results"]]
    assert result.stderr.strip() == "Error: line 3: query: 301 characters; the limit is 300"
    text = CliRunner().invoke(main, ["rules", "search", "-", "-n", "1"], input="summoning sickness\n")
    assert text.exit_code == 0 and "summoning sickness" in text.output and "302.6" in text.output


def test_search_prints_numbers_and_text():
    result = run("rules", "search", "summoning sickness", "-n", "2")
    assert result.exit_code == 0, result.output
    assert "302.6" in result.output and "continuously" in result.output


def test_show_lists_subrules_references_engine_sites_and_scenarios():
    result = run("rules", "show", "106.12")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "106.12a" in out and "106.12b" in out
    assert "→ 605 Mana Abilities" in out
    assert "manastack/engine/mana/abilities.py:" in out
    assert "python3 -m manastack judge scenarios/cr-106-12b-pale-moon.yaml" in out


def test_show_json():
    data = json.loads(run("rules", "show", "106.7", "--json").output)
    assert data["number"] == "106.7" and data["examples"]
    assert {"log", "code"} <= {s["kind"] for s in data["engine"]}
    assert any(s["path"].endswith("cr-106-7-reflecting-pool-alone.yaml") for s in data["scenarios"])


def test_define_and_a_helpful_miss():
    result = run("rules", "define", "mana ability")
    assert result.exit_code == 0 and "Mana Ability" in result.output and "→ 605" in result.output
    miss = run("rules", "define", "manna ability")
    assert miss.exit_code == 1
    assert "'manna ability' is not in the glossary (did you mean Mana Ability" in miss.output


def test_bad_input_is_one_line_and_nonzero(tmp_path):
    for args, message in [
        (("rules", "show", "999.9"), "no rule '999.9'"),
        (("rules", "search", "x", "--rules", str(tmp_path / "none.txt")), "none.txt: rules file not found"),
        (("rules", "search", "trample " * 60), "the limit is 300"),
        (("rules", "search", "trample", "-n", "0"), "0 is not in the range 1<=x<=100"),
        (("rules", "search", "trample", "--cards", str(tmp_path / "none.json")), "card file not found"),
        (("rules", "ask", "trample " * 60), "the limit is 300"),
        (("rules", "ask", "   "), "query: empty"),
        (("rules", "ask", "Shock " * 9), "names more than 8 cards; the limit is 8"),
    ]:
        result = run(*args)
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_diff_reports_added_removed_and_changed_rules(tmp_path):
    text = RULES.read_text(encoding="utf-8")
    changed = text.replace("702.9c Multiple instances of flying on the same creature are redundant.",
                           "702.9c Multiple instances of flying are redundant.", 1)
    changed = changed.replace("702.9b A creature with flying", "702.9d A new subrule.\n\n702.9b A creature with flying", 1)
    changed = changed.replace("\n106.13. ", "\n106.99. ", 1)
    new = tmp_path / "new.txt"
    new.write_text(changed, encoding="utf-8")
    result = run("rules", "diff", str(RULES), str(new), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [a["number"] for a in data["added"]] == ["106.99", "702.9d"]
    assert [r["number"] for r in data["removed"]] == ["106.13"]
    assert [c["number"] for c in data["changed"]] == ["702.9c"]
    text_out = run("rules", "diff", str(RULES), str(new)).output
    assert "2 added, 1 removed, 1 changed rules" in text_out


def test_judge_explain_prints_the_cited_rules_under_each_line():
    result = run("judge", "--explain", str(ROOT / "scenarios" / "cr-106-7-reflecting-pool-alone.yaml"))
    assert result.exit_code == 0, result.output
    assert "CR 106.7: Some abilities produce mana" in result.output
    plain = run("judge", str(ROOT / "scenarios" / "cr-106-7-reflecting-pool-alone.yaml"))
    assert "CR 106.7: Some abilities" not in plain.output


def test_engine_links():
    sites = sites_for("106.7")
    assert {SiteKind.CODE, SiteKind.LOG} <= {s.kind for s in sites}
    assert all(s.rule.startswith("106.7") for s in sites)
    assert not any(s.path.startswith("manastack/rules/") for s in sites)
    refs = scenarios_for("106.7")
    assert refs and all(r.command.startswith("python3 -m manastack judge ") and r.path in r.command for r in refs)


def test_fetch_offline_fails_with_a_clear_message(tmp_path):
    with pytest.raises(RulesError, match=r"can't download .*are you online\?"):
        fetch_rules("http://127.0.0.1:9/rules", tmp_path, allow_http=True)
    result = run("rules", "fetch", "--url", "http://127.0.0.1:9/rules", "--into", str(tmp_path), "--allow-http")
    assert result.exit_code == 1 and "can't download" in result.output
    assert not list(tmp_path.iterdir())


@pytest.fixture
def rules_server(tmp_path):
    """A rules page and the rules text served from 127.0.0.1, shut down after the test."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "MagicCompRules 20260116.txt").write_bytes(RULES.read_bytes())
    (site / "rules.html").write_text('<a href="/MagicCompRules 20260116.txt">TXT</a>', encoding="utf-8")
    (site / "empty.html").write_text("<p>no link</p>", encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def test_fetch_downloads_the_linked_text(rules_server, tmp_path):
    path = fetch_rules(f"{rules_server}/rules.html", tmp_path / "got", allow_http=True)
    assert path.name == "MagicCompRules-20260116.txt"
    assert load_rules(path).get("106.7") is not None
    with pytest.raises(RulesError, match="no link to the plain-text Comprehensive Rules"):
        fetch_rules(f"{rules_server}/empty.html", tmp_path / "none", allow_http=True)


def test_search_highlights_the_query_words_by_stem():
    stemmer = Stemmer()
    marked = highlight("A creature with flying can’t be blocked except by flying creatures.",
                       stemmer.stems(["blocking"])[0], stemmer)
    assert marked == "A creature with flying can’t be [bold yellow]blocked[/bold yellow] except by flying creatures."


def test_engine_links_read_ranges_and_numbers_in_prose():
    from manastack.rules.engine_links import cited_rules
    assert cited_rules('"""Lethal damage (CR 702.19b, with deathtouch 702.2c)."""') == ["702.19b", "702.2c"]
    assert cited_rules("# CR 601.2g-h: pay") == ["601.2g", "601.2h"]
    assert cited_rules("CR 107.5-107.6, 302.6") == ["107.5", "107.6", "302.6"]
    assert cited_rules("CR 709.3-709.3b") == ["709.3", "709.3a", "709.3b"]
    assert cited_rules("(CR 614-616)") == ["614", "615", "616"]
    assert cited_rules("see rules 613.1 and 613.2.") == ["613.1", "613.2"]
    assert cited_rules("CR 302.6 for 100 cards") == ["302.6"]
    assert any(s.path == "manastack/engine/combat.py" for s in sites_for("702.2c"))


def test_printed_judge_commands_run_from_elsewhere_and_name_the_card_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = json.loads(run("rules", "show", "702.19", "--json", "--cards", "cards.json").output)
    fog = next(s for s in data["scenarios"] if "fog-bank" in s["path"])
    assert fog["command"] == (f"python3 -m manastack judge {ROOT / fog['path']} --cards cards.json")
    plain = next(s for s in data["scenarios"] if s["path"] == "scenarios/trample.yaml")
    assert plain["command"] == f"python3 -m manastack judge {ROOT / 'scenarios' / 'trample.yaml'}"


def test_text_output_keeps_bracketed_placeholders():
    out = run("rules", "show", "702.16g").output
    assert "Protection from [quality A] and from [quality B]" in out
    found = run("rules", "search", "protection from each characteristic", "-n", "3").output
    assert "Protection from each [characteristic]" in found


def test_diff_markers_survive_a_pipe(tmp_path):
    text = RULES.read_text(encoding="utf-8")
    new = tmp_path / "new.txt"
    new.write_text(text.replace("702.9c Multiple instances of flying on the same creature are redundant.",
                                "702.9c Multiple instances of flying are redundant.", 1), encoding="utf-8")
    out = run("rules", "diff", str(RULES), str(new)).output
    assert "~ 702.9c Multiple instances of flying [-on the same creature-] are redundant." in out
    back = run("rules", "diff", str(new), str(RULES)).output
    assert "{+on the same creature+}" in back


def test_ask_answers_about_cards_together_with_a_scenario_that_runs(tmp_path):
    question = "two Panharmonicons and Llanowar Elves entering, can my opponent Lightning Bolt the elves?"
    data = json.loads(run("rules", "ask", question, "--json").output)
    cards = {c["name"]: c for c in data["cards"]}
    assert set(cards) == {"Panharmonicon", "Llanowar Elves", "Lightning Bolt"}
    assert "603.2d" in cards["Panharmonicon"]["rules"] and "302.6" in cards["Llanowar Elves"]["rules"]
    assert "{card: \"Panharmonicon\", count: 2}" in data["scenario"]
    assert "hand: [\"Lightning Bolt\"]" in data["scenario"] and "mana_pool: {R: 1}" in data["scenario"]
    saved = tmp_path / "q.yaml"
    result = run("rules", "ask", question, "--run", "--save", str(saved))
    assert result.exit_code == 0, result.output
    assert "1 scenario(s): 1 passed" in result.output and "Rules its abilities use" in result.output
    assert saved.read_text(encoding="utf-8") == data["scenario"]
    both = run("rules", "ask", question, "--run", "--json")
    assert both.exit_code == 0 and json.loads(both.output)["run"]["status"] == "pass"


def test_ask_brings_the_rules_the_engine_cites_for_a_cards_effects():
    """Divination's draw is run by engine code citing CR 121.4; Giant Growth's pump by code
    citing CR 611.2 (manastack/engine/effects.py, its HANDLERS table)."""
    data = json.loads(run("rules", "ask", "Divination with one card in my library, then Giant Growth",
                          "--json").output)
    cards = {c["name"]: c for c in data["cards"]}
    assert "121.4" in cards["Divination"]["engine"]
    assert "611.2" in cards["Giant Growth"]["engine"]


def test_ask_without_a_card_answers_with_rules_and_has_nothing_to_run():
    result = run("rules", "ask", "who chooses the order of replacement effects?")
    assert result.exit_code == 0 and "No card named" in result.output and "616.1" in result.output
    ran = run("rules", "ask", "who chooses the order of replacement effects?", "--run")
    assert ran.exit_code == 1 and "names no card" in ran.output and "Traceback" not in ran.output


def test_ask_answers_questions_from_standard_input_one_a_line():
    lines = "Divination with one card in my library\n" + "x" * 301 + "\nwho chooses the order of replacement effects?\n"
    result = CliRunner().invoke(main, ["rules", "ask", "-", "--json"], input=lines)
    assert result.exit_code == 1
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [c["name"] for c in answers[0]["cards"]] == ["Divination"] and answers[0]["scenario"]
    assert answers[1]["cards"] == [] and "616.1" in [r["ref"] for r in answers[1]["rules"]]
    assert result.stderr.strip() == "Error: line 2: query: 301 characters; the limit is 300"
    text = CliRunner().invoke(main, ["rules", "ask", "-"], input="Divination with one card in my library\n")
    assert text.exit_code == 0 and "Divination" in text.output and "A scenario to check it" in text.output
    refused = run("rules", "ask", "-", "--run")
    assert refused.exit_code == 1 and "take one question, not '-'" in refused.output


def test_a_search_loads_neither_the_fetch_nor_the_network_modules():
    """``rules fetch`` lives in its own modules, imported only when it runs."""
    probe = ("import sys\nfrom manastack.cli import main\ntry:\n    main(['rules', 'search', 'trample', '-n', '1',"
             f" '--rules', {str(RULES)!r}])\nexcept SystemExit as exc:\n    assert not exc.code\n"
             "print(sorted(m for m in sys.modules if m in ('urllib.request', 'http.client', 'ssl',"
             " 'manastack.rules.fetch', 'manastack.cli_rules_fetch')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
