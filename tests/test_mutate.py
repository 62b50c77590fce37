"""Mutate (CR 702.140) and merged permanents (CR 729) with real cards from the card corpus. The
scenarios/cards/cr-702-140-*, cr-702-140b-*, cr-702-140d-* and cr-729-3-* files play Dreamtail
Heron, Gemrazer, Glowstone Recluse with Essence Symbiote, and Vulpikeet."""
from __future__ import annotations

import pytest

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.costs.alternative import alternatives
from manastack.engine.decisions import Action, DecisionKind
from manastack.engine.filters import legal_targets
from manastack.engine.mechanics.merged import times_mutated
from manastack.engine.targets import MUTATE_TARGET
from manastack.fuzz import play_game

from . import game_helpers

ALICE, BOB = 0, 1


def board(db, players: str) -> Game:
    return game_helpers.board(db, players, turn=3)


def named(s, name: str):
    return next(o for o in s.objs.values() if o.card.name == name and o.zone == "battlefield")


def cast_mutating(g: Game, target_name: str, where: str = "over") -> None:
    """Cast the first card in hand for its mutate cost onto ``target_name``, let it resolve and
    put it ``where`` ("over" or "under")."""
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    while g.pending.kind != "priority":
        d = g.pending
        if d.kind == "alternative_cost":
            g.push(next(a for a in g.legal_actions() if a.kind == "alternative" and a.args == ("mutate",)))
        elif d.kind == "targets":
            g.push(next(a for a in g.legal_actions() if a.label == f"target {target_name}"))
        else:
            g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == DecisionKind.MUTATE       # CR 702.140c: its controller chooses
    g.push(Action(where))


def test_mutate_target_is_a_non_human_creature_with_the_same_owner(db):
    """CR 702.140a: a Human (Elite Vanguard) can't be targeted, nor a creature another player owns,
    even one Alice controls (the Bears Bob owns); with no other creature, mutate isn't offered."""
    g = board(db, """
  - name: Alice
    hand: [Dreamtail Heron]
    battlefield: [Island, Island, Island, Island, Elite Vanguard, {card: Grizzly Bears, owner: Bob}]
  - name: Bob
    battlefield: [Llanowar Elves]
""")
    s = g.current_state()
    heron = s.objs[s.players[ALICE].hand[0]]
    assert legal_targets(s, MUTATE_TARGET, heron, ALICE) == []
    assert alternatives(s, ALICE, heron) == []
    g = board(db, """
  - name: Alice
    hand: [Dreamtail Heron]
    battlefield: [Island, Island, Island, Island, Elite Vanguard, Llanowar Elves]
  - name: Bob
""")
    s = g.current_state()
    heron = s.objs[s.players[ALICE].hand[0]]
    assert [s.objs[t].card.name for t in legal_targets(s, MUTATE_TARGET, heron, ALICE)] == ["Llanowar Elves"]
    assert alternatives(s, ALICE, heron) == ["mutate"]


def test_merged_permanent_is_the_same_object_with_its_status(db):
    """CR 729.2c: the merged creature is the object that was there: tapped, damaged, still
    enchanted, counters kept, not summoning sick anew; its mana value is the top card's
    (CR 702.140e, 729.2a), and it has mutated once."""
    g = board(db, """
  - name: Alice
    hand: [Cubwarden]
    battlefield: [Plains, Plains, Plains, Plains, {card: Grizzly Bears, tapped: true, damage: 1, counters: {+1/+1: 2}},
                  {card: Rancor, attached_to: Grizzly Bears}]
  - name: Bob
""")
    bears = named(g.current_state(), "Grizzly Bears").id
    cast_mutating(g, "Grizzly Bears", "over")
    s = g.current_state()
    o = s.objs[bears]
    assert o.card.name == "Cubwarden" and o.zone == "battlefield"
    assert o.tapped and o.damage == 1 and o.counters == {"+1/+1": 2} and o.control_since < s.turn
    assert named(s, "Rancor").attached_to == bears
    assert ch.power_toughness(s, o) == (3 + 2 + 2, 5 + 2)       # Cubwarden 3/5, counters, Rancor
    assert ch.mana_value(o) == 4 and times_mutated(o) == 1
    assert "lifelink" in ch.keywords(s, o) and "trample" in ch.keywords(s, o)
    g.push(Action("pass"))
    g.push(Action("pass"))                     # the mutate trigger: two Cats (CR 702.140d)
    assert sum(1 for p in g.current_state().permanents(ALICE) if p.card.name == "Cat Token") == 2


def test_mutating_under_keeps_the_top_card_and_adds_the_abilities(db):
    """CR 702.140e: under the Bears, Vulpikeet gives its flying and its trigger; the creature is
    still a 2/2 Grizzly Bears with the Bears' mana value."""
    g = board(db, """
  - name: Alice
    hand: [Vulpikeet]
    battlefield: [Plains, Plains, Plains, Grizzly Bears]
  - name: Bob
""")
    cast_mutating(g, "Grizzly Bears", "under")
    s = g.current_state()
    o = named(s, "Grizzly Bears")
    assert [p.card.name for p in o.merged] == ["Grizzly Bears", "Vulpikeet"]
    assert ch.power_toughness(s, o) == (2, 2) and ch.mana_value(o) == 2 and "flying" in ch.keywords(s, o)
    assert s.pending_triggers or s.stack      # "Whenever this creature mutates" (CR 702.140d)


def test_merged_permanent_saves_and_leaves_with_all_its_cards(db):
    """A save keeps the components; bounced, each card goes to the hand as a new object
    (CR 729.3, 400.7), and a copy of the game made before the bounce still has the merged
    creature (copy on write)."""
    g = board(db, """
  - name: Alice
    hand: [Pouncing Shoreshark]
    battlefield: [Island, Island, Island, Island, Grizzly Bears]
  - name: Bob
    hand: [Unsummon]
    battlefield: [Island]
""")
    cast_mutating(g, "Grizzly Bears", "over")
    while g.pending.kind != "priority" or g.current_state().stack:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    g = Game.from_json(g.to_json(), g.db)
    s = g.current_state()
    o = named(s, "Pouncing Shoreshark")
    assert [p.card.name for p in o.merged] == ["Pouncing Shoreshark", "Grizzly Bears"]
    assert "flash" in ch.keywords(s, o)
    before = g.copy()
    g.push(Action("pass"))                      # to Bob: Unsummon at instant speed
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    hand = sorted(s.objs[i].card.name for i in s.players[ALICE].hand)
    assert hand == ["Grizzly Bears", "Pouncing Shoreshark"]
    assert all(s.objs[i].merged == () for i in s.players[ALICE].hand)
    assert o.id not in s.objs
    kept = before.current_state()
    assert kept.objs[o.id].merged and len(kept.objs[o.id].merged) == 2


def test_a_token_component_ceases_to_exist(db):
    """CR 729.3, 111.8: the merged permanent dies; its card goes to the graveyard, the token it
    was mutated onto (under it, so the permanent is no token, CR 729.2d) does not."""
    g = board(db, """
  - name: Alice
    hand: [Majestic Auricorn]
    battlefield: [Plains, Plains, Plains, Plains, {card: Grizzly Bears, token: true}]
  - name: Bob
    hand: [Murder]
    battlefield: [Swamp, Swamp, Swamp]
""")
    cast_mutating(g, "Grizzly Bears", "over")
    s = g.current_state()
    o = named(s, "Majestic Auricorn")
    assert not o.is_token
    while g.pending.kind != "priority" or g.current_state().stack:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    assert g.current_state().players[ALICE].life == 24
    g.push(Action("pass"))
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[ALICE].graveyard] == ["Majestic Auricorn"]
    assert not any(x.card.name == "Grizzly Bears" for x in s.objs.values())


def test_a_clone_copies_the_merged_characteristics(db):
    """CR 707.2, 729.2a: a copy of a merged permanent copies its merged characteristics: the top
    card's with every component's abilities; the copy itself has not mutated."""
    g = board(db, """
  - name: Alice
    hand: [Vulpikeet, Clone]
    battlefield: [Plains, Plains, Plains, Island, Island, Island, Island, Grizzly Bears]
  - name: Bob
""")
    cast_mutating(g, "Grizzly Bears", "under")
    while g.pending.kind != "priority" or g.current_state().stack:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    g.push(next(a for a in g.legal_actions() if a.label == "cast Clone"))
    while g.pending.kind != "priority":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    while g.pending.kind != "priority":       # enter as a copy of the merged Grizzly Bears
        g.push(next(a for a in g.legal_actions() if a.label.endswith("Grizzly Bears")))
    s = g.current_state()
    bears = [p for p in s.permanents(ALICE) if p.card.name == "Grizzly Bears"]
    assert len(bears) == 2
    clone = next(p for p in bears if not p.merged)
    assert clone.printed.name == "Clone" and ch.power_toughness(s, clone) == (2, 2)
    assert "flying" in ch.keywords(s, clone) and times_mutated(clone) == 0


MUTATE_DECK = ["Dreamtail Heron", "Gemrazer", "Vulpikeet", "Cubwarden", "Majestic Auricorn", "Glowstone Recluse",
               "Essence Symbiote", "Pouncing Shoreshark", "Regal Leosaur", "Zagoth Mamba", "Mysterious Egg",
               "Sea-Dasher Octopus", "Trumpeting Gnarr", "Grizzly Bears", "Llanowar Elves", "Murder", "Unsummon",
               "Clone"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1])
def test_random_games_with_mutate_cards_keep_every_invariant(db, seed):
    """Random decks of mutate cards played with every fuzz check at every decision: cards
    conserved (a merged permanent holds several, CR 729.2), push and pop exact, saves that
    continue the same; and creatures do mutate."""
    assert all(db.get(n).fully_supported for n in MUTATE_DECK)
    game = play_game(db, MUTATE_DECK, seed, max_actions=400, must_end=False)
    assert "mutates" in game.explain()


def test_a_flickered_merged_creature_returns_as_each_of_its_cards(db):
    """CR 729.3c: Cloudshift exiles the merged creature and returns "that card": the effect finds
    every card it became, and each returns as a creature of its own; Vulpikeet enters and can be
    seen entering (Soul Warden gains life twice)."""
    g = board(db, """
  - name: Alice
    hand: [Vulpikeet, Cloudshift]
    battlefield: [Plains, Plains, Plains, Plains, Grizzly Bears, Soul Warden]
  - name: Bob
""")
    cast_mutating(g, "Grizzly Bears", "under")
    while g.pending.kind != "priority" or g.current_state().stack:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    s = g.current_state()
    assert s.players[ALICE].life == 20          # merging is no entering (CR 729.2b)
    g.push(next(a for a in g.legal_actions() if a.label == "cast Cloudshift"))
    while g.pending.kind != "priority":
        d = g.pending
        g.push(next(a for a in g.legal_actions() if a.label == "target Grizzly Bears") if d.kind == "targets"
               else Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    while g.pending.kind != "priority" or g.current_state().stack:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    s = g.current_state()
    names = sorted(p.card.name for p in s.permanents(ALICE) if "Creature" in p.card.types)
    assert names == ["Grizzly Bears", "Soul Warden", "Vulpikeet"]
    assert all(not p.merged for p in s.permanents(ALICE)) and s.players[ALICE].exile == []
    assert s.players[ALICE].life == 22


def test_porcuparrot_deals_damage_equal_to_the_times_it_mutated(db):
    """"Where X is the number of times this creature has mutated" (CR 702.140): Porcuparrot on top
    of the Bears, which have been Alice's since her turn began, taps at once for 1 damage."""
    g = board(db, """
  - name: Alice
    hand: [Porcuparrot]
    battlefield: [Mountain, Mountain, Mountain, Grizzly Bears]
  - name: Bob
""")
    cast_mutating(g, "Grizzly Bears", "over")
    s = g.current_state()
    parrot = named(s, "Porcuparrot")
    assert times_mutated(parrot) == 1
    g.push(next(a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == parrot.id))
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if a.label == "target Bob"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().players[BOB].life == 19


def test_where_x_is_read_only_where_x_is_an_amount():
    """X defined by "where X is ..." replaces amounts; a sentence with no X, or X as a number of
    targets, is refused (never half-compiled)."""
    from manastack.cards import CardDef

    def card(text: str):
        return CardDef.from_face({"name": "Some Beast", "type": "Creature — Beast", "types": ["Creature"],
                                  "subtypes": ["Beast"], "power": "1", "toughness": "1", "text": text})

    tail = ", where X is the number of times this creature has mutated."
    ok = card("Whenever this creature mutates, you gain X life" + tail)
    assert not ok.unsupported
    assert repr(ok.abilities[0].effects[0].amount) == "TimesMutated()"
    assert card("Whenever this creature mutates, you gain 2 life" + tail).unsupported
    assert card("Whenever this creature mutates, tap up to X target creatures" + tail).unsupported


def test_brokkos_is_cast_from_the_graveyard_only_for_its_mutate_cost(db):
    """Brokkos's rulings: from the graveyard only its mutate cost may be paid, which needs a target
    (CR 702.140a); with only a Human creature it can't be cast from there, and the reason says so."""
    from manastack.engine.legality import why_not_cast

    g = board(db, """
  - name: Alice
    graveyard: ["Brokkos, Apex of Forever"]
    battlefield: [Forest, Forest, Island, Swamp, Swamp, Island, Elite Vanguard]
  - name: Bob
""")
    s = g.current_state()
    brokkos = s.objs[s.players[ALICE].graveyard[0]]
    assert "only for its mutate cost" in why_not_cast(s, ALICE, brokkos)
    assert not any(a.kind == "cast" for a in g.legal_actions())
    g = board(db, """
  - name: Alice
    graveyard: ["Brokkos, Apex of Forever"]
    battlefield: [Forest, Forest, Island, Swamp, Swamp, Island, Llanowar Elves]
  - name: Bob
""")
    [cast] = [a for a in g.legal_actions() if a.kind == "cast"]
    assert cast.label == "cast Brokkos, Apex of Forever from the graveyard for its mutate cost {2}{U/B}{G}{G}"
    g.push(cast)
    assert g.pending.kind == "pay"            # no question of cost: mutate it is; the Elves targeted
    assert g.current_state().objs[g.current_state().stack[0].source].cast_costs == ("mutate", "from_graveyard")
