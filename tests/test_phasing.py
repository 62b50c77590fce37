"""Phasing (CR 702.26): the keyword and "phases out" effects, with real cards and the official
rulings the corpus carries for Teferi's Protection (2017-08-25) and Teferi, Master of Time
(2020-06-23), cited by date and paraphrased."""
from __future__ import annotations

import json

import pytest

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.save_check import SaveError
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import play as run, board, cast_and_pay, labels, pick, resolve


def _effects(db, name: str) -> list:
    return [e for ab in db.get(name).abilities for e in getattr(ab, "effects", ())]


def test_phasing_cards_compile(db):
    """The keyword (CR 702.26a) and "[permanents] phase out" (CR 702.26b) in every form the
    corpus prints them: all permanents you control, a target, ~ itself, the enchanted creature,
    a granted keyword."""
    assert _effects(db, "Teferi's Protection")[2] == ir.PhaseOut(ir.Ref("all", ir.Filter(controller="you")))
    assert _effects(db, "Reality Ripple") == [ir.PhaseOut(ir.Target(0))]
    assert _effects(db, "Rainbow Efreet") == [ir.PhaseOut(ir.Ref("self"))]
    assert _effects(db, "Vanishing") == [ir.PhaseOut(ir.Ref("enchanted"))]
    for name in ("Teferi's Protection", "Breezekeeper", "Teferi's Drake", "Tolarian Drake", "Sandbar Crocodile",
                 "Merfolk Raiders", "Teferi's Isle", "Taniwha", "Cloak of Invisibility", "Reality Ripple",
                 "Rainbow Efreet", "Mist Dragon", "Teferi's Honor Guard", "Vodalian Illusionist", "Vanishing",
                 "Sapphire Charm"):
        assert db.get(name).fully_supported, name


TEFERIS_PROTECTION = """
turn: 3
players:
  - name: Alice
    hand: [Teferi's Protection]
    battlefield:
      - {card: Plains, count: 3}
      - {card: Grizzly Bears, id: bears, counters: {"+1/+1": 1}}
      - {card: Holy Strength, attached_to: bears}
      - {card: Grizzly Bears, token: true, id: soldier}
    library: [{card: Plains, count: 5}]
  - name: Bob
    hand: [Wrath of God, Blood Tithe, Harmonize]
    battlefield: [{card: Plains, count: 4}, {card: Swamp, count: 4}, {card: Forest, count: 3}, Hill Giant]
    library: [{card: Mountain, count: 8}]
script:
  - cast: Teferi's Protection
  - resolve
  - expect:
      objects:
        bears: {zone: battlefield, phased_out: true}
        Holy Strength: {phased_out: true, attached_to: bears}
        soldier: {zone: battlefield, phased_out: true}
        Teferi's Protection: {zone: exile}
      battlefield: {Alice: 0}
  - pass_until: main1
    turn: 4
  - cast: Wrath of God
  - resolve
  - cast: Blood Tithe
  - resolve
  - expect:
      life: {Alice: 20, Bob: 20}
      objects:
        Hill Giant: {zone: graveyard}
        bears: {phased_out: true}
  - pass_until: next turn
  - expect:
      objects:
        bears: {zone: battlefield, phased_out: false, counters: {"+1/+1": 1}, sick: false, power: 4, tapped: false}
        Holy Strength: {phased_out: false, attached_to: bears}
        soldier: {zone: battlefield, phased_out: false}
      battlefield: {Alice: 6}
"""


def test_teferis_protection_whole_card(db):
    """Teferi's Protection, all of it: Alice's life total can't change and she has protection
    from everything until her next turn; all her permanents phase out (a token, an Aura with its
    creature, counters and all) and the card is exiled. Wrath of God doesn't destroy phased-out
    creatures (CR 702.26b example); Blood Tithe makes Alice lose no life, so Bob gains none
    (rulings: life gain or loss has no effect). Everything phases in as Alice's untap step begins,
    with its counters, the Aura still attached, the token still there, the creature able to
    attack (rulings; CR 702.26d, 702.26g)."""
    g = run(TEFERIS_PROTECTION, db)
    text = g.explain()
    assert "Alice's life total can't change until their next turn" in text
    assert "Holy Strength phases out with them" in text
    assert "phase in  [CR 502.1, 702.26a, 702.26c]" in text


def test_phased_out_permanents_are_not_counted_nor_targeted(db):
    """CR 702.26b: a phased-out permanent is treated as though it doesn't exist. Its static
    abilities have no effect (Benalish Marshal's bonus is gone), it isn't counted ("for each
    creature"), and it can't be targeted (rulings 2017-08-25)."""
    g = board(db, """
  - name: Alice
    hand: [Reality Ripple, Lightning Bolt]
    battlefield: [Island, Island, Mountain]
  - name: Bob
    battlefield: [Benalish Marshal, Grizzly Bears]
""", turn=3)
    s = g.current_state()
    bears = next(o for o in s.permanents(1) if o.card.name == "Grizzly Bears")
    assert ch_power(g, bears.id) == 3
    cast_and_pay(g, "cast Reality Ripple", "Benalish Marshal")
    resolve(g)
    assert ch_power(g, bears.id) == 2
    pick(g, "cast Lightning Bolt")
    offered = labels(g)
    assert not any("Benalish Marshal" in t for t in offered) and any("Grizzly Bears" in t for t in offered)


def ch_power(g: Game, oid: int) -> int:
    s = g.current_state()
    return ch.power(s, s.objs[oid])


BREEZEKEEPER = """
turn: 3
players:
  - name: Alice
    battlefield: [{card: Breezekeeper, id: djinn}, {card: Cloak of Invisibility, attached_to: bears}, {card: Grizzly Bears, id: bears}]
    library: [{card: Island, count: 5}]
  - name: Bob
    library: [{card: Island, count: 5}]
script:
  - pass_until: next turn
  - expect:
      objects:
        djinn: {phased_out: false}
  - pass_until: next turn
  - expect:
      objects:
        djinn: {zone: battlefield, phased_out: true}
        bears: {phased_out: true}
        Cloak of Invisibility: {phased_out: true, attached_to: bears}
  - pass_until: next turn
  - expect:
      objects:
        djinn: {phased_out: true}
  - pass_until: next turn
expect:
  objects:
    djinn: {zone: battlefield, phased_out: false, sick: false}
    bears: {phased_out: false}
    Cloak of Invisibility: {phased_out: false, attached_to: bears}
"""


def test_phasing_keyword_phases_out_and_in_in_its_controllers_untap_steps(db):
    """CR 702.26a, 502.1: Breezekeeper phases out as Alice's untap step begins (not Bob's), and
    phases in as her next one begins, when it doesn't phase out again; it can attack then. A
    creature with phasing from an Aura (Cloak of Invisibility) phases out with the Aura
    (CR 702.26g) and both phase in together, still attached."""
    g = run(BREEZEKEEPER, db)
    assert "Breezekeeper, Grizzly Bears phase out (phasing); Cloak of Invisibility phases out with them" in g.explain()


def test_a_spell_whose_only_target_phases_out_does_not_resolve(db):
    """Rulings 2017-08-25: a permanent phasing out makes a spell that targets it have an illegal
    target; with no legal target left it doesn't resolve (CR 608.2b). Bob phases out his own
    Grizzly Bears with Reality Ripple in response to Lightning Bolt."""
    g = run("""
turn: 3
players:
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain]
  - name: Bob
    hand: [Reality Ripple]
    battlefield: [Island, Island, {card: Grizzly Bears, id: bears}]
script:
  - cast: Lightning Bolt
    target: bears
  - cast: Reality Ripple
    by: Bob
    target: bears
  - resolve
  - resolve
expect:
  objects:
    bears: {zone: battlefield, phased_out: true, damage: 0}
    Lightning Bolt: {zone: graveyard}
""", db)
    assert "Lightning Bolt doesn't resolve: all its targets are illegal" in g.explain()


def test_an_attacking_creature_that_phases_out_is_removed_from_combat(db):
    """Teferi, Master of Time rulings 2020-06-23 (CR 506.4, 702.26b): an attacking creature that
    phases out is removed from combat and deals no combat damage."""
    run("""
turn: 3
players:
  - name: Alice
    battlefield: [{card: Hill Giant, id: giant}]
  - name: Bob
    hand: [Reality Ripple]
    battlefield: [Island, Island]
script:
  - attack: [giant]
  - cast: Reality Ripple
    by: Bob
    target: giant
  - resolve
  - pass_until: main2
expect:
  life: {Bob: 20}
  objects:
    giant: {phased_out: true, attacking: false}
""", db)


def test_leaving_phasing_and_enters_abilities_do_not_trigger(db):
    """CR 702.26d (rulings 2017-08-25): phasing out is no zone change: Kor Skyfisher's enters
    ability doesn't trigger when it phases in, nor does Banishing Light's exiled card return when
    Banishing Light phases out ("until ~ leaves the battlefield" waits)."""
    g = run("""
turn: 3
players:
  - name: Alice
    hand: [Banishing Light, Teferi's Protection]
    battlefield: [{card: Plains, count: 6}, Kor Skyfisher]
    library: [{card: Plains, count: 5}]
  - name: Bob
    battlefield: [Hill Giant]
    library: [{card: Plains, count: 5}]
script:
  - cast: Banishing Light
  - resolve
  - resolve
  - expect:
      objects:
        Hill Giant: {zone: exile}
  - cast: Teferi's Protection
  - resolve
  - pass_until: next turn
  - pass_until: next turn
expect:
  objects:
    Hill Giant: {zone: exile}
    Kor Skyfisher: {zone: battlefield, phased_out: false}
    Banishing Light: {phased_out: false}
  stack: 0
""", db)
    assert "Kor Skyfisher" not in "".join(t for t in g.explain().splitlines() if "trigger" in t)


def test_an_aura_or_equipment_phased_out_directly_phases_in_unattached_if_its_host_left(db):
    """CR 702.26i (rulings 2017-08-25): Alice's Pacifism and Bonesplitter on Bob's creatures phase
    out directly with Teferi's Protection, not their hosts. Bob's Grizzly Bears dies on his turn:
    Pacifism phases in unattached and goes to the graveyard (CR 704.5m); Bonesplitter, on Hill
    Giant, which is still there, phases in attached to it."""
    g = run("""
turn: 3
players:
  - name: Alice
    hand: [Teferi's Protection]
    battlefield:
      - {card: Plains, count: 3}
      - {card: Pacifism, attached_to: bears}
      - {card: Bonesplitter, attached_to: giant}
    library: [{card: Plains, count: 5}]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, {card: Grizzly Bears, id: bears}, {card: Hill Giant, id: giant}]
    library: [{card: Plains, count: 5}]
script:
  - cast: Teferi's Protection
  - resolve
  - expect:
      objects:
        Pacifism: {phased_out: true}
        giant: {phased_out: false, power: 3}
  - pass_until: main1
    turn: 4
  - cast: Lightning Bolt
    target: bears
  - resolve
  - pass_until: next turn
expect:
  objects:
    Pacifism: {zone: graveyard}
    Bonesplitter: {phased_out: false, attached_to: giant}
    giant: {power: 5}
""", db)
    assert "Pacifism phases in unattached: what it was attached to has left the battlefield" in g.explain()


def test_a_game_with_phased_out_permanents_saves_and_loads(db):
    """The status is saved with each object (CR 110.5); the loaded game has the same phased-out
    permanents and saves the same. A save that lists a phased-out permanent on the battlefield,
    or says a card in exile is phased out, is refused with the place (CR 702.26b)."""
    g = board(db, """
  - name: Alice
    hand: [Teferi's Protection]
    battlefield: [Plains, Plains, Plains, Grizzly Bears]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Teferi's Protection")
    resolve(g)
    s = g.current_state()
    assert len(s.phased_out) == 4 and not s.permanents(0)
    loaded = Game.from_json(g.to_json())
    assert loaded.current_state().phased_out == s.phased_out
    data = json.loads(g.to_json())
    listed = json.loads(g.to_json())
    listed["state"]["battlefield"].append(s.phased_out[0])      # phased out, yet listed
    with pytest.raises(SaveError, match=r"^\$\.state\.battlefield\[0\]: .* is phased out"):
        Game.from_json(json.dumps(listed))
    exiled = next(o for o in data["state"]["objects"] if o["zone"] == "exile")     # Teferi's Protection
    exiled["phased_out"] = 1
    with pytest.raises(SaveError, match="only a permanent phases out"):
        Game.from_json(json.dumps(data))
    assert [loaded.current_state().objs[i].phased_out for i in s.phased_out] == [s.objs[i].phased_out for i in s.phased_out]
    assert loaded.to_json() == g.to_json()


def test_equipment_left_behind_says_it_becomes_unattached(db):
    """CR 301.5c, 704.5n: when the creature an Equipment is attached to leaves the battlefield,
    the Equipment stays, unattached, and the log says so."""
    g = run("""
turn: 3
players:
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain, {card: Bonesplitter, attached_to: bears}, {card: Grizzly Bears, id: bears}]
  - name: Bob
script:
  - cast: Lightning Bolt
    target: bears
  - resolve
expect:
  objects:
    Bonesplitter: {zone: battlefield, attached_to: null}
""", db)
    assert "Bonesplitter becomes unattached: Grizzly Bears left the battlefield  [CR 704.5n, 301.5c]" in g.explain()


def test_a_skipped_untap_step_keeps_phased_out_permanents_out(db):
    """CR 702.26m (Teferi's Protection rulings 2017-08-25): with Stasis, Alice's untap step is
    skipped, so her permanents don't phase in, though her protection and fixed life total end as
    her turn begins."""
    g = run("""
turn: 3
players:
  - name: Alice
    hand: [Teferi's Protection]
    battlefield: [{card: Plains, count: 3}, {card: Grizzly Bears, id: bears}]
    library: [{card: Plains, count: 5}]
  - name: Bob
    battlefield: [Stasis, Island]
    library: [{card: Plains, count: 5}]
script:
  - cast: Teferi's Protection
  - resolve
  - pass_until: upkeep
    turn: 4
  - resolve
  - action: "pay {U} and keep Stasis"
  - action: "pay automatically"
  - pass_until: upkeep
    turn: 5
  - expect:
      objects:
        bears: {phased_out: true}
""", db)
    assert "\"Until your next turn\" effects of Alice end" in g.explain()


IMP = """
turn: 2
players:
  - name: Alice
    hand: [Island]
    battlefield: [{card: Teferi's Imp, id: imp}]
    library: [{card: Island, count: 5}]
  - name: Bob
    battlefield: [{card: Shimmering Efreet, id: efreet}]
    library: [{card: Mountain, count: 5}]
script:
  - pass_until: upkeep
    turn: 3
  - expect:
      objects:
        efreet: {phased_out: true}
  - pass_until: upkeep
    turn: 4
  - expect:
      objects:
        imp: {phased_out: true}
  - resolve
  - expect:
      hand: {Alice: 0}
      graveyard: {Alice: 1}
  - pass_until: upkeep
    turn: 5
  - resolve
  - expect:
      objects:
        efreet: {phased_out: true}
  - pass_until: upkeep
    turn: 6
  - resolve
  - expect:
      objects:
        imp: {phased_out: false}
      hand: {Alice: 2}
"""


def test_whenever_it_phases_out_and_in(db):
    """"Whenever Teferi's Imp phases out, discard a card. Whenever Teferi's Imp phases in, draw a
    card." (CR 702.26b-c): the phased-out Imp's own ability triggers, looking back in time
    (CR 603.10b), and goes on the stack at the upkeep. Bob's Shimmering Efreet phases in while
    the Imp is phased out: its trigger has no other creature to target (CR 702.26b), so it
    targets itself (ruling 2004-10-04). Phased in again, the Imp draws Alice a card."""
    g = run(IMP, db)
    log = [e for e in g.log if "phases out, discard" in e.text or "phases in, draw" in e.text]
    assert [e.rules for e in log] == [("603.2",), ("603.2",)]


EFREET = """
turn: 2
players:
  - name: Alice
    battlefield: [{card: Shimmering Efreet, id: efreet}]
    library: [{card: Island, count: 5}]
  - name: Bob
    library: [{card: Mountain, count: 5}]
script:
  - pass_until: upkeep
    turn: 6
  - resolve
  - expect:
      objects:
        efreet: {phased_out: true}
"""


def test_shimmering_efreet_alone_phases_itself_back_out(db):
    """Shimmering Efreet ruling 2004-10-04: if it phases in and no other creature is on the
    battlefield, its trigger targets it, and it phases out again."""
    g = run(EFREET, db)
    assert sum(1 for e in g.log if e.text.startswith("Shimmering Efreet phases out")) == 2


def test_the_view_lists_phased_out_permanents_apart(db):
    """CR 702.26b: a player's view lists a phased-out permanent under ``phased_out``, marked so,
    and not among the permanents of the battlefield."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Teferi's Imp, id: imp}, Island]
  - name: Bob
    library: [{card: Mountain, count: 5}]
""", turn=2)
    while g.current_state().turn < 4 or g.current_state().step != "upkeep":
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
    view = g.view(1)
    assert [p["name"] for p in view["battlefield"]] == ["Island"]
    assert [(p["name"], p["phased_out"]) for p in view["phased_out"]] == [("Teferi's Imp", True)]


def test_a_loaded_save_phases_permanents_in_in_the_order_they_phased_out(db):
    """The phased-out permanents are saved in the order they phased out, which need not be the
    order of their ids: a loaded game phases them in in the same order, logs the same and saves
    the same (CR 702.26a, 502.1)."""
    g = board(db, """
  - name: Alice
    battlefield: [Island, Island, Island, Island, Vodalian Illusionist, Vodalian Illusionist,
                  Grizzly Bears, Memnite]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "activate Vodalian Illusionist", "Memnite")
    resolve(g)
    cast_and_pay(g, "activate Vodalian Illusionist", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.phased_out] == ["Memnite", "Grizzly Bears"]
    assert list(s.phased_out) != sorted(s.phased_out)
    loaded = Game.from_json(g.to_json(), cards=db)
    assert loaded.current_state().phased_out == s.phased_out
    for game in (g, loaded):
        while game.current_state().turn < 5:
            game.push(game.legal_actions()[0] if game.pending.kind != "priority" else Action("pass"))
    assert "Memnite, Grizzly Bears phase in" in g.explain()
    assert loaded.to_json() == g.to_json()
    out = json.loads(loaded.to_json())
    cast_and_pay(loaded, "activate Vodalian Illusionist", "Memnite")
    resolve(loaded)
    twice = json.loads(loaded.to_json())
    twice["state"]["phased_out"] *= 2
    with pytest.raises(SaveError, match=r"^\$\.state\.phased_out\[1\]: object \d+ is also at"):
        Game.from_json(json.dumps(twice), cards=db)
    twice["state"]["phased_out"] = []
    with pytest.raises(SaveError, match=r"is phased out but not in \$\.state\.phased_out"):
        Game.from_json(json.dumps(twice), cards=db)
    assert out["state"]["phased_out"] == []
