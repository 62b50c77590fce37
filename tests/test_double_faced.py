"""Cards of several faces (CR 709, 712, 715) as the card database ties them together, and
double-faced cards that transform (CR 701.27, 712), with real cards and their rulings."""
from __future__ import annotations

import pytest

from manastack import Game
from manastack.cards import CardDB, default_db
from manastack.cards.coverage import coverage
from manastack.cards.multiface import Layout
from manastack.engine import characteristics as ch
from manastack.engine.mechanics import double_faced
from manastack.engine.decisions import Action
from manastack.engine.state import Obj

from .mana_helpers import board, cast

DB = default_db()


def pass_both(g: Game) -> None:
    g.push(Action("pass"))
    g.push(Action("pass"))


# ------------------------------------------------------------------------------ the card database


def test_corpus_faces_are_tied_together_by_kind(corpus_db):
    shepherd, howler = corpus_db.get("Gatstaf Shepherd"), corpus_db.get("Gatstaf Howler")
    assert shepherd.layout is Layout.TRANSFORM and shepherd.back is howler and howler.front is shepherd
    assert howler.main is shepherd and shepherd.main is shepherd
    giant, stomp = corpus_db.get("Bonecrusher Giant"), corpus_db.get("Stomp")
    assert giant.layout is Layout.ADVENTURE and giant.adventure is stomp and stomp.main is giant
    alive = corpus_db.get("Alive (Alive/Well)")
    assert alive.layout is Layout.SPLIT and alive.name == "Alive"        # CR 709: each half's own name
    assure = corpus_db.get("Assure (Assure/Assemble)")
    assert assure.main.name == "Assure // Assemble" and assure.main.halves[0] is assure   # left first
    assert corpus_db.get("Zof Consumption").layout is Layout.MODAL_DFC
    assert corpus_db.get("Graf Rats").layout is Layout.MELD
    assert corpus_db.get("Akki Lavarunner").layout is Layout.FLIP
    # "Partner with" pairs are two cards (CR 702.124j), stored as a pair in the corpus
    assert corpus_db.get("Blaring Captain").layout is Layout.NORMAL
    assert corpus_db.get("Blaring Captain").main.name == "Blaring Captain"


def test_a_back_face_has_its_color_indicator(corpus_db):
    """CR 204, 712.8e: Insectile Aberration has no mana cost and is blue."""
    aberration = corpus_db.get("Insectile Aberration")
    assert aberration.mana_cost.symbols == () and aberration.colors == ("U",)


def test_a_card_is_supported_only_when_every_face_is(corpus_db):
    """Garruk Relentless' front face isn't read in full: its back face, read in full, is not
    playable either; a werewolf whose faces are both read is."""
    assert corpus_db.get("Garruk, the Veil-Cursed").face_unsupported == ()
    assert not corpus_db.get("Garruk, the Veil-Cursed").fully_supported
    assert any(u.startswith("Garruk Relentless: ") for u in corpus_db.get("Garruk, the Veil-Cursed").unsupported)
    assert corpus_db.get("Gatstaf Shepherd").fully_supported
    assert corpus_db.get("Gatstaf Howler").fully_supported
    # kinds the engine doesn't play yet say so on both faces
    assert any("meld card" in u for u in corpus_db.get("Graf Rats").unsupported)
    assert any("meld card" in u for u in corpus_db.get("Midnight Scavengers").unsupported)


def test_coverage_counts_each_face_once():
    db = CardDB()
    faces = {"Front": {"name": "Front", "manaCost": "{G}", "type": "Creature — Wolf", "types": ["Creature"],
                       "subtypes": ["Wolf"], "power": "1", "toughness": "1", "layout": "split",
                       "otherFaceName": "Back", "text": "Frobnicate the wombat."},
             "Back": {"name": "Back", "type": "Creature — Wolf", "types": ["Creature"], "subtypes": ["Wolf"],
                      "power": "2", "toughness": "2", "layout": "split", "otherFaceName": "Front",
                      "text": "Flying\nAt the beginning of each upkeep, transform Back."}}
    db.add_atomic({"data": {k: [v] for k, v in faces.items()}}, "test")
    report = coverage(db)
    assert report.total == 2 and report.compiled == 0
    assert report.top == [("Frobnicate the wombat.", 1)]     # once, from the face that says it


def test_decklists_name_a_card_by_any_face(corpus_db):
    assert DB.resolve("Gatstaf Howler") == "Gatstaf Shepherd // Gatstaf Howler"
    assert corpus_db.resolve("insectile aberration") == "Delver of Secrets"
    assert corpus_db.resolve("Stomp") == "Bonecrusher Giant"


# ------------------------------------------------------------------------------ transforming


def test_werewolf_lines_compile():
    shepherd = DB.get("Gatstaf Shepherd")
    (trigger,) = shepherd.abilities
    assert trigger.condition == "no_spells_cast_last_turn"
    assert trigger.trigger.event == "beginning_of_step" and trigger.trigger.step == "upkeep"
    (kw, back_trigger) = DB.get("Gatstaf Howler").abilities
    assert kw.name == "intimidate" and back_trigger.condition == "a_player_cast_two_spells_last_turn"


def werewolf_game(face: str = "Gatstaf Shepherd", hand: str = "[Shock, Shock]") -> Game:
    return board(f"""  - name: Alice
    hand: {hand}
    library: [Forest, Forest, Forest]
    battlefield: [{{card: Gatstaf Shepherd // Gatstaf Howler, face: {face}}}, Mountain, Mountain, Mountain]
  - name: Bob
    library: [Island, Island, Island]
""", turn=3)


def the_wolf(g: Game) -> Obj:
    s = g.current_state()
    return next(s.objs[i] for i in s.battlefield if "Werewolf" in s.objs[i].card.subtypes)


def test_transformed_permanent_keeps_its_front_faces_mana_value():
    """CR 712.8e: Gatstaf Howler has no mana cost; its mana value is Gatstaf Shepherd's, 2. A
    copy of the back face has mana value 0."""
    g = werewolf_game("Gatstaf Howler")
    wolf = the_wolf(g)
    assert wolf.card.name == "Gatstaf Howler" and double_faced.is_back_face_up(wolf)
    assert ch.mana_value(wolf) == 2
    copy = wolf.copy()
    copy.printed = DB.get("Grizzly Bears")
    assert ch.mana_value(copy) == 0


def test_transform_turns_the_same_object_over_and_back():
    """CR 701.27a, 712.18: the same object, counters kept; transforming again shows the front."""
    g = werewolf_game()
    s = g.current_state()
    wolf = s.objs[the_wolf(g).id]          # the state's own object, which the transform changes
    wolf.counters = {"+1/+1": 2}
    ctx = type("Ctx", (), {"s": s})()
    assert double_faced.transform(ctx, wolf)
    assert wolf.card.name == "Gatstaf Howler" and (ch.power(s, wolf), ch.toughness(s, wolf)) == (5, 5)
    assert ch.has(s, wolf, "intimidate")
    assert double_faced.transform(ctx, wolf)
    assert wolf.card.name == "Gatstaf Shepherd" and not ch.has(s, wolf, "intimidate")


def test_a_single_faced_permanent_doesnt_transform():
    """CR 701.27c: nothing happens to a permanent that isn't a double-faced card."""
    g = board("""  - name: Alice
    battlefield: [Grizzly Bears]
  - name: Bob
""")
    s = g.current_state()
    bears = next(s.objs[i] for i in s.battlefield)
    assert not double_faced.transform(type("Ctx", (), {"s": s})(), bears)
    assert bears.card.name == "Grizzly Bears"


def test_a_transformed_permanent_goes_to_the_graveyard_as_its_front_face():
    """CR 712.8a: outside the battlefield a double-faced card has its front face's characteristics."""
    g = werewolf_game("Gatstaf Howler", "[Lightning Bolt]")
    wolf = the_wolf(g)
    cast(g, "Lightning Bolt")
    g.push(next(a for a in g.legal_actions() if a.args and a.args[0] == wolf.id))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    pass_both(g)
    s = g.current_state()
    (card,) = [s.objs[i] for i in s.players[0].graveyard if s.objs[i].card.name != "Lightning Bolt"]
    assert card.card.name == "Gatstaf Shepherd" and card.card.back is not None


def test_spells_cast_last_turn_are_counted_per_player():
    g = werewolf_game()
    cast(g, "Shock")
    g.push(next(a for a in g.legal_actions() if "Bob" in a.label))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    pass_both(g)
    while g.current_state().turn == 3:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    s = g.current_state()
    assert [p.spells_cast_last_turn for p in s.players] == [1, 0]
    assert [p.spells_cast_this_turn for p in s.players] == [0, 0]
    again = Game.from_json(g.to_json(), g.db).current_state()
    assert [p.spells_cast_last_turn for p in again.players] == [1, 0]


@pytest.mark.parametrize("face", ["Gatstaf Shepherd", "Gatstaf Howler"])
def test_werewolf_triggers_only_on_its_condition(face):
    """After a turn with one spell, neither face's condition holds (CR 603.4)."""
    g = werewolf_game(face)
    cast(g, "Shock")
    g.push(next(a for a in g.legal_actions() if "Bob" in a.label))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    pass_both(g)
    while g.current_state().step != "upkeep" or g.current_state().turn == 3:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    assert not g.current_state().stack
    assert the_wolf(g).card.name == face


# ------------------------------------------------------------------------------ modal double-faced cards


def test_modal_back_face_is_offered_as_a_land_and_has_its_own_mana_value():
    """CR 712.12: played as the back face; CR 712.8f: on the battlefield only that face's
    characteristics (mana value 0); in the graveyard the front face's (mana value 6)."""
    g = board("""  - name: Alice
    hand: [Zof Consumption // Zof Bloodbog]
    library: [Swamp, Swamp]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    (play,) = [a for a in g.legal_actions() if a.kind == "play_back"]
    assert not [a for a in g.legal_actions() if a.kind == "play"]      # the front is a sorcery
    g.push(play)
    s = g.current_state()
    (zof,) = s.permanents(0)
    assert zof.card.name == "Zof Bloodbog" and zof.tapped and ch.mana_value(zof) == 0
    assert not double_faced.transform(type("Ctx", (), {"s": s})(), zof)   # it can't transform (ruling)
    graveyard = zof.copy()
    graveyard.card = zof.card.main
    assert graveyard.card.name == "Zof Consumption" and ch.mana_value(graveyard) == 6


def test_pathways_and_mdfcs_in_the_corpus(corpus_db):
    assert corpus_db.get("Zof Bloodbog").fully_supported and corpus_db.get("Zof Consumption").fully_supported
    assert corpus_db.get("Zof Consumption").back is corpus_db.get("Zof Bloodbog")
