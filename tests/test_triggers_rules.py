"""Triggered abilities (CR 603), keyword triggers (ward, prowess, persist) and the events of
combat damage (CR 510, 119.9, 702.15), with real cards."""
from __future__ import annotations

from manastack import Game

from .test_triggers_board import ALICE, BOB, board, count_log, drive


def _stack_labels(game):
    return [i.label for i in reversed(game.current_state().stack)]        # top first


def _until_stack(game, n=None):
    """Pass priority until the stack holds something (triggers were put on it)."""
    while game.pending.kind == "priority" and not game.current_state().stack:
        game.push("pass priority")
    return game


# ------------------------------------------------------------------------------ CR 603.3b


def test_controller_orders_their_triggers_first_chosen_resolves_last():
    """CR 603.3b: Ninja of the Deep Hours and Coastal Piracy trigger on the same combat damage;
    Alice puts Coastal Piracy's ability on the stack first, so Ninja's resolves first."""
    s, _ = board(step="declare_blockers",
                 alice=["Coastal Piracy", ("Ninja of the Deep Hours", {"attacking": True})])
    game = _until_stack(drive(Game.from_state(s), [("order_triggers", "Coastal Piracy")], stop=None))
    assert _stack_labels(game) == ["Ninja of the Deep Hours' ability", "Coastal Piracy's ability"]
    assert count_log(game, "in their chosen order: Coastal Piracy's ability, Ninja") == 1


def test_default_order_is_one_answer_the_order_they_triggered():
    """CR 603.3b: the offered default puts them on the stack as they triggered."""
    s, _ = board(step="declare_blockers",
                 alice=["Coastal Piracy", ("Ninja of the Deep Hours", {"attacking": True})])
    game = drive(Game.from_state(s), [], stop=None)
    while game.pending.kind == "priority":
        game.push("pass priority")
    assert game.pending.kind == "order_triggers"
    assert game.legal_actions()[0].kind == "default"
    game.push(game.legal_actions()[0])
    game = _until_stack(game)
    assert _stack_labels(game) == ["Ninja of the Deep Hours' ability", "Coastal Piracy's ability"]
    assert count_log(game, "in the default order (as they triggered)") == 1


def test_apnap_active_players_triggers_go_on_the_stack_first():
    """CR 603.3b, 101.4: both Nighthawks' lifelink makes both players gain life at once; Alice
    (active) puts her Pridemate's ability on the stack first, Bob's goes on top."""
    s, ids = board(step="declare_blockers",
                   alice=["Ajani's Pridemate", ("Vampire Nighthawk", {"attacking": True})],
                   bob=["Ajani's Pridemate", "Vampire Nighthawk"])
    hawk, blocker = ids[ALICE][1], ids[BOB][1]
    s.objs[hawk].blocked = True
    s.objs[blocker].blocking = (hawk,)
    s.combat["blockers"] = {hawk: [blocker]}
    game = _until_stack(drive(Game.from_state(s), [], stop=None))
    top, bottom = game.current_state().stack[-1], game.current_state().stack[0]
    assert (top.controller, bottom.controller) == (BOB, ALICE)


# ------------------------------------------------------------------------------ CR 603.4, 603.6, 603.10


def _bolt_own_finks(alice, hand, answers=()):
    s, ids = board(step="main1", alice=alice, alice_hand=hand)
    steps = []
    for _ in hand:
        steps += [("priority", "cast Lightning Bolt"), ("targets", "target Kitchen Finks"),
                  ("pay", "pay automatically")]
    return drive(Game.from_state(s), steps + list(answers), stop="main1"), ids


def test_persist_returns_kitchen_finks_with_a_counter_and_its_etb_triggers_again():
    """CR 702.79a, 603.10a (the dies trigger looks back), 603.6a (it enters, gaining 2)."""
    game, _ = _bolt_own_finks(["Kitchen Finks", "Mountain"], ["Lightning Bolt"])
    st = game.current_state()
    finks = [o for o in st.permanents() if o.card.name == "Kitchen Finks"]
    assert len(finks) == 1 and finks[0].counters == {"-1/-1": 1}
    assert st.players[ALICE].life == 22
    assert count_log(game, "Kitchen Finks' ability triggers on Kitchen Finks leaving the battlefield") == 1


def test_persist_intervening_if_a_finks_with_a_minus_counter_stays_dead():
    """CR 603.4: "if it had no -1/-1 counters on it" is checked as it dies; false, so persist
    doesn't trigger at all."""
    s, ids = board(step="main1", alice=[("Kitchen Finks", {"counters": {"-1/-1": 1}}), "Mountain"],
                   alice_hand=["Lightning Bolt"])
    game = drive(Game.from_state(s), [("priority", "cast Lightning Bolt"),
                                      ("targets", "target Kitchen Finks"),
                                      ("pay", "pay automatically")], stop="main1")
    assert not any(o.card.name == "Kitchen Finks" for o in game.current_state().permanents())
    assert count_log(game, "doesn't trigger: its \"if\" condition is false") == 1


def test_panharmonicon_doubles_the_etb_trigger_of_a_returning_finks():
    """CR 603.2d, 603.6a: an artifact or creature entering makes Alice's own triggered
    abilities trigger an additional time: Kitchen Finks gains 2 life twice."""
    game, _ = _bolt_own_finks(["Kitchen Finks", "Mountain", "Panharmonicon"], ["Lightning Bolt"])
    assert game.current_state().players[ALICE].life == 24
    assert count_log(game, "x2: Panharmonicon, CR 603.2d") == 1


def test_panharmonicon_affects_only_its_controllers_permanents():
    """Panharmonicon covers "a triggered ability of a permanent you control": Bob's Kitchen
    Finks entering under Bob while Alice controls Panharmonicon triggers once."""
    s, _ = board(step="main1", active=BOB, alice=["Panharmonicon"],
                 bob=["Kitchen Finks", "Mountain"], bob_hand=["Lightning Bolt"])
    game = drive(Game.from_state(s), [("priority", "cast Lightning Bolt"),
                                      ("targets", "target Kitchen Finks"),
                                      ("pay", "pay automatically")], stop="main1")
    assert game.current_state().players[BOB].life == 22
    assert game.current_state().trigger_counts["Kitchen Finks"] == 2     # persist once, ETB once


# ------------------------------------------------------------------------------ CR 510, 119.9, 702.15


def test_double_strike_lifelink_two_damage_steps_are_two_events():
    """CR 510.4: first-strike and regular combat damage are separate steps, so Drogskol Reaver
    deals damage twice; each time lifelink makes a separate life gain event (CR 702.15b), and
    "whenever you gain life" triggers each time: two cards, two counters on Ajani's Pridemate."""
    s, ids = board(step="declare_blockers",
                   alice=["Ajani's Pridemate", ("Drogskol Reaver", {"attacking": True})])
    game = drive(Game.from_state(s), [("order_triggers", "order they triggered"),
                                      ("order_triggers", "order they triggered")])
    st = game.current_state()
    assert st.players[BOB].life == 14 and st.players[ALICE].life == 26
    assert st.objs[ids[ALICE][0]].counters == {"+1/+1": 2}
    assert len(st.players[ALICE].hand) == 2


def test_two_lifelink_sources_cause_two_life_gain_events():
    """CR 702.15e, 119.9: two Vampire Nighthawks dealing combat damage at once cause separate
    life gain events, so Ajani's Pridemate triggers twice."""
    s, ids = board(step="declare_blockers",
                   alice=["Ajani's Pridemate", ("Vampire Nighthawk", {"attacking": True}),
                          ("Vampire Nighthawk", {"attacking": True})])
    game = drive(Game.from_state(s))
    assert game.current_state().objs[ids[ALICE][0]].counters == {"+1/+1": 2}
    assert game.current_state().trigger_counts["Ajani's Pridemate"] == 2


def test_combat_damage_is_dealt_before_its_results_trigger():
    """CR 120.4b-c, 510.2: the damage triggers (Ninja) and then the life gain it results in
    (Pridemate) are separate events, logged in that order."""
    s, _ = board(step="declare_blockers",
                 alice=["Ajani's Pridemate", ("Vampire Nighthawk", {"attacking": True}),
                        ("Ninja of the Deep Hours", {"attacking": True})])
    game = drive(Game.from_state(s), [("order_triggers", "order they triggered"), ("may", "yes")])
    texts = [e.text for e in game.log]
    ninja = next(i for i, t in enumerate(texts) if t.startswith("Ninja of the Deep Hours' ability triggers"))
    gain = next(i for i, t in enumerate(texts) if "gains 2 life" in t)
    pride = next(i for i, t in enumerate(texts) if t.startswith("Ajani's Pridemate's ability triggers"))
    assert ninja < gain < pride


# ------------------------------------------------------------------------------ keyword triggers


def test_prowess_triggers_on_a_noncreature_spell_not_on_a_creature_spell():
    """CR 702.108a: Monastery Swiftspear gets +1/+1 when Alice casts Lightning Bolt; casting
    Grizzly Bears triggers nothing."""
    s, ids = board(step="main1", alice=["Monastery Swiftspear", "Mountain", "Forest", "Forest"],
                   alice_hand=["Lightning Bolt", "Grizzly Bears"])
    game = drive(Game.from_state(s), [("priority", "cast Lightning Bolt"), ("targets", "target Bob"),
                                      ("pay", "pay automatically")], stop="main1")
    game = drive(game, [("priority", "cast Grizzly Bears"), ("pay", "pay automatically")], stop=None)
    game = drive(game, stop="main1")
    from manastack.engine import characteristics as ch

    spear = game.current_state().objs[ids[ALICE][0]]
    assert ch.power_toughness(game.current_state(), spear) == (2, 3)
    assert game.current_state().trigger_counts["Monastery Swiftspear"] == 1


def _bolt_felix(mountains):
    s, ids = board(step="main1", active=BOB, alice=["Felix Five-Boots"],
                   bob=["Mountain"] * mountains, bob_hand=["Lightning Bolt"])
    game = drive(Game.from_state(s), [("priority", "cast Lightning Bolt"),
                                      ("targets", "target Felix Five-Boots"),
                                      ("pay", "pay automatically")], stop=None)
    return game, ids


def test_ward_counters_the_spell_when_its_controller_cannot_pay():
    """CR 702.21a: Felix's ward {2} triggers when Bob's Lightning Bolt targets it; Bob has no
    mana left, so the Bolt is countered."""
    game, ids = _bolt_felix(1)
    game = drive(game, stop="main1")
    assert ids[ALICE][0] in game.current_state().battlefield
    assert game.current_state().objs[ids[ALICE][0]].damage == 0
    assert count_log(game, "Lightning Bolt is countered by Felix Five-Boots' ward") == 1


def test_ward_is_paid_and_the_spell_resolves():
    """CR 702.21a, 603.5: the "unless" is decided on resolution; Bob pays {2}."""
    game, ids = _bolt_felix(3)
    game = drive(game, [("unless", "pay {2}"), ("pay", "pay automatically")], stop="main1")
    assert game.current_state().objs[ids[ALICE][0]].damage == 3
    assert count_log(game, "pays {2} for ward: Lightning Bolt isn't countered") == 1


def test_ward_ignores_its_controllers_own_spells():
    """Ward triggers only for spells and abilities an opponent controls (CR 702.21a)."""
    s, ids = board(step="main1", alice=["Felix Five-Boots", "Forest"], alice_hand=["Giant Growth"])
    game = drive(Game.from_state(s), [("priority", "cast Giant Growth"),
                                      ("pay", "pay automatically")], stop="main1")
    assert game.current_state().objs[ids[ALICE][0]].damage == 0
    assert game.current_state().trigger_counts.get("Felix Five-Boots", 0) == 0


# ------------------------------------------------------------------------------ CR 603.2e, saving


def test_becomes_blocked_triggers_once_when_it_happens():
    """CR 603.2e: "becomes blocked" triggers only as the creature becomes blocked -- once, however
    many creatures block it -- and doesn't trigger again while it stays blocked."""
    s, _ = board(step="declare_attackers", alice=[("Deepwood Tantiv", {"attacking": True})],
                 bob=["Grizzly Bears", "Savannah Lions"])
    game = drive(Game.from_state(s), [("blockers", "Grizzly Bears blocks"),
                                      ("blockers", "Savannah Lions blocks"),
                                      ("damage", "2 to Grizzly Bears")], stop="end")
    st = game.current_state()
    assert st.trigger_counts["Deepwood Tantiv"] == 1
    assert st.players[ALICE].life == 22


def test_pending_trigger_order_survives_a_json_round_trip():
    """Ordering decisions are data: a game saved while Alice orders her triggers loads with the
    same decision and plays on the same way."""
    s, _ = board(step="declare_blockers",
                 alice=["Felix Five-Boots", "Coastal Piracy",
                        ("Ninja of the Deep Hours", {"attacking": True})])
    game = Game.from_state(s)
    while game.pending.kind == "priority":
        game.push("pass priority")
    assert game.pending.kind == "order_triggers"
    again = Game.from_json(game.to_json())
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in game.legal_actions()]
    for g in (game, again):
        drive(g, [("order_triggers", "Coastal Piracy"), ("order_triggers", "order they triggered")]
              + [("may", "yes")] * 4)
    assert [len(g.current_state().players[ALICE].hand) for g in (game, again)] == [4, 4]
    assert again.explain().splitlines()[-5:] == game.explain().splitlines()[-5:]


def test_toski_attacks_each_combat_if_able():
    """Toski, Bearer of Secrets attacks each combat if able: a requirement (CR 508.1d) the
    attack declaration includes without asking."""
    s, ids = board(step="beginning_of_combat", alice=["Toski, Bearer of Secrets"])
    game = drive(Game.from_state(s), [], stop="main2")
    st = game.current_state()
    assert st.players[BOB].life == 19
    assert count_log(game, "must attack") == 1


def test_a_replaced_event_triggers_nothing_regenerated_finks_does_not_persist():
    """CR 603.2g: an event that was replaced doesn't trigger anything. Kitchen Finks has a
    regeneration shield from Blessing of Leeches; Lightning Bolt's lethal damage would destroy it,
    regeneration replaces the destruction (CR 701.19a), so it never dies and persist (a dies
    trigger) doesn't trigger."""
    s, ids = board(step="main1", alice=["Kitchen Finks", ("Blessing of Leeches", {"attached_to": 0}),
                                        "Mountain"], alice_hand=["Lightning Bolt"])
    game = drive(Game.from_state(s), [("priority", "activate Blessing of Leeches")], stop="main1")
    game = drive(game, [("priority", "cast Lightning Bolt"), ("targets", "target Kitchen Finks"),
                        ("pay", "pay automatically")], stop="main1")
    st = game.current_state()
    finks = st.objs[ids[ALICE][0]]
    assert finks.zone == "battlefield" and finks.tapped and finks.damage == 0
    assert st.trigger_counts.get("Kitchen Finks", 0) == 0
    # the shield is a replacement effect of the destruction event, applied on the replacement road
    # (CR 614.8, 616.1) and used up by it
    assert any(e.text.startswith("Replacement: Kitchen Finks regenerates") and "614.8" in e.rules
               for e in st.log_entries())
    assert not [e for e in st.effects if e.kind == "regeneration_shield"]
