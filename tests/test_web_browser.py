"""The web table in a real browser: Debian's Chromium driven by Playwright (no browser download:
``executable_path``). One game is played through the page (a spell cast with a target picked on
the board, two creatures declared as attackers at once, undo); a four-player game sends an
attacker at the opponent chosen; card text shows on hover and focus; a refused answer is shown
beside the game; Commander tables (from the setup page, and from a save where a commander dies,
goes home and is cast again with its tax) are played from the card corpus; then the judge page
runs a scenario, the rules page finds a rule and the watch page steps through a game.

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


def shot(page, name: str, full_page: bool = False) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=full_page)


def decide(page) -> str:
    """Wait until the page asks something (or the game ends); the prompt."""
    page.wait_for_selector(".decision .prompt, .decision h3", timeout=20_000)
    return page.inner_text(".decision h3")


def next_question(page, after: str | None) -> tuple[str, str]:
    """Wait for a question (or the game's end) other than the one whose step was ``after``, so a
    loop never answers again the question it has just answered; its step and prompt."""
    found = page.wait_for_function(
        """(after) => { const d = document.querySelector('.decision[data-step]');
                        const h = d && d.querySelector('h3');
                        return h && d.dataset.step !== after ? [d.dataset.step, h.textContent] : null; }""",
        arg=after, timeout=20_000)
    step, prompt = found.json_value()
    return step, prompt


def keep(page) -> None:
    """Keep the opening hand and wait for the first question after it (not the one just answered)."""
    page.click("button:has-text('keep')")
    page.wait_for_selector(".decision h3:has-text('has priority')", timeout=20_000)


def test_play_a_game_in_the_browser(page, base):
    """Start a game against the heuristic agent; play lands and creatures by clicking them, cast
    Shock at the opponent picked on the board, attack with two creatures at once, undo that."""
    page.goto(f"{base}/#/play")
    shot(page, "play-setup")
    page.fill("#seed", "8")            # an opening hand with Shock, two Llanowar Elves and Goblin Striker
    page.click("text=Start the game")
    step, prompt = next_question(page, None)
    assert "keep this hand" in prompt
    page.click("button:has-text('keep')")
    shocked = attacked = False
    for _ in range(120):
        step, prompt = next_question(page, step)
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
                page.wait_for_selector(".decision h3:has-text('Declare attackers')")
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
            page.wait_for_function("document.querySelector('.log')?.textContent.includes('Shock deals 2 damage')")
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
            continue
        page.locator(".decision .options button").first.click()
    assert shocked, "Shock was cast with its target picked on the board"
    assert attacked, "two creatures attacked at once, and the attack was undone"


def test_why_not_on_a_card_you_cannot_play(page, base):
    page.goto(f"{base}/#/play")
    page.fill("#seed", "11")
    page.click("text=Start the game")
    decide(page)
    keep(page)
    blocked = page.locator(".hand .card:not(.playable)")
    assert blocked.count() >= 1
    blocked.first.click()
    page.wait_for_selector(".why")
    assert re.search(r"\d{3}\.\d+", page.inner_text(".why")), "the refusal cites its rules"


def test_judge_page_runs_a_scenario(page, base):
    page.goto(f"{base}/#/judge?scenario=cancel")
    page.wait_for_function("document.querySelector('#yaml')?.value.includes('Cancel')")
    page.click("#run")
    page.wait_for_selector(".status")
    assert page.inner_text(".status").startswith("PASS")
    assert page.locator(".expect li.pass").count() >= 1
    assert page.locator(".judge-log a.cr").count() >= 1
    page.locator(".judge-log .cardref", has_text="Cancel").first.hover()   # card text on hover
    page.wait_for_selector("#cardtip:not([hidden])")
    assert "Counter target spell." in page.inner_text("#cardtip")
    shot(page, "judge-card-text")
    page.mouse.move(0, 0)
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
    page.wait_for_function("document.querySelector('#wpos')?.textContent.startsWith('step 0')")
    page.click("#wfwd")
    page.wait_for_function("document.querySelector('#wpos')?.textContent.startsWith('step 1')")
    page.locator("#wslider").fill("200")
    page.wait_for_function("document.querySelector('#wpos')?.textContent.startsWith('step 200')")
    page.click("#wback")
    page.wait_for_function("document.querySelector('#wpos')?.textContent.startsWith('step 199')")
    assert page.locator("#wboard .player").count() == 2
    assert page.locator("#wboard .hand .card").count() == 0, "a spectator sees no hand"
    page.locator("#wslider").fill("301")                 # Shock on the stack, aimed at Bob
    page.wait_for_function("document.querySelector('#wpos')?.textContent.startsWith('step 301')")
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


def play_to_attack(page, lands=("Forest", "Mountain", "Plains", "Island"), skip=("Shock", "Giant Growth")):
    """Keep, play a land and a creature each turn, pass otherwise, until the page asks for
    attackers with at least one creature able to attack; False if the game ended first."""
    step = None
    for _ in range(200):
        step, prompt = next_question(page, step)
        if page.locator(".decision h3:has-text('wins')").count():
            return False
        if "keep this hand" in prompt:
            page.click("button:has-text('keep')")
        elif prompt.startswith("Declare attackers"):
            if page.locator(".card.perm.pickable").count():
                return True
            page.click("#declare-attackers")
        elif prompt.startswith("Declare blockers"):
            page.click("#declare-blockers")
        elif "has priority" in prompt:
            hand = page.locator(".hand .card.playable")
            names = [hand.nth(i).locator(".card-name").inner_text() for i in range(hand.count())]
            pick = next((i for i, n in enumerate(names) if n in lands), None)
            if pick is None:
                pick = next((i for i, n in enumerate(names) if n not in skip), None)
            if pick is None:
                page.click("button.pass")
            else:
                hand.nth(pick).click()
        else:
            page.locator(".decision .options button").first.click()
    return False


def test_attackers_sent_at_a_chosen_opponent_of_three(page, base):
    """A four-player free-for-all (CR 806): the selected creatures attack the opponent picked in
    the list (CR 508.1a, 802.1), not the first one, and the log says whom they attack."""
    page.goto(f"{base}/#/play?players=4")
    page.wait_for_selector("#deck3")
    page.fill("#seed", "8")
    page.click("text=Start the game")
    assert play_to_attack(page), "a creature of ours could attack"
    options = page.locator("#attack-target option")
    assert options.count() == 3, "each of the three opponents may be attacked"
    last = options.nth(2)
    target, name = last.get_attribute("value"), last.inner_text()
    page.select_option("#attack-target", target)
    able = page.locator(".card.perm.pickable")
    for i in range(able.count()):
        able.nth(i).click()
    before = page.locator(".log .logline").count()
    shot(page, "play-attack-whom")
    page.click("#declare-attackers")
    page.wait_for_function("([n, who]) => [...document.querySelectorAll('.log .logline')].slice(n)"
                           ".some(l => l.textContent.includes(' attacks ' + who + ' with '))", arg=[before, name])
    line = next(t for t in page.locator(".log .logline").all_inner_texts()[before:] if f" attacks {name} with " in t)
    assert "508.1" in line, line


def test_card_text_on_hover_and_focus(page, base):
    """Card names on the board and in the log show their Oracle text on hover, and on focus
    for the keyboard; a land is played from the keyboard (focus, Enter)."""
    page.goto(f"{base}/#/play")
    page.fill("#seed", "8")
    page.click("text=Start the game")
    decide(page)
    keep(page)
    tile = page.locator(".hand .card").first
    name = tile.locator(".card-name").inner_text()
    tile.hover()
    page.wait_for_selector("#cardtip:not([hidden])")
    assert page.inner_text("#cardtip").startswith(name)
    page.mouse.move(0, 0)
    page.wait_for_selector("#cardtip", state="hidden")
    tile.focus()
    page.wait_for_selector("#cardtip:not([hidden])")
    assert tile.get_attribute("aria-describedby") == "cardtip"
    page.keyboard.press("Escape")
    page.wait_for_selector("#cardtip", state="hidden")
    land = page.locator(".hand .card.playable:has-text('Forest'), .hand .card.playable:has-text('Mountain')").first
    land_name = land.locator(".card-name").inner_text()
    land.focus()                       # played with the keyboard
    page.keyboard.press("Enter")
    ref = page.locator(f".log .logline .cardref:text-is('{land_name}')").last
    ref.wait_for()
    ref.hover()
    page.wait_for_selector("#cardtip:not([hidden])")
    assert "Land" in page.inner_text("#cardtip")
    shot(page, "play-card-text")


@pytest.fixture(scope="module")
def corpus_base(corpus_db):
    """A server dealing from the card corpus, as ``manastack serve --cards`` (the Commander decks)."""
    with served(lifetime=300, cards=corpus_db) as url:
        yield url


def test_a_commander_table_from_the_setup_page(page, corpus_base):
    """Commander (CR 903) chosen on the setup page, four players: every player at 40 life with
    their commander in the command zone, no tax yet, no commander damage."""
    page.goto(f"{corpus_base}/#/play")
    page.select_option("#format", "commander")
    page.wait_for_selector("#deck0 option[value=commander-ayula]", state="attached")
    page.select_option("#players", "4")
    page.wait_for_selector("#deck3")
    assert page.input_value("#format") == "commander"
    page.click("text=Start the game")
    decide(page)
    assert page.locator(".player").count() == 4
    assert page.locator(".player .life").all_inner_texts() == ["♥ 40"] * 4
    zones = page.locator(".player .command-zone")
    assert zones.count() == 4
    assert page.locator(".command-zone .command-card").count() == 4
    assert page.locator(".command-card .tax").all_inner_texts() == ["no commander tax yet"] * 4
    assert "Isperia, Supreme Judge" in page.inner_text(".board")
    page.locator(".command-card").first.hover()
    page.wait_for_selector("#cardtip:not([hidden])")
    assert "Legendary Creature" in page.inner_text("#cardtip")
    shot(page, "play-commander", full_page=True)


COMMANDER_SAVE = """
name: a commander about to die
format: commander
turn: 5
players:
  - name: Alice
    commanders: ["Ayula, Queen Among Bears"]
    commander_casts: {"Ayula, Queen Among Bears": 1}
    battlefield: [Mountain, Forest, Forest, Forest, Forest, "Ayula, Queen Among Bears"]
    hand: [Lightning Bolt]
    library: [Forest, Forest, Forest]
  - name: Bob
    commanders: ["Isperia, Supreme Judge"]
    command: ["Isperia, Supreme Judge"]
    commander_damage: {"Ayula, Queen Among Bears": 4}
    battlefield: [Island]
    library: [Island, Island, Island]
"""


def test_a_commander_dies_goes_home_and_is_cast_again_with_tax(page, corpus_base, corpus_db, tmp_path):
    """A save loaded on the Play page: Lightning Bolt kills Ayula, Alice's commander; the page
    asks whether it goes to the command zone (CR 903.9a) like any decision; from there it is
    cast again, costing {2} more for the cast before (CR 903.8). The Save button's file loads
    with Game.from_json."""
    from manastack.game import Game
    from manastack.scenario import Scenario
    state = Scenario.from_text(COMMANDER_SAVE, "save", corpus_db).state
    path = tmp_path / "commander.json"
    path.write_text(Game.from_state(state.copy(), corpus_db).to_json(), encoding="utf-8")
    page.goto(f"{corpus_base}/#/play")
    page.set_input_files("#playsave", str(path))
    page.click("#load-save")
    assert "Alice has priority" in decide(page)
    assert "Ayula, Queen Among Bears (Alice) 4" in page.inner_text(".player.them .cmd-damage")
    page.click(".hand .card.playable:has-text('Lightning Bolt')")
    page.wait_for_selector(".decision h3:has-text('target')")     # the next question, not the last one
    page.click(".card.perm.pickable:has-text('Ayula')")
    page.wait_for_selector(".decision h3:has-text('903.9a')")
    assert page.locator(".decision h3 a.cr:text-is('903.9a')").count() == 1
    page.click(".decision button:has-text('put it into the command zone')")
    page.wait_for_selector(".player.me .command-card .tax:text-is('commander tax {2}')")
    assert "puts Ayula, Queen Among Bears, their commander, from their graveyard into the command zone" in page.inner_text(".log")
    shot(page, "play-commander-tax")
    with page.expect_download() as download:
        page.click("#save")
    saved = Game.from_json(Path(download.value.path()).read_bytes(), cards=corpus_db)
    assert [o["name"] for o in saved.view(0)["players"][0]["command_zone"]] == ["Ayula, Queen Among Bears"]
    page.click(".player.me .command-card.playable")
    page.wait_for_function("document.querySelector('.log')?.textContent.includes('commander tax')")
    page.wait_for_selector(".player.me .card.perm:has-text('Ayula')")
    assert page.locator(".player.me .command-card").count() == 0


def test_a_refused_answer_is_shown_and_the_game_goes_on(page, base):
    """A double click answers twice: the second answer names a decision already answered, so
    the server refuses it (nothing changes) and the page says why beside the game, which goes on."""
    page.goto(f"{base}/#/play")
    page.fill("#seed", "8")
    page.click("text=Start the game")
    decide(page)
    page.dblclick("button:has-text('keep')")
    page.wait_for_selector(".note.error:has-text('moved on')")
    page.wait_for_selector(".decision h3:has-text('has priority')", timeout=20_000)
    assert page.locator(".hand .card").count() == 7
    assert page.locator(".log .logline:has-text('keeps 7 cards')").count() == 2
    page.click(".settings summary")
    page.check(".settings input[value=end]")
    page.wait_for_selector(".settings summary:has-text('stop in end')")
    assert page.locator(".settings[open]").count() == 1, "the panel stays open as the page is drawn again"


CURSE_SAVE = """
name: a Curse on Bob
turn: 3
players:
  - name: Alice
    battlefield: [{card: Curse of the Bloody Tome, attached_to: Bob}, Island]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
"""


def test_a_curse_is_shown_with_the_player_it_enchants(page, corpus_base, corpus_db, tmp_path):
    """An Aura attached to a player (a Curse, CR 303.4b) is shown in the enchanted player's
    panel, "enchanted by", as well as among its controller's permanents marked "on Bob"."""
    from manastack.game import Game
    from manastack.scenario import Scenario
    state = Scenario.from_text(CURSE_SAVE, "save", corpus_db).state
    path = tmp_path / "curse.json"
    path.write_text(Game.from_state(state.copy(), corpus_db).to_json(), encoding="utf-8")
    page.goto(f"{corpus_base}/#/play")
    page.set_input_files("#playsave", str(path))
    page.click("#load-save")
    decide(page)
    assert page.inner_text(".player.them [aria-label='enchanted by'] .attachment") == \
        "Curse of the Bloody Tome on Bob (Alice's)"
    assert page.locator(".player.me [aria-label='enchanted by']").count() == 0
    assert "on Bob" in page.inner_text(".player.me .card.perm:has-text('Curse of the Bloody Tome') .marks")
