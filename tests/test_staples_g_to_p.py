"""Staples from Guardian Project to Past in Flames (tests/data/staples.txt) made to compile, each
played in a real game with its rulings where the corpus has them, and other corpus cards of the
same template beside it."""
from __future__ import annotations

import pytest

from manastack.engine.decisions import Action
from manastack.engine import combat
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, pick, play, resolve


def _log(game) -> list[str]:
    return [e.text for e in game.current_state().log_entries()]


def test_nivix_cyclops_attacks_only_after_a_spell(db):
    """Nivix Cyclops: an instant or sorcery cast lets it attack this turn despite defender
    (CR 702.3b, 611.2) and pumps it; without one it can't attack at all."""
    cyclops = db.get("Nivix Cyclops")
    assert cyclops.fully_supported
    trig = cyclops.abilities[1]
    assert ir.Restrict(ir.Ref("self"), "attacks_despite_defender") in trig.effects
    for name in ("Mirror Wall", "Wall of Wonder", "Walking Wall", "Skyclave Squid", "Roving Keep"):
        assert db.get(name).fully_supported, name
    game = play("""
turn: 3
players:
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain, Nivix Cyclops]
  - name: Bob
script:
  - cast: Lightning Bolt
    target: Bob
  - resolve
  - resolve
  - attack: [Nivix Cyclops]
  - block: none
  - pass_until: main2
expect:
  life: {Bob: 13}
""", cards=db)
    assert any("can attack as though it didn't have defender" in t for t in _log(game))
    idle = board(db, """
  - name: Alice
    battlefield: [Island, Nivix Cyclops]
  - name: Bob
""", turn=3)
    s = idle.current_state()
    [cyclops_obj] = [s.objs[i] for i in s.battlefield if s.objs[i].card.name == "Nivix Cyclops"]
    assert combat.why_not_attack(s, cyclops_obj) == "Nivix Cyclops has defender (CR 702.3b)"


def _objs(g, name: str) -> list:
    s = g.current_state()
    return [o for o in s.objs.values() if o.card.name == name]


def test_jace_the_mind_sculptor_fateseals_and_ultimates(db):
    """Jace, the Mind Sculptor's +2 looks at the top card of target player's library, seen by
    Alice alone (CR 701.20e), and may put it on the bottom (CR 401.4); −12 exiles all of that
    player's library, then that player shuffles their hand into it (CR 701.24a)."""
    jace = db.get("Jace, the Mind Sculptor")
    assert jace.fully_supported
    assert jace.abilities[0].effects == (ir.LookAtTopOf(ir.Target(0), "bottom"),)
    g = board(db, """
  - name: Alice
    battlefield: ["Jace, the Mind Sculptor"]
  - name: Bob
    library: [Forest, Island, Swamp]
""", turn=3)
    cast_and_pay(g, "activate Jace, the Mind Sculptor: +2", "Bob")
    resolve(g)
    assert [a.label for a in g.legal_actions()] == [
        "put Forest on the bottom of Bob's library", "leave Forest on top"]
    assert g.pending.player == 0
    looked = [t for t in _log(g) if "looks at the top card" in t]
    assert looked == ["Alice looks at the top card of Bob's library"]
    pick(g, "put Forest")
    s = g.current_state()       # a library is listed from the bottom up
    assert [s.objs[i].card.name for i in s.players[1].library] == ["Forest", "Swamp", "Island"]
    assert _objs(g, "Jace, the Mind Sculptor")[0].counters["loyalty"] == 5
    kept = board(db, """
  - name: Alice
    battlefield: ["Jace, the Mind Sculptor"]
  - name: Bob
    library: [Forest, Island, Swamp]
""", turn=3)
    cast_and_pay(kept, "activate Jace, the Mind Sculptor: +2", "Bob")
    resolve(kept)
    pick(kept, "leave Forest")
    s = kept.current_state()
    assert [s.objs[i].card.name for i in s.players[1].library] == ["Swamp", "Island", "Forest"]
    ult = board(db, """
  - name: Alice
    battlefield: [{card: "Jace, the Mind Sculptor", counters: {loyalty: 12}}]
  - name: Bob
    hand: [Counterspell, Brainstorm]
    library: [Forest, Island, Swamp]
""", turn=3)
    cast_and_pay(ult, "activate Jace, the Mind Sculptor: −12", "Bob")
    resolve(ult)
    s = ult.current_state()
    assert sorted(s.objs[i].card.name for i in s.players[1].library) == ["Brainstorm", "Counterspell"]
    assert s.players[1].hand == []
    assert sorted(s.objs[i].card.name for i in s.players[1].exile) == ["Forest", "Island", "Swamp"]
    assert not _objs(ult, "Jace, the Mind Sculptor") or all(o.zone == "graveyard" for o in _objs(ult, "Jace, the Mind Sculptor"))


def test_mishras_bauble_looks_then_draws_at_the_next_upkeep(db):
    """Mishra's Bauble: Alice looks at the top card of Bob's library (shown to her alone, CR
    701.20e); the draw waits for the next turn's upkeep, whoever's turn it is (CR 603.7), so Alice
    draws in Bob's upkeep."""
    bauble = db.get("Mishra's Bauble")
    assert bauble.fully_supported
    for name in ("Eye Spy", "Lurking Informant", "Rootwater Mystic", "Dewdrop Spy", "Merfolk Observer",
                 "Moonring Island"):
        assert db.get(name).fully_supported, name
    g = board(db, """
  - name: Alice
    battlefield: [Mishra's Bauble]
    library: [Plains, Island]
  - name: Bob
    library: [Forest, Swamp]
""", turn=3)
    cast_and_pay(g, "activate Mishra's Bauble", "Bob")
    resolve(g)
    assert "Alice looks at the top card of Bob's library" in _log(g)
    s = g.current_state()
    assert len(s.players[0].hand) == 0 and s.players[1].hand == []
    for _ in range(40):
        s = g.current_state()
        if s.active == 1 and s.step == "upkeep" and s.stack:
            break
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])
    resolve(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].hand] == ["Plains"]


def test_lions_eye_diamond_discards_the_hand_and_only_outside_casting(db):
    """Lion's Eye Diamond: discarding the hand is part of the cost (CR 118.3, 701.9a), paid with
    an empty hand too; the ability is a mana ability but only "any time you could cast an
    instant", so it is not offered while a spell is being paid for (the ruling; CR 605.3a)."""
    led = db.get("Lion's Eye Diamond")
    assert led.fully_supported
    [ab] = led.abilities
    assert ab.is_mana and ab.instant_speed and ir.DiscardHandCost() in ab.cost.parts
    g = board(db, """
  - name: Alice
    hand: [Counterspell, Brainstorm, Forest]
    battlefield: [Lion's Eye Diamond, Island]
  - name: Bob
""", turn=3)
    pick(g, "activate Lion's Eye Diamond")
    while g.pending.kind != "priority":
        pick(g, "{B}" if any(a.label.startswith("{B}") for a in g.legal_actions()) else g.legal_actions()[0].label)
    s = g.current_state()
    assert s.players[0].hand == []
    assert sorted(s.objs[i].card.name for i in s.players[0].graveyard) == [
        "Brainstorm", "Counterspell", "Forest", "Lion's Eye Diamond"]
    assert sum(s.players[0].pool.values()) == 3
    paying = board(db, """
  - name: Alice
    hand: [Brainstorm]
    battlefield: [Lion's Eye Diamond, Island]
  - name: Bob
""", turn=3)
    pick(paying, "cast Brainstorm")
    assert paying.pending.kind == "pay"
    assert not any("Lion's Eye Diamond" in a.label for a in paying.legal_actions())
    empty = board(db, """
  - name: Alice
    battlefield: [Lion's Eye Diamond]
  - name: Bob
""", turn=3)
    assert any(a.label.startswith("activate Lion's Eye Diamond") for a in empty.legal_actions())


def _power_toughness(g, name: str) -> tuple[int, int]:
    from manastack.engine import characteristics as ch
    s = g.current_state()
    [o] = [s.objs[i] for i in s.battlefield if s.objs[i].card.name == name]
    return ch.power(s, o), ch.toughness(s, o)


def test_liliana_the_last_hope_shrinks_until_her_next_turn_and_her_emblem_makes_zombies(db):
    """Liliana, the Last Hope's +1: -2/-1 lasts through the opponent's turn and ends as Alice's
    next turn begins (CR 611.2a, 500.1); with no target she still gains loyalty (the ruling).
    −7: the emblem's end-step trigger creates two plus the number of Zombies she controls (the
    ruling: two with none)."""
    lili = db.get("Liliana, the Last Hope")
    assert lili.fully_supported
    assert lili.abilities[0].effects == (ir.ModifyPT(ir.Target(0), -2, -1, ir.UNTIL_YOUR_NEXT_TURN),)
    g = board(db, """
  - name: Alice
    battlefield: ["Liliana, the Last Hope"]
    library: [Swamp, Swamp, Swamp]
  - name: Bob
    battlefield: [Tarmogoyf, Grizzly Bears]
    library: [Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "activate Liliana, the Last Hope: +1", "Grizzly Bears")
    resolve(g)
    assert _power_toughness(g, "Grizzly Bears") == (0, 1)
    assert "Grizzly Bears gets -2/-1 until Alice's next turn" in _log(g)
    for _ in range(80):                 # through Bob's turn: still shrunk in his end step
        s = g.current_state()
        if s.active == 1 and s.step == "end":
            break
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])
    assert _power_toughness(g, "Grizzly Bears") == (0, 1)
    for _ in range(80):
        s = g.current_state()
        if s.active == 0 and s.step == "upkeep":
            break
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])
    assert _power_toughness(g, "Grizzly Bears") == (2, 2)
    empty = board(db, """
  - name: Alice
    battlefield: ["Liliana, the Last Hope"]
  - name: Bob
""", turn=3)
    pick(empty, "activate Liliana, the Last Hope: +1")
    while empty.pending.kind != "priority":
        empty.push(empty.legal_actions()[-1])
    resolve(empty)
    assert _objs(empty, "Liliana, the Last Hope")[0].counters["loyalty"] == 4
    ult = board(db, """
  - name: Alice
    battlefield: [{card: "Liliana, the Last Hope", counters: {loyalty: 7}}]
    library: [Swamp, Swamp]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(ult, "activate Liliana, the Last Hope: −7")
    resolve(ult)
    from .game_helpers import pass_to_end_step_trigger
    pass_to_end_step_trigger(ult)
    resolve(ult)
    assert len([o for o in _objs(ult, "Zombie Token") if o.zone == "battlefield"]) == 2
    pass_to_end_step_trigger(ult)       # not in Bob's end step; in Alice's next: two plus her two Zombies
    assert ult.current_state().active == 0
    resolve(ult)
    assert len([o for o in _objs(ult, "Zombie Token") if o.zone == "battlefield"]) == 6


def test_narset_lets_each_opponent_draw_one_card_each_turn(db):
    """Narset, Parter of Veils: Bob's Divination draws him one card, the second draw doesn't
    happen (CR 121.1; the rulings); Alice, Narset's controller, draws both of hers; Spirit of the
    Labyrinth limits every player."""
    narset = db.get("Narset, Parter of Veils")
    assert narset.fully_supported
    assert db.get("Spirit of the Labyrinth").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: ["Narset, Parter of Veils"]
    hand: [Divination]
    library: [Plains, Plains, Plains]
  - name: Bob
    battlefield: [Island, Island, Island]
    hand: [Divination]
    library: [Forest, Forest, Forest]
""", turn=4, active="Bob")
    cast_and_pay(g, "cast Divination")
    resolve(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[1].hand] == ["Forest"]
    assert "Bob can't draw more than one card each turn (Narset, Parter of Veils)" in _log(g)
    mine = board(db, """
  - name: Alice
    battlefield: ["Narset, Parter of Veils", Island, Island, Island]
    hand: [Divination]
    library: [Plains, Plains, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(mine, "cast Divination")
    resolve(mine)
    assert len(mine.current_state().players[0].hand) == 2


def test_hermit_druid_reveals_until_a_basic_land(db):
    """Hermit Druid (CR 701.20a): the cards are revealed from the top until a basic land card;
    it goes to the hand, the others to the graveyard; with no basic land the whole library goes
    to the graveyard. Evolutionary Leap, Gamekeeper and the others of the template beside it."""
    druid = db.get("Hermit Druid")
    assert druid.fully_supported
    assert druid.abilities[0].effects == (
        ir.RevealUntil(ir.Filter(types=("Land",), supertypes=("Basic",), zone="library"), "hand", False, "graveyard"),)
    for name in ("Evolutionary Leap", "Gamekeeper", "Foster", "Sacred Guide", "Jalira, Master Polymorphist",
                 "Atla Palani, Nest Tender", "Vivien, Nature's Avenger", "Ajani, Valiant Protector"):
        assert db.get(name).fully_supported, name
    g = board(db, """
  - name: Alice
    battlefield: [Forest, Hermit Druid]
    library: [Grizzly Bears, Forest, Dakmor Salvage, Lightning Bolt, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Hermit Druid")
    resolve(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].hand] == ["Forest"]
    assert sorted(s.objs[i].card.name for i in s.players[0].graveyard) == ["Grizzly Bears"]
    assert [s.objs[i].card.name for i in s.players[0].library] == ["Island", "Lightning Bolt", "Dakmor Salvage"]
    assert "Alice reveals cards from the top of their library until one matches: Grizzly Bears, Forest" in _log(g)
    dry = board(db, """
  - name: Alice
    battlefield: [Forest, Hermit Druid]
    library: [Grizzly Bears, Dakmor Salvage, Lightning Bolt]
  - name: Bob
""", turn=3)
    cast_and_pay(dry, "activate Hermit Druid")
    resolve(dry)
    s = dry.current_state()
    assert s.players[0].library == [] and s.players[0].hand == []
    assert sorted(s.objs[i].card.name for i in s.players[0].graveyard) == ["Dakmor Salvage", "Grizzly Bears", "Lightning Bolt"]


def test_nykthos_adds_mana_equal_to_the_devotion_to_the_chosen_color(db):
    """Nykthos, Shrine to Nyx: the color is chosen as the ability resolves and adds as much mana
    of it as the devotion to it (CR 700.5: mana symbols of that color in the mana costs of
    permanents Alice controls; a hybrid symbol counts for both of its colors)."""
    nykthos = db.get("Nykthos, Shrine to Nyx")
    assert nykthos.fully_supported
    assert db.get("Karametra's Acolyte").fully_supported and db.get("Nyx Lotus").fully_supported
    g = board(db, """
  - name: Alice
    battlefield: ["Nykthos, Shrine to Nyx", Forest, Forest, Llanowar Elves, Grizzly Bears, Boros Reckoner]
  - name: Bob
""", turn=3)
    pick(g, "activate Nykthos, Shrine to Nyx: {2}")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    options = [a.label for a in g.legal_actions()]
    assert options == ["{W}{W}{W}", "{R}{R}{R}", "{G}{G}"], options
    pick(g, "{G}{G}")
    s = g.current_state()
    assert s.players[0].pool == {"G": 2}


def test_oblivion_stone_spares_what_has_a_fate_counter(db):
    """Oblivion Stone: each nonland permanent without a fate counter is destroyed, then every
    fate counter is removed (CR 122.1), so the spared permanent keeps no counter."""
    stone = db.get("Oblivion Stone")
    assert stone.fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [Oblivion Stone, Forest, Forest, Forest, Forest]
  - name: Bob
    battlefield: [Serra Angel]
""", turn=3)
    cast_and_pay(g, "activate Oblivion Stone: {4}", "Serra Angel")
    resolve(g)
    assert _objs(g, "Serra Angel")[0].counters.get("fate") == 1
    g = board(db, """
  - name: Alice
    battlefield: [Oblivion Stone, Forest, Forest, Forest, Forest, Forest,
                  {card: Grizzly Bears, counters: {fate: 1}}, Llanowar Elves]
  - name: Bob
    battlefield: [Island, Serra Angel]
""", turn=3)
    cast_and_pay(g, "activate Oblivion Stone: {5}")
    resolve(g)
    s = g.current_state()
    alive = sorted(s.objs[i].card.name for i in s.battlefield)
    assert alive == ["Forest"] * 5 + ["Grizzly Bears", "Island"]
    assert all(not s.objs[i].counters.get("fate") for i in s.battlefield)
    assert sorted(s.objs[i].card.name for i in s.players[0].graveyard) == ["Llanowar Elves", "Oblivion Stone"]
