"""Replacement effects (CR 614) and the order of several of them (CR 616.1)."""
from __future__ import annotations

import json

from .test_triggers_board import ALICE, BOB, board, count_log, drive

from manastack import Game


def _pridemate_counters(answers, extra=("Hardened Scales", "Corpsejack Menace")):
    """Vampire Nighthawk's lifelink makes Alice gain life; Ajani's Pridemate triggers and puts
    one +1/+1 counter on itself, which the counter effects modify."""
    s, ids = board(step="declare_blockers",
                   alice=["Ajani's Pridemate", ("Vampire Nighthawk", {"attacking": True}), *extra])
    game = drive(Game.from_state(s), answers)
    return game, game.current_state().objs[ids[ALICE][0]].counters.get("+1/+1", 0)


def test_hardened_scales_first_then_corpsejack_menace_gives_four_counters():
    """CR 616.1e: the controller of the affected creature picks the order: (1 + 1) x 2 = 4."""
    game, n = _pridemate_counters([("replacement_order", "Hardened Scales")])
    assert n == 4
    assert count_log(game, "Alice (controller of the affected object) chooses to apply "
                           "Hardened Scales") == 1


def test_corpsejack_menace_first_then_hardened_scales_gives_three_counters():
    """CR 616.1e-f: after one applies, the other is still applicable and applies: 1 x 2 + 1."""
    game, n = _pridemate_counters([("replacement_order", "Corpsejack Menace")])
    assert n == 3


def test_replacement_order_is_a_decision_that_survives_json():
    """Decisions are data: the game can be saved while the order is pending."""
    s, _ = board(step="declare_blockers",
                 alice=["Ajani's Pridemate", ("Vampire Nighthawk", {"attacking": True}),
                        "Hardened Scales", "Corpsejack Menace"])
    game = drive(Game.from_state(s), stop=None, answers=[])
    while game.pending.kind == "priority":
        game.push("pass priority")
    assert game.pending.kind == "replacement_order"
    assert {str(a) for a in game.legal_actions()} == {
        "Hardened Scales (plus 1 +1/+1 counters)", "Corpsejack Menace (twice as many +1/+1 counters)"}
    again = Game.from_json(game.to_json())
    assert again.pending.kind == "replacement_order"
    assert json.loads(again.to_json())["state"]["players"] == json.loads(game.to_json())["state"]["players"]


def test_two_hardened_scales_apply_in_the_default_order_without_asking():
    """When every order gives the same result the order can't matter and no one is asked:
    1 + 1 + 1 = 3 either way (CR 616.1, 614.5: each applies once)."""
    game, n = _pridemate_counters([], extra=("Hardened Scales", "Hardened Scales"))
    assert n == 3
    assert count_log(game, "any order gives the same result") == 1


def test_charging_tuskodon_doubles_its_combat_damage_to_a_player_once():
    """CR 614.1a, 614.5: "deals double that damage instead" applies once: 4 becomes 8."""
    s, _ = board(step="declare_blockers", alice=[("Charging Tuskodon", {"attacking": True})])
    game = drive(Game.from_state(s))
    assert game.current_state().players[BOB].life == 12
    assert count_log(game, "Replacement: Charging Tuskodon deals double damage (it would deal "
                           "combat damage to a player)") == 1


def test_charging_tuskodon_blocked_deals_normal_damage_to_the_blocker():
    """The replacement covers only combat damage to a player: the blocker takes 2, the 2 that
    tramples over become 4 (CR 614.1a, 702.19b)."""
    s, ids = board(step="declare_blockers", alice=[("Charging Tuskodon", {"attacking": True})],
                   bob=["Grizzly Bears"])
    tusk, bears = ids[ALICE][0], ids[BOB][0]
    s.objs[tusk].blocked = True
    s.objs[bears].blocking = (tusk,)
    s.combat["blockers"] = {tusk: [bears]}
    game = drive(Game.from_state(s), [("damage", "2 to Grizzly Bears")])
    assert game.current_state().players[BOB].life == 16           # trample: 2 through, doubled to 4
    assert count_log(game, "Charging Tuskodon deals 2 combat damage to Grizzly Bears") == 1
