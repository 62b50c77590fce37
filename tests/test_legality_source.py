"""One source of legality (engine/legality.py): the actions offered at priority, the reason an
illegal push gives and Game.why_not always agree, and every reason cites the rules."""
from __future__ import annotations

import re

import pytest

from manastack import Action, Game, IllegalActionError, RandomAgent
from manastack.engine import legality
from manastack.engine.effect_records import MayPlay

from .mana_helpers import board

CITES = re.compile(r"CR \d{3}")


@pytest.mark.parametrize("seed", [2, 9])
def test_offered_actions_and_why_not_agree_in_random_games(seed):
    game = Game.new("gruul-stompy", "azorius-skies", seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    checked = 0
    for _ in range(600):
        if game.pending is None:
            break
        d = game.pending
        if d.kind == "priority":
            s = game.current_state()
            legal = set(game.legal_actions())
            for oid in s.players[d.player].hand:
                kind = "play" if "Land" in s.objs[oid].card.types else "cast"
                action = Action(kind, (oid,))
                why = game.why_not(action)
                assert (action in legal) == (why is None), (action, why)
                if why is not None:
                    assert CITES.search(why), why
                    with pytest.raises(IllegalActionError) as err:
                        game.copy().push(action)
                    assert str(err.value) == why
                checked += 1
        game.push(agents[d.player].choose(game, d))
    assert checked > 100


def test_a_card_exiled_with_permission_to_play_it_is_offered_and_explained_alike():
    """CR 601.3: a permission to play a card from exile (Professional Face-Breaker's "You may
    play that card this turn"); the offered actions and the reasons used to disagree on it."""
    game = board("""
  - name: Alice
    battlefield: [Mountain, Mountain]
    exile: [Shock]
  - name: Bob
""")
    s = game.current_state()
    shock = next(o for o in s.objs.values() if o.card.name == "Shock")
    assert "not in Alice's hand" in legality.why_not_cast(s, 0, shock)
    assert shock not in legality.castable(s, 0)
    s.effects = s.effects + [MayPlay(shock.id, "end_of_turn", s.new_timestamp(), "Professional Face-Breaker")]
    assert legality.why_not_cast(s, 0, shock) is None
    assert [o.id for o in legality.castable(s, 0)] == [shock.id]


def test_summoning_sick_creature_cannot_attack_and_says_why():
    game = board("""
  - name: Alice
    battlefield: [{card: Grizzly Bears, sick: true}]
  - name: Bob
""")
    s = game.current_state()
    bears = next(o for o in s.objs.values() if o.card.name == "Grizzly Bears")
    assert "302.6" in legality.cannot_attack(s, bears)
    assert not legality.combat.can_attack(s, bears)
