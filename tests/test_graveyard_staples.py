"""Staples that work from a graveyard, played with the real cards and checked against their
rulings: Narcomoeba's trigger from the graveyard it went to (CR 603.6c, 400.7), and abilities
that say "if ~ is in your graveyard" and so work from there only (CR 113.6b, 603.4): Bridge from
Below (which doesn't look back at a battlefield it left with the creature, CR 603.10a) and
Ichorid; Vengevine, on the second creature spell its owner casts in a turn (CR 601.2i). Mystical
Teachings's "an instant card or a card with flash". Flashback for a turn at the card's mana cost
(CR 702.34a): Snapcaster Mage, Past in Flames. Ghostly Flicker's "those cards". Archive Trap's
alternative cost once an opponent searched their library (CR 118.9, 701.23). Hollow One's cost,
{2} less for each card cycled or discarded this turn (CR 601.2f, 702.29a). Kroxa's and Strongarm
Tactics's "discards a card, then each who didn't discard a nonland card this way loses 3 life".
Reflector Mage's "can't cast spells with the same name as that creature until your next turn".
Detention Sphere's "not named ~" (CR 201.5)."""
from __future__ import annotations

from manastack.engine.decisions import Action, DecisionKind

from .game_helpers import answer_until_stack_empty, board, cast_and_pay, names, on_battlefield, pick

ALICE, BOB = 0, 1


def _milled_narcomoeba(db, bob_battlefield: str = "[]"):
    g = board(db, f"""
  - name: Alice
    hand: [Thought Scour]
    battlefield: [Island]
    library: [Narcomoeba, Island, Island, Island]
  - name: Bob
    battlefield: {bob_battlefield}
""")
    cast_and_pay(g, "cast Thought Scour", "Alice")
    g.push(Action("pass"))
    g.push(Action("pass"))          # Thought Scour resolves: Narcomoeba is milled
    return g


def test_narcomoeba_milled_may_be_put_onto_the_battlefield(db):
    """CR 603.6c: the ability triggers as the card reaches its owner's graveyard from the
    library; its owner may put it onto the battlefield."""
    g = _milled_narcomoeba(db)
    assert "Narcomoeba" in names(g, ALICE, "graveyard") and len(g.current_state().stack) == 1
    answer_until_stack_empty(g, "yes")
    assert on_battlefield(g, "Narcomoeba") and "Narcomoeba" not in names(g, ALICE, "graveyard")
    assert on_battlefield(g, "Narcomoeba")[0].controller == ALICE


def test_narcomoeba_may_stay_in_the_graveyard(db):
    g = _milled_narcomoeba(db)
    answer_until_stack_empty(g, "no")
    assert not on_battlefield(g, "Narcomoeba") and "Narcomoeba" in names(g, ALICE, "graveyard")


def test_narcomoeba_exiled_before_its_ability_resolves_stays_exiled(db):
    """Narcomoeba's ruling: removed from the graveyard before the ability resolves, it isn't put
    onto the battlefield (CR 400.7: the exiled card is a new object)."""
    g = _milled_narcomoeba(db, "[Tormod's Crypt]")
    assert g.current_state().stack
    g.push(Action("pass"))          # Alice passes with the trigger on the stack; Bob answers
    pick(g, "activate Tormod's Crypt")
    while g.pending.kind != DecisionKind.PRIORITY:
        g.push(next((a for a in g.legal_actions() if "Alice" in a.label), g.legal_actions()[0]))
    answer_until_stack_empty(g, "yes")
    assert not on_battlefield(g, "Narcomoeba") and "Narcomoeba" in names(g, ALICE, "exile")


def test_narcomoeba_drawn_or_discarded_doesnt_trigger(db):
    """Only a move from the library to the graveyard triggers it: discarded from a hand, it stays."""
    g = board(db, """
  - name: Alice
    hand: [Narcomoeba, Faithless Looting]
    battlefield: [Mountain]
    library: [Island, Island, Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Faithless Looting")
    answer_until_stack_empty(g, "Narcomoeba")
    assert "Narcomoeba" in names(g, ALICE, "graveyard") and not g.current_state().stack
    assert not on_battlefield(g, "Narcomoeba")


def _bridge(db, alice: str, bob: str = "[Grizzly Bears]", hand: str = "[Pyroclasm]"):
    return board(db, f"""
  - name: Alice
    hand: {hand}
    battlefield: {alice}
    graveyard: [Bridge from Below]
  - name: Bob
    battlefield: {bob}
""")


def _zombies(g) -> int:
    return sum(1 for o in g.current_state().permanents(ALICE) if o.card.name == "Zombie Token")


def test_bridge_from_below_makes_a_zombie_when_your_creature_dies(db):
    """CR 113.6b: the ability works from the graveyard; a nontoken creature of Alice's dies."""
    g = _bridge(db, "[Grizzly Bears, Mountain, Mountain]", bob="[]")
    cast_and_pay(g, "cast Pyroclasm")
    answer_until_stack_empty(g)
    assert _zombies(g) == 1 and "Bridge from Below" in names(g, ALICE, "graveyard")


def test_bridge_from_below_on_the_battlefield_does_nothing(db):
    """Its rulings: on the battlefield it has no effect."""
    g = board(db, """
  - name: Alice
    hand: [Pyroclasm]
    battlefield: [Bridge from Below, Grizzly Bears, Mountain, Mountain]
  - name: Bob
""")
    cast_and_pay(g, "cast Pyroclasm")
    answer_until_stack_empty(g)
    assert _zombies(g) == 0 and on_battlefield(g, "Bridge from Below")


def test_bridge_from_below_tokens_dying_make_no_zombie(db):
    """"nontoken creature": the Zombie token dying makes no other."""
    g = _bridge(db, "[Grizzly Bears, Mountain, Mountain, Mountain, Mountain]", bob="[]", hand="[Pyroclasm, Pyroclasm]")
    cast_and_pay(g, "cast Pyroclasm")
    answer_until_stack_empty(g)
    assert _zombies(g) == 1
    cast_and_pay(g, "cast Pyroclasm")
    answer_until_stack_empty(g)
    assert _zombies(g) == 0 and "Zombie Token" not in names(g, ALICE, "graveyard")


def test_bridge_from_below_both_triggers_token_first_then_exiled(db):
    """Its rulings: a creature of each player dies at once; Alice orders the two triggers and
    may make the token before Bridge from Below is exiled. An opponent's creature dying exiles it."""
    g = _bridge(db, "[Grizzly Bears, Mountain, Mountain]")
    cast_and_pay(g, "cast Pyroclasm")
    g.push(Action("pass"))
    g.push(Action("pass"))          # Pyroclasm resolves: both Bears die
    assert g.pending.kind == DecisionKind.ORDER_TRIGGERS
    # the abilities in the order they triggered: the token's, then the exile's; the exile's goes
    # on the stack first and so resolves last (CR 603.3b)
    g.push(g.legal_actions()[2])
    answer_until_stack_empty(g)
    assert _zombies(g) == 1
    assert "Bridge from Below" in names(g, ALICE, "exile") and "Bridge from Below" not in names(g, ALICE, "graveyard")


def test_bridge_from_below_gone_before_resolution_makes_no_token(db):
    """Its rulings: not still in the graveyard as the ability resolves, no token (CR 603.4)."""
    g = _bridge(db, "[Grizzly Bears, Mountain, Mountain]", bob="[Tormod's Crypt]")
    cast_and_pay(g, "cast Pyroclasm")
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert len(g.current_state().stack) == 1
    g.push(Action("pass"))          # Alice passes with the trigger on the stack; Bob answers
    pick(g, "activate Tormod's Crypt")
    while g.pending.kind != DecisionKind.PRIORITY:
        g.push(next((a for a in g.legal_actions() if "Alice" in a.label), g.legal_actions()[0]))
    answer_until_stack_empty(g)
    assert _zombies(g) == 0 and "Bridge from Below" in names(g, ALICE, "exile")


def test_bridge_from_below_dying_with_the_creature_doesnt_trigger(db):
    """Its rulings: not in the graveyard immediately before the creature died, it doesn't trigger
    (Akroma's Vengeance destroys both at once)."""
    g = board(db, """
  - name: Alice
    hand: [Akroma's Vengeance]
    battlefield: [Bridge from Below, Grizzly Bears, Plains, Plains, Plains, Plains, Plains, Plains]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    cast_and_pay(g, "cast Akroma's Vengeance")
    answer_until_stack_empty(g)
    assert _zombies(g) == 0 and "Bridge from Below" in names(g, ALICE, "graveyard")


def _ichorid_upkeep(db, graveyard: str):
    return board(db, f"""
  - name: Alice
    library: [Swamp, Swamp]
    graveyard: {graveyard}
  - name: Bob
    library: [Swamp, Swamp]
""", turn=3, step="untap")


def test_ichorid_returns_by_exiling_another_black_creature_card(db):
    """At its owner's upkeep, from the graveyard (CR 113.6b): exile a black creature card other
    than Ichorid, and it returns; it is sacrificed at the beginning of the end step."""
    g = _ichorid_upkeep(db, "[Ichorid, Walking Corpse, Grizzly Bears]")
    assert len(g.current_state().stack) == 1
    answer_until_stack_empty(g, "yes", "Walking Corpse")
    assert on_battlefield(g, "Ichorid") and names(g, ALICE, "exile") == ["Walking Corpse"]
    assert "Grizzly Bears" in names(g, ALICE, "graveyard")
    for _ in range(40):
        if g.current_state().step == "end" and g.current_state().stack:
            break
        g.push(Action("pass") if g.pending.kind == DecisionKind.PRIORITY else g.legal_actions()[0])
    answer_until_stack_empty(g)
    assert not on_battlefield(g, "Ichorid") and "Ichorid" in names(g, ALICE, "graveyard")


def test_ichorid_cant_exile_itself_or_a_nonblack_card(db):
    """"a black creature card other than Ichorid": with only a green one beside it, nothing is
    exiled and Ichorid stays."""
    g = _ichorid_upkeep(db, "[Ichorid, Grizzly Bears]")
    answer_until_stack_empty(g, "yes")
    assert not on_battlefield(g, "Ichorid") and names(g, ALICE, "exile") == []


def test_ichorid_on_the_battlefield_doesnt_trigger_at_upkeep(db):
    g = board(db, """
  - name: Alice
    library: [Swamp, Swamp]
    battlefield: [Ichorid]
    graveyard: [Walking Corpse]
  - name: Bob
""", turn=3, step="untap")
    assert not g.current_state().stack


def test_two_ichorids_one_exiling_the_other(db):
    """Ichorid's rulings: one Ichorid's ability that exiles the other returns only the first;
    the exiled one's ability can't return it (CR 400.7, 603.4)."""
    g = _ichorid_upkeep(db, "[Ichorid, Ichorid]")
    assert g.pending.kind == DecisionKind.ORDER_TRIGGERS       # both trigger (CR 603.3b)
    answer_until_stack_empty(g, "yes", "Ichorid", "yes")
    assert len(on_battlefield(g, "Ichorid")) == 1 and names(g, ALICE, "exile") == ["Ichorid"]
    assert names(g, ALICE, "graveyard") == []


def test_two_ichorids_cant_share_one_card(db):
    """Ichorid's rulings: the same creature card can't be exiled for both."""
    g = _ichorid_upkeep(db, "[Ichorid, Ichorid, Walking Corpse]")
    answer_until_stack_empty(g, "yes", "Walking Corpse", "yes")
    assert len(on_battlefield(g, "Ichorid")) == 1 and names(g, ALICE, "exile") == ["Walking Corpse"]
    assert names(g, ALICE, "graveyard") == ["Ichorid"]


def _vengevine(db, hand: str, graveyard: str = "[Vengevine]", lands: str = "Forest, Forest, Forest"):
    return board(db, f"""
  - name: Alice
    hand: {hand}
    battlefield: [{lands}]
    graveyard: {graveyard}
    library: [Island, Island, Island]
  - name: Bob
""")


def _cast(g, name: str, *answers: str) -> None:
    """Cast ``name``, paying automatically, and answer the triggers it causes; the spell stays on
    the stack until the triggers have resolved, then it resolves too."""
    cast_and_pay(g, f"cast {name}")
    answer_until_stack_empty(g, *answers)


def test_vengevine_returns_on_the_second_creature_spell(db):
    """Its rulings: the ability triggers on the second creature spell cast this turn and resolves
    before that spell; Vengevine returns from the graveyard (CR 113.6m)."""
    g = _vengevine(db, "[Llanowar Elves, Llanowar Elves]")
    _cast(g, "Llanowar Elves")
    assert not on_battlefield(g, "Vengevine")
    cast_and_pay(g, "cast Llanowar Elves")
    s = g.current_state()
    assert len(s.stack) == 2            # the trigger above the spell that caused it
    answer_until_stack_empty(g, "yes")
    assert on_battlefield(g, "Vengevine") and len(on_battlefield(g, "Llanowar Elves")) == 2


def test_vengevine_counts_only_creature_spells(db):
    """Its rulings: noncreature spells don't count; the second creature spell is the third spell."""
    g = _vengevine(db, "[Llanowar Elves, Giant Growth, Llanowar Elves]")
    _cast(g, "Llanowar Elves")
    cast_and_pay(g, "cast Giant Growth", "Llanowar Elves")
    answer_until_stack_empty(g)
    assert not on_battlefield(g, "Vengevine")
    _cast(g, "Llanowar Elves", "yes")
    assert on_battlefield(g, "Vengevine")


def test_vengevine_counts_spells_cast_before_it_was_in_the_graveyard(db):
    """Its rulings: the whole turn counts, not only while Vengevine was in the graveyard: a
    creature spell, then Vengevine discarded, then a second creature spell."""
    g = _vengevine(db, "[Llanowar Elves, Faithless Looting, Vengevine, Llanowar Elves]", graveyard="[]",
                   lands="Forest, Forest, Mountain")
    _cast(g, "Llanowar Elves")
    _cast(g, "Faithless Looting", "Vengevine", "Island")
    assert "Vengevine" in names(g, ALICE, "graveyard")
    _cast(g, "Llanowar Elves", "yes")
    assert on_battlefield(g, "Vengevine")


def test_vengevine_doesnt_trigger_on_the_third_creature_spell(db):
    """Its rulings: only the second creature spell of the turn, not the third."""
    g = _vengevine(db, "[Llanowar Elves, Llanowar Elves, Llanowar Elves]")
    _cast(g, "Llanowar Elves")
    _cast(g, "Llanowar Elves", "no")
    assert not on_battlefield(g, "Vengevine")
    cast_and_pay(g, "cast Llanowar Elves")
    assert len(g.current_state().stack) == 1
    answer_until_stack_empty(g)
    assert not on_battlefield(g, "Vengevine") and "Vengevine" in names(g, ALICE, "graveyard")


def test_mystical_teachings_finds_an_instant_or_a_card_with_flash(db):
    """"an instant card or a card with flash": Lightning Bolt or Ambush Viper (a creature with
    flash), not Grizzly Bears nor a sorcery (CR 701.23a)."""
    g = board(db, """
  - name: Alice
    hand: [Mystical Teachings]
    battlefield: [Island, Island, Island, Island]
    library: [Grizzly Bears, Ambush Viper, Lightning Bolt, Divination, Forest]
  - name: Bob
""")
    cast_and_pay(g, "cast Mystical Teachings")
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    offered = sorted(s.objs[a.args[0]].card.name for a in g.legal_actions() if a.args and a.args[0] in s.objs)
    assert offered == ["Ambush Viper", "Lightning Bolt"], [a.label for a in g.legal_actions()]
    pick(g, next(a.label for a in g.legal_actions() if "Ambush Viper" in a.label))
    answer_until_stack_empty(g)
    assert names(g, ALICE, "hand") == ["Ambush Viper"]
    assert "Mystical Teachings" in names(g, ALICE, "graveyard")


def test_mystical_teachings_flashback(db):
    """Flashback {5}{B} from the graveyard (CR 702.34a), then it is exiled."""
    g = board(db, """
  - name: Alice
    graveyard: [Mystical Teachings]
    battlefield: [Island, Island, Island, Island, Island, Swamp]
    library: [Grizzly Bears, Lightning Bolt]
  - name: Bob
""")
    cast_and_pay(g, "cast Mystical Teachings")
    answer_until_stack_empty(g, "Lightning Bolt")
    assert names(g, ALICE, "hand") == ["Lightning Bolt"] and names(g, ALICE, "exile") == ["Mystical Teachings"]


def _bob_life(g) -> int:
    return g.current_state().players[BOB].life


def test_snapcaster_mage_gives_a_card_flashback_for_its_mana_cost(db):
    """Snapcaster Mage: the targeted instant may be cast from the graveyard this turn for its
    mana cost, and is exiled as it leaves the stack (CR 702.34a)."""
    g = board(db, """
  - name: Alice
    hand: [Snapcaster Mage]
    battlefield: [Island, Island, Mountain]
    graveyard: [Lightning Bolt, Counterspell]
  - name: Bob
""")
    cast_and_pay(g, "cast Snapcaster Mage")
    answer_until_stack_empty(g, "Lightning Bolt")
    casts = [a.label for a in g.legal_actions() if a.label.startswith("cast ")]
    assert casts == ["cast Lightning Bolt from the graveyard with flashback {R} (its mana cost)"]
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    answer_until_stack_empty(g)
    assert _bob_life(g) == 17
    assert names(g, ALICE, "exile") == ["Lightning Bolt"] and names(g, ALICE, "graveyard") == ["Counterspell"]


def test_a_spell_cast_with_granted_flashback_and_countered_is_exiled(db):
    """CR 702.34a: leaving the stack any way, it is exiled instead (countered by Bob)."""
    g = board(db, """
  - name: Alice
    hand: [Snapcaster Mage]
    battlefield: [Island, Island, Mountain]
    graveyard: [Lightning Bolt]
  - name: Bob
    hand: [Counterspell]
    battlefield: [Island, Island]
""")
    cast_and_pay(g, "cast Snapcaster Mage")
    answer_until_stack_empty(g, "Lightning Bolt")
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    g.push(Action("pass"))
    cast_and_pay(g, "cast Counterspell", "Lightning Bolt")
    answer_until_stack_empty(g)
    assert _bob_life(g) == 20 and names(g, ALICE, "exile") == ["Lightning Bolt"]


def test_granted_flashback_ends_with_the_turn(db):
    """"until end of turn": in Bob's turn the Bolt can't be cast from the graveyard (CR 514.2)."""
    g = board(db, """
  - name: Alice
    hand: [Snapcaster Mage]
    battlefield: [Island, Island, Mountain]
    graveyard: [Lightning Bolt]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""")
    cast_and_pay(g, "cast Snapcaster Mage")
    answer_until_stack_empty(g, "Lightning Bolt")
    for _ in range(60):
        s = g.current_state()
        if s.active == BOB and g.pending.kind == DecisionKind.PRIORITY and g.pending.player == ALICE:
            break
        g.push(Action("pass") if g.pending.kind == DecisionKind.PRIORITY else g.legal_actions()[0])
    assert g.current_state().active == BOB
    assert not [a for a in g.legal_actions() if a.label.startswith("cast Lightning Bolt")]


def test_past_in_flames_gives_flashback_to_the_cards_there_now(db):
    """Past in Flames's rulings: the instant and sorcery cards in the graveyard as it resolves
    gain flashback, not Past in Flames itself (it keeps its own) nor cards put there later."""
    g = board(db, """
  - name: Alice
    hand: [Past in Flames, Lightning Bolt]
    battlefield: [{card: Mountain, count: 10}]
    graveyard: [Shock, Grizzly Bears]
  - name: Bob
""")
    cast_and_pay(g, "cast Past in Flames")
    answer_until_stack_empty(g)
    cast_and_pay(g, "cast Lightning Bolt", "Bob")        # from the hand, after it resolved
    answer_until_stack_empty(g)
    casts = sorted(a.label for a in g.legal_actions() if a.label.startswith("cast "))
    assert casts == ["cast Past in Flames from the graveyard with flashback {4}{R}",
                     "cast Shock from the graveyard with flashback {R} (its mana cost)"]
    cast_and_pay(g, "cast Shock", "Bob")
    answer_until_stack_empty(g)
    assert _bob_life(g) == 15 and names(g, ALICE, "exile") == ["Shock"]


def test_ghostly_flicker_returns_an_artifact_and_a_creature(db):
    """Ghostly Flicker's ruling: the two targets may have different types; each returns as a new
    object (CR 400.7): the tapped Sol Ring untapped, Mulldrifter's enters trigger draws two."""
    g = board(db, """
  - name: Alice
    hand: [Ghostly Flicker]
    battlefield: [Island, Island, Island, {card: Sol Ring, tapped: true}, Mulldrifter]
    library: [Island, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    pick(g, "cast Ghostly Flicker")
    offered = [a.label for a in g.legal_actions()]
    assert not any("Grizzly Bears" in label for label in offered)     # "you control"
    answer_until_stack_empty(g, "Sol Ring", "Mulldrifter")
    ring, drifter = on_battlefield(g, "Sol Ring")[0], on_battlefield(g, "Mulldrifter")[0]
    assert not ring.tapped and ring.controller == ALICE and drifter.controller == ALICE
    assert len(names(g, ALICE, "hand")) == 2 and names(g, ALICE, "exile") == []


def _archive_trap(db, bob_library: str, alice_battlefield: str = "[]", alice_library: str = "[Island]"):
    return board(db, f"""
  - name: Alice
    hand: [Archive Trap]
    battlefield: {alice_battlefield}
    library: {alice_library}
  - name: Bob
    battlefield: [Evolving Wilds]
    library: {bob_library}
""", turn=4, active="Bob")


def _trap_casts(g) -> list[str]:
    return [a.label for a in g.legal_actions() if a.label.startswith("cast Archive Trap")]


def test_archive_trap_costs_nothing_once_an_opponent_searched(db):
    """Bob searched his library (Evolving Wilds): Alice, with no land, casts Archive Trap for {0}
    and Bob mills thirteen (CR 118.9)."""
    g = _archive_trap(db, "[{card: Forest, count: 20}]")
    g.push(Action("pass"))                  # Bob passes: Alice can't cast it yet
    assert _trap_casts(g) == []
    g.push(Action("pass"))
    pick(g, "activate Evolving Wilds")
    answer_until_stack_empty(g, "Forest")
    g.push(Action("pass"))                  # Bob passes priority to Alice
    assert _trap_casts(g)
    cast_and_pay(g, "cast Archive Trap", "Bob")
    while g.pending.kind != DecisionKind.PRIORITY or g.current_state().stack:
        g.push(next((a for a in g.legal_actions() if "{0}" in a.label or "alternative" in a.label),
                    Action("pass") if g.pending.kind == DecisionKind.PRIORITY else g.legal_actions()[0]))
    assert len(names(g, BOB, "graveyard")) == 14       # thirteen milled and the Wilds


def test_archive_trap_counts_a_search_that_found_nothing(db):
    """Archive Trap's rulings: it doesn't matter whether the search found a card."""
    g = _archive_trap(db, "[Grizzly Bears, Grizzly Bears]")
    g.push(Action("pass"))
    g.push(Action("pass"))
    pick(g, "activate Evolving Wilds")
    answer_until_stack_empty(g)
    g.push(Action("pass"))
    assert _trap_casts(g)


def test_archive_trap_ignores_its_casters_own_search(db):
    """Only an opponent's search of their own library counts: Alice's own doesn't."""
    g = board(db, """
  - name: Alice
    hand: [Archive Trap]
    battlefield: [Evolving Wilds]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""")
    pick(g, "activate Evolving Wilds")
    answer_until_stack_empty(g, "Island")
    assert _trap_casts(g) == []


def _castable(g, name: str) -> bool:
    return any(a.label.startswith(f"cast {name}") for a in g.legal_actions())


def test_hollow_one_costs_two_less_for_each_card_discarded(db):
    """Two cards discarded to Faithless Looting: Hollow One costs {1} (CR 601.2f)."""
    g = board(db, """
  - name: Alice
    hand: [Hollow One, Faithless Looting]
    battlefield: [Mountain, Swamp]
    library: [Island, Island, Island]
  - name: Bob
""")
    assert not _castable(g, "Hollow One")
    cast_and_pay(g, "cast Faithless Looting")
    answer_until_stack_empty(g, "Island", "Island")
    assert g.current_state().players[ALICE].discarded_this_turn == 2
    assert _castable(g, "Hollow One")
    cast_and_pay(g, "cast Hollow One")
    answer_until_stack_empty(g)
    assert on_battlefield(g, "Hollow One")


def test_hollow_one_costs_nothing_after_four_discards_never_less(db):
    """Hollow One's rulings: with three or more discarded it costs {0}, not less."""
    g = board(db, """
  - name: Alice
    hand: [Hollow One, Faithless Looting, Faithless Looting]
    battlefield: [Mountain, Mountain]
    library: [Island, Island, Island, Island, Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Faithless Looting")
    answer_until_stack_empty(g, "Island", "Island")
    cast_and_pay(g, "cast Faithless Looting")
    answer_until_stack_empty(g, "Island", "Island")
    cast_and_pay(g, "cast Hollow One")
    answer_until_stack_empty(g)
    assert on_battlefield(g, "Hollow One")         # cast with both lands tapped already


def test_hollow_one_counts_a_cycled_card(db):
    """A card cycled was discarded (CR 702.29a): Street Wraith cycled for 2 life, Hollow One
    costs {3}."""
    g = board(db, """
  - name: Alice
    hand: [Hollow One, Street Wraith]
    battlefield: [Mountain, Mountain, Mountain]
    library: [Island, Island]
  - name: Bob
""")
    assert not _castable(g, "Hollow One")
    pick(g, "activate Street Wraith")
    answer_until_stack_empty(g)
    assert _castable(g, "Hollow One")


def _kroxa(db, bob_hand: str):
    g = board(db, f"""
  - name: Alice
    hand: ["Kroxa, Titan of Death's Hunger"]
    battlefield: [Swamp, Mountain]
  - name: Bob
    hand: {bob_hand}
""")
    cast_and_pay(g, "cast Kroxa")
    return g


def test_kroxa_opponent_discarding_a_nonland_card_loses_no_life(db):
    """Cast from the hand, Kroxa is sacrificed (it didn't escape), and its other enters ability
    makes Bob discard; a nonland card discarded spares him (Kroxa's rulings)."""
    g = _kroxa(db, "[Lightning Bolt, Mountain]")
    answer_until_stack_empty(g, "Lightning Bolt")
    assert names(g, BOB, "graveyard") == ["Lightning Bolt"] and _bob_life(g) == 20
    assert not on_battlefield(g, "Kroxa, Titan of Death's Hunger")


def test_kroxa_opponent_discarding_a_land_loses_3_life(db):
    g = _kroxa(db, "[Lightning Bolt, Mountain]")
    answer_until_stack_empty(g, "Mountain")
    assert names(g, BOB, "graveyard") == ["Mountain"] and _bob_life(g) == 17


def test_kroxa_opponent_with_no_card_to_discard_loses_3_life(db):
    """Kroxa's rulings: an opponent who can't discard at all loses 3 life."""
    g = _kroxa(db, "[]")
    answer_until_stack_empty(g)
    assert _bob_life(g) == 17


def test_strongarm_tactics_each_player_discards_then_loses_life(db):
    """"Each player who didn't discard a creature card this way loses 4 life": Alice, with no
    card left, loses 4; Bob discards a creature card and loses none."""
    g = board(db, """
  - name: Alice
    hand: [Strongarm Tactics]
    battlefield: [Swamp, Swamp]
  - name: Bob
    hand: [Grizzly Bears]
""")
    cast_and_pay(g, "cast Strongarm Tactics")
    answer_until_stack_empty(g)
    s = g.current_state()
    assert s.players[ALICE].life == 16 and s.players[BOB].life == 20
    assert names(g, BOB, "graveyard") == ["Grizzly Bears"]


def _bob_may_cast(g, name: str) -> bool:
    """Whether Bob, given priority now, has an action casting ``name``."""
    return any(a.label.startswith(f"cast {name}") for a in g.legal_actions())


def _until_priority(g, active: int, player: int, step: str | None = None) -> None:
    for _ in range(200):
        s = g.current_state()
        if s.active == active and g.pending.kind == DecisionKind.PRIORITY and g.pending.player == player \
                and (step is None or s.step == step) and not s.stack:
            return
        g.push(Action("pass") if g.pending.kind == DecisionKind.PRIORITY else g.legal_actions()[-1])
    raise AssertionError("never got there")


def test_reflector_mage_owner_cant_cast_that_name_until_your_next_turn(db):
    """Reflector Mage: Bob's Ambush Viper returns to his hand and he can't cast a spell named
    Ambush Viper until Alice's next turn (CR 101.2, 611.2a); other spells he can."""
    g = board(db, """
  - name: Alice
    hand: [Reflector Mage]
    battlefield: [Plains, Island, Island]
    library: [Island, Island, Island]
  - name: Bob
    hand: [Llanowar Elves]
    battlefield: [Ambush Viper, Forest, Forest]
    library: [Forest, Forest, Forest]
""")
    cast_and_pay(g, "cast Reflector Mage")
    answer_until_stack_empty(g, "Ambush Viper")
    assert sorted(names(g, BOB, "hand")) == ["Ambush Viper", "Llanowar Elves"]
    g.push(Action("pass"))                  # Alice passes: Bob has priority in her turn
    assert g.pending.player == BOB and not _bob_may_cast(g, "Ambush Viper")
    _until_priority(g, BOB, BOB, "main1")
    assert _bob_may_cast(g, "Llanowar Elves") and not _bob_may_cast(g, "Ambush Viper")
    _until_priority(g, ALICE, BOB, "upkeep")
    assert _bob_may_cast(g, "Ambush Viper")


def test_detention_sphere_exiles_every_permanent_of_that_name_until_it_leaves(db):
    """Detention Sphere's rulings: only one target; the others with its name, whoever controls
    them, are exiled too, and all return under their owners' control when it leaves (CR 607.2a,
    610.3)."""
    g = board(db, """
  - name: Alice
    hand: [Detention Sphere, Naturalize]
    battlefield: [Plains, Island, Forest, Forest, Forest, Grizzly Bears]
  - name: Bob
    battlefield: [Grizzly Bears, Grizzly Bears, Llanowar Elves]
""")
    cast_and_pay(g, "cast Detention Sphere")
    answer_until_stack_empty(g, "Grizzly Bears", "yes")
    assert not on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Llanowar Elves")
    assert names(g, BOB, "exile") == ["Grizzly Bears", "Grizzly Bears"] and names(g, ALICE, "exile") == ["Grizzly Bears"]
    cast_and_pay(g, "cast Naturalize", "Detention Sphere")
    answer_until_stack_empty(g)
    bears = on_battlefield(g, "Grizzly Bears")
    assert sorted(o.controller for o in bears) == [ALICE, BOB, BOB] and names(g, BOB, "exile") == []


def test_detention_sphere_cant_target_a_detention_sphere(db):
    """"not named Detention Sphere": Bob's own Detention Sphere is no legal target (CR 201.5)."""
    g = board(db, """
  - name: Alice
    hand: [Detention Sphere]
    battlefield: [Plains, Island, Forest]
  - name: Bob
    battlefield: [Detention Sphere, Llanowar Elves]
""")
    cast_and_pay(g, "cast Detention Sphere")
    answer_until_stack_empty(g, "yes")          # the Elves, the one legal target, chosen by itself
    assert names(g, BOB, "exile") == ["Llanowar Elves"]
    assert [o.controller for o in on_battlefield(g, "Detention Sphere")] in ([BOB, ALICE], [ALICE, BOB])
