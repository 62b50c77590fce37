"""Haunt (CR 702.55) on permanents, with real cards: the keyword's trigger, "When ~ enters or the
creature it haunts dies" read as two abilities, the second working only from exile, and spells
with haunt left unsupported. The scenarios/cards/cr-702-55-* file plays Blind Hunter."""
from __future__ import annotations

from manastack import Game
from manastack.engine.abilities import keyword_trigger, works_in_exile
from manastack.engine.state import HAUNTING
from manastack.oracle import ir
from manastack.scenario import Scenario


def test_haunt_reads_as_its_trigger_and_two_abilities(corpus_db):
    card = corpus_db.get("Belfry Spirit")
    assert card.fully_supported
    kw = next(ab for ab in card.abilities if type(ab) is ir.Keyword and ab.name == "haunt")
    trig = keyword_trigger(kw)
    assert trig is not None and trig.trigger.event == "dies" and trig.effects == (ir.HauntExile(),)
    assert trig.targets[0].filter.types == ("Creature",)
    both = [ab for ab in card.abilities if type(ab) is ir.TriggeredAbility]
    assert [(ab.trigger.event, ab.trigger.subject, works_in_exile(ab)) for ab in both] == [
        ("enters", "self", False), ("dies", "haunted", True)]


def test_spells_with_haunt_are_not_supported_yet(corpus_db):
    """An instant's or sorcery's haunt triggers as it resolves (CR 702.55a): not read."""
    for name in ("Seize the Soul", "Cry of Contrition", "Benediction of Moons"):
        assert not corpus_db.get(name).fully_supported, name


def test_the_haunting_card_triggers_only_for_the_creature_it_haunts(corpus_db):
    """CR 702.55b-c: Blind Hunter haunting Grizzly Bears doesn't trigger when the Hill Giant dies."""
    sc = Scenario.from_text("""players:
  - name: Alice
    library: [Swamp, Swamp]
    exile: [{card: Blind Hunter, id: hunter}]
  - name: Bob
    hand: [Lightning Bolt]
    library: [Island, Island]
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Hill Giant, id: giant}, Mountain]
""", cards=corpus_db)
    s = sc.state
    hunter = next(o for o in s.objs.values() if o.card.name == "Blind Hunter")
    bears = next(o for o in s.objs.values() if o.card.name == "Grizzly Bears")
    hunter.attached_to, hunter.designations = bears.id, (HAUNTING,)
    g = Game.from_state(s, sc.db)
    s = g.current_state()
    giant = next(o for o in s.permanents() if o.card.name == "Hill Giant")
    s.own(giant.id).damage = 3
    s.add_log("the Giant is dealt lethal damage for the test")
    g2 = Game.from_state(s, sc.db)
    g2.push(next(a for a in g2.legal_actions() if a.kind == "pass"))
    s = g2.current_state()
    assert not any(o.card.name == "Hill Giant" for o in s.permanents())
    assert s.players[1].life == 20 and not s.stack and not s.pending_triggers
