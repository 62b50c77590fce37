""""As ~ enters, choose an opponent." (CR 614.1c, 614.12) and "the chosen player" referring back
to that choice: Black Vise and The Rack in games of three and four players."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.scenario import Scenario

from .game_helpers import cast_and_pay

VISE = """
turn: 5
players:
  - name: Alice
    hand: [{card}]
    battlefield: [Island]
    library: [Island, Island, Island]
  - name: Bob
    hand: [Island, Island, Island, Island, Island, Island, Island]
    library: [Island, Island, Island]
  - name: Carol
    hand: [{carol}]
    library: [Island, Island, Island]
  - name: Dan
    hand: [Island, Island, Island, Island, Island, Island, Island]
    library: [Island, Island, Island]
"""


def game(db, card: str, carol_hand: int) -> Game:
    sc = Scenario.from_text(VISE.format(card=card, carol=", ".join(["Island"] * carol_hand)), cards=db)
    return Game.from_state(sc.state, sc.db)


def pass_to_upkeep_of(g: Game, player: int) -> None:
    """Everyone passes (discarding to hand size when asked) until ``player``'s upkeep trigger,
    if any, is on the stack or their draw step begins."""
    while True:
        s = g.current_state()
        if s.active == player and s.step in ("upkeep", "draw") and (s.stack or s.step == "draw"):
            return
        d = g.pending
        g.push(g.legal_actions()[0] if d.kind != "priority" else next(a for a in g.legal_actions() if a.kind == "pass"))


def test_only_an_opponent_may_be_chosen_and_the_chosen_players_upkeep_triggers(db):
    """Alice may choose Bob, Carol or Dan, not herself. Having chosen Carol, Black Vise does
    nothing in Bob's upkeep though he has seven cards; in Carol's, with seven cards in hand, it
    deals her 3 damage ("that player": the chosen player)."""
    g = game(db, "Black Vise", 7)
    cast_and_pay(g, "cast Black Vise")
    for _ in range(4):
        if g.pending.kind == "choose_player":
            break
        g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    assert g.pending.kind == "choose_player" and g.pending.prompt == "Choose an opponent for Black Vise"
    assert [a.label for a in g.legal_actions()] == ["Bob", "Carol", "Dan"]
    g.push(next(a for a in g.legal_actions() if a.label == "Carol"))
    assert any("chooses Carol for Black Vise" in e.text and "614.1c" in e.rules for e in g.log)
    pass_to_upkeep_of(g, 1)
    assert not g.current_state().stack
    pass_to_upkeep_of(g, 2)
    assert len(g.current_state().stack) == 1
    g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    while g.current_state().stack:
        g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    assert [p.life for p in g.current_state().players] == [20, 20, 17, 20]


def test_the_rack_counts_the_chosen_players_hand(db):
    """The Rack: 3 minus the cards in the chosen player's hand; Carol has one card: 2 damage."""
    g = game(db, "The Rack", 1)
    cast_and_pay(g, "cast The Rack")
    while g.pending.kind != "choose_player":
        g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    g.push(next(a for a in g.legal_actions() if a.label == "Carol"))
    pass_to_upkeep_of(g, 2)
    while g.current_state().stack:
        g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    assert [p.life for p in g.current_state().players] == [20, 20, 18, 20]


def test_nyxathid_counts_the_chosen_players_hand(db):
    """Nyxathid gets -1/-1 for each card in the chosen player's hand: Carol's three, not Bob's
    or Dan's seven."""
    sc = Scenario.from_text(VISE.format(card="Nyxathid", carol="Island, Island, Island").replace(
        "battlefield: [Island]", "battlefield: [Swamp, Swamp, Swamp]"), cards=db)
    g = Game.from_state(sc.state, sc.db)
    cast_and_pay(g, "cast Nyxathid")
    while g.pending.kind != "choose_player":
        g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    g.push(next(a for a in g.legal_actions() if a.label == "Carol"))
    s = g.current_state()
    nyx = next(o for o in s.permanents(0) if o.card.name == "Nyxathid")
    assert (ch.power(s, nyx), ch.toughness(s, nyx)) == (4, 4)


def test_entropic_specter_is_as_big_as_the_chosen_players_hand(db):
    """Entropic Specter's power and toughness (a characteristic-defining ability, CR 604.3)
    are the number of cards in the chosen player's hand: Carol's two."""
    sc = Scenario.from_text(VISE.format(card="Entropic Specter", carol="Island, Island").replace(
        "battlefield: [Island]", "battlefield: [{card: Swamp, count: 5}]"), cards=db)
    g = Game.from_state(sc.state, sc.db)
    cast_and_pay(g, "cast Entropic Specter")
    while g.pending.kind != "choose_player":
        g.push(next(a for a in g.legal_actions() if a.kind == "pass"))
    g.push(next(a for a in g.legal_actions() if a.label == "Carol"))
    s = g.current_state()
    specter = next(o for o in s.permanents(0) if o.card.name == "Entropic Specter")
    assert (ch.power(s, specter), ch.toughness(s, specter)) == (2, 2)
