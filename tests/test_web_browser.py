"""The web table in a real browser: Debian's Chromium driven by Playwright (no browser download:
``executable_path``). One game is played through the page (a spell cast with a target picked on
the board, two creatures declared as attackers at once, undo), then the judge page runs a
scenario and the rules page finds a rule.

``MANASTACK_SCREENSHOTS=DIR`` also saves a screenshot of each page there (docs/img/ is made so)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.web_server import REQUIRED, need, served

CHROMIUM = os.environ.get("MANASTACK_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = os.environ.get("MANASTACK_SCREENSHOTS")
VIEWPORT = {"width": 1366, "height": 768}          # a laptop screen


@pytest.fixture(scope="module")
def browser():
    need("playwright")
    if not Path(CHROMIUM).exists():
        if REQUIRED:
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def base():
    with served(lifetime=300) as url:
        yield url


@pytest.fixture
def page(browser, base):
    page = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(15_000)
    yield page
    page.close()
    assert not errors, errors


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def decide(page) -> str:
    """Wait until the page asks something (or the game ends); the prompt."""
    page.wait_for_selector(".decision .prompt, .decision h3", timeout=20_000)
    return page.inner_text(".decision h3")


def test_play_a_game_in_the_browser(page, base):
    """Start a game against the heuristic agent; play lands and creatures by clicking them, cast
    Shock at the opponent picked on the board, attack with two creatures at once, undo that."""
    page.goto(f"{base}/#/play")
    shot(page, "play-setup")
    page.fill("#seed", "8")            # an opening hand with Shock, two Llanowar Elves and Goblin Striker
    page.click("text=Start the game")
    assert "keep this hand" in decide(page)
    page.click("button:has-text('keep')")
    shocked = attacked = False
    for _ in range(120):
        prompt = decide(page)
        if page.locator(".decision h3:has-text('wins')").count():
            break
        if prompt.startswith("Declare attackers"):
            able = page.locator(".card.perm.pickable")
            if able.count() >= 2:
                shot(page, "play-board")
                able.nth(0).click()
                able.nth(1).click()
                assert page.locator(".card.perm.selected").count() == 2
                assert page.inner_text("#declare-attackers") == "Attack with 2 selected"
                chosen = [page.locator(".card.perm.selected .card-name").nth(i).inner_text() for i in range(2)]
                before = page.locator(".log .logline").count()
                page.click("#declare-attackers")
                page.wait_for_function("([n, a, b]) => [...document.querySelectorAll('.log .logline')].slice(n)"
                                       ".some(l => / attacks .* with /.test(l.textContent) && l.textContent.includes(a)"
                                       " && l.textContent.includes(b))", arg=[before, *chosen])
                shot(page, "play-attack")
                page.click("#undo")
                assert decide(page).startswith("Declare attackers")
                assert page.locator(".card.perm.selected").count() == 0
                assert page.locator(".marks:has-text('attacking')").count() == 0
                attacked = True
                break
            page.click("#declare-attackers")
            continue
        if prompt.startswith("Declare blockers"):
            page.click("#declare-blockers")
            continue
        if "target" in prompt.lower():
            opponent = page.locator(".player.them .player-head.pickable")
            assert opponent.count() == 1, "the opponent is offered as a target on the board"
            opponent.click()
            page.wait_for_function("document.querySelector('.log').textContent.includes('Shock deals 2 damage')")
            assert "Shock" in page.inner_text(".log")
            shocked = True
            continue
        if "has priority" in prompt:
            hand = page.locator(".hand .card.playable")
            names = [hand.nth(i).locator(".card-name").inner_text() for i in range(hand.count())]
            land = next((i for i, n in enumerate(names) if n in ("Forest", "Mountain")), None)
            creature = next((i for i, n in enumerate(names) if n not in ("Forest", "Mountain", "Shock", "Giant Growth")), None)
            if not shocked and "Shock" in names:
                hand.nth(names.index("Shock")).click()
            elif land is not None:
                hand.nth(land).click()
            elif creature is not None:
                hand.nth(creature).click()
            else:
                page.click("button.pass")
            page.wait_for_timeout(50)
            continue
        page.locator(".decision .options button").first.click()
    assert shocked, "Shock was cast with its target picked on the board"
    assert attacked, "two creatures attacked at once, and the attack was undone"


def test_why_not_on_a_card_you_cannot_play(page, base):
    page.goto(f"{base}/#/play")
    page.fill("#seed", "11")
    page.click("text=Start the game")
    decide(page)
    page.click("button:has-text('keep')")
    decide(page)
    blocked = page.locator(".hand .card:not(.playable)")
    assert blocked.count() >= 1
    blocked.first.click()
    page.wait_for_selector(".why")
    assert re.search(r"\d{3}\.\d+", page.inner_text(".why")), "the refusal cites its rules"


def test_judge_page_runs_a_scenario(page, base):
    page.goto(f"{base}/#/judge?scenario=cancel")
    page.wait_for_function("document.querySelector('#yaml').value.includes('Cancel')")
    page.click("#run")
    page.wait_for_selector(".status")
    assert page.inner_text(".status").startswith("PASS")
    assert page.locator(".expect li.pass").count() >= 1
    assert page.locator(".judge-log a.cr").count() >= 1
    shot(page, "judge")
    text = page.input_value("#yaml").replace("hand: [Cancel]", "hand: [Cancle]")
    page.fill("#yaml", text)
    assert page.locator(".report .stale").count() == 1
    page.click("#check")
    page.wait_for_selector("#errors li")
    assert "Cancle" in page.inner_text("#errors")
    bad = page.locator(".gutter .bad")
    assert bad.count() == 1 and bad.inner_text() == str(text.splitlines().index("    hand: [Cancle]") + 1)
    shot(page, "judge-errors")


def test_rules_page_searches_and_shows_a_rule(page, base):
    page.goto(f"{base}/#/rules")
    page.fill("#rules-q", "can I respond to a mana ability?")
    page.click(".search button.primary")
    page.wait_for_selector(".hits li", timeout=60_000)
    assert "605" in page.inner_text(".hits")
    shot(page, "rules-search")
    page.goto(f"{base}/#/rules/701.6")
    page.wait_for_selector("#r701\\.6a", timeout=60_000)
    assert "Where the engine applies it" in page.inner_text("#rules-out")
    assert "null" not in page.inner_text("#rules-out")
    assert page.locator(".sites li").count() >= 1
    assert page.locator("a[href='#/judge?scenario=cancel']").count() == 1, "a scenario that checks it, to open"
    page.locator("text=Where the engine applies it").scroll_into_view_if_needed()
    shot(page, "rules-rule")


def test_watch_page_steps_through_a_simulated_game(page, base):
    page.goto(f"{base}/#/watch")
    page.fill("#wseed", "3")
    page.click("button:has-text('Simulate')")
    page.wait_for_selector("#wpos", state="attached", timeout=60_000)
    page.wait_for_function("document.querySelector('#wpos').textContent.startsWith('step 0')")
    page.click("#wfwd")
    page.wait_for_function("document.querySelector('#wpos').textContent.startsWith('step 1')")
    page.locator("#wslider").fill("200")
    page.wait_for_function("document.querySelector('#wpos').textContent.startsWith('step 200')")
    page.click("#wback")
    page.wait_for_function("document.querySelector('#wpos').textContent.startsWith('step 199')")
    assert page.locator("#wboard .player").count() == 2
    assert page.locator("#wboard .hand .card").count() == 0, "a spectator sees no hand"
    page.locator("#wslider").fill("301")                 # Shock on the stack, aimed at Bob
    page.wait_for_function("document.querySelector('#wpos').textContent.startsWith('step 301')")
    assert page.inner_text("#wstack li") == "Shock → Bob"
    page.select_option("#wseat", "0")
    page.wait_for_selector("#wboard .hand .card")
    shot(page, "watch")



def test_a_four_player_table(page, base):
    """A free-for-all of four (CR 806): the setup page takes the number of players, and the
    board shows every opponent with their hand as a count only (CR 400.2)."""
    page.goto(f"{base}/#/play")
    page.select_option("#players", "4")
    page.wait_for_selector("#deck3")
    assert page.locator(".seat").count() == 4
    page.fill("#seed", "8")
    page.click("text=Start the game")
    assert "keep this hand" in decide(page)
    page.click("button:has-text('keep')")
    page.wait_for_selector(".player.them >> nth=2")
    assert page.locator(".player.them").count() == 3
    assert page.locator(".player.them .hand .card").count() == 0     # their hands are never sent
    for name in ("azorius-skies", "mono-green", "red-green"):
        assert name in page.inner_text(".board")
    shot(page, "play-four-players")
