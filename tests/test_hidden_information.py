"""Hidden information stays hidden (CR 400.2): over random corpus games, nothing a player is
shown names a card in another player's hand or library that this player has no way to know.

At every decision, for every player ``v``, the check reads all that ``v`` is shown: the view
(``Game.view(v)``), every new log line (the log is public), and when the decision is ``v``'s,
its prompt and the labels of its options. A card name counts as secret for ``v`` when a card of
that name is now in another player's hand or library, and none of these holds:

- a card of that name has been in a public zone this game (battlefield face up, stack,
  graveyard, exile, command zone; CR 400.2), or
- a log line that says a card is revealed named it (CR 701.20a), or
- ``v``'s own deck has a card of that name (``v`` knows their own list, and the two are the
  same name), or the name is part of a name that is known.

A secret name in anything ``v`` is shown fails the test, with the seed, the decision and where.
The same runs with four players, and the RL observation of each of four players is checked to
stay the same when every hand and library they can't see is dealt again.
"""
from __future__ import annotations

import json
import re

import pytest

from manastack.agents import RandomAgent
from manastack.engine.decisions import DecisionKind
from manastack.engine.mechanics import morph
from manastack.fuzz import new_game

SEEDS = range(8)
MAX_ACTIONS = 500
PUBLIC_ZONES = ("graveyard", "exile", "command")


def _public_names(s) -> set[str]:
    names = set()
    for oid in s.battlefield:
        o = s.objs[oid]
        if not morph.is_face_down(o):
            names.add(o.card.name)
    for item in s.stack:
        o = s.objs.get(item.source)
        if o is not None and item.kind == "spell" and not morph.is_face_down(o):
            names.add(o.card.name)
    for p in s.players:
        for zone in PUBLIC_ZONES:
            names.update(s.objs[i].card.name for i in p.zone(zone))
    return names


def _hidden_names(s, owner: int) -> set[str]:
    p = s.players[owner]
    return {s.objs[i].card.name for i in p.hand + p.library}


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", text) is not None


def _secrets(hidden: set[str], known: set[str]) -> set[str]:
    return {n for n in hidden - known if not any(n in k for k in known)}


@pytest.mark.slow
@pytest.mark.parametrize("seed, players", [(seed, 2) for seed in SEEDS] + [(0, 3), (100, 4)])
def test_no_player_is_shown_another_players_hidden_cards(corpus_db, playable, seed, players):
    """Two-player games, and a three- and a four-player game (CR 400.2 holds for each pair of
    players: what one is shown never names another's hidden card)."""
    game = new_game(corpus_db, playable, seed, players)
    s = game.current_state()
    players = range(len(s.players))
    own = [set(_hidden_names(s, p)) for p in players]     # at the start every card is hidden
    known: set[str] = set()
    agents = [RandomAgent(seed * 7 + p) for p in players]
    log_seen = 0
    for step in range(MAX_ACTIONS):
        d = game.pending
        if d is None:
            break
        s = game.current_state()
        known |= _public_names(s)
        new_lines = [e.text for e in s.log_entries()[log_seen:]]
        log_seen += len(new_lines)
        for line in new_lines:
            # a revealed card is known to all; so is a name a player chooses, which is announced
            # and says nothing of where a card of that name is (Phyrexian Revoker, CR 201.3)
            if "reveal" in line or "chooses the card name" in line:
                known |= {n for p in players for n in _hidden_names(s, p) if _mentions(line, n)}
        for v in players:
            shown = [("view", json.dumps(game.view(v)))] + [("log", line) for line in new_lines]
            if d.player == v:
                shown += [("prompt", d.prompt)] + [("option", o.label) for o in d.options]
            for q in players:
                if q == v:
                    continue
                # v's own cards are names v knows: Bob's "Scarecrow" isn't shown by the name of
                # Alice's "Watchwing Scarecrow" in her own hand
                secret = _secrets(_hidden_names(s, q) - own[v], known | own[v])
                # a player searching another's library looks at every card in it (CR 701.23a):
                # the search's options name them to the searcher, and to no one else
                searched = d.player == v and d.kind == DecisionKind.SEARCH and \
                    f"{s.players[q].name}'s library" in d.prompt
                library = {s.objs[i].card.name for i in s.players[q].library} if searched else set()
                for where, text in shown:
                    allowed = library if where == "option" else set()
                    leaked = [n for n in secret - allowed if _mentions(text, n)]
                    assert not leaked, (f"seed {seed}, action {step}, {d.kind} decision of player "
                                        f"{d.player}: player {v} is shown {leaked} from player {q}'s "
                                        f"hand or library in the {where}: {text[:300]}")
        game.push(agents[d.player].choose(game, d))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [200, 201])
def test_four_players_rl_observations_show_nothing_hidden(corpus_db, playable, seed):
    """CR 400.2: each player's observation (``manastack.rl``) is the same in every world that
    differs only in what they can't see: the other players' hands and every library."""
    np = pytest.importorskip("numpy", reason="the rl extra is not installed")
    pytest.importorskip("gymnasium", reason="the rl extra is not installed")
    pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    from manastack.determinize import determinize
    from manastack.rl import observation
    game = new_game(corpus_db, playable, seed, 4)
    cards = observation.CardIndex(corpus_db)
    agents = [RandomAgent(seed * 7 + p) for p in range(4)]
    checked = 0
    for step in range(MAX_ACTIONS):
        d = game.pending
        if d is None:
            break
        if step % 25 == 0:
            s = game.current_state()
            for v in range(4):
                kind = d.kind if d.player == v else None
                seen = observation.observe(s, v, kind, cards)
                world = determinize(game, v, seed + step)
                if world is None:
                    continue
                again = observation.observe(world.current_state(), v, kind, cards)
                assert np.array_equal(seen, again), f"seed {seed}, action {step}: player {v}'s observation changed"
                checked += 1
        game.push(agents[d.player].choose(game, d))
    assert checked >= 20
