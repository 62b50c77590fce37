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


def test_face_breaker_one_or_more_creatures_one_trigger_felix_makes_two_treasures():
    """"Whenever one or more creatures you control deal combat damage to a player" triggers once
    for the whole combat damage event (CR 603.2c), however many creatures connect; with Felix it
    triggers an additional time: two Treasure tokens (CR 111.10a)."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", ("Professional Face-Breaker", {"attacking": True}),
                        ("Grizzly Bears", {"attacking": True})])
    game = drive(Game.from_state(s))
    st = _st(game)
    assert st.trigger_counts["Professional Face-Breaker"] == 2
    assert sum(1 for o in st.permanents(ALICE) if o.card.name == "Treasure Token") == 2


def test_face_breaker_sacrifice_a_treasure_exiles_the_top_card_and_lets_alice_play_it():
    """"Exile the top card of your library. You may play that card this turn." -- a permission
    to play it from exile (CR 601.3, 305.1): here a land, played as the land for the turn."""
    s, _ = board(step="declare_blockers", alice=[("Professional Face-Breaker", {"attacking": True})])
    game = drive(Game.from_state(s), stop="main2")
    game = drive(game, [("priority", "activate Professional Face-Breaker")], stop=None)
    game = drive(game, stop="main2")
    st = _st(game)
    island = next(st.objs[i] for i in st.players[ALICE].exile)
    assert island.card.name == "Island"
    game = drive(game, [("priority", "play Island")], stop=None)
    st = _st(game)
    assert any(o.card.name == "Island" for o in st.permanents(ALICE))
    assert st.players[ALICE].lands_played == 1
    assert not any(o.card.name == "Treasure Token" for o in st.permanents(ALICE))


def _cipher_game(extra=()):
    """Alice casts Hands of Binding on Bob's Savannah Lions and encodes it on her Grizzly Bears."""
    s, ids = board(step="main1", alice=[*extra, "Grizzly Bears", "Island", "Island"],
                   alice_hand=["Hands of Binding"], bob=["Savannah Lions"])
    game = drive(Game.from_state(s), [("priority", "cast Hands of Binding"), ("pay", "pay automatically"),
                                      ("cipher", "encode Hands of Binding on Grizzly Bears")], stop="main1")
    return game, ids


def test_cipher_encodes_the_card_and_the_creature_casts_a_copy_on_combat_damage():
    """CR 702.99a: Hands of Binding resolves (Bob's Savannah Lions is tapped and won't untap during
    Bob's next untap step), then is exiled encoded on Grizzly Bears. When the Bears deal combat
    damage to Bob, Alice may cast a copy without paying its mana cost (CR 707.12); the copy
    ceases to exist as it leaves the stack (CR 704.5e)."""
    game, ids = _cipher_game()
    st = _st(game)
    hands = next(st.objs[i] for i in st.players[ALICE].exile)
    assert hands.card.name == "Hands of Binding" and hands.attached_to == ids[ALICE][0]
    game = drive(game, [("priority", "pass priority"), ("priority", "pass priority"),
                        ("attackers", "attack with Grizzly Bears"), ("may", "yes")])
    st = _st(game)
    assert st.players[BOB].life == 18
    assert count_log(game, "casts a copy of Hands of Binding without paying its mana cost") == 1
    assert [st.objs[i].card.name for i in st.players[ALICE].graveyard] == []
    lions = st.objs[ids[BOB][0]]
    assert lions.tapped
    game = drive(game, stop="upkeep")                      # Bob's turn: the Lions stay tapped
    st = _st(game)
    assert st.active == BOB and st.objs[ids[BOB][0]].tapped


def test_cipher_with_felix_two_copies():
    """The cipher ability is a triggered ability of a permanent Alice controls, triggered by a
    creature she controls dealing combat damage to a player: Felix makes it trigger twice."""
    game, ids = _cipher_game(extra=("Felix Five-Boots",))
    game = drive(game, [("priority", "pass priority"), ("priority", "pass priority"),
                        ("attackers", "attack with Grizzly Bears"), ("attackers", "no more attackers"),
                        ("may", "yes"), ("may", "yes")])
    assert count_log(game, "casts a copy of Hands of Binding") == 2


def test_equip_attaches_the_sword_as_a_sorcery():
    """CR 702.6a: "Equip {2}" is an activated ability: attach to target creature you control."""
    s, ids = board(step="main1", alice=["Sword of Fire and Ice", "Grizzly Bears", "Island", "Island"])
    game = drive(Game.from_state(s), [("priority", "activate Sword of Fire and Ice"),
                                      ("pay", "pay automatically")], stop="main1")
    st = _st(game)
    assert st.objs[ids[ALICE][0]].attached_to == ids[ALICE][1]
    from manastack.engine import characteristics as ch

    assert ch.power_toughness(st, st.objs[ids[ALICE][1]]) == (4, 4)


def test_toski_cannot_be_countered():
    """"This spell can't be countered": Bob's Cancel resolves but Toski stays on the stack and
    resolves (CR 101.2)."""
    s, _ = board(step="main1", alice=["Forest"] * 4, alice_hand=["Toski, Bearer of Secrets"],
                 bob=["Island"] * 3, bob_hand=["Cancel"])
    game = drive(Game.from_state(s), [("priority", "cast Toski"), ("pay", "pay automatically"),
                                      ("priority", "pass priority"),
                                      ("priority", "cast Cancel"), ("pay", "pay automatically")], stop="main1")
    st = _st(game)
    assert any(o.card.name == "Toski, Bearer of Secrets" for o in st.permanents(ALICE))
    assert count_log(game, "Toski, Bearer of Secrets can't be countered") == 1


def test_glissa_third_mode_removes_up_to_three_counters():
    """Glissa Sunslayer's third mode: Alice removes counters from Bob's creature one at a time,
    up to three, and may stop early."""
    s, ids = board(step="declare_blockers", alice=[("Glissa Sunslayer", {"attacking": True})],
                   bob=[("Grizzly Bears", {"counters": {"+1/+1": 4}})])
    game = drive(Game.from_state(s), [("modes", "mode 3"), ("targets", "target Grizzly Bears"),
                                      ("remove_counters", "remove a +1/+1"),
                                      ("remove_counters", "remove a +1/+1"),
                                      ("remove_counters", "remove no more")])
    assert _st(game).objs[ids[BOB][0]].counters == {"+1/+1": 2}


def test_jitte_charge_counter_pays_for_a_mode():
    """Umezawa's Jitte: "Remove a charge counter: Choose one" -- +2/+2 for the equipped creature."""
    s, ids = board(step="main1", alice=["Grizzly Bears", ("Umezawa's Jitte", {"attached_to": 0,
                                                                               "counters": {"charge": 2}})])
    game = drive(Game.from_state(s), [("priority", "activate Umezawa's Jitte"), ("modes", "mode 1")],
                 stop="main1")
    st = _st(game)
    from manastack.engine import characteristics as ch

    assert st.objs[ids[ALICE][1]].counters == {"charge": 1}
    assert ch.power_toughness(st, st.objs[ids[ALICE][0]]) == (4, 4)
