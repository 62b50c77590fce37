"""Felix Five-Boots and CR 603.2d: abilities that trigger additional times.

Felix: "If a creature you control dealing combat damage to a player causes a triggered ability of
a permanent you control to trigger, that ability triggers an additional time." Each test cites
the official Felix ruling it checks (Bloomburrow release rulings), in our own words.
"""
from __future__ import annotations

from .test_triggers_board import ALICE, BOB, board, count_log, drive

from manastack import Game


def _hand(game, player):
    return len(game.current_state().players[player].hand)


def test_felix_and_ninja_trigger_twice_and_each_may_is_decided_on_its_own_resolution():
    """Ruling: Felix doesn't copy the ability; choices made on resolution ("you may") are made
    separately for each instance (CR 603.2d, 603.5)."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", ("Ninja of the Deep Hours", {"attacking": True})])
    game = drive(Game.from_state(s), [("may", "yes"), ("may", "no")])
    assert _hand(game, ALICE) == 1
    assert game.current_state().trigger_counts["Ninja of the Deep Hours"] == 2
    assert count_log(game, "x2: Felix Five-Boots, CR 603.2d") == 1
    assert count_log(game, "chooses yes for Ninja") == 1
    assert count_log(game, "chooses no for Ninja") == 1


def test_felix_does_not_ask_for_an_order_between_identical_instances():
    """CR 603.3b: instances of one ability from one occurrence are interchangeable."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", ("Ninja of the Deep Hours", {"attacking": True})])
    game = drive(Game.from_state(s), [("may", "yes"), ("may", "yes")])
    assert _hand(game, ALICE) == 2
    assert not any(e.kind == "choice" and "order" in e.text for e in game.log)


def test_two_felixes_make_three_instances_and_three_make_four():
    """Ruling: with two Felixes abilities trigger three times, with a third four times, and so
    on -- n+1, because such effects don't apply to each other (CR 603.2d)."""
    for felixes, expected in ((2, 3), (3, 4)):
        s, _ = board(step="declare_blockers",
                     alice=["Mirror Gallery"] + ["Felix Five-Boots"] * felixes
                     + [("Toski, Bearer of Secrets", {"attacking": True})])
        game = drive(Game.from_state(s))
        assert _hand(game, ALICE) == expected
        assert game.current_state().trigger_counts["Toski, Bearer of Secrets"] == expected
        assert count_log(game, f"x{expected}: " + ", ".join(["Felix Five-Boots"] * felixes)) == 1


def test_felix_does_not_double_a_replacement_effect_charging_tuskodon_deals_8_not_16():
    """Ruling: replacement effects are unaffected by Felix; Charging Tuskodon's damage to a
    player is doubled once (CR 614.1a, 614.5)."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", ("Charging Tuskodon", {"attacking": True})])
    game = drive(Game.from_state(s))
    assert game.current_state().players[BOB].life == 20 - 8
    assert count_log(game, "Charging Tuskodon deals 8 combat damage") == 1


def test_felix_does_not_affect_triggers_on_the_results_of_damage_pridemate_triggers_once():
    """Ruling: only trigger conditions about the damage being dealt are affected; Ajani's
    Pridemate triggers on life gained through lifelink, a result of the damage (CR 120.4c,
    702.15b), so it triggers once."""
    s, ids = board(step="declare_blockers",
                   alice=["Felix Five-Boots", "Ajani's Pridemate",
                          ("Vampire Nighthawk", {"attacking": True})])
    game = drive(Game.from_state(s))
    pridemate = game.current_state().objs[ids[ALICE][1]]
    assert pridemate.counters == {"+1/+1": 1}
    assert game.current_state().trigger_counts["Ajani's Pridemate"] == 1
    assert game.current_state().players[ALICE].life == 22
    assert game.current_state().players[BOB].life == 18


def test_felix_sword_of_fire_and_ice_two_instances_choose_their_own_targets():
    """Ruling: choices made as the ability is put on the stack, such as targets, are made
    separately for each instance (CR 603.3d)."""
    s, ids = board(step="declare_blockers",
                   alice=["Felix Five-Boots", ("Grizzly Bears", {"attacking": True}),
                          ("Sword of Fire and Ice", {"attached_to": 1})],
                   bob=["Savannah Lions"])
    lions = ids[BOB][0]
    game = drive(Game.from_state(s), [("targets", "target Bob"), ("targets", "target Savannah Lions")])
    st = game.current_state()
    assert st.players[BOB].life == 20 - 4 - 2           # 4 combat damage, 2 from one instance
    assert lions not in st.battlefield                   # the other instance killed Bob's lions
    assert _hand(game, ALICE) == 2                       # each instance draws
    assert st.trigger_counts["Sword of Fire and Ice"] == 2


def test_felix_sword_instance_whose_target_became_illegal_does_not_resolve_alone():
    """Ruling (separate instances) with CR 608.2b: both instances target Bob's Savannah Lions; the first
    to resolve kills them, the second has no legal target and doesn't resolve -- so it doesn't
    draw either -- while the first drew."""
    s, ids = board(step="declare_blockers",
                   alice=["Felix Five-Boots", ("Grizzly Bears", {"attacking": True}),
                          ("Sword of Fire and Ice", {"attached_to": 1})],
                   bob=["Savannah Lions"])
    game = drive(Game.from_state(s), [("targets", "target Savannah Lions"),
                                      ("targets", "target Savannah Lions")])
    assert ids[BOB][0] not in game.current_state().battlefield
    assert _hand(game, ALICE) == 1
    assert count_log(game, "doesn't resolve: all its targets are illegal") == 1


def test_felix_glissa_two_instances_choose_their_own_modes():
    """Ruling: modes are chosen separately for each instance (CR 603.3c, 700.2)."""
    s, ids = board(step="declare_blockers",
                   alice=["Felix Five-Boots", ("Glissa Sunslayer", {"attacking": True})],
                   bob=["Grizzly Bears", ("Curiosity", {"attached_to": 0})])
    aura = ids[BOB][1]
    game = drive(Game.from_state(s), [("modes", "mode 1"), ("modes", "mode 2")])
    st = game.current_state()
    assert _hand(game, ALICE) == 1
    assert st.players[ALICE].life == 19
    assert aura not in st.battlefield
    assert count_log(game, "Alice chooses You draw a card and you lose 1 life") == 1
    assert count_log(game, "Alice chooses Destroy target enchantment") == 1


def test_an_opponents_creature_dealing_combat_damage_to_you_gets_nothing_from_felix():
    """Felix covers only triggered abilities of permanents you control, caused by a creature
    you control: Bob's Ninja hitting Alice triggers once though Alice controls Felix."""
    s, _ = board(step="declare_blockers", active=BOB, alice=["Felix Five-Boots"],
                 bob=[("Ninja of the Deep Hours", {"attacking": True})])
    game = drive(Game.from_state(s), [("may", "yes")])
    assert game.current_state().trigger_counts["Ninja of the Deep Hours"] == 1
    assert _hand(game, BOB) == 1


def test_felix_needs_combat_damage_to_a_player_not_to_a_creature():
    """Umezawa-style "deals combat damage" conditions aside, a Curiosity trigger needs damage to
    an opponent; a blocked creature dealing damage only to a blocker triggers nothing, and
    Felix has nothing to add (CR 603.2)."""
    s, ids = board(step="declare_blockers",
                   alice=["Felix Five-Boots", ("Grizzly Bears", {"attacking": True}),
                          ("Curiosity", {"attached_to": 1})],
                   bob=["Savannah Lions"])
    s.objs[ids[ALICE][1]].blocked = True
    s.objs[ids[BOB][0]].blocking = (ids[ALICE][1],)
    s.combat["blockers"] = {ids[ALICE][1]: [ids[BOB][0]]}
    game = drive(Game.from_state(s))
    assert game.current_state().trigger_counts.get("Curiosity", 0) == 0


def test_felix_each_creature_is_its_own_occurrence_coastal_piracy_with_two_attackers():
    """CR 603.2c: one combat damage event holds an occurrence per creature; Felix doubles each:
    two attackers give four Coastal Piracy instances."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", "Coastal Piracy", ("Grizzly Bears", {"attacking": True}),
                        ("Savannah Lions", {"attacking": True})])
    game = drive(Game.from_state(s), [("order_triggers", "order they triggered")] + [("may", "yes")] * 4)
    assert game.current_state().trigger_counts["Coastal Piracy"] == 4
    assert _hand(game, ALICE) == 4


def test_felix_and_curiosity_noncombat_damage_is_not_doubled():
    """Felix needs combat damage; Curiosity also triggers on noncombat damage, just once."""
    s, _ = board(step="main1", alice=["Felix Five-Boots", "Prodigal Pyromancer",
                                      ("Curiosity", {"attached_to": 1})])
    game = drive(Game.from_state(s), [("priority", "activate Prodigal Pyromancer"),
                                      ("targets", "target Bob"), ("may", "yes")], stop="main1")
    assert game.current_state().players[BOB].life == 19
    assert game.current_state().trigger_counts["Curiosity"] == 1
    assert _hand(game, ALICE) == 1


def test_felix_count_is_fixed_when_the_damage_is_dealt_even_if_felix_then_dies():
    """CR 603.2d: how many times an ability triggers is determined as the trigger event happens.
    Felix is blocked and dealt lethal damage by Charging Tuskodon in the same combat damage event
    in which the Ninja hits Bob; Felix is still on the battlefield then, so the Ninja's ability
    triggers twice although Felix dies before the triggers go on the stack (CR 704.3)."""
    s, ids = board(step="declare_blockers",
                   alice=[("Felix Five-Boots", {"attacking": True}),
                          ("Ninja of the Deep Hours", {"attacking": True})],
                   bob=["Charging Tuskodon"])
    felix, tusk = ids[ALICE][0], ids[BOB][0]
    s.objs[felix].blocked = True
    s.objs[tusk].blocking = (felix,)
    s.combat["blockers"] = {felix: [tusk]}
    game = drive(Game.from_state(s), [("may", "yes"), ("may", "yes")])
    st = game.current_state()
    assert felix not in st.battlefield
    assert st.trigger_counts["Ninja of the Deep Hours"] == 2
    assert _hand(game, ALICE) == 2


def test_felix_glissa_a_mode_without_legal_targets_cannot_be_chosen():
    """CR 603.3c, 700.2: with no enchantment on the battlefield, "Destroy target enchantment" is
    not offered to either instance."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", ("Glissa Sunslayer", {"attacking": True})])
    game = Game.from_state(s)
    while game.pending.kind == "priority":
        game.push("pass priority")
    assert game.pending.kind == "modes"
    labels = [str(a) for a in game.legal_actions()]
    assert not any("Destroy target enchantment" in x for x in labels)
    assert any("You draw a card" in x for x in labels)
