"""Turn structure (CR 500-514) and starting the game (CR 103), read from real games' logs."""
from __future__ import annotations

from manastack import FirstLegalAgent, Game, RandomAgent, play_out
from manastack.scenario import Scenario
from manastack.engine.turn import STEPS
from manastack.oracle import ir as oracle_ir

from . import game_helpers


def _played(seed: int, agents) -> Game:
    game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
    play_out(game, agents)
    return game


def test_steps_come_in_order_every_turn():
    game = _played(4, [RandomAgent(1), RandomAgent(2)])
    by_turn: dict[int, list[str]] = {}
    for e in game.log:
        steps = by_turn.setdefault(e.turn, [])
        if not steps or steps[-1] != e.step:
            steps.append(e.step)
    for turn, steps in by_turn.items():
        if turn == 0:
            continue
        order = [STEPS.index(s) for s in steps]
        assert order == sorted(order), (turn, steps)
        assert steps[0] == "untap"


def test_first_player_skips_the_first_draw_and_the_second_draws():
    game = _played(5, [FirstLegalAgent(), FirstLegalAgent()])
    turn1 = [e.text for e in game.log if e.turn == 1 and e.step == "draw"]
    turn2 = [e.text for e in game.log if e.turn == 2 and e.step == "draw"]
    assert any("skips the first draw" in t for t in turn1)          # CR 103.8a
    assert any("draws a card" in t for t in turn2)                 # CR 504.1


def test_decking_ends_the_game():
    """Nobody attacks or casts with FirstLegalAgent-like passing: the game ends by CR 704.5b."""
    class Passer:
        def choose(self, game, decision):
            for o in decision.options:
                if o.kind in ("pass", "keep", "done"):
                    return o
            return decision.options[0]

    game = _played(6, [Passer(), Passer()])
    assert game.result is not None
    assert "drew from an empty library" in game.result.reason
    assert any("704.5b" in e.rules for e in game.log)


def test_unspent_mana_empties_between_steps():
    """CR 106.4 / 500.5: mana made with nothing to spend it on leaves at the end of the step."""
    class Tapper:
        def choose(self, game, decision):
            for kind in ("keep", "play", "mana", "done", "pass"):
                for o in decision.options:
                    if o.kind == kind:
                        return o
            return decision.options[0]

    game = Game.new("gruul-stompy", "azorius-skies", seed=8)
    agents = [Tapper(), Tapper()]
    for _ in range(400):
        game.push(agents[game.pending.player].choose(game, game.pending))
    assert any("106.4" in e.rules and "empties" in e.text for e in game.log)
    s = game.state
    if s.step not in ("main1", "main2"):
        assert all(not p.pool for p in s.players)


RHONAS = """
turn: 3
players:
  - name: Alice
    hand: [Rhonas's Last Stand, {card: Forest, id: late}]
    library: [{card: Forest, count: 5}]
    battlefield: [{card: Forest, id: f1}, {card: Forest, id: f2}]
  - name: Bob
    library: [{card: Island, count: 5}]
    battlefield: [{card: Island, id: i1, tapped: true}]
script:
  - cast: Rhonas's Last Stand
  - resolve
  - play: late
  - activate: late
expect:
  objects: {late: {tapped: true}, f1: {tapped: true}}
"""


def test_lands_you_control_dont_untap_covers_lands_that_arrive_later(corpus_db):
    """"Lands you control don't untap during your next untap step" changes a rule, not
    characteristics: it applies to the lands Alice controls in that untap step, the Forest played
    after the spell resolved too (CR 502.3, 611.2c). Bob's untap step is not hers; the effect is
    used up in hers and survives a save on the way."""
    run = Scenario.from_text(RHONAS, cards=corpus_db).run()
    assert run.passed
    game = Game.from_json(run.game.to_json(), cards=corpus_db)
    alice_lands = [o.id for o in game.state.permanents(0) if o.card.name == "Forest"]
    bob_land = next(o.id for o in game.state.permanents(1))

    def until(turn: int, step: str) -> None:
        while not (game.state.turn == turn and game.state.step == step):
            # pass priority; the Snake doesn't attack ("done" declaring no attackers)
            game.push(next(a for a in game.legal_actions() if a.kind in ("pass", "done")))

    until(4, "upkeep")
    assert not game.state.objs[bob_land].tapped
    until(5, "upkeep")
    assert all(game.state.objs[i].tapped for i in alice_lands)
    assert not any(e.kind == "skip_next_untap" for e in game.state.effects)
    until(7, "upkeep")
    assert not any(game.state.objs[i].tapped for i in alice_lands)


def test_frost_breath_keeps_both_targets_tapped_through_their_next_untap_step(db):
    """"Tap up to two target creatures. Those creatures don't untap during their controller's
    next untap step." (CR 502.3): "those creatures" are both targets."""
    effects = db.get("Frost Breath").abilities[0].effects
    assert effects == (oracle_ir.Tap(oracle_ir.Target(0)), oracle_ir.SkipNextUntap(oracle_ir.Target(0)))
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Frost Breath]
    battlefield: [Island, Island, Island]
    library: [Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears, Centaur Courser, Forest]
    library: [Forest, Forest]
""", turn=3)
    game_helpers.pick(g, "cast Frost Breath")
    wanted = ["Grizzly Bears", "Centaur Courser"]       # the two targets, then pay
    while g.pending.kind != "priority":
        actions = g.legal_actions()
        chosen = next((a for a in actions if wanted and wanted[0] in a.label), None)
        if chosen is not None:
            wanted.pop(0)
        g.push(chosen or next(a for a in actions if a.kind == "autopay"))
    assert wanted == []
    game_helpers.resolve(g)
    while g.current_state().active != 1 or g.current_state().step != "main1":
        g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    s = g.current_state()
    assert all(o.tapped for o in s.objs.values() if o.card.name in ("Grizzly Bears", "Centaur Courser"))
    assert not next(o for o in s.objs.values() if o.card.name == "Forest" and o.zone == "battlefield").tapped
