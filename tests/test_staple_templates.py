"""Templates of widely played cards (tests/data/staples.txt), each with a real card, its rulings
where the corpus has them, and cards of the same template beside it."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, names


def pick(g, words: str) -> None:
    """Take the legal action whose label has ``words``."""
    g.push(next(a for a in g.legal_actions() if words in a.label))


def _pass_round(g) -> None:
    """Every player passes priority once, in turn order."""
    for _ in g.current_state().players:
        g.push(Action("pass"))


def test_grave_pact_each_other_player_sacrifices(db):
    """Grave Pact: "each other player" is every player but its controller (CR 102.3); in a game
    of three both others sacrifice a creature of their choice, its controller nothing more."""
    pact = db.get("Grave Pact")
    assert pact.fully_supported
    edict = pact.abilities[0].effects[0]
    assert isinstance(edict, ir.SacrificePermanents) and edict.who == ir.Ref("each_other_player")
    g = board(db, """  - name: Alice
    hand: [Shock]
    battlefield: [Grave Pact, Mountain, Grizzly Bears, Llanowar Elves]
  - name: Bob
    battlefield: [Craw Wurm, Forest]
  - name: Carol
    battlefield: [Runeclaw Bear, Elvish Mystic]
""")
    pick(g, "cast Shock")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            pick(g, "Grizzly Bears")
    _pass_round(g)                       # Shock resolves: Grizzly Bears dies, Grave Pact triggers
    _pass_round(g)                       # the trigger resolves
    while g.pending.kind == "sacrifice":
        assert g.pending.player in (1, 2)
        pick(g, "Runeclaw Bear" if g.pending.player == 2 else "Craw Wurm")
    assert names(g, 0, "graveyard") == ["Grizzly Bears", "Shock"]
    assert names(g, 1, "graveyard") == ["Craw Wurm"]
    assert names(g, 2, "graveyard") == ["Runeclaw Bear"]


def test_each_other_player_is_not_read_beside_another_player(db):
    """Hive Mind's "each other player" means other than the player who cast the spell: where a
    trigger names a player, the phrase is not read (so not read wrongly)."""
    assert not db.get("Hive Mind").fully_supported
    words = db.get("Words of Wisdom")           # "You draw two cards, then each other player draws a card."
    assert words.fully_supported
    assert words.abilities[0].effects[1] == ir.Draw(1, ir.Ref("each_other_player"))


def _cast(g, name: str, *targets: str) -> None:
    """Cast ``name``, choosing each target whose label has one of ``targets``; pay automatically."""
    pick(g, f"cast {name}")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(next(a for a in g.legal_actions() if any(t in a.label for t in targets)))


def test_snap_untaps_up_to_two_lands_of_any_player(db):
    """Snap: "Untap up to two lands." Rulings: 0, 1 or 2 lands, chosen as it resolves; not
    targeted, and they needn't be its controller's (CR 608.2d, 701.26b)."""
    snap = db.get("Snap")
    assert snap.fully_supported
    assert snap.abilities[0].effects[1] == ir.UntapUpTo(2, ir.Filter(types=("Land",)))
    rulings = " ".join(text for _date, text in snap.rulings)
    assert "0, 1, or 2 lands" in rulings and "don’t have to be lands that you control" in rulings
    g = board(db, """  - name: Alice
    hand: [Snap]
    battlefield: [Island, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears, {card: Forest, tapped: true}]
""")
    _cast(g, "Snap", "Grizzly Bears")
    assert g.pending.kind == "priority"
    s = g.current_state()
    assert sum(o.tapped for o in s.permanents(0)) == 2
    _pass_round(g)
    assert g.pending.kind == "choose_permanent"
    options = [a.label for a in g.legal_actions()]
    assert options[0] == "untap the ones chosen" and "Forest (Bob)" in options
    assert sorted(options[1:]) == ["Forest (Bob)", "Island (Alice)", "Island (Alice)"]
    pick(g, "Forest (Bob)")
    pick(g, "Island (Alice)")           # the second choice ends it: up to two
    s = g.current_state()
    assert not any(o.tapped for o in s.permanents(1))
    assert sum(o.tapped for o in s.permanents(0)) == 1
    assert names(g, 1, "hand") == ["Grizzly Bears"]


def test_untap_up_to_may_choose_none(db):
    """Peregrine Drake's trigger: choosing no land is legal ("up to"), and nothing untaps."""
    assert db.get("Peregrine Drake").fully_supported
    g = board(db, """  - name: Alice
    hand: [Snap]
    battlefield: [Island, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    _cast(g, "Snap", "Grizzly Bears")
    _pass_round(g)
    pick(g, "untap the ones chosen")
    assert g.pending.kind == "priority"
    assert sum(o.tapped for o in g.current_state().permanents(0)) == 2


def test_seedborn_muse_untaps_during_each_other_players_untap_step(db):
    """Seedborn Muse: "Untap all permanents you control during each other player's untap step."
    Its controller's permanents untap with the active player's (CR 502.3); in its controller's
    own untap step it adds nothing. Unwinding Clock reads the same, for artifacts only."""
    assert db.get("Seedborn Muse").fully_supported and db.get("Prophet of Kruphix").fully_supported
    g = board(db, """  - name: Alice
    battlefield: [Seedborn Muse, {card: Forest, tapped: true}, {card: Grizzly Bears, tapped: true}]
  - name: Bob
    battlefield: [Unwinding Clock, {card: Island, tapped: true}, {card: Sol Ring, tapped: true}]
""", active="Bob", step="end")
    s = g.current_state()
    assert all(o.tapped for o in s.permanents() if o.card.name not in ("Seedborn Muse", "Unwinding Clock"))
    _pass_round(g)                              # Bob's end step ends; Alice's turn begins
    s = g.current_state()
    assert s.active == 0
    assert not any(o.tapped for o in s.permanents(0))        # her own untap step
    bob = {o.card.name: o.tapped for o in s.permanents(1)}
    assert bob == {"Unwinding Clock": False, "Island": True, "Sol Ring": False}   # the Clock: artifacts only
    assert any("untaps their permanents too" in e.text and "502.3" in e.rules for e in s.log_entries())


def _delver_upkeep(db, top: str):
    """Alice's Delver of Secrets with ``top`` on her library, at her upkeep trigger's question."""
    g = board(db, f"""  - name: Alice
    battlefield: [Delver of Secrets]
    library: [{top}, Island, Island]
  - name: Bob
    library: [Island, Island]
""", active="Bob", step="end")
    _pass_round(g)                       # Alice's turn: the upkeep trigger goes on the stack
    _pass_round(g)                       # and resolves
    assert g.pending.kind == "reveal" and g.pending.player == 0
    return g


def test_delver_of_secrets_transforms_when_an_instant_is_revealed(db):
    """Delver of Secrets: "look at the top card of your library. You may reveal that card. If an
    instant or sorcery card is revealed this way, transform ~." (CR 701.20e, 701.20a, 701.27)"""
    delver = db.get("Delver of Secrets")
    assert delver.fully_supported
    g = _delver_upkeep(db, "Lightning Bolt")
    assert [a.label for a in g.legal_actions()] == ["reveal Lightning Bolt", "reveal nothing"]
    pick(g, "reveal Lightning Bolt")
    s = g.current_state()
    [flipped] = [o for o in s.permanents(0)]
    assert flipped.card.name == "Insectile Aberration"
    assert s.objs[s.players[0].library[-1]].card.name == "Lightning Bolt"     # it stays on top
    assert any(e.text == "Alice reveals Lightning Bolt" for e in s.log_entries())


def test_delver_may_keep_the_card_hidden_or_reveal_a_land(db):
    """Rulings: the card may be revealed even if it isn't an instant or sorcery; either way it
    stays on top. Revealing a land, or not revealing an instant, transforms nothing."""
    for top, answer in (("Island", "reveal Island"), ("Lightning Bolt", "reveal nothing")):
        g = _delver_upkeep(db, top)
        pick(g, answer)
        s = g.current_state()
        assert [o.card.name for o in s.permanents(0)] == ["Delver of Secrets"]
        assert s.objs[s.players[0].library[-1]].card.name == top


def test_glimpse_of_nature_draws_for_each_creature_spell_cast_this_turn(db):
    """Glimpse of Nature: "Whenever you cast a creature spell this turn, draw a card." A delayed
    triggered ability for the turn (CR 603.7), triggering as each creature spell becomes cast
    (CR 601.2i), before it resolves; not on a noncreature spell."""
    glimpse = db.get("Glimpse of Nature")
    assert glimpse.fully_supported
    assert isinstance(glimpse.abilities[0].effects[0], ir.CreateDelayedTrigger)
    g = board(db, """  - name: Alice
    hand: [Glimpse of Nature, Llanowar Elves, Fyndhorn Elves, Giant Growth]
    battlefield: [Forest, Forest, Forest, Forest]
    library: [Island, Island, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears]
    library: [Island]
""")
    _cast(g, "Glimpse of Nature")
    _pass_round(g)
    _cast(g, "Llanowar Elves")
    assert len(g.current_state().stack) == 2       # the spell and the trigger above it
    _pass_round(g)                                  # the trigger resolves first
    assert len(g.current_state().players[0].hand) == 3
    _pass_round(g)
    _cast(g, "Giant Growth", "Grizzly Bears")
    assert len(g.current_state().stack) == 1        # an instant: no trigger
    _pass_round(g)
    _cast(g, "Fyndhorn Elves")
    _pass_round(g)
    _pass_round(g)
    s = g.current_state()
    assert names(g, 0, "hand") == ["Island", "Island"]
    assert sorted(o.card.name for o in s.permanents(0) if o.card.name.endswith("Elves")) == ["Fyndhorn Elves", "Llanowar Elves"]


def test_tarmogoyf_counts_card_types_among_cards_in_all_graveyards(db):
    """Tarmogoyf: "power is equal to the number of card types among cards in all graveyards and
    its toughness is equal to that number plus 1" (CR 604.3, 613.4a, 205.2a). Rulings: types,
    not cards (an artifact creature counts twice, ten of them still twice); it works in every
    zone, counting itself in a graveyard."""
    from manastack.engine import characteristics as ch

    goyf = db.get("Tarmogoyf")
    assert goyf.fully_supported
    eff = goyf.abilities[0].effect
    assert isinstance(eff.count, ir.CardTypesAmong) and (eff.power, eff.toughness) == (0, 1)
    g = board(db, """  - name: Alice
    battlefield: [Tarmogoyf]
    graveyard: [Ornithopter, Ornithopter]
  - name: Bob
    graveyard: [Forest]
""")
    s = g.current_state()
    [o] = [o for o in s.permanents(0)]
    assert ch.power_toughness(s, o) == (3, 4)        # artifact, creature, land
    g = board(db, """  - name: Alice
    graveyard: [Tarmogoyf]
  - name: Bob
    battlefield: [Forest]
""")
    s = g.current_state()
    assert ch.power_toughness(s, s.objs[s.players[0].graveyard[0]]) == (1, 2)


def test_tarmogoyf_grows_before_state_based_actions_see_the_damage(db):
    """Ruling: a Lightning Bolt that deals 3 damage to a 2/3 Tarmogoyf is in its owner's
    graveyard before state-based actions are checked (CR 608.2n, 704.3): the first instant there
    makes it 3/4, and it survives."""
    g = board(db, """  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
    graveyard: [Grizzly Bears, Forest]
  - name: Bob
    battlefield: [Tarmogoyf]
""")
    _cast(g, "Lightning Bolt", "Tarmogoyf")
    _pass_round(g)
    s = g.current_state()
    [goyf] = [o for o in s.permanents(1)]
    assert goyf.damage == 3
    from manastack.engine import characteristics as ch
    assert ch.power_toughness(s, goyf) == (3, 4)


def test_power_alone_or_one_plus_a_count(db):
    """"~'s power and toughness are each equal to 1 plus the number of lands you control"
    (Allosaurus Rider); "~'s power is equal to the number of ..." sets power alone, its
    toughness the printed one (CR 604.3)."""
    from manastack.engine import characteristics as ch

    rider = db.get("Allosaurus Rider")
    assert rider.fully_supported
    g = board(db, """  - name: Alice
    battlefield: [Allosaurus Rider, Forest, Forest, Island]
  - name: Bob
    battlefield: [Forest]
""")
    s = g.current_state()
    rider_obj = next(o for o in s.permanents(0) if o.card.name == "Allosaurus Rider")
    assert ch.power_toughness(s, rider_obj) == (4, 4)
    yi = db.get("Sima Yi, Wei Field Marshal")       # "~'s power is equal to the number of Swamps you control."
    assert yi.fully_supported and yi.abilities[0].effect.kind == "power_equal_count"
    g = board(db, """  - name: Alice
    battlefield: ["Sima Yi, Wei Field Marshal", Swamp, Swamp, Island]
  - name: Bob
    battlefield: [Swamp]
""")
    s = g.current_state()
    yi_obj = next(o for o in s.permanents(0) if o.card.name == yi.name)
    assert ch.power_toughness(s, yi_obj) == (2, int(yi.toughness))


def test_reanimate_loses_life_equal_to_the_cards_mana_value(db):
    """Reanimate: "Put target creature card from a graveyard onto the battlefield under your
    control. You lose life equal to its mana value." Rulings: any graveyard; the card's mana
    value in the graveyard (CR 608.2h), where X is 0 (CR 202.3e)."""
    assert db.get("Reanimate").fully_supported
    g = board(db, """  - name: Alice
    hand: [Reanimate]
    battlefield: [Swamp]
  - name: Bob
    graveyard: [Craw Wurm]
""")
    _cast(g, "Reanimate", "Craw Wurm")
    _pass_round(g)
    s = g.current_state()
    assert [o.card.name for o in s.permanents(0) if o.card.name != "Swamp"] == ["Craw Wurm"]
    assert s.players[0].life == 14                  # Craw Wurm's mana value is 6
    assert names(g, 1, "graveyard") == []
    g = board(db, """  - name: Alice
    hand: [Reanimate]
    battlefield: [Swamp]
    graveyard: [Endless One]
  - name: Bob
""")
    _cast(g, "Reanimate", "Endless One")            # {X}: X is 0 in the graveyard
    _pass_round(g)
    assert g.current_state().players[0].life == 20


def test_fatal_push_destroys_by_mana_value_and_revolt_raises_it(db):
    """Fatal Push: "Destroy target creature if it has mana value 2 or less." and, with revolt,
    4 or less instead. Rulings: any creature may be targeted, its mana value is checked only as
    Fatal Push resolves (CR 608.2c); revolt counts any permanent that left, a creature
    destroyed included (revolt is an ability word, CR 207.2c)."""
    assert db.get("Fatal Push").fully_supported
    players = """  - name: Alice
    hand: [Fatal Push, Fatal Push, Shock]
    battlefield: [Swamp, Swamp, Mountain, Llanowar Elves]
  - name: Bob
    battlefield: [Hill Giant, Grizzly Bears]
"""
    g = board(db, players)
    _cast(g, "Fatal Push", "Hill Giant")             # mana value 4: may be targeted, nothing happens
    _pass_round(g)
    assert sorted(o.card.name for o in g.current_state().permanents(1)) == ["Grizzly Bears", "Hill Giant"]
    _cast(g, "Fatal Push", "Grizzly Bears")
    _pass_round(g)
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]
    g = board(db, players)
    _cast(g, "Shock", "Llanowar Elves")               # a permanent Alice controlled leaves
    _pass_round(g)
    _cast(g, "Fatal Push", "Hill Giant")
    _pass_round(g)
    assert names(g, 1, "graveyard") == ["Hill Giant"]


def test_prohibit_counters_by_mana_value_more_if_kicked(db):
    """Prohibit: "Counter target spell if its mana value is 2 or less. If this spell was kicked,
    counter that spell if its mana value is 4 or less instead." (CR 702.33e, 608.2c)"""
    assert db.get("Prohibit").fully_supported
    for kicked, countered in ((False, False), (True, True)):
        g = board(db, f"""  - name: Alice
    hand: [Hill Giant]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    hand: [Prohibit]
    battlefield: [Island, Island, Island, Island]
""")
        _cast(g, "Hill Giant")
        g.push(Action("pass"))
        pick(g, "cast Prohibit")
        while g.pending.kind != "priority":
            if g.pending.kind == "pay":
                g.push(Action("autopay"))
            elif g.pending.kind == "kicker":
                g.push(next(a for a in g.legal_actions() if a.args[0] == int(kicked)))
            else:
                pick(g, "Hill Giant")
        _pass_round(g)
        assert (names(g, 0, "graveyard") == ["Hill Giant"]) == countered, g.pending.prompt


def test_chittering_rats_target_opponent_puts_a_card_on_top(db):
    """Chittering Rats: "When ~ enters, target opponent puts a card from their hand on top of
    their library." That player chooses the card (CR 401.4); an empty hand puts nothing."""
    assert db.get("Chittering Rats").fully_supported
    g = board(db, """  - name: Alice
    hand: [Chittering Rats]
    battlefield: [Swamp, Swamp, Swamp]
  - name: Bob
    hand: [Lightning Bolt, Forest]
    library: [Island]
""")
    _cast(g, "Chittering Rats")
    _pass_round(g)                        # the Rats enter; the trigger targets Bob
    while g.pending.kind != "priority":
        pick(g, "Bob")
    _pass_round(g)
    assert g.pending.kind == "hand_to_library" and g.pending.player == 1
    pick(g, "Forest")
    s = g.current_state()
    assert names(g, 1, "hand") == ["Lightning Bolt"]
    assert s.objs[s.players[1].library[-1]].card.name == "Forest"


def test_terminus_puts_all_creatures_on_the_bottom_each_owner_ordering(db):
    """Terminus: "Put all creatures on the bottom of their owners' libraries." Rulings (Hallowed
    Burial): they leave together, not destroyed; each owner chooses the order of their own
    cards (CR 401.4); a token ceases to exist (CR 111.8)."""
    assert db.get("Terminus").fully_supported and db.get("Hallowed Burial").fully_supported
    g = board(db, """  - name: Alice
    hand: [Terminus]
    battlefield: [Plains, Plains, Plains, Plains, Plains, Plains, Grizzly Bears]
    library: [Island]
  - name: Bob
    battlefield: [Craw Wurm, Hill Giant]
    library: [Island]
""")
    _cast(g, "Terminus")
    _pass_round(g)
    assert g.pending.kind == "order_cards" and g.pending.player == 1      # Alice has one: no question
    pick(g, "Hill Giant")
    s = g.current_state()
    assert not [o for o in s.permanents() if "Creature" in o.card.types]
    assert [s.objs[i].card.name for i in s.players[1].library] == ["Craw Wurm", "Hill Giant", "Island"]
    assert [s.objs[i].card.name for i in s.players[0].library] == ["Grizzly Bears", "Island"]
    assert names(g, 1, "graveyard") == []


def test_battalion_needs_two_other_attackers(db):
    """Boros Elite: "Battalion — Whenever ~ and at least two other creatures attack, ~ gets
    +2/+2 until end of turn." It triggers only when declared with two or more other attackers
    (CR 508.1, 603.2); with one other, nothing."""
    from manastack.scenario import Scenario

    assert db.get("Boros Elite").fully_supported
    for attackers, power in (("[Boros Elite, Grizzly Bears, Raging Goblin]", 3), ("[Boros Elite, Grizzly Bears]", 1)):
        run = Scenario.from_text(f"""
turn: 3
players:
  - name: Alice
    battlefield: [Boros Elite, Grizzly Bears, Raging Goblin]
  - name: Bob
script:
  - attack: {attackers}
  - pass_until: declare_blockers
expect:
  objects:
    Boros Elite: {{power: {power}}}
""", cards=db).run()
        assert all(o.passed for o in run.results), [(o.what, o.expected, o.actual) for o in run.results]


def test_ice_fang_coatl_has_deathtouch_with_at_least_three_other_snow_permanents(db):
    """Ice-Fang Coatl: "~ has deathtouch as long as you control at least three other snow
    permanents." ("at least three" is "three or more"; CR 611.3a, 205.4g)"""
    from manastack.engine import characteristics as ch

    assert db.get("Ice-Fang Coatl").fully_supported and db.get("Oketra the True").fully_supported
    for lands, has in ((3, True), (2, False)):
        snow = ", ".join(["Snow-Covered Island"] * lands)
        g = board(db, f"""  - name: Alice
    battlefield: [Ice-Fang Coatl, {snow}, Island]
  - name: Bob
""")
        s = g.current_state()
        coatl = next(o for o in s.permanents(0) if o.card.name == "Ice-Fang Coatl")
        assert ch.has(s, coatl, "deathtouch") == has


def test_manamorphose_adds_two_mana_in_any_combination_of_colors(db):
    """Manamorphose: "Add two mana in any combination of colors. Draw a card." The caster picks
    the two colors as it resolves (CR 106.1b, 608.2d); the mana stays in the pool, usable for
    the next spell this phase."""
    assert db.get("Manamorphose").fully_supported
    g = board(db, """  - name: Alice
    hand: [Manamorphose, Counterspell]
    battlefield: [Mountain, Mountain]
    library: [Island]
  - name: Bob
""")
    _cast(g, "Manamorphose")
    _pass_round(g)
    assert g.pending.kind == "choose_mana"
    options = [a.label for a in g.legal_actions()]
    assert len(options) == 15, options
    g.push(next(a for a in g.legal_actions() if a.args and tuple(a.args[-1]) == ("U", "U")))
    s = g.current_state()
    assert names(g, 0, "hand") == ["Counterspell", "Island"]
    from manastack.engine.mana import spend as mana_spend
    assert mana_spend.totals(s.players[0]).get("U") == 2


def test_bonecrusher_giant_punishes_spells_not_abilities(db):
    """Bonecrusher Giant: "Whenever ~ becomes the target of a spell, ~ deals 2 damage to that
    spell's controller." Rulings: its ability resolves before the spell (CR 603.3); an
    activated ability targeting it triggers nothing (CR 115.1a-b)."""
    giant = db.get("Bonecrusher Giant")
    assert giant.fully_supported
    g = board(db, """  - name: Alice
    hand: [Shock]
    battlefield: [Mountain, Prodigal Pyromancer]
  - name: Bob
    battlefield: [Bonecrusher Giant]
""")
    _cast(g, "Shock", "Bonecrusher Giant")
    s = g.current_state()
    assert [i.label for i in s.stack][-1].startswith("Bonecrusher Giant")     # above the Shock
    _pass_round(g)
    assert g.current_state().players[0].life == 18
    _pass_round(g)
    pick(g, "activate Prodigal Pyromancer")
    while g.pending.kind != "priority":
        pick(g, "Bonecrusher Giant")
    assert len(g.current_state().stack) == 1               # the ability alone: no trigger


def test_arcane_denial_its_controller_chooses_how_many_to_draw(db):
    """Arcane Denial: "Counter target spell. Its controller may draw up to two cards at the
    beginning of the next turn's upkeep. You draw a card at the beginning of the next turn's
    upkeep." Ruling: that player chooses the number, 0 to 2, as the ability resolves, before
    drawing (CR 608.2d, 603.7)."""
    assert db.get("Arcane Denial").fully_supported
    g = board(db, """  - name: Alice
    hand: [Arcane Denial]
    battlefield: [Island, Island]
    library: [Island, Island, Island]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
    library: [Forest, Forest, Forest, Forest]
""", active="Bob", step="main1")
    _cast(g, "Lightning Bolt", "Alice")
    g.push(Action("pass"))
    _cast(g, "Arcane Denial", "Lightning Bolt")
    _pass_round(g)
    assert names(g, 1, "graveyard") == ["Lightning Bolt"]
    seen = []
    while g.pending.kind != "choose_number":             # to Alice's upkeep: the two delayed abilities
        seen.append((g.pending.kind, [a.label for a in g.legal_actions()][:4]))
        assert len(seen) < 200, seen[-5:]
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    assert g.pending.player == 1
    assert [a.label for a in g.legal_actions()] == ["draw 0", "draw 1", "draw 2"]
    pick(g, "draw 1")
    while g.current_state().stack:
        g.push(Action("pass"))
    s = g.current_state()
    assert len(s.players[1].hand) == 1 and len(s.players[0].hand) == 1 and s.active == 0


def test_stubborn_denial_ferocious_counters_that_spell_outright(db):
    """Stubborn Denial: "Counter target noncreature spell unless its controller pays {1}.
    Ferocious — If you control a creature with power 4 or greater, counter that spell instead."
    "That spell" is the target spell (CR 608.2c); with a 4-power creature no payment is asked."""
    assert db.get("Stubborn Denial").fully_supported
    g = board(db, """  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain, Mountain]
  - name: Bob
    hand: [Stubborn Denial]
    battlefield: [Island, Hill Giant, Craw Wurm]
""")
    _cast(g, "Lightning Bolt", "Bob")
    g.push(Action("pass"))
    _cast(g, "Stubborn Denial", "Lightning Bolt")
    _pass_round(g)
    assert g.pending.kind == "priority"               # no "pay {1}?" question: countered outright
    assert names(g, 0, "graveyard") == ["Lightning Bolt"] and g.current_state().players[1].life == 20
