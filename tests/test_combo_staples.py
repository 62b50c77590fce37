"""Staples of the combo decks (tests/data/staples.txt) made to compile: naming tutors (Demonic
Consultation, Spoils of the Vault), each played in a real game with its rulings from the corpus."""
from __future__ import annotations

from manastack.engine.decisions import Action, ActionKind
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, on_battlefield, resolve


def _log(game) -> list[str]:
    return [e.text for e in game.current_state().log_entries()]


def _cast_and_name(g, spell: str, name: str) -> None:
    """cast ``spell``, let it resolve, and name ``name`` when asked (CR 201.3, 608.2d)."""
    cast_and_pay(g, spell)
    resolve(g)
    assert g.pending.kind == "choose_name", g.pending
    g.push(Action(ActionKind.NAME, (name,)))


def test_spoils_of_the_vault_finds_the_named_card_and_costs_a_life_for_each_exiled(db):
    """Spoils of the Vault: reveal until the named card, put it into the hand, exile the others
    and lose 1 life for each of them (CR 701.20a, 119.3)."""
    spoils = db.get("Spoils of the Vault")
    assert spoils.fully_supported
    assert spoils.abilities[0].effects[1] == ir.RevealUntil(ir.Filter(zone="library", name=ir.CHOSEN_NAME), rest="exile",
                                                            life_per_rest=1)
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Spoils of the Vault]
    library: [Island, Forest, Mountain, Tarmogoyf, Plains]
  - name: Bob
""", turn=3)
    _cast_and_name(g, "cast Spoils of the Vault", "Tarmogoyf")
    s = g.current_state()
    assert names(g, 0, "hand") == ["Tarmogoyf"]
    assert names(g, 0, "exile") == ["Forest", "Island", "Mountain"]
    assert names(g, 0, "library") == ["Plains"]
    assert s.players[0].life == 17


def test_spoils_of_the_vault_naming_a_card_not_in_the_library_exiles_it_all(db):
    """The ruling: no card with the chosen name in the library, so the whole library is exiled
    and its controller loses 1 life for each card."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Spoils of the Vault]
    library: [Island, Forest, Mountain, Plains]
  - name: Bob
""", turn=3)
    _cast_and_name(g, "cast Spoils of the Vault", "Lightning Bolt")
    s = g.current_state()
    assert names(g, 0, "hand") == [] and names(g, 0, "library") == []
    assert len(names(g, 0, "exile")) == 4
    assert s.players[0].life == 16


def test_demonic_consultation_exiles_six_then_reveals_until_the_name(db):
    """Demonic Consultation exiles the top six cards first, then reveals until the named card:
    the cards between go to exile, no life is lost (CR 406.1, 701.20a)."""
    consult = db.get("Demonic Consultation")
    assert consult.fully_supported
    assert [type(e) for e in consult.abilities[0].effects] == [ir.ChooseCardName, ir.ExileTopCard, ir.RevealUntil]
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Demonic Consultation]
    library: [{card: Island, count: 6}, Forest, Tarmogoyf, Plains]
  - name: Bob
""", turn=3)
    _cast_and_name(g, "cast Demonic Consultation", "Tarmogoyf")
    s = g.current_state()
    assert names(g, 0, "hand") == ["Tarmogoyf"]
    assert names(g, 0, "exile").count("Island") == 6 and "Forest" in names(g, 0, "exile")
    assert names(g, 0, "library") == ["Plains"]
    assert s.players[0].life == 20


def test_demonic_consultation_with_the_name_in_the_top_six_exiles_the_library(db):
    """The ruling: the named card among the top six is exiled with them, then the whole library
    is revealed and exiled; Alice doesn't lose then, but as she next draws (CR 704.5b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp]
    hand: [Demonic Consultation]
    library: [Island, Tarmogoyf, Island, Island, Island, Island, Forest, Plains]
  - name: Bob
""", turn=3)
    _cast_and_name(g, "cast Demonic Consultation", "Tarmogoyf")
    assert names(g, 0, "library") == [] and names(g, 0, "hand") == []
    assert len(names(g, 0, "exile")) == 8 and names(g, 0, "graveyard") == ["Demonic Consultation"]
    assert g.result is None


def test_thassas_oracle_wins_when_the_devotion_reaches_the_library(db):
    """Thassa's Oracle: X is the devotion to blue as the trigger resolves (its own {U}{U} counts,
    CR 700.5); X at least the cards left in the library wins the game (CR 104.2b)."""
    oracle = db.get("Thassa's Oracle")
    assert oracle.fully_supported
    [look, win] = oracle.abilities[0].effects
    assert look == ir.LookAtTop(ir.DevotionCount(("U",)), ir.Filter(zone="library"), to="library_top")
    assert win == ir.Conditional(ir.AmountAtLeast(ir.DevotionCount(("U",)),
                                                  ir.CountOf(ir.Filter(zone="library", controller="you"))),
                                 (ir.WinGame(),))
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island, Delver of Secrets]
    hand: [Thassa's Oracle]
    library: [Forest, Plains, Mountain]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Thassa's Oracle")
    resolve(g)                      # the creature spell
    resolve(g)                      # its trigger: devotion 3, three cards
    while g.result is None and g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    assert g.result is not None and g.result.winner == 0


def test_thassas_oracle_short_of_the_library_puts_one_on_top_and_goes_on(db):
    """Devotion 2 with three cards left: Alice looks at two, keeps the one she picks on top and
    puts the other on the bottom; no win (CR 701.20e, 401.4)."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island]
    hand: [Thassa's Oracle]
    library: [Forest, Plains, Mountain]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Thassa's Oracle")
    resolve(g)
    resolve(g)
    assert g.pending.kind == "reveal"
    assert sorted(a.label for a in g.legal_actions()) == ["Forest", "Plains", "reveal nothing"]
    g.push(next(a for a in g.legal_actions() if a.label == "Plains"))
    s = g.current_state()
    assert g.result is None
    assert [s.objs[i].card.name for i in s.players[0].library] == ["Forest", "Mountain", "Plains"]   # bottom first


def _answer_may(g, *answers: str) -> None:
    """Answer the next "repeat?" decisions, in order, with ``answers`` ("yes" or "no")."""
    for a in answers:
        assert g.pending.kind == "may", g.pending
        g.push(next(x for x in g.legal_actions() if x.label == a))


def test_ad_nauseam_repeats_as_long_as_its_controller_chooses(db):
    """Ad Nauseam: each card revealed goes to the hand and costs its mana value in life; after
    each one Alice decides whether to go on (the ruling; CR 608.2d)."""
    nauseam = db.get("Ad Nauseam")
    assert nauseam.fully_supported
    assert nauseam.abilities[0].effects == (ir.RepeatProcess((
        ir.RevealTopToHand(), ir.LoseLife(ir.StatOf(ir.Ref(ir.REVEALED), "mana_value")))),)
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
    hand: [Ad Nauseam]
    library: [Lightning Bolt, Tarmogoyf, Island, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Ad Nauseam")
    resolve(g)
    _answer_may(g, "yes", "yes", "no")
    s = g.current_state()
    assert names(g, 0, "hand") == ["Island", "Lightning Bolt", "Tarmogoyf"]
    assert names(g, 0, "library") == ["Forest"]
    assert s.players[0].life == 17
    assert any("repeats Ad Nauseam's process (3 times)" in t for t in _log(g))


def test_ad_nauseam_may_go_on_below_zero_life_and_loses_when_it_stops(db):
    """The ruling: Alice may keep revealing at 0 life or less; she loses as a state-based action
    once the spell is done (CR 704.5a)."""
    g = board(db, """
  - name: Alice
    life: 2
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
    hand: [Ad Nauseam]
    library: [Tarmogoyf, Lightning Bolt, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Ad Nauseam")
    resolve(g)
    _answer_may(g, "yes", "no")
    assert names(g, 0, "hand") == ["Lightning Bolt", "Tarmogoyf"]
    assert g.result is not None and g.result.winner == 1


def _bob_casts_with_counterbalance(db, top: str, spell: str, *answers: str):
    """Bob casts ``spell`` at Alice's face on his turn; Alice's Counterbalance triggers, she
    reveals ``top`` (CR 603.3), and the trigger resolves."""
    g = board(db, f"""
  - name: Alice
    battlefield: [Counterbalance]
    library: [{top}, Forest]
  - name: Bob
    battlefield: [Mountain, Mountain, Mountain]
    hand: [{spell}]
""", turn=4, active="Bob")
    cast_and_pay(g, f"cast {spell}", "Alice", *answers)
    resolve(g)                          # the trigger, above the spell
    assert g.pending.kind == "may"
    g.push(next(a for a in g.legal_actions() if a.label == "yes"))
    return g


def test_counterbalance_counters_a_spell_of_the_revealed_mana_value(db):
    """Counterbalance: the revealed card's mana value equal to the spell's counters it; the
    card stays on top of the library (CR 701.20a)."""
    balance = db.get("Counterbalance")
    assert balance.fully_supported
    [may] = balance.abilities[0].effects
    assert may.effects[0] == ir.RevealTop()
    g = _bob_casts_with_counterbalance(db, "Opt", "Lightning Bolt")
    s = g.current_state()
    assert not s.stack and names(g, 1, "graveyard") == ["Lightning Bolt"]
    assert s.players[0].life == 20
    assert [s.objs[i].card.name for i in s.players[0].library][-1] == "Opt"


def test_counterbalance_lets_a_spell_of_another_mana_value_resolve(db):
    g = _bob_casts_with_counterbalance(db, "Island", "Lightning Bolt")
    resolve(g)
    assert g.current_state().players[0].life == 17


def test_counterbalance_counts_x_on_the_stack_and_zero_in_the_library(db):
    """The ruling: Blaze with X=1 has mana value 2 on the stack, so a revealed card of mana value
    2 counters it, a revealed Blaze (mana value 1 in the library) doesn't (CR 202.3e)."""
    from manastack.engine.decisions import DecisionKind
    for top, countered in (("Tarmogoyf", True), ("Blaze", False)):
        g = board(db, f"""
  - name: Alice
    battlefield: [Counterbalance]
    library: [{top}, Forest]
  - name: Bob
    battlefield: [Mountain, Mountain, Mountain]
    hand: [Blaze]
""", turn=4, active="Bob")
        from .game_helpers import pick
        pick(g, "cast Blaze")
        while g.pending.kind != "priority":
            if g.pending.kind == DecisionKind.PAY:
                g.push(Action(ActionKind.AUTOPAY))
            elif g.pending.kind == DecisionKind.X:
                g.push(next(a for a in g.legal_actions() if a.args == (1,)))
            else:
                g.push(next(a for a in g.legal_actions() if "Alice" in a.label))
        resolve(g)
        g.push(next(a for a in g.legal_actions() if a.label == "yes"))
        if not countered:
            resolve(g)
        s = g.current_state()
        assert (s.players[0].life == 20) is countered, top


def _reshaper_dies(db, top: str):
    g = board(db, f"""
  - name: Alice
    battlefield: [Mountain, Matter Reshaper]
    hand: [Lightning Bolt]
    library: [{top}, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Lightning Bolt", "Matter Reshaper")
    resolve(g)                      # Bolt: Matter Reshaper dies, its trigger goes on the stack
    resolve(g)
    return g


def test_matter_reshaper_may_put_a_small_permanent_onto_the_battlefield(db):
    """Matter Reshaper: a permanent card with mana value 3 or less may go onto the battlefield;
    declined, it goes into the hand (the ruling; CR 701.20a)."""
    reshaper = db.get("Matter Reshaper")
    assert reshaper.fully_supported
    [reveal] = reshaper.abilities[-1].effects
    assert reveal.may and reveal.to == "battlefield" and reveal.otherwise == "hand"
    g = _reshaper_dies(db, "Tarmogoyf")
    assert g.pending.kind == "may"
    g.push(next(a for a in g.legal_actions() if a.label == "yes"))
    assert [o.card.name for o in on_battlefield(g, "Tarmogoyf")] == ["Tarmogoyf"]
    declined = _reshaper_dies(db, "Tarmogoyf")
    declined.push(next(a for a in declined.legal_actions() if a.label == "no"))
    assert names(declined, 0, "hand") == ["Tarmogoyf"] and not on_battlefield(declined, "Tarmogoyf")


def test_matter_reshaper_puts_anything_else_into_the_hand(db):
    """An instant, or a permanent card of mana value 4, goes into the hand, with no choice."""
    for top in ("Counterspell", "Ajani Vengeant"):
        g = _reshaper_dies(db, top)
        assert g.pending.kind == "priority"
        assert names(g, 0, "hand") == [top], top


def _liliana_ultimate(db):
    g = board(db, """
  - name: Alice
    battlefield: [{card: "Liliana of the Veil", counters: {loyalty: 6}}]
  - name: Bob
    battlefield: [Grizzly Bears, Forest, Island]
""", turn=3)
    cast_and_pay(g, "activate Liliana of the Veil: −6", "Bob")
    resolve(g)
    return g


def test_liliana_of_the_veil_separates_into_piles_and_the_player_sacrifices_one(db):
    """Liliana of the Veil's −6: Alice puts each of Bob's permanents into one of two piles, Bob
    chooses a pile and sacrifices everything in it (CR 700.3, 701.21a)."""
    lili = db.get("Liliana of the Veil")
    assert lili.fully_supported
    assert lili.abilities[2].effects == (ir.SeparatePiles(ir.ControlledBy(ir.Filter(), ir.Target(0)), ir.Target(0)),)
    g = _liliana_ultimate(db)
    for name, pile in (("Grizzly Bears", 1), ("Forest", 1), ("Island", 2)):
        assert g.pending.kind == "pile" and g.pending.player == 0
        g.push(next(a for a in g.legal_actions() if a.label == f"{name} into pile {pile}"))
    assert g.pending.kind == "pile" and g.pending.player == 1
    assert [a.label for a in g.legal_actions()] == ["pile 1: Grizzly Bears, Forest", "pile 2: Island"]
    g.push(g.legal_actions()[0])
    assert names(g, 1, "graveyard") == ["Forest", "Grizzly Bears"]
    assert [o.card.name for o in on_battlefield(g, "Island")] == ["Island"]


def test_liliana_of_the_veil_an_empty_pile_chosen_sacrifices_nothing(db):
    """The ruling: a pile can be empty; chosen, nothing is sacrificed."""
    g = _liliana_ultimate(db)
    for _ in range(3):
        g.push(next(a for a in g.legal_actions() if a.label.endswith("pile 1")))
    g.push(next(a for a in g.legal_actions() if a.label == "pile 2: empty"))
    assert names(g, 1, "graveyard") == []
    s = g.current_state()
    assert sorted(s.objs[i].card.name for i in s.battlefield if s.objs[i].controller == 1) == ["Forest", "Grizzly Bears", "Island"]


def test_infernal_tutor_finds_a_copy_of_the_revealed_card(db):
    """Infernal Tutor: Alice reveals a card from her hand and finds a card with its name
    (CR 701.20a, 701.23a, 201.2); only cards of that name are offered."""
    tutor = db.get("Infernal Tutor")
    assert tutor.fully_supported
    [hellbent] = tutor.abilities[0].effects
    assert hellbent.condition == "no_cards_in_hand"
    assert hellbent.otherwise == (ir.RevealFromHand(), ir.SearchLibrary(ir.Filter(zone="library"), reveal=True,
                                                                        same_name_as=ir.Ref(ir.REVEALED)))
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp]
    hand: [Infernal Tutor, Lightning Bolt, Opt]
    library: [Island, Lightning Bolt, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Infernal Tutor")
    resolve(g)
    assert g.pending.kind == "reveal"
    g.push(next(a for a in g.legal_actions() if a.label == "Lightning Bolt"))
    assert g.pending.kind == "search"
    assert [a.label for a in g.legal_actions()] == ["Lightning Bolt", "find nothing more"]
    g.push(g.legal_actions()[0])
    assert names(g, 0, "hand") == ["Lightning Bolt", "Lightning Bolt", "Opt"]


def test_infernal_tutor_hellbent_finds_any_card(db):
    """Hellbent: with no other card in hand as it resolves, Alice reveals nothing and searches
    for any card instead (CR 608.2c)."""
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp]
    hand: [Infernal Tutor]
    library: [Island, Lightning Bolt, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Infernal Tutor")
    resolve(g)
    assert g.pending.kind == "search"
    assert sorted(a.label for a in g.legal_actions()) == ["Forest", "Island", "Lightning Bolt"]
    g.push(next(a for a in g.legal_actions() if a.label == "Forest"))
    assert names(g, 0, "hand") == ["Forest"]


def test_trail_of_crumbs_pays_one_to_look_at_two_when_a_food_is_sacrificed(db):
    """Trail of Crumbs: its Food sacrificed, Alice may pay {1}; if she does, she looks at the top
    two cards and may take a permanent card, the rest going on the bottom (CR 608.2c, 701.20e)."""
    trail = db.get("Trail of Crumbs")
    assert trail.fully_supported
    g = board(db, """
  - name: Alice
    battlefield: [Forest, Forest, Forest, Forest, Forest]
    hand: [Trail of Crumbs]
    library: [Opt, Tarmogoyf, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Trail of Crumbs")
    resolve(g)                          # the enchantment
    resolve(g)                          # its Food
    cast_and_pay(g, "activate Food Token")
    assert g.pending.kind == "priority" and len(g.current_state().stack) == 2     # the Food's ability and the trigger
    resolve(g)                          # the trigger, put on the stack above the Food's ability
    assert g.pending.kind == "may"
    g.push(next(a for a in g.legal_actions() if a.label == "yes"))
    while g.pending.kind == "pay":
        g.push(Action(ActionKind.AUTOPAY))
    assert g.pending.kind == "reveal"
    assert sorted(a.label for a in g.legal_actions()) == ["Tarmogoyf", "reveal nothing"]
    g.push(next(a for a in g.legal_actions() if a.label == "Tarmogoyf"))
    s = g.current_state()
    assert names(g, 0, "hand") == ["Tarmogoyf"]
    assert [s.objs[i].card.name for i in s.players[0].library] == ["Opt", "Island"]   # bottom first


def test_once_upon_a_time_is_free_as_the_first_spell_of_the_game(db):
    """Once Upon a Time cast as Alice's first spell this game: she may cast it without paying
    its mana cost (CR 118.9), with no land at all; then it looks at five cards."""
    once = db.get("Once Upon a Time")
    assert once.fully_supported
    g = board(db, """
  - name: Alice
    hand: [Once Upon a Time]
    library: [Island, Tarmogoyf, Opt, Forest, Plains, Swamp]
  - name: Bob
""", turn=3)
    from .game_helpers import pick
    pick(g, "cast Once Upon a Time")       # the one cost Alice can pay: none, chosen for her
    assert g.pending.kind == "priority" and g.current_state().stack
    assert any("without paying its mana cost" in t or "alternative" in t for t in _log(g)), _log(g)[-5:]
    resolve(g)
    g.push(next(a for a in g.legal_actions() if a.label == "Tarmogoyf"))
    assert names(g, 0, "hand") == ["Tarmogoyf"]
    assert g.current_state().players[0].spells_cast_this_game == 1


def test_once_upon_a_time_after_another_spell_costs_its_mana(db):
    """After Opt, Once Upon a Time is no longer the first spell Alice cast this game, though it
    is turns later: only its mana cost is offered, and with one Forest she can't cast it."""
    from manastack.engine import legality
    g = board(db, """
  - name: Alice
    battlefield: [Island, Forest]
    hand: [Opt, Once Upon a Time]
    library: [Island, Tarmogoyf, Opt, Forest, Plains, Swamp]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Opt")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    s = g.current_state()
    once = next(o for o in s.objs.values() if o.card.name == "Once Upon a Time")
    assert s.players[0].spells_cast_this_game == 1
    assert legality.why_not_cast(s, 0, once) is not None


def _bears_with_guardian_project(db, battlefield: str = "", graveyard: str = ""):
    g = board(db, f"""
  - name: Alice
    battlefield: [Guardian Project, Forest, Forest{battlefield}]
    hand: [Grizzly Bears]
    graveyard: [{graveyard}]
    library: [Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    return g


def test_guardian_project_draws_for_a_creature_of_a_new_name(db):
    """Guardian Project: a nontoken creature entering with a name no other creature Alice controls
    nor a creature card in her graveyard has: she draws (CR 201.2, 603.4)."""
    assert db.get("Guardian Project").fully_supported
    g = _bears_with_guardian_project(db)
    assert len(g.current_state().stack) == 1
    resolve(g)
    assert names(g, 0, "hand") == ["Island"]


def test_guardian_project_doesnt_trigger_for_a_name_already_there(db):
    """The ruling: a creature sharing its name with a creature Alice controls or a creature card
    in her graveyard doesn't make the ability trigger at all (CR 603.4)."""
    for g in (_bears_with_guardian_project(db, battlefield=", Grizzly Bears"),
              _bears_with_guardian_project(db, graveyard="Grizzly Bears")):
        assert not g.current_state().stack
        assert names(g, 0, "hand") == []


def test_guardian_project_checks_the_name_again_as_it_resolves(db):
    """The ruling: the creature put into the graveyard while the ability waits is a creature card
    of that name there, so no card is drawn."""
    g = board(db, """
  - name: Alice
    battlefield: [Guardian Project, Forest, Forest, Mountain]
    hand: [Grizzly Bears, Lightning Bolt]
    library: [Island, Island]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert len(g.current_state().stack) == 1
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    resolve(g)                      # Bolt: the Bears die
    resolve(g)                      # the trigger: the name is shared now
    assert names(g, 0, "hand") == []


def _grind(db, library: str):
    g = board(db, f"""
  - name: Alice
    battlefield: [Grindstone, Island, Island, Island]
  - name: Bob
    library: [{library}]
""", turn=3)
    cast_and_pay(g, "activate Grindstone", "Bob")
    resolve(g)
    return g


def test_grindstone_mills_again_while_the_two_cards_share_a_color(db):
    """Grindstone: two red cards milled, the process repeats; a blue card and a land don't share
    a color, so it stops there (CR 701.17a, the ruling)."""
    stone = db.get("Grindstone")
    assert stone.fully_supported
    assert stone.abilities[0].effects == (ir.RepeatProcess((ir.Mill(2, ir.Target(0)),), if_milled_share_color=True),)
    g = _grind(db, "Lightning Bolt, Shock, Counterspell, Island, Forest, Plains")
    assert names(g, 1, "graveyard") == ["Counterspell", "Island", "Lightning Bolt", "Shock"]
    assert names(g, 1, "library") == ["Forest", "Plains"]


def test_grindstone_two_colorless_cards_dont_repeat_and_an_empty_library_stops(db):
    """The ruling: two colorless cards share no color. Cards that keep sharing one mill the
    whole library, and the process ends with it."""
    g = _grind(db, "Island, Forest, Lightning Bolt, Shock")
    assert names(g, 1, "library") == ["Lightning Bolt", "Shock"]
    g = _grind(db, "Lightning Bolt, Shock, Fireblast, Lava Spike, Lightning Bolt")
    assert names(g, 1, "library") == []


def _pact(db, library: str):
    g = board(db, f"""
  - name: Alice
    battlefield: [Swamp, Swamp]
    hand: [Tainted Pact]
    library: [{library}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Tainted Pact")
    resolve(g)
    return g


def test_tainted_pact_exiles_until_a_card_is_taken(db):
    """Tainted Pact: each card exiled may be taken; Alice declines two and takes the third, which
    ends the process (CR 406.1)."""
    assert db.get("Tainted Pact").fully_supported
    g = _pact(db, "Island, Forest, Tarmogoyf, Plains")
    _answer_may(g, "no", "no", "yes")
    assert g.pending.kind == "priority"
    assert names(g, 0, "hand") == ["Tarmogoyf"]
    assert names(g, 0, "exile") == ["Forest", "Island"]
    assert names(g, 0, "library") == ["Plains"]


def test_tainted_pact_stops_at_a_second_card_of_a_name(db):
    """The second Island exiled shares a name with the first: it can't be taken and the process
    ends (CR 201.2)."""
    g = _pact(db, "Island, Forest, Island, Tarmogoyf")
    _answer_may(g, "no", "no")
    assert g.pending.kind == "priority"
    assert names(g, 0, "hand") == []
    assert names(g, 0, "exile") == ["Forest", "Island", "Island"]
    assert names(g, 0, "library") == ["Tarmogoyf"]
