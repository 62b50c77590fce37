"""Sagas (CR 714): chapter abilities, lore counters and the sacrifice, with real cards."""
from __future__ import annotations

from manastack.cards import default_db
from manastack.engine import events, sba
from manastack.engine.mechanics import sagas
from manastack.engine.decisions import Action
from manastack.engine.runner import Ctx

from .mana_helpers import board

DB = default_db()


def test_chapter_symbols_compile_to_one_ability_per_numeral():
    """CR 714.2c: "I, II — [effect]" means "I — [effect]" and "II — [effect]"."""
    card = DB.get("History of Benalia")
    assert sagas.chapters(card) == [1, 2, 3] and sagas.final_chapter(card) == 3
    assert sagas.final_chapter(DB.get("Grizzly Bears")) == 0


def test_corpus_sagas(corpus_db):
    assert corpus_db.get("History of Benalia").fully_supported
    assert not corpus_db.get("Fall of the Thran").fully_supported     # chapter II, III isn't read


def saga_game(lore: int):
    return board(f"""  - name: Alice
    battlefield: [{{card: History of Benalia, counters: {{lore: {lore}}}}}]
  - name: Bob
""", turn=3)


def test_removed_lore_counters_let_a_chapter_trigger_again():
    """A chapter triggers when a counter brings the count from below N to N or more; after
    counters are removed it triggers again, and the counters it skipped don't (rulings)."""
    g = saga_game(2)
    s = g.current_state()
    (saga,) = s.permanents(0)
    events.remove_counters(Ctx(s, []), saga, "lore", 1)
    events.add_counters(Ctx(s, []), saga, "lore", 1)
    assert [t.card.abilities[t.ability_index].trigger.chapter for t in s.pending_triggers] == [2]


def test_saga_is_sacrificed_only_once_its_chapter_has_left_the_stack():
    """CR 714.4: three lore counters, chapter III waiting: it stays; then it goes."""
    g = saga_game(2)
    s = g.current_state()
    (saga,) = s.permanents(0)
    events.add_counters(Ctx(s, []), saga, "lore", 1)
    assert s.pending_triggers and sagas.to_sacrifice(s) == []
    s.pending_triggers = []
    assert sagas.to_sacrifice(s) == [saga]
    sba.check(Ctx(s, []))
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["History of Benalia"]


def test_a_saga_enters_with_a_lore_counter_and_chapter_one_triggers():
    g = board("""  - name: Alice
    hand: [History of Benalia]
    battlefield: [Plains, Plains, Plains]
  - name: Bob
""", turn=3)
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    saga = next(o for o in s.permanents(0) if o.card.name == "History of Benalia")
    assert saga.counters == {"lore": 1}
    assert [i.label for i in s.stack] == ["History of Benalia's ability"]
