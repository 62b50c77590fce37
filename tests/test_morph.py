"""Morph and megamorph (CR 702.37) and face-down spells and permanents (CR 708), pinned with real
cards compiled from their Oracle text and the official rulings that apply to them."""
from __future__ import annotations

from manastack import Game, RandomAgent
from manastack.cards import default_db
from manastack.decks import Deck
from manastack.engine import characteristics as ch
from manastack.engine.mechanics import morph
from manastack.engine.decisions import Action, IllegalActionError
from manastack.mana import ManaCost
from manastack.oracle import ir

from .mana_helpers import board

import pytest

DB = default_db()
LANDS = "[Plains, Plains, Plains, Island, Island, Forest, Forest]"


def game(hand: str, bob: str = "[]", bob_hand: str = "[]", lands: str = LANDS) -> Game:
    return board(f"""  - name: Alice
    hand: {hand}
    battlefield: {lands}
  - name: Bob
    hand: {bob_hand}
    battlefield: {bob}
""", turn=3)


def act(g: Game, kind: str, words: str = "") -> None:
    """Take the action of ``kind`` whose label has ``words``; pay automatically."""
    g.push(next(a for a in g.legal_actions() if a.kind == kind and words in a.label))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))


def pass_both(g: Game) -> None:
    g.push(Action("pass"))
    g.push(Action("pass"))


def face_down(g: Game, name: str) -> Game:
    """Cast ``name`` face down and let it resolve; then Alice's lands are untapped again."""
    act(g, "cast_face_down", name)
    pass_both(g)
    s = g.current_state()
    for land in s.permanents(0):
        if "Land" in land.card.types:
            land.tapped = False
    return Game.from_state(s, DB)


def the_face_down(g: Game):
    s = g.current_state()
    return next(s.objs[i] for i in s.battlefield if morph.is_face_down(s.objs[i]))


def test_morph_and_megamorph_and_turned_face_up_compile():
    mauler = DB.get("Sagu Mauler")
    assert ir.Keyword("morph", ir.Cost(mana=ManaCost(("3", "G", "U")))) in mauler.abilities
    slayer = DB.get("Hidden Dragonslayer")
    assert ir.Keyword("megamorph", ir.Cost(mana=ManaCost(("2", "W")))) in slayer.abilities
    trigger = next(ab for ab in slayer.abilities if type(ab) is ir.TriggeredAbility)
    assert trigger.trigger.event == "turned_face_up"
    assert all(DB.get(n).fully_supported for n in ("Sagu Mauler", "Hidden Dragonslayer", "Icefeather Aven",
                                                 "Exalted Angel"))


def test_face_down_spell_costs_three_and_is_hidden_from_the_opponent():
    """Sagu Mauler ruling 2014-09-20: put it on the stack face down so no other player knows what
    it is, and pay {3}; it's an alternative cost. CR 708.5: its controller may look at it."""
    g = game("[Sagu Mauler]", lands="[Plains, Plains, Plains]")
    assert not [a for a in g.legal_actions() if a.kind == "cast"]       # {3}{G}{U} can't be paid
    act(g, "cast_face_down", "Sagu Mauler")
    mine, theirs = g.view(0)["stack"][0], g.view(1)["stack"][0]
    assert mine["card"] == "Sagu Mauler" and mine["face_down"]
    assert "card" not in theirs and "Sagu" not in str(theirs) and theirs["face_down"]
    assert all(o["tapped"] for o in g.view(0)["battlefield"])
    pass_both(g)
    the_face_down(g)
    assert "Sagu" not in str(g.view(1)["battlefield"]) and "Sagu Mauler" in str(g.view(0)["battlefield"])
    assert g.current_state().players[0].spells_cast_this_turn == 1
    assert "702.37c" in g.explain()


def test_face_down_permanent_is_a_nameless_colorless_2_2_without_abilities():
    """Ruling: it's a 2/2 with no name, mana cost, creature types or abilities, colorless, mana
    value 0 (CR 708.2a). Sagu Mauler's hexproof is gone: Bob can Shock it."""
    g = face_down(game("[Sagu Mauler]", bob="[Mountain]", bob_hand="[Shock]"), "Sagu Mauler")
    s, o = g.current_state(), the_face_down(g)
    assert ch.power_toughness(s, o) == (2, 2)
    assert o.card.name != "Sagu Mauler" and not o.card.subtypes and o.card.colors == ()
    assert o.card.mana_cost.mana_value() == 0 and not o.card.abilities
    assert not ch.has(s, o, "hexproof") and not ch.has(s, o, "trample")
    g.push(Action("pass"))                                  # Bob gets priority
    act(g, "cast", "Shock")
    g.push(next(a for a in g.legal_actions() if a.kind == "target" and a.args[0] == o.id))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    pass_both(g)
    s = g.current_state()
    # CR 708.9: revealed as it leaves; it is Sagu Mauler in the graveyard
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Sagu Mauler"]
    assert "revealed: it is Sagu Mauler" in g.explain()


def test_turning_face_up_is_a_special_action_that_keeps_damage_and_status():
    """Ruling: turning it face up is a special action; it doesn't use the stack. A permanent that
    turns face up is otherwise the same permanent (CR 708.8): damage and tapped status stay."""
    g = face_down(game("[Sagu Mauler]"), "Sagu Mauler")
    s = g.current_state()
    o = next(s.objs[i] for i in s.battlefield if morph.is_face_down(s.objs[i]))
    o.damage, o.tapped = 1, True
    g = Game.from_state(s, DB)
    act(g, "turn_face_up", "Sagu Mauler")
    s = g.current_state()
    up = s.objs[o.id]
    assert up.card.name == "Sagu Mauler" and not s.stack and g.pending.kind == "priority"
    assert g.pending.player == 0
    assert (up.damage, up.tapped) == (1, True) and ch.power_toughness(s, up) == (6, 6)
    assert ch.has(s, up, "hexproof") and "Sagu Mauler" in str(g.view(1)["battlefield"])
    assert not [a for a in g.legal_actions() if a.kind == "turn_face_up"]


def test_only_the_controller_turns_it_face_up_and_only_paying_the_morph_cost():
    g = face_down(game("[Sagu Mauler]", lands="[Island, Forest, Plains, Plains]"), "Sagu Mauler")
    assert not [a for a in g.legal_actions() if a.kind == "turn_face_up"]
    g.push(Action("pass"))
    assert g.pending.player == 1 and not [a for a in g.legal_actions() if a.kind == "turn_face_up"]
    with pytest.raises(IllegalActionError):
        g.push(Action("turn_face_up", (the_face_down(g).id,)))


def test_megamorph_adds_a_counter_and_the_turned_face_up_trigger():
    """Hidden Dragonslayer rulings 2015-02-25: turning it face up and putting a +1/+1 counter on
    it is a special action; then its "When ... is turned face up" ability triggers."""
    g = face_down(game("[Hidden Dragonslayer]", bob="[Colossal Dreadmaw]"), "Hidden Dragonslayer")
    act(g, "turn_face_up", "Hidden Dragonslayer")
    s = g.current_state()
    up = next(s.objs[i] for i in s.battlefield if s.objs[i].card.name == "Hidden Dragonslayer")
    assert up.counters == {"+1/+1": 1} and ch.power_toughness(s, up) == (3, 2)
    assert [i.label for i in s.stack] == ["Hidden Dragonslayer's ability"]
    pass_both(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[1].graveyard] == ["Colossal Dreadmaw"]


def test_face_down_exalted_angel_has_no_lifelink_trigger_until_turned_up():
    """CR 708.2: the face-down permanent has no abilities; Exalted Angel's trigger works once up."""
    g = face_down(game("[Exalted Angel]", lands="[Plains, Plains, Plains, Plains, Plains, Plains, Plains]"),
                  "Exalted Angel")
    assert not ch.has(g.current_state(), the_face_down(g), "flying")
    assert not any(type(ab) is ir.TriggeredAbility for ab in the_face_down(g).card.abilities)
    act(g, "turn_face_up", "Exalted Angel")
    assert ch.has(g.current_state(), the_angel(g), "flying")


def the_angel(g: Game):
    s = g.current_state()
    return next(s.objs[i] for i in s.battlefield if s.objs[i].card.name == "Exalted Angel")


def test_countered_face_down_spell_is_revealed():
    """CR 708.9: a face-down spell leaving the stack for another zone is revealed."""
    g = game("[Icefeather Aven]", bob="[Island, Island, Island]", bob_hand="[Cancel]")
    act(g, "cast_face_down", "Icefeather Aven")
    g.push(Action("pass"))
    act(g, "cast", "Cancel")
    if g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if a.kind == "target"))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    pass_both(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Icefeather Aven"]
    assert "the face-down spell is revealed: it is Icefeather Aven" in g.explain()


def test_a_save_keeps_the_face_down_permanent():
    g = face_down(game("[Icefeather Aven]"), "Icefeather Aven")
    loaded = Game.from_json(g.to_json(), DB)
    o = the_face_down(loaded)
    assert o.printed.name == "Icefeather Aven" and ch.power_toughness(loaded.current_state(), o) == (2, 2)
    assert "Icefeather Aven" not in str(loaded.view(1)["battlefield"])
    act(loaded, "turn_face_up", "Icefeather Aven")
    assert loaded.current_state().objs[o.id].card.name == "Icefeather Aven"


def test_random_agents_cast_face_down_and_turn_face_up():
    names = ["Hidden Dragonslayer", "Icefeather Aven", "Sagu Mauler", "Exalted Angel"]
    lands = ["Plains", "Island", "Forest"]
    deck = Deck("morph", tuple((5, n) for n in names) + tuple((7, n) for n in lands))
    seen = set()
    for seed in range(6):
        g = Game.new(deck, deck, seed=seed, cards=DB)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        for _ in range(3000):
            if g.pending is None:
                break
            g.push(agents[g.pending.player].choose(g, g.pending))
        text = g.explain()
        seen |= {w for w in (" face down  ", "is turned face up") if w in text}
    assert seen == {" face down  ", "is turned face up"}


def test_face_down_permanents_are_revealed_when_the_game_ends():
    """Sagu Mauler ruling 2014-09-20: you must reveal all face-down spells and permanents you
    control if the game ends (CR 708.9)."""
    g = face_down(game("[Icefeather Aven]"), "Icefeather Aven")
    s = g.current_state()
    s.players[1].life = 0
    g = Game.from_state(s, DB)
    if g.pending is not None:
        g.push(Action("pass"))
    assert g.result is not None and g.result.winner == 0
    assert "face-down creature is revealed: it is Icefeather Aven" in g.explain()
    assert "Icefeather Aven" in str(g.view(1)["battlefield"])
