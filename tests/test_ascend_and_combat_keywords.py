"""Keyword abilities run with real cards from the card corpus: ascend and the city's blessing
(CR 702.131), provoke (CR 702.39), melee (CR 702.121)."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.engine.view import player_view

from .game_helpers import (board, cast_and_pay, labels, names, on_battlefield, pass_until, pick, resolve,
                           stack_labels)
from .test_permanent_keywords import attack

ALICE, BOB = 0, 1
NINE_LANDS = "[Island, Island, Island, Island, Island, Island, Island, Island, Island]"


def permanent(g: Game, name: str):
    return next(o for o in g.current_state().permanents() if o.card.name == name)


# ------------------------------------------------------------------------------ ascend (CR 702.131)


def test_ascend_on_a_permanent_gives_the_blessing_at_ten_permanents(db):
    """Spire Winder (2/3, ascend, +1/+1 with the city's blessing) enters as Alice's tenth
    permanent: she gets the city's blessing (CR 702.131b) and it is 3/4; Bob, with none, doesn't."""
    g = board(db, f"""
  - name: Alice
    hand: [Spire Winder]
    battlefield: {NINE_LANDS}
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Spire Winder")
    resolve(g)
    s = g.current_state()
    assert s.players[ALICE].city_blessing and not s.players[BOB].city_blessing
    winder = permanent(g, "Spire Winder")
    assert (ch.power(s, winder), ch.toughness(s, winder)) == (3, 4)
    assert player_view(s, BOB)["players"][ALICE]["city_blessing"] is True     # public (CR 702.131c)


def test_ascend_needs_ten_permanents(db):
    """Nine permanents with Spire Winder: no blessing, it stays 2/3 (CR 702.131b)."""
    g = board(db, """
  - name: Alice
    hand: [Spire Winder]
    battlefield: [Island, Island, Island, Island, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Spire Winder")
    resolve(g)
    s = g.current_state()
    winder = permanent(g, "Spire Winder")
    assert not s.players[ALICE].city_blessing
    assert (ch.power(s, winder), ch.toughness(s, winder)) == (2, 3)


def test_ascend_on_a_sorcery_and_the_blessing_is_kept_and_saved(db):
    """Secrets of the Golden City with ten permanents: ascend, first, gives Alice the blessing as
    it resolves (CR 702.131a), so she draws three cards instead of two; a save keeps it."""
    g = board(db, f"""
  - name: Alice
    hand: [Secrets of the Golden City]
    battlefield: [Island, {NINE_LANDS[1:]}
    library: [Forest, Forest, Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Secrets of the Golden City")
    resolve(g)
    s = g.current_state()
    assert s.players[ALICE].city_blessing
    assert names(g, ALICE, "hand") == ["Forest", "Forest", "Forest"]
    loaded = Game.from_json(g.to_json(), db)          # the schema checks the field
    assert loaded.current_state().players[ALICE].city_blessing


def test_ascend_on_a_sorcery_below_ten_permanents(db):
    """Nine permanents: no blessing, Secrets of the Golden City draws two (CR 702.131a)."""
    g = board(db, f"""
  - name: Alice
    hand: [Secrets of the Golden City]
    battlefield: {NINE_LANDS}
    library: [Forest, Forest, Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Secrets of the Golden City")
    resolve(g)
    assert not g.current_state().players[ALICE].city_blessing
    assert names(g, ALICE, "hand") == ["Forest", "Forest"]


def test_the_blessing_stays_when_permanents_leave(db):
    """Wayward Swordtooth can't attack unless Alice has the city's blessing. She gets it with ten
    permanents, then Shocks her own Grizzly Bears: with nine permanents left she keeps it, for the
    rest of the game (CR 702.131b-c), and the Swordtooth may attack."""
    g = board(db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Wayward Swordtooth, Grizzly Bears, Mountain, Island, Island, Island, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    assert g.current_state().players[ALICE].city_blessing
    cast_and_pay(g, "cast Shock", "Grizzly Bears")
    resolve(g)
    assert names(g, ALICE, "graveyard") == ["Grizzly Bears", "Shock"]
    assert g.current_state().players[ALICE].city_blessing
    pass_until(g, "attackers")
    assert any("Wayward Swordtooth" in x for x in labels(g))


def test_without_the_blessing_wayward_swordtooth_cant_attack(db):
    """Nine permanents: no blessing, so Wayward Swordtooth can't attack (CR 508.1c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Wayward Swordtooth, Grizzly Bears, Island, Island, Island, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    pass_until(g, "attackers")
    assert not g.current_state().players[ALICE].city_blessing
    assert not any("Wayward Swordtooth" in x for x in labels(g))
    assert any("Grizzly Bears" in x for x in labels(g))


# ------------------------------------------------------------------------------ provoke (CR 702.39)


def _blockers(g: Game) -> list[str]:
    while g.pending.kind != "blockers":
        g.push(Action("pass"))
    return sorted(a.label for a in g.legal_actions())


def test_provoke_untaps_the_target_which_must_block(db):
    """Goblin Grappler (1/1, provoke) attacks; Alice has Bob's tapped Grizzly Bears untap and
    block it if able (CR 702.39a): the Bears block the Grappler, Bob's Llanowar Elves stay free."""
    g = board(db, """
  - name: Alice
    battlefield: [Goblin Grappler]
  - name: Bob
    battlefield: [{card: Grizzly Bears, tapped: true}, Llanowar Elves]
""", step="beginning_of_combat", turn=3)
    attack(g, "Goblin Grappler")
    assert g.pending.kind == "targets"
    pick(g, "target Grizzly Bears")
    assert stack_labels(g) == ["Goblin Grappler's ability"]
    resolve(g)
    assert g.pending.kind == "may"
    g.push(Action("yes"))
    assert not on_battlefield(g, "Grizzly Bears")[0].tapped
    assert _blockers(g) == ["Llanowar Elves blocks Goblin Grappler", "no more blockers"]
    pick(g, "no more blockers")
    assert "Grizzly Bears blocks Goblin Grappler" in g.explain()


def test_provoke_declined_leaves_the_creature_tapped_and_free(db):
    """Alice may decline (CR 702.39a: "you may"): the Bears stay tapped and nothing must block."""
    g = board(db, """
  - name: Alice
    battlefield: [Goblin Grappler]
  - name: Bob
    battlefield: [{card: Grizzly Bears, tapped: true}, Llanowar Elves]
""", step="beginning_of_combat", turn=3)
    attack(g, "Goblin Grappler")
    pick(g, "target Grizzly Bears")
    resolve(g)
    g.push(Action("no"))
    assert on_battlefield(g, "Grizzly Bears")[0].tapped
    assert _blockers(g) == ["Llanowar Elves blocks Goblin Grappler", "don't block"]


# ------------------------------------------------------------------------------ melee (CR 702.121)


def test_melee_counts_the_opponent_attacked(db):
    """Wings of the Guard (1/1 flying, melee) attacks Bob with Grizzly Bears: one opponent
    attacked, however many creatures attack him, so +1/+1 until end of turn (CR 702.121a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Wings of the Guard, Grizzly Bears]
  - name: Bob
""", step="beginning_of_combat", turn=3)
    attack(g, "Wings of the Guard", "Grizzly Bears")
    assert stack_labels(g) == ["Wings of the Guard's ability"]
    resolve(g)
    s = g.current_state()
    wings = on_battlefield(g, "Wings of the Guard")[0]
    assert (ch.power(s, wings), ch.toughness(s, wings)) == (2, 2)
