"""A delayed triggered ability created by a triggered ability keeps what that ability's trigger
event named (CR 603.7c): "return it to its owner's hand at the beginning of the next end step",
"destroy that creature at end of combat". It affects that object even if its characteristics
changed, but not once it has left the zone it was expected in (a new object, CR 400.7). Real
cards: Rienne, Angel of Rebirth (with its rulings), Tangle Asp, Ohran Viper."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, pass_to_end_step_trigger, names, on_battlefield, pass_until, resolve, stack_labels


def _rienne(db, hand: str = "", lands: str = ""):
    """Alice's Lightning Bolt kills her own Watchwolf (multicolored) under Rienne; Rienne's
    ability resolves and leaves its delayed ability waiting for the end step."""
    rienne = db.get("Rienne, Angel of Rebirth")
    assert rienne.fully_supported, rienne.gaps
    g = board(db, f"""
  - name: Alice
    hand: [Lightning Bolt{hand}]
    battlefield: ["Rienne, Angel of Rebirth", Watchwolf, Mountain{lands}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Lightning Bolt", "Watchwolf")
    resolve(g)
    assert stack_labels(g) == ["Rienne, Angel of Rebirth's ability"]
    resolve(g)
    assert [e.kind for e in g.current_state().effects] == ["delayed_next_end"]
    return g


def test_the_sentences_compile(db):
    """"it" and "that creature" of the trigger event, in the delayed ability (CR 603.7c)."""
    for name in ("Rienne, Angel of Rebirth", "Tiana, Ship's Caretaker", "Tangle Asp", "Venomous Dragonfly",
                 "Tolarian Entrancer", "Teferi's Veil", "Sawtooth Ogre", "Ohran Viper", "Lowland Basilisk"):
        card = db.get(name)
        assert card.fully_supported, (name, card.gaps)
    delayed = db.get("Rienne, Angel of Rebirth").abilities[-1].effects[0]
    assert delayed.ability.effects == (ir.ReturnToHand(ir.Ref("triggering_object")),)
    delayed = db.get("Ohran Viper").abilities[0].effects[0]
    assert delayed.ability.effects == (ir.Destroy(ir.Ref("damaged_object")),)


def test_rienne_returns_the_card_that_died_at_the_next_end_step_across_a_save(db):
    g = _rienne(db)
    loaded = Game.from_json(g.to_json(), cards=g.db)
    for game in (g, loaded):
        pass_to_end_step_trigger(game)
        assert stack_labels(game) == ["Rienne, Angel of Rebirth's delayed ability"]
        resolve(game)
        assert names(game, 0, "hand") == ["Watchwolf"]
        assert "Watchwolf returns to its owner's hand from the graveyard (Rienne, Angel of Rebirth)" in game.explain()
    assert loaded.explain() == g.explain()


def test_rienne_leaving_doesnt_stop_the_return(db):
    """Rienne's ruling: if Rienne leaves the battlefield after its ability triggered, the
    delayed ability still returns the card (Doom Blade destroys Rienne)."""
    g = _rienne(db, ", Doom Blade", ", Swamp, Swamp")
    cast_and_pay(g, "cast Doom Blade", "Rienne")
    resolve(g)
    assert not on_battlefield(g, "Rienne, Angel of Rebirth")
    pass_to_end_step_trigger(g)
    resolve(g)
    assert names(g, 0, "hand") == ["Watchwolf"]


def test_rienne_doesnt_return_a_card_that_left_the_graveyard(db):
    """Rienne's ruling, CR 603.7c, 400.7: Tormod's Crypt exiles Alice's graveyard before the
    end step; the Watchwolf in exile is a new object, and stays there."""
    g = _rienne(db, "", ", Tormod's Crypt")
    cast_and_pay(g, "activate Tormod's Crypt", "Alice")
    resolve(g)
    exiled = ["Lightning Bolt", "Tormod's Crypt", "Watchwolf"]     # the Crypt sacrificed for the cost too
    assert names(g, 0, "exile") == exiled
    pass_to_end_step_trigger(g)
    resolve(g)
    assert names(g, 0, "hand") == [] and names(g, 0, "exile") == exiled


def _combat_to_the_end(g) -> None:
    while g.current_state().step != "end_of_combat" or g.current_state().stack:
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])
        if g.current_state().step == "end_of_combat" and g.current_state().stack:
            assert stack_labels(g)[-1].endswith("delayed ability")
            return


def test_tangle_asp_destroys_its_blocker_at_end_of_combat_though_it_died(db):
    """Tangle Asp: "Whenever ~ blocks or becomes blocked by a creature, destroy that creature at
    end of combat." Craw Wurm blocks it and kills it; the delayed ability, whose source has left,
    still destroys that Wurm (CR 603.7c, 603.7e)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Tangle Asp, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Craw Wurm, Grizzly Bears]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    g.push(next(a for a in g.legal_actions() if a.label == "Craw Wurm blocks Tangle Asp"))
    g.push(next(a for a in g.legal_actions() if a.label == "no more blockers"))
    assert stack_labels(g) == ["Tangle Asp's ability"]
    resolve(g)              # the blocked trigger: a delayed ability for the end of combat
    _combat_to_the_end(g)
    assert not on_battlefield(g, "Tangle Asp")
    resolve(g)
    assert not on_battlefield(g, "Craw Wurm") and on_battlefield(g, "Grizzly Bears")
    assert "Craw Wurm is destroyed" in g.explain()


def test_ohran_viper_destroys_the_creature_it_dealt_combat_damage_to(db):
    """Ohran Viper: "Whenever ~ deals combat damage to a creature, destroy that creature at end
    of combat": the creature dealt the damage (CR 510.2, 603.7c)."""
    g = board(db, """
  - name: Alice
    battlefield: [{card: Ohran Viper, attacking: true, tapped: true}]
  - name: Bob
    battlefield: [Craw Wurm, Grizzly Bears]
""", turn=5, step="declare_attackers")
    pass_until(g, "blockers")
    g.push(next(a for a in g.legal_actions() if a.label == "Craw Wurm blocks Ohran Viper"))
    g.push(next(a for a in g.legal_actions() if a.label == "no more blockers"))
    _combat_to_the_end(g)
    resolve(g)
    assert not on_battlefield(g, "Craw Wurm") and on_battlefield(g, "Grizzly Bears")
