"""Additional costs of spells (CR 601.2b, 601.2h, 118.8), "If you do" after an optional action
(CR 608.2c), "Choose one or both" (CR 700.2), entwine (CR 702.42) and convoke (CR 702.51), each
pinned with real cards compiled from their Oracle text and the official rulings that apply."""
from __future__ import annotations

from manastack import Game, RandomAgent
from manastack.cards import default_db
from manastack.decks import Deck
from manastack.engine import characteristics as ch
from manastack.engine import exercise
from manastack.engine.decisions import Action
from manastack.engine.legality import explain
from manastack.mana import ManaCost
from manastack.oracle import ir

from .mana_helpers import board, obj
from .test_alt_costs import cast, resolve, zone_names

DB = default_db()


def pick(g: Game, label: str) -> None:
    g.push(next(a for a in g.legal_actions() if a.label.startswith(label)))


def labels(g: Game) -> list[str]:
    return [a.label for a in g.legal_actions()]


def cast_action(g: Game, name: str) -> Action | None:
    s = g.current_state()
    return next((a for a in g.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name == name), None)


# ------------------------------------------------------------------------------ compiling


def test_additional_costs_compile():
    def extra(name):
        return [ab.cost for ab in DB.get(name).abilities if type(ab) is ir.AdditionalCost]

    # CR 701.21a: a player sacrifices only a permanent they control
    assert extra("Bone Splinters") == [ir.Cost(parts=(ir.SacrificeCost(ir.Filter(types=("Creature",), controller="you")),))]
    assert extra("Tormenting Voice") == [ir.Cost(parts=(ir.DiscardCost(1),))]
    assert extra("Withering Boon") == [ir.Cost(parts=(ir.PayLifeCost(3),))]


def test_if_you_do_joins_the_optional_action():
    trig = DB.get("Fissure Wizard").abilities[0]
    assert trig.effects == (ir.May((ir.Discard(), ir.IfYouDo((ir.Draw(),)))),)
    mystic = DB.get("Lunar Mystic").abilities[0]
    assert mystic.effects == (ir.May((ir.PayMana(ManaCost(("1",))), ir.IfYouDo((ir.Draw(),)))),)


def test_one_or_both_and_entwine_compile():
    bolt = DB.get("Branching Bolt").abilities[0].effects[0]
    assert (bolt.choose, bolt.at_most, len(bolt.modes)) == (1, 2, 2)
    grip = DB.get("Dream's Grip")
    assert ir.Keyword("entwine", ir.Cost(mana=ManaCost(("1",)))) in grip.abilities
    assert all(c.fully_supported for c in map(DB.get, ["Bone Splinters", "Fissure Wizard", "Branching Bolt",
                                                       "Dream's Grip", "Goblin War Party"]))


# ------------------------------------------------------------------------------ additional costs


def test_bone_splinters_sacrifices_as_it_is_cast():
    """Bone Splinters rulings 2019-07-12: exactly one creature is sacrificed as the spell is cast,
    before anyone can respond."""
    g = board("""
  - name: Alice
    hand: [Bone Splinters]
    battlefield: [Swamp, Llanowar Elves, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""")
    cast(g, "Bone Splinters", "target Hill Giant")
    assert g.pending.kind == "sacrifice"
    assert sorted(labels(g)) == ["Grizzly Bears", "Llanowar Elves"]
    saved = Game.from_json(g.to_json(), DB)          # saved in the middle of the cast
    pick(saved, "Grizzly Bears")
    assert zone_names(saved, 0, "graveyard") == ["Grizzly Bears"]
    assert [i.label for i in saved.current_state().stack] == ["Bone Splinters"]
    log = saved.explain()
    assert "additional cost (sacrifice a creature)" in log and "601.2b" in log
    resolve(saved)
    assert zone_names(saved, 1, "graveyard") == ["Hill Giant"]


def test_no_creature_to_sacrifice_means_no_cast():
    """Bone Splinters ruling 2019-07-12: it can't be cast without sacrificing a creature."""
    g = board("""
  - name: Alice
    hand: [Bone Splinters]
    battlefield: [Swamp]
  - name: Bob
    battlefield: [Hill Giant]
""")
    assert cast_action(g, "Bone Splinters") is None
    s = g.current_state()
    card = next(o for o in s.objs.values() if o.card.name == "Bone Splinters")
    why = explain(s, 0, Action("cast", (card.id,)))
    assert "additional cost" in why and "601.2b" in why


def test_altars_reap_can_sacrifice_a_creature_tapped_for_mana():
    """CR 601.2g-h: mana abilities come first; a tapped creature can still be sacrificed."""
    g = board("""
  - name: Alice
    hand: [Altar's Reap]
    battlefield: [Swamp, Llanowar Elves]
    library: [Island, Island]
  - name: Bob
    battlefield: []
""")
    cast(g, "Altar's Reap")            # the only creature: no question to ask
    assert "Alice sacrifices Llanowar Elves" in g.explain()
    resolve(g)
    assert zone_names(g, 0, "graveyard") == ["Altar's Reap", "Llanowar Elves"]
    assert zone_names(g, 0, "hand") == ["Island", "Island"]


def test_tormenting_voice_discards_another_card():
    """Tormenting Voice ruling 2020-09-25: exactly one card is discarded; it can't discard itself."""
    g = board("""
  - name: Alice
    hand: [Tormenting Voice]
    battlefield: [Mountain, Mountain]
    library: [Island, Island]
  - name: Bob
    battlefield: []
""")
    assert cast_action(g, "Tormenting Voice") is None      # the only card in hand is itself
    g = board("""
  - name: Alice
    hand: [Tormenting Voice, Forest]
    battlefield: [Mountain, Mountain]
    library: [Island, Island]
  - name: Bob
    battlefield: []
""")
    cast(g, "Tormenting Voice")        # Forest is the only card it may discard
    resolve(g)
    assert zone_names(g, 0, "graveyard") == ["Forest", "Tormenting Voice"]
    assert zone_names(g, 0, "hand") == ["Island", "Island"]


def test_withering_boon_pays_life_only_if_there_is_enough():
    """CR 119.4: a player can pay life only up to their life total."""
    players = """
  - name: Alice
    life: {life}
    hand: [Withering Boon]
    battlefield: [Swamp, Swamp]
  - name: Bob
    hand: [Grizzly Bears]
    battlefield: [Forest, Forest]
"""
    for life, castable in ((2, False), (4, True)):
        g = board(players.format(life=life), active="Bob")
        g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
        g.push(Action("autopay"))
        g.push(Action("pass"))         # Bob passes with Grizzly Bears on the stack
        assert (cast_action(g, "Withering Boon") is not None) is castable
        if castable:
            cast(g, "Withering Boon")     # the only creature spell is its target
            assert g.current_state().players[0].life == 1
            resolve(g)
            assert zone_names(g, 1, "graveyard") == ["Grizzly Bears"]


# ------------------------------------------------------------------------------ if you do


def test_fissure_wizard_draws_only_if_a_card_was_discarded():
    """Fissure Wizard ruling 2020-09-25: at most one card is discarded; with no card to
    discard, nothing is drawn (CR 608.2c)."""
    for hand, drawn in (("[Fissure Wizard, Forest]", ["Island"]), ("[Fissure Wizard]", [])):
        g = board(f"""
  - name: Alice
    hand: {hand}
    battlefield: [Mountain, Mountain]
    library: [Island, Island]
  - name: Bob
    battlefield: []
""")
        cast(g, "Fissure Wizard")
        resolve(g)                      # the creature resolves; its ability triggers
        resolve(g)
        assert g.pending.kind == "may"
        pick(g, "yes")
        if g.pending.kind == "discard":
            pick(g, "Forest")
        assert zone_names(g, 0, "hand") == drawn
        assert "608.2c" in g.explain()


def test_lunar_mystic_pays_to_draw_and_cant_say_yes_without_mana():
    """Lunar Mystic ruling 2012-05-01: the {1} is paid as the trigger resolves, not as part of
    the instant's cost."""
    g = board("""
  - name: Alice
    hand: [Dream's Grip]
    battlefield: [Lunar Mystic, Island, Island]
    library: [Forest]
  - name: Bob
    battlefield: [Hill Giant]
""")
    cast(g, "Dream's Grip", "don't pay", "mode 1", "target Hill Giant")
    resolve(g)                          # the trigger, on top of the instant
    pick(g, "yes")
    g.push(Action("autopay"))
    assert zone_names(g, 0, "hand") == ["Forest"]
    g = board("""
  - name: Alice
    hand: [Dream's Grip]
    battlefield: [Lunar Mystic, Island]
    library: [Forest]
  - name: Bob
    battlefield: [Hill Giant]
""")
    cast(g, "Dream's Grip", "mode 1", "target Hill Giant")
    resolve(g)                          # CR 118.3: the {1} can't be paid, so "no" is the only answer
    assert "Alice chooses no for Lunar Mystic" in g.explain()
    assert zone_names(g, 0, "hand") == []


# ------------------------------------------------------------------------------ modes


def test_branching_bolt_one_or_both():
    """Branching Bolt ruling 2008-10-01: either mode or both; a mode without a legal target
    can't be chosen."""
    g = board("""
  - name: Alice
    hand: [Branching Bolt]
    battlefield: [Mountain, Mountain, Forest]
  - name: Bob
    battlefield: [Hill Giant, Birds of Paradise]
""")
    cast(g, "Branching Bolt", "mode 1", "mode 2")
    resolve(g)
    assert zone_names(g, 1, "graveyard") == ["Birds of Paradise", "Hill Giant"]
    g = board("""
  - name: Alice
    hand: [Branching Bolt]
    battlefield: [Mountain, Mountain, Forest]
  - name: Bob
    battlefield: [Hill Giant]
""")
    g.push(cast_action(g, "Branching Bolt"))
    assert g.current_state().stack[-1].modes == (1,)      # the only mode it could choose


def test_dreams_grip_entwined_chooses_both_modes():
    """CR 702.42a-b: paying the entwine cost chooses every mode, followed in order."""
    g = board("""
  - name: Alice
    hand: [Dream's Grip]
    battlefield: [Island, Island]
  - name: Bob
    battlefield: [Hill Giant, {card: Grizzly Bears, tapped: true}]
""")
    cast(g, "Dream's Grip", "pay entwine", "target Hill Giant", "target Grizzly Bears")
    assert g.pending.kind == "priority"
    assert g.current_state().stack[-1].modes == (0, 1)
    log = g.explain()
    assert "entwined" in log and "702.42" in log and "{1}{U}" in log
    resolve(g)
    assert obj(g, "Hill Giant").tapped and not obj(g, "Grizzly Bears").tapped


def test_entwine_is_offered_only_when_it_can_be_paid():
    g = board("""
  - name: Alice
    hand: [Dream's Grip]
    battlefield: [Island]
  - name: Bob
    battlefield: [Hill Giant]
""")
    g.push(cast_action(g, "Dream's Grip"))
    assert g.pending.kind == "modes"                 # {1}{U} can't be paid: no entwine question


def test_goblin_war_party_entwined_pumps_its_own_tokens():
    """Goblin War Party ruling 2019-06-14: entwined, the modes happen in order, so the new
    Goblins get +1/+1 and haste."""
    g = board("""
  - name: Alice
    hand: [Goblin War Party]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: []
""")
    cast(g, "Goblin War Party", "pay entwine")
    resolve(g)
    s = g.current_state()
    goblins = [o for o in s.objs.values() if o.card.name == "Goblin Token" and o.zone == "battlefield"]
    assert len(goblins) == 3
    assert all(ch.power(s, o) == 2 and ch.has(s, o, "haste") for o in goblins)


def test_random_agents_play_these_cards():
    """Random games with these cards end cleanly, and every new part runs."""
    spells = ["Bone Splinters", "Altar's Reap", "Tormenting Voice", "Withering Boon", "Fissure Wizard",
              "Lunar Mystic", "Branching Bolt", "Dream's Grip", "Goblin War Party", "Grizzly Bears",
              "Siege Wurm", "Gather Courage"]
    lands = ["Swamp", "Mountain", "Island", "Forest"]
    deck = Deck("extra costs", tuple((3, n) for n in spells) + tuple((4, n) for n in lands))
    with exercise.recording() as rec:
        for seed in range(6):
            g = Game.new(deck, deck, seed=seed)
            agents = [RandomAgent(seed), RandomAgent(seed + 50)]
            while g.pending is not None:
                g.push(agents[g.pending.player].choose(g, g.pending))
            assert g.result is not None
    assert {"entwine", "convoke"} <= set(rec["KEYWORDS"]) and "IfYouDo" in rec["EFFECTS"]
    assert {"SacrificeCost", "DiscardCost"} <= set(rec["ADDITIONAL_COST_PARTS"])


# ------------------------------------------------------------------------------ convoke


def test_convoke_taps_creatures_even_summoning_sick_ones():
    """Siege Wurm rulings 2018-10-05: creatures that came under your control this turn can
    convoke; each pays {1} or one mana of its color (CR 702.51a)."""
    g = board("""
  - name: Alice
    hand: [Siege Wurm]
    battlefield: [Forest, Forest, Forest, {card: Grizzly Bears, sick: true}, {card: Llanowar Elves, sick: true},
                  {card: Hill Giant, sick: true}, {card: Raging Goblin, sick: true}]
  - name: Bob
    battlefield: []
""")
    cast(g, "Siege Wurm")
    s = g.current_state()
    assert all(o.tapped for o in s.objs.values() if o.zone == "battlefield")
    log = g.explain()
    assert "Alice taps Grizzly Bears to convoke Siege Wurm, paying {G}" in log and "702.51a" in log
    assert s.stack[-1].label == "Siege Wurm"


def test_convoke_pays_colored_mana_only_with_a_creature_of_that_color():
    players = """
  - name: Alice
    hand: [Gather Courage]
    battlefield: [{card: %s, id: helper}]
  - name: Bob
    battlefield: []
"""
    assert cast_action(board(players % "Hill Giant"), "Gather Courage") is None      # red can't pay {G}
    g = board(players % "Grizzly Bears")
    cast(g, "Gather Courage")
    resolve(g)
    assert obj(g, "Grizzly Bears").tapped and "Gather Courage" in zone_names(g, 0, "graveyard")


def test_convoke_step_by_step_and_a_creature_tapped_for_mana_cant_convoke():
    """Meditation Puzzle ruling 2018-10-05: a creature tapped for mana while the spell is cast
    can't also convoke it. The game can be saved between the steps."""
    g = board("""
  - name: Alice
    hand: [Meditation Puzzle]
    battlefield: [Plains, Plains, Llanowar Elves, Savannah Lions, Grizzly Bears]
  - name: Bob
    battlefield: []
""")
    g.push(cast_action(g, "Meditation Puzzle"))
    pick(g, "activate Llanowar Elves")
    assert not any("tap Llanowar Elves" in a for a in labels(g))
    pick(g, "convoke: tap Savannah Lions to pay {W}")
    g = Game.from_json(g.to_json(), DB)
    assert "convoke: tap Grizzly Bears to pay {1}" in labels(g)
    g.push(Action("autopay"))
    assert g.current_state().players[0].pool.get("G", 0) == 0
    resolve(g)
    assert g.current_state().players[0].life == 28
