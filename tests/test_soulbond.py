"""Soulbond (CR 702.95) with real cards: pairing as either creature enters, "each of those
creatures" while paired, and becoming unpaired (CR 702.95e) by control, by ceasing to be a
creature, and for good. The scenarios/cards/cr-702-95-* files play Trusted Forcemage and
Silverblade Paladin in games."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine import sba
from manastack.engine.continuous import partner_of
from manastack.engine.effect_records import Paired
from manastack.engine.runner import Ctx
from manastack.oracle import ir
from manastack.oracle.ir import Duration
from manastack.scenario import Scenario


def paired_board(db, soulbond: str = "Trusted Forcemage"):
    sc = Scenario.from_text(f"""players:
  - name: Alice
    library: [Forest, Forest]
    battlefield: [{{card: {soulbond}, id: sb}}, {{card: Grizzly Bears, id: bears}}]
  - name: Bob
    library: [Island, Island]
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    s = g.current_state()
    sb, bears = (next(o for o in s.permanents() if o.card.name == n) for n in (soulbond, "Grizzly Bears"))
    s.effects.append(Paired(sb.id, bears.id, 0, Duration.PERMANENT, s.new_timestamp(), sb.card.name))
    s.add_log("paired for the test")
    return s, sb, bears


def test_soulbond_reads_as_one_trigger_and_the_statics_name_both_creatures(corpus_db):
    card = corpus_db.get("Wolfir Silverheart")
    assert card.fully_supported
    static = next(ab for ab in card.abilities if type(ab) is ir.StaticAbility).effect
    assert (static.affected, static.condition, static.power) == ("paired", "self_paired", 4)
    for name in ("Deadeye Navigator", "Tandem Lookout", "Diregraf Escort", "Stern Mentor", "Elgaud Shieldmate"):
        assert corpus_db.get(name).fully_supported, name


def test_each_of_those_creatures_gets_the_bonus_only_while_paired(corpus_db):
    """CR 702.95b: Trusted Forcemage and Grizzly Bears, paired, are 3/3 and 3/3."""
    s, sb, bears = paired_board(corpus_db)
    assert partner_of(s, sb.id) == bears.id and partner_of(s, bears.id) == sb.id
    assert ch.power_toughness(s, sb) == (3, 3) and ch.power_toughness(s, bears) == (3, 3)


def test_a_change_of_control_unpairs_for_good(corpus_db):
    """CR 702.95e: another player gains control of the Bears; they are unpaired, and stay so when
    Alice gets them back."""
    s, sb, bears = paired_board(corpus_db)
    s.own(bears.id).controller = 1
    assert partner_of(s, sb.id) is None and ch.power_toughness(s, sb) == (2, 2)
    ctx = Ctx(s, [])
    sba.check(ctx)
    assert not any(type(e) is Paired for e in s.effects)
    assert any("702.95e" in entry.rules for entry in _log(s))
    s.own(bears.id).controller = 0
    assert partner_of(s, sb.id) is None and ch.power_toughness(s, bears) == (2, 2)


def test_a_creature_that_stops_being_a_creature_is_unpaired(corpus_db):
    """CR 702.95e: the Bears stop being a creature (here their object simply shows a land's
    characteristics): the pairing ends with the next check, and Silverblade Paladin loses double
    strike; the Bears being a creature again doesn't pair them again."""
    s, sb, bears = paired_board(corpus_db, "Silverblade Paladin")
    assert ch.has(s, sb, "double strike")
    creature = bears.card
    s.own(bears.id).card = corpus_db.get("Forest")
    s.add_log("the Bears are a land for the test")
    sba.check(Ctx(s, []))
    assert not any(type(e) is Paired for e in s.effects) and not ch.has(s, sb, "double strike")
    s.own(bears.id).card = creature
    s.add_log("the Bears are a creature again")
    assert partner_of(s, sb.id) is None and not ch.has(s, sb, "double strike")


def _log(s):
    node = s.log
    while node:
        yield node[0]
        node = node[1]
