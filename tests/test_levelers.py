"""Level up and leveler cards (CR 702.87, 711), with real cards and their rulings."""
from __future__ import annotations

from manastack import Game
from manastack.cards import default_db
from manastack.cards.levelers import split_levels
from manastack.engine import characteristics as ch
from manastack.engine import events
from manastack.engine.mechanics import levelers
from manastack.engine.decisions import Action
from manastack.engine.runner import Ctx

from .mana_helpers import board, cast

DB = default_db()


def student_game(level: int, hand: str = "[]") -> Game:
    return board(f"""  - name: Alice
    hand: {hand}
    battlefield: [{{card: Student of Warfare, counters: {{level: {level}}}}}, Plains, Mountain]
  - name: Bob
""", turn=3)


def the_student(g: Game):
    s = g.current_state()
    return next(s.objs[i] for i in s.battlefield if s.objs[i].card.main.name == "Student of Warfare")


def test_level_blocks_are_read_from_the_text():
    base, blocks = split_levels(DB.get("Student of Warfare").text)
    assert base.startswith("Level up {W}")
    assert [(b.label, b.power, b.toughness, b.lines) for b in blocks] == [
        ("LEVEL 2-6", "3", "3", ("First strike",)), ("LEVEL 7+", "4", "4", ("Double strike",))]
    assert blocks[0].covers(6) and not blocks[0].covers(7) and blocks[1].covers(70)


def test_corpus_levelers(corpus_db):
    """A level block's unread line makes the card unsupported, named with its level symbol."""
    lord = corpus_db.get("Lord of Shatterskull Pass")
    assert lord.unsupported == ("LEVEL 6+: Whenever Lord of Shatterskull Pass attacks, it deals 6 damage to "
                                "each creature defending player controls.",)
    assert corpus_db.get("Hexdrinker").fully_supported      # "Protection from instants" (CR 702.16a)
    student = corpus_db.get("Student of Warfare")
    assert student.fully_supported and [ab.name for ab in student.abilities] == ["level up"]
    assert all(face.main is student for _b, face in student.levels)
    supported = [n for n in corpus_db.names() if "\nLEVEL " in (corpus_db.get(n).text or "")
                 and corpus_db.get(n).fully_supported]
    assert len(supported) >= 15


def test_level_counters_choose_the_face():
    """CR 711.2a-b, 711.5: below 2 counters a 1/1; 2-6 a 3/3 first striker; 7+ a 4/4 double striker,
    the level up ability kept throughout (ruling); counters removed count too (ruling)."""
    g = student_game(1)
    s = g.current_state()
    o = s.objs[the_student(g).id]          # the state's own object, which the events change
    assert (ch.power(s, o), ch.toughness(s, o)) == (1, 1)
    events.add_counters(Ctx(s, []), o, "level", 1)
    assert (ch.power(s, o), ch.toughness(s, o)) == (3, 3) and ch.has(s, o, "first strike")
    events.add_counters(Ctx(s, []), o, "level", 5)
    assert (ch.power(s, o), ch.toughness(s, o)) == (4, 4) and ch.has(s, o, "double strike")
    assert not ch.has(s, o, "first strike")
    assert [ab.name for ab in o.card.abilities if hasattr(ab, "name")][0] == "level up"
    events.remove_counters(Ctx(s, []), o, "level", 6)
    assert (ch.power(s, o), ch.toughness(s, o)) == (1, 1) and o.card is DB.get("Student of Warfare")


def test_level_up_is_a_sorcery_speed_activated_ability():
    g = student_game(1)
    (act,) = [a for a in g.legal_actions() if a.kind == "activate"]
    assert "Level up {W}" in act.label
    g.push(act)
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert the_student(g).counters == {"level": 2}


def test_a_leveled_permanent_is_the_card_again_elsewhere_and_in_a_save():
    """CR 711.6: in a graveyard it is the printed 1/1; a save keeps the level's face."""
    g = student_game(2, "[Lightning Bolt]")
    again = Game.from_json(g.to_json(), g.db)
    o = the_student(again)
    assert o.card.power == "3" and o.card.main is DB.get("Student of Warfare")
    cast(g, "Lightning Bolt")
    g.push(next(a for a in g.legal_actions() if a.args and a.args[0] == the_student(g).id))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert [s.objs[i].card for i in s.players[0].graveyard if s.objs[i].card.name == "Student of Warfare"] \
        == [DB.get("Student of Warfare")]
    assert levelers.face_for(DB.get("Student of Warfare"), 9).power == "4"
