"""The mana query API (manastack.engine.mana.query) and the auto-payer: answers with reasons."""
from __future__ import annotations

import pytest

from manastack.engine.mana import query as mq
from manastack.engine.decisions import Action

from .mana_helpers import board, obj, pool


def test_could_produce_explains_a_loop():
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool, Reflecting Pool]
  - name: Bob
""")
    s = g.current_state()
    answer = mq.could_produce(s, s.permanents()[0].id)
    assert answer.types == ()
    assert answer.why.startswith("Reflecting Pool could produce no type of mana (CR 106.7)")
    assert "Reflecting Pool (itself): no mana" in answer.why


def test_could_produce_names_the_replacement_effects_considered():
    g = board("""
  - name: Alice
    battlefield: [Forest, Contamination]
  - name: Bob
""")
    answer = mq.could_produce(g.current_state(), obj(g, "Forest").id)
    assert answer.types == ("B",) and "Contamination" in answer.why


def test_could_produce_rejects_a_bad_id():
    g = board("""
  - name: Alice
  - name: Bob
""")
    with pytest.raises(ValueError, match="no permanent with id 999"):
        mq.could_produce(g.current_state(), 999)


def test_available_mana_counts_triggers_and_replacements_and_lists_choices():
    g = board("""
  - name: Alice
    battlefield: [Forest, {card: Wild Growth, attached_to: Forest}, Birds of Paradise,
                  {card: Llanowar Elves, sick: true}, {card: Pili-Pala, tapped: true}]
    mana_pool: {R: 1}
  - name: Bob
""")
    avail = mq.available_mana(g.current_state(), 0)
    by_name = {r.name: r for r in avail.sources}
    assert by_name["Forest"].outputs == (("G", "G"),)
    assert len(by_name["Birds of Paradise"].outputs) == 5
    assert "chooses" in by_name["Birds of Paradise"].why
    assert not by_name["Llanowar Elves"].can_activate and "302.6" in by_name["Llanowar Elves"].why
    # Pili-Pala costs {2} for one mana: it adds nothing net, so the most is 1 + 2 + 1
    assert avail.most == 4
    assert avail.types == ("W", "U", "B", "R", "G")
    assert "at most 4 mana" in avail.describe()


def test_explain_payment_and_why_not():
    g = board("""
  - name: Alice
    battlefield: [Forest, {card: Forest, tapped: true}, {card: Llanowar Elves, sick: true}]
  - name: Bob
""")
    s = g.current_state()
    ok = mq.explain_payment(s, 0, "{G}")
    assert ok.plan and "Forest" in ok.text
    bad = mq.explain_payment(s, 0, "{1}{G}")
    assert bad.plan is None
    assert bad.text.startswith("no way to pay {1}{G}")
    assert "CR 302.6" in bad.text and "CR 107.5" in bad.text
    with pytest.raises(ValueError, match="107.3a"):
        mq.explain_payment(s, 0, "{X}{G}")


def test_autopay_makes_the_choices_of_a_source_with_several_colors():
    """CR 601.2g-h: Birds of Paradise must add {U}, Forest {G}."""
    g = board("""
  - name: Alice
    battlefield: [Birds of Paradise, Forest]
    hand: [Wind Drake]
    mana_pool: {C: 1}
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.push(Action("autopay"))
    assert [i.label for i in g.current_state().stack] == ["Wind Drake"]
    assert pool(g) == {}


def test_autopay_uses_a_filter_paid_by_another_source():
    """Pili-Pala's {2} is paid from Sol Ring; the planner adds it to what must be paid."""
    g = board("""
  - name: Alice
    battlefield: [{card: Pili-Pala, tapped: true}, Sol Ring]
    hand: [Savannah Lions]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.push(Action("autopay"))
    assert [i.label for i in g.current_state().stack] == ["Savannah Lions"]


def test_autopay_sacrifices_only_when_nothing_else_pays():
    g = board("""
  - name: Alice
    battlefield: [Blood Pet, Swamp]
    hand: [Dark Ritual, Vampire Nighthawk]
  - name: Bob
""")
    s = g.current_state()
    plan = mq.explain_payment(s, 0, "{B}").plan
    assert [s.objs[p[0]].card.name for p in plan] == ["Swamp"]
    plan = mq.explain_payment(s, 0, "{B}{B}").plan
    assert sorted(s.objs[p[0]].card.name for p in plan) == ["Blood Pet", "Swamp"]


def test_pay_decision_says_why_when_no_payment_exists():
    """Paying step by step, Alice wastes Birds of Paradise on {G}; the pay decision then says
    why no payment is left (and she can still cancel, CR 601.2e)."""
    g = board("""
  - name: Alice
    battlefield: [Birds of Paradise, Forest, Forest]
    hand: [Wind Drake]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    assert "why" not in g.pending.context
    g.push(Action("mana", (obj(g, "Birds of Paradise").id, 1)))
    g.push(Action("mana_type", ("G",)))
    d = g.pending
    assert d.kind == "pay" and not any(a.kind == "autopay" for a in d.options)
    assert d.context["why"].startswith("no way to pay {2}{U}")
    assert "Forest: {G}" in d.context["why"]
    g.push(Action("cancel"))
    assert g.pending.kind == "priority" and pool(g) == {}


def test_two_payments_differ_only_in_order_of_replacements():
    """The planner counts every order of replacement effects (CR 616.1): with Contamination and
    Mana Reflection a Forest may give {B}{B}, enough for {B}{B}."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Contamination, Mana Reflection]
  - name: Bob
""")
    s = g.current_state()
    assert mq.explain_payment(s, 0, "{B}{B}").plan is not None
    assert mq.explain_payment(s, 0, "{G}").plan is None


def test_mana_state_survives_a_json_round_trip():
    """The chosen color, the mana a waiting trigger saw and control effects are plain data."""
    from manastack.game import Game

    g = board("""
  - name: Alice
    battlefield: [Forest, Manabarbs, {card: Utopia Sprawl, attached_to: Forest, chosen: U}]
    hand: [Act of Treason]
    mana_pool: {R: 3}
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    g.push(Action("mana", (obj(g, "Forest").id, 0)))
    assert pool(g) == {"R": 3, "G": 1, "U": 1}
    assert g.current_state().stack[-1].event.mana == ("G",)
    loaded = Game.from_json(g.to_json(), g.db)
    assert loaded.current_state().stack[-1].event == g.current_state().stack[-1].event
    for game in (g, loaded):
        game.push(Action("pass"))
        game.push(Action("pass"))
        game.push(next(a for a in game.legal_actions() if a.kind == "cast"))
    assert loaded.pending == g.pending
    assert loaded.pending == g.pending
    for game in (g, loaded):
        while game.current_state().stack:
            game.push(Action("pass"))
    assert loaded.explain() == g.explain()
    assert obj(loaded, "Grizzly Bears").controller == 0
