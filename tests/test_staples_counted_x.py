"""Staples whose X is a count or a choice that bounds a description: "counter target spell with
mana value X or less, where X is the number of Faeries you control" (Spellstutter Sprite,
CR 107.3, 608.2b), "each permanent with mana value X or less that's one or more colors" (Ugin,
the Spirit Dragon, CR 105.2), each played in a real game with its rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, pick, play, resolve, stack_labels


def _log(game) -> list[str]:
    return [e.text for e in game.current_state().log_entries()]


_SPRITE_BOARD = """
  - name: Alice
    hand: [Spellstutter Sprite]
    battlefield: [Island, Island, {card: Spellstutter Sprite, id: s1}]
  - name: Bob
    battlefield: [Mountain]
    hand: [Lightning Bolt]
"""
_SPRITE_STACK = "\n  - {card: Grizzly Bears, controller: Bob}\n  - {card: Divination, controller: Bob}"


def test_spellstutter_sprite_counts_its_faeries_for_the_target(db):
    """Two Faeries once the Sprite is in: Bob's Grizzly Bears (mana value 2) is a legal target,
    his Divination (3) is not (CR 107.3, 115.1), and the Bears is countered."""
    sprite = db.get("Spellstutter Sprite")
    assert sprite.fully_supported
    spec = sprite.abilities[-1].targets[0]
    assert spec.filter.mana_value_at_most == ir.CountOf(ir.Filter(subtypes=("Faerie",), controller="you"))
    g = board(db, _SPRITE_BOARD, turn=3, priority="Bob", stack=_SPRITE_STACK)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Spellstutter Sprite")
    resolve(g)                   # the Sprite resolves; its ability goes on the stack
    assert "Spellstutter Sprite's ability is put on the stack targeting Grizzly Bears" in _log(g)
    resolve(g)
    assert stack_labels(g) == ["Divination"]
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]


def test_spellstutter_sprite_counts_again_as_it_resolves(db):
    """The ruling: X is counted when the ability triggers and again as it resolves; a Faerie
    killed in between makes the target illegal, so the ability doesn't resolve and the spell
    does (CR 608.2b)."""
    g = board(db, _SPRITE_BOARD, turn=3, priority="Bob", stack=_SPRITE_STACK)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Spellstutter Sprite")
    resolve(g)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Lightning Bolt", "s1", "Spellstutter Sprite")
    resolve(g)                   # the Bolt kills the first Sprite: one Faerie left
    resolve(g)
    assert "Spellstutter Sprite's ability doesn't resolve: all its targets are illegal" in _log(g)
    assert stack_labels(g) == ["Divination", "Grizzly Bears"]


def test_spellstutter_sprite_with_no_smaller_spell_has_no_target(db):
    """With only Divination (3) on the stack and two Faeries, the ability has no legal target
    and is removed from the stack (CR 603.3d)."""
    g = board(db, _SPRITE_BOARD, turn=3, priority="Bob", stack="\n  - {card: Divination, controller: Bob}")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Spellstutter Sprite")
    resolve(g)
    assert stack_labels(g) == ["Divination"]
    assert not any("put on the stack targeting" in t for t in _log(g))


def test_ugin_exiles_each_colored_permanent_of_mana_value_x_or_less(db):
    """Ugin's -X with X = 2: colored permanents of mana value 2 or less are exiled, a token's
    mana value is 0 (the rulings); colorless ones (Ornithopter, lands) and a mana value of 3
    stay (CR 105.2c, 202.3)."""
    ugin = db.get("Ugin, the Spirit Dragon")
    assert ugin.fully_supported
    assert ugin.abilities[1].effects[0].what.filter.colors == ("W", "U", "B", "R", "G")
    play("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: "Ugin, the Spirit Dragon", id: ugin}, Llanowar Elves, Ornithopter]
  - name: Bob
    battlefield: [Grizzly Bears, Centaur Courser, Forest, {card: Grizzly Bears, token: true, id: tok}]
script:
  - activate: ugin
    ability: 2
    x: 2
  - resolve
expect:
  battlefield:
    Alice: ["Ugin, the Spirit Dragon", Ornithopter]
    Bob: [Centaur Courser, Forest]
  exile: {Alice: [Llanowar Elves], Bob: [Grizzly Bears]}
  objects:
    ugin: {counters: {loyalty: 5}}
""", cards=db)


def _sharks(game) -> list[tuple[int, int]]:
    s = game.current_state()
    return [(ch.power(s, o), ch.toughness(s, o)) for o in s.permanents() if o.card.name == "Shark Token"]


def test_shark_typhoon_makes_a_shark_the_size_of_each_noncreature_spell(db):
    """Shark Typhoon: a noncreature spell's mana value, with the X announced for it (Stroke of
    Genius with X = 1 is 4, the ruling), sizes the Shark; the trigger resolves first, even if
    the spell is countered later (CR 603.3, the ruling); a creature spell makes none."""
    typhoon = db.get("Shark Typhoon")
    assert typhoon.fully_supported
    stat = ir.StatOf(ir.Ref("triggering_spell"), "mana_value")
    assert typhoon.abilities[0].effects[0].token.power == stat
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Stroke of Genius, Grizzly Bears]
    battlefield: [Shark Typhoon, Island, Island, Island, Island, Forest, Forest]
    library: [Island, Island, Island]
  - name: Bob
script:
  - cast: Stroke of Genius
    x: 1
    target: Alice
  - resolve
  - expect:
      stack: [Stroke of Genius]
  - resolve
  - cast: Grizzly Bears
  - resolve
expect:
  hand: {Alice: [Island]}
  battlefield: {Alice: [Shark Typhoon, Grizzly Bears, Shark Token, Island, Island, Island, Island, Forest, Forest]}
""", cards=db)
    assert _sharks(game) == [(4, 4)]


def test_shark_typhoon_cycled_for_x(db):
    """Cycling Shark Typhoon for {X}{1}{U}: its trigger's X is the cycling cost's (CR 107.3e) and
    resolves before the draw (the ruling); with X = 0 the 0/0 Shark dies at once (CR 704.5f)."""
    for x, sharks in ((2, [(2, 2)]), (0, [])):
        game = play(f"""
turn: 3
players:
  - name: Alice
    hand: [Shark Typhoon]
    battlefield: [Island, Island, Island, Island]
    library: [Plains, Island]
  - name: Bob
script:
  - activate: Shark Typhoon
    x: {x}
  - resolve
  - expect:
      hand: {{Alice: 0}}
  - resolve
expect:
  hand: {{Alice: [Plains]}}
  graveyard: {{Alice: [Shark Typhoon]}}
""", cards=db)
        assert _sharks(game) == sharks
        if not sharks:
            assert "Alice creates a 0/0 Shark Token" in _log(game)
            assert any(t.startswith("Shark Token is put into its owner's graveyard (toughness 0") for t in _log(game))


def test_prismatic_strands_prevents_damage_from_sources_of_the_chosen_color(db):
    """Prismatic Strands: the color is chosen as it resolves (CR 608.2d); damage from red
    sources, a spell (Lightning Bolt) and an attacking creature, is prevented this turn
    (CR 615.1), a green creature's isn't."""
    strands = db.get("Prismatic Strands")
    assert strands.fully_supported
    game = play("""
turn: 3
step: declare_blockers
active: Bob
players:
  - name: Alice
    hand: [Prismatic Strands]
    battlefield: [Plains, Plains, Plains, {card: Savannah Lions, id: sl}]
  - name: Bob
    battlefield: [{card: Raging Goblin, attacking: true}, {card: Llanowar Elves, attacking: true}, Mountain]
    hand: [Lightning Bolt]
script:
  - cast: Prismatic Strands
    by: Alice
  - resolve
  - action: red
  - cast: Lightning Bolt
    target: sl
  - resolve
  - pass_until: end
expect:
  life: {Alice: 19}
  objects:
    sl: {zone: battlefield, damage: 0}
""", cards=db)
    assert "Alice chooses red: sources of that color" in _log(game)
    assert "Llanowar Elves deals 1 combat damage to Alice (life 19)" in _log(game)


def test_prismatic_strands_flashback_taps_a_white_creature(db):
    """Its flashback cost is tapping an untapped white creature you control (CR 702.34a); cast
    so, it is exiled as it resolves."""
    play("""
turn: 3
step: declare_blockers
active: Bob
players:
  - name: Alice
    graveyard: [Prismatic Strands]
    battlefield: [{card: Savannah Lions, id: sl}]
  - name: Bob
    battlefield: [{card: Raging Goblin, attacking: true}]
script:
  - cast: Prismatic Strands
    by: Alice
    flashback: yes
  - resolve
  - action: red
  - pass_until: end
expect:
  life: {Alice: 20}
  exile: {Alice: [Prismatic Strands]}
  objects:
    sl: {tapped: true}
""", cards=db)


_SMASHER = """
  - name: Alice
    battlefield: [Reality Smasher, Mountain]
    hand: [Brute Force]
  - name: Bob
    battlefield: [Mountain]
    hand: [Lightning Bolt{more}]
"""


def _bolt_the_smasher(db, more: str):
    g = board(db, _SMASHER.format(more=more), turn=3, priority="Bob")
    cast_and_pay(g, "cast Lightning Bolt", "Reality Smasher")
    g.push(Action("pass"))
    g.push(Action("pass"))          # the trigger resolves: Bob is asked
    return g


def test_reality_smasher_counters_a_spell_unless_its_controller_discards(db):
    """Reality Smasher: Bob's Lightning Bolt targets it; he may discard a card as the trigger
    resolves (CR 118.12a), and then the Bolt resolves (3 damage to a 5/5)."""
    smasher = db.get("Reality Smasher")
    assert smasher.fully_supported
    ab = smasher.abilities[-1]
    assert ab.trigger == ir.Trigger("becomes_target_by_spell", "self", whose="opponent")
    assert ab.effects == (ir.CounterUnlessPays(ir.Ref("triggering_spell"), ir.Cost(parts=(ir.DiscardCost(1),))),)
    g = _bolt_the_smasher(db, ", Island")
    pick(g, "discard a card so Lightning Bolt isn't countered")
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])            # the card to discard: his Island
    assert names(g, 1, "graveyard") == ["Island"]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Island", "Lightning Bolt"]
    assert "Lightning Bolt deals 3 damage to Reality Smasher" in _log(g)


def test_reality_smasher_with_no_card_to_discard_counters_it(db):
    """With an empty hand Bob can't pay (CR 118.3): the Bolt is countered (CR 701.6a)."""
    g = _bolt_the_smasher(db, "")       # his one answer is given for him
    assert stack_labels(g) == []
    assert "Bob can't discard a card for Reality Smasher" in _log(g)
    assert "Lightning Bolt is countered by Reality Smasher" in _log(g)
    assert names(g, 1, "graveyard") == ["Lightning Bolt"]
    assert not any("deals 3 damage to Reality Smasher" in t for t in _log(g))


def test_reality_smasher_ignores_its_controllers_spells(db):
    """Only a spell an opponent controls triggers it: Alice's own Brute Force doesn't."""
    g = board(db, _SMASHER.format(more=""), turn=3)
    cast_and_pay(g, "cast Brute Force", "Reality Smasher")
    assert stack_labels(g) == ["Brute Force"]


def test_x_x_tokens_of_other_corpus_cards(db):
    """The same "X/X token" template elsewhere: Hydra Broodmaster's X is its monstrosity X
    (CR 701.37c and the ruling); Flesh Carver's is its power as it died, counters included
    (CR 603.10a and the ruling); Mystic Genesis's the countered spell's mana value."""
    game = play("""
turn: 3
players:
  - name: Alice
    battlefield: [Hydra Broodmaster, Forest, Forest, Forest, Forest, Forest]
  - name: Bob
script:
  - activate: Hydra Broodmaster
    x: 2
  - resolve
  - resolve
""", cards=db)
    s = game.current_state()
    assert [(ch.power(s, o), ch.toughness(s, o)) for o in s.permanents() if o.card.name == "Hydra Token"] == [(2, 2)] * 2
    game = play("""
turn: 3
active: Alice
priority: Bob
players:
  - name: Alice
    battlefield: [{card: Flesh Carver, counters: {"+1/+1": 2}}]
  - name: Bob
    battlefield: [Swamp, Swamp, Swamp]
    hand: [Murder]
script:
  - cast: Murder
    target: Flesh Carver
  - resolve
  - resolve
""", cards=db)
    assert "Alice creates a 4/4 Horror Token" in _log(game)
    game = play("""
turn: 3
priority: Alice
players:
  - name: Alice
    hand: [Mystic Genesis]
    battlefield: [Forest, Island, Island, Island, Island]
  - name: Bob
stack:
  - {card: Divination, controller: Bob}
script:
  - cast: Mystic Genesis
    target: Divination
  - resolve
expect:
  graveyard: {Bob: [Divination]}
""", cards=db)
    assert "Alice creates a 3/3 Ooze Token" in _log(game)


_SURGICAL = """
  - name: Alice
    hand: [Surgical Extraction]
    battlefield: [Swamp]
  - name: Bob
    graveyard: [Tarmogoyf, Forest]
    hand: [Tarmogoyf, Island]
    library: [Tarmogoyf, Tarmogoyf, Island]
"""


def test_surgical_extraction_exiles_the_cards_of_that_name(db):
    """Surgical Extraction targets a card in a graveyard other than a basic land (a Forest is no
    legal target); its owner's graveyard, hand and library are searched for that name (CR 201.2)
    and the caster exiles as many as she likes in each (the ruling), then he shuffles."""
    surgical = db.get("Surgical Extraction")
    assert surgical.fully_supported
    search = surgical.abilities[0].effects[1]
    assert search == ir.SearchZonesExile(ir.Filter(), who=ir.Ref(ir.TARGET_OWNER), same_name_as=ir.Target(0))
    g = board(db, _SURGICAL, turn=3)
    cast_and_pay(g, "cast Surgical Extraction")
    # the Goyf is the one legal target, chosen without asking: the Forest isn't one
    assert "Surgical Extraction targets Tarmogoyf" in _log(g)
    resolve(g)
    answers = []
    while g.pending.kind != "priority":
        answers.append(g.pending.prompt)
        g.push(g.legal_actions()[-1] if "hand" in g.pending.prompt else g.legal_actions()[0])   # leave the one in hand
    assert answers == ["Surgical Extraction: exile how many of the 1 found in Bob's graveyard?",
                       "Surgical Extraction: exile how many of the 1 found in Bob's hand?",
                       "Surgical Extraction: exile how many of the 2 found in Bob's library?"]
    assert names(g, 1, "exile") == ["Tarmogoyf"] * 3
    assert names(g, 1, "hand") == ["Island", "Tarmogoyf"]
    assert names(g, 1, "library") == ["Island"]
    assert _log(g)[-1] == "Bob shuffles their library"


def test_counterbore_searches_the_countered_spells_controller(db):
    """Counterbore counters the spell, then exiles every card of its name from its controller's
    graveyard (the countered card among them, the ruling), hand and library."""
    assert db.get("Counterbore").fully_supported
    play("""
turn: 3
priority: Alice
players:
  - name: Alice
    hand: [Counterbore]
    battlefield: [Island, Island, Island, Island, Island]
  - name: Bob
    hand: [Lightning Bolt, Shock]
    library: [Lightning Bolt, Mountain]
stack:
  - {card: Lightning Bolt, controller: Bob, targets: [Alice]}
script:
  - cast: Counterbore
    target: Lightning Bolt
  - resolve
expect:
  life: {Alice: 20}
  exile: {Bob: [Lightning Bolt, Lightning Bolt, Lightning Bolt]}
  hand: {Bob: [Shock]}
  library: {Bob: [Mountain]}
  graveyard: {Alice: [Counterbore], Bob: 0}
""", cards=db)
