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
