"""The web table's server: hidden information (CR 400.2) in every message, answers all or
nothing, undo, bounds and safety (Origin, Host, sizes, rates, uploads, paths), the judge, rules
and replay services, the speed of a decision's round trip, and ``manastack serve``."""
from __future__ import annotations

import json
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.web_server import need

need("starlette")
need("httpx2")

from click.testing import CliRunner  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from manastack import cli_serve  # noqa: E402
from manastack.decks import load_deck  # noqa: E402
from manastack.engine.decisions import Action  # noqa: E402
from manastack.game import Game  # noqa: E402
from manastack.web import present  # noqa: E402
from manastack.web.app import MAX_SOCKET_MESSAGE, create_app  # noqa: E402
from manastack.web.tables import Table, TableError, new_table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DECKS = ["gruul-stompy", "azorius-skies"]


@pytest.fixture
def client():
    with TestClient(create_app(("testserver",))) as c:
        yield c


def new(client, agents=("human", "heuristic"), seed=7, **more):
    r = client.post("/api/tables", json={"decks": DECKS, "agents": list(agents), "seed": seed, **more})
    assert r.status_code == 200, r.text
    return r.json()


def receive(ws) -> dict:
    return json.loads(ws.receive_bytes())


def state_of(ws) -> dict:
    """The next state message (notices and errors before it are skipped)."""
    while True:
        m = receive(ws)
        if m["type"] == "state":
            return m


def answer(ws, m, option) -> None:
    ws.send_text(json.dumps({"type": "act", "version": m["version"],
                             "actions": [{"kind": option["kind"], "args": option["args"]}]}))


def answer_and_read(ws, m, option) -> dict:
    """Send an answer and read the reply. A refusal for sending too fast (the socket's rate
    bound, which the calling test is not about) is waited out and the answer sent again."""
    for _ in range(5):
        answer(ws, m, option)
        reply = receive(ws)
        if not (reply["type"] == "error" and "too many messages" in reply["message"]):
            return reply
        time.sleep(1.1)
    raise AssertionError("the answer was refused for its rate five times")


def _hidden_names(game: Game, viewer: int) -> set[str]:
    """Card names that are, right now, only in zones ``viewer`` may not see: other players'
    hands and every library, less any name also seen in a public zone (or the viewer's hand)."""
    s = game.current_state()
    hidden, seen = set(), set()
    for p in s.players:
        for i in p.library:
            hidden.add(s.objs[i].card.name)
        for i in p.hand:
            (seen if p.index == viewer else hidden).add(s.objs[i].card.name)
        for i in (*p.graveyard, *p.exile):
            seen.add(s.objs[i].card.name)
    seen.update(s.objs[i].card.name for i in s.battlefield)
    seen.update(s.objs[it.source].card.name for it in s.stack if it.source in s.objs)
    return hidden - seen


def test_the_two_decks_share_no_card_name():
    """What the hidden-information test relies on: a name of one deck is never the other's."""
    a, b = (set(load_deck(d, Game.new(*DECKS).db).card_names) for d in DECKS)
    assert a and b and not a & b


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_seat_never_receives_a_hidden_card_name(client, seed):
    """CR 400.2: a random game played through the socket of seat 0, a spectator watching; no
    message to either ever names a card that is then only in another player's hand or in a
    library (the opponent's deck shares no name with ours, so any such name is a leak)."""
    table = new(client, seed=seed)
    tid, token = table["table"], table["seats"][0]["token"]
    live: Table = client.app.state.web.tables.get(tid)
    rng = random.Random(seed)
    messages = 0
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={token}") as ws, \
            client.websocket_connect(f"/ws/tables/{tid}?seat=spectator") as spectator:
        m = state_of(ws)
        receive(spectator)
        for _ in range(150):
            leaked = {n for n in _hidden_names(live.game, 0) if n in json.dumps(m)}
            assert not leaked, f"seat 0 was sent {leaked}"
            messages += 1
            if m["result"] or m["decision"] is None:
                break
            assert "hand" not in m["board"]["players"][1]
            options = m["decision"]["options"]
            reply = answer_and_read(ws, m, rng.choice(options))
            if reply["type"] == "error":            # a random pick may be refused (e.g. a payment); pass instead
                passes = [o for o in options if o["kind"] in ("pass", "done", "autopay", "cancel")]
                reply = answer_and_read(ws, m, passes[0] if passes else options[0])
                assert reply["type"] == "state", reply
            m = reply
            watched = receive(spectator)
            assert all("hand" not in p for p in watched["board"]["players"])
            shown = json.dumps(watched)
            assert not {n for n in _hidden_names(live.game, present.SPECTATOR) if n in shown}
    assert messages > 20


def test_spectators_and_seats_need_the_right_ticket(client):
    table = new(client)
    tid = table["table"]
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token=wrong") as ws:
        m = receive(ws)
        assert m["type"] == "error" and "token" in m["message"]
    with client.websocket_connect(f"/ws/tables/{tid}?seat=1") as ws:
        assert "agent" in receive(ws)["message"]
    with client.websocket_connect(f"/ws/tables/{tid}?seat=spectator") as ws:
        m = receive(ws)
        assert m["decision"] is None and m["viewer"] == present.SPECTATOR
        ws.send_text(json.dumps({"type": "undo"}))
        assert "spectator" in receive(ws)["message"]


def _attack_ready(seed=8):
    """A hot-seat table played to the first declaration of attackers with two or more
    creatures able to attack (lands and creatures played, everything else passed)."""
    t = new_table({"decks": DECKS, "agents": ["human", "human"], "seed": seed})
    for _ in range(2000):
        d = t.game.pending
        if d.kind == "attackers" and len({a.args[0] for a in d.options if a.kind == "attack"}) >= 2:
            return t
        pick = next((a for a in d.options if a.kind in ("keep", "play")), None) \
            or next((a for a in d.options if a.kind == "cast" and "Creature" in t.game.peek().objs[a.args[0]].card.types), None) \
            or next((a for a in d.options if a.kind in ("pass", "done", "autopay")), d.options[0])
        t.act(-2, t.version, [pick])
    raise AssertionError("no attack with two creatures came")


def test_attackers_declared_at_once_and_undone():
    t = _attack_ready()
    d = t.game.pending
    attackers = list(dict.fromkeys(a.args[0] for a in d.options if a.kind == "attack"))[:2]
    moves = len(t.game.move_stack)
    t.act(-2, t.version, [Action("attack", (attackers[0],)), Action("attack", (attackers[1],)), Action("done")])
    attacks = [e.text for e in t.game.log if " attacks " in e.text]
    assert attacks and all(t.game.peek().objs[a].card.name in attacks[-1] for a in attackers)
    assert "undone" in t.undo(-2)
    assert len(t.game.move_stack) == moves and t.game.pending.kind == "attackers"


def test_blockers_declared_at_once():
    """Seat 1, a person, blocks the heuristic agent's attacker: a block and "done" in one
    answer (CR 509.1)."""
    t = new_table({"decks": DECKS, "agents": ["heuristic", "human"], "seed": 1})
    for _ in range(400):
        d = t.game.pending
        if d.kind == "blockers" and any(a.kind == "block" for a in d.options):
            break
        pick = next((a for a in d.options if a.kind in ("keep", "play")), None) \
            or next((a for a in d.options if a.kind == "cast" and "Creature" in t.game.peek().objs[a.args[0]].card.types), None) \
            or next((a for a in d.options if a.kind in ("pass", "done", "autopay")), d.options[0])
        t.act(1, t.version, [pick])
    block = next(a for a in t.game.pending.options if a.kind == "block")
    t.act(1, t.version, [block, Action("done")])
    assert str(block) in [e.text for e in t.game.log]


def test_an_answer_is_all_or_nothing(client):
    t = _attack_ready()
    d = t.game.pending
    attacker = next(a.args[0] for a in d.options if a.kind == "attack")
    before, version = len(t.game.move_stack), t.version
    with pytest.raises(TableError, match="not legal|no legal"):
        t.act(-2, version, [Action("attack", (attacker,)), Action("attack", (999_999,))])
    assert len(t.game.move_stack) == before and t.version == version
    with pytest.raises(TableError, match="moved on"):
        t.act(-2, version - 1, [Action("done")])


def test_why_not_names_the_rule():
    t = new_table({"decks": DECKS, "agents": ["human", "heuristic"], "seed": 8})
    t.act(0, t.version, [Action("keep")])
    s = t.game.peek()
    why = {s.objs[i].card.name: t.why_not(0, i) for i in s.players[0].hand}
    assert any(re.search(r"CR \d{3}\.\d+", w) for w in why.values()), why
    assert t.why_not(0, s.players[1].hand[0]).startswith("not a card of yours")


def test_cross_site_requests_are_refused(client):
    table = new(client)
    with client.websocket_connect(f"/ws/tables/{table['table']}?seat=spectator",
                                  headers={"origin": "http://testserver"}) as ws:
        assert receive(ws)["type"] == "state"
    with pytest.raises(Exception):
        with client.websocket_connect(f"/ws/tables/{table['table']}?seat=spectator",
                                      headers={"origin": "http://evil.example"}) as ws:
            receive(ws)
    r = client.post("/api/judge", json={"yaml": "x"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    assert client.get("/api/meta", headers={"host": "rebound.example"}).status_code == 400


def test_socket_messages_are_bounded_in_size_and_rate(client):
    table = new(client)
    tid, token = table["table"], table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={token}") as ws:
        receive(ws)
        ws.send_text(json.dumps({"type": "why", "id": 1, "pad": "x" * MAX_SOCKET_MESSAGE}))
        assert "at most" in receive(ws)["message"]
        ws.send_text("[1, 2")
        assert receive(ws)["message"] == "a message is JSON"
        ws.send_text(json.dumps({"type": "act", "version": 0, "actions": [{"kind": "keep", "args": [{"a": 1}]}]}))
        assert "args" in receive(ws)["message"]
        replies = []
        for _ in range(60):
            ws.send_text(json.dumps({"type": "why", "id": 1}))
        for _ in range(60):
            replies.append(receive(ws))
        assert any("too many messages" in r.get("message", "") for r in replies)


def test_uploads_are_checked_as_on_the_command_line(client):
    r = client.post("/api/replays", content=b'{"state": {}, "answers": []}',
                    headers={"content-type": "application/octet-stream"})
    assert r.status_code == 400 and r.json()["error"].startswith("$")
    r = client.post("/api/replays", content=b"\xff\xfe not json", headers={"content-type": "application/octet-stream"})
    assert "not valid JSON" in r.json()["error"]
    big = b"x" * 70_000
    r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "larger" in r.json()["error"]
    r = client.post("/api/tables", json={"decks": ["../../etc/passwd", "azorius-skies"], "agents": ["human", "human"]})
    assert r.status_code == 400 and "bundled deck names" in r.json()["error"]


def test_no_file_is_read_from_a_path_the_client_names(client):
    assert client.get("/api/scenarios/cancel").json()["yaml"].startswith(("name", "#"))
    for name in ("..%2FREADME", "..%2F..%2Fpyproject", "%2Fetc%2Fpasswd"):
        assert client.get(f"/api/scenarios/{name}").status_code == 404


def test_a_save_replays_forward_and_back(client):
    game = Game.new(*DECKS, seed=4)
    for _ in range(30):
        game.push(next(a for a in game.legal_actions() if a.kind in ("keep", "pass", "play", "done", "autopay")))
    r = client.post("/api/replays", content=game.to_json().encode(),
                    headers={"content-type": "application/octet-stream"}).json()
    assert r["steps"] > 10
    first = client.get(f"/api/replays/{r['replay']}/0").json()
    later = client.get(f"/api/replays/{r['replay']}/{r['steps'] - 1}?seat=0").json()
    assert first["board"]["turn"] == game.turn and later["result"] is not None
    assert "hand" in later["board"]["players"][0] and "hand" not in later["board"]["players"][1]
    assert client.get(f"/api/replays/{r['replay']}/{r['steps']}").status_code == 404


def test_judge_reports_expectations_and_places_errors(client):
    text = (ROOT / "scenarios" / "cancel.yaml").read_text()
    r = client.post("/api/judge", json={"yaml": text}).json()
    assert r["status"] == "pass" and r["expectations"] and all(e["passed"] for e in r["expectations"])
    assert any(item.get("rules") for item in r["log"])
    cards = {c["name"]: c for c in r["cards"]}       # for card text on hover in the narrated log
    assert set(cards) == {"Grizzly Bears", "Cancel", "Forest", "Island"}
    assert cards["Cancel"]["text"] == "Counter target spell." and cards["Grizzly Bears"]["printed_pt"] == "2/2"
    broken = text.replace("hand: [Cancel]", "hand: [Cancle]")
    r = client.post("/api/judge", json={"yaml": broken, "check_only": True}).json()
    assert not r["ok"] and any("Cancle" in e["reason"] and e["line"] for e in r["errors"])
    r = client.post("/api/judge", json={"yaml": broken}).json()
    assert r["status"] == "error" and r["error"]["errors"][0]["line"]
    assert "tmp" not in json.dumps(r)           # the server's temporary path never shows


def test_rules_search_rule_and_glossary(client):
    r = client.get("/api/rules/search", params={"q": "can I respond to a mana ability?"})
    if r.status_code != 200 and "can't be read" in r.json()["error"]:
        pytest.skip("no rules text")
    assert any(h["ref"].startswith("605") for h in r.json()["results"])
    rule = client.get("/api/rules/rule/702.19").json()
    assert any(s["number"] == "702.19b" for s in rule["subrules"])
    assert rule["engine"] and rule["engine_count"] >= len(rule["engine"])
    assert client.get("/api/rules/glossary", params={"term": "mana ability"}).json()["term"].lower() == "mana ability"
    assert client.get("/api/rules/rule/999.99").status_code == 400
    assert client.get("/api/rules/search", params={"q": "x" * 301}).status_code == 400


def test_a_decision_round_trip_is_fast():
    """Server CPU for one answer at a mid-game board (hot-seat, so no agent's thinking is
    counted): pushing it and building the messages of both seats."""
    t = _attack_ready(seed=8)
    for _ in range(40):                                  # on into the game: a fuller board
        d = t.game.pending
        pick = next((a for a in d.options if a.kind in ("play", "keep")), None) \
            or next((a for a in d.options if a.kind == "cast"), None) \
            or next((a for a in d.options if a.kind in ("pass", "done", "autopay")), d.options[0])
        t.act(-2, t.version, [pick])
    board = len(t.game.peek().battlefield)
    assert board >= 8
    costs = []
    for _ in range(15):
        d = t.game.pending
        pick = next((a for a in d.options if a.kind in ("pass", "done", "autopay")), d.options[0])
        start = time.process_time()
        t.act(-2, t.version, [pick])
        for seat in (0, 1, present.SPECTATOR):
            json.dumps(t.message(seat, 0))
        costs.append(time.process_time() - start)
    costs.sort()
    print(f"turn {t.game.turn}, {board} permanents; round trip CPU: median {costs[len(costs) // 2] * 1000:.1f} ms, max {costs[-1] * 1000:.1f} ms")
    assert costs[len(costs) // 2] < 0.05


def test_serve_warns_when_exposed(monkeypatch):
    calls = []
    monkeypatch.setattr(cli_serve.uvicorn, "run", lambda app, **kw: calls.append(kw))
    r = CliRunner().invoke(cli_serve.serve, ["--host", "0.0.0.0", "--port", "9"])
    assert r.exit_code == 0 and "Warning" in r.output and calls[0]["host"] == "0.0.0.0"
    r = CliRunner().invoke(cli_serve.serve, [])
    assert "Warning" not in r.output and calls[1]["host"] == "127.0.0.1"


def test_serve_stops_cleanly_on_ctrl_c():
    proc = subprocess.Popen([sys.executable, "-m", "manastack", "serve", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert "manastack web table on http://127.0.0.1:" in line
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()


# ----------------------------------------------------------------------------- several opponents


def _four_player_attack() -> Table:
    """A four-player free-for-all (seat 1 a person, the others the heuristic agent) played
    until the person may declare attackers."""
    t = new_table({"decks": ["gruul-stompy", "azorius-skies", "mono-green", "red-green"],
                   "agents": ["human", "heuristic", "heuristic", "heuristic"], "seed": 8})
    for _ in range(400):
        d = t.game.pending
        if d.kind == "attackers" and any(a.kind == "attack" for a in d.options):
            return t
        objs = t.game.peek().objs
        pick = next((a for a in d.options if a.kind in ("keep", "play")), None) \
            or next((a for a in d.options if a.kind == "cast" and "Creature" in objs[a.args[0]].card.types), None) \
            or next((a for a in d.options if a.kind in ("pass", "done", "autopay")), d.options[0])
        t.act(0, t.version, [pick])
    raise AssertionError("no attack came")


def test_attackers_go_at_the_opponent_chosen_and_a_closing_done_is_dropped():
    """CR 508.1a, 802.1: the person's creature attacks the last opponent, named in the action.
    It was the only creature able to attack, so the declaration ended with it (CR 508.1); the
    "done" the page sends after the attackers is dropped, not refused."""
    t = _four_player_attack()
    d = t.game.pending
    attacks = [a for a in d.options if a.kind == "attack"]
    assert {a.args[1] for a in attacks} == {"p1", "p2", "p3"}
    assert len({a.args[0] for a in attacks}) == 1
    chosen = next(a for a in attacks if a.args[1] == "p3")
    t.act(0, t.version, [chosen, Action("done")])
    s = t.game.peek()
    line = next(e for e in reversed(t.game.log) if " attacks " in e.text and " with " in e.text)
    assert line.text.startswith(f"{s.players[0].name} attacks {s.players[3].name} with {s.objs[chosen.args[0]].card.name}")
    assert "508.1" in line.rules


# ----------------------------------------------------------------------------- saves


def test_a_save_is_downloaded_by_a_lone_person_or_hot_seat_only(client):
    """The save holds every hidden card: refused to a spectator, to a wrong token, and at a
    table with two people in separate seats; given to the person who plays against agents, and
    it loads (Game.from_json) as the game it is."""
    t = new(client)
    url = f"/api/tables/{t['table']}/save"
    token = t["seats"][0]["token"]
    r = client.get(f"{url}?seat=0&token={token}")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    table = client.app.state.web.tables.get(t["table"])
    assert Game.from_json(r.content).to_json() == table.game.to_json()
    assert client.get(f"{url}?seat=spectator").status_code == 403
    assert "token" in client.get(f"{url}?seat=0&token=wrong").json()["error"]
    assert client.get("/api/tables/nope/save?seat=0&token=x").status_code == 404
    two = new(client, agents=("human", "human"))
    refused = client.get(f"/api/tables/{two['table']}/save?seat=1&token={two['seats'][1]['token']}")
    assert refused.status_code == 403 and "no other person" in refused.json()["error"]
    hot = client.get(f"/api/tables/{two['table']}/save?seat=hotseat&token={two['seats'][0]['token']}")
    assert hot.status_code == 200


def test_a_save_is_played_on_at_a_new_table(client):
    game = Game.new(*DECKS, seed=4)
    for _ in range(12):
        game.push(next(a for a in game.legal_actions() if a.kind in ("keep", "pass", "play", "done", "autopay")))
    r = client.post("/api/tables/load?others=heuristic", content=game.to_json().encode(),
                    headers={"content-type": "application/octet-stream"})
    assert r.status_code == 200, r.text
    table = client.app.state.web.tables.get(r.json()["table"])
    assert [s.spec for s in table.seats] == ["human", "heuristic"]
    assert table.game.peek().turn >= game.turn and table.game.pending.player == 0
    hot = client.post("/api/tables/load?others=human", content=game.to_json().encode(),
                      headers={"content-type": "application/octet-stream"}).json()
    assert len(hot["seats"]) == 2
    before = len(client.app.state.web.tables._tables)
    bad = client.post("/api/tables/load", content=b'{"state": {}, "answers": []}',
                      headers={"content-type": "application/octet-stream"})
    assert bad.status_code == 400 and bad.json()["error"].startswith("$")
    agent = client.post("/api/tables/load?others=wizard", content=game.to_json().encode(),
                        headers={"content-type": "application/octet-stream"})
    assert agent.status_code == 400 and "agent of seat 1" in agent.json()["error"]
    assert len(client.app.state.web.tables._tables) == before


# ----------------------------------------------------------------------------- Commander


def test_commander_tables_need_the_corpus_and_their_own_decks(client):
    """Without a card file the Commander decks can't be dealt: the error says how to start the
    server. A normal deck isn't a Commander deck, nor a bad format a format. Nothing is made."""
    before = len(client.app.state.web.tables._tables)
    r = client.post("/api/tables", json={"format": "commander", "decks": ["commander-ayula", "commander-radha"],
                                         "agents": ["human", "heuristic"]})
    assert r.status_code == 400 and "manastack serve --cards" in r.json()["error"]
    r = client.post("/api/tables", json={"format": "commander", "decks": DECKS, "agents": ["human", "heuristic"]})
    assert r.status_code == 400 and "commander-ayula" in r.json()["error"]
    r = client.post("/api/tables", json={"format": "brawl", "decks": DECKS, "agents": ["human", "heuristic"]})
    assert r.status_code == 400 and "format: one of normal, commander" in r.json()["error"]
    assert len(client.app.state.web.tables._tables) == before
    meta = client.get("/api/meta").json()
    assert meta["formats"] == ["normal", "commander"] and meta["corpus"] is False
    assert "commander-ayula" in meta["commander_decks"]


def test_a_commander_table_shows_command_zones_tax_and_damage(corpus_db):
    """CR 903.6-903.8, 903.10a: a Commander table of three sends every seat (and spectators)
    each player's commander in the command zone with its tax, their commander damage, 40 life;
    the commander is cast from there like a card in hand, and when it dies its owner answers
    the CR 903.9a choice; back in the command zone it costs {2} more."""
    t = new_table({"format": "commander", "decks": ["commander-ayula", "commander-isperia", "commander-radha"],
                   "agents": ["human", "heuristic", "heuristic"], "seed": 3}, corpus_db)
    for viewer in (0, present.SPECTATOR):
        board = t.message(viewer, 0)["board"]
        assert [p["life"] for p in board["players"]] == [40, 40, 40]
        zones = [[(o["name"], o["commander"], o["tax"]) for o in p["command_zone"]] for p in board["players"]]
        assert zones == [[("Ayula, Queen Among Bears", True, 0)], [("Isperia, Supreme Judge", True, 0)],
                         [("Radha, Heir to Keld", True, 0)]]
        assert all(p["commander_damage"] == [] for p in board["players"])
    assert t.message(0, 0)["format"] == "commander"
    ayula = t.message(0, 0)["board"]["players"][0]["command_zone"][0]["id"]
    t.act(0, t.version, [Action("keep")])
    why = t.why_not(0, ayula)           # no land yet: the commander can't be paid for
    assert "can't pay {1}{G}" in why and "601.2g" in why, why
    for _ in range(300):
        d = t.game.pending
        cast = next((a for a in d.options if a.kind == "cast" and a.args[0] == ayula), None)
        if cast is not None:
            t.act(0, t.version, [cast])
            break
        pick = next((a for a in d.options if a.kind in ("keep", "play")), None) \
            or next((a for a in d.options if a.kind in ("pass", "done", "autopay")), d.options[0])
        t.act(0, t.version, [pick])
    else:
        raise AssertionError("Ayula was never castable from the command zone")
    assert any("casts Ayula, Queen Among Bears" in e.text for e in t.game.log)
    me = t.message(0, 0)["board"]["players"][0]
    assert me["commander_casts"] == [["Ayula, Queen Among Bears", 1]] and me["command_zone"] == []
    d = t.game.pending           # an opponent killed it at once: the 903.9a choice, a decision like any
    assert (d.player, d.kind, "903.9a" in d.prompt) == (0, "may", True)
    t.act(0, t.version, [next(a for a in d.options if a.kind == "yes")])
    zone = t.message(0, 0)["board"]["players"][0]["command_zone"]
    assert [(o["name"], o["tax"]) for o in zone] == [("Ayula, Queen Among Bears", 2)]


def test_serve_deals_from_the_cards_it_is_given(monkeypatch, corpus_path):
    calls = []
    monkeypatch.setattr(cli_serve.uvicorn, "run", lambda app, **kw: calls.append(app))
    r = CliRunner().invoke(cli_serve.serve, ["--cards", str(corpus_path)])
    assert r.exit_code == 0, r.output
    assert calls[0].state.web.cards.get("Ayula, Queen Among Bears") is not None
    r = CliRunner().invoke(cli_serve.serve, ["--cards", "no-such-file.json"])
    assert r.exit_code != 0 and "no-such-file.json" in r.output and "Traceback" not in r.output


def test_a_simulated_game_of_three_to_watch_and_the_commander_decks_need_cards(client):
    r = client.post("/api/replays", json={"seed": 5, "decks": ["gruul-stompy", "azorius-skies", "mono-green"],
                                          "agents": ["first", "first", "first"]})
    assert r.status_code == 200 and r.json()["seats"] == 3
    r = client.post("/api/replays", json={"seed": 5, "format": "commander", "agents": ["first", "first"],
                                          "decks": ["commander-ayula", "commander-radha"]})
    assert r.status_code == 400 and "manastack serve --cards" in r.json()["error"]
    r = client.post("/api/replays", json={"seed": 5, "format": "commander", "agents": ["first", "first"], "decks": DECKS})
    assert r.status_code == 400 and "commander-ayula" in r.json()["error"]


def test_auto_pass_settings_change_during_the_game(client):
    """A person changes their stops and payment at the table: for their seat only, checked as
    at the start (a bad step changes nothing), never by a spectator."""
    t = new(client, agents=("human", "human"))
    seat0, seat1 = t["seats"]
    with client.websocket_connect(f"/ws/tables/{t['table']}?seat=0&token={seat0['token']}") as ws:
        m = state_of(ws)
        assert m["settings"] == {"stops": [], "pay_by_hand": False}
        ws.send_text(json.dumps({"type": "settings", "stops": ["upkeep", "end"], "pay_by_hand": True}))
        m = state_of(ws)
        assert m["settings"] == {"stops": ["upkeep", "end"], "pay_by_hand": True}
        ws.send_text(json.dumps({"type": "settings", "stops": ["teatime"]}))
        reply = receive(ws)
        assert reply["type"] == "error" and "stops: a list of steps" in reply["message"]
    table = client.app.state.web.tables.get(t["table"])
    assert table.settings_of(0).stops == frozenset({"upkeep", "end"}) and table.settings_of(0).pay_by_hand
    assert table.settings_of(1).stops == frozenset() and not table.settings_of(1).pay_by_hand
    with client.websocket_connect(f"/ws/tables/{t['table']}?seat=spectator") as ws:
        assert state_of(ws)["settings"] is None
        ws.send_text(json.dumps({"type": "settings", "stops": []}))
        assert "spectator" in receive(ws)["message"]
