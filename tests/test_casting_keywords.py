"""Casting-side keywords, run with real corpus cards and their official rulings (cited by date,
paraphrased): spectacle (CR 702.137), jump-start (CR 702.133). The scenarios/cards/ files play
the main cases."""
from __future__ import annotations

from manastack import Game
from manastack.engine.costs import alternative as alt_costs
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.engine.filters import party_size
from manastack.engine.legality import why_not_cast

from .game_helpers import board, cast_action, labels, names, pick, resolve

ALICE, BOB = 0, 1


def permanents(g: Game, player: int) -> list[str]:
    return sorted(o.card.name for o in g.current_state().permanents(player))


def card_id(g: Game, player: int, zone: str, name: str) -> int:
    s = g.current_state()
    return next(i for i in s.players[player].zone(zone) if s.objs[i].card.name == name)


# ------------------------------------------------------------------------------ spectacle


def test_spectacle_needs_an_opponent_who_lost_life_this_turn(db):
    """Rafter Demon ({2}{B}{R}, spectacle {3}{B}{R}): the spectacle cost is offered only once an
    opponent lost life this turn (CR 702.137a); Alice's own loss of life doesn't count. Its
    enters trigger checks "if its spectacle cost was paid" (CR 603.4)."""
    players = """
  - name: Alice
    hand: [Rafter Demon, Shock]
    battlefield: [Swamp, Swamp, Swamp, Mountain, Mountain, Mountain]
  - name: Bob
    hand: [Forest]
"""
    g = board(db, players, turn=3)
    g.push(cast_action(g, "Shock"))
    pick(g, "target Alice")
    g.push(Action("autopay"))
    resolve(g)
    assert g.current_state().players[ALICE].life_lost_this_turn == 2
    g.push(cast_action(g, "Rafter Demon"))        # no question: Bob has lost no life
    g.push(Action("autopay"))
    assert "spectacle" not in g.current_state().objs[g.current_state().stack[-1].source].cast_costs
    resolve(g)
    assert names(g, BOB, "hand") == ["Forest"]      # not paid: the trigger doesn't trigger

    g = board(db, players, turn=3)
    g.push(cast_action(g, "Shock"))
    pick(g, "target Bob")
    g.push(Action("autopay"))
    resolve(g)
    g.push(cast_action(g, "Rafter Demon"))
    assert g.pending.kind == "alternative_cost"
    pick(g, "pay its spectacle cost {3}{B}{R}")
    g.push(Action("autopay"))
    assert "for its spectacle cost {3}{B}{R} rather than its mana cost" in g.explain()
    resolve(g)                                      # the Demon enters, its trigger goes on the stack
    resolve(g)
    assert names(g, BOB, "hand") == [] and names(g, BOB, "graveyard") == ["Forest"]


def test_life_lost_this_turn_is_saved_and_starts_at_zero_each_turn(db):
    """The life a player lost this turn is part of the game state: a save keeps it, and the next
    turn starts from zero (CR 702.137a speaks of "this turn")."""
    g = board(db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Mountain]
  - name: Bob
""", turn=3)
    g.push(cast_action(g, "Shock"))
    pick(g, "target Bob")
    g.push(Action("autopay"))
    resolve(g)
    assert g.current_state().players[BOB].life_lost_this_turn == 2
    loaded = Game.from_json(g.to_json(), db)
    assert loaded.current_state().players[BOB].life_lost_this_turn == 2
    while g.current_state().turn == 3:
        g.push(Action("pass"))
    assert g.current_state().players[BOB].life_lost_this_turn == 0


# ------------------------------------------------------------------------------ jump-start


def test_jump_start_casts_from_the_graveyard_discarding_a_card_then_exiles(db):
    """Radical Idea ({1}{U}, jump-start): from the graveyard for its mana cost plus a discarded
    card (CR 702.133a); it resolves, draws, and is exiled rather than put back into the
    graveyard (Radical Idea rulings 2018-10-05)."""
    g = board(db, """
  - name: Alice
    hand: [Forest]
    library: [Island, Plains]
    graveyard: [Radical Idea]
    battlefield: [Island, Island]
  - name: Bob
""", turn=3)
    action = cast_action(g, "Radical Idea")
    assert action.label == "cast Radical Idea from the graveyard with jump-start, discarding a card"
    g.push(action)
    g.push(Action("autopay"))
    if g.pending.kind == "discard":
        pick(g, "Forest")
    assert names(g, ALICE, "graveyard") == ["Forest"] and names(g, ALICE, "hand") == []
    resolve(g)
    assert names(g, ALICE, "exile") == ["Radical Idea"]
    assert names(g, ALICE, "hand") == ["Island"] and names(g, ALICE, "graveyard") == ["Forest"]


def test_jump_start_needs_a_card_to_discard(db):
    """With an empty hand the additional cost can't be paid, so the card can't be cast from the
    graveyard (CR 601.2h, 118.3)."""
    g = board(db, """
  - name: Alice
    graveyard: [Radical Idea]
    battlefield: [Island, Island]
  - name: Bob
""", turn=3)
    s = g.current_state()
    reason = why_not_cast(s, ALICE, s.objs[card_id(g, ALICE, "graveyard", "Radical Idea")])
    assert reason is not None and "jump-start" in reason
    assert cast_action(g, "Radical Idea") is None


# ------------------------------------------------------------------------------ replicate, conspire


def test_replicate_is_offered_as_often_as_the_mana_pays_and_each_copy_gets_new_targets(db):
    """Gigadrowse ({U}, replicate {U}: tap target permanent): with three Islands the replicate
    cost can be paid up to twice (CR 702.56a, 601.2f); paid once, the cast trigger makes one
    copy, whose target may change (CR 707.10c). Unpaid, nothing triggers."""
    players = """
  - name: Alice
    hand: [Gigadrowse]
    battlefield: [Island, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears, Forest]
"""
    g = board(db, players, turn=3)
    g.push(cast_action(g, "Gigadrowse"))
    assert g.pending.kind == "replicate"
    assert [a.args[0] for a in g.legal_actions()] == [0, 1, 2]
    g.push(Action("replicate", (1,)))
    pick(g, "target Grizzly Bears")
    g.push(Action("autopay"))
    s = g.current_state()
    assert [i.label for i in s.stack] == ["Gigadrowse", "Gigadrowse's ability"]
    resolve(g)
    assert g.pending.kind == "new_target"
    pick(g, "target Forest")
    resolve(g)
    resolve(g)
    s = g.current_state()
    tapped = sorted(o.card.name for o in s.permanents(BOB) if o.tapped)
    assert tapped == ["Forest", "Grizzly Bears"] and not s.stack

    g = board(db, players, turn=3)
    g.push(cast_action(g, "Gigadrowse"))
    g.push(Action("replicate", (0,)))
    pick(g, "target Grizzly Bears")
    g.push(Action("autopay"))
    assert [i.label for i in g.current_state().stack] == ["Gigadrowse"]


def test_conspire_taps_only_creatures_sharing_a_color_with_the_spell(db):
    """Burn Trail (red) with conspire: only untapped creatures of Alice's that share a color with
    it can pay (CR 702.78a); with one red creature the cost can't be paid, so it isn't offered."""
    g = board(db, """
  - name: Alice
    hand: [Burn Trail]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Goblin Piker, Goblin Piker, Grizzly Bears]
  - name: Bob
""", turn=3)
    g.push(cast_action(g, "Burn Trail"))
    assert g.pending.kind == "conspire"
    g.push(Action("conspire", (1,)))
    pick(g, "target Bob")
    g.push(Action("autopay"))
    assert g.pending.kind == "tap_cost"
    s = g.current_state()
    assert sorted(s.objs[a.args[0]].card.name for a in g.legal_actions()) == ["Goblin Piker", "Goblin Piker"]

    g = board(db, """
  - name: Alice
    hand: [Burn Trail]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Goblin Piker, Grizzly Bears, Grizzly Bears]
  - name: Bob
""", turn=3)
    g.push(cast_action(g, "Burn Trail"))
    assert g.pending.kind == "targets"            # no conspire question: it can't be paid


# ------------------------------------------------------------------------------ assist


def test_assist_offers_the_generic_mana_the_other_player_can_pay(db):
    """Charging Binox ({7}{G}, assist): Bob may pay up to the {6} his lands make of the generic
    mana (CR 702.132a); the {G} stays Alice's, so without a green source of her own she can't
    cast it, whatever Bob's Forests make (Charging Binox ruling 2018-06-08)."""
    players = """
  - name: Alice
    hand: [Charging Binox]
    battlefield: [%s, Mountain]
  - name: Bob
    battlefield: [Forest, Forest, Forest, Forest, Forest, Forest]
"""
    g = board(db, players % "Forest", turn=3)
    g.push(cast_action(g, "Charging Binox"))
    assert g.pending.kind == "assist" and g.pending.player == ALICE
    pick(g, "choose Bob")
    assert g.pending.kind == "assist_pay" and g.pending.player == BOB
    assert [a.args[0] for a in g.legal_actions()] == [0, 1, 2, 3, 4, 5, 6]
    g.push(Action("assist_pay", (6,)))
    g.push(Action("autopay"))                       # Bob pays {6}
    assert g.pending.player == ALICE and g.pending.kind == "pay" and g.pending.context["cost"] == "{1}{G}"

    g = board(db, players % "Mountain", turn=3)
    s = g.current_state()
    reason = why_not_cast(s, ALICE, s.objs[card_id(g, ALICE, "hand", "Charging Binox")])
    assert reason is not None and "can't pay" in reason


def test_assist_refused_leaves_the_caster_to_pay_or_cancel(db):
    """If Bob pays nothing, Alice must pay the whole cost herself; she can't, so cancelling
    undoes the cast (CR 601.2e-h, 732)."""
    g = board(db, """
  - name: Alice
    hand: [Charging Binox]
    battlefield: [Forest, Mountain]
  - name: Bob
    battlefield: [Forest, Forest, Forest, Forest, Forest, Forest]
""", turn=3)
    g.push(cast_action(g, "Charging Binox"))
    pick(g, "choose Bob")
    g.push(Action("assist_pay", (0,)))
    assert g.pending.kind == "pay" and "autopay" not in [a.kind for a in g.legal_actions()]
    g.push(Action("cancel"))
    s = g.current_state()
    assert not s.stack and names(g, ALICE, "hand") == ["Charging Binox"]
    assert not any(o.tapped for o in s.permanents(BOB))


# ------------------------------------------------------------------------------ transmute


def test_transmute_searches_for_the_discarded_cards_mana_value_as_a_sorcery(db):
    """Dimir House Guard ({3}{B}, transmute {1}{B}{B}): from the hand, discarding it, a search for
    a card of mana value 4 (CR 702.53a); only as a sorcery, so not while a spell is on the stack."""
    g = board(db, """
  - name: Alice
    hand: [Dimir House Guard, Shock]
    library: [Grizzly Bears, Hill Giant, Serra Angel]
    battlefield: [Swamp, Swamp, Swamp, Mountain]
  - name: Bob
""", turn=3)
    label = "activate Dimir House Guard: Transmute {1}{B}{B} (CR 702.53a)"
    assert label in labels(g)
    g.push(cast_action(g, "Shock"))
    pick(g, "target Bob")
    g.push(next(a for a in g.legal_actions() if a.kind == "mana" and "Mountain" in a.label))
    assert g.current_state().stack and label not in labels(g)      # CR 307.1: not as a sorcery now
    resolve(g)
    pick(g, label)
    g.push(Action("autopay"))
    assert names(g, ALICE, "graveyard") == ["Dimir House Guard", "Shock"]
    resolve(g)
    assert g.pending.kind == "search"
    s = g.current_state()
    assert [s.objs[a.args[0]].card.name for a in g.legal_actions() if a.kind == "choose"] == ["Hill Giant"]
    pick(g, "Hill Giant")
    assert names(g, ALICE, "hand") == ["Hill Giant"]


# ------------------------------------------------------------------------------ printed alternative costs


def test_printed_alternative_cost_sacrifices_a_mountain(db):
    """Crash ({2}{R}): "You may sacrifice a Mountain rather than pay this spell's mana cost."
    (CR 118.9): offered beside the mana cost, paid by sacrificing the Mountain (CR 601.2h)."""
    g = board(db, """
  - name: Alice
    hand: [Crash]
    battlefield: [Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Ornithopter]
""", turn=3)
    g.push(cast_action(g, "Crash"))
    assert g.pending.kind == "alternative_cost"
    assert labels(g) == ["pay its mana cost {2}{R}", "pay its alternative cost (sacrifice a Mountain)"]
    pick(g, "pay its alternative cost")
    if g.pending.kind == "targets":
        pick(g, "target Ornithopter")
    assert g.pending.kind == "sacrifice"
    g.push(g.legal_actions()[0])                    # the Mountain to sacrifice
    resolve(g)
    assert names(g, ALICE, "graveyard") == ["Crash", "Mountain"] and names(g, BOB, "graveyard") == ["Ornithopter"]
    assert not any(o.tapped for o in g.current_state().permanents(ALICE))


def test_alternative_costs_the_engine_cannot_pay_stay_unsupported(db):
    """Parts the engine doesn't pay keep the card unsupported rather than half-read: a card of
    mana value X (Blazing Shoal), cards from the graveyard (Spinning Darkness)."""
    for name in ("Blazing Shoal", "Spinning Darkness"):
        assert not db.get(name).fully_supported, name
    assert db.get("Crash").fully_supported and db.get("Bringer of the Red Dawn").fully_supported


# ------------------------------------------------------------------------------ party (CR 700.8)


def test_party_counts_each_creature_once_and_takes_the_highest_count(db):
    """CR 700.8, 700.8b: up to one each of Cleric, Rogue, Warrior and Wizard; two Clerics are a
    party of one, four changelings a full party of four (Sea Gate Colossus rulings 2020-09-25)."""
    def size(battlefield: str) -> int:
        g = board(db, f"""
  - name: Alice
    battlefield: [{battlefield}]
  - name: Bob
""", turn=3)
        return party_size(g.current_state(), ALICE)

    assert size("Cabal Evangel, Soulmender") == 1
    assert size("Woodland Changeling") == 1
    assert size("Woodland Changeling, Woodland Changeling, Woodland Changeling, Woodland Changeling, "
                "Woodland Changeling") == 4
    assert size("Island") == 0


def test_for_each_creature_in_your_party_on_resolution(db):
    """Shepherd of Heroes (an Angel Cleric): "you gain 2 life for each creature in your party",
    counted as the trigger resolves (CR 700.8a): itself and a changeling make two, so 4 life."""
    g = board(db, """
  - name: Alice
    hand: [Shepherd of Heroes]
    battlefield: [Plains, Plains, Plains, Plains, Plains, Woodland Changeling]
  - name: Bob
""", turn=3)
    g.push(cast_action(g, "Shepherd of Heroes"))
    g.push(Action("autopay"))
    resolve(g)
    resolve(g)
    assert g.current_state().players[ALICE].life == 24


def test_force_of_negation_exiles_only_a_blue_card_and_only_off_its_casters_turn(db):
    """Force of Negation: "If it's not your turn, you may exile a blue card from your hand rather
    than pay this spell's mana cost." A land card is colorless, and Force of Negation can't pay for
    itself (Force of Negation ruling 2019-06-14); on its caster's own turn the cost isn't offered."""
    players = """
  - name: Alice
    hand: [Shock]
    battlefield: [Mountain]
  - name: Bob
    hand: [Force of Negation, Force of Negation, Opt, Island]
"""
    g = board(db, players, turn=3)
    g.push(cast_action(g, "Shock"))
    pick(g, "target Bob")
    g.push(Action("autopay"))
    g.push(Action("pass"))                          # Bob gets priority
    g.push(cast_action(g, "Force of Negation"))
    if g.pending.kind == "targets":
        pick(g, "target Shock")
    assert g.pending.kind == "exile_cost"
    s = g.current_state()
    assert sorted(s.objs[a.args[0]].card.name for a in g.legal_actions()) == ["Force of Negation", "Opt"]

    g = board(db, """
  - name: Alice
    hand: [Force of Negation, Opt]
  - name: Bob
""", turn=3)                                        # Alice's own turn
    s = g.current_state()
    fon = card_id(g, ALICE, "hand", "Force of Negation")
    assert "alternative" not in [c for opts in alt_costs.cast_options(s, ALICE, s.objs[fon]) for c in opts]


# ------------------------------------------------------------------------------ "as though it had flash"


def test_cast_as_though_it_had_flash_is_sacrificed_only_when_cast_at_instant_speed(db):
    """Parapet ("You may cast ~ as though it had flash. If you cast it any time a sorcery couldn't
    have been cast, ... sacrifices it at the beginning of the next cleanup step."): castable on
    Bob's turn (CR 601.3), then sacrificed in the cleanup step (CR 603.7c, 514.3a); cast in Alice's
    main phase with the stack empty, it stays."""
    players = """
  - name: Alice
    hand: [Parapet]
    library: [Island, Island, Island]
    battlefield: [Plains, Plains]
  - name: Bob
    library: [Island, Island, Island]
"""
    g = board(db, players, turn=3)
    while g.current_state().active != BOB or g.pending.player != ALICE or g.pending.kind != "priority" \
            or cast_action(g, "Parapet") is None:      # Bob's turn: only as though it had flash
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    g.push(cast_action(g, "Parapet"))
    g.push(Action("autopay"))
    resolve(g)
    assert permanents(g, ALICE) == ["Parapet", "Plains", "Plains"]
    while g.current_state().turn == 4:
        g.push(g.legal_actions()[0] if g.pending.kind != "priority" else Action("pass"))
    assert names(g, ALICE, "graveyard") == ["Parapet"]

    g = board(db, players, turn=3)
    g.push(cast_action(g, "Parapet"))
    g.push(Action("autopay"))
    resolve(g)
    assert not g.current_state().effects
    while g.current_state().turn == 3:
        g.push(Action("pass"))
    assert permanents(g, ALICE) == ["Parapet", "Plains", "Plains"]


# ------------------------------------------------------------------------------ embalm, eternalize


def test_embalm_token_is_a_white_zombie_copy_with_no_mana_cost_and_survives_a_save(db):
    """Sacred Cat's embalm token: a copy of the printed card that is white, a Zombie in addition
    to a Cat, with no mana cost, so mana value 0 (CR 702.128a; Sacred Cat rulings 2017-04-18)."""
    g = board(db, """
  - name: Alice
    graveyard: [Sacred Cat]
    battlefield: [Plains]
  - name: Bob
""", turn=3)
    pick(g, "activate Sacred Cat: Embalm {W}")
    g.push(Action("autopay"))
    resolve(g)
    s = g.current_state()
    token = next(o for o in s.permanents(ALICE) if o.card.name == "Sacred Cat")
    assert token.is_token and ch.colors(s, token) == ("W",) and ch.mana_value(token) == 0
    assert set(token.card.subtypes) == {"Cat", "Zombie"} and "lifelink" in ch.keywords(s, token)
    loaded = Game.from_json(g.to_json(), db).current_state()
    again = next(o for o in loaded.permanents(ALICE) if o.card.name == "Sacred Cat")
    assert again.card.subtypes == token.card.subtypes and ch.colors(loaded, again) == ("W",)


def test_eternalize_token_is_black_and_four_four(db):
    """Steadfast Sentinel (2/3): its eternalize token is a black 4/4 Zombie Human Cleric
    (CR 702.129a)."""
    g = board(db, """
  - name: Alice
    graveyard: [Steadfast Sentinel]
    battlefield: [Plains, Plains, Plains, Plains, Plains, Plains]
  - name: Bob
""", turn=3)
    pick(g, "activate Steadfast Sentinel: Eternalize")
    g.push(Action("autopay"))
    resolve(g)
    s = g.current_state()
    token = next(o for o in s.permanents(ALICE) if o.card.name == "Steadfast Sentinel")
    assert ch.colors(s, token) == ("B",) and ch.power_toughness(s, token) == (4, 4)
    assert "Zombie" in token.card.subtypes and "Cleric" in token.card.subtypes


# ------------------------------------------------------------------------------ "Cast ~ only ..." (CR 601.3)


def test_attacked_only_through_a_planeswalker_is_not_attacked(db):
    """Eightfold Maze: if every attacker attacks Bob's planeswalker, Bob hasn't been attacked and
    can't cast it (Eightfold Maze ruling 2009-10-01); the restriction compiles to a
    CastRestriction (CR 601.3)."""
    restriction = next(ab for ab in db.get("Eightfold Maze").abilities if type(ab).__name__ == "CastRestriction")
    assert restriction.steps == ("declare_attackers",) and restriction.attacked
    g = board(db, """
  - name: Alice
    battlefield: [Grizzly Bears]
  - name: Bob
    hand: [Eightfold Maze]
    battlefield: [Plains, Plains, Plains, Garruk Wildspeaker]
""", turn=3)
    while g.current_state().step != "beginning_of_combat":
        g.push(Action("pass"))
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    s = g.current_state()
    bears = next(o for o in s.permanents(ALICE) if o.card.name == "Grizzly Bears")
    garruk = next(o for o in s.permanents(BOB) if o.card.name == "Garruk Wildspeaker")
    g.push(Action("attack", (bears.id, garruk.id)))
    if g.pending.kind == "attackers":
        g.push(Action("done"))
    while g.pending.player != BOB:
        g.push(Action("pass"))
    s = g.current_state()
    assert s.step == "declare_attackers"
    reason = why_not_cast(s, BOB, s.objs[card_id(g, BOB, "hand", "Eightfold Maze")])
    assert reason is not None and "attacked" in reason


# ------------------------------------------------------------------------------ prowl


def _after_combat_damage(db, attacker: str):
    g = board(db, f"""
  - name: Alice
    hand: [Morsel Theft]
    library: [Forest, Plains]
    battlefield: [Swamp, Swamp, {attacker}]
  - name: Bob
    library: [Forest, Plains]
""", turn=3)
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    s = g.current_state()
    g.push(Action("attack", (next(o.id for o in s.permanents(ALICE) if o.card.name == attacker),)))
    if g.pending.kind == "attackers":
        g.push(Action("done"))
    while g.current_state().step != "main2":
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    return g


def test_prowl_needs_combat_damage_from_a_source_sharing_a_creature_type(db):
    """Morsel Theft (Tribal Sorcery — Rogue, prowl {1}{B}): after a changeling (every creature
    type) dealt combat damage to Bob the prowl cost may be paid (CR 702.76a, 702.73a), and "if this
    spell's prowl cost was paid, draw a card" holds; after Grizzly Bears (a Bear) it may not."""
    g = _after_combat_damage(db, "Woodland Changeling")
    assert g.current_state().players[ALICE].combat_damage_types == ("*",)
    g.push(cast_action(g, "Morsel Theft"))
    if g.pending.kind == "targets":
        pick(g, "target Bob")
    g.push(Action("autopay"))
    assert "for its prowl cost {1}{B}" in g.explain()
    resolve(g)
    s = g.current_state()
    assert s.players[BOB].life == 20 - 2 - 3 and names(g, ALICE, "hand") == ["Forest"]

    g = _after_combat_damage(db, "Grizzly Bears")
    assert g.current_state().players[ALICE].combat_damage_types == ("Bear",)
    assert cast_action(g, "Morsel Theft") is None          # {2}{B}{B} is more than two Swamps


def test_flash_for_two_more_only_when_cast_at_instant_speed(db):
    """Ghitu Fire ({X}{R}): "as though it had flash if you pay {2} more": in Alice's main phase
    with the stack empty it costs {X}{R}; while Shock is on the stack {2} more, which isn't part of
    its mana cost, so its mana value stays X + 1 (Ghitu Fire ruling 2004-10-04)."""
    players = """
  - name: Alice
    hand: [Ghitu Fire, Shock]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
"""
    g = board(db, players, turn=3)
    s = g.current_state()
    fire = s.objs[card_id(g, ALICE, "hand", "Ghitu Fire")]
    assert alt_costs.cast_options(s, ALICE, fire) == [()]
    g.push(cast_action(g, "Shock"))
    pick(g, "target Bob")
    g.push(next(a for a in g.legal_actions() if a.kind == "mana"))
    s = g.current_state()
    assert alt_costs.cast_options(s, ALICE, s.objs[fire.id]) == [("flash_tax",)]
    g.push(cast_action(g, "Ghitu Fire"))
    pick(g, "target Bob")
    g.push(Action("x", (1,)))
    assert "total cost is {3}{R}" in g.explain() and "plus {2} to cast it as though it had flash" in g.explain()
    g.push(Action("autopay"))
    s = g.current_state()
    assert ch.mana_value(s.objs[s.stack[-1].source]) == 2
