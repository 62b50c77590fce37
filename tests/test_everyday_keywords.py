"""Keyword abilities players meet every game, run with real cards from the card corpus and
their official rulings (cited by date, paraphrased): affinity (CR 702.41), improvise
(CR 702.126), delve (CR 702.66). The scenarios/cards/ files play the main cases."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.combat import block_restriction
from manastack.engine.decisions import Action
from manastack.engine.legality import why_not_cast

from .game_helpers import board, cast_action, labels, names, on_battlefield, pick, resolve

ALICE, BOB = 0, 1


def keywords_of(g: Game, o) -> set[str]:
    return set(ch.keywords(g.current_state(), o))


# ------------------------------------------------------------------------------ affinity


def test_affinity_takes_one_off_per_artifact(db):
    """Frogmite ({4}, affinity for artifacts) with four artifacts costs {0} (CR 702.41a); the
    reduction takes off generic mana only, so Thoughtcast's {U} stays (CR 118.7a)."""
    g = board(db, """
  - name: Alice
    hand: [Frogmite, Thoughtcast]
    library: [Island, Island, Island]
    battlefield: [Island, Ornithopter, Ornithopter, Ornithopter, Ornithopter]
  - name: Bob
""")
    g.push(cast_action(g, "Frogmite"))
    assert g.pending.kind == "priority"          # nothing to pay
    assert "minus {4} from affinity for artifacts" in g.explain()
    resolve(g)
    assert len(on_battlefield(g, "Frogmite")) == 1
    g.push(cast_action(g, "Thoughtcast"))        # five artifacts now: {4}{U} less {5} is {U}
    g.push(Action("autopay"))
    assert next(o for o in g.current_state().objs.values() if o.card.name == "Island"
                and o.zone == "battlefield").tapped
    resolve(g)
    assert len(names(g, ALICE, "hand")) == 2


def test_affinity_counts_only_your_artifacts(db):
    g = board(db, """
  - name: Alice
    hand: [Frogmite]
    battlefield: [Ornithopter, Forest, Forest]
  - name: Bob
    battlefield: [Ornithopter, Ornithopter]
""")
    assert cast_action(g, "Frogmite") is None    # {3} left, two lands
    s = g.current_state()
    why = why_not_cast(s, ALICE, s.objs[s.players[ALICE].hand[0]])
    assert "{1}" in why and "minus {1} from affinity for artifacts" in why


# ------------------------------------------------------------------------------ improvise


def test_improvise_taps_artifacts_for_generic_mana_only(db):
    """Sweatworks Brawler {3}{R}: a Mountain pays {R}, three artifacts the {3}; an artifact
    can't pay colored mana (CR 702.126a), and summoning sickness doesn't matter."""
    g = board(db, """
  - name: Alice
    hand: [Sweatworks Brawler]
    battlefield: [Mountain, {card: Ornithopter, sick: true}, Ornithopter, Ornithopter]
  - name: Bob
""")
    g.push(cast_action(g, "Sweatworks Brawler"))
    assert "improvise: tap Ornithopter to pay {1}" in labels(g)
    g.push(Action("autopay"))
    resolve(g)
    assert len(on_battlefield(g, "Sweatworks Brawler")) == 1
    assert all(o.tapped for o in on_battlefield(g, "Ornithopter"))
    assert "to improvise Sweatworks Brawler, paying {1}" in g.explain()
    g2 = board(db, """
  - name: Alice
    hand: [Sweatworks Brawler]
    battlefield: [Forest, Ornithopter, Ornithopter, Ornithopter, Ornithopter]
  - name: Bob
""")
    assert cast_action(g2, "Sweatworks Brawler") is None      # {R} needs a red source


def test_improvise_step_by_step(db):
    g = board(db, """
  - name: Alice
    hand: [Reverse Engineer]
    library: [Island, Island, Island]
    battlefield: [Island, Island, Ornithopter, Ornithopter, Ornithopter]
  - name: Bob
""")
    g.push(cast_action(g, "Reverse Engineer"))
    for _ in range(3):
        pick(g, "improvise: tap Ornithopter")
    g = Game.from_json(g.to_json(), db)
    assert not any(lab.startswith("improvise") for lab in labels(g))   # the generic part is paid
    g.push(Action("autopay"))
    resolve(g)
    assert len(names(g, ALICE, "hand")) == 3


# ------------------------------------------------------------------------------ delve


def test_delve_exiles_graveyard_cards_for_generic_mana(db):
    """Treasure Cruise {7}{U}: one Island and seven cards exiled from the graveyard (CR 702.66a)."""
    g = board(db, """
  - name: Alice
    hand: [Treasure Cruise]
    library: [Island, Island, Island]
    graveyard: [Shock, Shock, Shock, Shock, Grizzly Bears, Grizzly Bears, Forest]
    battlefield: [Island]
  - name: Bob
""")
    g.push(cast_action(g, "Treasure Cruise"))
    g.push(Action("autopay"))
    assert names(g, ALICE, "graveyard") == []
    assert len(names(g, ALICE, "exile")) == 7
    resolve(g)
    assert len(names(g, ALICE, "hand")) == 3 and names(g, ALICE, "graveyard") == ["Treasure Cruise"]


def test_delve_cant_pay_colored_mana_and_the_player_chooses_the_cards(db):
    """Murderous Cut {4}{B}: the {B} must be mana; Gurmag Angler ruling: delve pays only generic
    mana of the total cost, and the player picks which cards to exile."""
    players = """
  - name: Alice
    hand: [Murderous Cut]
    graveyard: [Shock, Shock, Shock, Shock, Forest]
    battlefield: [%s]
  - name: Bob
    battlefield: [Grizzly Bears]
"""
    assert cast_action(board(db, players % "Forest"), "Murderous Cut") is None
    g = board(db, players % "Swamp")
    g.push(cast_action(g, "Murderous Cut"))
    if g.pending.kind == "targets":
        g.push(g.legal_actions()[0])
    pick(g, "delve: exile Forest")
    for _ in range(3):
        pick(g, "delve: exile Shock")
    g.push(Action("autopay"))
    resolve(g)
    assert names(g, ALICE, "graveyard") == ["Murderous Cut", "Shock"]
    assert names(g, BOB, "graveyard") == ["Grizzly Bears"]


# ------------------------------------------------------------------------------ evoke, dash, surge


def test_evoke_is_offered_beside_the_mana_cost_and_sacrifices_on_entering(db):
    """Mulldrifter ({4}{U}, evoke {2}{U}): with five lands both costs are offered (CR 601.2b,
    118.9); evoked, it enters, both its triggers go on the stack, and it is sacrificed
    (CR 702.74a). Mulldrifter ruling 2018-07-13: players may respond to the sacrifice trigger."""
    g = board(db, """
  - name: Alice
    hand: [Mulldrifter]
    library: [Island, Island, Island]
    battlefield: [Island, Island, Island, Island, Island]
  - name: Bob
""")
    g.push(cast_action(g, "Mulldrifter"))
    assert g.pending.kind == "alternative_cost"
    assert labels(g) == ["pay its mana cost {4}{U}", "pay its evoke cost {2}{U}"]
    pick(g, "pay its evoke cost")
    g.push(Action("autopay"))
    assert sum(o.tapped for o in on_battlefield(g, "Island")) == 3
    assert "Mulldrifter's total cost is {2}{U}: its evoke cost {2}{U}" in g.explain()
    resolve(g)
    if g.pending.kind == "order_triggers":
        g.push(g.legal_actions()[0])
    assert len(g.current_state().stack) == 2 and on_battlefield(g, "Mulldrifter")
    resolve(g)
    resolve(g)
    assert not on_battlefield(g, "Mulldrifter") and names(g, ALICE, "graveyard") == ["Mulldrifter"]
    assert len(names(g, ALICE, "hand")) == 2


def test_evoke_alone_is_no_question_and_a_hard_cast_stays(db):
    players = """
  - name: Alice
    hand: [Mulldrifter]
    library: [Island, Island, Island]
    battlefield: [%s]
  - name: Bob
"""
    g = board(db, players % "Island, Island, Island")
    g.push(cast_action(g, "Mulldrifter"))      # only the evoke cost can be paid: chosen at once
    assert g.pending.kind == "pay" and "for its evoke cost {2}{U}" in g.explain()
    g = board(db, players % "Island, Island, Island, Island, Island")
    g.push(cast_action(g, "Mulldrifter"))
    pick(g, "pay its mana cost")
    g.push(Action("autopay"))
    resolve(g)
    resolve(g)
    assert on_battlefield(g, "Mulldrifter") and len(names(g, ALICE, "hand")) == 2


def test_dash_gives_haste_and_returns_the_creature_at_the_next_end_step(db):
    """Mardu Scout ({R}{R}, dash {1}{R}): cast for its dash cost it has haste, and it returns to
    its owner's hand at the beginning of the next end step (CR 702.109a)."""
    g = board(db, """
  - name: Alice
    hand: [Mardu Scout]
    battlefield: [Mountain, Mountain, Mountain]
  - name: Bob
""")
    g.push(cast_action(g, "Mardu Scout"))
    pick(g, "pay its dash cost {1}{R}")
    g.push(Action("autopay"))
    resolve(g)
    scout = on_battlefield(g, "Mardu Scout")[0]
    assert "haste" in keywords_of(g, scout)
    while g.current_state().step != "end":
        g.push(next(a for a in g.legal_actions() if a.kind in ("pass", "done", "attack")
                    or a.label.startswith("declare no")))
    while g.current_state().stack:
        resolve(g)
    assert names(g, ALICE, "hand") == ["Mardu Scout"]
    assert "702.109a" in g.explain()


def test_dash_left_unpaid_means_no_haste(db):
    g = board(db, """
  - name: Alice
    hand: [Mardu Scout]
    battlefield: [Mountain, Mountain, Mountain]
  - name: Bob
""")
    g.push(cast_action(g, "Mardu Scout"))
    pick(g, "pay its mana cost")
    g.push(Action("autopay"))
    resolve(g)
    assert "haste" not in keywords_of(g, on_battlefield(g, "Mardu Scout")[0])


def test_surge_only_after_another_spell_this_turn(db):
    """Comparative Analysis ({3}{U}, surge {2}{U}): the surge cost may be paid only once its
    caster has cast another spell this turn (CR 702.117a); that spell may have resolved
    (Comparative Analysis ruling 2016-01-22)."""
    g = board(db, """
  - name: Alice
    hand: [Comparative Analysis, Opt]
    library: [Island, Island, Island, Island]
    battlefield: [Island, Island, Island, Island]
  - name: Bob
""")
    g.push(cast_action(g, "Opt"))
    g.push(Action("autopay"))
    resolve(g)
    if g.pending.kind == "scry":
        g.push(g.legal_actions()[0])
    g.push(cast_action(g, "Comparative Analysis"))   # three Islands left: only surge is affordable
    if g.pending.kind == "targets":
        pick(g, "target Alice")
    g.push(Action("autopay"))
    assert "for its surge cost {2}{U}" in g.explain()
    g2 = board(db, """
  - name: Alice
    hand: [Comparative Analysis]
    battlefield: [Island, Island, Island]
  - name: Bob
""")
    assert cast_action(g2, "Comparative Analysis") is None


def test_if_its_surge_cost_was_paid(db):
    """Reckless Bushwhacker: its enters trigger has an intervening "if its surge cost was paid"
    (CR 603.4, 702.117a); cast for its mana cost, it does nothing."""
    players = """
  - name: Alice
    hand: [Reckless Bushwhacker, Opt]
    library: [Island, Island, Island]
    battlefield: [Mountain, Mountain, Mountain, Island, {card: Grizzly Bears, id: bears}]
  - name: Bob
"""
    g = board(db, players)
    g.push(cast_action(g, "Opt"))
    g.push(Action("autopay"))
    resolve(g)
    if g.pending.kind == "scry":
        g.push(g.legal_actions()[0])
    g.push(cast_action(g, "Reckless Bushwhacker"))
    pick(g, "pay its surge cost {1}{R}")
    g.push(Action("autopay"))
    resolve(g)
    resolve(g)
    bears = on_battlefield(g, "Grizzly Bears")[0]
    assert ch.power(g.current_state(), bears) == 3 and "haste" in keywords_of(g, bears)
    g = board(db, players)
    g.push(cast_action(g, "Reckless Bushwhacker"))
    g.push(Action("autopay"))
    resolve(g)
    assert not g.current_state().stack          # the condition is false: it doesn't trigger
    assert ch.power(g.current_state(), on_battlefield(g, "Grizzly Bears")[0]) == 2


# ------------------------------------------------------------------------------ storm


def test_storm_copies_once_per_spell_cast_before_it(db):
    """Grapeshot after Opt and Shock: the storm trigger puts two copies on the stack, each of
    which may get a new target (CR 702.40a, 707.10c; Grapeshot ruling 2013-06-07)."""
    g = board(db, """
  - name: Alice
    hand: [Opt, Shock, Grapeshot]
    library: [Island, Island, Island]
    battlefield: [Island, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    g.push(cast_action(g, "Opt"))
    g.push(Action("autopay"))
    resolve(g)
    if g.pending.kind == "scry":
        g.push(g.legal_actions()[0])
    g.push(cast_action(g, "Shock"))
    pick(g, "target Bob")
    g.push(Action("autopay"))
    resolve(g)
    g.push(cast_action(g, "Grapeshot"))
    pick(g, "target Bob")
    g.push(Action("autopay"))
    assert [i.label for i in g.current_state().stack][-1].startswith("Grapeshot's ability")
    resolve(g)                                   # the storm trigger resolves
    assert g.pending.kind == "new_target"
    pick(g, "target Grizzly Bears")              # first copy: at the Bears
    pick(g, "keep")                              # second copy: still Bob
    assert [i.label for i in g.current_state().stack] == ["Grapeshot", "Copy of Grapeshot", "Copy of Grapeshot"]
    for _ in range(3):
        resolve(g)
    s = g.current_state()
    assert s.players[BOB].life == 20 - 2 - 2
    assert names(g, BOB, "graveyard") == []      # 1 damage to a 2/2
    assert on_battlefield(g, "Grizzly Bears")[0].damage == 1


def test_storm_counts_spells_before_it_and_copies_a_countered_spell(db):
    """A spell cast in response to the storm trigger isn't counted; countering the storm spell
    doesn't stop the copies (Grapeshot rulings 2013-06-07)."""
    g = board(db, """
  - name: Alice
    hand: [Opt, Grapeshot]
    library: [Island, Island, Island]
    battlefield: [Island, Mountain, Mountain]
  - name: Bob
    hand: [Counterspell]
    battlefield: [Island, Island]
""")
    g.push(cast_action(g, "Opt"))
    g.push(Action("autopay"))
    resolve(g)
    if g.pending.kind == "scry":
        g.push(g.legal_actions()[0])
    g.push(cast_action(g, "Grapeshot"))
    pick(g, "target Bob")
    g.push(Action("autopay"))
    g.push(Action("pass"))                       # Bob gets priority with the trigger on top
    g.push(cast_action(g, "Counterspell"))       # its only legal target: Grapeshot
    g.push(Action("autopay"))
    resolve(g)                                   # Counterspell: Grapeshot is countered
    assert names(g, ALICE, "graveyard") == ["Grapeshot", "Opt"]
    resolve(g)                                   # the storm trigger: Opt only, one copy
    if g.pending.kind == "new_target":
        pick(g, "keep")
    assert [i.label for i in g.current_state().stack] == ["Copy of Grapeshot"]
    resolve(g)
    assert g.current_state().players[BOB].life == 19


# ------------------------------------------------------------------------------ extort, afflict, fading


def test_extort_drains_one_when_paid(db):
    """Syndic of Tithes: casting a spell triggers extort; paying {W/B} as it resolves makes Bob
    lose 1 life and Alice gain 1 (CR 702.101a); the choice is made on resolution (Syndic of
    Tithes ruling 2013-04-15), and declining does nothing."""
    g = board(db, """
  - name: Alice
    hand: [Savannah Lions, Savannah Lions]
    battlefield: [Syndic of Tithes, Plains, Plains, Plains, Plains]
  - name: Bob
""")
    g.push(cast_action(g, "Savannah Lions"))
    g.push(Action("autopay"))
    assert g.current_state().stack[-1].label.startswith("Syndic of Tithes' ability")
    resolve(g)
    assert g.pending.kind == "may"
    g.push(Action("yes"))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    s = g.current_state()
    assert (s.players[ALICE].life, s.players[BOB].life) == (21, 19)
    resolve(g)                                   # the Lions
    g.push(cast_action(g, "Savannah Lions"))
    g.push(Action("autopay"))
    resolve(g)
    g.push(Action("no"))
    s = g.current_state()
    assert (s.players[ALICE].life, s.players[BOB].life) == (21, 19)


def test_afflict_when_blocked(db):
    """Khenra Eternal (afflict 1): blocked, the defending player loses 1 life before combat
    damage; it isn't damage (CR 702.130a; Khenra Eternal rulings 2017-07-14)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Khenra Eternal, attacking: true}]
  - name: Bob
    battlefield: [Grizzly Bears]
""", step="declare_attackers", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "blockers"
    g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label and "Khenra" in a.label))
    while g.pending.kind == "blockers":
        g.push(next(a for a in g.legal_actions() if a.kind == "done"))
    assert g.current_state().stack and g.current_state().stack[-1].label.startswith("Khenra Eternal's ability")
    resolve(g)
    assert g.current_state().players[BOB].life == 19


def test_fading_counts_down_then_sacrifices(db):
    """Blastoderm (fading 3) enters with three fade counters; at each of its controller's
    upkeeps one is removed, and when none can be, it is sacrificed (CR 702.32a)."""
    g = board(db, """
  - name: Alice
    hand: [Blastoderm]
    battlefield: [Forest, Forest, Forest, Forest]
  - name: Bob
""")
    g.push(cast_action(g, "Blastoderm"))
    g.push(Action("autopay"))
    resolve(g)
    assert on_battlefield(g, "Blastoderm")[0].counters == {"fade": 3}
    players = """
  - name: Alice
    library: [Forest, Forest]
    battlefield: [{card: Blastoderm, counters: {fade: %d}}]
  - name: Bob
    library: [Forest, Forest]
"""
    g = board(db, players % 1, step="untap", turn=3)
    resolve(g)
    assert on_battlefield(g, "Blastoderm")[0].counters == {}
    g = board(db, players % 0, step="untap", turn=3)
    resolve(g)
    assert not on_battlefield(g, "Blastoderm") and names(g, ALICE, "graveyard") == ["Blastoderm"]


# ------------------------------------------------------------------------------ skulk, split second


def test_skulk_cant_be_blocked_by_greater_power(db):
    """Furtive Homunculus (2/1, skulk): a 3/3 can't block it, a 2/2 can (CR 702.118b)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Furtive Homunculus, attacking: true}]
  - name: Bob
    battlefield: [Hill Giant, Grizzly Bears]
""", step="declare_attackers", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    assert g.pending.kind == "blockers"
    blocks = [lab for lab in labels(g) if "blocks" in lab]
    assert blocks == ["Grizzly Bears blocks Furtive Homunculus"]
    s = g.current_state()
    giant = next(o for o in s.objs.values() if o.card.name == "Hill Giant")
    homunculus = next(o for o in s.objs.values() if o.card.name == "Furtive Homunculus")
    assert "skulk" in block_restriction(s, giant, homunculus) and "702.118b" in block_restriction(s, giant, homunculus)


def test_split_second_stops_spells_and_non_mana_abilities(db):
    """Sudden Shock on the stack: Bob can't cast Giant Growth or activate Prodigal Sorcerer's
    ability, but still gets priority and may activate mana abilities (CR 702.61a-b; Sudden Shock
    rulings 2013-06-07)."""
    g = board(db, """
  - name: Alice
    hand: [Sudden Shock]
    battlefield: [Mountain, Mountain]
  - name: Bob
    hand: [Giant Growth]
    battlefield: [Grizzly Bears, Forest, Prodigal Sorcerer]
""", turn=3)
    g.push(cast_action(g, "Sudden Shock"))
    pick(g, "target Grizzly Bears")
    g.push(Action("autopay"))
    g.push(Action("pass"))
    assert g.pending.player == BOB and g.pending.kind == "priority"
    kinds = {a.kind for a in g.legal_actions()}
    assert "cast" not in kinds and "activate" not in kinds and "mana" in kinds
    s = g.current_state()
    growth = s.objs[s.players[BOB].hand[0]]
    assert "split second" in why_not_cast(s, BOB, growth) and "702.61a" in why_not_cast(s, BOB, growth)
    g.push(Action("pass"))
    assert names(g, BOB, "graveyard") == ["Grizzly Bears"]


# ------------------------------------------------------------------------------ rampage


def test_rampage_counts_blockers_beyond_the_first_on_resolution(db):
    """Wolverine Pack (2/4, rampage 2) blocked by three creatures gets +4/+4, by one creature
    nothing; the bonus is counted as the trigger resolves (CR 702.23a-b)."""
    def blocked_by(*blockers: str):
        g = board(db, """
  - name: Alice
    battlefield: [{card: Wolverine Pack, attacking: true}]
  - name: Bob
    battlefield: [Grizzly Bears, Savannah Lions, Raging Goblin]
""", step="declare_attackers", turn=3)
        g.push(Action("pass"))
        g.push(Action("pass"))
        for b in blockers:
            pick(g, f"{b} blocks Wolverine Pack")
        if g.pending.kind == "blockers":
            g.push(next(a for a in g.legal_actions() if a.kind == "done"))
        return g

    g = blocked_by("Grizzly Bears", "Savannah Lions", "Raging Goblin")
    assert g.current_state().stack[-1].label.startswith("Wolverine Pack's ability")
    resolve(g)
    assert ch.power_toughness(g.current_state(), on_battlefield(g, "Wolverine Pack")[0]) == (6, 8)
    g = blocked_by("Grizzly Bears")
    resolve(g)
    assert ch.power_toughness(g.current_state(), on_battlefield(g, "Wolverine Pack")[0]) == (2, 4)


# ------------------------------------------------------------------------------ typecycling


def test_swampcycling_finds_a_swamp(db):
    """Twisted Abomination (swampcycling {2}): from the hand, pay {2} and discard it to search
    for a Swamp card, reveal it and put it into the hand (CR 702.29a, 702.29e)."""
    g = board(db, """
  - name: Alice
    hand: [Twisted Abomination]
    library: [Island, Swamp, Island]
    battlefield: [Mountain, Mountain]
  - name: Bob
""")
    act = next(a for a in g.legal_actions() if a.label.startswith("activate Twisted Abomination"))
    assert "Swampcycling {2}" in act.label
    g.push(act)
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve(g)
    if g.pending.kind == "search":
        pick(g, "Swamp")
    assert names(g, ALICE, "hand") == ["Swamp"] and names(g, ALICE, "graveyard") == ["Twisted Abomination"]
    assert names(g, ALICE, "library") == ["Island", "Island"]


def test_basic_landcycling_on_a_land_card(db):
    """Ash Barrens (basic landcycling {1}) is cycled from the hand like any card (CR 702.29e)."""
    g = board(db, """
  - name: Alice
    hand: [Ash Barrens]
    library: [Forest, Tropical Island]
    battlefield: [Mountain]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.label.startswith("activate Ash Barrens")))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve(g)
    if g.pending.kind == "search":
        labs = labels(g)
        assert not any("Tropical Island" in lab for lab in labs)      # not basic
        pick(g, "Forest")
    assert names(g, ALICE, "hand") == ["Forest"]


# ------------------------------------------------------------------------------ bloodthirst


def test_bloodthirst_needs_an_opponent_dealt_damage_this_turn(db):
    """Bloodrage Vampire (bloodthirst 1) enters with a +1/+1 counter only after Bob was dealt
    damage this turn (CR 702.54a); Alice dealing damage to herself doesn't count."""
    players = """
  - name: Alice
    hand: [Bloodrage Vampire, Shock]
    battlefield: [Swamp, Swamp, Swamp, Mountain]
  - name: Bob
"""
    for target, counters in (("Bob", {"+1/+1": 1}), ("Alice", {})):
        g = board(db, players)
        g.push(cast_action(g, "Shock"))
        pick(g, f"target {target}")
        g.push(Action("autopay"))
        resolve(g)
        g.push(cast_action(g, "Bloodrage Vampire"))
        g.push(Action("autopay"))
        resolve(g)
        assert on_battlefield(g, "Bloodrage Vampire")[0].counters == counters
    g = Game.from_json(g.to_json(), db)         # the record of damage this turn is saved
    assert g.current_state().players[ALICE].dealt_damage_this_turn


def test_granted_keywords_read_only_where_printed_are_refused(db):
    assert any("granting the keyword 'bloodthirst'" in u for u in db.get("Bloodlord of Vaasgoth").unsupported)


def test_up_to_two_target_creatures_each_get_the_bonus(db):
    """"Up to two target creatures each get +2/+2 until end of turn." (Dauntless Onslaught): every
    target chosen gets it (CR 115.1, 608.2)."""
    g = board(db, """
  - name: Alice
    hand: [Dauntless Onslaught]
    battlefield: [Grizzly Bears, Savannah Lions, Llanowar Elves, Plains, Plains, Plains]
  - name: Bob
""", turn=3)
    pick(g, "cast Dauntless Onslaught")
    wanted = ["Grizzly Bears", "Savannah Lions"]
    while g.pending.kind != "priority":
        chosen = next((a for a in g.legal_actions() for w in wanted if w in a.label), None)
        if chosen is not None:
            wanted = [w for w in wanted if w not in chosen.label]
        g.push(chosen or next(a for a in g.legal_actions() if a.kind in ("autopay", "done")))
    resolve(g)
    s = g.current_state()
    pts = {o.card.name: ch.power_toughness(s, o) for o in s.permanents(0) if ch.is_creature(s, o)}
    assert pts == {"Grizzly Bears": (4, 4), "Savannah Lions": (4, 3), "Llanowar Elves": (1, 1)}
