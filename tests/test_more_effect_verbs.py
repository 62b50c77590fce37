"""Effect verbs of triggered and activated abilities, with real cards: "draw an additional
card" (CR 121.1), "sacrifice a creature other than ~" (CR 701.21a), exchanging life totals
(CR 701.12c); and an Aura's "Enchanted land is an Island." (CR 305.7)."""
from __future__ import annotations

from manastack.engine import layers
from manastack.engine.mana import query as mq
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, on_battlefield, pick, resolve, stack_labels


def test_draw_an_additional_card_at_the_beginning_of_your_draw_step(corpus_db):
    """Avaricious Dragon: after the turn's draw (CR 504.1), its trigger draws one more card
    (CR 504.2, 121.1): two cards in hand from a library of three."""
    [_, trig, _] = corpus_db.get("Avaricious Dragon").abilities
    assert trig.effects == (ir.Draw(1, ir.Ref("you")),)
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Forest, Swamp]
    battlefield: [Avaricious Dragon]
  - name: Bob
""", turn=3, step="upkeep")
    resolve(g)
    assert stack_labels(g) == ["Avaricious Dragon's ability"]
    assert len(names(g, 0, "hand")) == 1
    resolve(g)
    assert len(names(g, 0, "hand")) == 2
    assert len(names(g, 0, "library")) == 1


def test_sacrifice_a_creature_other_than_self(corpus_db):
    """Demonic Taskmaster: at Alice's upkeep she sacrifices a creature of hers other than the
    Taskmaster (CR 701.21a); the Taskmaster is never offered, the opponent's creature neither."""
    [_, trig] = corpus_db.get("Demonic Taskmaster").abilities
    assert trig.effects == (ir.SacrificePermanents(
        ir.Ref("you"), ir.Filter(types=("Creature",), controller="you", other=True)),)
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [Demonic Taskmaster, Grizzly Bears, Llanowar Elves]
  - name: Bob
    battlefield: [Craw Wurm]
""", turn=3, step="untap")
    assert stack_labels(g) == ["Demonic Taskmaster's ability"]
    resolve(g)
    assert g.pending.kind == "sacrifice" and g.pending.player == 0
    assert sorted(a.label for a in g.legal_actions()) == ["Grizzly Bears", "Llanowar Elves"]
    pick(g, "Llanowar Elves")
    assert names(g, 0, "graveyard") == ["Llanowar Elves"]


def test_sacrifice_other_than_self_with_none_other(corpus_db):
    """Alone, the Taskmaster stays: there is no other creature to sacrifice (CR 701.21a)."""
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [Demonic Taskmaster]
  - name: Bob
""", turn=3, step="untap")
    resolve(g)
    assert names(g, 0, "graveyard") == []
    assert [o.card.name for o in g.current_state().permanents(0)] == ["Demonic Taskmaster"]


def test_two_target_players_exchange_life_totals(corpus_db):
    """Soul Conduit: Alice at 7 and Bob at 20 exchange life totals: Alice gains 13 and Bob
    loses 13 (CR 701.12c); both players are targets (CR 115.1)."""
    [ab] = corpus_db.get("Soul Conduit").abilities
    assert ab.effects == (ir.ExchangeLifeTotals(ir.Target(0)),)
    assert ab.targets == (ir.TargetSpec("player", count=2),)
    g = board(corpus_db, """
  - name: Alice
    life: 7
    battlefield: [Soul Conduit, Wastes, Wastes, Wastes, Wastes, Wastes, Wastes]
  - name: Bob
""")
    pick(g, "activate Soul Conduit")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(g.legal_actions()[0])
    resolve(g)
    s = g.current_state()
    assert (s.players[0].life, s.players[1].life) == (20, 7)


def test_exchange_life_totals_with_target_opponent(corpus_db):
    """Mirror Universe, activated in Alice's upkeep: Alice at 20, Bob at 3 -> Alice 3, Bob 20
    (CR 701.12c)."""
    [ab] = corpus_db.get("Mirror Universe").abilities
    assert ab.effects == (ir.ExchangeLifeTotals(ir.Ref("you"), ir.Target(0)),)
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    battlefield: [Mirror Universe]
  - name: Bob
    life: 3
""", turn=3, step="upkeep")
    cast_and_pay(g, "activate Mirror Universe", "Bob")
    resolve(g)
    s = g.current_state()
    assert (s.players[0].life, s.players[1].life) == (3, 20)
    assert names(g, 0, "graveyard") == ["Mirror Universe"]


def test_enchanted_land_is_an_island(corpus_db):
    """Spreading Seas on Bob's Mutavault: the land is an Island only, loses the abilities of its
    rules text and has "{T}: Add {U}." (CR 305.7, 613.1d); Bob's other land is untouched."""
    [_, _, static] = corpus_db.get("Spreading Seas").abilities
    assert static.effect == ir.static_effect("set_land_type", "enchanted", land_type="Island")
    g = board(corpus_db, """
  - name: Alice
    battlefield: [{card: Spreading Seas, attached_to: vault}]
  - name: Bob
    battlefield: [{card: Mutavault, id: vault}, Forest]
""")
    s = g.current_state()
    [vault] = on_battlefield(g, "Mutavault")
    now = layers.card_now(s, vault)
    assert now.subtypes == ("Island",)
    assert [ab.text for ab in now.abilities] == ["{T}: Add {U}."]
    assert mq.could_produce(s, vault.id).types == ("U",)
    [forest] = on_battlefield(g, "Forest")
    assert layers.card_now(s, forest).subtypes == ("Forest",)
