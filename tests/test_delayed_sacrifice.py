"""A delayed "sacrifice that creature at the beginning of the next end step" (CR 603.7c,
701.21a) on the permanent an effect put onto the battlefield: from a hand (Sneak Attack, Through
the Breach) or from a graveyard (Footsteps of the Goryo), with Sneak Attack's ruling: only if you
still control it, and not if it left the battlefield (even if it came back, CR 400.7)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from . import game_helpers
from .game_helpers import board, cast_and_pay, pass_to_end_step_trigger, on_battlefield, resolve


def _sneak(db, extra_hand: str = ""):
    g = board(db, f"""
  - name: Alice
    battlefield: [Sneak Attack, Mountain, Mountain, Plains]
    hand: [Craw Wurm{extra_hand}]
  - name: Bob
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain]
    hand: [Word of Seizing]
""", turn=3)
    cast_and_pay(g, "activate Sneak Attack")
    resolve(g)
    g.push(Action("yes"))                                  # "you may" (CR 608.2d)
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Craw Wurm" in a.label))
    return g


def test_the_sentences_compile(db):
    for name in ("Sneak Attack", "Through the Breach", "Footsteps of the Goryo", "Elvish Piper"):
        assert db.get(name).fully_supported, (name, db.get(name).gaps)
    effects = db.get("Sneak Attack").abilities[0].effects
    assert effects[1] == ir.GrantKeywords(ir.Ref("created"), (ir.Keyword("haste"),), effects[1].duration)
    assert effects[2].ability.effects == (ir.Sacrifice(ir.Ref("created")),)


def test_sneak_attack_gives_haste_and_sacrifices_at_the_end_step(db):
    g = _sneak(db)
    wurm = on_battlefield(g, "Craw Wurm")
    assert len(wurm) == 1 and ch.has(g.current_state(), wurm[0], "haste")
    pass_to_end_step_trigger(g)
    assert game_helpers.stack_labels(g) == ["Sneak Attack's delayed ability"]
    resolve(g)
    assert not on_battlefield(g, "Craw Wurm")
    assert game_helpers.names(g, 0, "graveyard") == ["Craw Wurm"]
    assert "Alice sacrifices Craw Wurm" in g.explain()


def test_sneak_attack_doesnt_sacrifice_a_creature_that_left_and_came_back(db):
    """Sneak Attack's ruling: a creature that left the battlefield is a new object (CR 400.7);
    Cloudshift exiles it and returns it."""
    g = _sneak(db, ", Cloudshift")
    first = on_battlefield(g, "Craw Wurm")[0]
    cast_and_pay(g, "cast Cloudshift", "Craw Wurm")
    resolve(g)
    back = on_battlefield(g, "Craw Wurm")
    assert len(back) == 1 and back[0].id != first.id
    pass_to_end_step_trigger(g)
    resolve(g)
    assert len(on_battlefield(g, "Craw Wurm")) == 1


def test_sneak_attack_doesnt_sacrifice_a_creature_another_player_controls(db):
    """Sneak Attack's ruling and CR 701.21a: you sacrifice it only if you still control it
    (Bob's Word of Seizing took it)."""
    g = _sneak(db)
    g.push(Action("pass"))
    cast_and_pay(g, "cast Word of Seizing", "Craw Wurm")
    resolve(g)
    assert on_battlefield(g, "Craw Wurm")[0].controller == 1
    pass_to_end_step_trigger(g)
    resolve(g)
    assert len(on_battlefield(g, "Craw Wurm")) == 1
    assert "Alice can't sacrifice Craw Wurm: another player controls it  [CR 701.21a]" in g.explain()


def test_sneak_attack_may_put_nothing(db):
    g = board(db, """
  - name: Alice
    battlefield: [Sneak Attack, Mountain]
    hand: [Craw Wurm]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Sneak Attack")
    resolve(g)
    g.push(Action("no"))
    assert g.pending.kind == "priority" and not on_battlefield(g, "Craw Wurm")


def test_footsteps_of_the_goryo_sacrifices_the_returned_creature(db):
    g = board(db, """
  - name: Alice
    battlefield: [Swamp, Swamp, Swamp]
    hand: [Footsteps of the Goryo]
    graveyard: [Craw Wurm]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Footsteps of the Goryo", "Craw Wurm")
    resolve(g)
    assert len(on_battlefield(g, "Craw Wurm")) == 1
    pass_to_end_step_trigger(g)
    resolve(g)
    assert not on_battlefield(g, "Craw Wurm") and game_helpers.names(g, 0, "graveyard") == ["Craw Wurm",
                                                                                           "Footsteps of the Goryo"]


def test_more_delayed_sentences_compile(db):
    """"Its controller sacrifices it" (the controller then, CR 701.21a), a return "tapped", and
    "them" for the tokens just created."""
    sword = db.get("Celestial Sword")
    assert sword.fully_supported
    assert sword.abilities[0].effects[1].ability.effects == (ir.Sacrifice(ir.Target(0), by_controller=True),)
    maze = db.get("Mystifying Maze")
    assert maze.fully_supported and maze.abilities[-1].effects[1].ability.effects[0].tapped
    for name in ("Nezahal, Primal Tide", "Feral Lightning", "Chandra, Flamecaller"):
        assert db.get(name).fully_supported, (name, db.get(name).gaps)


def test_feral_lightning_exiles_them_at_the_end_step(db):
    g = board(db, """
  - name: Alice
    hand: [Feral Lightning]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Mountain, Mountain]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Feral Lightning")
    resolve(g)
    tokens = on_battlefield(g, "Elemental Token")
    assert len(tokens) == 3 and all(ch.has(g.current_state(), t, "haste") for t in tokens)
    pass_to_end_step_trigger(g)
    resolve(g)
    assert not on_battlefield(g, "Elemental Token")


def test_mystifying_maze_returns_the_attacker_tapped_at_the_end_step(db):
    g = board(db, """
  - name: Alice
    battlefield: [Grizzly Bears]
    library: [Forest, Forest]
  - name: Bob
    battlefield: [Mystifying Maze, Island, Island, Island, Island]
""", turn=3)
    game_helpers.pass_until(g, "attackers")
    g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label))
    while g.current_state().priority != 1 or g.pending.kind != "priority":
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])
    cast_and_pay(g, "activate Mystifying Maze: {4}", "Grizzly Bears")
    resolve(g)
    assert not on_battlefield(g, "Grizzly Bears")
    pass_to_end_step_trigger(g)
    resolve(g)
    bears = on_battlefield(g, "Grizzly Bears")
    assert len(bears) == 1 and bears[0].tapped and bears[0].controller == 0


def test_surprise_deployment_returns_that_creature_to_its_owners_hand(db):
    """"At the beginning of the next end step, return that creature to your hand": the creature
    put from the hand (CR 603.7c); a card goes to its owner's hand (CR 400.3)."""
    g = board(db, """
  - name: Alice
    hand: [Surprise Deployment, Craw Wurm]
    battlefield: [Plains, Plains, Plains, Plains]
    library: [Plains, Plains]
  - name: Bob
    battlefield: [Grizzly Bears]
    library: [Forest, Forest]
""", turn=3)
    for _ in range(10):       # "Cast this spell only during combat.": the beginning of combat
        if any(a.label.startswith("cast Surprise Deployment") for a in g.legal_actions()):
            break
        g.push(Action("pass"))
    assert g.current_state().step == "beginning_of_combat"
    cast_and_pay(g, "cast Surprise Deployment")
    resolve(g)
    g.push(Action("yes"))
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Craw Wurm" in a.label))
    assert len(on_battlefield(g, "Craw Wurm")) == 1
    pass_to_end_step_trigger(g)
    resolve(g)
    assert not on_battlefield(g, "Craw Wurm") and game_helpers.names(g, 0, "hand") == ["Craw Wurm"]


def test_a_return_to_the_battlefield_tapped(db):
    """"Return target creature card from your graveyard to the battlefield tapped." (Gravewaker):
    the card enters tapped (CR 110.5b: a permanent enters untapped unless an effect says so)."""
    g = board(db, """
  - name: Alice
    battlefield: [Gravewaker, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]
    graveyard: [Craw Wurm]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Gravewaker", "Craw Wurm")
    resolve(g)
    wurm = on_battlefield(g, "Craw Wurm")
    assert len(wurm) == 1 and wurm[0].tapped
