"""Conditions that join other sentences: a permanent entering with counters "if ..." (CR 614.1c,
614.12), where a spell was cast from (CR 601.2a), revolt, and "[effect] if [condition]" checked
as the spell or ability resolves (CR 608.2c)."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board, cast_action, cast_and_pay, names, on_battlefield, pass_until, pick, resolve, stack_labels


def _counters(g, name: str) -> dict:
    [o] = on_battlefield(g, name)
    return dict(o.counters)


def test_raid_counter_as_it_enters(corpus_db):
    """War-Name Aspirant cast after Alice attacked enters with a +1/+1 counter; cast before any
    attack, it enters without one (CR 614.1c, 508.1)."""
    def game(attack: bool):
        g = board(corpus_db, """
  - name: Alice
    hand: [War-Name Aspirant]
    battlefield: [Savannah Lions, {card: Mountain, count: 2}]
  - name: Bob
""", turn=3)
        if attack:
            pass_until(g, "attackers")
            pick(g, "attack with Savannah Lions")
            while g.state.step != "main2":
                g.push(Action("pass"))
        cast_and_pay(g, "cast War-Name Aspirant")
        resolve(g)
        return _counters(g, "War-Name Aspirant")
    assert game(False) == {}
    assert game(True) == {"+1/+1": 1}


def test_ferocious_counter_doesnt_see_itself(corpus_db):
    """Frontier Mastodon: a creature with power 4 or greater must already be there; the
    Mastodon, not yet on the battlefield, isn't counted (CR 614.12)."""
    def game(others: str):
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Frontier Mastodon]
    battlefield: [{{card: Forest, count: 3}}{others}]
  - name: Bob
""", turn=3)
        cast_and_pay(g, "cast Frontier Mastodon")
        resolve(g)
        return _counters(g, "Frontier Mastodon")
    assert game("") == {}
    assert game(", Hill Giant") == {}
    assert game(", Craw Wurm") == {"+1/+1": 1}


def test_cast_from_hand(corpus_db):
    """Coal Stoker cast from the hand adds {R}{R}{R}; returned from the graveyard by Zombify it
    wasn't cast, and its intervening "if" keeps the ability from triggering (CR 603.4)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Coal Stoker]
    battlefield: [{card: Mountain, count: 4}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Coal Stoker")
    resolve(g)
    assert stack_labels(g) == ["Coal Stoker's ability"]
    resolve(g)
    assert g.state.players[0].pool == {"R": 3}
    g = board(corpus_db, """
  - name: Alice
    hand: [Zombify]
    graveyard: [Coal Stoker]
    battlefield: [{card: Swamp, count: 4}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Zombify", "Coal Stoker")
    resolve(g)
    assert on_battlefield(g, "Coal Stoker") and stack_labels(g) == []
    assert not g.state.players[0].pool


def test_myojin_counter_only_from_hand(corpus_db):
    """Myojin of Night's Reach cast from the hand enters with a divinity counter and so has
    indestructible; put onto the battlefield from a graveyard, it has neither."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Myojin of Night's Reach]
    battlefield: [{card: Swamp, count: 8}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Myojin of Night's Reach")
    resolve(g)
    assert _counters(g, "Myojin of Night's Reach") == {"divinity": 1}
    g = board(corpus_db, """
  - name: Alice
    hand: [Zombify]
    graveyard: [Myojin of Night's Reach]
    battlefield: [{card: Swamp, count: 4}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Zombify", "Myojin")
    resolve(g)
    assert _counters(g, "Myojin of Night's Reach") == {}


def test_cast_from_graveyard(corpus_db):
    """Increasing Savagery: five counters cast from the hand, ten with flashback from the
    graveyard (CR 702.34a, 601.2a)."""
    def game(zone: str):
        g = board(corpus_db, f"""
  - name: Alice
    {zone}: [Increasing Savagery]
    battlefield: [Grizzly Bears, {{card: Forest, count: 7}}]
  - name: Bob
""", turn=3)
        cast_and_pay(g, "cast Increasing Savagery", "Grizzly Bears")
        resolve(g)
        return _counters(g, "Grizzly Bears")
    assert game("hand") == {"+1/+1": 5}
    assert game("graveyard") == {"+1/+1": 10}


def test_revolt(corpus_db):
    """Airdrop Aeronauts: a creature Alice sacrificed this turn left the battlefield, a token
    too (CR 603.4); without that, no life is gained."""
    def game(sacrifice: str | None):
        g = board(corpus_db, """
  - name: Alice
    hand: [Airdrop Aeronauts]
    battlefield: [Hidden Stockpile, {card: Grizzly Bears, token: true}, {card: Plains, count: 5}, Swamp]
  - name: Bob
""", turn=3)
        if sacrifice:
            cast_and_pay(g, "activate Hidden Stockpile", sacrifice)
            resolve(g)
            while g.pending.kind != "priority":
                g.push(g.legal_actions()[0])
            assert not on_battlefield(g, "Grizzly Bears")
        cast_and_pay(g, "cast Airdrop Aeronauts")
        resolve(g)
        if stack_labels(g):
            resolve(g)
        return g.state.players[0].life
    assert game(None) == 20
    assert game("Grizzly Bears") == 25


def test_revolt_checked_as_the_spell_resolves(corpus_db):
    """Decommission: its condition is checked after it destroyed its target (CR 608.2c), so
    destroying Alice's own artifact gains her 3 life; destroying Bob's doesn't."""
    def game(whose: int):
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Decommission]
    battlefield: [{{card: Plains, count: 3}}{', Ornithopter' if whose == 0 else ''}]
  - name: Bob
    battlefield: [{'Ornithopter' if whose == 1 else ''}]
""", turn=3)
        cast_and_pay(g, "cast Decommission", "Ornithopter")
        resolve(g)
        assert "Ornithopter" in names(g, whose, "graveyard")
        return g.state.players[0].life
    assert game(1) == 20
    assert game(0) == 23


def test_effect_if_checked_on_resolution(corpus_db):
    """Scourge of Numai: "you lose 2 life if you don't control an Ogre" is no intervening "if"
    (CR 603.4): the ability triggers either way and the condition is checked as it resolves
    (CR 608.2c)."""
    def upkeep(others: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Scourge of Numai{others}]
  - name: Bob
""", turn=3, step="untap")
        assert stack_labels(g) == ["Scourge of Numai's ability"]
        resolve(g)
        return g.state.players[0].life
    assert upkeep("") == 18
    assert upkeep(", Ogre Warrior") == 20


def test_equipped_creature_if_its_color(corpus_db):
    """Ring of Thune: a +1/+1 counter on the equipped creature only if it's white."""
    def upkeep(creature: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [{{card: {creature}, id: c}}, {{card: Ring of Thune, attached_to: c}}]
  - name: Bob
""", turn=3, step="untap")
        resolve(g)
        return _counters(g, creature)
    assert upkeep("Savannah Lions") == {"+1/+1": 1}
    assert upkeep("Grizzly Bears") == {}


def test_if_then_otherwise_after_the_effect(corpus_db):
    """Sphinx Sovereign: untapped at the end step, Alice gains 3 life; tapped, each opponent
    loses 3 life instead ("Otherwise, ...", CR 608.2c)."""
    def end_step(tapped: bool):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [{{card: Sphinx Sovereign, tapped: {str(tapped).lower()}}}]
  - name: Bob
""", turn=3, step="main2")
        g.push(Action("pass"))
        g.push(Action("pass"))
        assert stack_labels(g) == ["Sphinx Sovereign's ability"]
        resolve(g)
        return g.state.players[0].life, g.state.players[1].life
    assert end_step(False) == (23, 20)
    assert end_step(True) == (20, 17)


def test_that_creature_named_before(corpus_db):
    """Oblivion's Hunger: a card is drawn only if the target has a +1/+1 counter on it."""
    def game(counters: int):
        g = board(corpus_db, f"""
  - name: Alice
    hand: [Oblivion's Hunger]
    library: [Island]
    battlefield: [{{card: Grizzly Bears, counters: {{"+1/+1": {counters}}}}}, Swamp, Swamp]
  - name: Bob
""", turn=3)
        cast_and_pay(g, "cast Oblivion's Hunger", "Grizzly Bears")
        resolve(g)
        return names(g, 0, "hand")
    assert game(0) == []
    assert game(1) == ["Island"]


def test_both_conditions_for_a_free_spell(corpus_db):
    """Massacre: cast without paying its mana cost while Bob controls a Plains and Alice a Swamp
    (CR 118.9); either missing, a lone Swamp can't pay {2}{B}{B}."""
    def game(bob: str):
        return board(corpus_db, f"""
  - name: Alice
    hand: [Massacre]
    battlefield: [Swamp, Grizzly Bears]
  - name: Bob
    battlefield: [{bob}]
""", turn=3)
    assert cast_action(game("Island"), "Massacre") is None
    g = game("Plains, Hill Giant")
    g.push(cast_action(g, "Massacre"))         # the only cost Alice can pay: chosen for her
    assert stack_labels(g) == ["Massacre"]
    resolve(g)
    assert names(g, 0, "graveyard") == ["Grizzly Bears", "Massacre"]
    assert on_battlefield(g, "Hill Giant") and on_battlefield(g, "Swamp")[0].tapped is False


def test_one_permanent_of_each_color(corpus_db):
    """Dega Sanctuary: a black permanent and a red permanent, 4 life; only black, 2 life
    (the sentence before, CR 608.2c)."""
    def upkeep(others: str):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Dega Sanctuary{others}]
  - name: Bob
""", turn=3, step="untap")
        resolve(g)
        return g.state.players[0].life
    assert upkeep(", Dusk Imp") == 22
    assert upkeep(", Dusk Imp, Raging Goblin") == 24


def test_an_opponent_has_more_life(corpus_db):
    """Linvala, the Preserver: 5 life for Alice only while Bob has more life than she has; its
    intervening "if" (CR 603.4) is checked as it triggers and as it resolves."""
    def game(alice: int):
        g = board(corpus_db, f"""
  - name: Alice
    life: {alice}
    hand: ["Linvala, the Preserver"]
    battlefield: [{{card: Plains, count: 6}}]
  - name: Bob
""", turn=3)
        cast_and_pay(g, "cast Linvala")
        resolve(g)
        while stack_labels(g):
            resolve(g)
        return g.state.players[0].life
    assert game(20) == 20
    assert game(19) == 24


def test_pulse_returns_while_an_opponent_has_more_life(corpus_db):
    """Pulse of the Fields: Alice gains 4 life, then it returns to her hand only if Bob still has
    more life than she has (CR 608.2c); otherwise it goes to her graveyard (CR 608.2n)."""
    def game(alice: int):
        g = board(corpus_db, f"""
  - name: Alice
    life: {alice}
    hand: [Pulse of the Fields]
    battlefield: [{{card: Plains, count: 3}}]
  - name: Bob
""", turn=3)
        cast_and_pay(g, "cast Pulse of the Fields")
        resolve(g)
        return g.state.players[0].life, names(g, 0, "hand"), names(g, 0, "graveyard")
    assert game(10) == (14, ["Pulse of the Fields"], [])
    assert game(16) == (20, [], ["Pulse of the Fields"])


def test_landfall_if_you_had_a_land_enter(corpus_db):
    """Mysteries of the Deep: two cards, or three once a land entered the battlefield under
    Alice's control this turn."""
    def game(play_land: bool):
        g = board(corpus_db, """
  - name: Alice
    hand: [Mysteries of the Deep, Island]
    library: [{card: Plains, count: 5}]
    battlefield: [{card: Island, count: 5}]
  - name: Bob
""", turn=3)
        if play_land:
            pick(g, "play Island")
        cast_and_pay(g, "cast Mysteries of the Deep")
        resolve(g)
        return names(g, 0, "hand").count("Plains")
    assert game(False) == 2
    assert game(True) == 3


def test_another_creature_entered(corpus_db):
    """Saddled Rimestag gets +2/+2 once another creature entered under Alice's control this
    turn; its own entering doesn't count (CR 611.3a)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Saddled Rimestag, Savannah Lions]
    battlefield: [{card: Forest, count: 3}, Plains]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Saddled Rimestag")
    resolve(g)
    [stag] = on_battlefield(g, "Saddled Rimestag")
    assert ch.power_toughness(g.state, stag) == (2, 2)
    cast_and_pay(g, "cast Savannah Lions")
    resolve(g)
    [stag] = on_battlefield(g, "Saddled Rimestag")
    assert ch.power_toughness(g.state, stag) == (4, 4)


def test_static_if_as_long_as(corpus_db):
    """Orgg: "can't attack if defending player controls an untapped creature with power 3 or
    greater" holds while it's true, as "as long as" (CR 611.3a): checked as attackers are
    declared (CR 508.1c)."""
    def attackers(giant_tapped: bool):
        g = board(corpus_db, f"""
  - name: Alice
    battlefield: [Orgg, Savannah Lions]
  - name: Bob
    battlefield: [{{card: Hill Giant, tapped: {str(giant_tapped).lower()}}}]
""", turn=3)
        pass_until(g, "attackers")
        return [a.label for a in g.legal_actions() if a.label.startswith("attack with")]
    assert not any("Orgg" in label for label in attackers(False))
    assert any("Orgg" in label for label in attackers(True))
