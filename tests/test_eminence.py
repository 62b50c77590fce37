"""Eminence (an ability word, CR 207.2c): abilities that say they work "in the command zone or on
the battlefield" work from both (CR 113.6b, 903), while a commander card's other abilities don't
work in the command zone (CR 113.6). Edgar Markov and The Ur-Dragon, in games of three players."""
from __future__ import annotations

import json

from manastack import Game
from manastack.engine import characteristics as ch
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


ARAHBO = "Arahbo, Roar of the World"


def answer(g: Game, label: str) -> None:
    """Answer the pending decision with the action labelled ``label``, paying automatically."""
    g.push(next(a for a in g.legal_actions() if a.label == label))
    while g.pending.kind == "pay":
        g.push(Action("autopay"))


def arahbo_board(db, cats: list[str], in_command: bool = True) -> Game:
    """Alice's turn 5, first main phase, with Arahbo as her commander in the command zone (or on
    the battlefield) and ``cats`` and six lands on the battlefield."""
    permanents = ([] if in_command else [ARAHBO]) + cats + ["Forest", "Plains"] * 3
    command = f'command: ["{ARAHBO}"]' if in_command else "command: []"
    sc = Scenario.from_text(f"""
format: commander
turn: 5
players:
  - name: Alice
    commanders: ["{ARAHBO}"]
    {command}
    battlefield: {json.dumps(permanents)}
    library: [Island]
  - name: Bob
    library: [Island]
  - name: Carol
    library: [Island]
""", cards=db)
    return Game.from_state(sc.state, sc.db)


def play_to_damage(g: Game, attackers: list[str], pay: bool = True) -> None:
    """Play Alice's turn to the combat damage step: attack Bob with ``attackers``, answer every
    "you may pay" of Arahbo's attack triggers with ``pay``, and pass otherwise."""
    while g.current_state().step != "combat_damage":
        kind = g.pending.kind
        if kind == "attackers":
            chosen = [a for a in g.legal_actions() if a.label in {f"attack Bob with {n}" for n in attackers}]
            g.push(chosen[0] if chosen else next(a for a in g.legal_actions() if a.label == "no more attackers"))
            attackers = [n for n in attackers if not chosen or chosen[0].label != f"attack Bob with {n}"]
        elif kind == "may":
            answer(g, "yes" if pay else "no")
        else:
            g.push(Action("pass") if kind == "priority" else g.legal_actions()[0])


def lions(g: Game):
    s = g.current_state()
    o = next(o for o in s.permanents(0) if o.card.name == "Savannah Lions")
    return ch.power(s, o), ch.toughness(s, o), "trample" in ch.keywords(s, o)


def test_arahbo_counts_the_cats_power_as_its_ability_resolves(db):
    """Arahbo's eminence gives Savannah Lions +3/+3 at the beginning of combat (5/4); when they
    attack, Alice pays {1}{G}{W} and they gain trample and get +X/+X, X their power as that
    ability resolves (ruling 2017-08-25; CR 107.3, 608.2h): 10/9, and 10 trample damage."""
    g = arahbo_board(db, ["Savannah Lions"], in_command=False)
    play_to_damage(g, ["Savannah Lions"])
    assert lions(g) == (10, 9, True)
    assert any(e.text == "Savannah Lions gets +5/+5 until end of turn" for e in g.log)
    assert g.current_state().players[1].life == 40 - 10


def test_arahbo_not_paid_and_each_cat_its_own_trigger(db):
    """Ruling 2017-08-25: with two Cats attacking the ability triggers twice, each paid (or not)
    on its own; declining leaves the Cat as it was."""
    g = arahbo_board(db, ["Savannah Lions", "Whitemane Lion"], in_command=False)
    play_to_damage(g, ["Savannah Lions", "Whitemane Lion"], pay=False)
    assert sum("Arahbo, Roar of the World's ability triggers on" in e.text and "(attacks)" in e.text
               for e in g.log) == 2
    assert lions(g) == (5, 4, False)


def test_arahbos_attack_trigger_does_not_work_from_the_command_zone(db):
    """CR 113.6: only the eminence ability works in the command zone; Arahbo there gives the
    +3/+3 but no attack trigger."""
    g = arahbo_board(db, ["Savannah Lions"])
    play_to_damage(g, ["Savannah Lions"])
    assert lions(g) == (5, 4, False)
    assert not any("(attacks)" in e.text for e in g.log)


INALLA = "Inalla, Archmage Ritualist"


def _answer(g: Game, label: str) -> None:
    g.push(next(a for a in g.legal_actions() if a.label.startswith(label)))


def _resolve_inalla(g: Game, pay: bool) -> None:
    """Everyone passes until Inalla's trigger resolves; Alice pays {1} for it or not."""
    for _ in range(12):
        if g.pending.kind == "priority":
            if not any(i.card.name == INALLA for i in g.current_state().stack):
                return
            g.push(Action("pass"))
        elif g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            labels = [a.label for a in g.legal_actions()]
            yes = next((x for x in labels if x.lower().startswith(("yes", "pay"))), labels[0])
            no = next((x for x in labels if x.lower().startswith(("no", "don't", "decline"))), labels[-1])
            _answer(g, yes if pay else no)


def _sorcerers(g: Game) -> list:
    return [o for o in g.current_state().permanents(0) if o.card.name == "Prodigal Sorcerer"]


def test_inalla_copies_a_wizard_from_the_command_zone(db):
    """Inalla's eminence triggers in the command zone (CR 113.6b) as a nontoken Wizard enters
    under Alice's control; she pays {1} once (its ruling: one token per resolution) for a token
    copy of it, which gains haste, so its {T} ability can be activated at once (CR 702.10), and
    is exiled at the beginning of the next end step (CR 603.7)."""
    assert db.get(INALLA).fully_supported
    g = board(db, f"""    commanders: ["{INALLA}"]
    command: ["{INALLA}"]
    hand: [Prodigal Sorcerer]
    battlefield: [Island, Island, Island, Island]""")
    cast_and_pay(g, "cast Prodigal Sorcerer")
    everyone_passes(g)                      # the Sorcerer resolves; Inalla's ability triggers
    assert any(f"{INALLA}'s ability triggers" in e.text for e in g.log)
    _resolve_inalla(g, pay=True)
    sorcerers = _sorcerers(g)
    assert [o.is_token for o in sorcerers].count(True) == 1
    token = next(o for o in sorcerers if o.is_token)
    assert ch.has(g.current_state(), token, "haste")
    assert any(a.label.startswith("activate Prodigal Sorcerer") and a.args[0] == token.id for a in g.legal_actions())
    for _ in range(80):
        s = g.current_state()
        if s.step == "cleanup" or s.turn > 5:
            break
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[-1])
    assert [o.is_token for o in _sorcerers(g)] == [False]


def test_inalla_declined_and_not_for_tokens(db):
    """Not paying {1} makes no token; a Wizard token entering doesn't trigger it ("nontoken")."""
    g = board(db, f"""    commanders: ["{INALLA}"]
    command: ["{INALLA}"]
    hand: [Prodigal Sorcerer]
    battlefield: [Island, Island, Island, Island]""")
    cast_and_pay(g, "cast Prodigal Sorcerer")
    everyone_passes(g)
    _resolve_inalla(g, pay=False)
    assert [o.is_token for o in _sorcerers(g)] == [False]
    assert not any(i.card.name == INALLA for i in g.current_state().stack)


def test_inalla_copies_a_wizard_that_has_left_as_it_last_existed(db):
    """Inalla's ruling (2017-08-25): if the Wizard has left the battlefield by the time the
    ability resolves, {1} can still be paid, for a token with the copiable values of that
    creature as it last existed on the battlefield (CR 608.2h, 707.2)."""
    g = board(db, f"""    commanders: ["{INALLA}"]
    command: ["{INALLA}"]
    hand: [Prodigal Sorcerer, Lightning Bolt]
    battlefield: [Island, Island, Island, Island, Mountain]""")
    cast_and_pay(g, "cast Prodigal Sorcerer")
    everyone_passes(g)
    assert any(i.card.name == INALLA for i in g.current_state().stack)
    cast_and_pay(g, "cast Lightning Bolt", "Prodigal Sorcerer")
    everyone_passes(g)                      # the Bolt resolves: the Sorcerer dies
    assert "Prodigal Sorcerer" in [g.current_state().objs[i].card.name for i in g.current_state().players[0].graveyard]
    g = Game.from_json(g.to_json(), cards=db)      # what the trigger saw is saved with it
    _resolve_inalla(g, pay=True)
    assert [o.is_token for o in _sorcerers(g)] == [True]
