"""More mana cards: a filter land, Meteor Crater (the CR 106.5 example), Squandered Resources,
Blood Pet, Gaea's Cradle and Birds of Paradise."""
from __future__ import annotations

from manastack.engine.mana import query as mq
from manastack.engine.decisions import Action

from .game_helpers import board as corpus_board, labels
from .mana_helpers import answer, board, obj, pool, tap_for_mana


def test_sunken_ruins_filters_one_mana_into_a_pair():
    """A filter land: {U/B}, {T}: Add {U}{U}, {U}{B}, or {B}{B}."""
    g = board("""
  - name: Alice
    battlefield: [Sunken Ruins]
    mana_pool: {U: 1}
  - name: Bob
""")
    ruins = obj(g, "Sunken Ruins")
    g.push(Action("mana", (ruins.id, 1)))
    assert g.pending.kind == "choose_mana"
    assert [a.label for a in g.legal_actions()] == ["{U}{U}", "{U}{B}", "{B}{B}"]
    g.push(Action("mana_type", ("UB",)))
    assert pool(g) == {"U": 1, "B": 1}


def test_autopay_pays_the_filter_with_another_land():
    g = board("""
  - name: Alice
    battlefield: [Sunken Ruins, Island, Island]
    hand: [Vampire Nighthawk]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.push(Action("autopay"))
    assert [i.label for i in g.current_state().stack] == ["Vampire Nighthawk"]
    assert pool(g) == {}


def test_meteor_crater_without_colored_permanents_adds_nothing():
    """CR 106.5 and its example: no colored permanent, no mana."""
    g = board("""
  - name: Alice
    battlefield: [Meteor Crater, Sol Ring]
  - name: Bob
    battlefield: [Llanowar Elves]
""")
    assert mq.could_produce(g.current_state(), obj(g, "Meteor Crater").id).types == ()
    tap_for_mana(g, "Meteor Crater")
    assert pool(g) == {} and obj(g, "Meteor Crater").tapped
    assert "[CR 106.5]" in g.explain()


def test_meteor_crater_offers_the_colors_of_your_permanents():
    g = board("""
  - name: Alice
    battlefield: [Meteor Crater, Llanowar Elves, Savannah Lions]
  - name: Bob
""")
    tap_for_mana(g, "Meteor Crater", "W")
    assert pool(g) == {"W": 1}


def test_squandered_resources_uses_what_the_land_could_produce_as_it_last_existed():
    """A Reflecting Pool sacrificed beside an Island could produce {U}."""
    g = board("""
  - name: Alice
    battlefield: [Squandered Resources, Reflecting Pool, Island]
  - name: Bob
""")
    g.push(Action("mana", (obj(g, "Squandered Resources").id, 0)))
    assert g.pending.kind == "sacrifice"
    g.push(next(a for a in g.legal_actions() if "Reflecting Pool" in a.label))
    assert pool(g) == {"U": 1}
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Reflecting Pool"]


def test_squandered_resources_sacrificing_a_pool_alone_adds_nothing():
    g = board("""
  - name: Alice
    battlefield: [Squandered Resources, Reflecting Pool]
  - name: Bob
""")
    g.push(Action("mana", (obj(g, "Squandered Resources").id, 0)))
    assert pool(g) == {}
    assert "[CR 106.5]" in g.explain()


def test_blood_pet_sacrifices_itself_for_black():
    g = board("""
  - name: Alice
    battlefield: [{card: Blood Pet, sick: true}]
  - name: Bob
""")
    tap_for_mana(g, "Blood Pet")      # no {T}: summoning sickness doesn't matter (CR 302.6)
    s = g.current_state()
    assert pool(g) == {"B": 1} and [s.objs[i].card.name for i in s.players[0].graveyard] == ["Blood Pet"]


def test_gaeas_cradle_counts_creatures():
    g = board("""
  - name: Alice
    battlefield: [Gaea's Cradle, Llanowar Elves, Grizzly Bears, Birds of Paradise]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    tap_for_mana(g, "Gaea's Cradle")
    assert pool(g) == {"G": 3}


def test_birds_of_paradise_any_color():
    g = board("""
  - name: Alice
    battlefield: [Birds of Paradise]
  - name: Bob
""")
    tap_for_mana(g, "Birds of Paradise", "R")
    assert pool(g) == {"R": 1}


def test_vivid_crag_enters_tapped_with_two_charge_counters_and_spends_them():
    """CR 614.1c; the "{T}, Remove a charge counter" ability can't be paid without counters
    (CR 118.3), though Reflecting Pool still counts it (ruling 2008-05-01, CR 106.7)."""
    g = board("""
  - name: Alice
    hand: [Vivid Crag]
    battlefield: [Reflecting Pool]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "play"))
    crag = obj(g, "Vivid Crag")
    assert crag.tapped and crag.counters == {"charge": 2}
    s = g.current_state()
    assert mq.could_produce(s, obj(g, "Reflecting Pool").id).types == ("W", "U", "B", "R", "G")
    g = board("""
  - name: Alice
    battlefield: [{card: Vivid Crag, counters: {charge: 1}}]
  - name: Bob
""")
    crag = obj(g, "Vivid Crag")
    g.push(Action("mana", (crag.id, 3)))
    g.push(Action("mana_type", ("W",)))
    assert pool(g) == {"W": 1} and obj(g, "Vivid Crag").counters == {}
    g.push(Action("pass"))
    report = [r for r in mq.source_reports(g.current_state(), 0) if "Remove" in r.text][0]
    assert not report.can_activate


def test_contamination_asks_for_a_creature_each_upkeep():
    """Contamination ruling 2004-10-04: the choice is made on resolution; without a creature
    sacrificed, Contamination goes."""
    g = board("""
  - name: Alice
    battlefield: [Contamination, Grizzly Bears]
  - name: Bob
""", step="untap", turn=3)
    assert g.current_state().stack[-1].label == "Contamination's ability"
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "unless"
    assert labels(g) == ["sacrifice a creature and keep Contamination", "don't pay: sacrifice Contamination"]
    g.push(Action("pay"))        # the only creature is sacrificed: no choice to ask
    s = g.current_state()
    assert [o.card.name for o in s.permanents(0)] == ["Contamination"]
    g = board("""
  - name: Alice
    battlefield: [Contamination]
  - name: Bob
""", step="untap", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().permanents(0) == []


def test_pale_moon_makes_nonbasic_lands_produce_colorless_until_end_of_turn():
    """CR 611.2 and 106.12b: a spell's replacement effect on mana production. Reflecting Pool is
    nonbasic, so it now produces {C}; the basic Forest is unaffected (CR 205.4)."""
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool, Forest, Island]
    hand: [Pale Moon]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.push(Action("mana", (obj(g, "Island").id, 0)))
    g.push(Action("mana", (obj(g, "Forest").id, 0)))
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert mq.could_produce(s, obj(g, "Reflecting Pool").id).types == ("C",)
    tap_for_mana(g, "Reflecting Pool", "{G}")    # it may pick {G}, {U} or {C}; it makes {C}
    assert pool(g) == {"C": 1}
    while g.current_state().turn == s.turn:
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    s = g.current_state()
    assert mq.could_produce(s, obj(g, "Reflecting Pool").id).types == ("U", "G")


def test_chromatic_lantern_gives_lands_a_mana_ability_of_any_color():
    """CR 613.1f; Chromatic Lantern ruling 2018-10-05: lands keep their other abilities. A lone
    Reflecting Pool now could produce any color through the ability it was given (CR 106.7)."""
    g = board("""
  - name: Alice
    battlefield: [Chromatic Lantern, Forest, Reflecting Pool]
  - name: Bob
    battlefield: [Forest]
""")
    forest = obj(g, "Forest", 0)
    assert sorted(a.args[1] for a in g.legal_actions() if a.kind == "mana" and a.args[0] == forest.id) == [0, 1]
    g.push(Action("mana", (forest.id, 1)))
    g.push(Action("mana_type", ("U",)))
    assert pool(g) == {"U": 1}
    s = g.current_state()
    assert mq.could_produce(s, obj(g, "Reflecting Pool").id).types == ("W", "U", "B", "R", "G")
    bobs = obj(g, "Forest", 1)
    assert mq.could_produce(s, bobs.id).types == ("G",)          # only lands Alice controls


def _pay_options(g) -> list[str]:
    assert g.pending.kind == "pay", g.pending.prompt
    return [a.label for a in g.legal_actions()]


def _activate_while_paying(g, name: str) -> None:
    g.push(next(a for a in g.legal_actions() if a.kind == "mana" and a.label.startswith(f"activate {name}")))


def test_a_mana_ability_being_activated_cant_pay_its_own_cost(db):
    """CR 605.3c: Rith's Attendant ({1}, Sacrifice: Add {R}{G}{W}) can't be activated again while
    its own {1} is being paid; doing so sacrificed it twice and crashed the game."""
    g = corpus_board(db, """
  - name: Alice
    battlefield: [Rith's Attendant, Azorius Signet, Mana Prism, Island]
  - name: Bob
""")
    prism = obj(g, "Mana Prism")
    g.push(Action("mana", (prism.id, 1)))                 # {1}, {T}: Add one mana of any color
    _activate_while_paying(g, "Azorius Signet")
    _activate_while_paying(g, "Rith's Attendant")
    options = _pay_options(g)
    assert not any(o.startswith("activate Rith's Attendant") for o in options), options
    assert any(o.startswith("activate Island") for o in options), options
    _activate_while_paying(g, "Island")
    answer(g, "G")                                        # Mana Prism's color, once the chain resolves
    s = g.current_state()
    assert g.pending.kind == "priority"
    assert "Rith's Attendant" in [s.objs[i].card.name for i in s.players[0].graveyard]
    # Island's {U} pays the Attendant, whose {R}{G}{W} pays the Signet, whose {W}{U} pays the Prism
    assert sum(pool(g).values()) == 1 + 3 + 2 + 1 - 3


def test_a_permanent_an_outer_cost_sacrifices_cant_pay_an_inner_cost(db):
    """While Rith's Attendant's {1} is paid with Azorius Signet, the Signet's own {1} can't be
    paid by sacrificing the Attendant: its sacrifice is still owed (CR 118.3, 602.2)."""
    g = corpus_board(db, """
  - name: Alice
    battlefield: [Rith's Attendant, Azorius Signet, Island]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "mana" and a.label.startswith("activate Rith's")))
    _activate_while_paying(g, "Azorius Signet")
    options = _pay_options(g)
    assert not any(o.startswith("activate Rith's Attendant") for o in options), options
    g.push(Action("autopay"))
    s = g.current_state()
    assert g.pending.kind == "priority"
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Rith's Attendant"]
    assert obj(g, "Island").tapped and obj(g, "Azorius Signet").tapped
    assert sum(pool(g).values()) == 1 + 2 + 3 - 1 - 1


def test_ardent_electromancer_adds_red_for_each_creature_in_the_party(db):
    """"When ~ enters, add {R} for each creature in your party" (CR 700.8): a Cleric and a Rogue
    besides the Electromancer (a Wizard) make three. It used to stop the game with a TypeError."""
    g = corpus_board(db, """
  - name: Alice
    hand: [Ardent Electromancer]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Cabal Evangel, Triton Shorethief]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.label.startswith("cast Ardent Electromancer")))
    while g.pending.kind != "priority":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))          # the Electromancer resolves; its trigger goes on the stack
    g.push(Action("pass"))
    g.push(Action("pass"))          # the trigger resolves
    assert pool(g) == {"R": 3}
