"""Conditions on the game state read once for an intervening "if" (CR 603.4), "as long as"
(CR 611.3a) and "Activate only if" (CR 602.5b): the parts added to that one reading."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, on_battlefield, pass_until, pick, resolve, stack_labels


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


def test_either_condition_and_no_opponent_controlling(corpus_db):
    """Solitary Camel has lifelink while Alice controls a Desert or has a Desert card in her
    graveyard (either will do); Kavu Runner has haste only while no opponent controls a white
    or blue creature (CR 611.3a)."""
    def has(card: str, keyword: str, mine: str = "", graveyard: str = "", bobs: str = "") -> bool:
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [{card}{mine}]
    graveyard: [{graveyard}]
  - name: Bob
    battlefield: [{bobs}]
""", turn=3)
        return keyword in ch.keywords(g.current_state(), on_battlefield(g, card)[0])
    assert has("Solitary Camel", "lifelink", mine=", Desert")
    assert has("Solitary Camel", "lifelink", graveyard="Desert")
    assert not has("Solitary Camel", "lifelink", graveyard="Forest", bobs="Desert")
    assert has("Kavu Runner", "haste", bobs="Grizzly Bears")
    assert not has("Kavu Runner", "haste", bobs="Grizzly Bears, Savannah Lions")
    assert has("Kavu Runner", "haste", mine=", Savannah Lions")


def test_activate_only_if_its_not_your_turn(corpus_db):
    """Ghost Town returns to its owner's hand only on another player's turn (CR 602.5b)."""
    def activations(turn: int, active: str) -> list[str]:
        g = board(corpus_db, """
  - name: Alice
    battlefield: [Ghost Town]
  - name: Bob
""", turn=turn, active=active)
        if active == "Bob":
            g.push(Action("pass"))          # Bob passes: Alice has priority in his main phase
        return [a.label for a in g.legal_actions() if a.label.startswith("activate Ghost Town: {0}")]
    assert activations(3, "Alice") == []
    assert len(activations(4, "Bob")) == 1


def test_conditions_about_the_source_for_other_objects(corpus_db):
    """Juniper Order Advocate's bonus to green creatures holds only while the Advocate itself
    is untapped (CR 611.3a); Luxa River Shrine's second ability needs three brick counters on
    the Shrine (CR 602.5b, 122.1). "Enchanted creature has shroud as long as it's untapped" is
    about the creature, not the Aura: not a condition on the source (test_attached_and_group_statics)."""
    def bears(tapped: bool):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [{{card: Juniper Order Advocate, tapped: {str(tapped).lower()}}}, Grizzly Bears, Savannah Lions]
  - name: Bob
""", turn=3)
        s = g.current_state()
        return [ch.power_toughness(s, on_battlefield(g, n)[0]) for n in ("Grizzly Bears", "Savannah Lions")]
    assert bears(False) == [(3, 3), (2, 1)]
    assert bears(True) == [(2, 2), (2, 1)]

    def shrine(bricks: int) -> list[str]:
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [{{card: Luxa River Shrine, counters: {{brick: {bricks}}}}}, Plains, Plains, Plains]
  - name: Bob
""", turn=3)
        return [a.label for a in g.legal_actions() if "gain 2 life" in a.label]
    assert shrine(2) == []
    assert len(shrine(3)) == 1
    [cloak] = [a for a in corpus_db.get("Spectral Cloak").abilities if type(a) is ir.StaticAbility]
    assert cloak.effect.condition == ir.AttachedIs(ir.Filter(tapped=False))


def test_activate_only_during_a_step(corpus_db):
    """Bob may activate Desert only during the end of combat step (CR 511, 602.5b): not before,
    while the attacking Grizzly Bears deal their combat damage; then 1 damage to the attacker."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Grizzly Bears]
  - name: Bob
    battlefield: [Desert]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Grizzly Bears")
    offered_before = False
    while not (g.current_state().step == "end_of_combat" and g.pending.player == 1):
        if g.pending.player == 1 and any(a.label.startswith("activate Desert: {T}: Desert") for a in g.legal_actions()):
            offered_before = True
        g.push(Action("pass"))
    assert not offered_before and g.current_state().players[1].life == 18
    cast_and_pay(g, "activate Desert: {T}: Desert", "Grizzly Bears")
    resolve(g)
    assert on_battlefield(g, "Grizzly Bears")[0].damage == 1


def test_counters_the_permanent_had_as_it_died(corpus_db):
    """Deadly Grub's token comes only if it had no time counters as it last existed on the
    battlefield (CR 603.10a, 603.4)."""
    def bolt_grub(counters: str):
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [{{card: Deadly Grub{counters}}}]
""", turn=3)
        cast_and_pay(g, "cast Lightning Bolt", "Deadly Grub")
        resolve(g)
        return g
    assert stack_labels(bolt_grub(", counters: {time: 2}")) == []
    g = bolt_grub("")
    assert stack_labels(g) == ["Deadly Grub's ability"]
    resolve(g)
    [token] = [o for o in g.current_state().objs.values() if o.zone == "battlefield" and o.is_token]
    assert token.controller == 1 and "Insect" in token.card.subtypes


def test_the_source_tapped(corpus_db):
    """Mana Vault deals 1 damage to its controller at the beginning of the draw step only while
    it is tapped (CR 603.4)."""
    def draw_step(tapped: bool):
        return board(corpus_db, f"""
  - name: Alice
    library: [Island, Island]
    battlefield: [{{card: Mana Vault, tapped: {str(tapped).lower()}}}]
  - name: Bob
""", turn=3, step="upkeep")
    g = draw_step(False)
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert stack_labels(g) == []
    g = draw_step(True)
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert stack_labels(g) == ["Mana Vault's ability"]
    resolve(g)
    assert g.current_state().players[0].life == 19


def test_addendum_cast_during_your_main_phase(corpus_db):
    """Arrester's Admonition draws a card only when cast during its controller's main phase
    (addendum; rulings 2019-01-25): in Alice's main phase yes, in Bob's turn no. A paragraph of
    its own that starts with "If" is read like such a sentence after another."""
    def admonish(turn: int, active: str):
        g = board(corpus_db, """
  - name: Alice
    hand: [Arrester's Admonition]
    library: [Island, Island]
    battlefield: [Island, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=turn, active=active)
        if active == "Bob":
            g.push(Action("pass"))          # Alice gets priority in Bob's main phase
        cast_and_pay(g, "cast Arrester's Admonition", "Grizzly Bears")
        resolve(g)
        s = g.current_state()
        assert "Grizzly Bears" in [s.objs[i].card.name for i in s.players[1].hand]
        return len(s.players[0].hand)
    assert admonish(3, "Alice") == 1
    assert admonish(4, "Bob") == 0


def test_no_counters_left_on_the_source(corpus_db):
    """Peat Bog is sacrificed once its last depletion counter was removed to make mana (CR 608.2c
    within the mana ability, 122.1); with one left it stays."""
    def tap_bog(depletion: int):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [{{card: Peat Bog, counters: {{depletion: {depletion}}}}}]
  - name: Bob
""", turn=3)
        pick(g, "activate Peat Bog")
        return g
    assert names(tap_bog(1), 0, "graveyard") == ["Peat Bog"]
    g = tap_bog(2)
    assert names(g, 0, "graveyard") == [] and on_battlefield(g, "Peat Bog")[0].counters == {"depletion": 1}
    assert corpus_db.get("Peat Bog").abilities[-1].effects[1].condition == ir.HasCounter("depletion", 0, 0)
