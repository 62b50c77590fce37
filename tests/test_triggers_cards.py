"""More cards of the trigger road, each with its official rulings (cited by date, paraphrased)."""
from __future__ import annotations

from manastack import Game

from .test_triggers_board import ALICE, BOB, board, count_log, drive


def _st(game):
    return game.current_state()


def _block(s, attacker, *blockers):
    s.objs[attacker].blocked = True
    for b in blockers:
        s.objs[b].blocking = (attacker,)
    s.combat["blockers"] = {attacker: list(blockers)}


def test_edric_the_creatures_controller_may_draw():
    """Edric ruling (2011-09-22): when a creature you control deals combat damage to one of your
    opponents, you may draw a card -- "its controller" is the creature's controller."""
    s, _ = board(step="declare_blockers",
                 alice=["Edric, Spymaster of Trest", ("Grizzly Bears", {"attacking": True})])
    game = drive(Game.from_state(s), [("may", "yes")])
    assert len(_st(game).players[ALICE].hand) == 1


def test_edric_does_not_trigger_on_damage_to_its_controller():
    """"One of your opponents": Bob's creature hitting Alice doesn't trigger Alice's Edric."""
    s, _ = board(step="declare_blockers", active=BOB, alice=["Edric, Spymaster of Trest"],
                 bob=[("Grizzly Bears", {"attacking": True})])
    game = drive(Game.from_state(s))
    assert _st(game).trigger_counts.get("Edric, Spymaster of Trest", 0) == 0


def test_edric_with_felix_triggers_twice():
    """Felix: Edric's condition is about a creature Alice controls dealing combat damage to a
    player (CR 603.2d)."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", "Edric, Spymaster of Trest",
                        ("Grizzly Bears", {"attacking": True})])
    game = drive(Game.from_state(s), [("may", "yes"), ("may", "yes")])
    assert len(_st(game).players[ALICE].hand) == 2


def test_exquisite_blood_gains_that_much_and_felix_adds_nothing():
    """Exquisite Blood ruling (2012-05-01): damage dealt to an opponent usually makes them lose
    life. Losing life is a result of the damage (CR 120.3a, 120.4c), so Felix doesn't make
    Exquisite Blood trigger again: Alice gains 5 once."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", "Exquisite Blood", ("Charging Tuskodon", {"attacking": True})],
                 life=(10, 20))
    game = drive(Game.from_state(s))
    st = _st(game)
    assert st.players[BOB].life == 12
    assert st.players[ALICE].life == 18
    assert st.trigger_counts["Exquisite Blood"] == 1


def test_jitte_blocked_creature_gets_counters_without_felix_bonus():
    """Umezawa's Jitte triggers on any combat damage by the equipped creature; damage only to a
    blocker is not "a creature you control dealing combat damage to a player", so Felix adds
    nothing: two charge counters."""
    s, ids = board(step="declare_blockers",
                   alice=["Felix Five-Boots", ("Grizzly Bears", {"attacking": True}),
                          ("Umezawa's Jitte", {"attached_to": 1})],
                   bob=["Savannah Lions"])
    _block(s, ids[ALICE][1], ids[BOB][0])
    game = drive(Game.from_state(s))
    assert _st(game).objs[ids[ALICE][2]].counters == {"charge": 2}


def test_jitte_trample_over_a_blocker_is_one_event_one_trigger_felix_doubles_it():
    """CR 603.2c, 510.2: a trampler's damage to its blocker and to Bob is one event with one
    occurrence for the Jitte (one source), so it triggers once; that damage includes combat
    damage to a player, so Felix makes it trigger an additional time: four charge counters."""
    s, ids = board(step="declare_blockers",
                   alice=["Felix Five-Boots", ("Charging Tuskodon", {"attacking": True}),
                          ("Umezawa's Jitte", {"attached_to": 1})],
                   bob=["Savannah Lions"])
    _block(s, ids[ALICE][1], ids[BOB][0])
    game = drive(Game.from_state(s), [("damage", "1 to Savannah Lions")])
    st = _st(game)
    assert st.objs[ids[ALICE][2]].counters == {"charge": 4}
    assert st.players[BOB].life == 20 - 6                      # 3 trample over, doubled
    assert st.trigger_counts["Umezawa's Jitte"] == 2


def test_drogskol_reaver_one_lifelink_event_for_damage_to_two_blockers():
    """Drogskol Reaver ruling (2011-01-22): a lifelink creature dealing damage to several
    creatures at once makes one life gain event, and its ability triggers once; having killed
    both blockers with first-strike damage it deals no regular damage (CR 510.4)."""
    s, ids = board(step="declare_blockers", alice=[("Drogskol Reaver", {"attacking": True})],
                   bob=["Grizzly Bears", "Savannah Lions"])
    _block(s, ids[ALICE][0], ids[BOB][0], ids[BOB][1])
    game = drive(Game.from_state(s), [("damage", "2 to Grizzly Bears")])
    st = _st(game)
    assert st.players[ALICE].life == 23
    assert st.trigger_counts["Drogskol Reaver"] == 1
    assert len(st.players[ALICE].hand) == 1


def test_two_lifelinkers_pridemate_ruling():
    """Ajani's Pridemate ruling (2019-05-03): each creature with lifelink dealing combat damage
    causes a separate life gain event, so Pridemate triggers for each."""
    s, ids = board(step="declare_blockers",
                   alice=["Ajani's Pridemate", ("Vampire Nighthawk", {"attacking": True}),
                          ("Drogskol Reaver", {"attacking": True})])
    game = drive(Game.from_state(s), [("order_triggers", "order they triggered")] * 2)
    st = _st(game)
    # first-strike step: Reaver (one event); regular step: Reaver and Nighthawk (two events)
    assert st.objs[ids[ALICE][0]].counters == {"+1/+1": 3}


def test_hardened_scales_applies_to_a_creature_entering_with_counters():
    """Hardened Scales ruling (2014-09-20): a creature entering with +1/+1 counters enters with
    that many plus one (CR 614.1c, 614.12); Walking Ballista for X=1 enters with two."""
    s, ids = board(step="main1", alice=["Hardened Scales", "Forest", "Forest"],
                   alice_hand=["Walking Ballista"])
    game = drive(Game.from_state(s), [("priority", "cast Walking Ballista"), ("x", "X = 1"),
                                      ("pay", "pay automatically")], stop="main1")
    ballista = next(o for o in _st(game).permanents() if o.card.name == "Walking Ballista")
    assert ballista.counters == {"+1/+1": 2}


def test_panharmonicon_ruling_replacement_effects_unaffected():
    """Panharmonicon ruling (2016-09-20): entering with counters is a replacement effect, not a
    trigger, so Walking Ballista still enters with X counters."""
    s, _ = board(step="main1", alice=["Panharmonicon", "Forest", "Forest"],
                 alice_hand=["Walking Ballista"])
    game = drive(Game.from_state(s), [("priority", "cast Walking Ballista"), ("x", "X = 1"),
                                      ("pay", "pay automatically")], stop="main1")
    ballista = next(o for o in _st(game).permanents() if o.card.name == "Walking Ballista")
    assert ballista.counters == {"+1/+1": 1}
    assert count_log(game, "Panharmonicon") == 0


def _ninjutsu_board(extra=()):
    s, ids = board(step="declare_blockers",
                   alice=[*extra, ("Grizzly Bears", {"attacking": True}), "Island", "Island"],
                   alice_hand=["Ninja of the Deep Hours"])
    return s, ids


def test_ninjutsu_swaps_an_unblocked_attacker_and_the_ninja_draws():
    """CR 702.49a-c: after blockers are declared Alice pays {1}{U} and returns the unblocked
    Grizzly Bears; Ninja of the Deep Hours enters tapped and attacking, unblocked, and its
    combat damage trigger draws a card."""
    s, ids = _ninjutsu_board()
    game = drive(Game.from_state(s), [("priority", "ninjutsu Ninja of the Deep Hours"),
                                      ("pay", "pay automatically"), ("may", "yes")])
    st = _st(game)
    names = [st.objs[i].card.name for i in st.players[ALICE].hand]
    assert "Grizzly Bears" in names and len(names) == 2         # the Bears and the drawn card
    assert st.players[BOB].life == 18
    assert count_log(game, "Ninja of the Deep Hours is attacking Bob, unblocked") == 1


def test_ninjutsu_ninja_with_felix_triggers_twice():
    """The Felix scenario of the issue, with the Ninja arriving by ninjutsu: two triggers, each
    "may" decided on its own resolution (CR 603.2d, 603.5)."""
    s, ids = _ninjutsu_board(extra=("Felix Five-Boots",))
    game = drive(Game.from_state(s), [("priority", "ninjutsu Ninja of the Deep Hours"),
                                      ("pay", "pay automatically"), ("may", "no"), ("may", "yes")])
    st = _st(game)
    assert st.trigger_counts["Ninja of the Deep Hours"] == 2
    assert len(st.players[ALICE].hand) == 2                     # Grizzly Bears and one card


def test_ninjutsu_is_not_offered_before_blockers_are_declared():
    """CR 702.49c: ninjutsu needs an unblocked attacker, which exists only once blockers have
    been declared (CR 509.1h)."""
    s, _ = board(step="declare_attackers", alice=[("Grizzly Bears", {"attacking": True}), "Island", "Island"],
                 alice_hand=["Ninja of the Deep Hours"])
    game = Game.from_state(s)
    assert not any(a.kind == "ninjutsu" for a in game.legal_actions())


def _blood(game, player=ALICE):
    return sum(1 for o in _st(game).permanents(player) if o.card.name == "Blood Token")


def test_olivias_attendants_that_many_blood_tokens_twice_with_felix():
    """"Whenever this creature deals damage, create that many Blood tokens": one combat damage
    event of 6 to Bob; Felix makes it trigger twice, and each instance creates "that many"
    (6) Blood tokens, predefined by CR 111.10g."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", ("Olivia's Attendants", {"attacking": True})])
    game = drive(Game.from_state(s))
    assert _st(game).players[BOB].life == 14
    assert _blood(game) == 12
    blood = next(o for o in _st(game).permanents(ALICE) if o.card.name == "Blood Token")
    assert blood.is_token and "Artifact" in blood.card.types and not blood.card.unsupported


def test_olivias_attendants_noncombat_damage_one_blood_no_felix_bonus():
    """Its own {2}{R} ability deals 1 noncombat damage: one Blood token, Felix adds nothing."""
    s, _ = board(step="main1", alice=["Felix Five-Boots", "Olivia's Attendants", "Mountain", "Mountain",
                                      "Mountain"])
    game = drive(Game.from_state(s), [("priority", "activate Olivia's Attendants"),
                                      ("targets", "target Bob"), ("pay", "pay automatically")], stop="main1")
    assert _st(game).players[BOB].life == 19
    assert _blood(game) == 1
