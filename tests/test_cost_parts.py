"""Parts of costs (CR 118, 601.2b, 601.2h, 602.2b) read wherever a cost is: additional costs of
spells and costs of activated abilities, played with real cards of the 2021 corpus."""
from __future__ import annotations

import dataclasses

from manastack.engine import support
from manastack.engine.costs.parts import PARTS, When
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_action, cast_and_pay, labels, names, on_battlefield, pick, resolve


def _hand(g, player: int) -> list[str]:
    return names(g, player, "hand")


def _go(g, label: str, **answers: str) -> list[str]:
    """Cast or activate, paying mana automatically and answering each decision of a kind named in
    ``answers`` with the first action whose label contains one of its texts (separated by "|",
    taken in turn); the kinds asked, in order."""
    pick(g, label)
    asked = []
    left = {k: v.split("|") for k, v in answers.items()}
    while g.pending.kind != "priority":
        kind = str(getattr(g.pending.kind, "value", g.pending.kind))
        asked.append(kind)
        if kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(next(a for a in g.legal_actions() if left[kind][0] in a.label))
            left[kind] = left[kind][1:] or left[kind]
    return asked


# ------------------------------------------------------------------------------ additional costs


def test_cathartic_reunion_discards_two_other_cards(db):
    """CR 601.2b, 601.2h: two cards are discarded as it is cast, the spell itself not among
    them; with one other card in hand it can't be cast (CR 118.3)."""
    g = board(db, """
  - name: Alice
    hand: [Cathartic Reunion, Forest]
    battlefield: [Mountain, Mountain]
    library: [Island, Island, Island]
  - name: Bob
    battlefield: []
""")
    assert cast_action(g, "Cathartic Reunion") is None
    g = board(db, """
  - name: Alice
    hand: [Cathartic Reunion, Forest, Plains, Swamp]
    battlefield: [Mountain, Mountain]
    library: [Island, Island, Island]
  - name: Bob
    battlefield: []
""")
    pick(g, "cast Cathartic Reunion")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            assert g.pending.kind == "discard" and "Cathartic Reunion" not in labels(g)
            pick(g, "Forest" if "Forest" in labels(g) else "Plains")
    assert names(g, 0, "graveyard") == ["Forest", "Plains"]
    resolve(g)
    assert _hand(g, 0) == ["Island", "Island", "Island", "Swamp"]


def test_acceptable_losses_discards_at_random(db):
    """CR 701.9b: the card is chosen at random, so its caster is asked nothing about it."""
    g = board(db, """
  - name: Alice
    hand: [Acceptable Losses, Forest]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Hill Giant]
""")
    cast_and_pay(g, "cast Acceptable Losses", "Hill Giant")
    assert names(g, 0, "graveyard") == ["Forest"]
    assert "discards Forest" in g.explain()
    resolve(g)
    assert names(g, 1, "graveyard") == ["Hill Giant"]


def test_deprive_returns_a_land_to_counter(db):
    """Deprive: returning a land you control is part of casting it (CR 601.2h); a tapped land
    may be returned, and with no land it can't be cast."""
    g = board(db, """
  - name: Alice
    hand: [Deprive]
    battlefield: []
  - name: Bob
    battlefield: []
""", turn=3, priority="Alice", stack="[{card: Divination, controller: Bob}]")
    assert cast_action(g, "Deprive") is None
    g = board(db, """
  - name: Alice
    hand: [Deprive]
    battlefield: [Island, Island, Plains]
  - name: Bob
    library: [Island, Island]
""", turn=3, priority="Alice", stack="[{card: Divination, controller: Bob}]")
    asked = _go(g, "cast Deprive", target="Divination", return_cost="Island")
    assert asked[-1] == "return_cost"               # after the mana: the tapped Islands too
    assert _hand(g, 0) == ["Island"]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Divination"] and _hand(g, 1) == []


def test_headless_skaab_exiles_a_creature_card_from_the_graveyard(db):
    """CR 118.3: without a creature card in its caster's graveyard Headless Skaab can't be cast;
    with one, that card is exiled as it is cast, and it enters tapped."""
    g = board(db, """
  - name: Alice
    hand: [Headless Skaab]
    battlefield: [Island, Island, Island]
    graveyard: [Forest]
  - name: Bob
    battlefield: []
""")
    assert cast_action(g, "Headless Skaab") is None
    g = board(db, """
  - name: Alice
    hand: [Headless Skaab]
    battlefield: [Island, Island, Island]
    graveyard: [Forest, Grizzly Bears]
  - name: Bob
    battlefield: []
""")
    cast_and_pay(g, "cast Headless Skaab")
    assert names(g, 0, "exile") == ["Grizzly Bears"] and names(g, 0, "graveyard") == ["Forest"]
    resolve(g)
    assert on_battlefield(g, "Headless Skaab")[0].tapped


def test_ruthless_disposal_pays_both_parts(db):
    """"Discard a card and sacrifice a creature": both are paid, or it isn't cast."""
    g = board(db, """
  - name: Alice
    hand: [Ruthless Disposal, Forest]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant, Craw Wurm]
""")
    _go(g, "cast Ruthless Disposal", targets="Hill Giant|Craw Wurm", discard="Forest", sacrifice="Grizzly Bears")
    assert names(g, 0, "graveyard") == ["Forest", "Grizzly Bears"]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Craw Wurm", "Hill Giant"]     # 0 toughness (CR 704.5f)


def test_additional_costs_compile(db):
    def extra(name):
        return [ab.cost for ab in db.get(name).abilities if type(ab) is ir.AdditionalCost]

    creature = ir.Filter(types=("Creature",), controller="you")
    assert extra("Bankrupt in Blood") == [ir.Cost(parts=(ir.SacrificeCost(creature, 2),))]
    assert extra("Acceptable Losses") == [ir.Cost(parts=(ir.DiscardCost(1, at_random=True),))]
    assert extra("Magmatic Insight") == [ir.Cost(parts=(ir.DiscardCost(1, card_type="Land"),))]
    assert extra("Ruthless Disposal") == [ir.Cost(parts=(ir.SacrificeCost(creature), ir.DiscardCost(1)))]
    assert extra("Skaab Goliath") == [ir.Cost(parts=(ir.ExileFromGraveyardCost(ir.Filter(
        types=("Creature",), controller="you", zone="graveyard"), 2),))]


def test_every_kind_of_cost_part_is_checked_paid_and_read_by_its_class():
    """CR 118.3: each kind of part (``ir.COST_PARTS``) has its rules in one table, looked up by
    the part's class; a kind without them could be compiled but neither checked nor paid."""
    assert set(PARTS) == set(ir.COST_PARTS)
    assert len(ir.COST_PARTS) == len(set(ir.COST_PARTS))
    for kind, rules in PARTS.items():
        assert isinstance(rules.when, When), kind
    # the permanent itself leaving is paid last (casting.pay_cost), so its kinds come last
    leaving = [PARTS[kind].when is When.LAST for kind in ir.COST_PARTS]
    assert leaving == sorted(leaving)


def test_cost_lists_of_support_name_real_parts():
    """The support lists name a cost's mana, a part's class or a field of one with a default
    (``ir.cost_aspects``): a misspelt name would leave a part unsupported without a word."""
    kinds = {kind.__name__: kind for kind in ir.COST_PARTS}
    for name in ("SPELL_COST_PARTS", "ESCAPE_COST_PARTS", "ADDITIONAL_COST_PARTS", "ALTERNATIVE_COST_PARTS",
                 "UNLESS_COST_PARTS", "PLAYER_UNLESS_COST_PARTS", "MANA_COST_PARTS"):
        for aspect in getattr(support, name):
            kind, _, field = aspect.partition(".")
            if aspect == "mana":
                continue
            assert kind in kinds, (name, aspect)
            defaults = {f.name for f in dataclasses.fields(kinds[kind]) if f.default is not dataclasses.MISSING}
            assert not field or field in defaults, (name, aspect)


def test_cost_aspects_name_what_a_support_list_allows(db):
    """Fireblast's two Mountains are a sacrifice with a count (allowed in an alternative cost),
    conspire's two creatures a tap with a count (allowed in a spell's cost, not in an
    alternative one: ``support.gaps`` names the part)."""
    fireblast = next(ab for ab in db.get("Fireblast").abilities if type(ab) is ir.AlternativeCost)
    assert list(ir.cost_aspects(fireblast.cost)) == ["SacrificeCost", "SacrificeCost.count"]
    assert set(ir.cost_aspects(fireblast.cost)) <= support.ALTERNATIVE_COST_PARTS
    tap_two = ir.Cost(parts=(ir.TapUntappedCost(ir.Filter(types=("Creature",), controller="you"), 2),))
    assert list(ir.cost_aspects(tap_two)) == ["TapUntappedCost", "TapUntappedCost.count"]
    assert "alternative cost part 'TapUntappedCost.count'" in support.gaps(ir.AlternativeCost(tap_two))
    assert not support.gaps(ir.AdditionalCost(tap_two))


# ------------------------------------------------------------------------------ activated abilities


def test_grim_lavamancer_exiles_two_cards_from_its_controllers_graveyard(db):
    """Grim Lavamancer: "Exile two cards from your graveyard" is paid as it is activated
    (CR 602.2b); with one card there it can't be activated."""
    g = board(db, """
  - name: Alice
    battlefield: [Mountain, Grim Lavamancer]
    graveyard: [Forest]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    assert not any(a.startswith("activate Grim Lavamancer") for a in labels(g))
    g = board(db, """
  - name: Alice
    battlefield: [Mountain, Grim Lavamancer]
    graveyard: [Forest, Island, Plains]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    _go(g, "activate Grim Lavamancer", targets="Grizzly Bears", exile_cost="Island|Plains")
    assert names(g, 0, "exile") == ["Island", "Plains"]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]


def test_fauna_shaman_discards_a_creature_card(db):
    """"Discard a creature card": only a creature card in hand pays it (CR 118.3)."""
    g = board(db, """
  - name: Alice
    hand: [Forest]
    battlefield: [Forest, Fauna Shaman]
    library: [Craw Wurm, Island]
  - name: Bob
    battlefield: []
""", turn=3)
    assert not any(a.startswith("activate Fauna Shaman") for a in labels(g))
    g = board(db, """
  - name: Alice
    hand: [Forest, Grizzly Bears]
    battlefield: [Forest, Fauna Shaman]
    library: [Craw Wurm, Island]
  - name: Bob
    battlefield: []
""", turn=3)
    asked = _go(g, "activate Fauna Shaman")          # the only creature card: no question
    assert "discard" not in asked and names(g, 0, "graveyard") == ["Grizzly Bears"]


# ------------------------------------------------------------------------------ the card itself (CR 113.6k)


def test_channel_works_from_the_hand_only(db):
    """Ghost-Lit Raider: its channel ability discards it, so it works only from its owner's hand
    (CR 113.6k); "it" is the card, which deals the damage (CR 608.2h). On the battlefield only
    its other ability is offered."""
    g = board(db, """
  - name: Alice
    hand: [Ghost-Lit Raider]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Hill Giant]
""")
    asked = _go(g, "activate Ghost-Lit Raider")
    assert "discard" not in asked and names(g, 0, "graveyard") == ["Ghost-Lit Raider"]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Hill Giant"]
    assert "Ghost-Lit Raider deals 4 damage to Hill Giant" in g.explain()
    g = board(db, """
  - name: Alice
    battlefield: [Mountain, Mountain, Mountain, Mountain, Ghost-Lit Raider]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    offered = [a for a in labels(g) if a.startswith("activate Ghost-Lit Raider")]
    assert len(offered) == 1 and "{T}" in offered[0]


def test_hanged_executioner_exiles_itself(db):
    """"Exile ~" is paid by the permanent; once it has left, the ability can't be activated again."""
    g = board(db, """
  - name: Alice
    battlefield: [Plains, Plains, Plains, Plains, Hanged Executioner]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    _go(g, "activate Hanged Executioner", targets="Hill Giant")
    assert names(g, 0, "exile") == ["Hanged Executioner"]
    resolve(g)
    assert names(g, 1, "exile") == ["Hill Giant"]


def test_recurring_nightmare_returns_itself_as_a_cost(db):
    """Recurring Nightmare: the creature sacrificed and the enchantment returned are paid as it
    is activated; the creature card targeted comes back (CR 602.2b, 608.2b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Recurring Nightmare, Grizzly Bears]
    graveyard: [Craw Wurm]
  - name: Bob
    battlefield: []
""", turn=3)
    _go(g, "activate Recurring Nightmare")
    assert _hand(g, 0) == ["Recurring Nightmare"] and names(g, 0, "graveyard") == ["Craw Wurm", "Grizzly Bears"]
    resolve(g)
    assert on_battlefield(g, "Craw Wurm")


def test_soul_of_innistrad_works_from_the_graveyard(db):
    """"Exile ~ from your graveyard" (CR 113.6k): offered while the card is in its owner's graveyard."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
    graveyard: [Soul of Innistrad, Grizzly Bears]
  - name: Bob
    battlefield: []
""", turn=3)
    _go(g, "activate Soul of Innistrad", targets="Grizzly Bears|no more")
    assert names(g, 0, "exile") == ["Soul of Innistrad"]
    resolve(g)
    assert _hand(g, 0) == ["Grizzly Bears"]


# ------------------------------------------------------------------------------ counterspells


def test_circular_logic_counts_its_casters_graveyard_as_it_resolves(db):
    """Circular Logic: "{1} for each card in your graveyard" is counted as it resolves, in its
    caster's graveyard (CR 608.2h, 118.12a); the spell's controller may pay that much."""
    g = board(db, """
  - name: Alice
    hand: [Circular Logic]
    battlefield: [Island, Island, Island]
    graveyard: [Forest, Plains]
  - name: Bob
    battlefield: [Island, Island, Island]
    library: [Island, Island, Island]
""", turn=3, priority="Alice", stack="[{card: Divination, controller: Bob}]")
    _go(g, "cast Circular Logic", targets="Divination")
    resolve(g)
    assert g.pending.kind == "unless" and g.pending.player == 1 and "{2}" in g.pending.prompt
    pick(g, "pay")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    assert names(g, 1, "graveyard") == []
    resolve(g)
    assert _hand(g, 1) == ["Island", "Island"]


def test_circular_logic_with_an_empty_graveyard_asks_for_nothing_more(db):
    """With no card in its caster's graveyard the cost is {0}, which can always be paid (CR 118.5)."""
    g = board(db, """
  - name: Alice
    hand: [Circular Logic]
    battlefield: [Island, Island, Island]
  - name: Bob
    battlefield: []
    library: [Island, Island]
""", turn=3, priority="Alice", stack="[{card: Divination, controller: Bob}]")
    _go(g, "cast Circular Logic", targets="Divination")
    resolve(g)
    assert g.pending.kind == "unless" and "{0}" in g.pending.prompt
    pick(g, "pay")
    resolve(g)
    assert _hand(g, 1) == ["Island", "Island"]


def test_confound_counters_only_a_spell_that_targets_a_creature(db):
    """Confound (CR 115.1): Divination targets nothing, so it isn't a legal target; a Shock aimed
    at a creature is, and Confound's caster draws a card."""
    g = board(db, """
  - name: Alice
    hand: [Confound]
    battlefield: [Island, Island]
    library: [Plains]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3, priority="Alice", stack="[{card: Divination, controller: Bob}]")
    assert cast_action(g, "Confound") is None
    g = board(db, """
  - name: Alice
    hand: [Confound, Shock]
    battlefield: [Island, Island, Mountain, Grizzly Bears]
    library: [Plains]
  - name: Bob
    battlefield: []
""", turn=3)
    _go(g, "cast Shock", targets="Grizzly Bears")          # Alice keeps priority (CR 117.3c)
    assert cast_action(g, "Confound") is not None
    _go(g, "cast Confound", targets="Shock")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Confound", "Shock"] and _hand(g, 0) == ["Plains"]


def test_hindering_light_reads_you_or_a_permanent_you_control(db):
    """Hindering Light: a spell targeting its caster, or a permanent they control, may be
    countered; one targeting only the other player may not."""
    for target, legal in (("Alice", True), ("Grizzly Bears", True), ("Bob", False)):
        g = board(db, """
  - name: Alice
    hand: [Hindering Light]
    battlefield: [Plains, Island, Grizzly Bears]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain]
""", turn=4, active="Bob")
        _go(g, "cast Shock", targets=target)
        g.push(Action("pass"))
        assert (cast_action(g, "Hindering Light") is not None) == legal, target


def test_kasmina_taxes_spells_that_target_its_controllers_creatures(db):
    """Kasmina, Enigmatic Mentor: an opponent's spell targeting a creature its controller
    controls costs {2} more (CR 601.2f); one targeting a player doesn't."""
    g = board(db, """
  - name: Alice
    battlefield: ["Kasmina, Enigmatic Mentor", Grizzly Bears]
  - name: Bob
    hand: [Shock]
    battlefield: [Mountain, Mountain, Mountain]
""", turn=4, active="Bob")
    _go(g, "cast Shock", targets="Grizzly Bears")
    assert "{2}{R}" in g.explain() and "Kasmina" in g.explain()
    assert len([o for o in on_battlefield(g, "Mountain") if o.tapped]) == 3


def test_a_target_spell_must_fit_its_whole_description(db):
    """Red Elemental Blast's "target blue spell": a spell of another color is no legal target
    (CR 115.1, 601.2c), so only its other mode may be chosen, and with no blue permanent it
    can't be cast."""
    g = board(db, """
  - name: Alice
    hand: [Red Elemental Blast]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3, priority="Alice", stack="[{card: Giant Growth, controller: Bob, targets: [Grizzly Bears]}]")
    assert cast_action(g, "Red Elemental Blast") is None
    g = board(db, """
  - name: Alice
    hand: [Red Elemental Blast]
    battlefield: [Mountain]
  - name: Bob
    battlefield: []
""", turn=3, priority="Alice", stack="[{card: Divination, controller: Bob}]")
    assert cast_action(g, "Red Elemental Blast") is not None


def test_stifle_counters_a_triggered_ability(db):
    """Stifle: a triggered ability on the stack is a legal target and, countered, just leaves the
    stack (CR 113.1b, 701.6a); Elvish Visionary's controller draws nothing."""
    g = board(db, """
  - name: Alice
    hand: [Stifle, Squelch]
    battlefield: [Island, Island, Island]
    library: [Plains]
  - name: Bob
    hand: [Elvish Visionary]
    battlefield: [Forest, Forest]
    library: [Forest]
""", turn=4, active="Bob")
    _go(g, "cast Elvish Visionary")
    resolve(g)                                  # the creature resolves; its trigger goes on the stack
    assert g.pending.player == 1 and len(g.current_state().stack) == 1
    g.push(Action("pass"))
    assert cast_action(g, "Squelch") is None    # an activated ability only
    _go(g, "cast Stifle")                        # the only target: no question
    resolve(g)
    assert names(g, 0, "graveyard") == ["Stifle"] and g.current_state().stack == []
    assert _hand(g, 1) == [] and names(g, 1, "library") == ["Forest"]


def test_squelch_counters_an_activated_ability(db):
    """Squelch: the ability is countered (CR 701.6a) and its caster draws a card; the cost paid
    to activate it stays paid (CR 602.2b)."""
    g = board(db, """
  - name: Alice
    hand: [Squelch]
    battlefield: [Island, Island, Island, Grizzly Bears]
    library: [Plains]
  - name: Bob
    battlefield: [Prodigal Sorcerer]
""", turn=4, active="Bob")
    _go(g, "activate Prodigal Sorcerer", targets="Grizzly Bears")
    g.push(Action("pass"))
    _go(g, "cast Squelch")
    resolve(g)
    assert on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Prodigal Sorcerer")[0].tapped
    assert _hand(g, 0) == ["Plains"]


# ------------------------------------------------------------------------------ cost changes (CR 601.2f)


def test_familiar_reduces_spells_of_either_color(db):
    """Nightscape Familiar: "Blue spells and red spells you cast cost {1} less": Wind Drake and
    Gray Ogre cost {1} and their colored mana, a colorless Onulet keeps its {3} (CR 601.2f)."""
    g = board(db, """
  - name: Alice
    hand: [Wind Drake, Gray Ogre, Onulet]
    battlefield: [Nightscape Familiar, Island, Mountain]
  - name: Bob
    battlefield: []
""")
    assert cast_action(g, "Wind Drake") is not None and cast_action(g, "Gray Ogre") is not None
    assert cast_action(g, "Onulet") is None


def test_banneret_reduces_spells_of_either_subtype(db):
    """Stonybrook Banneret: a Wizard spell costs {1} less; a spell of neither type doesn't."""
    g = board(db, """
  - name: Alice
    hand: [Prodigal Sorcerer, Grizzly Bears]
    battlefield: [Stonybrook Banneret, Island, Island]
  - name: Bob
    battlefield: []
""")
    assert cast_action(g, "Prodigal Sorcerer") is not None   # {2}{U} less {1}
    assert cast_action(g, "Grizzly Bears") is None


def test_exert_as_a_cost_keeps_it_tapped_through_the_next_untap_step(db):
    """Fervent Paincaster's "{T}, Exert ~": it deals its damage, doesn't untap during its
    controller's next untap step (CR 701.43a), and Vizier of the True's "Whenever you exert a
    creature" triggers (CR 701.43); it untaps in the untap step after that."""
    g = board(db, """
  - name: Alice
    library: [Plains, Plains, Plains]
    battlefield: [Fervent Paincaster, Vizier of the True]
  - name: Bob
    library: [Forest, Forest]
    battlefield: [Grizzly Bears]
""", turn=3)
    _go(g, "activate Fervent Paincaster: {T}, Exert", targets="Grizzly Bears")
    assert "exerts Fervent Paincaster" in g.explain()
    assert [e for e in g.current_state().effects if e.kind == "skip_next_untap"]
    while g.current_state().stack or g.current_state().pending_triggers:
        g.push(g.legal_actions()[-1] if g.pending.kind != "priority" else Action("pass"))
    assert "Vizier of the True's ability triggers" in g.explain()
    assert on_battlefield(g, "Grizzly Bears")[0].tapped and on_battlefield(g, "Grizzly Bears")[0].damage == 1
    while g.current_state().turn < 5 or g.current_state().step == "untap":
        g.push(g.legal_actions()[-1] if g.pending.kind != "priority" else Action("pass"))
    assert on_battlefield(g, "Fervent Paincaster")[0].tapped
    while g.current_state().turn < 7 or g.current_state().step == "untap":
        g.push(g.legal_actions()[-1] if g.pending.kind != "priority" else Action("pass"))
    assert not on_battlefield(g, "Fervent Paincaster")[0].tapped
