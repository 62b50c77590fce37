"""Players with shroud or hexproof (CR 702.18a, 702.11c) and players whose life total can't
change (CR 119.7, 119.8), from static abilities ("You have shroud.", "Your life total can't
change.") and from effects ("You gain shroud until end of turn."), with real cards from the
corpus and their rulings."""
from __future__ import annotations

from manastack import Game
from manastack.engine import filters, support
from manastack.engine.decisions import Action
from manastack.oracle import ir
from manastack.scenario import Scenario

from .game_helpers import board, cast_and_pay, labels, pick, resolve
from .test_oracle_compiler import card

ALICE, BOB = 0, 1


def _targets(g, label: str) -> list[str]:
    """The target labels offered after starting to cast or activate ``label``; then undone."""
    pick(g, label)
    found = labels(g)
    g.pop()
    return found


def test_you_have_shroud_and_hexproof_compile_to_a_players_keywords(db):
    for name, kw in [("True Believer", "shroud"), ("Ivory Mask", "shroud"), ("Spirit of the Hearth", "hexproof"),
                     ("Aegis of the Gods", "hexproof"), ("Teyo, the Shieldmage", "hexproof")]:
        card = db.get(name)
        effects = [ab.effect for ab in card.abilities if type(ab) is ir.StaticAbility]
        assert any(e.kind == "player_keywords" and [k.name for k in e.keywords] == [kw] for e in effects), name
        assert not card.unsupported, name


def test_true_believer_gives_its_controller_shroud_against_everyone(db):
    """True Believer: "You have shroud." (CR 702.18a): neither Bob's Lightning Bolt nor Alice's
    own can target Alice; Bob remains a legal target."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [True Believer, Mountain]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    mine = _targets(g, "cast Lightning Bolt")
    assert not any("Alice" in t for t in mine) and any("Bob" in t for t in mine)
    pick(g, "pass")
    theirs = _targets(g, "cast Lightning Bolt")
    assert not any("Alice" in t for t in theirs) and any("Bob" in t for t in theirs)
    assert filters.player_keywords(g.current_state(), ALICE) == {"shroud"}
    assert filters.player_keywords(g.current_state(), BOB) == frozenset()


def test_spirit_of_the_hearth_gives_hexproof_against_opponents_only(db):
    """Spirit of the Hearth: "You have hexproof." (CR 702.11c): Bob's Lightning Bolt can't target
    Alice, her own can."""
    g = board(db, """
  - name: Alice
    hand: [Lightning Bolt]
    battlefield: [Spirit of the Hearth, Mountain]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3)
    assert any("Alice" in t for t in _targets(g, "cast Lightning Bolt"))
    pick(g, "pass")
    assert not any("Alice" in t for t in _targets(g, "cast Lightning Bolt"))


def test_the_players_shroud_ends_with_the_permanent(db):
    """Ivory Mask's shroud is a static ability: once the Mask is destroyed (Disenchant), Bob's
    Lightning Bolt can target Alice again (CR 611.3b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Ivory Mask]
  - name: Bob
    hand: [Lightning Bolt, Disenchant]
    battlefield: [Mountain, Plains, Plains]
""", turn=3, active="Bob")
    assert not any("Alice" in t for t in _targets(g, "cast Lightning Bolt"))
    cast_and_pay(g, "cast Disenchant", "Ivory Mask")
    resolve(g)
    assert any("Alice" in t for t in _targets(g, "cast Lightning Bolt"))


def test_sigarda_gives_hexproof_to_you_and_your_humans(db):
    """Sigarda, Heron's Grace: "You and Humans you control have hexproof." Bob's Lightning Bolt
    can't target Alice nor her Human (Elite Vanguard), but can target her Grizzly Bears."""
    g = board(db, """
  - name: Alice
    battlefield: ["Sigarda, Heron's Grace", Elite Vanguard, Grizzly Bears]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain]
""", turn=3, active="Bob")
    found = _targets(g, "cast Lightning Bolt")
    assert not any("Alice" in t or "Elite Vanguard" in t for t in found)
    assert any("Grizzly Bears" in t for t in found) and any("Bob" in t for t in found)


def test_gilded_light_gives_shroud_until_end_of_turn(db):
    """Gilded Light: "You gain shroud until end of turn." Bob can't target Alice in response,
    nor later that turn; from the next turn on he can (CR 514.2)."""
    g = board(db, """
  - name: Alice
    hand: [Gilded Light]
    battlefield: [Plains, Plains]
  - name: Bob
    hand: [Lightning Bolt, Shock]
    battlefield: [Mountain, Mountain]
    library: [Island, Island]
""", turn=3)
    cast_and_pay(g, "cast Gilded Light")
    resolve(g)
    assert "Alice gains shroud until end of turn" in g.explain()
    pick(g, "pass")
    assert not any("Alice" in t for t in _targets(g, "cast Lightning Bolt"))
    while g.current_state().active == ALICE:
        g.push(Action("pass"))
    while g.current_state().step != "main1":
        g.push(Action("pass"))
    assert any("Alice" in t for t in _targets(g, "cast Lightning Bolt"))


def test_platinum_emperion_damage_is_dealt_but_no_life_is_lost(db):
    """Platinum Emperion's rulings (2018-12-07): the damage is still dealt, so a lifelink source's
    controller gains life, but Alice's life total doesn't change (CR 119.8, 120.3a)."""
    g = board(db, """
  - name: Alice
    battlefield: [Platinum Emperion]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, {card: Vampire Nighthawk, attacking: Alice}]
""", turn=3, active="Bob", step="declare_attackers")
    cast_and_pay(g, "cast Lightning Bolt", "Alice")
    resolve(g)
    assert g.current_state().players[ALICE].life == 20
    assert "Lightning Bolt deals 3 damage to Alice, whose life total can't change" in g.explain()
    while g.current_state().step not in ("end_of_combat", "main2"):
        g.push(Action("pass") if g.pending.kind == "priority" else next(a for a in g.legal_actions() if a.kind == "done"))
    s = g.current_state()
    assert s.players[ALICE].life == 20 and s.players[BOB].life == 22     # the Nighthawk's lifelink


def test_platinum_emperion_stops_life_gain_and_life_payment(db):
    """Platinum Emperion's rulings: life gain has no effect (Sacred Nectar resolves, Alice stays
    at 20), and a cost of paying life can't be paid: Greed ({B}, Pay 2 life) can't be activated
    (CR 119.4, 119.7, 119.8)."""
    g = board(db, """
  - name: Alice
    hand: [Sacred Nectar]
    battlefield: [Platinum Emperion, Greed, Plains, Plains, Swamp]
    life: 15
  - name: Bob
""", turn=3)
    assert not any(a.startswith("activate Greed") for a in labels(g))
    cast_and_pay(g, "cast Sacred Nectar")
    resolve(g)
    assert g.current_state().players[ALICE].life == 15
    assert "Alice can't gain life: Platinum Emperion says their life total can't change" in g.explain()


def test_platinum_emperion_phyrexian_mana_cant_be_paid_with_life(db):
    """Paying life for Phyrexian mana is paying life (CR 107.4f, 119.4): with Platinum Emperion,
    Alice can't cast Mutagenic Growth without green mana (CR 119.8)."""
    g = board(db, """
  - name: Alice
    hand: [Mutagenic Growth]
    battlefield: [Platinum Emperion]
  - name: Bob
""", turn=3)
    assert not any(a.startswith("cast Mutagenic Growth") for a in labels(g))


def test_teferis_protection_first_sentence_reads_and_runs(db):
    """Teferi's Protection: "Until your next turn, your life total can't change and you gain
    protection from everything." is read (a LifeCantChange and the player's protection, both
    until their next turn) and run; with its phasing sentence (tests/test_phasing.py) the card
    compiles whole."""
    sentence = "Until your next turn, your life total can't change and you gain protection from everything."
    assert sentence in db.get("Teferi's Protection").text
    compiled = card("Test Protection", sentence, "Instant")
    assert not compiled.unsupported
    effects = compiled.abilities[0].effects
    assert [type(e) for e in effects] == [ir.LifeCantChange, ir.GrantKeywords]
    assert all(e.duration == ir.UNTIL_YOUR_NEXT_TURN for e in effects)
    assert effects[1].what == ir.Ref("you") and effects[1].keywords[0].arg == "everything"
    assert support.gaps(compiled.abilities[0]) == []
    assert not db.get("Teferi's Protection").unsupported


# The player's protection of Teferi's Protection's first sentence, as a card of its own here.
UNTIL_NEXT_TURN = """
cards:
  - name: Until Your Next Turn
    mana_cost: "{2}{W}"
    type: Instant
    text: "Until your next turn, you gain protection from everything."
players:
  - name: Alice
    hand: [Until Your Next Turn]
    battlefield: [Plains, Plains, Plains]
    library: [Plains, Plains]
  - name: Bob
    hand: [Lightning Bolt]
    battlefield: [Mountain, Hill Giant]
    library: [Mountain, Mountain]
"""


def test_protection_from_everything_until_your_next_turn(db):
    """A player with protection from everything until their next turn (Teferi's Protection's
    rulings 2017-08-25): Alice can't be targeted (Lightning Bolt); creatures can still attack her
    but their combat damage is prevented (CR 702.16b, 702.16e, 702.16j); as her next turn
    begins, it ends (CR 611.2a)."""
    sc = Scenario.from_text(UNTIL_NEXT_TURN, cards=db)
    g = Game.from_state(sc.state, sc.db)
    cast_and_pay(g, "cast Until Your Next Turn")
    resolve(g)
    assert "Alice gains protection from everything until their next turn" in g.explain()
    while g.current_state().active == ALICE:
        g.push(Action("pass"))
    assert not any("Alice" in t for t in _targets(g, "cast Lightning Bolt"))
    while g.pending.kind != "attackers":
        g.push(Action("pass"))
    s = g.current_state()
    giant = next(o for o in s.permanents(BOB) if o.card.name == "Hill Giant")
    g.push(Action("attack", (giant.id,)))
    while g.current_state().step != "main2":
        g.push(Action("pass") if g.pending.kind == "priority" else next(a for a in g.legal_actions() if a.kind == "done"))
    assert g.current_state().players[ALICE].life == 20
    assert "Alice's protection from everything prevents the damage Hill Giant would deal" in g.explain()
    assert filters.protected_player_from(g.current_state(), ALICE, giant) == "everything"
    while g.current_state().active == BOB:
        g.push(Action("pass"))
    assert filters.protected_player_from(g.current_state(), ALICE, giant) is None
    assert "\"Until your next turn\" effects of Alice end" in g.explain()


def test_until_your_next_turn_of_a_player_who_left_ends_as_their_turn_would_have_begun(db):
    """CR 800.4m: Bob gains protection from everything until his next turn, then concedes; the
    effect neither ends at once nor lasts forever: it ends as Carol's turn begins, where Bob's
    would have begun."""
    sc = Scenario.from_text("""
cards:
  - name: Until Your Next Turn
    mana_cost: "{2}{W}"
    type: Instant
    text: "Until your next turn, you gain protection from everything."
players:
  - name: Alice
    library: [Plains, Plains]
  - name: Bob
    hand: [Until Your Next Turn]
    battlefield: [Plains, Plains, Plains]
    library: [Plains, Plains]
  - name: Carol
    library: [Plains, Plains]
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    pick(g, "pass")
    assert g.pending.player == BOB
    cast_and_pay(g, "cast Until Your Next Turn")
    while g.current_state().stack:
        g.push(Action("pass"))
    g.concede(BOB)
    s = g.current_state()
    assert any(type(e).__name__ == "PlayerProtection" and e.affected == "p1" for e in s.effects)
    while g.current_state().active == ALICE:
        g.push(Action("pass"))
    s = g.current_state()
    assert s.active == 2 and not any(type(e).__name__ == "PlayerProtection" for e in s.effects)
    assert any('"Until your next turn" effects of Bob end' in e.text and "800.4m" in e.rules
               for e in s.log_entries())
