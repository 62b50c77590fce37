"""Conditions on the game state read once for an intervening "if" (CR 603.4), "as long as"
(CR 611.3a) and "Activate only if" (CR 602.5b): the parts added to that one reading."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, on_battlefield, stack_labels


def test_a_planeswalker_type_names_a_planeswalker(corpus_db):
    """CR 205.3j: "an Ajani planeswalker" is a planeswalker with that subtype. Ajani's Comrade's
    counter comes only while Alice controls one (CR 603.4), Court Cleric (a 1/1) gets +1/+1 likewise
    (CR 611.3a)."""
    ajani = ir.Filter(types=("Planeswalker",), subtypes=("Ajani",), controller="you")
    assert corpus_db.get("Ajani's Comrade").abilities[-1].condition == ir.YouControl((ajani,))

    def combat(ajani: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Ajani's Comrade, Court Cleric{ajani}]
  - name: Bob
""", turn=3)
        g.push(Action("pass"))
        g.push(Action("pass"))          # on to the beginning of combat (CR 507.1)
        return g

    g = combat(', "Ajani, Adversary of Tyrants"')
    assert stack_labels(g) == ["Ajani's Comrade's ability"]
    cleric = on_battlefield(g, "Court Cleric")[0]
    assert ch.power_toughness(g.current_state(), cleric) == (2, 2)
    g.push(Action("pass"))
    g.push(Action("pass"))
    comrade = on_battlefield(g, "Ajani's Comrade")[0]
    assert comrade.counters.get("+1/+1") == 1
    g = combat(', "Jace, Arcane Strategist"')      # another planeswalker type
    assert stack_labels(g) == []
    assert ch.power_toughness(g.current_state(), on_battlefield(g, "Court Cleric")[0]) == (1, 1)


def test_one_of_two_colors(corpus_db):
    """"a white or black permanent": a permanent of either color, or both (CR 105.2). Abzan
    Kin-Guard has lifelink beside Savannah Lions, not beside Grizzly Bears (a land is colorless,
    CR 105.2c)."""
    def kin_guard(other: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Abzan Kin-Guard, {other}, Plains, Swamp]
  - name: Bob
""", turn=3)
        return "lifelink" in ch.keywords(g.current_state(), on_battlefield(g, "Abzan Kin-Guard")[0])
    assert kin_guard("Savannah Lions") and kin_guard("Vampire Nighthawk")
    assert not kin_guard("Grizzly Bears")


def test_exactly_one_creature_and_plains_counted(corpus_db):
    """Demonic Rising's Demon needs exactly one creature at the end step (checked as it triggers
    and as it resolves, CR 603.4); "seven or more Plains" counts a subtype whose plural is itself."""
    def end_step(creatures: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Demonic Rising{creatures}]
  - name: Bob
""", turn=3, step="main2")
        g.push(Action("pass"))
        g.push(Action("pass"))          # on to the end step (CR 513.1)
        return g
    assert stack_labels(end_step("")) == []
    assert stack_labels(end_step(", Grizzly Bears, Savannah Lions")) == []
    g = end_step(", Grizzly Bears")
    assert stack_labels(g) == ["Demonic Rising's ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    [demon] = [o for o in g.current_state().objs.values() if o.zone == "battlefield" and o.is_token]
    assert "Demon" in demon.card.subtypes and "flying" in ch.keywords(g.current_state(), demon)
    emeria = corpus_db.get("Emeria, the Sky Ruin").abilities
    assert any(getattr(a, "condition", None) == ir.YouControl(
        (ir.Filter(subtypes=("Plains",), controller="you"),), at_least=7) for a in emeria)


def test_that_player_is_the_player_whose_upkeep_it_is(corpus_db):
    """Hellfire Mongrel: "if that player has two or fewer cards in hand" reads the hand of the
    opponent whose upkeep it is (CR 603.2, 603.4); with three cards, it doesn't trigger."""
    def upkeep(cards: int):
        return board(corpus_db, f"""
  - name: Alice
    battlefield: [Hellfire Mongrel]
  - name: Bob
    hand: [{{card: Island, count: {cards}}}]
    library: [Island, Island]
""", turn=4, active="Bob", step="untap")
    assert stack_labels(upkeep(3)) == []
    g = upkeep(2)
    assert stack_labels(g) == ["Hellfire Mongrel's ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().players[1].life == 18
    ability = corpus_db.get("Hellfire Mongrel").abilities[0]
    assert ability.condition == ir.PlayerCount("cards_in_hand", at_most=2, whose="that_player")


def test_no_creatures_on_the_battlefield_counts_everyones(corpus_db):
    """Pestilence is sacrificed at the end step only when no creature, anyone's, is on the
    battlefield (CR 603.4, 400.1)."""
    def end_step(bob: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Pestilence]
  - name: Bob
    battlefield: [{bob}]
""", turn=3, step="main2")
        g.push(Action("pass"))
        g.push(Action("pass"))
        return g
    assert stack_labels(end_step("Grizzly Bears")) == []
    g = end_step("Island")
    assert stack_labels(g) == ["Pestilence's ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert on_battlefield(g, "Pestilence") == []


def test_cards_of_a_type_in_your_own_graveyard(corpus_db):
    """Elvish Reclaimer gets +2/+2 as long as three or more land cards are in its controller's
    graveyard (CR 611.3a, 404.1): Bob's lands don't count, nor do Alice's other cards."""
    def reclaimer(mine: str, bobs: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Elvish Reclaimer]
    graveyard: [{mine}]
  - name: Bob
    graveyard: [{bobs}]
""", turn=3)
        return ch.power_toughness(g.current_state(), on_battlefield(g, "Elvish Reclaimer")[0])
    assert reclaimer("Forest, Forest, Forest", "") == (3, 4)
    assert reclaimer("Forest, Forest, Grizzly Bears", "Forest, Forest, Forest") == (1, 2)


def test_life_lost_and_attacks_this_turn(corpus_db):
    """Knight of the Ebon Legion counts any player's life lost this turn, its controller's too
    (CR 119.3); Curious Obsession is sacrificed at the end step of a turn its controller
    attacked with no creature (CR 508.1)."""
    def end_step(spell: str, who: str):
        g = board(corpus_db, f"""
  - name: Alice
    hand: [{spell}]
    battlefield: [Knight of the Ebon Legion, {{card: Mountain, count: 5}}]
  - name: Bob
""", turn=3, step="main2")
        cast_and_pay(g, f"cast {spell}", who)
        g.push(Action("pass"))
        g.push(Action("pass"))          # it resolves
        g.push(Action("pass"))
        g.push(Action("pass"))          # on to the end step
        return g
    assert stack_labels(end_step("Lava Spike", "Bob")) == []
    assert stack_labels(end_step("Lava Axe", "Bob")) == ["Knight of the Ebon Legion's ability"]
    g = end_step("Lava Axe", "Alice")
    assert stack_labels(g) == ["Knight of the Ebon Legion's ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert on_battlefield(g, "Knight of the Ebon Legion")[0].counters.get("+1/+1") == 1
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Curious Obsession, attached_to: bears}]
  - name: Bob
""", turn=3, step="main2")
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert stack_labels(g) == ["Curious Obsession's ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert on_battlefield(g, "Curious Obsession") == []
