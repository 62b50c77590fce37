"""Emerge (CR 702.119) with real cards and their rulings: an alternative cost with a creature
sacrificed, chosen as the cost is announced, and the total cost reduced by its mana value. The
scenarios/cards/cr-702-119-* files play Elder Deep-Fiend and Wretched Gryff."""
from __future__ import annotations

from manastack import Game
from manastack.engine import legality
from manastack.scenario import Scenario


def game(db, battlefield: str, hand: str) -> Game:
    sc = Scenario.from_text(f"""cards:
  - name: Soldier
    type: Token Creature — Soldier
    colors: [W]
    power: 1
    toughness: 1
players:
  - name: Alice
    hand: {hand}
    library: [Island, Island, Island]
    battlefield: {battlefield}
  - name: Bob
    library: [Island, Island]
""", cards=db)
    return Game.from_state(sc.state, sc.db)


def cast_action(g: Game, name: str):
    return next((a for a in g.legal_actions() if a.kind == "cast" and name in a.label), None)


def test_emerge_compiles_and_is_supported(corpus_db):
    for name in ("Elder Deep-Fiend", "Wretched Gryff", "Decimator of the Provinces", "Vexing Scuttler"):
        assert corpus_db.get(name).fully_supported, name


def test_without_a_creature_to_sacrifice_only_the_mana_cost_is_offered(corpus_db):
    """CR 702.119a: emerge needs a creature to sacrifice; one Island can't pay {7}."""
    g = game(corpus_db, "[Island]", "[Wretched Gryff]")
    assert cast_action(g, "Wretched Gryff") is None
    why = legality.why_not_cast(g.current_state(), 0, next(
        o for o in g.current_state().objs.values() if o.card.name == "Wretched Gryff"))
    assert why is not None and "{7}" in why


def test_each_creature_whose_sacrifice_leaves_a_payable_cost_is_offered(corpus_db):
    """CR 702.119c: the creature is chosen with the cost. With five Islands and Llanowar Elves,
    Elder Deep-Fiend's {5}{U}{U} less the Elves' 1 is {4}{U}{U}, paid with the Elves' own mana
    too (tapped for mana, it can still be sacrificed, CR 601.2h); less Grizzly Bears' 2 or Craw
    Wurm's 6 it is payable as well. The mana cost {8} is not offered: it can't be paid."""
    g = game(corpus_db, "[Llanowar Elves, Grizzly Bears, Craw Wurm, {card: Island, count: 5}]",
             "[Elder Deep-Fiend]")
    act = cast_action(g, "Elder Deep-Fiend")
    assert act is not None
    g.push(act)
    d = g.pending
    assert d.kind == "alternative_cost"
    labels = sorted(o.label for o in d.options)
    assert all("emerge" in label for label in labels) and len(labels) == 3      # no mana-cost answer
    assert any("sacrificing Llanowar Elves (minus 1)" in label for label in labels)
    g.push(next(o for o in d.options if "Llanowar Elves" in o.label))
    while g.pending.kind == "pay":
        g.push(next(o for o in g.pending.options if o.kind == "autopay"))
    s = g.current_state()
    assert [s.objs[i].card.name for i in s.players[0].graveyard] == ["Llanowar Elves"]
    assert s.stack and s.objs[s.stack[-1].source].card.name == "Elder Deep-Fiend"
    assert all(s.objs[i].tapped for i in s.battlefield if s.objs[i].card.name == "Island")
    assert any("minus 1 for sacrificing Llanowar Elves (emerge, CR 702.119a)" in e.text for e in _log(s))


def test_a_token_with_mana_value_zero_may_be_sacrificed(corpus_db):
    """Wretched Gryff's ruling: a creature of mana value 0 may be sacrificed; the emerge cost
    {5}{U} is then paid in full. Six Islands can't pay the mana cost {7}, so emerge with the token
    is the one way to cast it, taken without a question (CR 601.2b)."""
    g = game(corpus_db, "[{card: Soldier, token: true}, {card: Island, count: 6}]", "[Wretched Gryff]")
    g.push(cast_action(g, "Wretched Gryff"))
    while g.pending.kind == "pay":
        g.push(next(o for o in g.pending.options if o.kind == "autopay"))
    s = g.current_state()
    assert sum(1 for i in s.battlefield if s.objs[i].tapped) == 6
    assert not any(s.objs[i].card.name == "Soldier" for i in s.battlefield)
    assert any("total cost is {5}{U}: its emerge cost {5}{U}, minus 0" in e.text for e in _log(s))


def _log(s):
    node = s.log
    while node:
        yield node[0]
        node = node[1]
