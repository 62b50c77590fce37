"""Abilities that trigger "at the beginning of" a step or phase (CR 503-513, 603.2), and the
effects they bring: winning the game (CR 104.2b), mana added as a main phase begins."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, on_battlefield, pass_until, pick, resolve, stack_labels


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


def test_damage_for_cards_in_hand_beyond_four(corpus_db):
    """Iron Maiden: at Bob's upkeep, X is the number of cards in his hand minus 4; with six
    cards he is dealt 2 damage."""
    [trig] = corpus_db.get("Iron Maiden").abilities
    assert trig.effects[0].amount == ir.Minus(ir.CountPerPlayer(ir.Filter(zone="hand")), 4)
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Iron Maiden]
  - name: Bob
    hand: [Island, Island, Island, Island, Island, Island]
    library: [Island, Island]
""", turn=4, step="untap", active="Bob")
    assert stack_labels(g) == ["Iron Maiden's ability"]
    resolve(g)
    assert g.current_state().players[1].life == 18


def test_a_negative_difference_is_no_damage(corpus_db):
    """Iron Maiden with three cards in Bob's hand: 3 minus 4 is negative, so 0 is used
    (CR 107.1b) and Bob is dealt no damage."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Iron Maiden]
  - name: Bob
    hand: [Island, Island, Island]
    library: [Island, Island]
""", turn=4, step="untap", active="Bob")
    resolve(g)
    assert g.current_state().players[1].life == 20


def test_number_minus_cards_in_that_players_hand(corpus_db):
    """Storm World: at each player's upkeep, 4 minus the cards in that player's hand. Alice, the
    active player, holds one card: she is dealt 3 damage, and Bob's five cards don't count."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Island]
    library: [Island, Island]
    battlefield: [Storm World]
  - name: Bob
    hand: [Island, Island, Island, Island, Island]
""", turn=3, step="untap")
    assert stack_labels(g) == ["Storm World's ability"]
    resolve(g)
    s = g.current_state()
    assert (s.players[0].life, s.players[1].life) == (17, 20)


def test_gain_life_for_cards_in_hand_beyond_four(corpus_db):
    """Ivory Tower: Alice has seven cards in hand at her upkeep and gains 3 life."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Island, Island, Island, Island, Island, Island, Island]
    library: [Island, Island]
    battlefield: [Ivory Tower]
  - name: Bob
""", turn=3, step="untap")
    resolve(g)
    assert g.current_state().players[0].life == 23


def test_upkeep_or_cast_trigger(corpus_db):
    """Shrine of Boundless Growth: a charge counter at Alice's upkeep, and another when she
    casts a green spell (either trigger condition, CR 603.2); a red spell adds none."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Giant Growth, Shock]
    library: [Island, Island]
    battlefield: [Shrine of Boundless Growth, Forest, Mountain, Grizzly Bears]
  - name: Bob
""", turn=3, step="untap")
    assert stack_labels(g) == ["Shrine of Boundless Growth's ability"]
    resolve(g)
    [shrine] = on_battlefield(g, "Shrine of Boundless Growth")
    assert shrine.counters == {"charge": 1}
    cast_and_pay(g, "cast Giant Growth", "Grizzly Bears")
    assert len(stack_labels(g)) == 2 and "Shrine of Boundless Growth's ability" in stack_labels(g)
    resolve(g)                                  # the trigger, above the spell (CR 601.2i, 603.3)
    [shrine] = on_battlefield(g, "Shrine of Boundless Growth")
    assert shrine.counters == {"charge": 2}
    cast_and_pay(g, "cast Shock", "Bob")
    assert len(stack_labels(g)) == 2            # Giant Growth and Shock: nothing triggered


def test_double_the_counters_at_upkeep(corpus_db):
    """Primordial Hydra with three +1/+1 counters: at Alice's upkeep it gets three more
    (CR 701.10e)."""
    [trig] = [a for a in corpus_db.get("Primordial Hydra").abilities if isinstance(a, ir.TriggeredAbility)]
    assert trig.effects == (ir.DoubleCounters(ir.Ref("self"), "+1/+1"),)
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Primordial Hydra, counters: {+1/+1: 3}}]
  - name: Bob
""", turn=3, step="untap")
    resolve(g)
    [hydra] = on_battlefield(g, "Primordial Hydra")
    assert hydra.counters == {"+1/+1": 6}


def test_doubling_puts_counters_that_replacements_see(corpus_db):
    """Doubling puts counters on the creature (CR 701.10e, 122.6), so Hardened Scales adds one
    more: two counters become 2 + 2 + 1 = 5."""
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Primordial Hydra, counters: {+1/+1: 2}}, Hardened Scales]
  - name: Bob
""", turn=3, step="untap")
    resolve(g)
    [hydra] = on_battlefield(g, "Primordial Hydra")
    assert hydra.counters == {"+1/+1": 5}


def test_double_counters_on_each_creature_you_control(corpus_db):
    """Kalonian Hydra attacks: each creature Alice controls doubles its +1/+1 counters; one with
    none gets none, and Bob's creature keeps its counter."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Kalonian Hydra, counters: {+1/+1: 4}}, {card: Grizzly Bears, counters: {+1/+1: 1}}, Llanowar Elves]
  - name: Bob
    battlefield: [{card: Hill Giant, counters: {+1/+1: 1}}]
""", turn=3, step="main1")
    pass_until(g, "attackers")
    pick(g, "attack with Kalonian Hydra")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.kind in ("done", "confirm", "declare")))
    assert stack_labels(g) == ["Kalonian Hydra's ability"]
    resolve(g)
    counters = {o.card.name: o.counters for o in g.current_state().permanents()}
    assert counters["Kalonian Hydra"] == {"+1/+1": 8} and counters["Grizzly Bears"] == {"+1/+1": 2}
    assert not counters["Llanowar Elves"] and counters["Hill Giant"] == {"+1/+1": 1}


def _carnophage(corpus_db, life: int = 20):
    return board(corpus_db, f"""
  - name: Alice
    life: {life}
    library: [Island, Island]
    battlefield: [Carnophage]
  - name: Bob
""", turn=3, step="untap")


def test_tap_unless_you_pay_life(corpus_db):
    """Carnophage at Alice's upkeep: she pays 1 life and it stays untapped; or she doesn't and
    it becomes tapped (CR 118.12)."""
    [trig] = [a for a in corpus_db.get("Carnophage").abilities if isinstance(a, ir.TriggeredAbility)]
    assert trig.effects == (ir.UnlessPays((ir.Tap(ir.Ref("self")),), ir.Cost(parts=(ir.PayLifeCost(1),))),)
    g = _carnophage(corpus_db)
    resolve(g)
    assert g.pending.kind == "unless" and g.pending.player == 0
    pick(g, "pay 1 life")
    [carno] = on_battlefield(g, "Carnophage")
    assert not carno.tapped and g.current_state().players[0].life == 19
    g = _carnophage(corpus_db)
    resolve(g)
    pick(g, "don't pay")
    [carno] = on_battlefield(g, "Carnophage")
    assert carno.tapped and g.current_state().players[0].life == 20


def test_tap_unless_you_sacrifice_another_creature(corpus_db):
    """Apocalypse Demon (a 2/2 with two cards in Alice's graveyard): Alice sacrifices Grizzly
    Bears, another creature, and the Demon stays untapped; the Demon itself is never offered."""
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    graveyard: [Island, Island]
    battlefield: [Apocalypse Demon, Grizzly Bears]
  - name: Bob
""", turn=3, step="untap")
    resolve(g)
    assert g.pending.kind == "unless"
    pick(g, "sacrifice")
    while g.pending.kind != "priority":
        assert all("Apocalypse Demon" not in a.label for a in g.legal_actions())
        pick(g, "Grizzly Bears")
    [demon] = on_battlefield(g, "Apocalypse Demon")
    assert not demon.tapped and names(g, 0, "graveyard") == ["Grizzly Bears", "Island", "Island"]


def test_reveal_top_card_to_hand_and_lose_its_mana_value(corpus_db):
    """Dark Confidant at Alice's upkeep: she reveals Shivan Dragon (mana value 6), puts it into
    her hand and loses 6 life (CR 701.20a)."""
    [trig] = corpus_db.get("Dark Confidant").abilities
    assert trig.effects == (ir.RevealTopToHand(),
                            ir.LoseLife(ir.StatOf(ir.Ref(ir.REVEALED), "mana_value")))
    g = board(corpus_db, """
  - name: Alice
    library: [Shivan Dragon, Island]
    battlefield: [Dark Confidant]
  - name: Bob
""", turn=3, step="untap")
    resolve(g)
    s = g.current_state()
    assert names(g, 0, "hand") == ["Shivan Dragon"] and s.players[0].life == 14
    assert any("reveals Shivan Dragon" in e.text and "701.20a" in e.rules for e in s.log_entries())


def test_reveal_from_an_empty_library(corpus_db):
    """Dark Confidant with no library: nothing is revealed and no life is lost."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Dark Confidant]
  - name: Bob
""", turn=3, step="untap")
    resolve(g)
    assert g.current_state().players[0].life == 20 and names(g, 0, "hand") == []


def test_that_player_sacrifices_a_monocolored_creature(corpus_db):
    """Defiler of Souls at Bob's upkeep: Bob sacrifices a monocolored creature (CR 105.2a); his
    multicolored and colorless creatures can't be chosen, so Grizzly Bears goes."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Defiler of Souls]
  - name: Bob
    library: [Island, Island]
    battlefield: [Grizzly Bears, Watchwolf, Ornithopter]
""", turn=4, step="untap", active="Bob")
    assert stack_labels(g) == ["Defiler of Souls' ability"]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]
    assert sorted(o.card.name for o in g.current_state().permanents(1)) == ["Ornithopter", "Watchwolf"]


def test_may_move_a_counter_onto_self_at_upkeep(corpus_db):
    """Arcbound Fiend at Alice's upkeep targets Bob's Hill Giant; she says yes and one +1/+1
    counter leaves the Giant for the Fiend (CR 122.5)."""
    [trig] = [a for a in corpus_db.get("Arcbound Fiend").abilities if isinstance(a, ir.TriggeredAbility)]
    assert trig.effects == (ir.May((ir.MoveCounter(ir.Target(0), ir.Ref("self"), "+1/+1"),)),)
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [{card: Arcbound Fiend, counters: {+1/+1: 3}}]
  - name: Bob
    battlefield: [{card: Hill Giant, counters: {+1/+1: 2}}]
""", turn=3, step="untap")
    pick(g, "target Hill Giant")
    resolve(g)
    pick(g, "yes")
    counters = {o.card.name: o.counters for o in g.current_state().permanents()}
    assert counters == {"Arcbound Fiend": {"+1/+1": 4}, "Hill Giant": {"+1/+1": 1}}


def test_that_player_returns_a_creature_they_control(corpus_db):
    """Sunken Hope at Bob's upkeep: Bob chooses one of the creatures he controls (nothing is
    targeted; Alice's Grizzly Bears isn't offered). He picks Shivan Dragon, which Alice owns,
    and it goes to Alice's hand (CR 400.3)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Sunken Hope, Grizzly Bears]
  - name: Bob
    library: [Island, Island]
    battlefield: [Hill Giant, {card: Shivan Dragon, owner: Alice}]
""", turn=4, step="untap", active="Bob")
    assert stack_labels(g) == ["Sunken Hope's ability"]
    resolve(g)
    assert g.pending.kind == "choose_permanent" and g.pending.player == 1
    assert sorted(a.label for a in g.legal_actions()) == ["Hill Giant", "Shivan Dragon"]
    pick(g, "Shivan Dragon")
    assert names(g, 0, "hand") == ["Shivan Dragon"] and names(g, 1, "hand") == []
    assert sorted(o.card.name for o in g.current_state().permanents()) == ["Grizzly Bears", "Hill Giant", "Sunken Hope"]


def _umbilicus(corpus_db):
    return board(corpus_db, """
  - name: Alice
    battlefield: [Umbilicus]
  - name: Bob
    library: [Island, Island]
    battlefield: [Hill Giant]
""", turn=4, step="untap", active="Bob")


def test_that_player_pays_life_or_returns_a_permanent(corpus_db):
    """Umbilicus at Bob's upkeep: Bob, not Alice, chooses whether to pay 2 life (CR 118.12). He
    pays, and keeps his Hill Giant; the next time he doesn't, and returns it to his hand."""
    g = _umbilicus(corpus_db)
    resolve(g)
    assert g.pending.kind == "unless" and g.pending.player == 1
    pick(g, "pay 2 life")
    assert g.current_state().players[1].life == 18 and on_battlefield(g, "Hill Giant")
    g = _umbilicus(corpus_db)
    resolve(g)
    pick(g, "don't")
    assert g.current_state().players[1].life == 20 and names(g, 1, "hand") == ["Hill Giant"]
