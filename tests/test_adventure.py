"""Adventurer cards (CR 715) with a real card, Rimrock Knight // Boulder Rush, and its rulings."""
from __future__ import annotations

from manastack import Game
from manastack.cards import default_db
from manastack.decks import Deck
from manastack.engine.mechanics import adventure
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .mana_helpers import board

DB = default_db()


def knight_game(hand: str = "[Rimrock Knight]") -> Game:
    return board(f"""  - name: Alice
    hand: {hand}
    library: [Forest, Forest]
    battlefield: [Grizzly Bears, Mountain, Mountain, Mountain]
  - name: Bob
    library: [Island, Island]
""", turn=3)


def kinds_for(g: Game, name: str) -> set[str]:
    s = g.current_state()
    return {a.kind for a in g.legal_actions() if a.args and a.args[0] in s.objs
            and s.objs[a.args[0]].card.name == name}


def cast_adventure_on_bears(g: Game) -> None:
    g.push(next(a for a in g.legal_actions() if a.kind == "cast_adventure"))
    s = g.current_state()
    if g.pending.kind != "pay":       # the Bears are the only creature: a target chosen alone
        g.push(next(a for a in g.legal_actions() if a.args and a.args[0] in s.objs
                    and s.objs[a.args[0]].card.name == "Grizzly Bears"))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))


def test_the_card_and_its_adventure():
    knight = DB.get("Rimrock Knight")
    assert knight.adventure.name == "Boulder Rush" and knight.adventure.main is knight
    assert knight.fully_supported and knight.adventure.fully_supported
    assert Deck.parse("4 Rimrock Knight\n", db=DB).entries == ((4, "Rimrock Knight // Boulder Rush"),)


def test_from_the_hand_either_the_creature_or_the_adventure():
    """CR 715.3: the player chooses to cast the card normally or as an Adventure."""
    g = knight_game()
    assert kinds_for(g, "Rimrock Knight") >= {"cast", "cast_adventure"}
    label = next(a.label for a in g.legal_actions() if a.kind == "cast_adventure")
    assert label == "cast Boulder Rush, the Adventure of Rimrock Knight"


def test_on_the_stack_only_the_adventures_characteristics():
    """CR 715.3b: an instant with mana value 1, named Boulder Rush; elsewhere the creature."""
    g = knight_game()
    cast_adventure_on_bears(g)
    s = g.current_state()
    spell = s.objs[s.stack[-1].source]
    assert spell.card.name == "Boulder Rush" and adventure.is_adventure(spell)
    assert spell.card.types == ("Instant",) and ch.mana_value(spell) == 1
    assert s.stack[-1].label == "Boulder Rush"


def test_resolved_adventure_is_exiled_and_castable_only_as_the_creature():
    """CR 715.3d: exiled as it resolves; from exile it may be cast, not as the Adventure."""
    g = knight_game()
    cast_adventure_on_bears(g)
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    (exiled,) = [s.objs[i] for i in s.players[0].exile]
    assert exiled.card.name == "Rimrock Knight" and not adventure.is_adventure(exiled)
    assert kinds_for(g, "Rimrock Knight") == {"cast"}
    why = g.why_not(Action("cast_adventure", (exiled.id,)))
    assert "hand" in why and "715.3" in why
    # the permission lasts while the card stays exiled, past this turn (CR 715.3d)
    again = Game.from_json(g.to_json(), g.db)
    assert kinds_for(again, "Rimrock Knight") == {"cast"}


def test_an_exiled_adventurer_without_the_permission_cant_be_cast():
    """Only an Adventure that exiled itself as it resolved gives the permission (ruling)."""
    g = board("""  - name: Alice
    exile: [Rimrock Knight]
    battlefield: [Mountain, Mountain]
  - name: Bob
""", turn=3)
    assert "cast" not in kinds_for(g, "Rimrock Knight")
