"""Continuous effects that change what a permanent is (CR 613): copy effects (layer 1, Clone),
land-type-setting effects (layer 4 and CR 305.7, Blood Moon) and granted activated abilities
(layer 6, Umbral Mantle), with the mana rules they touch (CR 106.7, 107.6, 302.6)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine import layers
from manastack.engine.mana import query as mq
from manastack.engine.decisions import Action
from manastack.game import Game
from manastack.scenario import Scenario

from .mana_helpers import board, cast, mana_actions, obj, pool, tap_for_mana


def activations(g, name):
    o = obj(g, name)
    return [a for a in g.legal_actions() if a.kind in ("activate", "mana") and a.args[0] == o.id]


def resolve_top(g):
    g.push(Action("pass"))
    g.push(Action("pass"))


def choose(g, label_start):
    pick = [a for a in g.legal_actions() if a.label.startswith(label_start)]
    assert pick, [a.label for a in g.legal_actions()]
    g.push(pick[0])


# ------------------------------------------------------------------------ Blood Moon (CR 305.7)


def test_blood_moon_makes_nonbasic_lands_mountains_that_tap_only_for_red():
    """Blood Moon ruling 2020-08-07: nonbasic lands lose their other land types and abilities and
    gain "{T}: Add {R}"; basic lands are untouched. Reflecting Pool now could produce only {R},
    and Exotic Orchard adds {R} even though Bob's lands make {G} (CR 106.7)."""
    g = board("""
  - name: Alice
    battlefield: [Blood Moon, Reflecting Pool, Exotic Orchard, Forest, Dryad Arbor]
  - name: Bob
    battlefield: [Forest]
""")
    s = g.current_state()
    pool_land = obj(g, "Reflecting Pool")
    assert [ab.text for ab in layers.card_now(s, pool_land).abilities] == ["{T}: Add {R}."]
    assert mq.could_produce(s, pool_land.id).types == ("R",)
    assert mq.could_produce(s, obj(g, "Exotic Orchard").id).types == ("R",)
    assert mq.could_produce(s, obj(g, "Forest", 0).id).types == ("G",)
    tap_for_mana(g, "Exotic Orchard")
    assert pool(g) == {"R": 1}


def test_blood_moon_keeps_dryad_arbor_a_creature_and_a_dryad():
    """CR 305.7: only land types change; Dryad Arbor stays a Land Creature, loses Forest, is a
    Mountain Dryad, and a creature land still follows CR 302.6."""
    g = board("""
  - name: Alice
    battlefield: [Blood Moon, {card: Dryad Arbor, id: arbor}, {card: Dryad Arbor, sick: true}]
  - name: Bob
""")
    s = g.current_state()
    old, new = [o for o in s.permanents() if o.card.name == "Dryad Arbor"]
    now = layers.card_now(s, old)
    assert now.subtypes == ("Dryad", "Mountain") and "Creature" in now.types
    assert ch.is_creature(s, old)
    assert mana_actions(g, "Dryad Arbor") and not [a for a in g.legal_actions() if a.args[:1] == (new.id,)]
    g.push(next(a for a in g.legal_actions() if a.kind == "mana" and a.args[0] == old.id))
    assert pool(g) == {"R": 1}


def test_blood_moon_removes_mutavaults_other_ability():
    """CR 305.7: Mutavault keeps only the Mountain's mana ability; it can't become a creature."""
    g = board("""
  - name: Alice
    battlefield: [Magus of the Moon, Mutavault, Wastes]
  - name: Bob
""")
    assert [a.kind for a in activations(g, "Mutavault")] == ["mana"]
    tap_for_mana(g, "Mutavault")
    assert pool(g) == {"R": 1}


def test_a_nonbasic_land_entering_under_blood_moon_has_no_enters_tapped_or_counters():
    """Blood Moon ruling 2020-08-07: a nonbasic land loses "enters tapped" before it can apply
    (CR 614.12: the effects that apply are those of the permanent as it would exist)."""
    g = board("""
  - name: Alice
    hand: [Vivid Crag]
    battlefield: [Blood Moon]
  - name: Bob
""")
    g.push(next(a for a in g.legal_actions() if a.kind == "play"))
    crag = obj(g, "Vivid Crag")
    assert not crag.tapped and crag.counters.get("charge", 0) == 0
    tap_for_mana(g, "Vivid Crag")
    assert pool(g) == {"R": 1}


def test_lands_get_their_abilities_back_when_the_moon_leaves():
    """CR 611.3a: a static ability's effect lasts only while its source is on the battlefield."""
    g = board("""
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Mountain, Reflecting Pool, Forest]
  - name: Bob
    battlefield: [Magus of the Moon]
""")
    s = g.current_state()
    assert mq.could_produce(s, obj(g, "Reflecting Pool").id).types == ("R",)
    cast(g, "Lightning Bolt")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Magus" in a.label or a.kind == "autopay"))
    resolve_top(g)
    s = g.current_state()
    assert all(o.card.name != "Magus of the Moon" for o in s.permanents())
    assert mq.could_produce(s, obj(g, "Reflecting Pool").id).types == ("R", "G")


def test_blood_moon_and_chromatic_lantern_depend_on_timestamps_of_different_layers():
    """CR 613.1d then 613.1f: Blood Moon's type change applies in layer 4, Chromatic Lantern's
    grant in layer 6, so a nonbasic land under both taps for {R} or any color (Chromatic
    Lantern ruling 2018-10-05: lands keep the granted ability)."""
    g = board("""
  - name: Alice
    battlefield: [Blood Moon, Chromatic Lantern, Reflecting Pool]
  - name: Bob
""")
    s = g.current_state()
    assert mq.could_produce(s, obj(g, "Reflecting Pool").id).types == ("W", "U", "B", "R", "G")
    assert len(mana_actions(g, "Reflecting Pool")) == 2


def test_wastes_keeps_its_parenthesised_ability_when_chromatic_lantern_grants_another():
    """Wastes has no basic land type (CR 305.6 gives it no intrinsic ability): its parenthesised
    "{T}: Add {C}" is its own rules text, not reminder text (CR 207.2a). A granted ability
    (CR 613.1f; Chromatic Lantern ruling 2018-10-05: lands keep their other abilities) is added
    to it, so Wastes taps for {C} or for any color."""
    g = board("""
  - name: Alice
    battlefield: [Chromatic Lantern, Wastes]
  - name: Bob
""")
    s = g.current_state()
    wastes = obj(g, "Wastes")
    assert [ab.text for ab in layers.card_now(s, wastes).abilities][0] == "{T}: Add {C}."
    assert mq.could_produce(s, wastes.id).types == ("W", "U", "B", "R", "G", "C")
    assert len(mana_actions(g, "Wastes")) == 2
    g.push(Action("mana", (wastes.id, 0)))
    assert pool(g) == {"C": 1}


# ------------------------------------------------------------------------ Umbral Mantle (CR 613.1f)


MANTLE = """
  - name: Alice
    battlefield: [Umbral Mantle, {{card: Llanowar Elves{extra}}}, Forest, Forest, Forest, Forest]
  - name: Bob
"""


def equip(g):
    g.push(next(a for a in g.legal_actions() if a.kind == "activate" and "Equip" in a.label))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    resolve_top(g)


def granted(g):
    return [a for a in activations(g, "Llanowar Elves") if a.kind == "activate"]


def test_umbral_mantle_grants_a_q_ability_usable_once_tapped():
    """Umbral Mantle rulings 2008-05-01: the untapped creature can't pay {Q}; once it has tapped
    for mana it can, untapping as a cost, and the +2/+2 resolves from the stack."""
    g = board(MANTLE.format(extra=""))
    assert granted(g) == []
    equip(g)
    assert granted(g) == []                               # untapped: can't pay {Q} (CR 107.6)
    tap_for_mana(g, "Llanowar Elves")
    act = granted(g)
    assert len(act) == 1 and "{3}, {Q}" in act[0].label
    g.push(act[0])
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    elves = obj(g, "Llanowar Elves")
    assert not elves.tapped
    assert [i.label for i in g.current_state().stack] == ["Llanowar Elves' ability"]
    resolve_top(g)
    assert ch.power_toughness(g.current_state(), obj(g, "Llanowar Elves")) == (3, 3)


def test_umbral_mantle_q_needs_a_creature_controlled_since_the_turn_began():
    """Umbral Mantle ruling 2008-05-01 and CR 302.6: a new creature can't pay {Q}."""
    g = board(MANTLE.format(extra=", sick: true, tapped: true"))
    equip(g)
    assert granted(g) == []


def test_a_granted_ability_on_the_stack_survives_save_and_load():
    """CR 113.7a: once activated, the ability exists apart from its source; a save holds the
    definition that had it."""
    g = board(MANTLE.format(extra=", tapped: true"))
    equip(g)
    g.push(granted(g)[0])
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    loaded = Game.from_json(g.to_json())
    resolve_top(loaded)
    assert ch.power_toughness(loaded.current_state(), obj(loaded, "Llanowar Elves")) == (3, 3)


def test_the_ability_leaves_with_the_equipment():
    """CR 613.1f: unattached, the creature no longer has the ability."""
    g = board("""
  - name: Alice
    battlefield: [Umbral Mantle, {card: Llanowar Elves, tapped: true}, {card: Grizzly Bears, tapped: true}, Forest, Forest, Forest]
  - name: Bob
""")
    equip(g)
    assert len(granted(g)) == 1
    s = g.current_state()
    mantle = obj(g, "Umbral Mantle")
    assert s.objs[mantle.attached_to].card.name == "Llanowar Elves"
    assert not [a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == obj(g, "Grizzly Bears").id]


# ------------------------------------------------------------------------ Clone (CR 707)


def clone_board(battlefield: str, **top) -> Game:
    return board(f"""
  - name: Alice
    hand: [Clone]
    battlefield: [Island, Island, Island, Island, {battlefield}]
  - name: Bob
""", **top)


def cast_clone(g, copy_label: str | None):
    cast(g, "Clone")
    while g.pending.kind == "pay":
        g.push(Action("autopay"))
    resolve_top(g)
    assert g.pending.kind == "copy", g.pending
    if copy_label is None:
        choose(g, "enter as Clone")
    else:
        choose(g, f"copy {copy_label}")


def test_clone_copies_llanowar_elves_and_is_summoning_sick():
    """Clone ruling 2012-07-01: it copies the printed card, not status (tapped) or counters;
    CR 302.6: the copy came under Alice's control this turn, so it can't tap for mana."""
    g = clone_board("{card: Llanowar Elves, tapped: true}")
    cast_clone(g, "Llanowar Elves")
    s = g.current_state()
    copies = [o for o in s.permanents() if o.card.name == "Llanowar Elves"]
    assert len(copies) == 2
    new = max(copies, key=lambda o: o.id)
    assert not new.tapped and new.printed.name == "Clone"
    assert ch.power_toughness(s, new) == (1, 1) and ch.is_type(s, new, "Creature")
    assert not [a for a in g.legal_actions() if a.kind == "mana" and a.args[0] == new.id]
    assert "enters as a copy of Llanowar Elves" in g.explain()
    assert "707.2" in g.explain()


def test_clone_copying_hangarback_walker_gets_x_zero_and_dies():
    """Clone ruling 2009-10-01: X in the copied mana cost is 0; CR 107.3m: the copy's "enters
    with X counters" uses the X of Clone's spell, 0; as a 0/0 it dies (CR 704.5f) and its
    copied dies trigger makes no Thopters."""
    g = clone_board("{card: Hangarback Walker, counters: {+1/+1: 2}}")
    cast_clone(g, "Hangarback Walker")
    while g.pending.kind == "priority" and g.current_state().stack:
        resolve_top(g)
    s = g.current_state()
    assert [o.card.name for o in s.permanents() if "Hangarback" in o.card.name] == ["Hangarback Walker"]
    assert not [o for o in s.permanents() if o.card.name.startswith("Thopter")]
    yard = [s.objs[i].card.name for i in s.players[0].graveyard]
    assert yard == ["Clone"]                              # itself again off the battlefield (CR 707.2)


def test_clone_of_a_clone_copies_what_that_clone_copied():
    """Clone ruling 2007-07-15: the copiable values include other copy effects (CR 707.3)."""
    g = board("""
  - name: Alice
    hand: [Clone, Clone]
    battlefield: [{card: Island, count: 8}, Grizzly Bears]
  - name: Bob
""")
    cast_clone(g, "Grizzly Bears")
    cast_clone(g, "Grizzly Bears")
    s = g.current_state()
    assert [o.card.name for o in s.permanents()].count("Grizzly Bears") == 3


def test_clone_that_copies_nothing_dies_as_a_0_0():
    """Clone ruling 2012-07-01: choosing nothing, it enters as a 0/0 Shapeshifter and dies."""
    g = clone_board("Grizzly Bears")
    cast_clone(g, None)
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Clone"]
    assert "toughness 0 or less" in g.explain()


def test_clone_copies_kitchen_finks_and_its_enters_trigger():
    """Clone ruling 2007-07-15: enters-the-battlefield abilities of the copied creature trigger."""
    g = clone_board("Kitchen Finks")
    cast_clone(g, "Kitchen Finks")
    resolve_top(g)
    assert g.current_state().players[0].life == 22


def test_clone_of_an_animated_mutavault_is_a_land_that_taps_at_once():
    """CR 707.2: Mutavault's "becomes a creature" is not copiable, so Clone copying an animated
    Mutavault is a plain land named Mutavault; as a noncreature it may tap for mana right away
    (CR 302.6 is about creatures)."""
    g = board("""
  - name: Alice
    hand: [Clone]
    battlefield: [Island, Island, Island, Island, Mutavault, Wastes]
  - name: Bob
""")
    vault = obj(g, "Mutavault")
    g.push(next(a for a in g.legal_actions() if a.kind == "activate" and a.args[0] == vault.id))
    g.push(next(a for a in g.legal_actions() if a.kind == "pay" or a.label.startswith("Wastes")
                or a.kind == "autopay"))
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    resolve_top(g)
    cast_clone(g, "Mutavault")
    s = g.current_state()
    new = max((o for o in s.permanents() if o.card.name == "Mutavault"), key=lambda o: o.id)
    assert not ch.is_creature(s, new) and ch.is_type(s, new, "Land")
    assert [a.kind for a in g.legal_actions() if a.args[:1] == (new.id,)].count("mana") == 1


def test_a_clone_in_a_save_is_still_a_copy_and_leaves_as_clone():
    """Saves keep the copy and the card it is (CR 707.2)."""
    g = clone_board("Grizzly Bears", turn=3)
    cast_clone(g, "Grizzly Bears")
    loaded = Game.from_json(g.to_json())
    s = loaded.current_state()
    new = max((o for o in s.permanents() if o.card.name == "Grizzly Bears"), key=lambda o: o.id)
    assert new.printed is not None and new.printed.name == "Clone"
    assert loaded.to_json() == g.to_json()


def test_for_each_other_creature_on_an_aura_leaves_out_the_enchanted_creature(corpus_db):
    """CR 613.4c: Conclave's Blessing gives +0/+2 for each creature Alice controls other than
    the enchanted one (the Aura itself is no creature)."""
    sc = Scenario.from_text("""players:
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, id: bears}
      - Llanowar Elves
      - Raging Goblin
      - {card: Conclave's Blessing, attached_to: bears}
  - name: Bob
    battlefield: [Hill Giant]
""", cards=corpus_db)
    g = Game.from_state(sc.state, sc.db)
    s = g.current_state()
    assert ch.power_toughness(s, obj(g, "Grizzly Bears")) == (2, 6)
