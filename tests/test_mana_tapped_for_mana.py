"""CR 106.12, 106.12a, 106.12b and 605: tapping for mana, "is tapped for mana" triggers
(triggered mana abilities resolve at once, others use the stack) and replacement effects on
the mana production event."""
from __future__ import annotations

from manastack.engine.mana import query as mq
from manastack.engine.decisions import Action

from .mana_helpers import answer, board, cast, obj, pool, tap_for_mana


def test_wild_growth_mana_pays_for_the_spell_being_cast_and_skips_the_stack():
    """CR 605.4a: Wild Growth's trigger is a triggered mana ability; it resolves right after
    the Forest's mana ability, during the payment, and nothing goes on the stack."""
    g = board("""
  - name: Alice
    battlefield: [Forest, {card: Wild Growth, attached_to: Forest}]
    hand: [Grizzly Bears]
  - name: Bob
""")
    cast(g, "Grizzly Bears")
    assert g.pending.kind == "pay"
    forest = obj(g, "Forest")
    g.push(next(a for a in g.legal_actions() if a.kind == "mana" and a.args[0] == forest.id))
    s = g.current_state()
    assert [i.label for i in s.stack] == ["Grizzly Bears"]
    assert g.pending.kind == "priority" and pool(g) == {}
    assert "resolves at once: it is a triggered mana ability" in g.explain()
    assert "[CR 605.1b, 605.4a]" in g.explain()


def test_wild_growth_when_tapped_from_priority():
    g = board("""
  - name: Alice
    battlefield: [Forest, {card: Wild Growth, attached_to: Forest}]
  - name: Bob
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 2}
    assert g.current_state().pending_triggers == []


def test_wild_growth_mana_goes_to_the_lands_controller():
    """"its controller adds": Wild Growth controlled by Bob on Alice's Forest."""
    g = board("""
  - name: Alice
    battlefield: [{card: Forest, id: f}]
  - name: Bob
    battlefield: [{card: Wild Growth, attached_to: f}]
""")
    tap_for_mana(g, "Forest")
    assert pool(g, 0) == {"G": 2} and pool(g, 1) == {}


def test_overgrowth_adds_two_more():
    g = board("""
  - name: Alice
    battlefield: [Forest, {card: Overgrowth, attached_to: Forest}]
  - name: Bob
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 3}


def test_utopia_sprawl_adds_the_color_chosen_as_it_entered():
    """CR 614.1c: the color is chosen as Utopia Sprawl enters."""
    g = board("""
  - name: Alice
    battlefield: [{card: Forest, id: f1}]
    hand: [Utopia Sprawl]
    mana_pool: {G: 1}
  - name: Bob
""")
    cast(g, "Utopia Sprawl")
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "choose_color"
    answer(g, "blue")
    sprawl = obj(g, "Utopia Sprawl")
    assert sprawl.chosen == "U" and sprawl.attached_to == obj(g, "Forest").id
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 1, "U": 1}


def test_mana_flare_adds_one_more_of_a_type_the_land_produced_for_any_player():
    """Mana Flare rulings 2004-10-04: a triggered mana ability; one more mana of a type the land
    produced, chosen by its controller when it produced several."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Sol Ring, Mana Flare]
  - name: Bob
    battlefield: [Island]
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 2}
    tap_for_mana(g, "Sol Ring")           # not a land: no extra mana
    assert pool(g) == {"G": 2, "C": 2}


def test_mana_flare_and_heartbeat_apply_to_each_player():
    g = board("""
  - name: Alice
    battlefield: [Heartbeat of Spring]
  - name: Bob
    battlefield: [Island]
""", active="Bob")
    tap_for_mana(g, "Island")
    assert pool(g, 1) == {"U": 2} and pool(g, 0) == {}


def test_zhur_taa_ancient_reads_what_a_reflecting_pool_produced():
    g = board("""
  - name: Alice
    battlefield: [Zhur-Taa Ancient, Reflecting Pool, Mountain]
  - name: Bob
""")
    tap_for_mana(g, "Reflecting Pool")
    assert pool(g) == {"R": 2}


def test_mirari_s_wake_only_for_its_controller():
    g = board("""
  - name: Alice
    battlefield: [Mirari's Wake, Plains]
  - name: Bob
    battlefield: [Island]
""")
    tap_for_mana(g, "Plains")
    assert pool(g) == {"W": 2}
    g = board("""
  - name: Alice
    battlefield: [Mirari's Wake]
  - name: Bob
    battlefield: [Island]
""", active="Bob")
    tap_for_mana(g, "Island")
    assert pool(g, 1) == {"U": 1}


def test_mana_reflection_doubles_and_two_of_them_quadruple():
    """Mana Reflection rulings 2020-08-07: multiple Mana Reflections are cumulative."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Mana Reflection]
  - name: Bob
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 2}
    g = board("""
  - name: Alice
    battlefield: [Forest, Mana Reflection, Mana Reflection]
  - name: Bob
""")
    tap_for_mana(g, "Forest")     # two identical effects: no order to choose (CR 616.1)
    assert pool(g) == {"G": 4}


def test_mana_reflection_leaves_triggered_mana_and_untapping_alone():
    """Mana Reflection ruling 2020-08-07: the mana of a triggered mana ability isn't doubled;
    Pili-Pala ruling 2008-05-01: untapping for mana isn't tapping for mana."""
    g = board("""
  - name: Alice
    battlefield: [Forest, {card: Wild Growth, attached_to: Forest}, Mana Reflection,
                  {card: Pili-Pala, tapped: true}]
    mana_pool: {C: 2}
  - name: Bob
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 3, "C": 2}
    tap_for_mana(g, "Pili-Pala", "{R}")
    assert pool(g) == {"G": 3, "R": 1}


def test_nyxbloom_ancient_triples():
    g = board("""
  - name: Alice
    battlefield: [Sol Ring, Nyxbloom Ancient]
  - name: Bob
""")
    tap_for_mana(g, "Sol Ring")
    assert pool(g) == {"C": 6}


def test_contamination_and_mana_flare_the_extra_mana_follows_the_replaced_type():
    """Contamination ruling 2004-10-04: effects that add mana of the type the land produced see
    {B}."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Contamination, Mana Flare]
  - name: Bob
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"B": 2}


def test_damping_sphere_only_touches_lands_making_two_or_more():
    g = board("""
  - name: Alice
    battlefield: [Gaea's Cradle, Damping Sphere, Llanowar Elves, Grizzly Bears]
  - name: Bob
""")
    tap_for_mana(g, "Gaea's Cradle")
    assert pool(g) == {"C": 1}
    g = board("""
  - name: Alice
    battlefield: [Gaea's Cradle, Damping Sphere, Llanowar Elves]
  - name: Bob
""")
    tap_for_mana(g, "Gaea's Cradle")
    assert pool(g) == {"G": 1}


def test_gaeas_cradle_without_creatures_adds_nothing():
    g = board("""
  - name: Alice
    battlefield: [Gaea's Cradle]
  - name: Bob
""")
    tap_for_mana(g, "Gaea's Cradle")
    assert pool(g) == {}


def test_manabarbs_is_not_a_mana_ability_and_uses_the_stack():
    """Manabarbs ruling 2009-10-01: its ability goes on the stack once the spell is cast."""
    g = board("""
  - name: Alice
    battlefield: [Forest, Forest, Manabarbs]
    hand: [Grizzly Bears]
  - name: Bob
""")
    cast(g, "Grizzly Bears")
    g.push(Action("autopay"))
    assert g.pending.kind == "order_triggers"      # one instance per Forest (CR 603.3b)
    g.push(g.legal_actions()[0])
    s = g.current_state()
    assert [i.label for i in s.stack] == ["Grizzly Bears", "Manabarbs' ability", "Manabarbs' ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().players[0].life == 19   # one resolved, one still waits


def test_no_mana_no_tapped_for_mana_trigger():
    """CR 106.12a: the trigger needs the ability to produce mana."""
    g = board("""
  - name: Alice
    battlefield: [Reflecting Pool, Manabarbs, Mana Flare]
  - name: Bob
""")
    tap_for_mana(g, "Reflecting Pool")
    s = g.current_state()
    assert pool(g) == {} and s.pending_triggers == [] and s.stack == []


def test_dark_ritual_is_a_spell_not_a_mana_ability():
    """CR 605.5b: it uses the stack; Mana Reflection doesn't touch it (nothing is tapped)."""
    g = board("""
  - name: Alice
    battlefield: [Swamp, Mana Reflection]
    hand: [Dark Ritual]
  - name: Bob
""")
    cast(g, "Dark Ritual")
    g.push(Action("autopay"))
    assert [i.label for i in g.current_state().stack] == ["Dark Ritual"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert pool(g) == {"B": 4}


def test_gauntlet_of_power_basic_lands_of_the_chosen_color_for_everyone():
    """CR 106.12a "tapped for mana of a specified type": green chosen, any basic land tapped for
    {G} gives its controller one more {G}; an Island or a nonbasic Reflecting Pool doesn't.
    Creatures of the chosen color get +1/+1."""
    from manastack.engine import characteristics as ch

    g = board("""
  - name: Alice
    battlefield: [{card: Gauntlet of Power, chosen: G}, Forest, Island, Reflecting Pool, Llanowar Elves]
  - name: Bob
    battlefield: [Forest, Grizzly Bears, Wind Drake]
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 2}
    tap_for_mana(g, "Island")
    tap_for_mana(g, "Reflecting Pool", "{G}")
    assert pool(g) == {"G": 3, "U": 1}
    s = g.current_state()
    assert ch.power_toughness(s, obj(g, "Llanowar Elves")) == (2, 2)
    assert ch.power_toughness(s, obj(g, "Grizzly Bears")) == (3, 3)
    assert ch.power_toughness(s, obj(g, "Wind Drake")) == (2, 2)
    g = board("""
  - name: Alice
    battlefield: [{card: Gauntlet of Power, chosen: G}]
  - name: Bob
    battlefield: [Forest]
""", active="Bob")
    tap_for_mana(g, "Forest")
    assert pool(g, 1) == {"G": 2}


def test_high_tide_islands_add_an_additional_blue_this_turn():
    """CR 603.7, 603.7b, 605.4a; High Tide ruling 2010-03-01: any Island tapped for mana, this
    turn. The auto-payer counts the extra {U}: Wind Drake ({2}{U}) becomes castable with one
    Island and a Forest."""
    g = board("""
  - name: Alice
    battlefield: [{card: Island, id: first}, {card: Island, id: second}, Forest]
    hand: [High Tide, Wind Drake]
  - name: Bob
""")
    first, second = [o for o in g.current_state().permanents(0) if o.card.name == "Island"]
    g.push(next(a for a in g.legal_actions() if a.kind == "cast" and "High Tide" in a.label))
    g.push(Action("mana", (first.id, 0)))
    assert mq.explain_payment(g.current_state(), 0, "{2}{U}").plan is None   # Island + Forest
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().stack == [] and pool(g) == {}
    assert mq.explain_payment(g.current_state(), 0, "{2}{U}").plan is not None
    assert any(a.kind == "cast" and "Wind Drake" in a.label for a in g.legal_actions())
    g.push(Action("mana", (second.id, 0)))
    assert pool(g) == {"U": 2}
    assert "High Tide's delayed ability triggers" in g.explain()
    assert "resolves at once" in g.explain()


def test_no_replacement_work_when_no_mana_replacement_effect_exists(monkeypatch):
    """CR 106.12b: with no mana replacement effect in the game, the mana a land is tapped for
    is added as made, without building the replacement step; with Mana Reflection it is doubled."""
    from manastack.engine.mana import replacement

    calls = []
    real = replacement.apply_all
    monkeypatch.setattr(replacement, "apply_all", lambda *a: calls.append(a) or real(*a))
    g = board("""
  - name: Alice
    battlefield: [Forest]
  - name: Bob
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 1} and calls == []
    g = board("""
  - name: Alice
    battlefield: [Forest, Mana Reflection]
  - name: Bob
""")
    tap_for_mana(g, "Forest")
    assert pool(g) == {"G": 2} and len(calls) == 1
