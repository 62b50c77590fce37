"""Cast triggers and what casting leaves on a spell (CR 601.2h-i, 603.2): adamant's mana spent
to cast (CR 207.2c), played with real cards and their rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, names, on_battlefield, pick, resolve, stack_labels

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


def test_a_cast_or_an_entering_triggers_one_ability(corpus_db):
    """Staff of the Death Magus: casting a black spell triggers it (CR 601.2i), and so does a Swamp
    entering under Alice's control (CR 603.2); a green spell doesn't."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Swamp, Dusk Legion Zealot, Llanowar Elves]
    battlefield: [Staff of the Death Magus, Swamp, Swamp, Forest]
    library: [Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Dusk Legion Zealot")
    assert stack_labels(g) == ["Dusk Legion Zealot", "Staff of the Death Magus' ability"]
    resolve(g)
    assert g.current_state().players[ALICE].life == 21
    resolve(g)
    resolve(g)          # the Zealot's own trigger: draw a card, lose 1 life
    life = g.current_state().players[ALICE].life
    pick(g, "play Swamp")
    assert stack_labels(g) == ["Staff of the Death Magus' ability"]
    resolve(g)
    assert g.current_state().players[ALICE].life == life + 1
    cast_and_pay(g, "cast Llanowar Elves")
    assert stack_labels(g) == ["Llanowar Elves"]


def test_a_kicked_spell_and_a_creature_spell_that_has_an_adventure(corpus_db):
    """Lullmage's Familiar: only a kicked spell triggers it (CR 702.33d). Edgewall Innkeeper:
    Rimrock Knight cast as a creature has an Adventure and triggers it; cast as its Adventure
    (an instant on the stack, CR 715.3b) it doesn't (Edgewall Innkeeper rulings)."""
    def lightning(kick: str) -> list:
        g = board(corpus_db, """
  - name: Alice
    hand: [Burst Lightning]
    battlefield: [Lullmage's Familiar, {card: Mountain, count: 5}]
  - name: Bob
""")
        cast_and_pay(g, "cast Burst Lightning", kick, "Bob")
        return stack_labels(g)
    assert lightning("pay kicker {4}") == ["Burst Lightning", "Lullmage's Familiar's ability"]
    assert lightning("don't pay kicker") == ["Burst Lightning"]

    def knight(as_adventure: bool) -> list:
        g = board(corpus_db, """
  - name: Alice
    hand: [Rimrock Knight]
    battlefield: [Edgewall Innkeeper, Grizzly Bears, Mountain, Mountain]
    library: [Island]
  - name: Bob
""")
        cast_and_pay(g, "cast Boulder Rush" if as_adventure else "cast Rimrock Knight", "Grizzly Bears")
        return stack_labels(g)
    assert knight(False) == ["Rimrock Knight", "Edgewall Innkeeper's ability"]
    assert knight(True) == ["Boulder Rush"]


def test_a_spell_of_both_colors_and_base_power_and_toughness(corpus_db):
    """Battlegate Mimic: a spell that's both red and white (Boros Recruit, a hybrid card, is both,
    CR 105.2, 202.2d) sets its base power and toughness to 4/2 (layer 7b, CR 613.4b) and gives
    first strike until end of turn; a red spell alone (Shock) doesn't trigger it."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Boros Recruit, Shock]
    battlefield: [Battlegate Mimic, Mountain, Mountain, Plains]
  - name: Bob
""")
    cast_and_pay(g, "cast Shock", "Bob")
    assert stack_labels(g) == ["Shock"]
    resolve(g)
    cast_and_pay(g, "cast Boros Recruit")
    assert stack_labels(g) == ["Boros Recruit", "Battlegate Mimic's ability"]
    resolve(g)
    s = g.current_state()
    [mimic] = on_battlefield(g, "Battlegate Mimic")
    assert ch.power_toughness(s, mimic) == (4, 2) and "first strike" in ch.keywords(s, mimic)


def test_a_list_of_card_types_and_a_creature_type(corpus_db):
    """Umara Wizard: "an instant, sorcery, or Wizard spell" is a spell of any one of them (CR 205.2,
    205.3): a Wizard creature spell and an instant trigger it, another creature spell doesn't."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Grizzly Bears, Prodigal Sorcerer, Opt]
    battlefield: [Umara Wizard, Island, Island, Island, Island, Forest, Forest]
    library: [Island, Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Opt")
    assert stack_labels(g) == ["Opt", "Umara Wizard's ability"]
    resolve(g)
    resolve(g)
    pick(g, "keep Island on top")       # Opt's scry (CR 701.22a)
    cast_and_pay(g, "cast Prodigal Sorcerer")
    assert stack_labels(g) == ["Prodigal Sorcerer", "Umara Wizard's ability"]
    resolve(g)
    resolve(g)
    cast_and_pay(g, "cast Grizzly Bears")
    assert stack_labels(g) == ["Grizzly Bears"]


def test_activating_an_ability_that_isnt_a_mana_ability(corpus_db):
    """CR 602.2i: Burning-Tree Shaman sees every ability that isn't a mana ability become
    activated (cycling from the hand too); Bob's Harsh Mentor only those of Alice's artifacts,
    creatures and lands on the battlefield (its rulings). Tapping a Forest for mana triggers
    neither (CR 605.3a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Drifting Meadow]
    battlefield: [Burning-Tree Shaman, Prodigal Sorcerer, Forest, Forest, Forest]
    library: [Island, Island]
  - name: Bob
    battlefield: [Harsh Mentor]
""", turn=3)
    pick(g, "activate Forest")
    assert stack_labels(g) == []
    cast_and_pay(g, "activate Prodigal Sorcerer", "Bob")
    assert sorted(stack_labels(g)) == ["Burning-Tree Shaman's ability", "Harsh Mentor's ability",
                                       "Prodigal Sorcerer's ability"]
    for _ in range(3):
        resolve(g)
    s = g.current_state()
    assert s.players[ALICE].life == 20 - 1 - 2 and s.players[BOB].life == 19
    cast_and_pay(g, "activate Drifting Meadow")
    assert sorted(stack_labels(g)) == ["Burning-Tree Shaman's ability", "Drifting Meadow's ability"]


def test_an_opponent_taps_a_land_for_mana(corpus_db):
    """Sanctimony sees Bob, not Alice, tap a Mountain for mana (CR 106.12a); Vorinclex, Voice of
    Hunger keeps the land Bob tapped from untapping during his next untap step (CR 502.3)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Sanctimony, "Vorinclex, Voice of Hunger"]
  - name: Bob
    battlefield: [Mountain, Forest]
""", turn=2, active="Bob")
    pick(g, "activate Mountain")
    assert g.pending.kind == "order_triggers" and g.pending.player == ALICE     # both hers (CR 603.3b)
    pick(g, "put the rest on the stack")
    assert sorted(stack_labels(g)) == ["Sanctimony's ability", "Vorinclex, Voice of Hunger's ability"]
    while stack_labels(g):
        if g.pending.kind == "may":
            pick(g, "yes")
        else:
            g.push(Action("pass"))
    s = g.current_state()
    assert s.players[ALICE].life == 21
    mountain = next(o for o in s.objs.values() if o.card.name == "Mountain")
    assert mountain.tapped and any(e.kind == "skip_next_untap" and e.affected == mountain.id for e in s.effects)
