"""Staples from A to K (tests/data/staples.txt) made to compile, each played in a real game with
its rulings where the corpus has them, and other corpus cards of the same template beside it."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import board, labels, pick, play


def _log(game) -> list[str]:
    return [e.text for e in game.current_state().log_entries()]


def test_gitaxian_probe_looks_at_an_empty_hand_and_still_draws(db):
    """Gitaxian Probe paid with 2 life (CR 107.4f): Alice looks at Bob's hand, shown to her
    alone (CR 701.20e), so the log names none of its cards; the ruling: with no cards in the
    target's hand she still draws a card."""
    probe = db.get("Gitaxian Probe")
    assert probe.fully_supported
    assert probe.abilities[0].effects == (ir.LookAtHand(ir.Target(0)), ir.Draw())
    for name in ("Sorcerous Sight", "Glasses of Urza", "Wu Scout", "Telepathic Spies"):
        assert db.get(name).fully_supported, name
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Gitaxian Probe]
    library: [Island, Forest]
  - name: Bob
    hand: [Counterspell, Brainstorm]
script:
  - cast: Gitaxian Probe
    target: Bob
  - resolve
expect:
  life: {Alice: 18, Bob: 20}
  hand: {Alice: [Island], Bob: [Counterspell, Brainstorm]}
  graveyard: {Alice: [Gitaxian Probe]}
""", cards=db)
    looked = [t for t in _log(game) if "looks at Bob's hand" in t]
    assert looked == ["Alice looks at Bob's hand (2 cards)"]
    assert not any("Counterspell" in t or "Brainstorm" in t for t in _log(game))
    empty = play("""
turn: 3
players:
  - name: Alice
    hand: [Gitaxian Probe]
    library: [Forest]
  - name: Bob
script:
  - cast: Gitaxian Probe
    target: Bob
  - resolve
expect:
  life: {Alice: 18}
  hand: {Alice: [Forest], Bob: 0}
""", cards=db)
    assert "Alice looks at Bob's hand (0 cards)" in _log(empty)


def test_fabled_passage_untaps_only_with_four_lands(db):
    """Fabled Passage: the land found enters tapped (CR 701.23a) and is untapped only if its
    controller then controls four or more lands, counting it but not the sacrificed Passage (the
    rulings); "that land" is the permanent the card became (CR 400.7)."""
    passage = db.get("Fabled Passage")
    assert passage.fully_supported
    search, then = passage.abilities[-1].effects
    assert isinstance(search, ir.SearchLibrary) and search.tapped
    assert isinstance(then, ir.Conditional) and then.effects == (ir.Untap(ir.Ref("created")),)
    for lands, tapped in (("Plains, Island, Swamp", False), ("Plains, Island", True)):
        game = play(f"""
turn: 3
players:
  - name: Alice
    battlefield: [{{card: Fabled Passage, id: fp}}, {lands}]
    library: [Forest, Mountain]
  - name: Bob
script:
  - activate: fp
  - resolve
  - choose: [Forest]
expect:
  graveyard: {{Alice: [Fabled Passage]}}
  objects: {{Forest: {{tapped: {str(tapped).lower()}}}}}
""", cards=db)
        assert "Forest becomes untapped" in "\n".join(_log(game)) or tapped


def test_aether_hub_pays_energy_for_any_color(db):
    """Aether Hub: its second mana ability costs {E} (CR 107.14, 605.1a); it pays the one energy
    counter its enters trigger gave for {R}, and with no energy left only {C} is offered (the
    ruling: you can't pay more energy counters than you have)."""
    for name in ("Aether Hub", "Servant of the Conduit"):
        assert db.get(name).fully_supported, name
    play("""
turn: 3
players:
  - name: Alice
    hand: [Aether Hub, Lightning Bolt]
  - name: Bob
script:
  - play: Aether Hub
  - resolve
  - expect:
      energy: {Alice: 1}
  - activate: Aether Hub
    ability: 2
    color: R
  - cast: Lightning Bolt
    target: Bob
  - resolve
expect:
  life: {Bob: 17}
  energy: {Alice: 0}
  objects: {Aether Hub: {tapped: true}}
""", cards=db)
    g = board(db, """  - name: Alice
    battlefield: [Aether Hub]
  - name: Bob
""", turn=3)
    assert [a for a in labels(g) if "Aether Hub" in a] == ["activate Aether Hub: {T}: Add {C}."]


def test_collective_brutality_escalate_discard_per_extra_mode(db):
    """Collective Brutality: "Escalate—Discard a card." is paid once for each mode beyond the
    first (CR 702.120a), with the spell's other costs (CR 601.2h): one mode, no discard; two
    modes, one card."""
    brutality = db.get("Collective Brutality")
    assert brutality.fully_supported
    one = play("""
turn: 3
players:
  - name: Alice
    hand: [Collective Brutality, Mountain]
    battlefield: [Swamp, Swamp]
  - name: Bob
script:
  - cast: Collective Brutality
    modes: [3]
    targets: [Bob]
  - resolve
expect:
  life: {Alice: 22, Bob: 18}
  hand: {Alice: [Mountain]}
""", cards=db)
    assert not any("discards" in t for t in _log(one))
    play("""
turn: 3
players:
  - name: Alice
    hand: [Collective Brutality, Mountain]
    battlefield: [Swamp, Swamp]
  - name: Bob
    battlefield: [Grizzly Bears]
script:
  - cast: Collective Brutality
    modes: [2, 3]
    targets: [Grizzly Bears, Bob]
  - resolve
expect:
  life: {Alice: 22, Bob: 18}
  hand: {Alice: 0}
  graveyard: {Alice: [Collective Brutality, Mountain], Bob: [Grizzly Bears]}
""", cards=db)


def test_field_of_ruin_each_player_searches_their_own_library(db):
    """Field of Ruin: "Each player searches their library ..." is a search of each player's own
    library, by that player (CR 701.23a), in turn order (CR 101.4); a player with no basic land
    card in their library finds nothing (CR 701.23b) and still shuffles. Incoming! reads the same."""
    field = db.get("Field of Ruin")
    assert field.fully_supported and db.get("Incoming!").fully_supported
    search = field.abilities[-1].effects[-1]
    assert isinstance(search, ir.SearchLibrary) and search.own and search.who == ir.Ref("each_player")
    game = play("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: Field of Ruin, id: field}, Wastes, Wastes]
    library: [Forest, Lightning Bolt]
  - name: Bob
    battlefield: [Steam Vents]
    library: [Counterspell, Brainstorm]
script:
  - activate: field
    ability: 2
    target: Steam Vents
  - resolve
  - choose: [Forest]
expect:
  battlefield: {Alice: [Wastes, Wastes, Forest], Bob: 0}
  library: {Alice: [Lightning Bolt], Bob: 2}
""", cards=db)
    assert "Bob searches their library and shuffles" in _log(game)


def test_deflecting_swat_new_targets_only_legal_ones(db):
    """Deflecting Swat and Redirect: "You may choose new targets for target spell [or ability]"
    (CR 115.7d): only legal new targets are offered (the ruling), any target may be kept, and a
    permanent made the new target becomes the target of that spell (ward triggers, CR 702.21a)."""
    for name in ("Deflecting Swat", "Redirect", "Insidious Will"):
        assert db.get(name).fully_supported, name
    swat = next(ab for ab in db.get("Deflecting Swat").abilities if isinstance(ab, ir.SpellAbility))
    assert swat.targets[0].kind == "spell_or_ability"
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Deflecting Swat]
    battlefield: [Mountain, Mountain, Mountain, {card: Grizzly Bears, id: bears}]
  - name: Bob
    battlefield: [{card: Llanowar Elves, id: elves}, Plains]
stack:
  - {card: Shock, controller: Bob, targets: [bears]}
script:
  - cast: Deflecting Swat
    target: Shock
  - resolve
  - may: yes
""", cards=db)
    options = [a.label for a in game.legal_actions()]
    assert "keep Grizzly Bears" in options and "target Llanowar Elves" in options
    assert "target Plains" not in options          # not a legal target of "any target"


def test_chrome_mox_without_an_imprinted_card_adds_no_mana(db):
    """Chrome Mox: "one mana of any of the exiled card's colors" reads the card its linked
    imprint ability exiled (CR 607.2a); with none, no type of mana is defined and it adds none,
    never {C} (the ruling; CR 106.5), so it can't pay for Lightning Bolt."""
    mox = db.get("Chrome Mox")
    assert mox.fully_supported
    assert mox.abilities[-1].effects[0].produce == ir.ManaProduce(colors_of=ir.Ref(ir.EXILED_CARDS))
    g = board(db, """  - name: Alice
    battlefield: [Chrome Mox]
    hand: [Lightning Bolt]
  - name: Bob
""", turn=3)
    assert not any(a.startswith("cast Lightning Bolt") for a in labels(g))
    pick(g, "activate Chrome Mox")
    s = g.current_state()
    assert not any(s.players[0].pool.values())
    assert any("Chrome Mox adds no mana" in t for t in _log(g))


def test_jungle_wayfinder_each_player_may_search_their_own_library(db):
    """Jungle Wayfinder: "each player may search their library ..." asks each player in turn
    order, then each who said yes searches their own library (CR 101.4, 608.2d, 701.23a)."""
    assert db.get("Jungle Wayfinder").fully_supported
    play("""
turn: 3
players:
  - name: Alice
    hand: [Jungle Wayfinder]
    battlefield: [Forest, Forest, Forest]
    library: [Plains, Island]
  - name: Bob
    library: [Swamp, Counterspell]
script:
  - cast: Jungle Wayfinder
  - resolve
  - resolve
  - may: yes
  - may: yes
    by: Bob
  - choose: [Plains]
  - choose: [Swamp]
    by: Bob
expect:
  hand: {Alice: [Plains], Bob: [Swamp]}
  library: {Alice: [Island], Bob: [Counterspell]}
""", cards=db)
