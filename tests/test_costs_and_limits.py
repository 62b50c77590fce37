"""Costs and limits on activating abilities and casting spells: limits on mana abilities
(CR 602.5b, 605.3a), costs that remove any number of counters (CR 602.2b), strive's cost per
target (CR 601.2f)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.mana import spend as mana_spend
from manastack.engine.decisions import Action

from .game_helpers import board, cast_action, labels, names, on_battlefield, pick, resolve


def _pool(g, player: int = 0) -> dict:
    return {k: v for k, v in mana_spend.totals(g.current_state().players[player]).items() if v}


def test_tainted_field_adds_white_or_black_only_while_you_control_a_swamp(corpus_db):
    """Tainted Field's second ability can be activated only if its controller controls a Swamp
    (CR 602.5b); its {C} ability has no limit."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Duress]
    battlefield: [Tainted Field, Plains]
  - name: Bob
""", turn=3)
    assert [x for x in labels(g) if x.startswith("activate Tainted Field")] == ["activate Tainted Field: {T}: Add {C}."]
    assert cast_action(g, "Duress") is None       # the auto-payer can't use its {B} either
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Tainted Field, Swamp]
  - name: Bob
""", turn=3)
    pick(g, "activate Tainted Field: {T}: Add {W} or {B}")
    if g.pending.kind != "priority":
        pick(g, "{B}")
    assert _pool(g) == {"B": 1}


def test_kozileks_translator_mana_ability_only_once_each_turn(corpus_db):
    """"Pay 1 life: Add {C}. Activate only once each turn." (CR 602.5b): after one activation
    the ability isn't offered again this turn."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Kozilek's Translator]
  - name: Bob
""", turn=3)
    pick(g, "activate Kozilek's Translator")
    assert _pool(g) == {"C": 1}
    assert g.current_state().players[0].life == 19
    assert not any(x.startswith("activate Kozilek's Translator") for x in labels(g))


def test_manaforge_cinder_no_more_than_three_times_each_turn(corpus_db):
    """"{1}: Add {B} or {R}. Activate no more than three times each turn." (CR 602.5b)"""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Manaforge Cinder]
    mana_pool: {C: 4}
  - name: Bob
""", turn=3)
    for _ in range(3):
        pick(g, "activate Manaforge Cinder")
        while g.pending.kind != "priority":
            pick(g, "{R}")
    assert _pool(g).get("C", 0) == 1 and _pool(g).get("R", 0) + _pool(g).get("B", 0) == 3
    assert not any(x.startswith("activate Manaforge Cinder") for x in labels(g))


def test_storage_land_removes_the_chosen_number_of_counters(corpus_db):
    """Fountain of Cho: its controller chooses how many storage counters to remove, from none to
    all (CR 602.2b), and it adds {W} for each one removed; its counters are left for later."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Fountain of Cho, counters: {storage: 4}}]
  - name: Bob
""", turn=3)
    pick(g, "activate Fountain of Cho: {T}, Remove")
    assert g.pending.kind == "remove_counters"
    assert [a.label for a in g.legal_actions()] == [f"remove {n} storage counter{'s' if n != 1 else ''}"
                                                    for n in range(5)]
    pick(g, "remove 3 ")
    assert _pool(g) == {"W": 3}
    [fountain] = on_battlefield(g, "Fountain of Cho")
    assert fountain.counters.get("storage") == 1 and fountain.tapped


def test_storage_land_adds_x_mana_in_any_combination_of_its_two_colors(corpus_db):
    """Calciform Pools: X is the number of storage counters removed, chosen as the cost is paid
    (CR 107.3, 602.2b); it adds that much mana, each {W} or {U} (CR 106.1b), and its {1} is paid
    like any mana cost. Without {T} in the cost it can be activated again with the rest."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Calciform Pools, counters: {storage: 3}}, Plains]
  - name: Bob
""", turn=3)
    pick(g, "activate Calciform Pools: {1}, Remove X")
    assert [a.label for a in g.legal_actions()] == [f"remove {n} storage counter{'s' if n != 1 else ''}"
                                                    for n in range(4)]
    pick(g, "remove 2 ")
    pick(g, "pay automatically")            # the {1}, with the Plains
    assert g.pending.kind == "choose_mana"
    assert labels(g) == ["{W}{W}", "{W}{U}", "{U}{U}"]
    pick(g, "{W}{U}")
    assert _pool(g) == {"W": 1, "U": 1}
    [pools] = on_battlefield(g, "Calciform Pools")
    assert pools.counters.get("storage") == 1 and not pools.tapped
    assert any(x.startswith("activate Calciform Pools: {1}, Remove X") for x in labels(g))
    pick(g, "activate Calciform Pools: {1}, Remove X")
    pick(g, "remove 1 ")                    # its {1} is paid from the pool
    assert labels(g) == ["{W}", "{U}"]
    pick(g, "{U}")
    assert sum(_pool(g).values()) == 2 and _pool(g).get("U", 0) >= 1
    assert on_battlefield(g, "Calciform Pools")[0].counters.get("storage", 0) == 0


def test_storage_land_removing_no_counters_adds_no_mana(corpus_db):
    """Dreadship Reef with X = 0: its {1} is paid and it adds no mana (CR 107.3, 106.5)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Dreadship Reef, counters: {storage: 2}}, Swamp]
  - name: Bob
""", turn=3)
    pick(g, "activate Dreadship Reef: {1}, Remove X")
    pick(g, "remove 0 ")
    pick(g, "pay automatically")
    assert g.pending.kind == "priority" and _pool(g) == {}
    assert on_battlefield(g, "Dreadship Reef")[0].counters.get("storage") == 2


def _cast_targeting(g, name: str, targets: list[str]) -> None:
    """Cast ``name`` choosing ``targets`` (by name) of an "any number of targets" spell, then
    pay automatically."""
    pick(g, f"cast {name}")
    todo = list(targets)
    while g.pending.kind == "targets":
        pick(g, f"target {todo.pop(0)}" if todo else "no more targets")
    if g.pending.kind == "pay" and any(a.kind == "autopay" for a in g.legal_actions()):
        g.push(Action("autopay"))


def test_strive_costs_more_for_each_target_beyond_the_first(corpus_db):
    """Ajani's Presence ({W}; strive {2}{W}): two targets cost {2}{W}{W} (CR 601.2f), one target
    just {W}; both targets get +1/+1."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Ajani's Presence]
    battlefield: [Plains, Plains, Plains, Plains, Plains, Grizzly Bears, Savannah Lions]
  - name: Bob
""", turn=3)
    _cast_targeting(g, "Ajani's Presence", ["Grizzly Bears", "Savannah Lions"])
    s = g.current_state()
    assert sum(1 for o in on_battlefield(g, "Plains") if o.tapped) == 4
    resolve(g)
    s = g.current_state()
    assert ch.power_toughness(s, on_battlefield(g, "Grizzly Bears")[0]) == (3, 3)
    assert ch.power_toughness(s, on_battlefield(g, "Savannah Lions")[0]) == (3, 2)
    g = board(corpus_db, """
  - name: Alice
    hand: [Ajani's Presence]
    battlefield: [Plains, Grizzly Bears, Savannah Lions]
  - name: Bob
""", turn=3)
    _cast_targeting(g, "Ajani's Presence", ["Grizzly Bears"])
    assert g.pending.kind == "priority" and names(g, 0, "hand") == []
    assert on_battlefield(g, "Plains")[0].tapped


def test_strive_with_too_little_mana_for_the_targets_is_undone(corpus_db):
    """Two targets need {2}{W}{W}: with two Plains the payment can't be made, and cancelling it
    undoes the cast (CR 601.2h, 732)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Ajani's Presence]
    battlefield: [Plains, Plains, Grizzly Bears, Savannah Lions]
  - name: Bob
""", turn=3)
    _cast_targeting(g, "Ajani's Presence", ["Grizzly Bears", "Savannah Lions"])
    assert g.pending.kind == "pay"
    pick(g, "cancel")
    assert names(g, 0, "hand") == ["Ajani's Presence"]
    assert not any(o.tapped for o in on_battlefield(g, "Plains"))


def _cast(g, name: str, choice: str | None = None, target: str | None = None) -> None:
    """Cast ``name``, answering the additional cost's choice with ``choice`` (words of its label),
    a target with ``target``, any card chosen for a cost with the first one, and pay
    automatically."""
    pick(g, f"cast {name}")
    while g.pending.kind != "priority":
        kind = g.pending.kind
        if kind == "additional_cost":
            pick(g, choice)
        elif kind == "targets":
            pick(g, f"target {target}")
        elif kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(g.legal_actions()[0])


def test_silvergill_adept_reveals_a_merfolk_or_pays_three(corpus_db):
    """"As an additional cost to cast this spell, reveal a Merfolk card from your hand or pay
    {3}." (CR 601.2b): revealing keeps the Merfolk in the hand and costs {1}{U}; without a
    Merfolk, {4}{U}; with neither, it can't be cast."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Silvergill Adept, Merfolk Looter]
    battlefield: [Island, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    _cast(g, "Silvergill Adept", "reveal a Merfolk")
    assert names(g, 0, "hand") == ["Merfolk Looter"]
    assert sum(1 for o in on_battlefield(g, "Island") if o.tapped) == 2
    g = board(corpus_db, """
  - name: Alice
    hand: [Silvergill Adept, Merfolk Looter]
    battlefield: [Island, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    _cast(g, "Silvergill Adept", "pay {3}")
    assert sum(1 for o in on_battlefield(g, "Island") if o.tapped) == 5
    g = board(corpus_db, """
  - name: Alice
    hand: [Silvergill Adept, Grizzly Bears]
    battlefield: [Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    assert cast_action(g, "Silvergill Adept") is None       # no Merfolk, and {4}{U} is too much


def test_lightning_axe_discards_a_card_or_pays_five(corpus_db):
    """Lightning Axe: discard a card or pay {5} (CR 601.2b); either way 5 damage."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Lightning Axe, Forest]
    battlefield: [Mountain]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    _cast(g, "Lightning Axe", target="Hill Giant")       # {5} can't be paid: the discard it is
    assert names(g, 0, "graveyard") == ["Forest"]
    resolve(g)
    assert names(g, 1, "graveyard") == ["Hill Giant"]
    g = board(corpus_db, """
  - name: Alice
    hand: [Lightning Axe, Forest]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    _cast(g, "Lightning Axe", "pay {5}", "Hill Giant")
    assert names(g, 0, "hand") == ["Forest"]
    assert all(o.tapped for o in on_battlefield(g, "Mountain"))


def test_final_payment_pays_life_or_sacrifices(corpus_db):
    """Final Payment: pay 5 life or sacrifice a creature or enchantment (CR 601.2b, 119.4)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Final Payment]
    battlefield: [Plains, Swamp, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    _cast(g, "Final Payment", "sacrifice", "Hill Giant")
    assert names(g, 0, "graveyard") == ["Grizzly Bears"] and g.current_state().players[0].life == 20
    g = board(corpus_db, """
  - name: Alice
    hand: [Final Payment]
    battlefield: [Plains, Swamp, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    _cast(g, "Final Payment", "pay 5 life", "Hill Giant")
    assert g.current_state().players[0].life == 15 and on_battlefield(g, "Grizzly Bears")


def test_sliversmith_creates_a_token_named_metallic_sliver(corpus_db):
    """"{1}, {T}, Discard a card: Create a 1/1 colorless Sliver artifact creature token named
    Metallic Sliver." The token's name is the one the effect gives (CR 111.4)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Forest]
    battlefield: [{card: Sliversmith, sick: false}, Island]
  - name: Bob
""", turn=3)
    pick(g, "activate Sliversmith")
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    resolve(g)
    [token] = on_battlefield(g, "Metallic Sliver")
    s = g.current_state()
    assert ch.power_toughness(s, token) == (1, 1) and ch.is_type(s, token, "Artifact")
    assert names(g, 0, "graveyard") == ["Forest"]


def _total_cost_paid(g, name: str) -> int:
    """Cast ``name`` paying automatically; how many lands were tapped for it."""
    before = sum(1 for o in g.current_state().permanents(0) if o.tapped)
    _cast(g, name)
    return sum(1 for o in g.current_state().permanents(0) if o.tapped) - before


def test_ghalta_costs_less_by_the_total_power_of_your_creatures(corpus_db):
    """Ghalta ({10}{G}{G}): {X} less, X the total power of creatures you control (3 + 2 + 2),
    only generic mana (CR 601.2f, 118.7a): {3}{G}{G}."""
    g = board(corpus_db, """
  - name: Alice
    hand: ["Ghalta, Primal Hunger"]
    battlefield: [Forest, Forest, Forest, Forest, Hill Giant, Grizzly Bears, Savannah Lions]
  - name: Bob
""", turn=3)
    assert cast_action(g, "Ghalta, Primal Hunger") is None       # four lands: one short
    g = board(corpus_db, """
  - name: Alice
    hand: ["Ghalta, Primal Hunger"]
    battlefield: [Forest, Forest, Forest, Forest, Forest, Forest, Forest, Hill Giant, Grizzly Bears, Savannah Lions]
  - name: Bob
""", turn=3)
    assert _total_cost_paid(g, "Ghalta, Primal Hunger") == 5


def test_daybreak_chimera_counts_devotion_with_hybrid_symbols(corpus_db):
    """Daybreak Chimera ({3}{W}{W}): X is your devotion to white (CR 700.5): Savannah Lions' {W}
    and Kitchen Finks' two {G/W} make 3, so it costs {W}{W}."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Daybreak Chimera]
    battlefield: [Plains, Plains, Savannah Lions, Kitchen Finks]
  - name: Bob
    battlefield: [Serra Angel]
""", turn=3)
    assert _total_cost_paid(g, "Daybreak Chimera") == 2      # Bob's Serra Angel doesn't count


def test_metalwork_colossus_and_the_great_henge(corpus_db):
    """Metalwork Colossus ({11}): X is the total mana value of noncreature artifacts you control
    (Mind Stone 2 + Jayemdae Tome 4; the artifact creature doesn't count); The Great Henge
    ({7}{G}{G}): X is the greatest power among creatures you control (Hill Giant's 3)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Metalwork Colossus]
    battlefield: [Mind Stone, Jayemdae Tome, Ornithopter, Island, Island, Island, Island]
  - name: Bob
""", turn=3)
    assert _total_cost_paid(g, "Metalwork Colossus") == 5
    g = board(corpus_db, """
  - name: Alice
    hand: [The Great Henge]
    battlefield: [Hill Giant, Grizzly Bears, Forest, Forest, Forest, Forest, Forest, Forest]
  - name: Bob
""", turn=3)
    assert _total_cost_paid(g, "The Great Henge") == 6


def test_devoted_druid_puts_a_counter_on_itself_to_untap(corpus_db):
    """"Put a -1/-1 counter on ~: Untap ~." (CR 118.3): the counter is the cost; a second one
    would make it 0/0 (CR 704.5f)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Devoted Druid, tapped: true}]
  - name: Bob
""", turn=3)
    pick(g, "activate Devoted Druid: Put")
    [druid] = on_battlefield(g, "Devoted Druid")
    assert druid.counters == {"-1/-1": 1} and druid.tapped
    resolve(g)
    [druid] = on_battlefield(g, "Devoted Druid")
    assert not druid.tapped and ch.power_toughness(g.current_state(), druid) == (-1, 1)
    pick(g, "activate Devoted Druid: Put")
    assert on_battlefield(g, "Devoted Druid") == [] and names(g, 0, "graveyard") == ["Devoted Druid"]


def test_lethal_sting_puts_a_counter_on_a_creature_you_control(corpus_db):
    """Lethal Sting's additional cost: a -1/-1 counter on a creature its caster controls, of
    their choice (CR 601.2b, 118.3); without one, it can't be cast."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Lethal Sting]
    battlefield: [Swamp, Swamp, Swamp, Hill Giant, Grizzly Bears]
  - name: Bob
    battlefield: [Serra Angel]
""", turn=3)
    pick(g, "cast Lethal Sting")
    while g.pending.kind != "priority":
        kind = g.pending.kind
        if kind == "targets":
            pick(g, "target Serra Angel")
        elif kind == "pay":
            g.push(Action("autopay"))
        else:
            pick(g, "Hill Giant")
    assert on_battlefield(g, "Hill Giant")[0].counters == {"-1/-1": 1}
    resolve(g)
    assert names(g, 1, "graveyard") == ["Serra Angel"]
    g = board(corpus_db, """
  - name: Alice
    hand: [Lethal Sting]
    battlefield: [Swamp, Swamp, Swamp]
  - name: Bob
    battlefield: [Serra Angel]
""", turn=3)
    assert cast_action(g, "Lethal Sting") is None


def test_avatar_of_fury_costs_six_less_while_an_opponent_has_seven_lands(corpus_db):
    """"If an opponent controls seven or more lands, this spell costs {6} less to cast."
    (CR 601.2f): Avatar of Fury ({6}{R}{R}) for {R}{R}."""
    bob = "\n    battlefield: [" + ", ".join(["Mountain"] * 7) + "]"
    g = board(corpus_db, """
  - name: Alice
    hand: [Avatar of Fury]
    battlefield: [Mountain, Mountain]
  - name: Bob""" + bob + "\n", turn=3)
    assert _total_cost_paid(g, "Avatar of Fury") == 2
    g = board(corpus_db, """
  - name: Alice
    hand: [Avatar of Fury]
    battlefield: [Mountain, Mountain]
  - name: Bob
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
""", turn=3)
    assert cast_action(g, "Avatar of Fury") is None


def test_alabaster_leech_makes_your_white_spells_cost_w_more(corpus_db):
    """"White spells you cast cost {W} more to cast." (CR 601.2f): Savannah Lions costs {W}{W}
    for Alice, who controls Alabaster Leech, and {W} for Bob."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Savannah Lions, Grizzly Bears]
    battlefield: [Alabaster Leech, Plains, Forest]
  - name: Bob
""", turn=3)
    assert cast_action(g, "Savannah Lions") is None       # {W}{W}: one Plains
    assert cast_action(g, "Grizzly Bears") is not None     # not white
    g = board(corpus_db, """
  - name: Alice
    hand: [Savannah Lions]
    battlefield: [Alabaster Leech, Plains, Plains]
  - name: Bob
""", turn=3)
    assert _total_cost_paid(g, "Savannah Lions") == 2
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Alabaster Leech]
  - name: Bob
    hand: [Savannah Lions]
    battlefield: [Plains]
""", turn=4, active="Bob")
    assert cast_action(g, "Savannah Lions") is not None    # Bob's spells cost what they cost
