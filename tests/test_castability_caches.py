"""Answers about paying and casting that are kept once per card definition (the ways a plain
mana source pays, the mana bound of a fixed production, keywords off the battlefield, the quick
"no" from the mana bound) never go stale: each test changes one thing such an answer depends on
and checks that whether a spell can be cast changes with it (CR 601.2f-h, 302.6, 107.5), and
random games compare them with the general computation at every priority."""
from __future__ import annotations

import pytest

from manastack import Game, RandomAgent
from manastack.engine import characteristics as ch
from manastack.engine import events, layers
from manastack.engine.costs.checks import summoning_sick
from manastack.engine.legality import castable, why_not_cast
from manastack.engine.mana.abilities import (
    _mana_is_modified,
    _plain_abilities,
    _plain_source,
    _source_ways,
    can_afford,
    mana_sources,
)
from manastack.engine.mana.capacity import _fixed_most, _most
from manastack.engine.mana.types import mana_abilities, produce_of, produce_options
from manastack.engine.runner import Ctx
from manastack.engine.upcalls import cost_payable
from manastack.mana import ManaCost
from manastack.oracle import ir

from .mana_helpers import board


def _names(s, player: int = 0) -> set[str]:
    return {o.card.name for o in castable(s, player)}


def _in_hand(s, name: str, player: int = 0):
    return next(s.objs[i] for i in s.players[player].hand if s.objs[i].card.name == name)


def test_a_source_tapped_and_untapped_again_flips_castability():
    """CR 107.5: a tapped Forest can't pay {T}; untapped, it pays again."""
    s = board("""
  - name: Alice
    battlefield: [Forest, Forest]
    hand: [Grizzly Bears]
  - name: Bob
""").current_state()
    assert _names(s) == {"Grizzly Bears"}
    forest = next(o for o in s.permanents(0) if o.card.name == "Forest")
    ctx = Ctx(s, [])
    events.tap(ctx, forest, quiet=True)
    assert _names(s) == set()
    assert "can't pay {1}{G}" in why_not_cast(s, 0, _in_hand(s, "Grizzly Bears"))
    events.untap(ctx, s.objs[forest.id], quiet=True)
    assert _names(s) == {"Grizzly Bears"}


def _elves_board(sick: bool):
    return board(f"""
  - name: Alice
    battlefield:
      - Forest
      - {{card: Llanowar Elves, sick: {str(sick).lower()}}}
    hand: [Grizzly Bears]
  - name: Bob
""", turn=3).current_state()


def test_summoning_sickness_is_part_of_what_a_plain_source_offers():
    """CR 302.6: Llanowar Elves that came under Alice's control this turn can't be tapped for
    mana, so Forest alone can't pay {1}{G}; the same Elves (same card, same id) that have been
    hers since the turn began can. Asked in turn, each board keeps its own answer."""
    sick, settled = _elves_board(True), _elves_board(False)
    elves = [next(o for o in s.permanents(0) if o.card.name == "Llanowar Elves") for s in (sick, settled)]
    assert elves[0].id == elves[1].id and summoning_sick(sick, elves[0]) and not summoning_sick(settled, elves[1])
    for _ in range(2):
        assert _names(sick) == set() and not can_afford(sick, 0, ManaCost.parse("{1}{G}"))
        assert _names(settled) == {"Grizzly Bears"} and can_afford(settled, 0, ManaCost.parse("{1}{G}"))
        sick.facts_cache = settled.facts_cache = None       # found again: from the kept answers


def _enter(s, name: str, player: int = 0) -> None:
    """``name`` from ``player``'s hand onto the battlefield, on the event road."""
    events.move(Ctx(s, []), _in_hand(s, name, player), "battlefield")


def test_a_cost_reducer_entering_makes_a_spell_castable():
    """Helm of Awakening: spells cost {1} less (CR 601.2f, 118.7a), so one Forest pays for
    Grizzly Bears once it is on the battlefield; the quick "no" from the mana bound must not
    hold then."""
    s = board("""
  - name: Alice
    battlefield: [Forest]
    hand: [Grizzly Bears, Helm of Awakening]
  - name: Bob
""").current_state()
    assert _names(s) == set()
    _enter(s, "Helm of Awakening")
    assert _names(s) == {"Grizzly Bears"}


def test_a_cost_increase_entering_makes_a_spell_uncastable():
    """Thalia, Guardian of Thraben: noncreature spells cost {1} more (CR 601.2f), so one
    Mountain no longer pays for Shock."""
    s = board("""
  - name: Alice
    battlefield: [Mountain]
    hand: [Shock, "Thalia, Guardian of Thraben"]
  - name: Bob
""").current_state()
    assert _names(s) == {"Shock"}
    _enter(s, "Thalia, Guardian of Thraben")
    assert _names(s) == set()


def test_plain_sources_of_many_kinds_offer_what_the_general_computation_finds():
    """Fixed productions ({C}{C}, any color, a choice), sick and tapped ones, and a source whose
    production depends on the board (Reflecting Pool, never plain)."""
    s = board("""
  - name: Alice
    battlefield:
      - Sol Ring
      - {card: Birds of Paradise, sick: true}
      - Birds of Paradise
      - {card: Llanowar Elves, tapped: true}
      - Reflecting Pool
      - Forest
  - name: Bob
""", turn=3).current_state()
    plain = _compare_sources(s, 0)
    assert plain >= 5 and _plain_abilities(next(o for o in s.permanents(0) if o.card.name == "Reflecting Pool").card) is None


def _compare_sources(s, player: int) -> int:
    """Compare, for every permanent of ``player`` with a plain definition, the kept ways,
    usable mana abilities and mana bound with those found from the board; how many there were."""
    if _mana_is_modified(s):
        return 0
    plain = 0
    for o in s.permanents(player):
        card = layers.card_now(s, o)
        taps = _plain_abilities(card)
        if taps is None:
            continue
        plain += 1
        assert _plain_source(card, o.id, o.tapped, taps and summoning_sick(s, o)) == \
            _source_ways(s, player, o, False), o.card.name
    usable = [(o.id, i) for o in s.permanents(player) for i, ab in mana_abilities(s, o)
              if cost_payable(s, o, ab.cost)]
    assert [(o.id, i) for o, i, _ab in mana_sources(s, player)] == usable
    for o, _i, ab in mana_sources(s, player):
        produce = produce_of(ab)
        if produce is not None and _fixed_most(produce) is not None:
            assert _fixed_most(produce) == _most(produce_options(s, o, produce)), o.card.name
    return plain


@pytest.mark.parametrize("decks,seed", [(("gruul-stompy", "azorius-skies"), 1),
                                        (("mono-green", "red-green"), 2)])
@pytest.mark.slow
def test_kept_answers_match_the_board_in_random_games(decks, seed):
    """At every priority decision: the kept ways of plain sources, the usable mana abilities
    and the bounds of fixed productions are those found from the board, and the keywords of
    every card in a hand are those of its own definition read the long way."""
    game = Game.new(*decks, seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 3)]
    plain = 0
    for _ in range(500):
        if game.pending is None:
            break
        if game.pending.kind == "priority":
            s = game.current_state()
            for player in (0, 1):
                plain += _compare_sources(s, player)
                for oid in s.players[player].hand:
                    card = s.objs[oid].card
                    assert ch.keywords(s, s.objs[oid]) == {ab.name for ab in card.abilities if type(ab) is ir.Keyword}
        game.push(agents[game.pending.player].choose(game, game.pending))
    assert plain > 200
