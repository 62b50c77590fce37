"""Triggers on what other objects do, and what those abilities do with the object they saw:
attaching the source to it (CR 701.3), returning the source from a graveyard to the
battlefield (CR 113.6k, 303.4f)."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, names, on_battlefield, pick, resolve, stack_labels


def test_stormrider_rig_may_move_to_the_creature_that_entered(corpus_db):
    """"Whenever a creature enters under your control, you may attach ~ to it": no target
    (CR 115.10); it moves only if its controller chooses to (CR 603.5)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Llanowar Elves, Elvish Mystic]
    battlefield: [Stormrider Rig, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Llanowar Elves")
    resolve(g)
    assert stack_labels(g) == ["Stormrider Rig's ability"]
    resolve(g)
    pick(g, "yes")
    rig, elves = on_battlefield(g, "Stormrider Rig")[0], on_battlefield(g, "Llanowar Elves")[0]
    assert rig.attached_to == elves.id
    cast_and_pay(g, "cast Elvish Mystic")
    resolve(g)
    resolve(g)
    pick(g, "no")
    assert on_battlefield(g, "Stormrider Rig")[0].attached_to == elves.id


def test_ronin_warclub_doesnt_move_to_a_creature_with_protection_from_artifacts(corpus_db):
    """Ronin Warclub's ruling: the trigger won't attach it to a creature that can't be equipped
    (CR 701.3b, 702.16d); it stays on the creature it equips."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Tel-Jilad Fallen]
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Ronin Warclub, attached_to: bears}, Forest, Forest, Forest, Swamp]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Tel-Jilad Fallen")
    resolve(g)
    assert stack_labels(g) == ["Ronin Warclub's ability"]
    resolve(g)
    assert on_battlefield(g, "Ronin Warclub")[0].attached_to == on_battlefield(g, "Grizzly Bears")[0].id


def test_illusory_gains_moves_to_the_opponents_new_creature(corpus_db):
    """Illusory Gains moves to the creature that entered under the opponent's control (its
    ability is mandatory), so control of the first creature returns to Bob (CR 613.1b)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Illusory Gains, attached_to: bears}]
  - name: Bob
    hand: [Llanowar Elves]
    battlefield: [{card: Grizzly Bears, id: bears}, Forest]
""", turn=4, active="Bob")
    assert on_battlefield(g, "Grizzly Bears")[0].controller == 0
    cast_and_pay(g, "cast Llanowar Elves")
    resolve(g)
    assert stack_labels(g) == ["Illusory Gains' ability"]
    resolve(g)
    s = g.current_state()
    elves, bears = on_battlefield(g, "Llanowar Elves")[0], on_battlefield(g, "Grizzly Bears")[0]
    assert on_battlefield(g, "Illusory Gains")[0].attached_to == elves.id
    assert [elves.controller, bears.controller] == [0, 1]
    assert "Llanowar Elves" in [s.objs[i].card.name for i in s.battlefield]
    assert names(g, 0, "graveyard") == []


def test_bloodghast_returns_from_the_graveyard_as_a_land_enters(corpus_db):
    """Landfall from the graveyard (CR 113.6k): Bloodghast returns under its owner's control
    when its controller chooses to (CR 603.5)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Swamp]
    graveyard: [Bloodghast]
  - name: Bob
""", turn=3)
    pick(g, "play Swamp")
    assert stack_labels(g) == ["Bloodghast's ability"]
    resolve(g)
    pick(g, "yes")
    assert [o.controller for o in on_battlefield(g, "Bloodghast")] == [0]
    assert names(g, 0, "graveyard") == []


def test_bloodghast_doesnt_trigger_on_the_battlefield(corpus_db):
    """The ability works only from the graveyard (CR 113.6m): on the battlefield, nothing."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Swamp]
    battlefield: [Bloodghast]
  - name: Bob
""", turn=3)
    pick(g, "play Swamp")
    assert stack_labels(g) == []


def test_dragon_fangs_returns_attached_to_the_big_creature(corpus_db):
    """"return ~ from your graveyard to the battlefield attached to that creature": the Aura
    enchants the creature the effect names, with no choice (CR 303.4f); even one Bob controls."""
    g = board(corpus_db, """
  - name: Alice
    graveyard: [Dragon Fangs]
  - name: Bob
    hand: [Craw Wurm]
    battlefield: [Forest, Forest, Forest, Forest, Forest, Forest, {card: Grizzly Bears}]
""", turn=4, active="Bob")
    cast_and_pay(g, "cast Craw Wurm")
    resolve(g)
    assert stack_labels(g) == ["Dragon Fangs' ability"]
    resolve(g)
    pick(g, "yes")
    fangs, wurm = on_battlefield(g, "Dragon Fangs")[0], on_battlefield(g, "Craw Wurm")[0]
    assert fangs.attached_to == wurm.id and fangs.controller == 0


def test_dragon_fangs_stays_in_the_graveyard_if_that_creature_is_gone(corpus_db):
    """The creature left before the ability resolved: the Aura has nothing it may enchant and
    stays in the graveyard (CR 303.4g), even though another creature is there."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Unsummon]
    battlefield: [Island, Grizzly Bears]
    graveyard: [Dragon Fangs]
  - name: Bob
    hand: [Craw Wurm]
    battlefield: [Forest, Forest, Forest, Forest, Forest, Forest]
""", turn=4, active="Bob")
    cast_and_pay(g, "cast Craw Wurm")
    resolve(g)
    assert stack_labels(g) == ["Dragon Fangs' ability"]
    g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    cast_and_pay(g, "cast Unsummon", "Craw Wurm")
    resolve(g)
    resolve(g)
    pick(g, "yes")
    assert on_battlefield(g, "Dragon Fangs") == []
    assert names(g, 0, "graveyard") == ["Dragon Fangs", "Unsummon"]


def test_reach_of_branches_returns_to_hand_as_a_forest_enters(corpus_db):
    """An instant's triggered ability that returns it from the graveyard works there
    (CR 113.6m): Reach of Branches comes back to its owner's hand."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Forest]
    graveyard: [Reach of Branches]
  - name: Bob
""", turn=3)
    pick(g, "play Forest")
    assert stack_labels(g) == ["Reach of Branches' ability"]
    resolve(g)
    pick(g, "yes")
    assert names(g, 0, "hand") == ["Reach of Branches"]


def test_reassembling_skeleton_returns_tapped_from_the_graveyard(corpus_db):
    """"{1}{B}: Return ~ from your graveyard to the battlefield tapped." is activated only
    while the card is in its owner's graveyard (CR 113.6m), and it enters tapped."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Swamp, Swamp]
    graveyard: [Reassembling Skeleton]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Reassembling Skeleton")
    resolve(g)
    skeleton = on_battlefield(g, "Reassembling Skeleton")
    assert [(o.controller, o.tapped) for o in skeleton] == [(0, True)]
    assert not any(a.label.startswith("activate Reassembling Skeleton") for a in g.legal_actions())


def test_vulturous_zombie_sees_cards_from_anywhere_but_not_tokens(corpus_db):
    """Vulturous Zombie's rulings: a card put into an opponent's graveyard from the hand or the
    battlefield triggers it (CR 400.3); a token dying doesn't (CR 108.2), nor a card of Alice's."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Shock, Shock, Mind Rot]
    battlefield: [Vulturous Zombie, Mountain, Mountain, Swamp, Swamp, Swamp]
  - name: Bob
    hand: [Island, Forest]
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Llanowar Elves, token: true}]
""", turn=3)
    cast_and_pay(g, "cast Shock", "Llanowar Elves")
    resolve(g)
    assert stack_labels(g) == [] and on_battlefield(g, "Llanowar Elves") == []
    cast_and_pay(g, "cast Shock", "Grizzly Bears")
    resolve(g)
    assert stack_labels(g) == ["Vulturous Zombie's ability"]
    resolve(g)
    assert on_battlefield(g, "Vulturous Zombie")[0].counters == {"+1/+1": 1}
    cast_and_pay(g, "cast Mind Rot", "Bob")
    resolve(g)                      # Bob discards two cards; Mind Rot is Alice's own card
    while g.pending.kind == "discard":
        g.push(g.legal_actions()[0])
    pick(g, "put the rest on the stack")
    assert stack_labels(g) == ["Vulturous Zombie's ability"] * 2
    resolve(g)
    resolve(g)
    assert on_battlefield(g, "Vulturous Zombie")[0].counters == {"+1/+1": 3}


def test_planar_void_exiles_other_cards_but_not_those_destroyed_with_it(corpus_db):
    """Planar Void exiles a card put into a graveyard after it; its rulings: it doesn't trigger
    on itself nor on cards put there at the same time, and not on the spell that destroyed it
    (CR 603.10a: no looking back)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Shock, Tranquility]
    battlefield: [Planar Void, Glorious Anthem, Mountain, Forest, Forest, Forest]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Shock", "Grizzly Bears")
    resolve(g)
    pick(g, "put the rest on the stack")
    assert stack_labels(g) == ["Planar Void's ability", "Planar Void's ability"]   # Bears, then Shock
    resolve(g)
    resolve(g)
    assert names(g, 1, "exile") == ["Grizzly Bears"] and names(g, 0, "exile") == ["Shock"]
    cast_and_pay(g, "cast Tranquility")
    resolve(g)
    assert stack_labels(g) == []
    assert names(g, 0, "graveyard") == ["Glorious Anthem", "Planar Void", "Tranquility"]


def test_wildgrowth_walker_sees_each_explore(corpus_db):
    """"Whenever a creature you control explores" (CR 701.44b): it triggers after the explore,
    whether it revealed a land (to the hand) or not (a +1/+1 counter, CR 701.44a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Merfolk Branchwalker, Merfolk Branchwalker]
    library: [Forest, Grizzly Bears]
    battlefield: [Wildgrowth Walker, Forest, Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Merfolk Branchwalker")
    resolve(g)
    resolve(g)                      # it explores: Forest, into the hand
    assert names(g, 0, "hand") == ["Forest", "Merfolk Branchwalker"]
    assert stack_labels(g) == ["Wildgrowth Walker's ability"]
    resolve(g)
    cast_and_pay(g, "cast Merfolk Branchwalker")
    resolve(g)
    resolve(g)                      # the second reveals Grizzly Bears: leave it on top
    pick(g, "leave it on top")
    assert stack_labels(g) == ["Wildgrowth Walker's ability"]
    resolve(g)
    assert on_battlefield(g, "Wildgrowth Walker")[0].counters == {"+1/+1": 2}
    assert g.current_state().players[0].life == 26
    assert sorted(o.counters.get("+1/+1", 0) for o in on_battlefield(g, "Merfolk Branchwalker")) == [0, 1]


def test_virulent_wound_poisons_the_controller_of_the_creature_that_died(corpus_db):
    """"When that creature dies this turn, its controller gets a poison counter": a delayed
    ability about the target (CR 603.7c); "its controller" is the controller of the creature
    as it last existed (CR 603.10a), Bob."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Virulent Wound]
    battlefield: [Swamp]
  - name: Bob
    battlefield: [Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Virulent Wound", "Llanowar Elves")
    resolve(g)                      # the Elves die with a -1/-1 counter (CR 704.5f)
    assert stack_labels(g) == ["Virulent Wound's delayed ability"]
    resolve(g)
    s = g.current_state()
    assert [p.poison for p in s.players] == [0, 1]


def test_otherworldly_outburst_only_for_that_creature_and_only_this_turn(corpus_db):
    """The delayed ability waits for the target alone (another creature dying doesn't trigger
    it), and only this turn (CR 603.7, 514.2)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Otherworldly Outburst, Shock, Shock]
    battlefield: [Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears, Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Otherworldly Outburst", "Grizzly Bears")
    resolve(g)
    cast_and_pay(g, "cast Shock", "Llanowar Elves")
    resolve(g)
    assert stack_labels(g) == []
    cast_and_pay(g, "cast Shock", "Grizzly Bears")
    resolve(g)
    assert stack_labels(g) == ["Otherworldly Outburst's delayed ability"]
    resolve(g)
    assert [o.controller for o in on_battlefield(g, "Eldrazi Horror Token")] == [0]


def test_death_frenzy_gains_life_for_each_creature_its_shrink_kills(corpus_db):
    """"Whenever a creature dies this turn, you gain 1 life": the creatures its own -2/-2 kills
    die after the delayed ability exists (CR 704.3, 603.7), so each one counts."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Death Frenzy]
    battlefield: [Swamp, Swamp, Swamp, Forest, Forest, Grizzly Bears]
  - name: Bob
    battlefield: [Llanowar Elves, Hill Giant]
""", turn=3)
    cast_and_pay(g, "cast Death Frenzy")
    resolve(g)
    pick(g, "put the rest on the stack")
    assert stack_labels(g) == ["Death Frenzy's delayed ability"] * 2
    resolve(g)
    resolve(g)
    assert g.current_state().players[0].life == 22
    assert on_battlefield(g, "Hill Giant") and not on_battlefield(g, "Grizzly Bears")
