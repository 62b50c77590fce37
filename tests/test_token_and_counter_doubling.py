"""Token and counter doubling (CR 614.1a): "If an effect would create one or more tokens under
your control, it creates twice that many of those tokens instead." (Anointed Procession, Parallel
Lives, Doubling Season), "If one or more tokens would be created, ..." (Primal Vigor), and "If an
effect would put one or more counters on a permanent you control, it puts twice that many of
those counters on that permanent instead." (Doubling Season), with the cards' rulings."""
from __future__ import annotations

from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, pick, resolve

ALICE, BOB = 0, 1


def _tokens(g, player: int) -> list:
    return [o for o in g.current_state().permanents(player) if o.is_token]


def _raise_the_alarm(db, alice_battlefield: str, bob_battlefield: str = ""):
    g = board(db, f"""
  - name: Alice
    hand: [Raise the Alarm]
    battlefield: [Plains, Plains, {alice_battlefield}]
  - name: Bob
    battlefield: [{bob_battlefield}]
""")
    cast_and_pay(g, "cast Raise the Alarm")
    resolve(g)
    return g


def test_token_doublers_compile_to_one_replacement_kind(db):
    for name in ("Anointed Procession", "Parallel Lives", "Doubling Season"):
        card = db.get(name)
        assert card.fully_supported, name
        assert card.abilities[0] == ir.ReplacementAbility(
            ir.ReplacementKind.DOUBLE_TOKENS, whose="you", by_effect=True, text=card.abilities[0].text)
    vigor = db.get("Primal Vigor")
    assert vigor.fully_supported
    assert vigor.abilities[0].kind == ir.ReplacementKind.DOUBLE_TOKENS and vigor.abilities[0].whose is None


def test_anointed_procession_doubles_the_tokens_and_two_make_four_times_as_many(db):
    """Raise the Alarm makes two Soldiers: four with one Procession, eight with two (the ruling:
    each doubling applies once to the event, CR 614.5)."""
    assert len(_tokens(_raise_the_alarm(db, ""), ALICE)) == 2
    one = _raise_the_alarm(db, "Anointed Procession")
    assert len(_tokens(one, ALICE)) == 4
    assert any("Replacement: Anointed Procession (twice as many tokens)" in e.text
               for e in one.current_state().log_entries())
    assert len(_tokens(_raise_the_alarm(db, "Anointed Procession, Parallel Lives"), ALICE)) == 8


def test_under_your_control_only_the_doublers_controllers_tokens(db):
    """Beast Within gives Bob a Beast: Alice's Anointed Procession doesn't double a token made
    under Bob's control; Primal Vigor doubles everyone's."""
    for alices, beasts in (("Anointed Procession", 1), ("Primal Vigor", 2)):
        g = board(db, f"""
  - name: Alice
    hand: [Beast Within]
    battlefield: [Forest, Forest, Forest, {alices}]
  - name: Bob
    battlefield: [Grizzly Bears]
""")
        cast_and_pay(g, "cast Beast Within", "Grizzly Bears")
        resolve(g)
        assert len(_tokens(g, BOB)) == beasts, alices


def test_doubling_season_doubles_a_planeswalkers_loyalty_but_not_its_loyalty_cost(db):
    """The ruling: a planeswalker enters with twice its loyalty (Garruk Wildspeaker, 3: 6);
    the +1 of a loyalty cost is a cost, not an effect, so it stays +1 (CR 606.4, 118.3); the
    -1's Beast token is doubled."""
    g = board(db, """
  - name: Alice
    hand: [Garruk Wildspeaker]
    battlefield: [Doubling Season, Forest, Forest, Forest, Forest]
  - name: Bob
""")
    cast_and_pay(g, "cast Garruk Wildspeaker")
    resolve(g)
    garruk = next(o for o in g.current_state().permanents(ALICE) if o.card.name == "Garruk Wildspeaker")
    assert garruk.counters == {"loyalty": 6}
    pick(g, "activate Garruk Wildspeaker: −1")
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    assert g.current_state().objs[garruk.id].counters == {"loyalty": 5}
    resolve(g)
    beasts = _tokens(g, ALICE)
    assert len(beasts) == 2 and all(b.card.name.startswith("Beast") for b in beasts)


def test_doubling_season_doubles_counters_an_effect_puts_on_your_permanents_only(db):
    """Dragonscale Boon puts two +1/+1 counters: four on Alice's creature with Doubling Season,
    two on Bob's (a permanent you control)."""
    for target, owner, n in (("Grizzly Bears", ALICE, 4), ("Hill Giant", BOB, 2)):
        g = board(db, """
  - name: Alice
    hand: [Dragonscale Boon]
    battlefield: [Doubling Season, Grizzly Bears, Forest, Forest, Forest, Forest]
  - name: Bob
    battlefield: [Hill Giant]
""")
        cast_and_pay(g, "cast Dragonscale Boon", target)
        resolve(g)
        o = next(o for o in g.current_state().permanents(owner) if o.card.name == target)
        assert o.counters == {"+1/+1": n}, target


def test_loyalty_plus_ability_cost_is_not_doubled(db):
    """Garruk Wildspeaker's +1 under Doubling Season: the counter is put as a cost (the ruling),
    so one, not two."""
    g = board(db, """
  - name: Alice
    battlefield: [Doubling Season, {card: Garruk Wildspeaker, counters: {loyalty: 3}}, Forest, Forest]
  - name: Bob
""")
    pick(g, "activate Garruk Wildspeaker: +1")
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    garruk = next(o for o in g.current_state().permanents(ALICE) if o.card.name == "Garruk Wildspeaker")
    assert garruk.counters == {"loyalty": 4}


def test_winding_constrictor_adds_one_of_each_kind(db):
    """"that many plus one of each of those kinds of counters" (counters of any kind): Winding
    Constrictor's first line reads now; Branching Evolution's and Primal Vigor's "on that
    creature" too."""
    constrictor = db.get("Winding Constrictor")
    assert constrictor.abilities[0] == ir.ReplacementAbility(
        ir.ReplacementKind.MORE_COUNTERS, None, 1, affected=constrictor.abilities[0].affected,
        text=constrictor.abilities[0].text)
    for name in ("Branching Evolution", "Conclave Mentor"):
        assert db.get(name).fully_supported, name
