"""Eminence (an ability word, CR 207.2c): abilities that say they work "in the command zone or on
the battlefield" work from both (CR 113.6b, 903), while a commander card's other abilities don't
work in the command zone (CR 113.6). Edgar Markov and The Ur-Dragon, in games of three players."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action
from manastack.engine.legality import why_not_cast
from manastack.scenario import Scenario

from .game_helpers import cast_and_pay

EDGAR = "Edgar Markov"
UR_DRAGON = "The Ur-Dragon"


def board(db, alice: str, active: str = "Alice") -> Game:
    text = f"""
format: commander
turn: 5
active: {active}
players:
  - name: Alice
{alice}
  - name: Bob
  - name: Carol
"""
    sc = Scenario.from_text(text, cards=db)
    return Game.from_state(sc.state, sc.db)


def everyone_passes(g: Game) -> None:
    for _ in range(len(g.current_state().players)):
        if g.pending.kind == "priority" and g.current_state().stack:
            g.push(Action("pass"))


def vampires(g: Game) -> int:
    return sum(1 for o in g.current_state().permanents(0) if o.card.name == "Vampire Token")


def test_edgar_markov_triggers_from_the_command_zone(db):
    """Edgar Markov's eminence triggers while he is in the command zone: a Vampire spell cast
    gives a 1/1 Vampire token (CR 113.6b; the log names the trigger)."""
    g = board(db, f"""    commanders: ["{EDGAR}"]
    command: ["{EDGAR}"]
    hand: [Vampire Nighthawk]
    battlefield: [Swamp, Swamp, Swamp]""")
    cast_and_pay(g, "cast Vampire Nighthawk")
    assert len(g.current_state().stack) == 2 and g.current_state().stack[-1].kind == "triggered"
    everyone_passes(g)
    assert vampires(g) == 1
    assert any("Edgar Markov's ability triggers" in e.text for e in g.log)


def test_edgar_markov_on_the_battlefield_and_not_for_himself(db):
    """On the battlefield the same ability works, once: a Vampire cast gives one token, a spell
    that is not a Vampire (Duress) none."""
    g = board(db, f"""    commanders: ["{EDGAR}"]
    battlefield: ["{EDGAR}", Swamp, Swamp, Swamp, Swamp, Swamp]
    hand: [Vampire Nighthawk, Duress]""")
    cast_and_pay(g, "cast Duress", "Bob")
    assert len(g.current_state().stack) == 1
    everyone_passes(g)
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    cast_and_pay(g, "cast Vampire Nighthawk")
    assert len(g.current_state().stack) == 2
    everyone_passes(g)
    assert vampires(g) == 1


def test_an_opponents_eminence_is_theirs(db):
    """Edgar in Bob's command zone does nothing for Alice's Vampire: his ability says "you", and
    its controller there is his owner, Bob."""
    sc = Scenario.from_text(f"""
format: commander
turn: 5
players:
  - name: Alice
    hand: [Vampire Nighthawk]
    battlefield: [Swamp, Swamp, Swamp]
  - name: Bob
    commanders: ["{EDGAR}"]
    command: ["{EDGAR}"]
  - name: Carol
""", cards=db)
    g = Game.from_state(sc.state, sc.db)
    cast_and_pay(g, "cast Vampire Nighthawk")
    assert len(g.current_state().stack) == 1


def test_the_ur_dragon_reduces_dragon_spells_from_the_command_zone(db):
    """The Ur-Dragon's eminence (a static ability, CR 113.6b): with it in the command zone,
    Shivan Dragon costs {4}{R} and five Mountains cast it; once the Ur-Dragon leaves the command
    zone for the stack its ability no longer reduces anything."""
    g = board(db, f"""    commanders: ["{UR_DRAGON}"]
    command: ["{UR_DRAGON}"]
    hand: [Shivan Dragon]
    battlefield: [{{card: Mountain, count: 5}}]""")
    s = g.current_state()
    shivan = next(i for i in s.players[0].hand if s.objs[i].card.name == "Shivan Dragon")
    assert why_not_cast(s, 0, s.objs[shivan]) is None
    cast_and_pay(g, "cast Shivan Dragon")
    assert [g.current_state().objs[i.source].card.name for i in g.current_state().stack] == ["Shivan Dragon"]
    assert all(o.tapped for o in g.current_state().permanents(0))
    # without the Ur-Dragon, five Mountains don't cast it
    g2 = board(db, """    hand: [Shivan Dragon]
    battlefield: [{card: Mountain, count: 5}]""")
    s2 = g2.current_state()
    shivan = next(i for i in s2.players[0].hand if s2.objs[i].card.name == "Shivan Dragon")
    assert why_not_cast(s2, 0, s2.objs[shivan]) is not None


def test_the_ur_dragon_works_again_once_back_in_the_command_zone(db):
    """Alice returns her Ur-Dragon to her hand and puts it into the command zone instead
    (CR 903.9b); from there its ability reduces Shivan Dragon again (the static abilities found
    for the board are found anew when an eminent card enters or leaves the command zone)."""
    g = board(db, f"""    commanders: ["{UR_DRAGON}"]
    battlefield: ["{UR_DRAGON}", Island, {{card: Mountain, count: 5}}]
    hand: [Unsummon, Shivan Dragon]""")
    cast_and_pay(g, "cast Unsummon", UR_DRAGON)
    everyone_passes(g)
    assert g.pending.kind == "may" and "903.9b" in g.pending.prompt
    g.push(Action("yes"))
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].command] == [UR_DRAGON]
    cast_and_pay(g, "cast Shivan Dragon")
    assert [g.current_state().objs[i.source].card.name for i in g.current_state().stack] == ["Shivan Dragon"]


def test_the_ur_dragon_on_the_stack_reduces_nothing(db):
    """Cast from the command zone, the Ur-Dragon is a spell on the stack, where its ability
    doesn't work (CR 113.6): five Mountains left don't cast Shivan Dragon in response."""
    g = board(db, f"""    commanders: ["{UR_DRAGON}"]
    command: ["{UR_DRAGON}"]
    hand: [Shivan Dragon]
    battlefield: [Plains, Island, Swamp, Forest, {{card: Mountain, count: 10}}]""")
    cast_and_pay(g, f"cast {UR_DRAGON}")
    s = g.current_state()
    assert [s.objs[i.source].card.name for i in s.stack] == [UR_DRAGON]
    assert sum(1 for o in s.permanents(0) if not o.tapped) == 5
    shivan = next(i for i in s.players[0].hand if s.objs[i].card.name == "Shivan Dragon")
    assert why_not_cast(s, 0, s.objs[shivan]) is not None
