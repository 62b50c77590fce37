"""Edicts (CR 701.21a): "[player] sacrifices [N] [permanents]", with real cards: the player who
sacrifices chooses, among permanents they control; nothing is targeted but the player."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .test_planeswalkers import act, game, pass_both


def names(g, player: int, zone: str) -> list[str]:
    s = g.current_state()
    ids = s.players[player].zone(zone) if zone != "battlefield" else [o.id for o in s.permanents(player)]
    return sorted(s.objs[i].card.name for i in ids)


def test_diabolic_edict_the_target_player_chooses(db):
    """Diabolic Edict: Bob chooses which creature; his hexproof one may stay (the spell targets
    only him, CR 115.1, 701.21a)."""
    edict = db.get("Diabolic Edict")
    assert edict.fully_supported
    assert isinstance(edict.abilities[0].effects[0], ir.SacrificePermanents)
    g = game(db, """  - name: Alice
    hand: [Diabolic Edict]
    battlefield: [Swamp, Swamp]
  - name: Bob
    battlefield: [Grizzly Bears, Gladecover Scout, Forest]
""")
    act(g, "cast", "Diabolic Edict")
    if g.pending.kind == "targets":
        g.push(next(a for a in g.legal_actions() if a.label.endswith("Bob")))
    if g.pending.kind == "pay":
        g.push(Action("autopay"))
    pass_both(g)
    assert g.pending.kind == "sacrifice" and g.pending.player == 1
    assert sorted(a.label for a in g.legal_actions()) == ["Gladecover Scout", "Grizzly Bears"]
    g.push(next(a for a in g.legal_actions() if a.label == "Gladecover Scout"))
    assert names(g, 1, "graveyard") == ["Gladecover Scout"]
    assert names(g, 1, "battlefield") == ["Forest", "Grizzly Bears"]


def test_each_player_sacrifices_two_or_all_they_have(db):
    """Barter in Blood: "Each player sacrifices two creatures." A player with fewer sacrifices
    all of theirs; the others are sacrificed at the same time, after both chose (CR 101.4)."""
    g = game(db, """  - name: Alice
    hand: [Barter in Blood]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Grizzly Bears]
  - name: Bob
    battlefield: [Grizzly Bears, Llanowar Elves, Craw Wurm]
""")
    act(g, "cast", "Barter in Blood")
    pass_both(g)
    assert g.pending.kind == "sacrifice" and g.pending.player == 1
    g.push(next(a for a in g.legal_actions() if a.label == "Grizzly Bears"))
    g.push(next(a for a in g.legal_actions() if a.label == "Llanowar Elves"))
    assert names(g, 0, "graveyard") == ["Barter in Blood", "Grizzly Bears"]
    assert names(g, 1, "graveyard") == ["Grizzly Bears", "Llanowar Elves"]
    assert names(g, 1, "battlefield") == ["Craw Wurm"]


def test_jace_beleren_mills_twenty(db):
    """Jace Beleren's -10 reads "twenty" (the number words now go up to twenty)."""
    jace = db.get("Jace Beleren")
    assert jace.fully_supported
    mill = next(ab for ab in jace.abilities if ab.cost == ir.Cost(parts=(ir.LoyaltySymbol(-10),)))
    assert mill.effects[0].amount == 20


def test_sacrifice_a_creature_as_an_effect(db):
    """Accursed Centaur: "When ~ enters, sacrifice a creature." Its controller chooses among
    their creatures, the Centaur itself included (CR 701.21a)."""
    centaur = db.get("Accursed Centaur")
    assert centaur.fully_supported
    g = game(db, """  - name: Alice
    hand: [Accursed Centaur]
    battlefield: [Swamp, Grizzly Bears]
  - name: Bob
    battlefield: [Llanowar Elves]
""")
    act(g, "cast", "Accursed Centaur")
    pass_both(g)          # it resolves; its trigger goes on the stack
    pass_both(g)          # the trigger resolves
    assert g.pending.kind == "sacrifice" and g.pending.player == 0
    assert sorted(a.label for a in g.legal_actions()) == ["Accursed Centaur", "Grizzly Bears"]
    g.push(next(a for a in g.legal_actions() if a.label == "Grizzly Bears"))
    assert names(g, 0, "graveyard") == ["Grizzly Bears"]
    assert names(g, 1, "battlefield") == ["Llanowar Elves"]


def test_each_player_sacrifices_at_the_same_time_blood_artist_sees_both(db):
    """CR 101.4: Innocent Blood's choices are made in APNAP order, then both creatures are
    sacrificed at the same time. Alice's Blood Artist, sacrificed first, still sees Bob's Grizzly
    Bears die with it (CR 603.10a; Blood Artist's ruling 2016-06-08: it triggers for each creature
    that dies at the same time), so it triggers twice."""
    assert db.get("Innocent Blood").fully_supported and db.get("Blood Artist").fully_supported
    g = game(db, """  - name: Alice
    hand: [Innocent Blood]
    battlefield: [Swamp, Blood Artist]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
    act(g, "cast", "Innocent Blood")
    pass_both(g)
    while g.pending.kind != "priority":       # the default order; Blood Artist's targets: Bob
        g.push(next(a for a in g.legal_actions() if "Bob" in a.label or g.pending.kind == "order_triggers"))
    s = g.current_state()
    assert names(g, 0, "graveyard") == ["Blood Artist", "Innocent Blood"]
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]
    assert [i.label for i in s.stack] == ["Blood Artist's ability"] * 2
    log = g.explain()
    assert "Innocent Blood: the permanents chosen are sacrificed at the same time  [CR 101.4, 701.21a]" in log
    pass_both(g)
    pass_both(g)
    assert (g.current_state().players[0].life, g.current_state().players[1].life) == (22, 18)


def test_the_sacrificed_are_known_as_they_were_just_before_the_event(db):
    """CR 603.10a, 608.2h: Barter in Blood sacrifices Alice's Lord of Atlantis and her
    Merfolk of the Pearl Trident at the same time; Butcher of Malakir ("Whenever Butcher of
    Malakir or another creature you control dies, each opponent sacrifices a creature") of
    Alice's sees both die, the Merfolk as the 2/2 the Lord made it, so Bob sacrifices two."""
    for name in ("Lord of Atlantis", "Merfolk of the Pearl Trident", "Butcher of Malakir"):
        assert db.get(name).fully_supported, name
    g = game(db, """  - name: Alice
    hand: [Barter in Blood]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Lord of Atlantis, Merfolk of the Pearl Trident, Butcher of Malakir]
  - name: Bob
    battlefield: [Craw Wurm, Llanowar Elves, Grizzly Bears]
""")
    act(g, "cast", "Barter in Blood")
    pass_both(g)
    for pick in ("Lord of Atlantis", "Merfolk of the Pearl Trident"):
        g.push(next(a for a in g.legal_actions() if a.label == pick))
    for pick in ("Llanowar Elves", "Grizzly Bears"):
        g.push(next(a for a in g.legal_actions() if a.label == pick))
    assert g.pending.kind == "order_triggers"
    g.push(g.legal_actions()[0])
    s = g.current_state()
    assert [i.label for i in s.stack] == ["Butcher of Malakir's ability"] * 2
    seen = {s.objs[i.event.obj].card.name: i.event.last_known["power"] for i in s.stack}
    # the Merfolk with the Lord's +1/+1 though the Lord was sacrificed first
    assert seen == {"Lord of Atlantis": 2, "Merfolk of the Pearl Trident": 2}
