"""Damage of an amount read from the game (CR 107.3c, 120, 608.2h), with real cards and their
rulings: "equal to the sacrificed creature's power" and the like."""
from __future__ import annotations

from manastack import Game
from manastack.engine.decisions import Action

from . import game_helpers
from .game_helpers import names, pick, resolve
from .test_oracle_compiler import card


def test_bloodshot_cyclops_reads_the_sacrificed_creatures_power_as_it_last_existed(db):
    """CR 608.2h: the creature sacrificed to pay the cost is gone when the ability resolves; its
    power, with the +1/+1 counters it had, is used."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Bloodshot Cyclops, {card: Grizzly Bears, counters: {"+1/+1": 2}}]
  - name: Bob
""", turn=3)
    pick(g, "activate Bloodshot Cyclops")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Grizzly Bears" in a.label or "Bob" in a.label))
    assert g.current_state().stack[-1].event.sacrificed == {"power": 4, "toughness": 4, "mana_value": 2}
    loaded = Game.from_json(g.to_json())          # a save keeps what was sacrificed
    resolve(loaded)
    assert loaded.current_state().players[1].life == 16
    assert names(loaded, 0, "graveyard") == ["Grizzly Bears"]


def test_bosh_reads_the_sacrificed_artifacts_mana_value(db):
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: ["Bosh, Iron Golem", Mountain, Mountain, Mountain, Mountain, Mind Stone]
  - name: Bob
""", turn=3)
    pick(g, "activate Bosh, Iron Golem")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(next(a for a in g.legal_actions() if "Mind Stone" in a.label or "Bob" in a.label))
    resolve(g)
    assert g.current_state().players[1].life == 18      # Mind Stone's mana value is 2


def test_the_sacrificed_creature_needs_a_sacrifice_among_the_costs():
    """A reference to a sacrificed creature with nothing sacrificed for a cost is refused."""
    c = card("Foo", "{T}: Foo deals damage equal to the sacrificed creature's power to any target.")
    assert c.unsupported and not c.abilities
    c = card("Foo", "{T}, Sacrifice two creatures: Foo deals damage equal to the sacrificed creature's power "
                    "to any target.")
    assert c.unsupported
    c = card("Foo", "{T}, Sacrifice a creature: Foo deals damage equal to the sacrificed creature's power "
                    "to any target.")
    assert not c.unsupported


def test_sudden_impact_counts_the_cards_in_the_target_players_hand(db):
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Sudden Impact, Forest]
    battlefield: [Mountain, Mountain, Mountain, Mountain]
  - name: Bob
    hand: [Island, Island, Island]
""", turn=3)
    pick(g, "cast Sudden Impact")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Bob" in a.label or a.kind == "autopay"))
    resolve(g)
    assert g.current_state().players[1].life == 17 and g.current_state().players[0].life == 20


def test_typhoon_counts_islands_for_each_opponent_only(db):
    """Typhoon ruling: the Islands are counted on resolution; Alice's own aren't dealt damage for."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Typhoon]
    battlefield: [Forest, Forest, Forest, Island]
  - name: Bob
    battlefield: [Island, Island, Tundra, Plains]
""", turn=3)
    pick(g, "cast Typhoon")
    g.push(Action("autopay"))
    resolve(g)
    s = g.current_state()
    assert s.players[1].life == 17 and s.players[0].life == 20     # Tundra is an Island too


def test_a_count_for_each_player_is_refused_outside_damage_to_players():
    c = card("Foo", "Foo deals damage to target creature equal to the number of lands they control.", "Instant")
    assert c.unsupported and not c.abilities


def test_force_of_nature_deals_its_damage_when_the_cost_cant_be_paid(db):
    """CR 118.3: with three Forests, {G}{G}{G}{G} can't be paid; only "don't pay" is offered."""
    g = game_helpers.board(db, """
  - name: Alice
    battlefield: [Force of Nature, Forest, Forest, Forest]
    library: [Island, Island]
  - name: Bob
    library: [Island, Island]
""", turn=3, step="untap")
    resolve(g)
    assert g.current_state().players[0].life == 12
    assert "Alice can't pay {G}{G}{G}{G} for Force of Nature" in g.explain()


def test_chain_reaction_counts_every_creature_on_the_battlefield_as_it_resolves(db):
    """Chain Reaction ruling: X is determined as it resolves (3 creatures: 3 damage to each)."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Chain Reaction]
    battlefield: [Mountain, Mountain, Mountain, Mountain, Centaur Courser]
  - name: Bob
    battlefield: [Grizzly Bears, Hill Giant]
""", turn=3)
    pick(g, "cast Chain Reaction")
    g.push(Action("autopay"))
    resolve(g)
    assert names(g, 0, "graveyard") == ["Centaur Courser", "Chain Reaction"]
    assert names(g, 1, "graveyard") == ["Grizzly Bears", "Hill Giant"]


def test_spite_of_mogis_counts_instant_and_sorcery_cards_but_not_itself(db):
    """Spite of Mogis ruling: it isn't in the graveyard yet as it deals its damage; a creature
    card there doesn't count."""
    g = game_helpers.board(db, """
  - name: Alice
    hand: [Spite of Mogis]
    battlefield: [Mountain]
    graveyard: [Shock, Divination, Grizzly Bears]
    library: [Island]
  - name: Bob
    battlefield: [Hill Giant]
""", turn=3)
    pick(g, "cast Spite of Mogis")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Hill Giant" in a.label or a.kind == "autopay"))
    resolve(g)
    while g.pending.kind != "priority":        # scry 1
        g.push(g.legal_actions()[0])
    hill = next(o for o in g.current_state().permanents() if o.card.name == "Hill Giant")
    assert hill.damage == 2
