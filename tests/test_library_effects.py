"""Hands and libraries: revealing a hand and discarding a card chosen from it (CR 701.20a,
701.9a), looking at the top cards of a library and putting the rest on the bottom or back on
top (CR 701.20e, 401.4), and searching then shuffling (CR 701.23, 701.24). Each template is
pinned with real cards compiled from their Oracle text, and the official rulings that apply."""
from __future__ import annotations

import dataclasses

from manastack import Game
from manastack.cards import CardDef, default_db
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .mana_helpers import board
from . import game_helpers

DB = default_db()


def card(name: str, text: str, type_line: str = "Sorcery") -> CardDef:
    """A card compiled from the Oracle text given (the 2021 wording where it differs)."""
    types = type_line.split(" — ")[0].split()
    return CardDef.from_face({"name": name, "manaCost": "{1}", "type": type_line, "types": types,
                              "text": text, "power": "1", "toughness": "1"})


def effects(c: CardDef):
    ab = next(a for a in c.abilities if not isinstance(a, ir.Keyword))
    return ab.effects


def cast(g: Game, name: str, target: str | None = None) -> None:
    s = g.current_state()
    g.push(next(a for a in g.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name == name))
    if target is not None and g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if target in a.label))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))


def resolve(g: Game) -> None:
    g.push(Action("pass"))
    g.push(Action("pass"))


def pick(g: Game, label: str) -> None:
    g.push(next(a for a in g.legal_actions() if a.label == label))


def names(g: Game, ids) -> list[str]:
    s = g.current_state()
    return [s.objs[i].card.name for i in ids]


# ------------------------------------------------------------------ compiling the templates


def test_reveal_hand_then_discard_the_chosen_card_compiles():
    coercion = card("Coercion", "Target opponent reveals their hand. You choose a card from it. "
                                "That player discards that card.")
    assert coercion.fully_supported
    assert effects(coercion) == (ir.RevealHandDiscard(ir.Filter(zone="hand"), ir.Target(0)),)
    duress = DB.get("Duress")
    assert effects(duress)[0].filter.non_types == ("Creature", "Land")     # "noncreature, nonland"
    thoughtseize = DB.get("Thoughtseize")
    assert [type(e) for e in effects(thoughtseize)] == [ir.RevealHandDiscard, ir.LoseLife]
    assert thoughtseize.abilities[0].targets[0].kind == "player"


def test_look_at_the_top_cards_compiles():
    owl = DB.get("Arcanist's Owl")
    assert effects(owl) == (ir.LookAtTop(4, ir.Filter(types=("Artifact", "Enchantment"), zone="library"),
                                         "random"),)
    assert effects(DB.get("Augur of Bolas"))[0].rest == "bottom"
    assert effects(DB.get("Sage Owl")) == (ir.LookAtTop(4, None, "top"),)
    guile = card("Mirri's Guile", "At the beginning of your upkeep, you may look at the top three cards "
                                  "of your library, then put them back in any order.", "Enchantment")
    assert effects(guile) == (ir.May((ir.LookAtTop(3, None, "top"),)),)


def test_if_you_do_shuffle_your_library_reads_as_then_shuffle():
    """The 2021 wording of a "you may search" and today's compile to the same ability."""
    old = card("Borderland Ranger", "When Borderland Ranger enters the battlefield, you may search your "
               "library for a basic land card, reveal it, and put it into your hand. If you do, shuffle "
               "your library.", "Creature — Human Scout")
    assert old.fully_supported
    assert effects(old) == effects(DB.get("Borderland Ranger"))
    search = effects(old)[0].effects[0]
    assert search.reveal and search.filter.supertypes == ("Basic",)
    quirion = card("Quirion Trailblazer", "When Quirion Trailblazer enters the battlefield, you may search "
                   "your library for a basic land card and put that card onto the battlefield tapped. If you "
                   "do, shuffle your library.", "Creature — Elf Scout")
    assert effects(quirion)[0].effects[0] == ir.SearchLibrary(
        ir.Filter(types=("Land",), supertypes=("Basic",), zone="library"), "battlefield", True)
    assert effects(DB.get("Avarax"))[0].effects[0].filter.named_self


# ------------------------------------------------------------------ revealing a hand


def test_duress_shows_the_hand_and_offers_only_matching_cards():
    g = board("""
  - name: Alice
    hand: [Duress]
    battlefield: [Swamp]
  - name: Bob
    hand: [Grizzly Bears, Shock, Forest, Giant Growth]
""", turn=3)
    cast(g, "Duress", "Bob")
    resolve(g)
    d = g.pending
    assert d.kind == "choose_discard" and d.player == 0
    assert [o.label for o in d.options] == ["Shock", "Giant Growth"]
    assert len(d.context["revealed"]) == 4
    assert "Bob reveals their hand: Grizzly Bears, Shock, Forest, Giant Growth" in g.explain()   # CR 701.20a: to all
    saved = Game.from_json(g.to_json())            # a game can be saved in the middle of the choice
    pick(saved, "Shock")
    s = saved.current_state()
    assert names(saved, s.players[1].graveyard) == ["Shock"]
    assert len(s.players[1].hand) == 3


def test_thoughtseize_with_no_nonland_card_still_costs_two_life():
    """Thoughtseize ruling (2020-08-07): you lose 2 life even with nothing to discard."""
    g = board("""
  - name: Alice
    hand: [Thoughtseize]
    battlefield: [Swamp]
  - name: Bob
    hand: [Forest]
""", turn=3)
    cast(g, "Thoughtseize", "Bob")
    resolve(g)
    s = g.current_state()
    assert s.players[0].life == 18 and names(g, s.players[1].hand) == ["Forest"]


def test_thoughtseize_on_yourself_reveals_your_hand_too():
    """Distress ruling (2014-02-01): targeting yourself, you reveal your whole hand all the same."""
    g = board("""
  - name: Alice
    hand: [Thoughtseize, Shock]
    battlefield: [Swamp]
  - name: Bob
""", turn=3)
    cast(g, "Thoughtseize", "Alice")
    resolve(g)
    assert "Alice reveals their hand: Shock" in g.explain()
    assert sorted(names(g, g.current_state().players[0].graveyard)) == ["Shock", "Thoughtseize"]


# ------------------------------------------------------------------ looking at the top cards

AUGUR = """
  - name: Alice
    hand: [Augur of Bolas]
    battlefield: [Island, Island]
    library: {library}
  - name: Bob
"""


def test_augur_with_fewer_cards_than_it_looks_at():
    """Augur of Bolas ruling (2012-07-01): with fewer than three cards you look at those left,
    and nobody has drawn from an empty library."""
    g = board(AUGUR.format(library="[Forest, Shock]"), turn=3)
    cast(g, "Augur of Bolas")
    resolve(g)
    resolve(g)
    assert "looks at the top 2 cards" in g.explain()
    pick(g, "Shock")
    s = g.current_state()
    assert names(g, s.players[0].hand) == ["Shock"] and names(g, s.players[0].library) == ["Forest"]
    assert s.result is None


def test_augur_reveals_nothing_and_orders_all_three():
    """Commune with Nature ruling (2004-12-01): revealing nothing, all the cards go to the bottom
    in any order. The log names neither the cards looked at nor their order (Augur of Bolas
    ruling, 2012-07-01)."""
    g = board(AUGUR.format(library="[Shock, Forest, Grizzly Bears, Mountain]"), turn=3)
    cast(g, "Augur of Bolas")
    resolve(g)
    resolve(g)
    assert g.pending.kind == "reveal"
    pick(g, "reveal nothing")
    assert g.pending.kind == "order_cards" and len(g.pending.options) == 3
    pick(g, "Forest")
    pick(g, "Shock")
    lib = g.current_state().players[0].library            # bottom first
    assert names(g, lib) == ["Grizzly Bears", "Shock", "Forest", "Mountain"]
    assert "Forest" not in g.explain().split("looks at the top")[1]


def test_random_order_uses_the_games_generator():
    """Arcanist's Owl: the rest go under the cards not looked at, in an order the game's own
    seeded generator picks, so a replay gives the same library."""
    def run(seed: int) -> list[str]:
        g = board("""
  - name: Alice
    hand: [Arcanist's Owl]
    battlefield: [{card: Plains, count: 4}]
    library: [Grizzly Bears, Pacifism, Forest, Shock, Island, Mountain]
  - name: Bob
""", turn=3, seed=seed)
        cast(g, "Arcanist's Owl")
        resolve(g)
        resolve(g)
        pick(g, "Pacifism")
        return names(g, g.current_state().players[0].library)
    libs = [run(seed) for seed in range(6)]
    assert all(lib[-2:] == ["Mountain", "Island"] for lib in libs)     # top first: Island, Mountain
    assert all(sorted(lib[:3]) == ["Forest", "Grizzly Bears", "Shock"] for lib in libs)
    assert run(3) == libs[3]
    assert len({tuple(lib) for lib in libs}) > 1


def test_sage_owl_puts_them_back_on_top():
    g = board("""
  - name: Alice
    hand: [Sage Owl]
    battlefield: [Island, Island]
    library: [Forest, Shock, Island, Grizzly Bears, Mountain]
  - name: Bob
""", turn=3)
    cast(g, "Sage Owl")
    resolve(g)
    resolve(g)
    for name in ("Grizzly Bears", "Island", "Shock"):
        pick(g, name)
    lib = g.current_state().players[0].library            # the last put back is on top
    assert names(g, lib) == ["Mountain", "Grizzly Bears", "Island", "Shock", "Forest"]


# ------------------------------------------------------------------ searching


def test_avarax_finds_only_a_card_with_its_name():
    g = board("""
  - name: Alice
    hand: [Avarax]
    battlefield: [{card: Mountain, count: 5}]
    library: [Shock, Avarax, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast(g, "Avarax")
    resolve(g)
    resolve(g)
    g.push(Action("yes"))
    assert [o.label for o in g.pending.options] == ["Avarax", "find nothing more"]
    pick(g, "Avarax")
    assert "Alice reveals Avarax" in g.explain()                      # CR 701.23e
    s = g.current_state()
    assert names(g, s.players[0].hand) == ["Avarax"] and len(s.players[0].library) == 2


def test_declining_the_search_leaves_the_library_unshuffled():
    """"If you do, shuffle": no search, no shuffle (CR 701.24a is never applied)."""
    g = board("""
  - name: Alice
    hand: [Borderland Ranger]
    battlefield: [{card: Forest, count: 3}]
    library: [Shock, Grizzly Bears, Forest, Island, Mountain]
  - name: Bob
""", turn=3)
    cast(g, "Borderland Ranger")
    resolve(g)
    resolve(g)
    g.push(Action("no"))
    lib = g.current_state().players[0].library
    assert names(g, lib) == ["Mountain", "Island", "Forest", "Grizzly Bears", "Shock"]
    assert "shuffles" not in g.explain()


def test_filters_stay_plain_data():
    """The new filter field compares by value, as IR nodes do."""
    assert dataclasses.replace(ir.Filter(), named_self=True) == ir.Filter(named_self=True)


def test_then_that_player_shuffles_compiles_in_both_wordings():
    old = card("Extract", "Search target player's library for a card and exile it. Then that player "
                          "shuffles their library.")
    assert effects(old) == (ir.SearchLibrary(ir.Filter(zone="library"), "exile", who=ir.Target(0)),)
    cap = DB.get("Jester's Cap").abilities[0]
    assert cap.effects == (ir.SearchLibrary(ir.Filter(zone="library"), "exile", amount=3, who=ir.Target(0)),)
    wind = card("Denying Wind", "Search target player's library for up to seven cards and exile them. "
                                "Then that player shuffles their library.")
    assert effects(wind)[0].up_to and effects(wind)[0].amount == 7


def test_bribery_need_not_find_a_creature():
    """Bribery ruling (2004-10-04): a search for a card of a stated quality may find nothing
    (CR 701.23b); the opponent shuffles all the same."""
    g = board("""
  - name: Alice
    hand: [Bribery]
    battlefield: [{card: Island, count: 5}]
  - name: Bob
    library: [Forest, Grizzly Bears, Shock]
""", turn=3)
    cast(g, "Bribery")
    resolve(g)
    assert g.pending.kind == "search" and g.pending.player == 0
    assert g.pending.prompt == "Search Bob's library"
    pick(g, "find nothing more")
    assert len(g.current_state().players[1].library) == 3
    assert "then Bob shuffles it" in g.explain()


def test_jesters_cap_must_find_three_cards_or_all_there_are():
    """CR 701.23d: "three cards" has no stated quality, so three must be found; Jester's Cap
    ruling (2004-10-04): with fewer in the library, all of them are exiled."""
    g = board("""
  - name: Alice
    battlefield: [Jester's Cap, Island, Island]
  - name: Bob
    library: [Forest, Shock]
""", turn=3)
    s = g.current_state()
    g.push(next(a for a in g.legal_actions() if a.kind == "activate"
                and s.objs[a.args[0]].card.name == "Jester's Cap"))
    while g.pending.kind in ("targets", "pay"):
        g.push(next(a for a in g.legal_actions() if "Bob" in a.label or a.kind == "autopay"))
    resolve(g)
    d = g.pending
    assert d.kind == "search" and all(o.kind == "choose" for o in d.options)     # no "done"
    pick(g, "Shock")
    s = g.current_state()
    assert s.players[1].library == [] and sorted(names(g, s.players[1].exile)) == ["Forest", "Shock"]


def test_if_you_search_your_library_this_way_compiles():
    fury = card("Angrath's Fury", "Destroy target creature. Angrath's Fury deals 3 damage to target player "
                "or planeswalker. You may search your library and/or graveyard for a card named Angrath, "
                "Minotaur Pirate, reveal it, and put it into your hand. If you search your library this way, "
                "shuffle it.")
    assert fury.fully_supported
    search = effects(fury)[2].effects[0]
    assert search.filter.name == "Angrath, Minotaur Pirate" and search.graveyard and search.reveal


def test_forerunner_searching_both_zones_shuffles_the_library():
    """Searching the library as well as the graveyard shuffles it, even when nothing is found."""
    g = board("""
  - name: Alice
    hand: [Ashiok's Forerunner]
    battlefield: [{card: Island, count: 3}, {card: Swamp, count: 2}]
    graveyard: [Shock]
    library: [Forest, Island, Shock, Mountain, Swamp, Plains]
  - name: Bob
""", turn=3, seed=1)
    cast(g, "Ashiok's Forerunner")
    resolve(g)
    resolve(g)
    g.push(Action("yes"))          # search at all
    g.push(Action("yes"))          # the library too; no card has the name, so nothing is found
    assert "Alice searches their library and shuffles" in g.explain()     # CR 701.24a
    assert len(g.current_state().players[0].library) == 6


# ---- "Put one of them into your hand and the rest ..." (Impulse, Forbidden Alchemy)


def _corpus_board(db, players: str):
    return game_helpers.board(db, players, turn=3)


def _cast_and_resolve(g, name: str) -> None:
    g.push(next(a for a in g.legal_actions() if a.label.startswith(f"cast {name}")))
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))


def test_impulse_takes_one_of_four_and_orders_the_rest_on_the_bottom(db):
    assert db.get("Impulse").abilities[0].effects == (ir.LookAtTop(4, None, "bottom", take=1),)
    g = _corpus_board(db, """
  - name: Alice
    hand: [Impulse]
    battlefield: [Island, Island]
    library: [Forest, Plains, Swamp, Mountain, Island]
  - name: Bob
""")
    _cast_and_resolve(g, "Impulse")
    assert g.pending.kind == "reveal"               # the top four, top first
    assert [a.label for a in g.legal_actions()] == ["Forest", "Plains", "Swamp", "Mountain"]
    g.push(next(a for a in g.legal_actions() if a.label == "Swamp"))
    while g.pending.kind == "order_cards":           # the rest in the order chosen: first listed first
        g.push(g.legal_actions()[0])
    s = g.current_state()
    p = s.players[0]
    assert [s.objs[i].card.name for i in p.hand] == ["Swamp"]
    # the fifth card (Island) is now on top, the other three below it in the order chosen
    assert [s.objs[i].card.name for i in p.library][::-1] == ["Island", "Forest", "Plains", "Mountain"]
    assert "puts one of them into their hand" in g.explain() and "Swamp" not in g.explain().split("puts one")[0][-60:]


def test_forbidden_alchemy_puts_the_rest_into_the_graveyard(db):
    g = _corpus_board(db, """
  - name: Alice
    hand: [Forbidden Alchemy]
    battlefield: [Island, Island, Island]
    library: [Forest, Plains, Swamp, Mountain, Island]
  - name: Bob
""")
    _cast_and_resolve(g, "Forbidden Alchemy")
    g.push(next(a for a in g.legal_actions() if a.label == "Plains"))
    s = g.current_state()
    p = s.players[0]
    assert [s.objs[i].card.name for i in p.hand] == ["Plains"]
    assert sorted(s.objs[i].card.name for i in p.graveyard) == ["Forbidden Alchemy", "Forest", "Mountain", "Swamp"]
    assert [s.objs[i].card.name for i in p.library] == ["Island"]


def test_dig_through_time_takes_two(db):
    assert db.get("Dig Through Time").abilities[0].effects == (ir.LookAtTop(7, None, "bottom", take=2),)


def test_goblin_ringleader_puts_every_goblin_revealed_into_the_hand(db):
    """"Reveal the top four cards of your library. Put all Goblin cards revealed this way into
    your hand and the rest on the bottom of your library in any order." (CR 701.20a)."""
    g = _corpus_board(db, """
  - name: Alice
    hand: [Goblin Ringleader]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
    library: [Goblin Piker, Mountain, Raging Goblin, Forest, Goblin Piker]
  - name: Bob
""")
    _cast_and_resolve(g, "Goblin Ringleader")      # the creature spell
    g.push(Action("pass"))
    g.push(Action("pass"))                            # its enters trigger
    while g.pending.kind == "order_cards":
        g.push(g.legal_actions()[0])
    s = g.current_state()
    p = s.players[0]
    assert sorted(s.objs[i].card.name for i in p.hand) == ["Goblin Piker", "Raging Goblin"]
    assert [s.objs[i].card.name for i in p.library][::-1] == ["Goblin Piker", "Mountain", "Forest"]
    assert "Alice reveals the top 4 cards of their library: Goblin Piker, Mountain, Raging Goblin, Forest" \
        in g.explain()


def test_satyr_wayfinder_may_take_a_land_and_mills_the_rest(db):
    g = _corpus_board(db, """
  - name: Alice
    hand: [Satyr Wayfinder]
    battlefield: [Forest, Forest, Forest, Forest]
    library: [Grizzly Bears, Mountain, Llanowar Elves, Forest, Island]
  - name: Bob
""")
    _cast_and_resolve(g, "Satyr Wayfinder")
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert [a.label for a in g.legal_actions()] == ["Mountain", "Forest", "reveal nothing"]
    g.push(next(a for a in g.legal_actions() if a.label == "Forest"))
    s = g.current_state()
    p = s.players[0]
    assert [s.objs[i].card.name for i in p.hand] == ["Forest"]
    assert sorted(s.objs[i].card.name for i in p.graveyard) == ["Grizzly Bears", "Llanowar Elves", "Mountain"]
    assert [s.objs[i].card.name for i in p.library] == ["Island"]
