"""Cast triggers and what casting leaves on a spell (CR 601.2h-i, 603.2): adamant's mana spent
to cast (CR 207.2c), played with real cards and their rulings."""
from __future__ import annotations

from .game_helpers import board, cast_and_pay, names, on_battlefield, resolve

ALICE, BOB = 0, 1


def test_adamant_permanent_enters_with_a_counter(corpus_db):
    """Ardenvale Paladin ({3}{W}): with three white mana among the four spent it enters with a
    +1/+1 counter (a replacement effect, CR 614.1c); with two, it doesn't."""
    def cast(lands: str) -> int:
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Ardenvale Paladin]
    battlefield: [{lands}]
  - name: Bob
""")
        cast_and_pay(g, "cast Ardenvale Paladin")
        resolve(g)
        [paladin] = on_battlefield(g, "Ardenvale Paladin")
        return paladin.counters.get("+1/+1", 0)
    assert cast("{card: Plains, count: 3}, Mountain") == 1
    assert cast("{card: Plains, count: 2}, {card: Mountain, count: 2}") == 0


def test_adamant_spell_checks_the_mana_as_it_resolves(corpus_db):
    """Slaying Fire deals 4 damage instead of 3 when three red mana was spent to cast it
    (CR 608.2c); Foreboding Fruit's Food comes only with three black mana."""
    def fire(lands: str) -> int:
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Slaying Fire]
    battlefield: [{lands}]
  - name: Bob
""")
        cast_and_pay(g, "cast Slaying Fire", "Bob")
        resolve(g)
        return 20 - g.current_state().players[BOB].life
    assert fire("{card: Mountain, count: 3}") == 4
    assert fire("{card: Mountain, count: 2}, Forest") == 3

    def fruit(lands: str) -> list:
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Foreboding Fruit]
    battlefield: [{lands}]
    library: [Forest, Island]
  - name: Bob
""")
        cast_and_pay(g, "cast Foreboding Fruit", "Alice")
        resolve(g)
        assert names(g, ALICE, "hand") == ["Forest", "Island"]
        return on_battlefield(g, "Food Token")
    assert len(fruit("{card: Swamp, count: 3}")) == 1
    assert fruit("{card: Swamp, count: 2}, Plains") == []
