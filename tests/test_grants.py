"""Durations and granted abilities (CR 611.2, 613.1f, 113.10): "Until end of turn, ..." put
first, quoted abilities an effect gives a permanent for a time, and the impulse permission "Until
end of turn, you may play that card" (CR 601.3), with real cards and their rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine import layers
from manastack.game import Game

from . import game_helpers
from .game_helpers import cast_and_pay, names, on_battlefield, pick, resolve


def _step(g, attack: bool = False) -> None:
    """One decision: attack with everything (or with nothing), else pass priority."""
    labels = [a.label for a in g.legal_actions()]
    if g.pending.kind == "attackers":
        attacks = [a for a in g.legal_actions() if a.label.startswith("attack with")]
        g.push(attacks[0] if attack and attacks else next(a for a in g.legal_actions() if a.kind == "done"))
    elif "pass priority" in labels:
        pick(g, "pass priority")
    else:
        g.push(g.legal_actions()[0])


def _end_turn(g) -> None:
    turn = g.current_state().turn
    while g.current_state().turn == turn:
        _step(g)


def test_swift_justice_lasts_until_end_of_turn(db):
    """Swift Justice: +1/+0, first strike and lifelink until end of turn (CR 611.2a, 514.2)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Swift Justice]
    battlefield: [Plains, Grizzly Bears]
    library: [Plains, Plains]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Swift Justice", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert ch.power_toughness(s, bears) == (3, 2)
    assert ch.has(s, bears, "first strike") and ch.has(s, bears, "lifelink")
    _end_turn(g)
    s = g.current_state()
    assert ch.power_toughness(s, bears) == (2, 2) and not ch.has(s, bears, "lifelink")


def test_retraction_helix_gives_an_ability_to_activate_this_turn(db):
    """Retraction Helix: the creature has "{T}: Return target nonland permanent to its owner's
    hand." until end of turn (CR 613.1f); its controller activates it like a printed one."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Retraction Helix]
    battlefield: [Island, Grizzly Bears]
    library: [Island, Island]
  - name: Bob
    battlefield: [Centaur Courser]
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Retraction Helix", "Grizzly Bears")
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert [ab.text for ab in layers.card_now(g.current_state(), bears).abilities] == [
        "{T}: Return target nonland permanent to its owner's hand."]
    cast_and_pay(g, "activate Grizzly Bears", "Centaur Courser")
    resolve(g)
    assert names(g, 1, "hand") == ["Centaur Courser"]
    _end_turn(g)
    assert layers.card_now(g.current_state(), bears).abilities == ()


def test_verdant_rebirth_returns_the_creature_that_dies_that_turn(db):
    """Verdant Rebirth: the granted "When this creature dies, return it to its owner's hand."
    triggers on the creature's death, looking back at it as it last existed (CR 603.10a); the
    spell also draws a card."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Verdant Rebirth, Lightning Bolt]
    battlefield: [Forest, Forest, Mountain, Grizzly Bears]
    library: [Forest, Forest]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Verdant Rebirth", "Grizzly Bears")
    resolve(g)
    assert "Forest" in names(g, 0, "hand")
    cast_and_pay(g, "cast Lightning Bolt", "Grizzly Bears")
    resolve(g)
    resolve(g)          # the granted dies trigger
    assert "Grizzly Bears" in names(g, 0, "hand") and names(g, 0, "graveyard") == ["Lightning Bolt", "Verdant Rebirth"]


def test_a_creature_that_comes_back_is_a_new_object_without_the_ability(db):
    """CR 400.7: a creature given an ability that leaves and returns is a new object; the
    effect doesn't apply to it (Retraction Helix on a creature bounced by its own ability)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Retraction Helix]
    battlefield: [Island, Forest, Forest, Grizzly Bears]
    library: [Island, Island]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Retraction Helix", "Grizzly Bears")
    resolve(g)
    cast_and_pay(g, "activate Grizzly Bears", "Grizzly Bears")
    resolve(g)
    assert names(g, 0, "hand") == ["Grizzly Bears"]
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert layers.card_now(g.current_state(), bears).abilities == ()


def test_warriors_lesson_draws_on_combat_damage(db):
    """Warriors' Lesson: each target creature gains "Whenever this creature deals combat damage
    to a player, draw a card." until end of turn; it triggers for the one that connects."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Warriors' Lesson]
    battlefield: [Forest, Grizzly Bears]
    library: [Forest, Forest, Forest]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    cast_and_pay(g, "cast Warriors' Lesson", "Grizzly Bears")
    while g.pending.kind != "priority":
        pick(g, "done")
    resolve(g)
    hand = len(names(g, 0, "hand"))
    while g.current_state().players[1].life == 20 or g.current_state().stack:
        _step(g, attack=True)
    assert g.current_state().players[1].life == 18
    assert len(names(g, 0, "hand")) == hand + 1


def test_impulse_draw_until_end_of_turn(db):
    """Stromkirk Occultist: "exile the top card of your library. Until end of turn, you may play
    that card." (CR 601.3); the card may be played only that turn."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Mountain, Mountain, Stromkirk Occultist]
    library: [Shock, Mountain]
  - name: Bob
    library: [Forest, Forest]
""", turn=3)
    while "Shock" not in names(g, 0, "exile") or g.current_state().stack:
        _step(g, attack=True)
    assert game_helpers.cast_action(g, "Shock") is not None
    _end_turn(g)
    assert names(g, 0, "exile") == ["Shock"]


def test_a_granted_ability_survives_a_save(db):
    """The record of a granted ability is plain data: a saved and loaded game keeps it."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Retraction Helix]
    battlefield: [Island, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Retraction Helix", "Grizzly Bears")
    resolve(g)
    loaded = Game.from_json(g.to_json())
    [bears] = on_battlefield(loaded, "Grizzly Bears")
    assert len(layers.card_now(loaded.current_state(), bears).abilities) == 1


# ------------------------------------------------------------------ losing keywords (CR 613.1f, 613.7)


def test_radjan_spirit_takes_flying_away_until_end_of_turn(db):
    """Radjan Spirit: "{T}: Target creature loses flying until end of turn."; the loss ends with
    the turn (CR 514.2)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Radjan Spirit]
    library: [Forest, Forest]
  - name: Bob
    battlefield: [Wind Drake]
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "activate Radjan Spirit", "Wind Drake")
    resolve(g)
    [drake] = on_battlefield(g, "Wind Drake")
    assert not ch.has(g.current_state(), drake, "flying")
    _end_turn(g)
    assert ch.has(g.current_state(), drake, "flying")


def test_gaining_and_losing_flying_apply_in_timestamp_order(db):
    """CR 613.7: in layer 6 the later effect wins: losing flying after Jump leaves the creature
    without it, Jump after the loss gives it back."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Jump, Jump]
    battlefield: [Radjan Spirit, Island, Island, Grizzly Bears]
    library: [Forest, Forest]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Jump", "Grizzly Bears")
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert ch.has(g.current_state(), bears, "flying")
    cast_and_pay(g, "activate Radjan Spirit", "Grizzly Bears")
    resolve(g)
    assert not ch.has(g.current_state(), bears, "flying")
    cast_and_pay(g, "cast Jump", "Grizzly Bears")
    resolve(g)
    assert ch.has(g.current_state(), bears, "flying")


def test_colossus_hammer_takes_flying_a_later_effect_gives_back(db):
    """Colossus Hammer: the equipped creature gets +10/+10 and loses flying (a static ability,
    its timestamp the Equipment's, CR 613.7a); Jump, later, gives flying again."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Jump]
    battlefield: [Island, Serra Angel, {card: Colossus Hammer, attached_to: Serra Angel}]
  - name: Bob
""", turn=3)
    [angel] = on_battlefield(g, "Serra Angel")
    s = g.current_state()
    assert ch.power_toughness(s, angel) == (14, 14)
    assert not ch.has(s, angel, "flying") and ch.has(s, angel, "vigilance")
    cast_and_pay(g, "cast Jump", "Serra Angel")
    resolve(g)
    assert ch.has(g.current_state(), angel, "flying")


def test_chimeric_sphere_becomes_a_creature_without_flying_until_end_of_turn(db):
    """Chimeric Sphere's second ability: "Until end of turn, ~ becomes a 3/2 Construct artifact
    creature and loses flying." Both parts last until end of turn; after its first ability the
    later loss wins (CR 613.7)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Chimeric Sphere, Island, Island, Island, Island]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    pick(g, "activate Chimeric Sphere: {2}: Until end of turn, Chimeric Sphere becomes a 2/1")
    while g.pending.kind == "pay":
        g.push(game_helpers.Action("autopay"))
    resolve(g)
    [sphere] = on_battlefield(g, "Chimeric Sphere")
    assert ch.has(g.current_state(), sphere, "flying")
    pick(g, "activate Chimeric Sphere: {2}: Until end of turn, Chimeric Sphere becomes a 3/2")
    while g.pending.kind == "pay":
        g.push(game_helpers.Action("autopay"))
    resolve(g)
    s = g.current_state()
    assert ch.power_toughness(s, sphere) == (3, 2) and not ch.has(s, sphere, "flying")
    _end_turn(g)
    assert not ch.is_creature(g.current_state(), sphere)


def test_siege_of_towers_animates_a_mountain_for_good(db):
    """Siege of Towers: "Target Mountain becomes a 3/1 creature. It's still a land." has no
    duration: the effect lasts (CR 611.2a), after the turn too."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Siege of Towers]
    battlefield: [Mountain, Mountain, Mountain]
    library: [Mountain, Mountain]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Siege of Towers", "Mountain")
    while g.pending.kind != "priority" or g.current_state().stack:
        _step(g)
    _end_turn(g)
    s = g.current_state()
    animated = [o for o in on_battlefield(g, "Mountain") if ch.is_creature(s, o)]
    assert len(animated) == 1 and ch.power_toughness(s, animated[0]) == (3, 1)


# ------------------------------------------------------------------ colors (layer 5, CR 613.1e, 105.3)


def test_cerulean_wisps_makes_a_creature_blue_until_end_of_turn(db):
    """Cerulean Wisps: "Target creature becomes blue until end of turn. Untap that creature.
    Draw a card." Its colors are blue instead of its own (CR 105.3), for the turn."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Cerulean Wisps]
    battlefield: [Island, {card: Grizzly Bears, tapped: true}]
    library: [Island, Island, Island]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Cerulean Wisps", "Grizzly Bears")
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    s = g.current_state()
    assert ch.colors(s, bears) == ("U",) and not bears.tapped and len(names(g, 0, "hand")) == 1
    _end_turn(g)
    assert ch.colors(g.current_state(), bears) == ("G",)


def test_rainbow_crow_becomes_the_color_its_controller_chooses(db):
    """Rainbow Crow: "{1}: ~ becomes the color of your choice until end of turn." The color is
    chosen as the ability resolves (CR 608.2d)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Rainbow Crow, Island]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "activate Rainbow Crow")
    g.push(game_helpers.Action("pass"))
    g.push(game_helpers.Action("pass"))
    assert g.pending.kind == "choose_color"
    pick(g, "red")
    [crow] = on_battlefield(g, "Rainbow Crow")
    assert ch.colors(g.current_state(), crow) == ("R",)


def test_alchors_tomb_changes_the_color_for_good(db):
    """Alchor's Tomb: "Target permanent you control becomes the color of your choice." has no
    duration: the new color lasts after the turn (CR 611.2a)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Alchor's Tomb, Plains, Plains, Grizzly Bears]
    library: [Plains, Plains]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "activate Alchor's Tomb", "Grizzly Bears")
    g.push(game_helpers.Action("pass"))
    g.push(game_helpers.Action("pass"))
    pick(g, "white")
    _end_turn(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert ch.colors(g.current_state(), bears) == ("W",)


# ------------------------------------------------------------------ "for as long as ~ remains tapped" (CR 611.2b)


def test_tawnos_weaponry_lasts_while_it_stays_tapped(db):
    """Tawnos's Weaponry: "+1/+1 for as long as ~ remains tapped": its controller may keep it
    tapped through the untap step and the bonus stays; once it untaps the effect ends and
    doesn't come back when it is tapped again (CR 611.2b)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Tawnos's Weaponry, Island, Island, Island, Island, Grizzly Bears]
    library: [Island, Island, Island]
  - name: Bob
    library: [Island, Island, Island]
""", turn=3)
    cast_and_pay(g, "activate Tawnos's Weaponry", "Grizzly Bears")
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert ch.power_toughness(g.current_state(), bears) == (3, 3)
    _end_turn(g)            # Bob's turn: it stays tapped, the bonus stays
    assert ch.power_toughness(g.current_state(), bears) == (3, 3)

    def untap_step(answer: str) -> None:
        while not (g.pending.kind == "may" and "Tawnos's Weaponry" in g.pending.prompt):
            _step(g)
        pick(g, answer)

    untap_step("leave Tawnos's Weaponry tapped")        # CR 502.3: Alice keeps it tapped
    assert ch.power_toughness(g.current_state(), bears) == (3, 3)
    untap_step("untap Tawnos's Weaponry")               # a turn later it untaps: the effect ends
    assert ch.power_toughness(g.current_state(), bears) == (2, 2)
    assert not [e for e in g.current_state().effects if e.kind == "modify_pt"]


def test_the_effect_does_nothing_if_the_source_is_untapped_as_it_resolves(db):
    """CR 611.2b: Ashnod's Battle Gear untapped in response (Voltaic Key): the duration has
    already ended, so the effect does nothing."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Ashnod's Battle Gear, Voltaic Key, Island, Island, Island, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Ashnod's Battle Gear", "Grizzly Bears")
    cast_and_pay(g, "activate Voltaic Key", "Ashnod's Battle Gear")
    resolve(g)
    [gear] = on_battlefield(g, "Ashnod's Battle Gear")
    assert not g.current_state().objs[gear.id].tapped
    resolve(g)
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert ch.power_toughness(g.current_state(), bears) == (2, 2)
    assert "doesn't remain tapped" in g.explain()


# ------------------------------------------------------------------ blocks and attacks this turn (CR 508.1d, 509.1b-c)


def _blocker_options(g) -> list[str]:
    """Attack with every creature able, then the blocking choices offered (a forced choice
    would answer itself, so each test offers at least two)."""
    while g.pending.kind != "blockers":
        _step(g, attack=True)
    return sorted(a.label for a in g.legal_actions())


def test_culling_mark_makes_a_creature_block(db):
    """Culling Mark: "Target creature blocks this turn if able." (CR 509.1c): on Alice's turn,
    Bob's creature must block one of the attackers; declaring no blocks isn't offered."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Culling Mark]
    battlefield: [Forest, Forest, Forest, Grizzly Bears, Llanowar Elves]
  - name: Bob
    battlefield: [Centaur Courser]
""", turn=3)
    cast_and_pay(g, "cast Culling Mark", "Centaur Courser")
    resolve(g)
    assert _blocker_options(g) == ["Centaur Courser blocks Grizzly Bears", "Centaur Courser blocks Llanowar Elves"]


def test_rampant_elephant_must_be_blocked_by_the_target(db):
    """Rampant Elephant: "{G}: Target creature blocks ~ this turn if able." The target must block
    the Elephant, not another attacker (CR 509.1c)."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Forest, Rampant Elephant, Grizzly Bears]
  - name: Bob
    battlefield: [Centaur Courser, Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "activate Rampant Elephant", "Centaur Courser")
    resolve(g)
    # the Courser's one legal choice, blocking the Elephant, was made first; the Elves are free
    assert _blocker_options(g) == ["Llanowar Elves blocks Grizzly Bears", "Llanowar Elves blocks Rampant Elephant",
                                   "no more blockers"]
    pick(g, "no more blockers")
    assert "Centaur Courser blocks Rampant Elephant" in g.explain()


def test_screeching_griffin_a_creature_that_cant_block_it(db):
    """Screeching Griffin: "{R}: Target creature can't block ~ this turn." (CR 509.1b); the
    creature may still block another attacker. Its flying is lost here (Radjan Spirit) so that a
    creature without flying could otherwise block it."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Mountain, Screeching Griffin, Grizzly Bears, Radjan Spirit]
  - name: Bob
    battlefield: [Centaur Courser]
""", turn=3)
    cast_and_pay(g, "activate Radjan Spirit", "Screeching Griffin")
    resolve(g)
    cast_and_pay(g, "activate Screeching Griffin", "Centaur Courser")
    resolve(g)
    while g.pending.kind != "attackers":
        _step(g)
    pick(g, "attack with Screeching Griffin")
    pick(g, "attack with Grizzly Bears")
    labels = _blocker_options(g)
    assert "Centaur Courser blocks Grizzly Bears" in labels
    assert "Centaur Courser blocks Screeching Griffin" not in labels


def test_irresistible_prey_must_be_blocked(db):
    """Irresistible Prey: "Target creature must be blocked this turn if able." Some creature
    must block it (CR 509.1c): every choice offered blocks it."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Irresistible Prey]
    battlefield: [Forest, Grizzly Bears]
    library: [Forest, Forest]
  - name: Bob
    battlefield: [Centaur Courser, Llanowar Elves]
""", turn=3)
    cast_and_pay(g, "cast Irresistible Prey", "Grizzly Bears")
    resolve(g)
    assert _blocker_options(g) == ["Centaur Courser blocks Grizzly Bears", "Llanowar Elves blocks Grizzly Bears"]
    pick(g, "Llanowar Elves blocks")
    assert "no more blockers" in [a.label for a in g.legal_actions()]
