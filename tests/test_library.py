"""Choosing among the top cards of a library (CR 701.20a, 701.20e, 401.4) and searching for a
card "with mana value X or less" (CR 107.3, 701.23), played with corpus cards."""
from __future__ import annotations

from manastack.cards import CardDef
from manastack.engine import support
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, on_battlefield, pass_until, pick, resolve


def _cast_x(g, name: str, x: int) -> None:
    pick(g, f"cast {name}")
    while g.pending.kind != "priority":
        if g.pending.kind == "x":
            g.push(Action("x", (x,)))
        elif g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            raise AssertionError(g.pending.kind)


def _library_top_first(g, player: int = 0) -> list[str]:
    s = g.current_state()
    return [s.objs[i].card.name for i in s.players[player].library][::-1]


def test_collected_company_puts_two_small_creatures_onto_the_battlefield(corpus_db):
    """Only creature cards with mana value 3 or less are offered; both enter at once, and the
    rest go to the bottom in the order Alice chooses."""
    spell = corpus_db.get("Collected Company").abilities[0]
    assert spell.effects == (ir.LookAtTop(6, ir.Filter(types=("Creature",), mana_value_at_most=3, zone="library"),
                                          "bottom", to="battlefield", up_to=2),)
    g = board(corpus_db, """
  - name: Alice
    hand: [Collected Company]
    library: [Plains, Craw Wurm, Island, Grizzly Bears, Llanowar Elves, Shock, Forest]
    battlefield: [{card: Forest, count: 4}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Collected Company")
    resolve(g)
    assert [a.label for a in g.legal_actions()] == ["Grizzly Bears", "Llanowar Elves", "no more"]
    pick(g, "Llanowar Elves")
    assert [a.label for a in g.legal_actions()] == ["Grizzly Bears", "no more"]
    pick(g, "Grizzly Bears")
    assert g.pending.kind == "order_cards"
    for label in ("Shock", "Island", "Craw Wurm"):    # the first nearest the middle (CR 401.4)
        pick(g, label)
    assert on_battlefield(g, "Llanowar Elves") and on_battlefield(g, "Grizzly Bears")
    assert _library_top_first(g) == ["Forest", "Shock", "Island", "Craw Wurm", "Plains"]


def test_benefaction_takes_a_creature_and_an_enchantment_and_mills_the_rest(corpus_db):
    """"a creature card and/or an enchantment card": one of each at most, either may be left."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Benefaction of Rhonas]
    library: [Forest, Pacifism, Grizzly Bears, Llanowar Elves, Shock]
    battlefield: [{card: Forest, count: 3}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Benefaction of Rhonas")
    resolve(g)
    assert "reveals the top 5 cards of their library: Forest, Pacifism, Grizzly Bears, Llanowar Elves, Shock" \
        in g.explain()
    assert [a.label for a in g.legal_actions()] == ["Grizzly Bears", "Llanowar Elves", "reveal nothing"]
    pick(g, "Grizzly Bears")
    assert [a.label for a in g.legal_actions()] == ["Pacifism", "no more"]
    pick(g, "Pacifism")
    assert names(g, 0, "hand") == ["Grizzly Bears", "Pacifism"]
    assert names(g, 0, "graveyard") == ["Benefaction of Rhonas", "Forest", "Llanowar Elves", "Shock"]


def test_trackers_instincts_must_take_a_creature_card(corpus_db):
    """No "you may": with a creature card among them, one is put into the hand (here the only
    one, with no choice to make)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Tracker's Instincts]
    library: [Forest, Grizzly Bears, Island, Shock]
    battlefield: [{card: Forest, count: 2}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Tracker's Instincts")
    resolve(g)
    assert names(g, 0, "hand") == ["Grizzly Bears"]
    assert names(g, 0, "graveyard") == ["Forest", "Island", "Shock", "Tracker's Instincts"]


def test_silhana_wayfinder_puts_the_card_on_top_of_the_rest(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Silhana Wayfinder]
    library: [Plains, Shock, Forest, Grizzly Bears, Island]
    battlefield: [{card: Forest, count: 2}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Silhana Wayfinder")
    resolve(g)
    resolve(g)
    assert [a.label for a in g.legal_actions()] == ["Plains", "Forest", "Grizzly Bears", "reveal nothing"]
    pick(g, "Forest")
    top = _library_top_first(g)
    assert top[:2] == ["Forest", "Island"] and sorted(top[2:]) == ["Grizzly Bears", "Plains", "Shock"]
    assert "Alice puts Forest on top of their library" in g.explain()


def test_taigams_scheming_mills_any_number_and_orders_the_rest_on_top(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Taigam's Scheming]
    library: [Plains, Shock, Forest, Grizzly Bears, Island, Swamp]
    battlefield: [Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Taigam's Scheming")
    resolve(g)
    pick(g, "Island")
    pick(g, "Forest")
    pick(g, "no more")
    assert g.pending.kind == "order_cards"
    pick(g, "Shock")        # the first card chosen goes nearest the middle (CR 401.4)
    pick(g, "Grizzly Bears")
    assert names(g, 0, "graveyard") == ["Forest", "Island", "Taigam's Scheming"]
    assert _library_top_first(g) == ["Plains", "Grizzly Bears", "Shock", "Swamp"]


def test_sea_gate_oracle_takes_one_and_puts_the_other_on_the_bottom(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Sea Gate Oracle]
    library: [Plains, Shock, Forest]
    battlefield: [{card: Island, count: 3}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Sea Gate Oracle")
    resolve(g)
    resolve(g)
    pick(g, "Shock")
    assert names(g, 0, "hand") == ["Shock"]
    assert _library_top_first(g) == ["Forest", "Plains"]


def test_genesis_wave_puts_permanents_with_mana_value_x_or_less(corpus_db):
    """X is the spell's X: a permanent card with a greater mana value, or an instant, stays out and
    goes to the graveyard with the others not put onto the battlefield."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Genesis Wave]
    library: [Grizzly Bears, Craw Wurm, Shock, Forest, Plains]
    battlefield: [{card: Forest, count: 7}]
  - name: Bob
""", turn=3)
    _cast_x(g, "Genesis Wave", 4)
    resolve(g)
    assert [a.label for a in g.legal_actions()] == ["Grizzly Bears", "Forest", "no more"]
    pick(g, "Forest")
    pick(g, "Grizzly Bears")
    assert len(on_battlefield(g, "Forest")) == 8 and on_battlefield(g, "Grizzly Bears")
    assert names(g, 0, "graveyard") == ["Craw Wurm", "Genesis Wave", "Shock"]
    assert _library_top_first(g) == ["Plains"]


def test_green_suns_zenith_finds_a_green_creature_with_mana_value_x_or_less(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Green Sun's Zenith]
    library: [Craw Wurm, Grizzly Bears, Llanowar Elves, Serra Angel, Forest]
    battlefield: [{card: Forest, count: 3}]
  - name: Bob
""", turn=3)
    _cast_x(g, "Green Sun's Zenith", 2)
    resolve(g)
    assert sorted(a.label for a in g.legal_actions()) == ["Grizzly Bears", "Llanowar Elves", "find nothing more"]
    pick(g, "Grizzly Bears")
    assert on_battlefield(g, "Grizzly Bears")
    assert "Green Sun's Zenith" in names(g, 0, "library")


def test_mana_value_x_is_refused_outside_a_library_choice():
    """A target "with mana value X or less" needs the X announced for it (CR 601.2b-c): run in a
    spell or activated ability, not in a triggered ability, which announces none."""
    f = ir.Filter(types=("Creature",), mana_value_at_most=ir.X())
    refused = ["X in a description of a triggered ability's target, a trigger or a static ability"]
    assert support.gaps(ir.TargetSpec("permanent", f)) == refused
    spell = ir.SpellAbility((ir.Destroy(ir.Target(0)),), (ir.TargetSpec("permanent", f),))
    assert support.gaps(spell) == []
    trigger = ir.TriggeredAbility(ir.Trigger("enters"), (ir.Destroy(ir.Target(0)),), (ir.TargetSpec("permanent", f),))
    assert support.gaps(trigger) == refused
    assert support.gaps(ir.SearchLibrary(ir.Filter(mana_value_at_most=ir.X(), zone="library"))) == []


def test_growth_spiral_puts_a_land_that_is_not_the_turns_land(corpus_db):
    """CR 305.4: a land put onto the battlefield isn't played, so Alice may still play one."""
    spell = corpus_db.get("Growth Spiral").abilities[0]
    assert spell.effects == (ir.Draw(), ir.May((ir.PutFromHand(ir.Filter(types=("Land",), zone="hand")),)))
    g = board(corpus_db, """
  - name: Alice
    hand: [Growth Spiral, Forest, Island, Grizzly Bears]
    library: [Plains]
    battlefield: [Forest, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Growth Spiral")
    resolve(g)
    pick(g, "yes")
    assert [a.label for a in g.legal_actions()] == ["Forest", "Island", "Plains"]
    pick(g, "Plains")
    assert on_battlefield(g, "Plains") and not on_battlefield(g, "Plains")[0].tapped
    pick(g, "play Forest")
    assert len(on_battlefield(g, "Forest")) == 2


def test_arboreal_grazer_puts_the_land_tapped(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Arboreal Grazer, Mountain]
    battlefield: [Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Arboreal Grazer")
    resolve(g)
    resolve(g)
    pick(g, "yes")         # the only land card: no choice left to make
    assert on_battlefield(g, "Mountain")[0].tapped


def test_tooth_and_nail_puts_up_to_two_creatures_at_once(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Tooth and Nail, Craw Wurm, Grizzly Bears, Forest]
    battlefield: [{card: Forest, count: 7}]
  - name: Bob
""", turn=3)
    pick(g, "cast Tooth and Nail")
    while g.pending.kind != "priority":
        kind = g.pending.kind
        g.push(next(a for a in g.legal_actions() if kind != "modes" or "Put up to two" in a.label)
               if kind != "pay" else Action("autopay"))
    resolve(g)
    assert [a.label for a in g.legal_actions()] == ["Craw Wurm", "Grizzly Bears", "no more"]
    pick(g, "Craw Wurm")
    assert [a.label for a in g.legal_actions()] == ["Grizzly Bears", "no more"]
    pick(g, "Grizzly Bears")
    assert on_battlefield(g, "Craw Wurm") and on_battlefield(g, "Grizzly Bears")
    assert names(g, 0, "hand") == ["Forest"]


def test_a_card_put_from_the_hand_is_named_by_it_later():
    """"Sacrifice it" after a card is put from the hand names the permanent that card became
    (CR 400.7, 603.7c), never the source (Planebound Accomplice)."""
    c = CardDef.from_face({"name": "Planebound Accomplice", "manaCost": "{2}{R}", "type": "Creature — Human Wizard",
                           "types": ["Creature"], "power": "1", "toughness": "3",
                           "text": "{R}: You may put a planeswalker card from your hand onto the battlefield. "
                                   "Sacrifice it at the beginning of the next end step."})
    assert c.fully_supported
    delayed = c.abilities[0].effects[-1]
    assert delayed.ability.effects == (ir.Sacrifice(ir.Ref("created")),)


def test_artifacts_and_or_enchantments_are_either(corpus_db):
    """"up to two target artifacts and/or enchantments": each target is one or the other."""
    spec = corpus_db.get("Sylvan Reclamation").abilities[0].targets[0]
    assert spec.filter.types == ("Artifact", "Enchantment") and spec.count == 2 and spec.up_to
    g = board(corpus_db, """
  - name: Alice
    hand: [Sylvan Reclamation]
    battlefield: [Forest, Forest, Forest, Plains, Plains]
  - name: Bob
    battlefield: [Ornithopter, Grizzly Bears, Crusade]
""", turn=3)
    pick(g, "cast Sylvan Reclamation")
    offered = {a.label for a in g.legal_actions()}
    assert any("Ornithopter" in x for x in offered) and any("Crusade" in x for x in offered)
    assert not any("Grizzly Bears" in x for x in offered)


def test_into_the_void_returns_two_creatures_to_their_owners_hands(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Into the Void]
    battlefield: [{card: Island, count: 4}, Llanowar Elves]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Into the Void", "Grizzly Bears", "Llanowar Elves")
    resolve(g)
    assert names(g, 0, "hand") == ["Llanowar Elves"] and names(g, 1, "hand") == ["Grizzly Bears"]


def test_cultivate_puts_one_land_onto_the_battlefield_and_the_other_into_the_hand(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Cultivate]
    library: [Island, Mountain, Grizzly Bears, Plains]
    battlefield: [{card: Forest, count: 3}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Cultivate")
    resolve(g)
    pick(g, "Island")
    pick(g, "Plains")
    assert g.pending.prompt == "Put which card onto the battlefield?"
    pick(g, "Plains")
    assert on_battlefield(g, "Plains")[0].tapped
    assert names(g, 0, "hand") == ["Island"]


def test_cultivate_with_one_land_found_puts_it_onto_the_battlefield(corpus_db):
    """Cultivate ruling: finding only one basic land card, it is put onto the battlefield tapped."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Cultivate]
    library: [Island, Grizzly Bears]
    battlefield: [{card: Forest, count: 3}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Cultivate")
    resolve(g)
    pick(g, "Island")       # no other basic land card: nothing more to choose
    assert on_battlefield(g, "Island")[0].tapped and names(g, 0, "hand") == []


def test_mystical_tutor_reveals_and_puts_the_card_on_top(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Mystical Tutor]
    library: [Island, Shock, Grizzly Bears, Island]
    battlefield: [Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Mystical Tutor")
    resolve(g)
    assert sorted(a.label for a in g.legal_actions()) == ["Shock", "find nothing more"]
    pick(g, "Shock")
    assert _library_top_first(g)[0] == "Shock" and "Alice reveals Shock" in g.explain()


def test_farseek_finds_a_land_of_one_of_the_listed_types(corpus_db):
    spell = corpus_db.get("Farseek").abilities[0]
    assert spell.effects[0].filter.subtypes == ("Plains", "Island", "Swamp", "Mountain")
    g = board(corpus_db, """
  - name: Alice
    hand: [Farseek]
    library: [Forest, Island, Mountain]
    battlefield: [{card: Forest, count: 2}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Farseek")
    resolve(g)
    assert sorted(a.label for a in g.legal_actions()) == ["Island", "Mountain", "find nothing more"]
    pick(g, "Mountain")
    assert on_battlefield(g, "Mountain")[0].tapped


def test_foresight_must_exile_three_cards(corpus_db):
    """CR 701.23d: searching for a number of cards, that many are found."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Foresight]
    library: [Island, Shock, Grizzly Bears, Forest]
    battlefield: [Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Foresight")
    resolve(g)
    for label in ("Shock", "Forest", "Island"):
        assert "find nothing more" not in [a.label for a in g.legal_actions()]
        pick(g, label)
    assert names(g, 0, "exile") == ["Forest", "Island", "Shock"]
    assert names(g, 0, "library") == ["Grizzly Bears"]


def test_ponder_may_shuffle_after_looking(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Ponder]
    library: [Island, Shock, Grizzly Bears, Forest, Plains]
    battlefield: [Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Ponder")
    resolve(g)
    pick(g, "Shock")
    pick(g, "Island")
    pick(g, "yes")
    assert "Alice shuffles their library" in g.explain()
    assert len(names(g, 0, "hand")) == 1 and len(names(g, 0, "library")) == 4


def test_gravepurge_puts_any_number_of_creature_cards_on_top(corpus_db):
    spell = corpus_db.get("Gravepurge").abilities[0]
    assert spell.targets[0].count == ir.ANY_NUMBER and spell.targets[0].up_to
    g = board(corpus_db, """
  - name: Alice
    hand: [Gravepurge]
    library: [Island]
    graveyard: [Grizzly Bears, Craw Wurm, Shock]
    battlefield: [Swamp, Swamp, Swamp]
  - name: Bob
""", turn=3)
    pick(g, "cast Gravepurge")
    assert [a.label for a in g.legal_actions()] == ["target Grizzly Bears", "target Craw Wurm", "no more targets"]
    pick(g, "target Craw Wurm")         # chosen first: put first, so under the next one (CR 401.4)
    pick(g, "target Grizzly Bears")
    g.push(Action("autopay"))
    resolve(g)
    assert _library_top_first(g) == ["Craw Wurm", "Island"]       # then "Draw a card." drew the top one
    assert names(g, 0, "hand") == ["Grizzly Bears"] and names(g, 0, "graveyard") == ["Gravepurge", "Shock"]


def test_grisly_spectacle_mills_the_destroyed_creatures_power(corpus_db):
    """"that creature's power" as it last existed (CR 608.2h); its controller mills."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Grisly Spectacle]
    battlefield: [{card: Swamp, count: 4}]
  - name: Bob
    library: [Island, Island, Island, Island, Island, Island, Island, Island]
    battlefield: [Craw Wurm]
""", turn=3)
    cast_and_pay(g, "cast Grisly Spectacle", "Craw Wurm")
    resolve(g)
    assert len(names(g, 1, "library")) == 2 and names(g, 1, "graveyard").count("Island") == 6


def test_meltdown_destroys_each_artifact_with_mana_value_x_or_less(corpus_db):
    """The X of "with mana value X or less" is the spell's, read as it resolves (CR 107.3)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Meltdown]
    battlefield: [{card: Mountain, count: 3}, Ornithopter]
  - name: Bob
    battlefield: [Millstone, Darksteel Colossus, Jayemdae Tome]
""", turn=3)
    _cast_x(g, "Meltdown", 2)
    resolve(g)
    assert not on_battlefield(g, "Ornithopter") and not on_battlefield(g, "Millstone")
    assert on_battlefield(g, "Darksteel Colossus") and on_battlefield(g, "Jayemdae Tome")


def test_churning_eddy_returns_a_creature_and_a_land(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Churning Eddy]
    battlefield: [{card: Island, count: 4}]
  - name: Bob
    battlefield: [Grizzly Bears, Forest]
""", turn=3)
    cast_and_pay(g, "cast Churning Eddy", "Grizzly Bears", "Forest")
    resolve(g)
    assert names(g, 1, "hand") == ["Forest", "Grizzly Bears"]


def test_reminisce_shuffles_only_the_graveyard_into_the_library(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Reminisce, Shock]
    library: [Island]
    graveyard: [Grizzly Bears, Forest]
    battlefield: [{card: Island, count: 3}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Reminisce", "Alice")
    resolve(g)
    assert names(g, 0, "library") == ["Forest", "Grizzly Bears", "Island"]
    assert names(g, 0, "hand") == ["Shock"] and names(g, 0, "graveyard") == ["Reminisce"]


def test_think_tank_may_put_the_top_card_into_the_graveyard(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    library: [Shock, Island, Island]
    battlefield: [Think Tank]
  - name: Bob
    library: [Island, Island]
""", turn=3, step="untap")
    pass_until(g, "reveal")
    assert [a.label for a in g.legal_actions()] == ["Shock", "no more"]
    pick(g, "Shock")
    assert names(g, 0, "graveyard") == ["Shock"]


def test_deglamer_shuffles_the_chosen_permanent_into_its_owners_library(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Deglamer]
    battlefield: [{card: Forest, count: 2}]
  - name: Bob
    library: [Island]
    battlefield: [Millstone]
""", turn=3)
    cast_and_pay(g, "cast Deglamer", "Millstone")
    resolve(g)
    assert not on_battlefield(g, "Millstone") and names(g, 1, "library") == ["Island", "Millstone"]
