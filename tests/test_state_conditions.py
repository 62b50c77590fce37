"""Conditions on the game state, one reading for every place a card states one: an intervening
"if" (CR 603.4), "Activate only if ..." (CR 602.5b) and "as long as ..." (CR 611.3a)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, labels, names, on_battlefield, pass_until, pick, resolve, stack_labels


def _activations(g, card: str) -> list[str]:
    return [lb for lb in labels(g) if lb.startswith(f"activate {card}:") and "Add {" not in lb]


def test_conditions_read_as_typed_parts(corpus_db):
    edge = corpus_db.get("Tectonic Edge").abilities[-1]
    assert edge.condition == ir.OpponentControls((ir.Filter(types=("Land",), controller="opponent"),), at_least=4)
    library = corpus_db.get("Library of Alexandria").abilities[-1]
    assert library.condition == ir.PlayerCount("cards_in_hand", at_least=7, at_most=7)
    tax = corpus_db.get("Land Tax").abilities[0]
    assert tax.condition == ir.OpponentControls((ir.Filter(types=("Land",), controller="opponent"),),
                                                more_than_you=True)
    assert corpus_db.get("Ishkanah, Grafwidow").abilities[1].condition == ir.PlayerCount(
        "card_types_in_graveyard", at_least=4)


def test_library_of_alexandria_needs_exactly_seven_cards(corpus_db):
    """Checked only as the ability is activated (ruling 2004-10-04): with seven cards, both
    Libraries may be activated, the second in response to the first."""
    seven = "[Forest, Forest, Forest, Forest, Forest, Forest, Forest]"
    g = board(corpus_db, f"""
  - name: Alice
    hand: {seven}
    library: [{{card: Island, count: 5}}]
    battlefield: [{{card: Library of Alexandria, count: 2}}]
  - name: Bob
""", turn=3)
    assert len(_activations(g, "Library of Alexandria")) == 2
    pick(g, "activate Library of Alexandria: {T}: Draw")
    pick(g, "activate Library of Alexandria: {T}: Draw")
    resolve(g)
    resolve(g)
    assert len(names(g, 0, "hand")) == 9
    six = board(corpus_db, """
  - name: Alice
    hand: [Forest, Forest, Forest, Forest, Forest, Forest]
    battlefield: [Library of Alexandria]
  - name: Bob
""", turn=3)
    assert _activations(six, "Library of Alexandria") == []


def test_tectonic_edge_counts_an_opponents_lands(corpus_db):
    """Four lands of the opponent's allow it; the target may be any nonbasic land (rulings
    2010-03-01), here the player's own."""
    def game(bob_lands: int):
        return board(corpus_db, f"""
  - name: Alice
    battlefield: [Tectonic Edge, Mountain, Ancient Tomb]
  - name: Bob
    battlefield: [{{card: Plains, count: {bob_lands}}}]
""", turn=3)
    assert _activations(game(3), "Tectonic Edge") == []
    g = game(4)
    cast_and_pay(g, "activate Tectonic Edge: {1}", "Ancient Tomb")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Ancient Tomb", "Tectonic Edge"]


def test_bloodshot_trainee_needs_power_four(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Giant Growth]
    battlefield: [Bloodshot Trainee, Forest]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    assert _activations(g, "Bloodshot Trainee") == []
    cast_and_pay(g, "cast Giant Growth", "Bloodshot Trainee")
    resolve(g)
    assert len(_activations(g, "Bloodshot Trainee")) == 1
    cast_and_pay(g, "activate Bloodshot Trainee", "Hill Giant")
    resolve(g)
    assert names(g, 1, "graveyard") == ["Hill Giant"]


def test_land_tax_intervening_if(corpus_db):
    """No trigger while Alice has as many lands as Bob; with fewer, it triggers and she may search
    (CR 603.4)."""
    def upkeep(bob_lands: int):
        return board(corpus_db, f"""
  - name: Alice
    library: [Plains, Plains, Island, Plains, Plains]
    battlefield: [Land Tax, Plains, Plains]
  - name: Bob
    battlefield: [{{card: Swamp, count: {bob_lands}}}]
""", turn=3, step="untap")
    assert stack_labels(upkeep(2)) == []
    g = upkeep(3)
    assert stack_labels(g) == ["Land Tax's ability"]
    resolve(g)
    pick(g, "yes")
    for _ in range(3):
        pick(g, "Plains")
    assert names(g, 0, "hand") == ["Plains", "Plains", "Plains"]


def test_raid_counts_an_attacker_that_has_died(corpus_db):
    """Wingmate Roc after combat: the creature that attacked was destroyed in combat, yet Alice
    attacked this turn (rulings 2018-01-19); without an attack, no Bird."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Wingmate Roc]
    battlefield: [Savannah Lions, {card: Plains, count: 5}]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Savannah Lions")
    pass_until(g, "blockers")
    pick(g, "Hill Giant blocks Savannah Lions")
    while g.state.step != "main2":
        g.push(Action("pass"))
    assert "Savannah Lions" in names(g, 0, "graveyard")
    cast_and_pay(g, "cast Wingmate Roc")
    resolve(g)
    assert stack_labels(g) == ["Wingmate Roc's ability"]
    resolve(g)
    assert len(on_battlefield(g, "Bird Token")) == 1
    quiet = board(corpus_db, """
  - name: Alice
    hand: [Wingmate Roc]
    battlefield: [{card: Plains, count: 5}]
  - name: Bob
""", turn=3)
    cast_and_pay(quiet, "cast Wingmate Roc")
    resolve(quiet)
    assert stack_labels(quiet) == []


def test_morbid_sees_a_token_die(corpus_db):
    """Hollowhenge Scavenger: a creature token that died this turn counts (CR 700.4)."""
    def game(with_token: bool):
        bob = "battlefield: [{card: Grizzly Bears, token: true}]" if with_token else ""
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Shock, Hollowhenge Scavenger]
    battlefield: [{{card: Forest, count: 5}}, Mountain]
  - name: Bob
    {bob}
""", turn=3)
        if with_token:
            cast_and_pay(g, "cast Shock", "Grizzly Bears")
            resolve(g)
        cast_and_pay(g, "cast Hollowhenge Scavenger")
        resolve(g)
        if stack_labels(g):
            resolve(g)
        return g.state.players[0].life
    assert game(False) == 20
    assert game(True) == 25


def test_serra_ascendant_at_thirty_life(corpus_db):
    for life, expected in ((29, (1, 1, False)), (30, (6, 6, True))):
        g = board(corpus_db, f"""
  - name: Alice
    life: {life}
    battlefield: [Serra Ascendant]
  - name: Bob
""", turn=3)
        s = g.state
        o = next(o for o in s.permanents() if o.card.name == "Serra Ascendant")
        assert (*ch.power_toughness(s, o), ch.has(s, o, "flying")) == expected


def test_glimmervoid_goes_without_artifacts(corpus_db):
    def end_step(artifacts: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Glimmervoid{artifacts}]
  - name: Bob
""", turn=3, step="main2")
        g.push(Action("pass"))
        g.push(Action("pass"))      # to the end step (CR 513.1)
        return g
    g = end_step("")
    assert stack_labels(g) == ["Glimmervoid's ability"]
    resolve(g)
    assert names(g, 0, "graveyard") == ["Glimmervoid"]
    assert stack_labels(end_step(", Ornithopter")) == []


def test_delirium_counts_card_types(corpus_db):
    """Ishkanah: a land, a creature, an instant and a sorcery in the graveyard are four card types;
    an artifact creature counts two (CR 205.2a)."""
    def spiders(graveyard: str) -> int:
        g = board(corpus_db, f"""
  - name: Alice
    hand: ["Ishkanah, Grafwidow"]
    graveyard: {graveyard}
    battlefield: [{{card: Forest, count: 5}}]
  - name: Bob
""", turn=3)
        cast_and_pay(g, "cast Ishkanah")
        resolve(g)
        if stack_labels(g):
            resolve(g)
        return len(on_battlefield(g, "Spider Token"))
    assert spiders("[Forest, Grizzly Bears, Shock]") == 0
    assert spiders("[Forest, Grizzly Bears, Shock, Divination]") == 3
    assert spiders("[Forest, Ornithopter, Shock]") == 3


def test_instead_of_the_paragraph_before(corpus_db):
    """"Morbid — ... instead if ..." on its own line replaces the line before it (CR 608.2c)."""
    slip = corpus_db.get("Tragic Slip").abilities[0]
    assert slip.effects == (ir.Conditional("creature_died_this_turn",
                                           (ir.ModifyPT(ir.Target(0), -13, -13),),
                                           (ir.ModifyPT(ir.Target(0), -1, -1),)),)
    blast = corpus_db.get("Galvanic Blast").abilities[0]
    assert blast.effects[0].condition == ir.YouControl((ir.Filter(types=("Artifact",), controller="you"),),
                                                       at_least=3)
    # mana made under a condition stays a mana ability (CR 605.1a): played in
    # scenarios/cards/leafkin-druid-counts-creatures-as-it-resolves.yaml
    assert corpus_db.get("Leafkin Druid").fully_supported


def test_tragic_slip_with_and_without_morbid(corpus_db):
    def toughness_left(kill_first: bool) -> list[str]:
        g = board(corpus_db, """
  - name: Alice
    hand: [Tragic Slip, Shock]
    battlefield: [Swamp, Mountain]
  - name: Bob
    battlefield: [Serra Angel, Grizzly Bears]
""", turn=3)
        if kill_first:
            cast_and_pay(g, "cast Shock", "Grizzly Bears")
            resolve(g)
        cast_and_pay(g, "cast Tragic Slip", "Serra Angel")
        resolve(g)
        return names(g, 1, "graveyard")
    assert toughness_left(False) == []                                 # a 3/3 Angel until end of turn
    assert toughness_left(True) == ["Grizzly Bears", "Serra Angel"]    # -13/-13


def test_galvanic_blast_counts_artifacts_as_it_resolves(corpus_db):
    for artifacts, life in ((2, 18), (3, 16)):
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Galvanic Blast]
    battlefield: [Mountain, {{card: Ornithopter, count: {artifacts}}}]
  - name: Bob
""", turn=3)
        cast_and_pay(g, "cast Galvanic Blast", "Bob")
        resolve(g)
        assert g.state.players[1].life == life


def test_kicked_instead_before_the_effect(corpus_db):
    """Grow from the Ashes: "If this spell was kicked, instead search ... for two" (CR 702.33e)."""
    spell = corpus_db.get("Grow from the Ashes").abilities[0]
    cond = next(e for e in spell.effects if isinstance(e, ir.Conditional))
    assert cond.condition == "kicked" and cond.effects[0].amount == 2 and cond.otherwise[0].amount == 1
