"""Protection prevents damage (CR 702.16e, 702.16j), combat and noncombat, through the same
prevention road as other prevention effects (CR 615): logged with its rule, overridden by
"damage can't be prevented" (CR 615.12), and prevented damage is never dealt, so lifelink,
deathtouch, "whenever ~ deals damage" and "dealt damage by ~ this turn" don't see it. Real cards
from the corpus and their rulings."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, labels, names, on_battlefield, pick, resolve

ALICE, BOB = 0, 1


def _block(db, attacker: str, blocker: str, alice_more: str = "", bob_more: str = ""):
    """``attacker`` (Alice's) attacks and Bob's ``blocker`` blocks it; play on to the end of
    combat."""
    g = board(db, f"""
  - name: Alice
    battlefield: [{{card: {attacker}, attacking: true}}{alice_more}]
  - name: Bob
    battlefield: [{blocker}{bob_more}]
""", step="declare_attackers", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    pick(g, f"{blocker} blocks {attacker}")
    if g.pending.kind == "blockers":
        g.push(next(a for a in g.legal_actions() if a.kind == "done"))
    while g.pending.kind == "priority" and g.current_state().step != "end_of_combat":
        g.push(Action("pass"))
    return g


def _resolve_all(g) -> None:
    """Both players pass until the stack is empty, declining every "you may" (Kor Firewalker's
    life gain)."""
    while g.current_state().stack or g.pending.kind != "priority":
        g.push(Action("pass") if g.pending.kind == "priority" else next(a for a in g.legal_actions() if a.label == "no"))


def _damage_lines(g) -> list[str]:
    return [line for line in g.explain().splitlines() if " deals " in line and "damage" in line]


def test_pyroclasm_doesnt_kill_a_creature_with_protection_from_red(db):
    """Kor Firewalker (protection from red) survives Pyroclasm's 2 damage; Grizzly Bears dies.
    Its own trigger resolves first (Kor Firewalker ruling 2018-03-16)."""
    g = board(db, """
  - name: Alice
    hand: [Pyroclasm]
    battlefield: [Kor Firewalker, Grizzly Bears, Mountain, Mountain]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Pyroclasm")
    _resolve_all(g)             # Kor Firewalker's trigger resolves first (its ruling, 2018-03-16)
    assert names(g, ALICE, "graveyard") == ["Grizzly Bears", "Pyroclasm"]
    walker = on_battlefield(g, "Kor Firewalker")[0]
    assert walker.damage == 0
    log = g.explain()
    assert "Kor Firewalker's protection from red prevents the damage Pyroclasm would deal" in log
    assert "CR 702.16e, 615.1" in log
    assert not any("to Kor Firewalker" in line for line in _damage_lines(g))


def test_a_red_attackers_combat_damage_to_paladin_en_vec_is_prevented(db):
    """Paladin en-Vec (first strike, protection from black and from red) blocks a red 3/3: the
    attacker's damage is prevented, Paladin's 2 first-strike damage is dealt (CR 702.16e, 510.2)."""
    g = _block(db, "Hill Giant", "Paladin en-Vec")
    paladin = on_battlefield(g, "Paladin en-Vec")[0]
    assert paladin.damage == 0 and on_battlefield(g, "Hill Giant")[0].damage == 2
    assert "Paladin en-Vec's protection from red prevents the damage Hill Giant would deal" in g.explain()


def test_protection_from_creatures_prevents_combat_damage_from_a_creature(db):
    """Teysa, Envoy of Ghosts' ruling (2013-04-15): all damage that would be dealt to a creature
    with protection from creatures by creatures is prevented; Beloved Chaplain (1/2, protection
    from creatures) blocks a 3/3 and lives."""
    g = _block(db, "Hill Giant", "Beloved Chaplain")
    assert on_battlefield(g, "Beloved Chaplain")[0].damage == 0
    assert "Beloved Chaplain's protection from creatures prevents the damage" in g.explain()


def test_prevented_damage_gives_no_lifelink_and_no_deathtouch(db):
    """Vampire Nighthawk (black; flying, deathtouch, lifelink) is blocked by Duskrider Falcon
    (flying, protection from black): its damage is prevented, so Alice gains no life (CR 702.15b:
    only damage dealt) and the Falcon doesn't die to deathtouch (CR 702.2b)."""
    g = _block(db, "Vampire Nighthawk", "Duskrider Falcon")
    s = g.current_state()
    assert s.players[ALICE].life == 20
    assert on_battlefield(g, "Duskrider Falcon") and on_battlefield(g, "Duskrider Falcon")[0].damage == 0
    assert "lifelink" not in g.explain()
    assert on_battlefield(g, "Vampire Nighthawk")[0].damage == 1


def test_prevented_damage_doesnt_trigger_whenever_it_deals_damage(db):
    """Exalted Angel ("Whenever ~ deals damage, you gain that much life") blocked by Malakir
    Bloodwitch (flying, protection from white): nothing is dealt, so nothing triggers."""
    g = _block(db, "Exalted Angel", "Malakir Bloodwitch")
    assert "Exalted Angel's ability triggers" not in g.explain()
    assert g.current_state().players[ALICE].life == 20
    assert on_battlefield(g, "Malakir Bloodwitch")[0].damage == 0


def test_damage_prevented_by_protection_isnt_damage_dealt_by_the_source_this_turn(db):
    """Sengir Vampire remembers creatures it dealt damage to this turn: a creature with
    protection from black it fought with is not one of them."""
    g = _block(db, "Sengir Vampire", "Duskrider Falcon")
    s = g.current_state()
    falcon = on_battlefield(g, "Duskrider Falcon")[0]
    assert not any(e.kind == "damaged_by" and e.affected == falcon.id for e in s.effects)


def test_damage_that_cant_be_prevented_goes_through_protection(db):
    """Flaring Pain ("Damage can't be prevented this turn"), then Pyroclasm: Kor Firewalker's
    protection from red prevents nothing (CR 615.12; Flaring Pain ruling 2004-10-04: it overrides
    all forms of preventing damage) and it dies."""
    g = board(db, """
  - name: Alice
    hand: [Flaring Pain, Pyroclasm]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    battlefield: [Kor Firewalker]
""", turn=3)
    cast_and_pay(g, "cast Flaring Pain")
    _resolve_all(g)
    cast_and_pay(g, "cast Pyroclasm")
    _resolve_all(g)
    assert names(g, BOB, "graveyard") == ["Kor Firewalker"]
    assert "Kor Firewalker's protection from red prevents nothing (damage can't be prevented)" in g.explain()


def test_protection_from_everything_prevents_all_damage_but_not_a_wrath(db):
    """Progenitus's rulings (2009-02-01): all damage that would be dealt to it is prevented, but
    an effect that neither targets it nor deals damage, such as Wrath of God, still destroys it."""
    g = board(db, """
  - name: Alice
    hand: [Pyroclasm, Wrath of God]
    battlefield: [Mountain, Mountain, Plains, Plains, Plains, Plains]
  - name: Bob
    battlefield: [Progenitus]
""", turn=3)
    cast_and_pay(g, "cast Pyroclasm")
    resolve(g)
    assert on_battlefield(g, "Progenitus")[0].damage == 0
    assert "Progenitus's protection from everything prevents the damage Pyroclasm would deal" in g.explain()
    cast_and_pay(g, "cast Wrath of God")
    resolve(g)
    assert not on_battlefield(g, "Progenitus")


def test_an_abilitys_damage_from_a_source_with_the_quality_is_prevented(db):
    """Noncombat damage from an ability: Pestilence (black) deals 1 damage to each creature and
    each player; White Knight (protection from black) takes none, Grizzly Bears and the players
    do (CR 702.16e)."""
    g = board(db, """
  - name: Alice
    battlefield: [Pestilence, Swamp]
  - name: Bob
    battlefield: [White Knight, Grizzly Bears]
""", turn=3)
    cast_and_pay(g, "activate Pestilence")
    resolve(g)
    s = g.current_state()
    assert on_battlefield(g, "White Knight")[0].damage == 0 and on_battlefield(g, "Grizzly Bears")[0].damage == 1
    assert [p.life for p in s.players] == [19, 19]
    assert "White Knight's protection from black prevents the damage Pestilence would deal" in g.explain()


def test_an_ability_from_a_source_with_the_quality_cant_target(db):
    """Prodigal Pyromancer (red) can't target a creature with protection from red (CR 702.16b)."""
    g = board(db, """
  - name: Alice
    battlefield: [Prodigal Pyromancer]
  - name: Bob
    battlefield: [Kor Firewalker, Grizzly Bears]
""", turn=3)
    pick(g, "activate Prodigal Pyromancer")
    targets = labels(g)
    assert not any("Kor Firewalker" in t for t in targets) and any("Grizzly Bears" in t for t in targets)


# ------------------------------------------------------------------ attachments and blocks


def test_an_aura_of_the_color_falls_off_when_the_creature_gains_protection_from_it(db):
    """Mother of Runes gives Grizzly Bears protection from white: Pacifism (a white Aura) on it is
    put into its owner's graveyard as a state-based action (CR 702.16c, 704.5m)."""
    g = board(db, """
  - name: Alice
    battlefield: [Mother of Runes, Grizzly Bears, {card: Pacifism, attached_to: Grizzly Bears}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Mother of Runes", "Grizzly Bears")
    resolve(g)
    pick(g, "white")
    assert names(g, ALICE, "graveyard") == ["Pacifism"]
    assert "an Aura on a permanent with protection from it (CR 702.16c)" in g.explain()


def test_equipment_becomes_unattached_when_the_creature_gains_protection_from_artifacts(db):
    """Tel-Jilad Defiance's ruling (2011-01-01): a creature with protection from artifacts can't
    be equipped; Equipment attached to it becomes unattached and stays on the battlefield
    (CR 702.16d, 704.5n)."""
    g = board(db, """
  - name: Alice
    hand: [Tel-Jilad Defiance]
    battlefield: [Grizzly Bears, {card: Loxodon Warhammer, attached_to: Grizzly Bears}, Forest, Forest]
    library: [Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Tel-Jilad Defiance", "Grizzly Bears")
    resolve(g)
    hammer = on_battlefield(g, "Loxodon Warhammer")[0]
    assert hammer.attached_to is None
    assert "equipment attached to a permanent with protection from it (CR 702.16d)" in g.explain()
    assert not any("Equip" in label and "Grizzly Bears" in label for label in labels(g))


def test_an_attacker_with_protection_cant_be_blocked_by_creatures_with_the_quality(db):
    """CR 702.16f: Paladin en-Vec attacking can't be blocked by a black or red creature; a
    green one may block it."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Paladin en-Vec, attacking: true}]
  - name: Bob
    battlefield: [Hill Giant, Grizzly Bears]
""", step="declare_attackers", turn=3)
    g.push(Action("pass"))
    g.push(Action("pass"))
    options = labels(g)
    assert "Grizzly Bears blocks Paladin en-Vec" in options
    assert not any(o.startswith("Hill Giant blocks") for o in options)
