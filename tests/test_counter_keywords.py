"""Keywords about counters, with real cards from the card corpus: vanishing (CR 702.63), its
three abilities, the last one put on the stack when the last time counter is removed; sunburst
(CR 702.44), counters for the colors of mana spent. The scenarios/cards/cr-702-63-* and
cr-702-44-* files play Waning Wurm, Soultether Golem, Skyreach Manta and Pentad Prism."""
from __future__ import annotations

from manastack import Game
from manastack.engine.abilities import VANISHING_SACRIFICE, keyword_replacement, keyword_trigger, nested_abilities
from manastack.engine import events
from manastack.engine.decisions import Action
from manastack.engine.runner import Ctx
from manastack.scenario import Scenario

ALICE, BOB = 0, 1


def test_vanishing_reads_as_three_abilities(db):
    wurm = db.get("Waning Wurm")
    [kw] = [ab for ab in wurm.abilities if getattr(ab, "name", "") == "vanishing"]
    assert keyword_replacement(kw).amount == 2 and keyword_replacement(kw).counter_kind == "time"
    assert keyword_trigger(kw).condition == "self_has_time_counter"
    assert VANISHING_SACRIFICE in nested_abilities(wurm)


def test_the_last_counter_triggers_the_sacrifice_across_a_save(db):
    """Lavacore Elemental (vanishing 1): the only counter removed at the upkeep is the last;
    the sacrifice waits on the stack, and a saved game still has it."""
    sc = Scenario.from_text("""
turn: 3
step: untap
players:
  - name: Alice
    library: [Mountain, Mountain]
    battlefield: [{card: Lavacore Elemental, counters: {time: 1}}]
  - name: Bob
    library: [Island, Island]
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    g.push(Action("pass"))
    g.push(Action("pass"))           # the upkeep ability resolves: the last counter goes
    g = Game.from_json(g.to_json(), db)
    s = g.current_state()
    assert [i.label for i in s.stack] == ["Lavacore Elemental's vanishing ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[ALICE].graveyard] == ["Lavacore Elemental"]


def test_sunburst_counts_each_color_once(db):
    """Suntouched Myr ({3}, sunburst) paid with two Forests and a Wastes: one color spent, one
    +1/+1 counter (CR 702.44a)."""
    sc = Scenario.from_text("""
turn: 3
players:
  - name: Alice
    hand: [Suntouched Myr]
    battlefield: [Forest, Forest, Wastes]
  - name: Bob
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    [myr] = [o for o in g.current_state().permanents(ALICE) if o.card.name == "Suntouched Myr"]
    assert myr.counters == {"+1/+1": 1}


def test_sunburst_gives_nothing_to_a_permanent_not_cast(db):
    """Sunburst counts mana spent to cast it: put onto the battlefield otherwise, it gets no
    counter (CR 702.44a)."""
    sc = Scenario.from_text("""
turn: 3
players:
  - name: Alice
    graveyard: [Suntouched Myr]
  - name: Bob
""", cards=db)
    s = sc.state.copy()
    ctx = Ctx(s, [])
    myr = s.objs[s.players[ALICE].graveyard[0]]
    new = events.move(ctx, myr, "battlefield", controller=ALICE)
    assert new.counters == {}
