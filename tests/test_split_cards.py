"""Split cards (CR 709), fuse (CR 702.102) and aftermath (CR 702.127), with real cards."""
from __future__ import annotations

from manastack import Game
from manastack.cards import default_db
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .mana_helpers import board

DB = default_db()


def test_a_split_card_has_both_halves_characteristics_outside_the_stack():
    """CR 709.4: both names, mana values added, both colors."""
    card = DB.get("Wear // Tear")
    assert [h.name for h in card.halves] == ["Wear", "Tear"]
    assert card.mana_cost.mana_value() == 3 and card.colors == ("W", "R")
    assert DB.get("Wear").main is card and DB.resolve("wear/tear") == "Wear // Tear"
    spell = card.fused.abilities[0]
    assert len(spell.targets) == 2 and [e.what.index for e in spell.effects] == [0, 1]


def test_corpus_split_cards(corpus_db):
    whole = corpus_db.get("Never // Return")
    assert whole.halves[0] is corpus_db.get("Never (Never/Return)") and whole.fully_supported
    assert corpus_db.resolve("Return (Never/Return)") == "Never // Return"
    assert corpus_db.get("Alive // Well").fused is not None


def wear_tear_game() -> Game:
    return board("""  - name: Alice
    hand: [Wear // Tear]
    battlefield: [Mountain, Mountain, Plains, Grizzly Bears]
  - name: Bob
    battlefield: [Sol Ring, {card: Pacifism, attached_to: Grizzly Bears}]
""", turn=3)


def labels(g: Game) -> set[str]:
    return {a.label for a in g.legal_actions() if a.kind.startswith("cast")}


def test_either_half_or_both_fused_from_the_hand():
    """CR 709.3, 702.102a; the whole card can't be cast as such."""
    assert labels(wear_tear_game()) == {"cast Wear", "cast Tear", "cast Wear // Tear fused, both halves"}


def test_on_the_stack_a_half_or_the_fused_spell():
    """CR 709.3b: only the half's characteristics; a fused spell's mana value is both (ruling)."""
    g = wear_tear_game()
    g.push(next(a for a in g.legal_actions() if a.label == "cast Tear"))
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    s = g.current_state()
    spell = s.objs[s.stack[-1].source]
    assert spell.card.name == "Tear" and ch.mana_value(spell) == 1 and spell.card.colors == ("W",)
    again = Game.from_json(g.to_json(), g.db).current_state()
    assert again.objs[spell.id].card.main is DB.get("Wear // Tear")
    g = wear_tear_game()
    g.push(next(a for a in g.legal_actions() if a.kind == "cast_fused"))
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    s = g.current_state()
    assert ch.mana_value(s.objs[s.stack[-1].source]) == 3


def test_aftermath_halves_zones():
    """CR 702.127a: Ribbons only from the graveyard, Cut not from it."""
    g = board("""  - name: Alice
    hand: [Cut // Ribbons]
    graveyard: [Cut // Ribbons]
    battlefield: [Mountain, Mountain, Swamp, Swamp, Swamp]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    s = g.current_state()
    where = {(a.label, s.objs[a.args[0]].zone) for a in g.legal_actions() if a.kind == "cast_half"}
    assert where == {("cast Cut", "hand"), ("cast Ribbons from the graveyard (aftermath)", "graveyard")}
