"""Keyword abilities players meet every game, run with real cards from the card corpus and
their official rulings (cited by date, paraphrased): affinity (CR 702.41), improvise
(CR 702.126), delve (CR 702.66). The scenarios/cards/ files play the main cases."""
from __future__ import annotations

import pytest

from manastack import Game
from manastack.engine.decisions import Action
from manastack.engine.legality import why_not_cast
from manastack.scenario import Scenario

ALICE, BOB = 0, 1


@pytest.fixture(scope="module")
def db(corpus_db):
    return corpus_db


def board(db, players: str, **top) -> Game:
    """A game at Alice's first main phase from the ``players:`` part of a scenario."""
    head = "".join(f"{k}: {v}\n" for k, v in top.items())
    sc = Scenario.from_text(f"{head}players:\n{players}", cards=db)
    return Game.from_state(sc.state, sc.db)


def labels(g: Game) -> list[str]:
    return [a.label for a in g.legal_actions()]


def cast_action(g: Game, name: str) -> Action | None:
    s = g.current_state()
    return next((a for a in g.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name == name), None)


def pick(g: Game, label: str) -> None:
    g.push(next(a for a in g.legal_actions() if a.label.startswith(label)))


def resolve(g: Game) -> None:
    g.push(Action("pass"))
    g.push(Action("pass"))


def names(g: Game, player: int, zone: str) -> list[str]:
    s = g.current_state()
    return sorted(s.objs[i].card.name for i in s.players[player].zone(zone))


def on_battlefield(g: Game, name: str):
    s = g.current_state()
    return [o for o in s.objs.values() if o.zone == "battlefield" and o.card.name == name]


# ------------------------------------------------------------------------------ affinity


def test_affinity_takes_one_off_per_artifact(db):
    """Frogmite ({4}, affinity for artifacts) with four artifacts costs {0} (CR 702.41a); the
    reduction takes off generic mana only, so Thoughtcast's {U} stays (CR 118.7a)."""
    g = board(db, """
  - name: Alice
    hand: [Frogmite, Thoughtcast]
    library: [Island, Island, Island]
    battlefield: [Island, Ornithopter, Ornithopter, Ornithopter, Ornithopter]
  - name: Bob
""")
    g.push(cast_action(g, "Frogmite"))
    assert g.pending.kind == "priority"          # nothing to pay
    assert "minus {4} from affinity for artifacts" in g.explain()
    resolve(g)
    assert len(on_battlefield(g, "Frogmite")) == 1
    g.push(cast_action(g, "Thoughtcast"))        # five artifacts now: {4}{U} less {5} is {U}
    g.push(Action("autopay"))
    assert next(o for o in g.current_state().objs.values() if o.card.name == "Island"
                and o.zone == "battlefield").tapped
    resolve(g)
    assert len(names(g, ALICE, "hand")) == 2


def test_affinity_counts_only_your_artifacts(db):
    g = board(db, """
  - name: Alice
    hand: [Frogmite]
    battlefield: [Ornithopter, Forest, Forest]
  - name: Bob
    battlefield: [Ornithopter, Ornithopter]
""")
    assert cast_action(g, "Frogmite") is None    # {3} left, two lands
    s = g.current_state()
    why = why_not_cast(s, ALICE, s.objs[s.players[ALICE].hand[0]])
    assert "{1}" in why and "minus {1} from affinity for artifacts" in why


# ------------------------------------------------------------------------------ improvise


def test_improvise_taps_artifacts_for_generic_mana_only(db):
    """Sweatworks Brawler {3}{R}: a Mountain pays {R}, three artifacts the {3}; an artifact
    can't pay colored mana (CR 702.126a), and summoning sickness doesn't matter."""
    g = board(db, """
  - name: Alice
    hand: [Sweatworks Brawler]
    battlefield: [Mountain, {card: Ornithopter, sick: true}, Ornithopter, Ornithopter]
  - name: Bob
""")
    g.push(cast_action(g, "Sweatworks Brawler"))
    assert "improvise: tap Ornithopter to pay {1}" in labels(g)
    g.push(Action("autopay"))
    resolve(g)
    assert len(on_battlefield(g, "Sweatworks Brawler")) == 1
    assert all(o.tapped for o in on_battlefield(g, "Ornithopter"))
    assert "to improvise Sweatworks Brawler, paying {1}" in g.explain()
    g2 = board(db, """
  - name: Alice
    hand: [Sweatworks Brawler]
    battlefield: [Forest, Ornithopter, Ornithopter, Ornithopter, Ornithopter]
  - name: Bob
""")
    assert cast_action(g2, "Sweatworks Brawler") is None      # {R} needs a red source


def test_improvise_step_by_step(db):
    g = board(db, """
  - name: Alice
    hand: [Reverse Engineer]
    library: [Island, Island, Island]
    battlefield: [Island, Island, Ornithopter, Ornithopter, Ornithopter]
  - name: Bob
""")
    g.push(cast_action(g, "Reverse Engineer"))
    for _ in range(3):
        pick(g, "improvise: tap Ornithopter")
    g = Game.from_json(g.to_json(), db)
    assert not any(lab.startswith("improvise") for lab in labels(g))   # the generic part is paid
    g.push(Action("autopay"))
    resolve(g)
    assert len(names(g, ALICE, "hand")) == 3


# ------------------------------------------------------------------------------ delve


def test_delve_exiles_graveyard_cards_for_generic_mana(db):
    """Treasure Cruise {7}{U}: one Island and seven cards exiled from the graveyard (CR 702.66a)."""
    g = board(db, """
  - name: Alice
    hand: [Treasure Cruise]
    library: [Island, Island, Island]
    graveyard: [Shock, Shock, Shock, Shock, Grizzly Bears, Grizzly Bears, Forest]
    battlefield: [Island]
  - name: Bob
""")
    g.push(cast_action(g, "Treasure Cruise"))
    g.push(Action("autopay"))
    assert names(g, ALICE, "graveyard") == []
    assert len(names(g, ALICE, "exile")) == 7
    resolve(g)
    assert len(names(g, ALICE, "hand")) == 3 and names(g, ALICE, "graveyard") == ["Treasure Cruise"]


def test_delve_cant_pay_colored_mana_and_the_player_chooses_the_cards(db):
    """Murderous Cut {4}{B}: the {B} must be mana; Gurmag Angler ruling: delve pays only generic
    mana of the total cost, and the player picks which cards to exile."""
    players = """
  - name: Alice
    hand: [Murderous Cut]
    graveyard: [Shock, Shock, Shock, Shock, Forest]
    battlefield: [%s]
  - name: Bob
    battlefield: [Grizzly Bears]
"""
    assert cast_action(board(db, players % "Forest"), "Murderous Cut") is None
    g = board(db, players % "Swamp")
    g.push(cast_action(g, "Murderous Cut"))
    if g.pending.kind == "targets":
        g.push(g.legal_actions()[0])
    pick(g, "delve: exile Forest")
    for _ in range(3):
        pick(g, "delve: exile Shock")
    g.push(Action("autopay"))
    resolve(g)
    assert names(g, ALICE, "graveyard") == ["Murderous Cut", "Shock"]
    assert names(g, BOB, "graveyard") == ["Grizzly Bears"]
