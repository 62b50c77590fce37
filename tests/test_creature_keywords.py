"""Creature and combat keywords run with real cards from the card corpus and their official
rulings (cited by date, paraphrased): renown (CR 702.112), monstrosity (CR 701.37), fabricate
(CR 702.123), evolve (CR 702.100), modular (CR 702.43), unleash (CR 702.98), exert (CR 701.43),
devour (CR 702.82), riot (CR 702.136), tribute (CR 702.104), and having no maximum hand size
(CR 402.2). The scenarios/cards/ files play the main cases."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.combat import block_restriction, cant_block
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, on_battlefield, pick, resolve, stack_labels

ALICE, BOB = 0, 1


def pass_to_damage(g: Game) -> None:
    """From the declare attackers step with attackers declared: no blocks, on to combat damage."""
    while g.current_state().step != "combat_damage" or g.pending.kind == "blockers":
        if g.pending.kind == "blockers":
            g.push(next(a for a in g.legal_actions() if a.kind == "done"))
        else:
            g.push(Action("pass"))


# ------------------------------------------------------------------------------ renown (CR 702.112)


def test_renown_puts_counters_once_and_a_renowned_creature_does_not_trigger(db):
    """Topan Freeblade (renown 1) deals combat damage to Bob: one +1/+1 counter and it becomes
    renowned (CR 702.112a-b). Already renowned, the intervening "if it isn't renowned" is false
    as it deals damage, so it doesn't trigger (CR 603.4)."""
    players = """
  - name: Alice
    battlefield: [{card: Topan Freeblade, attacking: true%s}]
  - name: Bob
"""
    g = board(db, players % "", step="declare_attackers", turn=3)
    pass_to_damage(g)
    assert stack_labels(g) == ["Topan Freeblade's ability"]
    resolve(g)
    blade = on_battlefield(g, "Topan Freeblade")[0]
    assert blade.counters == {"+1/+1": 1} and blade.designations == ("renowned",)
    assert g.current_state().players[BOB].life == 18
    g = board(db, players % ", designations: [renowned], counters: {+1/+1: 1}", step="declare_attackers", turn=3)
    pass_to_damage(g)
    assert stack_labels(g) == [] and g.current_state().players[BOB].life == 17
    assert on_battlefield(g, "Topan Freeblade")[0].counters == {"+1/+1": 1}


def test_renown_ignores_noncombat_damage_and_the_designation_survives_a_save(db):
    """Renown doesn't trigger on noncombat damage to a player (Topan Freeblade ruling
    2015-06-22); the designation is part of the saved game; a new object has none (CR 400.7)."""
    g = board(db, """
  - name: Alice
    hand: [Shock]
    battlefield: [Mountain, Topan Freeblade, {card: Topan Freeblade, designations: [renowned], id: known}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Shock", "Bob")
    resolve(g)
    assert g.current_state().players[BOB].life == 18 and not g.current_state().stack
    assert sorted(o.designations for o in on_battlefield(g, "Topan Freeblade")) == [(), ("renowned",)]
    restored = Game.from_json(g.to_json(), db)
    assert sorted(o.designations for o in on_battlefield(restored, "Topan Freeblade")) == [(), ("renowned",)]
    g = board(db, """
  - name: Alice
    hand: [Unsummon]
    battlefield: [Island, {card: Topan Freeblade, designations: [renowned]}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Unsummon", "Topan Freeblade")
    resolve(g)
    s = g.current_state()
    card = next(s.objs[i] for i in s.players[ALICE].hand)
    assert card.card.name == "Topan Freeblade" and card.designations == ()


# ------------------------------------------------------------------------------ monstrosity (CR 701.37)


def test_monstrosity_resolving_after_the_creature_left_does_nothing(db):
    """Arbor Colossus's monstrosity is activated; before it resolves the Colossus is bounced:
    no counters, it doesn't become monstrous, and "when it becomes monstrous" doesn't trigger
    (Arbor Colossus ruling 2013-09-15)."""
    g = board(db, """
  - name: Alice
    hand: [Unsummon]
    battlefield: [{card: Arbor Colossus}, {card: Forest, count: 6}, Island]
  - name: Bob
    battlefield: [Wind Drake]
""", turn=3)
    cast_and_pay(g, "activate Arbor Colossus")
    cast_and_pay(g, "cast Unsummon", "Arbor Colossus")
    resolve(g)                      # Unsummon
    resolve(g)                      # monstrosity
    s = g.current_state()
    assert not s.stack and on_battlefield(g, "Wind Drake")
    assert any("left the battlefield" in e.text and "701.37a" in e.rules for e in s.log_entries())


# ------------------------------------------------------------------------------ fabricate (CR 702.123)


def test_fabricate_counters_chosen_as_it_resolves(db):
    """Angel of Invention (fabricate 2) enters as a 2/1; its controller chooses as the ability
    resolves, here the two +1/+1 counters and no Servos (CR 702.123a; rulings 2016-09-20)."""
    g = board(db, """
  - name: Alice
    hand: [Angel of Invention]
    battlefield: [{card: Plains, count: 5}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Angel of Invention")
    resolve(g)
    angel = on_battlefield(g, "Angel of Invention")[0]
    assert angel.counters == {} and stack_labels(g) == ["Angel of Invention's ability"]
    resolve(g)
    assert g.pending.kind == "may" and [a.label for a in g.legal_actions()] == [
        "put 2 +1/+1 counters on Angel of Invention", "create 2 Servo tokens"]
    g.push(Action("yes"))
    assert on_battlefield(g, "Angel of Invention")[0].counters == {"+1/+1": 2}
    assert not on_battlefield(g, "Servo Token")


# ------------------------------------------------------------------------------ evolve (CR 702.100)


def test_evolve_needs_a_greater_stat_when_it_triggers_and_when_it_resolves(db):
    """Cloudfin Raptor: a 1/1 entering beside the 1/2 Raptor has neither stat greater, so evolve
    doesn't trigger; a 2/2 does, but if the Raptor grows past it before the ability resolves,
    the ability does nothing (CR 603.4; Cloudfin Raptor rulings 2013-04-15)."""
    g = board(db, """
  - name: Alice
    hand: [Llanowar Elves]
    battlefield: [{card: Cloudfin Raptor, counters: {+1/+1: 1}}, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Llanowar Elves")
    resolve(g)
    assert on_battlefield(g, "Llanowar Elves") and stack_labels(g) == []
    g = board(db, """
  - name: Alice
    hand: [Grizzly Bears, Giant Growth]
    battlefield: [Cloudfin Raptor, Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Grizzly Bears")
    resolve(g)
    assert stack_labels(g) == ["Cloudfin Raptor's ability"]
    cast_and_pay(g, "cast Giant Growth", "Cloudfin Raptor")
    resolve(g)
    resolve(g)
    raptor = on_battlefield(g, "Cloudfin Raptor")[0]
    assert raptor.counters == {} and not g.current_state().stack
    assert any("condition is false now" in e.text for e in g.current_state().log_entries())


# ------------------------------------------------------------------------------ modular, unleash (CR 702.43, 702.98)


def test_modular_enters_with_counters_and_targets_only_artifact_creatures(db):
    """Arcbound Worker (a 0/0 with modular 1) enters with a +1/+1 counter (CR 702.43a). When it
    dies, its ability may target only an artifact creature: with Grizzly Bears the only other
    creature there is no legal target and the ability is removed (CR 603.3d)."""
    g = board(db, """
  - name: Alice
    hand: [Arcbound Worker, Shock]
    battlefield: [Mountain, Mountain, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Arcbound Worker")
    resolve(g)
    worker = on_battlefield(g, "Arcbound Worker")[0]
    assert worker.counters == {"+1/+1": 1}
    cast_and_pay(g, "cast Shock", "Arcbound Worker")
    resolve(g)
    s = g.current_state()
    assert not on_battlefield(g, "Arcbound Worker") and not s.stack
    assert on_battlefield(g, "Grizzly Bears")[0].counters == {}


def test_unleash_declined_and_counters_from_elsewhere(db):
    """Rakdos Cackler: declining unleash, it enters without a counter and can block; any +1/+1
    counter, not only unleash's, keeps it from blocking (Rakdos Cackler rulings 2013-04-15)."""
    g = board(db, """
  - name: Alice
    hand: [Rakdos Cackler, Battlegrowth]
    battlefield: [Swamp, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Rakdos Cackler")
    resolve(g)
    assert g.pending.kind == "may"
    g.push(Action("no"))
    cackler = on_battlefield(g, "Rakdos Cackler")[0]
    assert cackler.counters == {} and cant_block(g.current_state(), cackler) is None
    cast_and_pay(g, "cast Battlegrowth", "Rakdos Cackler")
    resolve(g)
    cackler = on_battlefield(g, "Rakdos Cackler")[0]
    assert "702.98a" in cant_block(g.current_state(), cackler)


# ------------------------------------------------------------------------------ exert (CR 701.43)


def test_exert_declined_means_no_trigger_and_a_normal_untap(db):
    """Khenra Scrapper attacks without being exerted: its "When you do" doesn't trigger, nor does
    Vizier of the True's "whenever you exert a creature", and it untaps in Alice's next untap step
    (CR 701.43a, 603.12)."""
    g = board(db, """
  - name: Alice
    library: [Plains, Plains]
    battlefield: [Khenra Scrapper, Vizier of the True]
  - name: Bob
    library: [Forest, Forest]
""", step="beginning_of_combat", turn=3)
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    pick(g, "attack with Khenra Scrapper")
    pick(g, "no more attackers")
    assert g.pending.kind == "may" and "Exert Khenra Scrapper" in g.pending.prompt
    g.push(Action("no"))
    s = g.current_state()
    assert not s.pending_triggers and not s.stack
    assert not [e for e in s.effects if e.kind == "skip_next_untap"]
    while g.current_state().turn < 5 or g.current_state().step == "untap":
        g.push(g.legal_actions()[-1] if g.pending.kind != "priority" else Action("pass"))
    assert not on_battlefield(g, "Khenra Scrapper")[0].tapped


# ------------------------------------------------------------------------------ devour (CR 702.82)


def test_devour_offers_only_other_creatures_and_may_devour_none(db):
    """Gorger Wurm (devour 1): only creatures already on the battlefield may be devoured, not the
    Wurm itself nor a land; devouring none, it enters with no counters (Mycoloth rulings
    2008-10-01, CR 702.82a)."""
    g = board(db, """
  - name: Alice
    hand: [Gorger Wurm]
    battlefield: [{card: Mountain, count: 3}, Forest, Forest, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Gorger Wurm")
    resolve(g)
    assert g.pending.kind == "sacrifice"
    assert [a.label for a in g.legal_actions()] == ["devour Grizzly Bears", "devour no more"]
    g.push(Action("done"))
    assert on_battlefield(g, "Gorger Wurm")[0].counters == {} and on_battlefield(g, "Grizzly Bears")


# ------------------------------------------------------------------------------ riot (CR 702.136)


def test_riot_counter_means_no_haste_and_chosen_haste_is_saved(db):
    """Zhur-Taa Goblin: choosing the +1/+1 counter it has no haste (CR 702.136a); choosing haste,
    the haste is part of a saved game."""
    players = """
  - name: Alice
    hand: [Zhur-Taa Goblin]
    battlefield: [Mountain, Forest]
  - name: Bob
"""
    for answer, counters, haste in (("yes", {"+1/+1": 1}, False), ("no", {}, True)):
        g = board(db, players, turn=3)
        cast_and_pay(g, "cast Zhur-Taa Goblin")
        resolve(g)
        g.push(Action(answer))
        g = Game.from_json(g.to_json(), db)
        goblin = on_battlefield(g, "Zhur-Taa Goblin")[0]
        assert goblin.counters == counters
        assert ch.has(g.current_state(), goblin, "haste") is haste


# ------------------------------------------------------------------------------ tribute (CR 702.104)


def test_tribute_paid_by_the_opponent_means_no_trigger(db):
    """Nessian Demolok (tribute 3): the opponent decides as it enters (CR 702.104a); paid, it
    enters with three +1/+1 counters (it doesn't get them after entering: Nessian Demolok ruling
    2014-02-01) and "if tribute wasn't paid" doesn't trigger (CR 702.104b, 603.4)."""
    g = board(db, """
  - name: Alice
    hand: [Nessian Demolok]
    battlefield: [{card: Forest, count: 5}]
  - name: Bob
    battlefield: [Millstone]
""", turn=3)
    cast_and_pay(g, "cast Nessian Demolok")
    resolve(g)
    assert g.pending.kind == "may" and g.pending.player == BOB
    g.push(Action("yes"))
    demolok = on_battlefield(g, "Nessian Demolok")[0]
    assert demolok.counters == {"+1/+1": 3} and demolok.designations == ("tribute paid",)
    s = g.current_state()
    assert not s.stack and not s.pending_triggers and on_battlefield(g, "Millstone")
    assert any("Nessian Demolok enters the battlefield" in e.text for e in s.log_entries())


# ------------------------------------------------------------------------------ hand size (CR 402.2)


def test_no_maximum_hand_size_compiles_for_a_land_with_a_mana_ability(db):
    """Reliquary Tower: "You have no maximum hand size" is a static ability of its controller
    (CR 402.2) beside its mana ability; the whole card is supported."""
    card = db.get("Reliquary Tower")
    assert card.fully_supported
    statics = [a.effect for a in card.abilities if type(a) is ir.StaticAbility]
    assert statics == [ir.static_effect("no_maximum_hand_size", "you")]


# ------------------------------------------------------------------------------ blocking more (CR 509.1a-b)


def test_a_creature_blocks_one_more_attacker_and_no_more(db):
    """Night Market Guard can block an additional creature each combat: two of three attacking
    Bears, then no third; Grizzly Bears beside it may block any one of them (CR 509.1a-b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Night Market Guard, Grizzly Bears]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: b1}, {card: Grizzly Bears, id: b2}, {card: Grizzly Bears, id: b3}]
""", turn=4, active="Bob", step="beginning_of_combat")
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    for _ in range(3):
        pick(g, "attack with Grizzly Bears")
    while g.pending.kind == "priority":
        g.push(Action("pass"))
    s = g.current_state()
    guard = on_battlefield(g, "Night Market Guard")[0]
    bob_bears = [o.id for o in s.permanents(BOB)]
    for a in bob_bears[:2]:
        g.push(Action("block", (guard.id, a)))
    left = [a for a in g.legal_actions() if a.kind == "block"]
    assert left and all(a.args[0] != guard.id for a in left)       # the Guard is full
    assert {a.args[1] for a in left} == set(bob_bears)              # Alice's Bears may block any one
    g.push(Action("done"))
    s = g.current_state()
    assert s.objs[guard.id].blocking == tuple(bob_bears[:2])
    assert any(e.text.count("Night Market Guard blocks") == 2 for e in s.log_entries())


# ------------------------------------------------------------------------------ "~ or another Ally enters"


def test_self_or_another_ally_reads_as_one_trigger_on_either(db):
    """Hada Freeblade: "Whenever ~ or another Ally enters under your control" is one trigger
    condition met by the Freeblade itself or by another Ally its controller gets (CR 603.6a)."""
    card = db.get("Hada Freeblade")
    assert card.fully_supported
    trigger = next(a for a in card.abilities if type(a) is ir.TriggeredAbility).trigger
    assert trigger.event == "enters" and trigger.subject.or_self and trigger.subject.other
    assert trigger.subject.subtypes == ("Ally",) and trigger.subject.controller == "you"
    g = board(db, """
  - name: Alice
    hand: [Hada Freeblade]
    battlefield: [Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Hada Freeblade")
    resolve(g)
    assert stack_labels(g) == ["Hada Freeblade's ability"]


# ------------------------------------------------------------------------------ lesser power can't block (CR 509.1b)


def test_creatures_with_less_power_than_it_cant_block_it(db):
    """Wandering Wolf (2/1): creatures with power less than 2 can't block it; a creature with
    power 2 can (CR 509.1b). It restricts only blocks of the Wolf itself."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Wandering Wolf, attacking: true}, {card: Savannah Lions, attacking: true}]
  - name: Bob
    battlefield: [Llanowar Elves, Grizzly Bears]
""", step="declare_attackers", turn=3)
    s = g.current_state()
    wolf, lions = on_battlefield(g, "Wandering Wolf")[0], on_battlefield(g, "Savannah Lions")[0]
    elves, bears = on_battlefield(g, "Llanowar Elves")[0], on_battlefield(g, "Grizzly Bears")[0]
    assert "509.1b" in block_restriction(s, elves, wolf)
    assert block_restriction(s, bears, wolf) is None
    assert block_restriction(s, elves, lions) is None


# ------------------------------------------------------------------------------ bolster (CR 701.39)


def test_bolster_picks_the_least_toughness_without_asking_when_alone(db):
    """Cached Defenses (bolster 3): Llanowar Elves, the only creature with the least toughness,
    get the counters with no question; with no creature, nothing happens (CR 701.39a)."""
    g = board(db, """
  - name: Alice
    hand: [Cached Defenses]
    battlefield: [Forest, Forest, Forest, Llanowar Elves, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Cached Defenses")
    resolve(g)
    assert g.pending.kind == "priority"
    assert on_battlefield(g, "Llanowar Elves")[0].counters == {"+1/+1": 3}
    assert on_battlefield(g, "Grizzly Bears")[0].counters == {}
    g = board(db, """
  - name: Alice
    hand: [Cached Defenses]
    battlefield: [Forest, Forest, Forest]
  - name: Bob
    battlefield: [Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "cast Cached Defenses")
    resolve(g)
    assert on_battlefield(g, "Grizzly Bears")[0].counters == {}


# ------------------------------------------------------------------------------ exploit (CR 702.110)


def test_exploit_after_the_creature_left_sacrifices_but_does_not_exploit(db):
    """Sidisi's Faithful is bounced with its exploit ability on the stack: Alice may still
    sacrifice a creature as it resolves, but the Faithful exploits nothing, so its other ability
    doesn't trigger (Sidisi's Faithful rulings 2015-02-25, CR 702.110b)."""
    g = board(db, """
  - name: Alice
    hand: [Sidisi's Faithful, Unsummon]
    battlefield: [Island, Island, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    cast_and_pay(g, "cast Sidisi's Faithful")
    resolve(g)
    cast_and_pay(g, "cast Unsummon", "Sidisi's Faithful")
    resolve(g)
    resolve(g)
    assert g.pending.kind == "sacrifice"
    assert [a.label for a in g.legal_actions()] == ["sacrifice Grizzly Bears", "sacrifice nothing"]
    pick(g, "sacrifice Grizzly Bears")
    s = g.current_state()
    assert not s.stack and not s.pending_triggers and not on_battlefield(g, "Grizzly Bears")
    assert on_battlefield(g, "Hill Giant")


# ------------------------------------------------------------------------------ ingest (CR 702.115)


def test_ingest_exiles_the_damaged_players_top_card_only_on_combat_damage_to_them(db):
    """Culling Drone (ingest) unblocked: Bob, the player dealt combat damage, exiles the top card
    of his library (CR 702.115a). Blocked, it deals no damage to Bob: no trigger."""
    players = """
  - name: Alice
    battlefield: [{card: Culling Drone, attacking: true}]
    library: [Plains]
  - name: Bob
    library: [Swamp, Island]
    battlefield: [%s]
"""
    g = board(db, players % "", step="declare_attackers", turn=3)
    pass_to_damage(g)
    assert stack_labels(g) == ["Culling Drone's ability"]
    resolve(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[BOB].exile] == ["Swamp"]
    assert [s.objs[i].card.name for i in s.players[BOB].library] == ["Island"]
    assert s.players[ALICE].library and not s.players[ALICE].exile
    g = board(db, players % "Grizzly Bears", step="declare_attackers", turn=3)
    while g.pending.kind != "blockers":
        g.push(Action("pass"))
    pick(g, "Grizzly Bears blocks Culling Drone")
    while g.current_state().step != "combat_damage":
        g.push(next(a for a in g.legal_actions() if a.kind in ("done", "pass")))
    assert stack_labels(g) == [] and not g.current_state().players[BOB].exile
