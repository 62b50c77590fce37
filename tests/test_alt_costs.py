"""Optional and alternative spell costs: kicker and multikicker (CR 702.33), flashback
(CR 702.34) and buyback (CR 702.27), each pinned with real cards compiled from their Oracle
text, and the official rulings that apply to them."""
from __future__ import annotations

import dataclasses
import json

from manastack import Game, RandomAgent
from manastack.cards import default_db
from manastack.decks import Deck
from manastack.engine import exercise
from manastack.engine.decisions import Action, IllegalActionError
from manastack.engine.legality import explain
from manastack.mana import ManaCost
from manastack.oracle import ir

from .mana_helpers import board, obj

import pytest

DB = default_db()


def cast(g: Game, name: str, *answers: str, zone: str | None = None) -> None:
    """Cast ``name`` and answer the questions of the cast by the start of their labels, then
    let the auto-payer pay."""
    s = g.current_state()
    g.push(next(a for a in g.legal_actions() if a.kind == "cast" and s.objs[a.args[0]].card.name == name
                and (zone is None or s.objs[a.args[0]].zone == zone)))
    for want in answers:
        g.push(next(a for a in g.legal_actions() if a.label.startswith(want)))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))


def resolve(g: Game) -> None:
    g.push(Action("pass"))
    g.push(Action("pass"))


def zone_names(g: Game, player: int, zone: str) -> list[str]:
    s = g.current_state()
    return sorted(s.objs[i].card.name for i in s.players[player].zone(zone))


# ------------------------------------------------------------------------------ compiling


def walk(node, t: type) -> list:
    if isinstance(node, (tuple, list)):
        return [x for n in node for x in walk(n, t)]
    if not dataclasses.is_dataclass(node):
        return []
    return ([node] if type(node) is t else []) + [x for f in dataclasses.fields(node)
                                                  for x in walk(getattr(node, f.name), t)]


def test_kicker_and_its_instead_sentence_compile():
    card = DB.get("Burst Lightning")
    assert ir.Keyword("kicker", ir.Cost(mana=ManaCost(("4",)))) in card.abilities
    spell = card.abilities[0]
    assert spell.effects == (ir.Conditional("kicked", (ir.DealDamage(4, ir.Target(0)),),
                                            (ir.DealDamage(2, ir.Target(0)),)),)
    assert spell.targets == (ir.TargetSpec("any"),)


def test_if_kicked_sentence_adds_to_the_spell():
    spell = DB.get("Into the Roil").abilities[0]
    assert spell.effects[1] == ir.Conditional("kicked", (ir.Draw(),))


def test_flashback_and_buyback_costs_that_are_not_only_mana():
    deep = next(ab for ab in DB.get("Deep Analysis").abilities if type(ab) is ir.Keyword)
    assert deep == ir.Keyword("flashback", ir.Cost(mana=ManaCost(("1", "U")), parts=(ir.PayLifeCost(3),)))
    mists = next(ab for ab in DB.get("Constant Mists").abilities if type(ab) is ir.Keyword)
    # CR 701.21a: a player sacrifices only a permanent they control
    assert mists.cost == ir.Cost(parts=(ir.SacrificeCost(ir.Filter(types=("Land",), controller="you")),))


def test_if_it_was_kicked_on_a_trigger_is_an_intervening_if(corpus_db):
    """CR 603.4: "When ~ enters, if it was kicked, ..." checks the condition as it triggers, and
    covers every sentence of the ability (Keldon Overseer's three)."""
    trig = next(ab for ab in corpus_db.get("Keldon Overseer").abilities if type(ab) is ir.TriggeredAbility)
    assert trig.condition == "kicked" and len(trig.effects) == 3
    assert not walk(trig.effects, ir.Conditional)


def test_instead_in_a_trigger_replaces_the_sentence_before(corpus_db):
    """Desolation Giant: "destroy all other creatures you control. If it was kicked, destroy all
    other creatures instead." (CR 608.2c)."""
    trig = next(ab for ab in corpus_db.get("Desolation Giant").abilities if type(ab) is ir.TriggeredAbility)
    (cond,) = trig.effects
    assert cond.condition == "kicked" and trig.condition is None
    assert cond.otherwise[0].what.filter.controller == "you" and cond.effects[0].what.filter.controller is None


def test_targets_only_a_kicked_spell_has_are_not_supported(corpus_db):
    """CR 702.33g: such a target is chosen only if the spell is kicked; not read (Jilt)."""
    assert any("another target creature" in u for u in corpus_db.get("Jilt").unsupported)


@pytest.mark.slow
def test_templates_reach_corpus_cards(corpus_db):
    """How many fully supported corpus cards each template reaches."""
    found: dict[str, int] = {}
    for name in corpus_db.names():
        card = corpus_db.get(name)
        if not card.fully_supported:
            continue
        parts = {k.name for k in walk(card.abilities, ir.Keyword)}
        parts |= {"etb if kicked" for t in walk(card.abilities, ir.TriggeredAbility) if t.condition == "kicked"}
        parts |= {"enters with counters if kicked" for r in walk(card.abilities, ir.ReplacementAbility)
                  if r.condition == "kicked"}
        parts |= {"if kicked" for _ in walk(card.abilities, ir.Conditional)}
        parts |= {"for each time it was kicked" for _ in walk(card.abilities, ir.TimesKicked)}
        for p in parts:
            found[p] = found.get(p, 0) + 1
    assert found["kicker"] >= 55 and found["multikicker"] >= 8
    assert found["flashback"] >= 55 and found["buyback"] >= 20
    assert found["etb if kicked"] >= 25 and found["enters with counters if kicked"] >= 12
    assert found["if kicked"] >= 18 and found["for each time it was kicked"] >= 8


# ------------------------------------------------------------------------------ kicker


def test_kicker_is_asked_only_when_it_can_be_paid():
    g = board("""
  - name: Alice
    hand: [Burst Lightning]
    battlefield: [Mountain]
  - name: Bob
""")
    cast(g, "Burst Lightning", "target Bob")
    resolve(g)
    assert g.state.players[1].life == 18
    assert "announces kicker" not in g.explain() and "Burst Lightning was not kicked" in g.explain()


def test_kicked_and_unkicked_burst_lightning():
    g = board("""
  - name: Alice
    hand: [Burst Lightning, Burst Lightning]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
""")
    cast(g, "Burst Lightning", "don't pay kicker", "target Bob")
    resolve(g)
    cast(g, "Burst Lightning", "pay kicker {4}", "target Bob")
    assert "Burst Lightning's total cost is {4}{R}: its mana cost {R}, plus kicker {4}" in g.explain()
    resolve(g)
    assert g.state.players[1].life == 20 - 2 - 4
    assert "Burst Lightning was not kicked" in g.explain() and "Burst Lightning was kicked" in g.explain()


def test_kicked_spell_survives_saving_and_copies():
    g = board("""
  - name: Alice
    hand: [Into the Roil]
    library: [Island]
    battlefield: [Island, Island, Island, Island, Grizzly Bears]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.push(next(a for a in g.legal_actions() if a.label.startswith("pay kicker")))
    assert g.pending.kind == "pay"                      # the Bears were the only legal target
    saved = Game.from_json(g.to_json(), DB)             # mid-cast: the answers replay
    saved.push(Action("autopay"))
    spell = saved.state.objs[saved.state.stack[-1].source]
    assert spell.cast_costs == ("kicker", "from_hand") and spell.copy().cast_costs == ("kicker", "from_hand")
    again = Game.from_json(saved.to_json(), DB)
    resolve(again)
    assert zone_names(again, 0, "hand") == ["Grizzly Bears", "Island"]   # bounced, and drew


def test_kicked_creature_enters_with_its_counter_and_a_clone_of_it_does_not():
    """Into the Roil ruling 2020-09-25: a permanent that enters as a copy of a kicked one isn't
    kicked."""
    g = board("""
  - name: Alice
    hand: [Ardent Soldier, Clone]
    battlefield: [Plains, Plains, Plains, Plains, Island, Island, Island, Island]
  - name: Bob
""")
    cast(g, "Ardent Soldier", "pay kicker")
    resolve(g)
    assert obj(g, "Ardent Soldier").counters == {"+1/+1": 1}
    assert obj(g, "Ardent Soldier").cast_costs == ("kicker", "from_hand")     # CR 601.2a: cast from the hand
    cast(g, "Clone")
    resolve(g)
    g.push(next(a for a in g.legal_actions() if a.label == "copy Ardent Soldier"))
    clones = [o for o in g.state.permanents(0) if o.card.name == "Ardent Soldier"]
    assert sorted(o.counters.get("+1/+1", 0) for o in clones) == [0, 1]


def test_unkicked_creature_trigger_does_not_trigger():
    g = board("""
  - name: Alice
    hand: [Goblin Bushwhacker]
    battlefield: [Mountain, Grizzly Bears]
  - name: Bob
""")
    cast(g, "Goblin Bushwhacker")
    resolve(g)
    assert not g.state.stack
    assert "Goblin Bushwhacker's ability doesn't trigger: its \"if\" condition is false" in g.explain()


def test_multikicker_offers_what_the_mana_pays_for():
    g = board("""
  - name: Alice
    hand: [Apex Hawks]
    battlefield: [Plains, Plains, Plains, Plains, Plains]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    assert g.pending.kind == "multikicker"
    assert [a.args[0] for a in g.legal_actions()] == [0, 1]
    g.push(Action("multikicker", (0,)))
    g.push(Action("autopay"))
    resolve(g)
    assert obj(g, "Apex Hawks").counters == {}


# ------------------------------------------------------------------------------ flashback


def test_flashback_cast_is_a_legal_action_from_the_graveyard_only():
    g = board("""
  - name: Alice
    graveyard: [Think Twice, Divination]
    battlefield: [Island, Island, Island]
  - name: Bob
    graveyard: [Think Twice]
""")
    casts = [a.label for a in g.legal_actions() if a.kind == "cast"]
    assert casts == ["cast Think Twice from the graveyard with flashback {2}{U}"]
    s = g.state
    theirs = next(o for o in s.objs.values() if o.owner == 1)
    divination = next(o for o in s.objs.values() if o.card.name == "Divination")
    assert "has no flashback (CR 601.3, 702.34a)" in explain(s, 0, Action("cast", (divination.id,)))
    assert "not in Alice's hand" in explain(s, 0, Action("cast", (theirs.id,)))
    with pytest.raises(IllegalActionError):
        g.push(Action("cast", (theirs.id,)))


def test_flashback_cost_with_life_is_paid_and_checked():
    g = board("""
  - name: Alice
    graveyard: [Deep Analysis]
    library: [Island, Island]
    battlefield: [Island, Island]
  - name: Bob
""")
    cast(g, "Deep Analysis", "target Alice")
    resolve(g)
    s = g.state
    assert s.players[0].life == 17 and len(s.players[0].hand) == 2
    assert zone_names(g, 0, "exile") == ["Deep Analysis"]
    poor = board("""
  - name: Alice
    life: 2
    graveyard: [Deep Analysis]
    battlefield: [Island, Island]
  - name: Bob
""")
    assert not [a for a in poor.legal_actions() if a.kind == "cast"]   # CR 119.4


def test_flashback_sacrifices_one_of_your_own_mountains():
    g = board("""
  - name: Alice
    graveyard: [Lava Dart]
  - name: Bob
    battlefield: [Mountain]
""")
    assert not [a for a in g.legal_actions() if a.kind == "cast"]      # CR 701.21a
    g = board("""
  - name: Alice
    graveyard: [Lava Dart]
    battlefield: [Mountain]
  - name: Bob
""")
    cast(g, "Lava Dart", "target Bob")
    resolve(g)
    assert g.state.players[1].life == 19
    assert zone_names(g, 0, "graveyard") == ["Mountain"] and zone_names(g, 0, "exile") == ["Lava Dart"]


def test_cost_increases_apply_to_the_flashback_cost():
    """CR 118.9d; Chatter of the Squirrel ruling 2020-08-07: start with the flashback cost, then
    add cost increases."""
    g = board("""
  - name: Alice
    graveyard: [Think Twice]
    battlefield: [Island, Island, Island]
  - name: Bob
    battlefield: ["Thalia, Guardian of Thraben"]
""")
    assert not [a for a in g.legal_actions() if a.kind == "cast"]
    g = board("""
  - name: Alice
    graveyard: [Think Twice]
    library: [Island]
    battlefield: [Island, Island, Island, Island]
  - name: Bob
    battlefield: ["Thalia, Guardian of Thraben"]
""")
    cast(g, "Think Twice")
    assert "Think Twice's total cost is {3}{U}: its flashback cost {2}{U}, plus {1} from Thalia" in g.explain()


# ------------------------------------------------------------------------------ buyback


def test_buyback_returns_the_spell_to_its_owners_hand():
    g = board("""
  - name: Alice
    hand: [Whispers of the Muse]
    library: [Island]
    battlefield: [Island, Island, Island, Island, Island, Island]
  - name: Bob
""")
    cast(g, "Whispers of the Muse", "pay buyback")
    resolve(g)
    assert zone_names(g, 0, "hand") == ["Island", "Whispers of the Muse"]
    assert not g.state.players[0].graveyard


def test_buyback_sacrificing_a_land():
    g = board("""
  - name: Alice
    hand: [Constant Mists]
    battlefield: [Forest, Forest]
  - name: Bob
""")
    cast(g, "Constant Mists", "pay buyback")
    g.push(next(a for a in g.legal_actions() if a.kind == "choose"))     # the land to sacrifice
    resolve(g)
    assert zone_names(g, 0, "hand") == ["Constant Mists"]
    assert zone_names(g, 0, "graveyard") == ["Forest"]


# ------------------------------------------------------------------------------ random play


def test_random_agents_use_every_choice():
    """Random games with these cards end cleanly, and each optional cost gets paid."""
    spells = ["Burst Lightning", "Goblin Bushwhacker", "Think Twice", "Whispers of the Muse",
              "Apex Hawks", "Chatter of the Squirrel", "Elvish Fury", "Ardent Soldier"]
    lands = ["Mountain", "Island", "Forest", "Plains"]
    deck = Deck("alt costs", tuple((3, n) for n in spells) + tuple((4, n) for n in lands))
    with exercise.recording() as rec:
        for seed in range(6):
            g = Game.new(deck, deck, seed=seed)
            agents = [RandomAgent(seed), RandomAgent(seed + 50)]
            while g.pending is not None:
                g.push(agents[g.pending.player].choose(g, g.pending))
            assert g.result is not None
    assert {"kicker", "multikicker", "buyback", "flashback"} <= set(rec["KEYWORDS"])
    assert "kicked" in rec["CONDITIONS"]


def test_kicker_x_is_announced_with_the_kicker(corpus_db):
    """Kicker {X} (CR 107.3, 601.2b): X is chosen only when the spell is kicked. Verdeloth the
    Ancient's own kicker and "if it was kicked" lines (its lord line isn't read yet)."""
    face = corpus_db.get("Verdeloth the Ancient").face
    lines = [ln for ln in face["text"].split("\n") if not ln.startswith("Saproling")]
    card = {"name": face["name"], "mana_cost": face["manaCost"], "type": face["type"],
            "text": "\n".join(lines), "power": int(face["power"]), "toughness": int(face["toughness"])}
    g = board("""
  - name: Alice
    hand: [Verdeloth the Ancient]
    battlefield: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Forest]
  - name: Bob
""", cards=json.dumps([card]))
    cast(g, "Verdeloth the Ancient", "pay kicker {X}")
    assert g.pending.kind == "x" and max(a.args[0] for a in g.legal_actions()) == 2   # 8 - {4}{G}{G}
    g.push(Action("x", (2,)))
    g.push(Action("autopay"))
    resolve(g)
    resolve(g)
    assert sorted(o.card.name for o in g.state.permanents(0) if not o.card.types == ("Land",)) == \
        ["Saproling Token", "Saproling Token", "Verdeloth the Ancient"]
