"""Conditions on the game state read once for an intervening "if" (CR 603.4), "as long as"
(CR 611.3a) and "Activate only if" (CR 602.5b): the parts added to that one reading."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, on_battlefield, stack_labels


def test_a_planeswalker_type_names_a_planeswalker(corpus_db):
    """CR 205.3j: "an Ajani planeswalker" is a planeswalker with that subtype. Ajani's Comrade's
    counter comes only while Alice controls one (CR 603.4), Court Cleric (a 1/1) gets +1/+1 likewise
    (CR 611.3a)."""
    ajani = ir.Filter(types=("Planeswalker",), subtypes=("Ajani",), controller="you")
    assert corpus_db.get("Ajani's Comrade").abilities[-1].condition == ir.YouControl((ajani,))

    def combat(ajani: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Ajani's Comrade, Court Cleric{ajani}]
  - name: Bob
""", turn=3)
        g.push(Action("pass"))
        g.push(Action("pass"))          # on to the beginning of combat (CR 507.1)
        return g

    g = combat(', "Ajani, Adversary of Tyrants"')
    assert stack_labels(g) == ["Ajani's Comrade's ability"]
    cleric = on_battlefield(g, "Court Cleric")[0]
    assert ch.power_toughness(g.current_state(), cleric) == (2, 2)
    g.push(Action("pass"))
    g.push(Action("pass"))
    comrade = on_battlefield(g, "Ajani's Comrade")[0]
    assert comrade.counters.get("+1/+1") == 1
    g = combat(', "Jace, Arcane Strategist"')      # another planeswalker type
    assert stack_labels(g) == []
    assert ch.power_toughness(g.current_state(), on_battlefield(g, "Court Cleric")[0]) == (1, 1)


def test_one_of_two_colors(corpus_db):
    """"a white or black permanent": a permanent of either color, or both (CR 105.2). Abzan
    Kin-Guard has lifelink beside Savannah Lions, not beside Grizzly Bears (a land is colorless,
    CR 105.2c)."""
    def kin_guard(other: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Abzan Kin-Guard, {other}, Plains, Swamp]
  - name: Bob
""", turn=3)
        return "lifelink" in ch.keywords(g.current_state(), on_battlefield(g, "Abzan Kin-Guard")[0])
    assert kin_guard("Savannah Lions") and kin_guard("Vampire Nighthawk")
    assert not kin_guard("Grizzly Bears")


def test_exactly_one_creature_and_plains_counted(corpus_db):
    """Demonic Rising's Demon needs exactly one creature at the end step (checked as it triggers
    and as it resolves, CR 603.4); "seven or more Plains" counts a subtype whose plural is itself."""
    def end_step(creatures: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Demonic Rising{creatures}]
  - name: Bob
""", turn=3, step="main2")
        g.push(Action("pass"))
        g.push(Action("pass"))          # on to the end step (CR 513.1)
        return g
    assert stack_labels(end_step("")) == []
    assert stack_labels(end_step(", Grizzly Bears, Savannah Lions")) == []
    g = end_step(", Grizzly Bears")
    assert stack_labels(g) == ["Demonic Rising's ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    [demon] = [o for o in g.current_state().objs.values() if o.zone == "battlefield" and o.is_token]
    assert "Demon" in demon.card.subtypes and "flying" in ch.keywords(g.current_state(), demon)
    emeria = corpus_db.get("Emeria, the Sky Ruin").abilities
    assert any(getattr(a, "condition", None) == ir.YouControl(
        (ir.Filter(subtypes=("Plains",), controller="you"),), at_least=7) for a in emeria)
