""""That player" in triggered abilities: the player the trigger condition names (CR 603.2,
608.2), with real cards and their rulings."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, pass_until, resolve, stack_labels
from .test_oracle_compiler import card

THAT = ir.Ref("triggering_player")


def triggered(db, name: str) -> list[ir.TriggeredAbility]:
    c = db.get(name)
    assert c.unsupported == (), c.unsupported
    return [a for a in c.abilities if isinstance(a, ir.TriggeredAbility)]


def test_each_event_that_names_a_player_binds_that_player(corpus_db):
    # "an opponent draws a card" (CR 121.2): once per card, the one who drew
    (dreams,) = triggered(corpus_db, "Underworld Dreams")
    assert dreams.trigger == ir.Trigger("draw", "opponent")
    assert dreams.effects == (ir.DealDamage(1, THAT),)
    # "an opponent casts a creature spell" (CR 601.2i): the caster
    (sting,) = triggered(corpus_db, "Aether Sting")
    assert sting.trigger.event == "cast" and sting.trigger.subject.controller == "opponent"
    assert sting.effects == (ir.DealDamage(1, THAT),)
    # "an opponent discards a card" (CR 701.9a): the one who discarded
    specter = triggered(corpus_db, "Fell Specter")[-1]
    assert specter.trigger == ir.Trigger("discards", "opponent")
    assert specter.effects == (ir.LoseLife(2, THAT),)
    # "each player's upkeep": the active player
    (tablet,) = triggered(corpus_db, "Copper Tablet")
    assert tablet.trigger == ir.Trigger("beginning_of_step", step="upkeep", whose="any")
    # "each opponent's upkeep"
    sheoldred = triggered(corpus_db, "Sheoldred, Whispering One")[-1]
    assert sheoldred.effects[0].who == THAT
    # "the upkeep of enchanted creature's controller" (an Aura, CR 303.4)
    (wound,) = triggered(corpus_db, "Stab Wound")
    assert wound.trigger == ir.Trigger("beginning_of_step", step="upkeep", whose="enchanted_controller")
    assert wound.effects == (ir.LoseLife(2, THAT),)


def test_that_player_without_a_named_player_is_refused():
    # "each upkeep" names no player
    c = card("Test", "At the beginning of each upkeep, that player loses 1 life.")
    assert c.unsupported
    # after a target player, "that player" would mean the target: not the caster
    c = card("Test", "Whenever an opponent casts a spell, target player mills two cards and that player loses 1 life.")
    assert c.unsupported
    # "you cast" names you, whom the text calls "you"
    c = card("Test", "Whenever you cast a creature spell, that player loses 1 life.")
    assert c.unsupported


def test_copper_tablet_damages_each_active_player(corpus_db):
    """Copper Tablet: in each player's upkeep, 1 damage to that player, whoever controls it."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Copper Tablet]
    library: [Swamp, Swamp, Swamp]
  - name: Bob
    library: [Forest, Forest, Forest]
""", turn=3, step="end")
    pass_until(g, "priority")
    while g.current_state().step != "upkeep":
        g.push(Action("pass"))
    assert g.current_state().active == 1 and stack_labels(g) == ["Copper Tablet's ability"]
    resolve(g)
    assert [p.life for p in g.current_state().players] == [20, 19]
    while not (g.current_state().step == "upkeep" and g.current_state().active == 0):
        g.push(Action("pass"))
    resolve(g)
    assert [p.life for p in g.current_state().players] == [19, 19]


def test_megrim_and_kambal_name_the_opponent_who_acted(corpus_db):
    """Kambal rulings (2016-09-20): its ability resolves before the spell; the caster loses 2
    and Kambal's controller gains 2. Megrim: the opponent who discarded takes 2 damage, once per
    card discarded (CR 701.9a)."""
    g = board(corpus_db, """
  - name: Alice
    battlefield: ["Kambal, Consul of Allocation", Megrim]
  - name: Bob
    hand: [Mind Rot, Forest, Island]
    battlefield: [Swamp, Swamp, Swamp]
""", turn=4, active="Bob")
    cast_and_pay(g, "cast Mind Rot", "Bob")
    assert stack_labels(g) == ["Mind Rot", "Kambal, Consul of Allocation's ability"]   # bottom first
    resolve(g)
    assert [p.life for p in g.current_state().players] == [22, 18]
    resolve(g)          # Bob discards two cards: Megrim triggers for each
    g.push(next(a for a in g.legal_actions() if a.label == "Forest"))
    assert names(g, 1, "graveyard") == ["Forest", "Island", "Mind Rot"]
    g.push(next(a for a in g.legal_actions() if a.label.startswith("put the rest")))
    resolve(g)
    resolve(g)
    assert [p.life for p in g.current_state().players] == [22, 14]


def test_kami_of_the_crescent_moon_draws_after_the_normal_draw(corpus_db):
    """Kami of the Crescent Moon ruling (2005-06-01): the additional draw triggers just after the
    normal draw; "that player" is whoever's draw step it is, here Bob."""
    (kami,) = triggered(corpus_db, "Kami of the Crescent Moon")
    assert kami.effects == (ir.Draw(1, THAT),)
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Kami of the Crescent Moon]
    library: [Island, Island]
  - name: Bob
    library: [Forest, Mountain, Plains]
""", turn=3, step="end")
    while not (g.current_state().step == "draw" and g.current_state().active == 1):
        g.push(Action("pass"))
    assert names(g, 1, "hand") == ["Forest"] and stack_labels(g) == ["Kami of the Crescent Moon's ability"]
    resolve(g)
    assert names(g, 1, "hand") == ["Forest", "Mountain"] and names(g, 0, "hand") == []


def test_that_player_is_the_controller_an_opponent_trigger_names(corpus_db):
    """"Whenever a creature an opponent controls dies, that player ..." (Massacre Wurm), "a land
    enters under an opponent's control" (Nightshade Harvester): the permanent's controller."""
    wurm = triggered(corpus_db, "Massacre Wurm")[-1]
    assert wurm.trigger.event == "dies" and wurm.trigger.subject.controller == "opponent"
    assert wurm.effects == (ir.LoseLife(2, ir.Ref("triggering_controller")),)
    (harvester,) = triggered(corpus_db, "Nightshade Harvester")
    assert harvester.trigger.event == "enters" and harvester.trigger.subject.controller == "opponent"
    assert harvester.effects[0] == ir.LoseLife(1, ir.Ref("triggering_controller"))
    # a creature you control names no other player
    assert card("Test", "Whenever a creature you control dies, that player loses 1 life.").unsupported
