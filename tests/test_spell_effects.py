"""One-shot effects of spells and abilities (CR 608.2): land types set for a time (CR 305.7,
611.2), more land plays (CR 305.2), permissions to cast spells as though they had flash (CR 601.3),
"destroy all" of two types or of a target player's, and targets described with the X announced
(CR 601.2b-c), played with real cards and checked against their Oracle text and rulings."""
from __future__ import annotations

from manastack.engine.costs import alternative as alt_costs
from manastack.engine import combat, layers
from manastack.engine import characteristics as ch

from . import game_helpers
from .game_helpers import cast_and_pay, on_battlefield, pick, resolve


def _end_turn(g) -> None:
    """Pass priority (and declare no attackers) until the next turn begins."""
    turn = g.current_state().turn
    while g.current_state().turn == turn:
        kinds = [a.kind for a in g.legal_actions()]
        if g.pending.kind == "priority":
            pick(g, "pass")
        elif "done" in kinds:
            g.push(next(a for a in g.legal_actions() if a.kind == "done"))
        else:
            g.push(g.legal_actions()[0])


def test_kavu_recluse_makes_a_land_a_forest_until_end_of_turn(db):
    """Kavu Recluse: "{T}: Target land becomes a Forest until end of turn." The land loses its
    other land types and the abilities of its rules text and can tap for {G} (CR 305.7); the
    effect ends in the cleanup step (CR 514.2)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Kavu Recluse]
    library: [Island, Island]
  - name: Bob
    battlefield: [Volcanic Island]
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "activate Kavu Recluse", "Volcanic Island")
    resolve(g)
    [land] = on_battlefield(g, "Volcanic Island")
    card = layers.card_now(g.current_state(), land)
    assert card.subtypes == ("Forest",)
    assert card.text == "" and [ab.text for ab in card.abilities] == ["{T}: Add {G}."]
    _end_turn(g)
    assert set(layers.card_now(g.current_state(), land).subtypes) == {"Island", "Mountain"}


def test_jinx_sets_the_land_type_its_caster_chooses(db):
    """Jinx: "Target land becomes the basic land type of your choice until end of turn." The type
    is chosen as the spell resolves (CR 608.2d)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Jinx]
    battlefield: [Island, Island]
    library: [Island, Island, Island]
  - name: Bob
    battlefield: [Forest]
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Jinx", "Forest")
    resolve(g)
    assert g.pending.kind == "choose_land_type"
    assert [a.label for a in g.legal_actions()] == ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    pick(g, "Swamp")
    [land] = on_battlefield(g, "Forest")
    assert layers.card_now(g.current_state(), land).subtypes == ("Swamp",)


def test_thelonite_monk_makes_a_forest_for_good(db):
    """Thelonite Monk: "{T}, Sacrifice a green creature: Target land becomes a Forest." With no
    duration, the effect lasts (ruling: it lasts indefinitely; CR 611.2a)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Thelonite Monk, Grizzly Bears]
    library: [Island, Island]
  - name: Bob
    battlefield: [Island]
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "activate Thelonite Monk", "Island", "Grizzly Bears")
    resolve(g)
    [land] = on_battlefield(g, "Island")
    _end_turn(g)
    assert layers.card_now(g.current_state(), land).subtypes == ("Forest",)


def _with_bolt_on_stack(db, permanent: str):
    """Alice's main phase with her Lightning Bolt on the stack: only a spell she may cast as
    though it had flash can be cast now (CR 117.1a, 307.1)."""
    g = game_helpers.board(db, f"""
  - name: Alice
    hand: [Lightning Bolt, Grizzly Bears, Ornithopter, Ghitu Fire]
    battlefield: [{permanent}, Mountain, Forest, Forest]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Lightning Bolt", "Bob")
    return g


def test_vedalken_orrery_lets_its_controller_cast_spells_any_time(db):
    """Vedalken Orrery: "You may cast spells as though they had flash." (CR 601.3)."""
    g = _with_bolt_on_stack(db, "Vedalken Orrery")
    assert game_helpers.cast_action(g, "Grizzly Bears") is not None
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert on_battlefield(g, "Grizzly Bears")


def test_shimmer_myr_lets_only_artifact_spells_be_cast_any_time(db):
    """Shimmer Myr: "You may cast artifact spells as though they had flash.": Ornithopter yes,
    Grizzly Bears no."""
    g = _with_bolt_on_stack(db, "Shimmer Myr")
    assert game_helpers.cast_action(g, "Ornithopter") is not None
    assert game_helpers.cast_action(g, "Grizzly Bears") is None


def _land_plays(g) -> list[str]:
    return [a.label for a in g.legal_actions() if a.kind == "play"]


def test_explore_lets_its_caster_play_one_more_land_this_turn(db):
    """Explore: "You may play an additional land this turn. Draw a card." (CR 305.2): two lands
    this turn, and one again the next turn."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Explore, Forest, Forest, Forest]
    battlefield: [Forest, Forest]
    library: [Island, Island, Island]
  - name: Bob
    library: [Island, Island, Island]
""", turn=3)
    pick(g, "play Forest")
    assert not _land_plays(g)
    cast_and_pay(g, "cast Explore")
    resolve(g)
    assert _land_plays(g)
    pick(g, "play Forest")
    assert not _land_plays(g)
    assert len(on_battlefield(g, "Forest")) == 4


def test_summer_bloom_gives_up_to_three_more_land_plays(db):
    """Summer Bloom: "You may play up to three additional lands this turn." (CR 305.2)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Summer Bloom, Forest, Forest, Forest, Forest, Forest]
    battlefield: [Forest, Forest]
    library: [Island, Island, Island]
  - name: Bob
    library: [Island, Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Summer Bloom")
    resolve(g)
    for _ in range(4):
        pick(g, "play Forest")
    assert not _land_plays(g)
    assert len(on_battlefield(g, "Forest")) == 6


def _permanents(g, player: int) -> list[str]:
    return sorted(o.card.name for o in g.current_state().permanents(player))


def test_devastation_destroys_all_creatures_and_all_lands(db):
    """Devastation: "Destroy all creatures and lands.": each permanent of either type, and
    nothing else (Vedalken Orrery stays)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Devastation]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Grizzly Bears]
    library: [Island, Island]
  - name: Bob
    battlefield: [Island, Vedalken Orrery, Dryad Arbor]
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Devastation")
    resolve(g)
    assert _permanents(g, 0) == []
    assert _permanents(g, 1) == ["Vedalken Orrery"]


def test_primeval_light_destroys_the_enchantments_of_the_target_player_only(db):
    """Primeval Light: "Destroy all enchantments target player controls." Only the player is
    targeted (CR 115.1): the caster's own enchantments stay."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Primeval Light]
    battlefield: [Forest, Forest, Forest, Forest, Spiritual Asylum]
    library: [Island, Island]
  - name: Bob
    battlefield: [Island, Fountain Watch, Serenity]
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Primeval Light", "Bob")
    resolve(g)
    assert "Spiritual Asylum" in _permanents(g, 0)
    assert _permanents(g, 1) == ["Fountain Watch", "Island"]    # a creature


def test_ghitu_fire_needs_no_extra_mana_under_vedalken_orrery(db):
    """Ghitu Fire: "You may cast ~ as though it had flash if you pay {2} more to cast it." The
    {2} is the price of its own permission only: cast at instant speed thanks to Vedalken Orrery,
    it costs its mana cost (CR 601.3, 601.2f)."""
    for permanent, tax in (("Vedalken Orrery", None), ("Shimmer Myr", "{2}")):
        g = _with_bolt_on_stack(db, permanent)
        s = g.current_state()
        fire = next(o for o in s.objs.values() if o.card.name == "Ghitu Fire")
        found = alt_costs.flash_tax(s, 0, fire)
        assert (None if found is None else str(found)) == tax


def _x_labels(g) -> list[str]:
    return [a.label for a in g.legal_actions()]


def test_disembowel_x_is_the_mana_value_of_its_target(db):
    """Disembowel: "Destroy target creature with mana value X." X is announced before the
    target is chosen (CR 601.2b-c): with Grizzly Bears (mana value 2) as the target, X can only
    be 2; checked again as it resolves (CR 608.2b)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Disembowel]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
    library: [Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears, Hill Giant]
    library: [Island, Island]
""", turn=3)
    pick(g, "cast Disembowel")
    assert {a.label for a in g.legal_actions()} == {"target Grizzly Bears", "target Hill Giant"}
    pick(g, "target Grizzly Bears")      # one X fits: it is announced without asking
    while g.pending.kind == "pay":
        g.push(game_helpers.Action("autopay"))
    assert g.current_state().stack[-1].x == 2
    assert len(on_battlefield(g, "Swamp")) == 5 and sum(o.tapped for o in on_battlefield(g, "Swamp")) == 3
    resolve(g)
    assert _permanents(g, 1) == ["Hill Giant"]


def test_disembowel_cant_target_what_its_caster_cant_pay_for(db):
    """With three Swamps, X is at most 2: Hill Giant (mana value 4) fits no X that can be paid,
    so that cast never happens (CR 601.2c, 601.2h)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Disembowel]
    battlefield: [Swamp, Swamp, Swamp]
    library: [Island, Island]
  - name: Bob
    battlefield: [Hill Giant]
    library: [Island, Island]
""", turn=3)
    pick(g, "cast Disembowel")           # the one target is chosen without asking; no X fits
    assert g.pending.kind == "priority"
    assert "Disembowel" in game_helpers.names(g, 0, "hand") and not g.current_state().stack
    assert not any(o.tapped for o in on_battlefield(g, "Swamp"))


def test_gang_up_x_is_at_least_the_power_of_its_target(db):
    """Gang Up: "Destroy target creature with power X or less.": any X from the target's power
    up (CR 601.2b-c)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Gang Up]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp]
    library: [Island, Island]
  - name: Bob
    battlefield: [Hill Giant]
    library: [Island, Island]
""", turn=3)
    pick(g, "cast Gang Up")
    while g.pending.kind != "x":
        g.push(next(a for a in g.legal_actions() if "Hill Giant" in a.label or a.kind in ("done", "no")))
    assert _x_labels(g) == ["X = 3", "X = 4"]


def test_droning_bureaucrats_reads_x_as_its_ability_resolves(db):
    """Droning Bureaucrats: "{X}, {T}: Each creature with mana value X can't attack or block this
    turn." The group is kept with X as announced (CR 107.3, 611.2c): Grizzly Bears (mana value 2)
    can't block, Hill Giant (4) can."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Droning Bureaucrats, Island, Island]
    library: [Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears, Hill Giant]
    library: [Island, Island]
""", turn=3)
    pick(g, "activate Droning Bureaucrats")
    pick(g, "X = 2")
    while g.pending.kind == "pay":
        g.push(game_helpers.Action("autopay"))
    resolve(g)
    s = g.current_state()
    [bears], [giant] = on_battlefield(g, "Grizzly Bears"), on_battlefield(g, "Hill Giant")
    assert combat.restricted(s, bears, combat.Rule.CANT_BLOCK) and not combat.restricted(s, giant, combat.Rule.CANT_BLOCK)


def test_packs_disdain_counts_permanents_of_the_type_chosen_as_it_resolves(db):
    """Pack's Disdain: "Choose a creature type. Target creature gets -1/-1 until end of turn for
    each permanent of the chosen type you control." The type is chosen as it resolves
    (CR 608.2d): two Bears make Craw Wurm 4/2."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Pack's Disdain]
    battlefield: [Swamp, Swamp, Grizzly Bears, Grizzly Bears, Hill Giant]
    library: [Island, Island]
  - name: Bob
    battlefield: [Craw Wurm]
    library: [Island, Island]
""", turn=3)
    [wurm] = on_battlefield(g, "Craw Wurm")
    cast_and_pay(g, "cast Pack's Disdain", "Craw Wurm")
    resolve(g)
    assert g.pending.kind == "choose_creature_type"
    assert [a.label for a in g.legal_actions()][:2] == ["Bear", "Giant"]
    pick(g, "Bear")
    s = g.current_state()
    assert (ch.power(s, s.objs[wurm.id]), ch.toughness(s, s.objs[wurm.id])) == (4, 2)


def test_dark_deal_each_player_draws_one_fewer_than_they_discarded(db):
    """Dark Deal: "Each player discards all the cards in their hand, then draws that many cards
    minus one." (CR 701.9a, 121.1): Alice discards two and draws one; Bob discards one and draws
    none."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Dark Deal, Grizzly Bears, Hill Giant]
    battlefield: [Swamp, Swamp, Swamp]
    library: [Island, Island, Island]
  - name: Bob
    hand: [Craw Wurm]
    library: [Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Dark Deal")
    resolve(g)
    assert game_helpers.names(g, 0, "hand") == ["Island"]
    assert game_helpers.names(g, 1, "hand") == []
    assert game_helpers.names(g, 0, "graveyard") == ["Dark Deal", "Grizzly Bears", "Hill Giant"]
    assert game_helpers.names(g, 1, "graveyard") == ["Craw Wurm"]


def test_tolarian_winds_draws_as_many_as_were_discarded(db):
    """Tolarian Winds: "Discard all the cards in your hand, then draw that many cards."."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Tolarian Winds, Grizzly Bears, Hill Giant]
    battlefield: [Island, Island]
    library: [Island, Island, Island]
  - name: Bob
    hand: [Craw Wurm]
    library: [Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Tolarian Winds")
    resolve(g)
    assert game_helpers.names(g, 0, "hand") == ["Island", "Island"]
    assert game_helpers.names(g, 1, "hand") == ["Craw Wurm"]


def test_amnesia_discards_only_the_nonland_cards(db):
    """Amnesia: "Target player reveals their hand and discards all nonland cards." (CR 701.20a,
    701.9a): Bob keeps his land."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Amnesia]
    battlefield: [Island, Island, Island, Island, Island, Island]
    library: [Island, Island, Island]
  - name: Bob
    hand: [Craw Wurm, Forest, Lightning Bolt]
    library: [Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Amnesia", "Bob")
    resolve(g)
    assert game_helpers.names(g, 1, "hand") == ["Forest"]
    assert game_helpers.names(g, 1, "graveyard") == ["Craw Wurm", "Lightning Bolt"]


def test_fumigate_gains_life_for_each_creature_actually_destroyed(db):
    """Fumigate: "Destroy all creatures. You gain 1 life for each creature destroyed this way."
    An indestructible creature isn't destroyed (CR 702.12b), so it isn't counted."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Fumigate]
    battlefield: [Plains, Plains, Plains, Plains, Plains, Grizzly Bears]
    library: [Island, Island, Island]
  - name: Bob
    battlefield: [Hill Giant, Darksteel Myr, Island]
    library: [Forest, Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Fumigate")
    resolve(g)
    s = g.current_state()
    assert s.players[0].life == 22
    assert _permanents(g, 1) == ["Darksteel Myr", "Island"]
