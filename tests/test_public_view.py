"""The public view of a game mid-decision: while a card is being scried, cards are ordered or a
permanent entering asks a question, `current_state()`, `view()` and `describe()` keep every card
in its zone (CR 400.1, 701.22, 401.4, 614.12)."""
from __future__ import annotations

from manastack.fuzz import zone_problems
from manastack.scenario import Scenario

from .game_helpers import play


def _check_whole(game, library: int) -> None:
    s = game.current_state()
    assert zone_problems(s) == []
    assert len(s.players[0].library) == library
    assert game.view(0)["players"][0]["library_count"] == library
    assert f"{library} in library" in game.describe().splitlines()[1]


def test_scry_keeps_the_cards_in_the_library_while_deciding():
    game = play("""
cards:
  - name: Peek
    mana_cost: "{U}"
    type: Instant
    text: Scry 2.
players:
  - name: Alice
    hand: [Peek]
    library: [Island, Forest, Plains]
    battlefield: [Island]
  - name: Bob
    library: [Forest]
script:
  - cast: Peek
  - resolve
""")
    assert game.pending.kind == "scry"
    _check_whole(game, 3)
    game.push([a for a in game.legal_actions() if a.kind == "bottom"][0])
    assert game.pending.kind == "scry"
    _check_whole(game, 3)


def test_ordering_cards_keeps_them_in_the_library():
    game = play("""
players:
  - name: Alice
    hand: [Sage Owl]
    library: [Island, Forest, Plains, Swamp, Mountain]
    battlefield: [Island, Island, Island, Island]
  - name: Bob
    library: [Forest]
script:
  - cast: Sage Owl
  - resolve
  - resolve
""")
    assert game.pending.kind == "order_cards"
    _check_whole(game, 5)


def test_a_permanent_choosing_a_color_as_it_enters_stays_on_the_stack():
    game = play("""
players:
  - name: Alice
    hand: [Gauntlet of Power]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    library: [Forest]
script:
  - cast: Gauntlet of Power
  - pass
""")
    while game.pending.kind == "priority":
        game.push("pass priority")
    assert game.pending.kind == "choose_color"
    s = game.current_state()
    assert zone_problems(s) == []
    assert [i.label for i in s.stack] == ["Gauntlet of Power"]
    assert "stack (top first): Gauntlet of Power" in game.describe()
    game.push(game.legal_actions()[0])
    s = game.current_state()
    assert zone_problems(s) == [] and s.stack == []
    assert any(s.objs[i].card.name == "Gauntlet of Power" for i in s.battlefield)


def test_a_cipher_spell_stays_on_the_stack_while_its_controller_chooses():
    """CR 608.2n: leaving the stack is the last part of a spell's resolution, so while its
    controller chooses a creature to encode Hands of Binding on (CR 702.99a), the card is still
    on the stack, not in no zone."""
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Hands of Binding]
    battlefield: [Grizzly Bears, Island, Island]
  - name: Bob
    library: [Island]
    battlefield: [{card: Savannah Lions, id: lions}]
script:
  - cast: Hands of Binding
    target: lions
  - resolve
""")
    assert game.pending.kind == "cipher"
    s = game.current_state()
    assert zone_problems(s) == []
    assert [s.objs[i.source].card.name for i in s.stack] == ["Hands of Binding"]
    game.push(next(a for a in game.legal_actions() if a.kind == "encode"))
    s = game.current_state()
    assert s.stack == [] and [s.objs[i].card.name for i in s.players[0].exile] == ["Hands of Binding"]
