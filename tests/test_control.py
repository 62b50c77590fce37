"""Control-changing effects (layer 2, CR 613.1b): an Aura's "You control enchanted creature.",
"gain control of ... for as long as ..." (CR 611.2b) and exchanges of control (CR 701.12),
compiled from real cards and run, with their rulings (cited by date, paraphrased). The files in
scenarios/cards/ play the main cases; these tests pin the rest."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import play as run


def effects_of(db, name):
    return [e for ab in db.get(name).abilities for e in getattr(ab, "effects", ())]


def test_the_templates_compile_to_their_parts(corpus_db):
    for name in ("Mind Control", "Control Magic", "Confiscate", "Annex"):
        (ab,) = [a for a in corpus_db.get(name).abilities if type(a) is ir.StaticAbility]
        assert (ab.effect.kind, ab.effect.affected) == ("control", "enchanted"), name
    assert effects_of(corpus_db, "Sower of Temptation") == [
        ir.GainControl(ir.Target(0), "while_source_on_battlefield")]
    assert effects_of(corpus_db, "Dragonlord Silumgar") == [
        ir.GainControl(ir.Target(0), "while_you_control_source")]
    assert effects_of(corpus_db, "Switcheroo") == [ir.ExchangeControl(ir.Target(0))]
    assert corpus_db.get("Switcheroo").abilities[0].targets[0].count == 2
    assert effects_of(corpus_db, "Phyrexian Infiltrator") == [ir.ExchangeControl(ir.Ref("self"), ir.Target(0))]
    for name in ("Mind Control", "Sower of Temptation", "Dragonlord Silumgar", "Switcheroo",
                 "Vedalken Plotter", "Political Trickery", "Phyrexian Infiltrator", "Master Thief"):
        assert corpus_db.get(name).fully_supported, name


def test_durations_that_are_not_read_stay_unsupported(corpus_db):
    """"for as long as ~ remains tapped" and exchanges with a shared-type condition are not
    composed yet: those cards stay unsupported rather than half read."""
    for name in ("Vedalken Shackles", "Shifting Loyalties", "Old Man of the Sea", "Willow Satyr"):
        assert not corpus_db.get(name).fully_supported, name


SILUMGAR = """
turn: 3
players:
  - name: Alice
    hand: [Dragonlord Silumgar]
    battlefield: [{card: Island, count: 3}, {card: Swamp, count: 3}]
    library: [{card: Island, count: 5}]
  - name: Bob
    hand: [Act of Treason]
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Mountain, count: 3}]
    library: [{card: Mountain, count: 5}]
script:
  - cast: Dragonlord Silumgar
  - resolve
  - choose: [bears]
  - resolve
  - expect:
      objects:
        bears: {controller: Alice}
  - pass_until: next turn
  - pass_until: main1
  - cast: Act of Treason
    target: Dragonlord Silumgar
  - resolve
  - expect:
      objects:
        Dragonlord Silumgar: {controller: Bob}
        bears: {controller: Bob}
  - pass_until: next turn
expect:
  objects:
    Dragonlord Silumgar: {controller: Alice}
    bears: {controller: Bob}
"""


def test_losing_control_of_silumgar_ends_its_effect_for_good(corpus_db):
    """Rulings 2015-02-25: if another player gains control of Dragonlord Silumgar, its control
    effect ends, and regaining control of Silumgar doesn't bring the creature back."""
    run(SILUMGAR, corpus_db)


def test_exchanging_two_permanents_of_one_controller_does_nothing(corpus_db):
    """CR 701.12b (Switcheroo ruling 2018-07-13): when one player controls both, nothing happens."""
    text = """
turn: 3
players:
  - name: Alice
    hand: [Switcheroo]
    battlefield: [{card: Island, count: 5}, {card: Savannah Lions, id: lions}, {card: Grizzly Bears, id: bears}]
  - name: Bob
script:
  - cast: Switcheroo
    targets: [lions, bears]
  - resolve
expect:
  objects:
    lions: {controller: Alice}
    bears: {controller: Alice}
"""
    game = run(text, corpus_db)
    assert any("701.12b" in e.rules for e in game.current_state().log_entries())


def test_a_creature_taken_by_an_aura_counts_as_its_new_controllers(corpus_db):
    """After Mind Control, Alice controls Bob's Bears (CR 613.1b), so Switcheroo on her Lions and
    those Bears finds one controller for both and does nothing (CR 701.12b)."""
    text = """
turn: 3
players:
  - name: Alice
    hand: [Mind Control, Switcheroo]
    battlefield: [{card: Island, count: 10}, {card: Savannah Lions, id: lions}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - cast: Mind Control
    target: bears
  - resolve
  - cast: Switcheroo
    targets: [lions, bears]
  - resolve
expect:
  objects:
    lions: {controller: Alice}
    bears: {controller: Alice}
"""
    run(text, corpus_db)


def test_an_aura_for_your_own_creature_falls_off_when_the_creature_changes_control(corpus_db):
    """CR 303.4a, 704.5m: Aspect of Lamprey ("enchant creature you control") can target only a
    creature its caster controls; when Bob takes that creature with Mind Control, the Aura is
    attached to something it can't enchant and goes to Alice's graveyard."""
    text = """
turn: 3
players:
  - name: Alice
    hand: [Aspect of Lamprey]
    battlefield: [{card: Swamp, count: 4}, {card: Grizzly Bears, id: mine}]
  - name: Bob
    hand: [Mind Control, Island, Island]
    battlefield: [{card: Grizzly Bears, id: his}, {card: Island, count: 5}]
    library: [Island]
script:
  - cast: Aspect of Lamprey
    target: his
    illegal: "target"
  - cast: Aspect of Lamprey
    target: mine
  - resolve
  - resolve
  - choose: [Island, Island]
    by: Bob
  - expect:
      objects:
        Aspect of Lamprey: {attached_to: mine}
  - pass_until: main1
    turn: 4
  - cast: Mind Control
    by: Bob
    target: mine
  - resolve
expect:
  objects:
    mine: {controller: Bob}
  graveyard: {Alice: [Aspect of Lamprey]}
"""
    run(text, corpus_db)


def test_an_aura_on_a_creature_with_protection_from_it_is_put_into_the_graveyard(corpus_db):
    """CR 702.16c, 704.5m: White Knight has protection from black, so Weakness (a black Aura)
    can't stay attached to it."""
    text = """
turn: 3
players:
  - name: Alice
    battlefield: [{card: White Knight, id: knight}]
  - name: Bob
    battlefield: [{card: Weakness, attached_to: knight}]
script:
  - pass
expect:
  graveyard: {Bob: [Weakness]}
  objects:
    knight: {power: 2, toughness: 2}
"""
    run(text, corpus_db)
