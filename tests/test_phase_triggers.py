"""Abilities that trigger "at the beginning of" a step or phase (CR 503-513, 603.2), and the
effects they bring: winning the game (CR 104.2b), mana added as a main phase begins."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, names, resolve, stack_labels


def test_win_the_game_at_upkeep(corpus_db):
    """Felidar Sovereign: Alice has 40 life as her upkeep begins, so the ability triggers and,
    with 40 life still as it resolves (CR 603.4), she wins the game (CR 104.2b)."""
    [_, _, trig] = corpus_db.get("Felidar Sovereign").abilities
    assert trig.effects == (ir.WinGame(),)
    g = board(corpus_db, """
  - name: Alice
    life: 40
    library: [Island, Island]
    battlefield: [Felidar Sovereign]
  - name: Bob
""", turn=3, step="untap")
    assert stack_labels(g) == ["Felidar Sovereign's ability"]
    resolve(g)
    assert g.result is not None and g.result.winner == 0


def test_win_condition_checked_again_on_resolution(corpus_db):
    """Test of Endurance: Alice has 50 life as her upkeep begins, but loses 3 to a Lightning
    Bolt before the ability resolves; the "if" no longer holds, so she doesn't win (CR 603.4)."""
    g = board(corpus_db, """
  - name: Alice
    life: 50
    library: [Island, Island]
    battlefield: [Test of Endurance]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3, step="untap")
    assert stack_labels(g) == ["Test of Endurance's ability"]
    g.push(Action("pass"))                      # Alice passes; Bob casts Lightning Bolt at her
    bolt = next(a for a in g.legal_actions() if a.label.startswith("cast Lightning Bolt"))
    g.push(bolt)
    while g.pending.kind != "priority":
        g.push(next((a for a in g.legal_actions() if "Alice" in a.label), Action("autopay")))
    resolve(g)                                  # the Bolt
    assert g.current_state().players[0].life == 47
    resolve(g)                                  # the trigger: 47 < 50
    assert g.result is None


def test_no_trigger_below_the_life(corpus_db):
    """Felidar Sovereign with 39 life: the intervening "if" doesn't hold as the upkeep begins,
    so nothing triggers (CR 603.4)."""
    g = board(corpus_db, """
  - name: Alice
    life: 39
    library: [Island, Island]
    battlefield: [Felidar Sovereign]
  - name: Bob
""", turn=3, step="untap")
    assert stack_labels(g) == []


def test_each_players_precombat_main_phase_adds_mana(corpus_db):
    """Eladamri's Vineyard: as Bob's precombat main phase begins (CR 505.1a), the ability
    triggers; "that player" is Bob, the active player, who gets {G}{G} (CR 106.4)."""
    [trig] = corpus_db.get("Eladamri's Vineyard").abilities
    assert trig.trigger == ir.Trigger("beginning_of_step", step="main1", whose="any")
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Eladamri's Vineyard]
  - name: Bob
    library: [Island, Island]
""", turn=4, step="draw", active="Bob")
    assert g.current_state().active == 1
    resolve(g)                                  # Bob's draw step ends
    s = g.current_state()
    assert s.step == "main1" and stack_labels(g) == ["Eladamri's Vineyard's ability"]
    resolve(g)
    s = g.current_state()
    assert s.players[1].pool.get("G", 0) == 2 and not any(s.players[0].pool.values())


def test_mana_for_each_counter_in_your_main_phase(corpus_db):
    """Altar of Shadows with two charge counters adds {B}{B} as Alice's precombat main phase
    begins; in Bob's it doesn't trigger ("your")."""
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Altar of Shadows, counters: {charge: 2}}]
  - name: Bob
""", turn=3, step="draw")
    resolve(g)
    assert stack_labels(g) == ["Altar of Shadows' ability"]
    resolve(g)
    assert g.current_state().players[0].pool.get("B", 0) == 2
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Altar of Shadows, counters: {charge: 2}}]
  - name: Bob
    library: [Island, Island]
""", turn=4, step="draw", active="Bob")
    resolve(g)
    assert g.current_state().step == "main1" and stack_labels(g) == []


def test_each_combat_triggers_on_either_turn(corpus_db):
    """Stampede Rider: "each combat" is every beginning of combat step, Bob's too (CR 507);
    with Alice's Craw Wurm (power 6) the Rider gets +1/+1 until end of turn."""
    [_, trig] = corpus_db.get("Stampede Rider").abilities
    assert trig.trigger == ir.Trigger("beginning_of_step", step="beginning_of_combat", whose="each")
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Stampede Rider, Craw Wurm]
  - name: Bob
    library: [Island, Island]
""", turn=4, step="main1", active="Bob")
    resolve(g)                                  # Bob's main phase ends
    assert g.current_state().step == "beginning_of_combat"
    assert stack_labels(g) == ["Stampede Rider's ability"]
    resolve(g)
    s = g.current_state()
    [rider] = [o for o in s.permanents() if o.card.name == "Stampede Rider"]
    assert ch.power_toughness(s, rider) == (3, 4)


def test_each_other_players_draw_step(corpus_db):
    """Well of Ideas: in Bob's draw step, Bob ("that player") draws an additional card after
    his normal draw; in Alice's own draw step her other ability has her draw two more."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Well of Ideas]
  - name: Bob
    library: [Island, Island, Island]
""", turn=4, step="upkeep", active="Bob")
    resolve(g)
    assert g.current_state().step == "draw" and len(names(g, 1, "hand")) == 1
    assert stack_labels(g) == ["Well of Ideas' ability"]
    resolve(g)
    assert len(names(g, 1, "hand")) == 2 and names(g, 0, "hand") == []
