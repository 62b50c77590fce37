"""Paying a total cost (CR 601.2g-h, 602.2b, 605.3a): mana abilities are activated before any
cost is paid, so a land tapped for mana can then be sacrificed or returned to pay the same
cost; the mana and the other parts are paid in any order; the automatic payer leaves the
other parts what they need. Played with real cards of the 2021 corpus."""
from __future__ import annotations

from manastack.choices import candidates
from manastack.engine.decisions import Action
from manastack.engine.legality import why_not_activate
from manastack.oracle import ir
from manastack.table import TableSettings, auto_answer, choices

from .game_helpers import board, labels, names, pick, resolve


def _activations(g, name: str) -> list[Action]:
    s = g.current_state()
    return [a for a in g.legal_actions() if a.kind == "activate" and s.objs[a.args[0]].card.name == name]


def _tapped(g, player: int) -> list[tuple[str, bool]]:
    return sorted((o.card.name, o.tapped) for o in g.current_state().permanents(player))


SORATAMI = """
  - name: Alice
    battlefield: [Soratami Mirror-Mage, Island, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears]
"""


def test_soratami_mirror_mage_taps_for_mana_the_three_lands_it_returns(db):
    """"{3}, Return three lands you control to their owner's hand" with exactly three Islands:
    the Islands are tapped for {3} first (CR 601.2g), then returned (CR 601.2h)."""
    g = board(db, SORATAMI)
    assert _activations(g, "Soratami Mirror-Mage")
    pick(g, "activate Soratami Mirror-Mage")
    g.push(next(a for a in g.legal_actions() if a.label == "target Grizzly Bears"))
    assert g.pending.kind == "pay"
    assert "also to pay: return three lands you control to their owner's hand" in g.pending.prompt
    g.push(Action("autopay"))
    while g.pending.kind == "return_cost":
        g.push(g.legal_actions()[0])
    assert g.pending.kind == "priority"
    assert names(g, 0, "hand") == ["Island", "Island", "Island"]
    log = g.explain()
    assert log.index("pays {3} for Soratami Mirror-Mage's ability with {U}{U}{U}") \
        < log.index("Island returns to its owner's hand")
    resolve(g)
    assert names(g, 1, "hand") == ["Grizzly Bears"]


def test_soratami_mirror_mage_needs_three_lands_and_three_mana(db):
    """Two Islands can pay neither {3} nor the return of three lands (CR 118.3)."""
    g = board(db, """
  - name: Alice
    battlefield: [Soratami Mirror-Mage, Island, Island]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    assert _activations(g, "Soratami Mirror-Mage") == []


CEPHALID = """
  - name: Alice
    battlefield: [Cephalid Scout, Island, Island, {island}]
    library: [Forest, Plains]
  - name: Bob
"""


def test_cephalid_scout_sacrifices_a_land_it_tapped_for_mana(db):
    """"{2}{U}, Sacrifice a land" with exactly three lands: all three are tapped for {2}{U},
    then one of them is sacrificed (CR 601.2g-h)."""
    g = board(db, CEPHALID.format(island="Island"))
    pick(g, "activate Cephalid Scout")
    g.push(Action("autopay"))
    assert g.pending.kind == "sacrifice"
    assert labels(g) == ["Island", "Island", "Island"]
    assert all(g.current_state().objs[a.args[0]].tapped for a in g.legal_actions())
    g.push(g.legal_actions()[0])
    assert _tapped(g, 0) == [("Cephalid Scout", False), ("Island", True), ("Island", True)]
    assert names(g, 0, "graveyard") == ["Island"]
    resolve(g)
    assert names(g, 0, "hand") == ["Forest"]


def test_cephalid_scout_with_two_lands_cant_be_activated(db):
    g = board(db, """
  - name: Alice
    battlefield: [Cephalid Scout, Island, Island]
  - name: Bob
""")
    assert _activations(g, "Cephalid Scout") == []
    s = g.current_state()
    scout = next(o for o in s.permanents(0) if o.card.name == "Cephalid Scout")
    ab = next(ab for ab in scout.card.abilities if type(ab) is ir.ActivatedAbility)
    assert "can't be paid now (CR 602.2b, 118.3)" in why_not_activate(s, 0, scout, ab)


def test_an_agent_sees_mana_abilities_before_the_other_parts_and_then_any_order(db):
    """The pay decision comes before any part of the cost is paid: its legal actions are the
    mana abilities, the automatic payment and cancelling (CR 601.2g, 605.3a); an agent's
    candidate is the automatic payment. With the mana in the pool, the mana and the sacrifice
    may be paid in either order, and mana abilities may still be activated until one is."""
    g = board(db, CEPHALID.format(island="Forest, Island"))
    pick(g, "activate Cephalid Scout")
    d = g.pending
    assert d.kind == "pay"
    kinds = [a.kind for a in d.options]
    assert kinds.count("mana") == 4 and "autopay" in kinds and "cancel" in kinds
    assert "cost_part" not in kinds and "pay_pool" not in kinds        # mana abilities first
    assert [a.kind for a in candidates(d)] == ["autopay"]
    for _ in range(3):
        g.push(next(a for a in g.legal_actions()
                    if a.kind == "mana" and not g.current_state().objs[a.args[0]].tapped))
    d = g.pending
    assert d.kind == "pay" and "in any order (CR 601.2h)" in d.prompt
    assert {"first pay {2}{U} from the mana pool", "first sacrifice a land"} <= set(labels(g))
    assert [a.kind for a in d.options].count("mana") == 1        # the fourth land, still (CR 605.3a)
    g.push(next(a for a in g.legal_actions() if a.label == "first sacrifice a land"))
    assert g.pending.kind == "sacrifice"
    g.push(next(a for a in g.legal_actions() if a.label == "Forest"))
    assert g.pending.kind == "priority"
    assert names(g, 0, "graveyard") == ["Forest"]
    assert "pays {2}{U} for Cephalid Scout's ability with {U}{U}{G}" in g.explain()
    assert _tapped(g, 0) == [("Cephalid Scout", False), ("Island", False), ("Island", True), ("Island", True)]


def test_the_table_shows_the_choice_when_paying_by_hand(db):
    """The terminal table shows the pay decision's options when paying by hand (identical
    Islands merged) and otherwise pays automatically, the sacrifice after the mana."""
    g = board(db, CEPHALID.format(island="Island"))
    pick(g, "activate Cephalid Scout")
    shown = [str(c) for c in choices(g, g.pending, TableSettings(pay_by_hand=True))]
    assert shown[0] == "pay automatically"
    assert "activate Island: {T}: Add {U}.  (×3)" in shown
    assert auto_answer(g, g.pending, TableSettings()).kind == "autopay"
    assert auto_answer(g, g.pending, TableSettings(pay_by_hand=True)) is None


def test_a_mana_ability_that_sacrifices_its_source_cant_also_pay_the_sacrifice(db):
    """Krark-Clan Ogre's "{R}, Sacrifice an artifact" with a Lotus Petal as the only artifact:
    the Petal can't both make the {R} (sacrificing itself) and be sacrificed (CR 118.3); with
    a Mountain for the {R} it can be activated, and the automatic payer taps the Mountain and
    leaves the Petal to be sacrificed."""
    g = board(db, """
  - name: Alice
    battlefield: [Krark-Clan Ogre, Lotus Petal]
  - name: Bob
""")
    assert _activations(g, "Krark-Clan Ogre") == []
    g = board(db, """
  - name: Alice
    battlefield: [Krark-Clan Ogre, Lotus Petal, Mountain]
  - name: Bob
""")
    pick(g, "activate Krark-Clan Ogre")
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    assert names(g, 0, "graveyard") == ["Lotus Petal"]
    assert _tapped(g, 0) == [("Krark-Clan Ogre", False), ("Mountain", True)]


def test_a_creature_tapped_for_mana_cant_also_be_tapped_for_the_cost(db):
    """Volrath's Gardens' "{2}, Tap an untapped creature you control" with Llanowar Elves and
    one Forest: the Elves can't both add mana and be tapped for the cost (CR 118.3). With two
    Forests the automatic payer taps the Forests and leaves the Elves for the cost."""
    g = board(db, """
  - name: Alice
    battlefield: [Volrath's Gardens, Llanowar Elves, Forest]
  - name: Bob
""")
    assert _activations(g, "Volrath's Gardens") == []
    g = board(db, """
  - name: Alice
    battlefield: [Volrath's Gardens, Llanowar Elves, Forest, Forest]
  - name: Bob
""")
    pick(g, "activate Volrath's Gardens")
    g.push(Action("autopay"))
    assert g.pending.kind == "priority"
    assert _tapped(g, 0) == [("Forest", True), ("Forest", True), ("Llanowar Elves", True),
                             ("Volrath's Gardens", False)]
    resolve(g)
    assert g.current_state().players[0].life == 22


def test_a_spells_additional_sacrifice_can_be_paid_before_its_mana(db):
    """Bone Splinters ({B}, sacrifice a creature): with the Swamp tapped, the caster may
    sacrifice first, then pay the {B} from the pool (CR 601.2h)."""
    g = board(db, """
  - name: Alice
    hand: [Bone Splinters]
    battlefield: [Swamp, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""")
    pick(g, "cast Bone Splinters")
    g.push(next(a for a in g.legal_actions() if "Hill Giant" in a.label))
    g.push(next(a for a in g.legal_actions() if a.kind == "mana"))
    assert labels(g)[:3] == ["pay automatically", "first pay {B} from the mana pool", "first sacrifice a creature"]
    pick(g, "first sacrifice a creature")
    assert g.pending.kind == "priority"
    log = g.explain()
    assert log.index("Alice sacrifices Grizzly Bears") < log.index("pays {B} for Bone Splinters")


def test_heart_warden_taps_for_mana_toward_its_own_sacrifice(db):
    """Heart Warden's "{2}, Sacrifice Heart Warden: Draw a card" with one Forest: its own
    "{T}: Add {G}" is activated first (CR 601.2g), so the Forest and the Warden pay {2} and
    then the Warden is sacrificed. A cost with {T} keeps the source from paying (CR 118.3)."""
    g = board(db, """
  - name: Alice
    battlefield: [Heart Warden, Forest]
    library: [Island]
  - name: Bob
""")
    pick(g, "activate Heart Warden: {2}")
    g.push(Action("autopay"))
    assert g.pending.kind == "priority"
    assert names(g, 0, "graveyard") == ["Heart Warden"]
    assert "pays {2} for Heart Warden's ability with {G}{G}" in g.explain()
    resolve(g)
    assert names(g, 0, "hand") == ["Island"]
