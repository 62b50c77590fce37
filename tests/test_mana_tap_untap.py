"""CR 107.5, 107.6 and 302.6: {T} and {Q} in costs, and the creatures that must have been under
their controller's control since their most recent turn began."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.mana import query as mq
from manastack.engine.decisions import Action

from .mana_helpers import board, mana_actions, obj, pool, tap_for_mana


def activations(g, name):
    o = obj(g, name)
    return [a for a in g.legal_actions() if a.kind in ("activate", "mana") and a.args[0] == o.id]


def pass_turns(g, n):
    """Pass priority until ``n`` more turns have begun (nothing on the stack)."""
    target = g.current_state().turn + n
    while g.current_state().turn < target or g.pending.kind != "priority" \
            or g.current_state().step != "main1":
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))


def test_llanowar_elves_cast_this_turn_cant_tap_next_turn_can():
    """CR 302.6; CR 107.5."""
    g = board("""
  - name: Alice
    battlefield: [{card: Llanowar Elves, sick: true}, {card: Forest, tapped: true}]
    library: [Forest, Forest, Forest]
  - name: Bob
    library: [Island, Island, Island]
""")
    assert mana_actions(g, "Llanowar Elves") == []
    why = [r.why for r in mq.source_reports(g.current_state(), 0) if r.name == "Llanowar Elves"][0]
    assert "CR 302.6" in why
    pass_turns(g, 2)
    assert g.current_state().active == 0
    tap_for_mana(g, "Llanowar Elves")
    assert pool(g) == {"G": 1}


def test_haste_lets_a_new_creature_tap_for_mana():
    """CR 302.6 and 702.10b: with haste (Fervor) the Elves can tap at once."""
    g = board("""
  - name: Alice
    battlefield: [{card: Llanowar Elves, sick: true}, Fervor]
  - name: Bob
""")
    tap_for_mana(g, "Llanowar Elves")
    assert pool(g) == {"G": 1}


def test_dryad_arbor_is_a_creature_and_sick_but_sol_ring_is_not():
    """CR 302.6 applies to creatures only: a land creature is affected, an artifact is not."""
    g = board("""
  - name: Alice
    battlefield: [{card: Dryad Arbor, sick: true}, {card: Sol Ring, sick: true}]
  - name: Bob
""")
    assert mana_actions(g, "Dryad Arbor") == []
    tap_for_mana(g, "Sol Ring")
    assert pool(g) == {"C": 2}


def test_a_tapped_permanent_cant_pay_tap():
    """CR 107.5."""
    g = board("""
  - name: Alice
    battlefield: [{card: Forest, tapped: true}]
  - name: Bob
""")
    assert mana_actions(g, "Forest") == []
    why = mq.source_reports(g.current_state(), 0)[0].why
    assert "CR 107.5" in why


def test_pili_pala_untaps_for_mana_only_when_tapped_and_not_sick():
    """CR 107.6, 302.6; Pili-Pala rulings 2008-05-01."""
    g = board("""
  - name: Alice
    battlefield: [Pili-Pala, Sol Ring]
  - name: Bob
""")
    assert mana_actions(g, "Pili-Pala") == []                    # untapped: can't pay {Q}
    g = board("""
  - name: Alice
    battlefield: [{card: Pili-Pala, tapped: true, sick: true}, Sol Ring]
  - name: Bob
""")
    assert mana_actions(g, "Pili-Pala") == []                    # CR 302.6
    g = board("""
  - name: Alice
    battlefield: [{card: Pili-Pala, tapped: true}, Sol Ring]
  - name: Bob
""")
    g.push(mana_actions(g, "Pili-Pala")[0])
    assert g.pending.kind == "pay"                                # {2} first, with Sol Ring
    g.push(Action("autopay"))
    assert g.pending.kind == "choose_mana"
    g.push(next(a for a in g.legal_actions() if a.args == ("W",)))
    assert pool(g) == {"W": 1}
    assert not obj(g, "Pili-Pala").tapped and obj(g, "Sol Ring").tapped


def test_order_of_whiteclay_needs_to_be_tapped_and_untaps_as_it_is_paid():
    """CR 107.6 and 302.6; Order of Whiteclay rulings 2008-05-01. Also CR 107.3m: the Endless
    One it returns wasn't cast, so X is 0 and it enters with no counters (and dies, CR 704.5f)."""
    board_text = """
  - name: Alice
    battlefield: [{{card: Order of Whiteclay{extra}}}, Plains, Plains, Plains]
    graveyard: [Endless One]
  - name: Bob
"""
    g = board(board_text.format(extra=""))
    assert activations(g, "Order of Whiteclay") == []
    g = board(board_text.format(extra=", tapped: true, sick: true"))
    assert activations(g, "Order of Whiteclay") == []
    g = board(board_text.format(extra=", tapped: true"))
    g.push(activations(g, "Order of Whiteclay")[0])
    while g.pending.kind in ("targets", "pay"):
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    assert not obj(g, "Order of Whiteclay").tapped
    assert [i.label for i in g.current_state().stack] == ["Order of Whiteclay's ability"]
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert "Endless One" in [s.objs[i].card.name for i in s.players[0].graveyard]
    assert "Endless One enters with 0 +1/+1 counters" in g.explain()
    assert "(toughness 0 or less)" in g.explain()


def test_springleaf_drum_may_tap_a_creature_that_just_arrived():
    """Springleaf Drum ruling 2020-08-07: tapping a creature for a cost that isn't {T} isn't
    limited by CR 302.6."""
    g = board("""
  - name: Alice
    battlefield: [Springleaf Drum, {card: Llanowar Elves, sick: true}]
  - name: Bob
""")
    assert mana_actions(g, "Llanowar Elves") == []
    tap_for_mana(g, "Springleaf Drum")
    assert g.pending.kind == "choose_mana"
    g.push(next(a for a in g.legal_actions() if a.args == ("U",)))
    assert pool(g) == {"U": 1} and obj(g, "Llanowar Elves").tapped


def test_springleaf_drum_needs_an_untapped_creature():
    g = board("""
  - name: Alice
    battlefield: [Springleaf Drum, {card: Llanowar Elves, tapped: true}]
  - name: Bob
""")
    assert mana_actions(g, "Springleaf Drum") == []
    report = [r for r in mq.source_reports(g.current_state(), 0) if r.name == "Springleaf Drum"][0]
    assert not report.can_activate and "untapped" in report.why


def test_autopay_taps_a_new_creature_for_springleaf_drum():
    """The auto-payer makes the Drum's choice too: Elves can't tap for {G} (CR 302.6) but can
    be tapped for the Drum."""
    g = board("""
  - name: Alice
    battlefield: [Springleaf Drum, {card: Llanowar Elves, sick: true}]
    hand: [Savannah Lions]
  - name: Bob
""")
    lions = next(a for a in g.legal_actions() if a.kind == "cast")
    g.push(lions)
    g.push(Action("autopay"))
    s = g.current_state()
    assert [i.label for i in s.stack] == ["Savannah Lions"]
    assert obj(g, "Llanowar Elves").tapped and obj(g, "Springleaf Drum").tapped


def test_farmstead_gleaner_and_silkbind_faerie_q_abilities():
    """CR 107.6: {Q} abilities that aren't mana abilities go on the stack."""
    g = board("""
  - name: Alice
    battlefield: [{card: Farmstead Gleaner, tapped: true}, {card: Silkbind Faerie, tapped: true},
                  Plains, Plains, Plains, Plains, Plains]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    g.push(activations(g, "Farmstead Gleaner")[0])
    g.push(Action("autopay"))
    assert not obj(g, "Farmstead Gleaner").tapped
    g.push(activations(g, "Silkbind Faerie")[0])
    while g.pending.kind in ("targets", "pay"):
        g.push(Action("autopay") if g.pending.kind == "pay"
               else next(a for a in g.legal_actions() if "Grizzly" in a.label))
    for _ in range(4):
        g.push(Action("pass"))
    assert obj(g, "Farmstead Gleaner").counters == {"+1/+1": 1}
    assert obj(g, "Grizzly Bears").tapped


def test_mutavault_animated_the_turn_it_arrived_cant_tap_for_mana():
    """CR 302.6 follows the creature type: a land that arrived this turn taps for mana, but once
    it becomes a creature it can't until its controller's next turn (or with haste)."""
    g = board("""
  - name: Alice
    battlefield: [{card: Mutavault, sick: true}, {card: Mutavault, id: old_vault}, Wastes, Wastes]
  - name: Bob
""")
    new_vault = [o for o in g.current_state().permanents() if o.card.name == "Mutavault"][0]
    assert any(a.kind == "mana" and a.args[0] == new_vault.id for a in g.legal_actions())
    g.push(next(a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == new_vault.id))
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    assert ch.is_creature(s, s.objs[new_vault.id]) and ch.power_toughness(s, s.objs[new_vault.id]) == (2, 2)
    assert not any(a.kind == "mana" and a.args[0] == new_vault.id for a in g.legal_actions())
    old = [o for o in s.permanents() if o.card.name == "Mutavault" and o.id != new_vault.id][0]
    g.push(next(a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == old.id))
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert any(a.kind == "mana" and a.args[0] == old.id for a in g.legal_actions())


def test_act_of_treason_new_controller_taps_for_mana_thanks_to_haste():
    """CR 302.6: Alice has controlled Bob's Llanowar Elves only since this turn, so it can tap
    for her only because Act of Treason gives it haste; control returns at cleanup (CR 514.2)."""
    g = board("""
  - name: Alice
    battlefield: [Mountain, Mountain, Mountain]
    hand: [Act of Treason]
  - name: Bob
    battlefield: [{card: Llanowar Elves, tapped: true}]
""")
    elves = obj(g, "Llanowar Elves")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    s = g.current_state()
    e = s.objs[elves.id]
    assert e.controller == 0 and not e.tapped and ch.has(s, e, "haste")
    tap_for_mana(g, "Llanowar Elves")
    assert pool(g) == {"G": 1}
    while g.current_state().turn == s.turn:
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    assert g.current_state().objs[elves.id].controller == 1
    assert "the control effect ended" in g.explain()


def test_crackleburr_taps_two_other_red_creatures_even_new_ones():
    """Crackleburr ruling 2008-08-01: it needs two other creatures, which need not have been
    under its controller's control since the turn began; Crackleburr itself must (CR 302.6)."""
    g = board("""
  - name: Alice
    battlefield: [Crackleburr, {card: Raging Goblin, sick: true}, {card: Goblin Striker, sick: true},
                  Island, Island]
  - name: Bob
""")
    g.push(next(a for a in activations(g, "Crackleburr") if a.args[1] == 0))
    g.push(next(a for a in g.legal_actions() if a.args == ("p1",)))
    assert g.pending.kind == "pay"        # CR 601.2g: mana abilities before the creatures are tapped
    for island in [a for a in g.legal_actions() if a.kind == "mana"]:
        g.push(island)
    # CR 601.2h: then the mana and the creatures in either order
    g.push(next(a for a in g.legal_actions() if a.label == "first tap two untapped red creatures you control"))
    assert [a.label for a in g.legal_actions()] == ["Raging Goblin", "Goblin Striker"]
    g.push(g.legal_actions()[0])          # the second is then the only choice left
    s = g.current_state()
    assert all(o.tapped for o in s.permanents(0))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.current_state().players[1].life == 17
    g = board("""
  - name: Alice
    battlefield: [{card: Crackleburr, sick: true}, Raging Goblin, Goblin Striker, Island, Island]
  - name: Bob
""")
    assert activations(g, "Crackleburr") == []
    g = board("""
  - name: Alice
    battlefield: [Crackleburr, Raging Goblin, Island, Island]
  - name: Bob
""")
    assert activations(g, "Crackleburr") == []          # one red creature is not two


def test_crackleburr_untaps_two_tapped_blue_creatures():
    g = board("""
  - name: Alice
    battlefield: [{card: Crackleburr, tapped: true}, {card: Wind Drake, tapped: true},
                  {card: Wind Drake, tapped: true}, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    g.push(next(a for a in activations(g, "Crackleburr") if a.args[1] == 1))
    while g.pending.kind in ("targets", "pay", "untap_cost"):
        g.push(Action("autopay") if g.pending.kind == "pay"
               else next(a for a in g.legal_actions() if a.kind in ("target", "choose")
                         and ("Grizzly" in a.label or g.pending.kind == "untap_cost")))
    s = g.current_state()
    assert [o.tapped for o in s.permanents(0) if o.card.name != "Island"] == [False, False, False]
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert "Grizzly Bears" in [s2.card.name for s2 in
                               (g.current_state().objs[i] for i in g.current_state().players[1].hand)]


def test_llanowar_elves_actually_cast_this_turn():
    """CR 302.6 with a real cast: the Elves that resolved this turn can't tap for mana until
    Alice's next turn."""
    g = board("""
  - name: Alice
    hand: [Llanowar Elves]
    battlefield: [Forest]
    library: [Forest, Forest, Forest]
  - name: Bob
    library: [Island, Island, Island]
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.push(Action("autopay"))
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert obj(g, "Llanowar Elves") and mana_actions(g, "Llanowar Elves") == []
    pass_turns(g, 1)
    assert g.current_state().active == 1
    assert not any(a.kind == "mana" for a in g.legal_actions())   # Bob has priority on his turn
    pass_turns(g, 1)
    tap_for_mana(g, "Llanowar Elves")
    assert pool(g) == {"G": 1}
