"""Planeswalkers and loyalty abilities (CR 306, 606), attacking planeswalkers (CR 506.3, 508.1b,
510.1b) and "Activate only once each turn" (CR 602.5b), with real cards from the corpus and
their rulings."""
from __future__ import annotations

import dataclasses

import pytest

from manastack import Game, HeuristicAgent
from manastack.engine.mechanics import loyalty
from manastack.engine import sba
from manastack.engine.decisions import Action, IllegalActionError
from manastack.oracle import ir
from manastack.scenario import Scenario

from .mana_helpers import obj


def game(db, players: str, turn: int = 3, step: str | None = None, partial: bool = False) -> Game:
    head = f"turn: {turn}\n" + (f"step: {step}\n" if step else "") + ("allow_partial: true\n" if partial else "")
    sc = Scenario.from_text(f"{head}players:\n{players}", cards=db)
    return Game.from_state(sc.state, sc.db)


def act(g: Game, kind: str, words: str = "") -> None:
    """Take the action of ``kind`` whose label has ``words``; pay automatically."""
    g.push(next(a for a in g.legal_actions() if a.kind == kind and words in a.label))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))


def loyalty_actions(g: Game, name: str) -> list[Action]:
    o = obj(g, name)
    return [a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == o.id]


def pass_both(g: Game) -> None:
    g.push(Action("pass"))
    g.push(Action("pass"))


def to_attackers(g: Game) -> None:
    while g.pending.kind != "attackers":
        g.push(Action("pass"))


def to_step(g: Game, step: str) -> None:
    """Pass (declaring no attackers or blockers, keeping the hand) until the game is at ``step``."""
    while g.current_state().step != step:
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind in ("pass", "done", "keep")), acts[0]))


def to_next_main(g: Game, player: int) -> None:
    """Pass until ``player``'s next precombat main phase."""
    turn = g.current_state().turn
    while True:
        s = g.current_state()
        if s.turn > turn and s.step == "main1" and s.active == player:
            return
        acts = g.legal_actions()
        g.push(next((a for a in acts if a.kind in ("pass", "done", "keep")), acts[0]))


GARRUK = """  - name: Alice
    hand: [Garruk Wildspeaker]
    battlefield: [Forest, Forest, Forest, Forest]
  - name: Bob
"""


# ------------------------------------------------------------------------------ compiling


def test_loyalty_costs_compile_and_the_ability_lines_compose(db):
    """CR 606.4: "+N", "-N" (the minus sign U+2212), "0" and "-X" are the whole cost."""
    garruk = db.get("Garruk Wildspeaker")
    costs = [ab.cost for ab in garruk.abilities if isinstance(ab, ir.ActivatedAbility)]
    assert costs == [ir.Cost(parts=(ir.LoyaltySymbol(n),)) for n in (1, -1, -4)]
    assert garruk.fully_supported
    nalaar = db.get("Chandra Nalaar")
    x = next(ab for ab in nalaar.abilities if ab.text.startswith("−X"))
    assert x.cost == ir.Cost(parts=(ir.LoyaltySymbol(0, x=True),))
    # "Loyalty abilities can't be mana abilities" (Chandra, Torch of Defiance ruling; CR 605.1a)
    chandra = db.get("Chandra, Novice Pyromancer")
    rr = next(ab for ab in chandra.abilities if "Add {R}{R}" in ab.text)
    assert not rr.is_mana and rr.cost == ir.Cost(parts=(ir.LoyaltySymbol(-1),))
    assert chandra.fully_supported


def test_a_planeswalker_enters_with_its_printed_loyalty(db):
    """CR 306.5b: a replacement effect as it enters (614.1c)."""
    g = game(db, GARRUK)
    act(g, "cast", "Garruk")
    pass_both(g)
    assert obj(g, "Garruk Wildspeaker").counters == {"loyalty": 3}
    assert "enters with 3 loyalty counters  [CR 306.5b" in g.explain()


# ------------------------------------------------------------------------------ activating (CR 606)


def test_plus_ability_adds_loyalty_and_only_one_loyalty_ability_per_turn(db):
    """CR 606.3, 606.4: +1 puts a loyalty counter on it as a cost; after one loyalty ability of
    that permanent no other may be activated this turn; next turn again."""
    g = game(db, """  - name: Alice
    battlefield: [Garruk Wildspeaker, {card: Forest, tapped: true}, {card: Forest, tapped: true}]
    library: [Forest, Forest]
  - name: Bob
    library: [Forest, Forest]
""")
    assert len(loyalty_actions(g, "Garruk Wildspeaker")) == 2     # -4 needs four loyalty (CR 606.6)
    act(g, "activate", "+1: Untap two target lands.")
    while g.pending.kind == "targets":              # the two Forests
        g.push(g.legal_actions()[0])
    assert obj(g, "Garruk Wildspeaker").counters == {"loyalty": 4}      # paid before it resolves
    pass_both(g)
    assert not any(o.tapped for o in g.current_state().permanents(0))
    assert loyalty_actions(g, "Garruk Wildspeaker") == []
    why = g.why_not(Action("activate", (obj(g, "Garruk Wildspeaker").id, 1)))
    assert "606.3" in why
    # Alice's next turn: one loyalty ability again
    to_next_main(g, 0)
    assert len(loyalty_actions(g, "Garruk Wildspeaker")) == 3


def test_loyalty_abilities_only_at_sorcery_speed(db):
    """CR 606.3: only in a main phase of your turn with the stack empty: not in response, not in
    the opponent's turn (unlike its activated abilities of other kinds, CR 602.5)."""
    g = game(db, """  - name: Alice
    battlefield: [Garruk Wildspeaker]
    hand: [Giant Growth]
  - name: Bob
    battlefield: [Forest, Grizzly Bears]
""", step="combat_damage")
    assert loyalty_actions(g, "Garruk Wildspeaker") == []
    why = g.why_not(Action("activate", (obj(g, "Garruk Wildspeaker").id, 1)))
    assert "main phase" in why and "606.3" in why
    g2 = game(db, """  - name: Alice
    battlefield: [Grizzly Bears, Forest]
  - name: Bob
    battlefield: [Garruk Wildspeaker]
""")
    s = g2.current_state()
    assert s.active == 0
    w = obj(g2, "Garruk Wildspeaker")
    assert "606.3" in loyalty.why_not_limited(s, 1, w, 1, w.card.abilities[1])


def test_a_minus_cost_needs_that_many_loyalty_counters(db):
    """CR 606.6: Garruk with 3 loyalty can't use -4; with 4 it can, and goes to 0 (CR 704.5i)
    while the ability still resolves (CR 113.7a)."""
    g = game(db, """  - name: Alice
    battlefield: [{card: Garruk Wildspeaker, counters: {loyalty: 4}}, Grizzly Bears]
  - name: Bob
""")
    act(g, "activate", "−4")
    assert g.current_state().stack          # paid: Garruk is gone before it resolves
    assert "Garruk Wildspeaker is put into its owner's graveyard (loyalty 0)" in g.explain()
    pass_both(g)
    bears = obj(g, "Grizzly Bears")
    from manastack.engine import characteristics as ch
    s = g.current_state()
    assert (ch.power(s, bears), ch.toughness(s, bears)) == (5, 5)
    assert "trample" in ch.keywords(s, bears)


def test_minus_x_chooses_x_up_to_its_loyalty(db):
    """CR 107.3, 606.6: X of "-X" can't be more than its loyalty."""
    g = game(db, """  - name: Alice
    battlefield: [Chandra Nalaar]
  - name: Bob
    battlefield: [Serra Angel]
""", partial=True)
    act(g, "activate", "−X")
    if g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if a.kind == "target"))
    assert g.pending.kind == "x"
    assert [a.args[0] for a in g.legal_actions()] == list(range(7))
    g.push(Action("x", (3,)))
    assert obj(g, "Chandra Nalaar").counters == {"loyalty": 3}
    pass_both(g)
    assert obj(g, "Serra Angel").damage == 3


def test_loyalty_mana_ability_uses_the_stack(db):
    """Chandra, Novice Pyromancer: "-1: Add {R}{R}" is a loyalty ability, not a mana ability, so
    it is activated at sorcery speed and uses the stack (its ruling; CR 605.1a, 606.3)."""
    g = game(db, """  - name: Alice
    battlefield: ["Chandra, Novice Pyromancer"]
  - name: Bob
""")
    assert not [a for a in g.legal_actions() if a.kind == "mana"]
    act(g, "activate", "Add {R}{R}")
    assert g.current_state().stack
    pass_both(g)
    assert g.current_state().players[0].pool.get("R") == 2


# ------------------------------------------------------------------------------ damage (CR 120.3c)


def test_damage_to_a_planeswalker_removes_loyalty_and_zero_loyalty_is_an_sba(db):
    """CR 120.3c, 306.8: Chandra's -2 deals 2 damage to any target, a planeswalker included;
    CR 704.5i: at 0 loyalty it is put into its owner's graveyard."""
    g = game(db, """  - name: Alice
    battlefield: ["Chandra, Novice Pyromancer", Mountain]
    hand: [Shock]
  - name: Bob
    battlefield: [Garruk Wildspeaker]
""")
    act(g, "activate", "deals 2 damage")
    g.push(next(a for a in g.legal_actions() if a.label.endswith("Garruk Wildspeaker")))
    pass_both(g)
    assert obj(g, "Garruk Wildspeaker").counters == {"loyalty": 1}
    assert obj(g, "Garruk Wildspeaker").damage == 0      # no damage is marked (CR 120.3e is for creatures)
    act(g, "cast", "Shock")
    if g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if a.label.endswith("Garruk Wildspeaker")))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    pass_both(g)
    s = g.current_state()
    assert not [o for o in s.permanents(1) if o.card.name == "Garruk Wildspeaker"]
    assert "(loyalty 0)" in g.explain() and "704.5i" in g.explain()


def test_two_legendary_planeswalkers_with_one_name(db):
    """CR 306.4, 704.5j: the planeswalker uniqueness rule is gone; the legend rule applies."""
    g = game(db, """  - name: Alice
    hand: [Garruk Wildspeaker]
    battlefield: [Forest, Forest, Forest, Forest, Garruk Wildspeaker]
  - name: Bob
""")
    act(g, "cast", "Garruk")
    pass_both(g)
    assert g.pending.kind == "legend_rule"
    g.push(g.legal_actions()[0])
    assert len([o for o in g.current_state().permanents(0) if o.card.name == "Garruk Wildspeaker"]) == 1


# ------------------------------------------------------------------------------ combat


ATTACK = """  - name: Alice
    battlefield: [Grizzly Bears, Craw Wurm]
  - name: Bob
    battlefield: [Garruk Wildspeaker]
"""


def test_attacking_a_planeswalker_removes_its_loyalty(db):
    """CR 508.1b: the attacking player says what each attacker attacks; CR 510.1b, 120.3c."""
    g = game(db, ATTACK)
    to_attackers(g)
    labels = [a.label for a in g.legal_actions()]
    assert "attack Garruk Wildspeaker with Grizzly Bears" in labels
    assert "attack with Grizzly Bears" in labels
    act(g, "attack", "attack Garruk Wildspeaker with Grizzly Bears")
    act(g, "done")                           # Craw Wurm stays home
    to_step(g, "main2")
    assert obj(g, "Garruk Wildspeaker").counters == {"loyalty": 1}
    assert g.current_state().players[1].life == 20
    assert "Alice attacks Garruk Wildspeaker with Grizzly Bears" in g.explain()


def test_attacker_of_a_planeswalker_that_left_deals_no_damage(db):
    """CR 506.4c, 510.1b: the attacker stays attacking but, unblocked, deals no combat damage,
    not even to the player."""
    g = game(db, """  - name: Alice
    battlefield: [Craw Wurm]
  - name: Bob
    battlefield: [{card: Garruk Wildspeaker, counters: {loyalty: 2}}, Mountain]
    hand: [Shock]
""")
    to_attackers(g)
    act(g, "attack", "attack Garruk Wildspeaker with Craw Wurm")
    g.push(Action("pass"))                   # Alice, in the declare attackers step
    act(g, "cast", "Shock")                  # Bob shocks his own Garruk
    if g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if a.label.endswith("Garruk Wildspeaker")))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    pass_both(g)
    assert not [o for o in g.current_state().permanents(1) if o.card.name == "Garruk Wildspeaker"]
    assert obj(g, "Craw Wurm").attacking is not None
    to_step(g, "main2")
    assert g.current_state().players[1].life == 20
    assert "deals no combat damage" in g.explain()


def test_trample_assigns_the_excess_to_the_planeswalker_attacked(db):
    """CR 702.19b: lethal damage to the blocker first, the rest to the planeswalker it attacks."""
    g = game(db, """  - name: Alice
    battlefield: [Colossal Dreadmaw]
  - name: Bob
    battlefield: [{card: Garruk Wildspeaker, counters: {loyalty: 8}}, Llanowar Elves]
""")
    to_attackers(g)
    act(g, "attack", "attack Garruk Wildspeaker with Colossal Dreadmaw")
    to_step(g, "declare_blockers")
    while g.pending.kind != "blockers":
        g.push(Action("pass"))
    act(g, "block", "Llanowar Elves blocks")
    while g.pending.kind != "damage":
        g.push(Action("pass"))
    assert [a.args[0] for a in g.legal_actions()] == list(range(1, 7))   # at least lethal (1)
    g.push(Action("assign", (1,)))
    assert obj(g, "Garruk Wildspeaker").counters == {"loyalty": 3}
    assert g.current_state().players[1].life == 20


def test_heuristic_agent_attacks_a_planeswalker_it_can_finish(db):
    g = game(db, """  - name: Alice
    battlefield: [Craw Wurm]
  - name: Bob
    battlefield: [Garruk Wildspeaker]
""")
    to_attackers(g)
    choice = HeuristicAgent(1).choose(g, g.pending)
    assert choice.kind == "attack" and len(choice.args) == 2


def test_save_keeps_the_loyalty_ability_activated_this_turn(db):
    g = game(db, """  - name: Alice
    battlefield: [Garruk Wildspeaker]
  - name: Bob
""")
    act(g, "activate", "Beast")
    pass_both(g)
    again = Game.from_json(g.to_json(), db)
    assert loyalty_actions(again, "Garruk Wildspeaker") == []
    with pytest.raises(IllegalActionError):
        again.push(Action("activate", (obj(again, "Garruk Wildspeaker").id, 0)))


# ------------------------------------------------------------------------------ once each turn (CR 602.5b)


def test_activate_only_once_each_turn(db):
    """Rootwalla: "{1}{G}: +2/+2 until end of turn. Activate only once each turn." (CR 602.5b);
    the limit counts per turn, and a new object has a new record (CR 400.7)."""
    g = game(db, """  - name: Alice
    battlefield: [Rootwalla, Forest, Forest, Forest, Forest]
    library: [Forest, Forest]
  - name: Bob
    library: [Forest, Forest]
""")
    act(g, "activate", "Rootwalla gets +2/+2")
    pass_both(g)
    walla = obj(g, "Rootwalla")
    assert not [a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == walla.id]
    why = g.why_not(Action("activate", (walla.id, 0)))
    assert "only once each turn" in why and "602.5b" in why
    to_next_main(g, 0)
    assert [a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == walla.id]


def test_the_once_each_turn_record_stays_with_the_object():
    """CR 602.5b: the restriction stays with the object when its controller changes; a permanent
    that changes zones is a new object with no record (CR 400.7)."""
    from manastack.engine.state import Obj
    from manastack.cards import default_db

    card = default_db().get("Grizzly Bears")

    class S:
        turn = 4

    o = Obj(7, card, 0, "battlefield")
    ab = ir.ActivatedAbility(ir.Cost(), (), once_per_turn=True, text="x")
    loyalty.record_activation(S, o, 2, ab)
    o.controller = 1
    assert loyalty.activated_this_turn(S, o, "2")
    assert "602.5b" in loyalty.why_not_limited(S, 1, o, 2, ab)
    S.turn = 5
    assert not loyalty.activated_this_turn(S, o, "2")
    assert Obj(8, card, 0, "battlefield").activated == ()


def test_no_more_than_twice_each_turn(db):
    """Pit Imp: "{B}: +1/+0 until end of turn. Activate this ability no more than twice each
    turn." (CR 602.5b)."""
    g = game(db, """  - name: Alice
    battlefield: [Pit Imp, Swamp, Swamp, Swamp]
  - name: Bob
""")
    assert db.get("Pit Imp").abilities[-1].times_per_turn == 2
    for _ in range(2):
        act(g, "activate", "Pit Imp gets +1/+0")
        pass_both(g)
    imp = obj(g, "Pit Imp")
    assert not [a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == imp.id]
    assert "2 times this turn" in g.why_not(Action("activate", (imp.id, len(imp.card.abilities) - 1)))
    from manastack.engine import characteristics as ch
    assert ch.power(g.current_state(), imp) == 2        # a 0/1, +1/+0 twice


def test_activate_only_during_your_upkeep_and_only_once_each_turn(db):
    """Gate to Phyrexia: two limits in one sentence (CR 602.5b)."""
    gate = next(ab for ab in db.get("Gate to Phyrexia").abilities if isinstance(ab, ir.ActivatedAbility))
    assert gate.upkeep_only and gate.once_per_turn
    assert db.get("Gate to Phyrexia").fully_supported
    g = game(db, """  - name: Alice
    battlefield: [Gate to Phyrexia, Grizzly Bears, Llanowar Elves]
  - name: Bob
    battlefield: [Ornithopter, Millstone]
""", step="upkeep")
    act(g, "activate", "Destroy target artifact")
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    pass_both(g)
    gate_obj = obj(g, "Gate to Phyrexia")
    assert g.current_state().step == "upkeep"
    why = g.why_not(Action("activate", (gate_obj.id, 0)))
    assert "once each turn" in why


def test_activate_only_if_it_is_attacking_or_blocking_and_only_once(db):
    """Sawback Manticore: "Activate only if ~ is attacking or blocking and only once each turn."
    (CR 602.5b): two limits in one sentence."""
    g = game(db, """  - name: Alice
    battlefield: [Sawback Manticore, Mountain, Mountain, Forest]
  - name: Bob
    battlefield: [Craw Wurm]
""")
    manticore = obj(g, "Sawback Manticore")
    assert "attacking or blocking" in g.why_not(Action("activate", (manticore.id, 1)))
    to_attackers(g)
    act(g, "attack", "attack with Sawback Manticore")
    while g.pending.kind != "priority" or g.current_state().step != "declare_attackers":
        g.push(next(a for a in g.legal_actions() if a.kind in ("done", "pass")))
    act(g, "activate", "deals 2 damage")
    while g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if a.kind == "target"))
    pass_both(g)
    assert obj(g, "Sawback Manticore").damage == 2      # the only attacking or blocking creature
    assert "only once each turn" in g.why_not(Action("activate", (manticore.id, 1)))


# ------------------------------------------------------------------------------ emblems (CR 114)


def test_emblem_static_ability_works_from_the_command_zone(db):
    """Elspeth, Sun's Champion's -7: "You get an emblem with "Creatures you control get +2/+2 and
    have flying."" The emblem stays after Elspeth is gone (CR 114.4, 114.5) and affects her
    creatures, later ones included, not Bob's; a save keeps it."""
    elspeth = db.get("Elspeth, Sun's Champion")
    assert elspeth.fully_supported
    g = game(db, """  - name: Alice
    battlefield: [{card: "Elspeth, Sun's Champion", counters: {loyalty: 7}}, Grizzly Bears, Forest, Forest]
    hand: [Grizzly Bears]
  - name: Bob
    battlefield: [Llanowar Elves]
""")
    act(g, "activate", "emblem")
    pass_both(g)
    s = g.current_state()
    assert not [o for o in s.permanents(0) if o.card.name == "Elspeth, Sun's Champion"]     # 0 loyalty
    [emblem] = [s.objs[i] for i in s.players[0].command]
    assert emblem.zone == "command" and emblem.owner == emblem.controller == 0
    assert emblem.card.types == () and emblem.card.mana_cost.mana_value() == 0      # CR 114.3
    from manastack.engine import characteristics as ch
    bears = obj(g, "Grizzly Bears")
    assert (ch.power(s, bears), ch.toughness(s, bears)) == (4, 4) and "flying" in ch.keywords(s, bears)
    elves = obj(g, "Llanowar Elves")
    assert ch.power(s, elves) == 1 and "flying" not in ch.keywords(s, elves)
    act(g, "cast", "Grizzly Bears")
    pass_both(g)
    s = g.current_state()
    assert all(ch.power(s, o) == 4 for o in s.permanents(0) if o.card.name == "Grizzly Bears")
    again = Game.from_json(g.to_json(), db)
    s2 = again.current_state()
    assert [s2.objs[i].card.text for i in s2.players[0].command] == [emblem.card.text]
    assert ch.power(s2, obj(again, "Grizzly Bears")) == 4
    assert again.view(1)["players"][0]["emblems"] == [emblem.card.text]


def test_emblem_triggered_ability_and_target_opponent_gets_it(db):
    """Chandra, Torch of Defiance's emblem: "Whenever you cast a spell, this emblem deals 5 damage
    to any target." Its ability resolves before the spell that made it trigger, and the damage
    comes from the emblem (her rulings)."""
    g = game(db, """  - name: Alice
    battlefield: [{card: "Chandra, Torch of Defiance", counters: {loyalty: 7}}, Mountain]
    hand: [Shock]
  - name: Bob
""", partial=True)                 # her first ability isn't read yet; the emblem is what is tested
    act(g, "activate", "emblem")
    pass_both(g)
    act(g, "cast", "Shock")
    while g.pending.kind in ("targets", "pay"):
        g.push(next((a for a in g.legal_actions() if a.label.endswith("Bob") or a.kind == "autopay"),
                    g.legal_actions()[0]))
    while g.pending.kind == "targets" or (g.pending.kind == "priority" and len(g.current_state().stack) > 1
                                          and g.current_state().stack[-1].kind == "spell"):
        g.push(next(a for a in g.legal_actions() if a.label.endswith("Bob")))
    s = g.current_state()
    assert [i.kind for i in s.stack] == ["spell", "triggered"]       # the trigger is on top
    pass_both(g)
    assert g.current_state().players[1].life == 15
    assert "Chandra, Torch of Defiance emblem deals 5 damage to Bob" in g.explain()


# ------------------------------------------------------------------------------ whole games


WALKER_DECK = (("Garruk Wildspeaker", 3), ("Chandra, Novice Pyromancer", 3), ("Sarkhan Vol", 2),
               ("Elspeth, Sun's Champion", 2), ("Diabolic Edict", 2), ("Grizzly Bears", 4),
               ("Craw Wurm", 2), ("Rootwalla", 2), ("Pit Imp", 2), ("Forest", 6), ("Mountain", 6),
               ("Plains", 3), ("Swamp", 3))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_planeswalkers_keep_the_invariants(db, seed):
    from manastack.decks import Deck
    from .game_helpers import play_out_randomly

    deck = Deck("walkers", tuple((n, name) for name, n in WALKER_DECK))
    game = Game.new(deck, deck, seed=seed, cards=db)
    play_out_randomly(game, seed)


def test_heuristic_agents_finish_a_game_with_planeswalkers(db):
    from manastack.decks import Deck

    deck = Deck("walkers", tuple((n, name) for name, n in WALKER_DECK))
    game = Game.new(deck, deck, seed=5, cards=db)
    agents = [HeuristicAgent(1), HeuristicAgent(2)]
    for _ in range(20_000):
        if game.pending is None:
            break
        game.push(agents[game.pending.player].choose(game, game.pending))
    assert game.result is not None
    assert "loyalty" in game.explain()


def test_activate_only_with_seven_cards_in_graveyard_or_no_cards_in_hand(db):
    """Threshold and hellbent limits (CR 602.5b): Cabal Torturer's second ability needs seven
    cards in Alice's graveyard; Ragamuffyn's ability needs an empty hand."""
    six = ", ".join(["Forest"] * 6)
    g = game(db, f"""  - name: Alice
    battlefield: [Cabal Torturer, Ragamuffyn, Swamp, Swamp, Swamp, Swamp, Swamp, Grizzly Bears]
    graveyard: [{six}]
    hand: [Forest]
  - name: Bob
    battlefield: [Llanowar Elves]
""")
    torturer, muffyn = obj(g, "Cabal Torturer"), obj(g, "Ragamuffyn")
    offered = {a.label for a in g.legal_actions() if a.kind == "activate"}
    assert not any("-2/-2" in label for label in offered)
    assert not any(a.args[0] == muffyn.id for a in g.legal_actions() if a.kind == "activate")
    assert "seven or more cards" in g.why_not(Action("activate", (torturer.id, 1)))
    assert "no cards in hand" in g.why_not(Action("activate", (muffyn.id, 0)))
    act(g, "play", "Forest")
    g2 = game(db, f"""  - name: Alice
    battlefield: [Cabal Torturer, Ragamuffyn, Swamp, Swamp, Swamp, Swamp, Swamp, Grizzly Bears]
    graveyard: [{six}, Forest]
  - name: Bob
    battlefield: [Llanowar Elves]
""")
    offered = {a.label for a in g2.legal_actions() if a.kind == "activate"}
    assert any("-2/-2" in label for label in offered)
    assert any("Draw a card" in label for label in offered)


def test_each_of_up_to_two_target_creatures(db):
    """Ajani, Adversary of Tyrants' +1: "Put a +1/+1 counter on each of up to two target
    creatures." Two targets, one counter on each (CR 115.1, 601.2c)."""
    g = game(db, """  - name: Alice
    battlefield: ["Ajani, Adversary of Tyrants", Grizzly Bears, Llanowar Elves]
  - name: Bob
""")
    act(g, "activate", "each of up to two")
    while g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if a.kind == "target"))
    pass_both(g)
    assert obj(g, "Grizzly Bears").counters == {"+1/+1": 1}
    assert obj(g, "Llanowar Elves").counters == {"+1/+1": 1}
    assert obj(g, "Ajani, Adversary of Tyrants").counters == {"loyalty": 5}      # printed 4, +1


def test_emblem_with_an_end_step_trigger(db):
    """Ajani, Adversary of Tyrants' -7 emblem: "At the beginning of your end step, create three
    1/1 white Cat creature tokens with lifelink." It triggers in Alice's end steps only."""
    assert db.get("Ajani, Adversary of Tyrants").fully_supported
    g = game(db, """  - name: Alice
    battlefield: [{card: "Ajani, Adversary of Tyrants", counters: {loyalty: 7}}]
    library: [Forest, Forest]
  - name: Bob
    library: [Forest, Forest]
""")
    act(g, "activate", "emblem")
    pass_both(g)
    to_step(g, "end")
    assert [i.kind for i in g.current_state().stack] == ["triggered"]
    pass_both(g)
    cats = [o for o in g.current_state().permanents(0) if o.card.name.startswith("Cat")]
    assert len(cats) == 3 and all(o.is_token for o in cats)
    to_next_main(g, 1)
    to_step(g, "end")                       # Bob's end step: nothing triggers
    assert g.current_state().stack == []


def test_lifelink_damage_to_a_planeswalker_gains_life(db):
    """CR 120.3f: lifelink works whatever is dealt the damage, a planeswalker included."""
    g = game(db, """  - name: Alice
    battlefield: [Vampire Nighthawk]
    life: 10
  - name: Bob
    battlefield: [{card: Garruk Wildspeaker, counters: {loyalty: 3}}]
""")
    to_attackers(g)
    act(g, "attack", "attack Garruk Wildspeaker with Vampire Nighthawk")
    to_step(g, "main2")
    assert g.current_state().players[0].life == 12
    assert obj(g, "Garruk Wildspeaker").counters == {"loyalty": 1}


def test_loyalty_zero_is_read_from_the_types_a_permanent_has_now(db):
    """CR 704.5i applies to a planeswalker with 0 loyalty: what is a planeswalker is read after
    the layers (CR 613.1d), even when no effect record exists, only a static ability. No card
    of the corpus that compiles takes the planeswalker type away with a static ability, so
    Imprisoned in the Moon's enchant ability is given that one part here ("Enchanted permanent
    isn't a planeswalker"); without it Jace goes, with it he stays."""
    players = """  - name: Alice
    battlefield: [{card: Jace Beleren, id: jace, counters: {loyalty: 0}}, {card: Imprisoned in the Moon, attached_to: jace}]
  - name: Bob
"""
    moon = db.get("Imprisoned in the Moon")
    takes_type = dataclasses.replace(moon, unsupported=(), abilities=(moon.abilities[0], ir.StaticAbility(
        ir.static_effect(kind="remove_types", affected="enchanted", types=("Planeswalker",)),
        text="Enchanted permanent isn't a planeswalker.")))
    for card, dies in ((moon, True), (takes_type, False)):
        sc = Scenario.from_text(f"turn: 3\nallow_partial: true\nplayers:\n{players}", cards=db)
        s = sc.state
        aura = next(o for o in s.permanents(0) if o.card.name == "Imprisoned in the Moon")
        aura.card = card
        assert not s.effects
        found = [(o.card.name, rule) for _kind, o, _why, rule in sba.find(s) if rule == "704.5i"]
        assert found == ([("Jace Beleren", "704.5i")] if dies else [])
