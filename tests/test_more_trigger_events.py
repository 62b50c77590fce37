"""More trigger conditions (CR 603.2): sacrificing a permanent (CR 701.21a), the second card
drawn or spell cast in a turn, "when you cast this spell", an Equipment's creature attacking or
dying, and being blocked by each of several creatures (CR 509.3f)."""
from __future__ import annotations

from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, on_battlefield, pass_until, pick, resolve, stack_labels


def test_read_as_trigger_events(corpus_db):
    def trigger(name, i=0):
        return [a for a in corpus_db.get(name).abilities if isinstance(a, ir.TriggeredAbility)][i].trigger
    assert trigger("Mad Ratter") == ir.Trigger("draw", "you", nth=2)
    assert trigger("Pyromancer's Assault") == ir.Trigger("cast", ir.Filter(controller="you", zone="stack"), nth=2)
    assert trigger("Skullclamp") == ir.Trigger("dies", "equipped")
    assert trigger("Tireless Tracker", 1) == ir.Trigger("sacrificed", ir.Filter(subtypes=("Clue",), controller="you"))
    assert trigger("Artisan of Kozilek") == ir.Trigger("cast", "self")


def test_kels_sacrificing_itself_triggers_its_own_ability(corpus_db):
    """Kels rulings 2020-06-23: sacrificing Kels to its own ability triggers its middle ability."""
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island]
    battlefield: ["Kels, Fight Fixer", {card: Swamp, count: 2}]
  - name: Bob
""", turn=3)
    pick(g, "activate Kels")
    while g.pending.kind != "priority":
        g.push(next(a for a in g.legal_actions() if "Kels" in a.label or a.kind == "autopay")
               if g.pending.kind != "pay" else Action("autopay"))
    assert names(g, 0, "graveyard") == ["Kels, Fight Fixer"]
    assert stack_labels(g) == ["Kels, Fight Fixer's ability"] * 2   # the activation, then the trigger
    resolve(g)
    pick(g, "yes")
    g.push(Action("autopay"))                 # {U/B} with the other Swamp
    assert len(names(g, 0, "hand")) == 1


def test_skullclamp_draws_when_its_creature_dies(corpus_db):
    """A 1/1 equipped with Skullclamp is 2/0 and dies; Skullclamp sees it die (CR 603.10a)."""
    g = board(corpus_db, """
  - name: Alice
    library: [Island, Island, Island]
    battlefield: [Skullclamp, Llanowar Elves, Forest]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "activate Skullclamp", "Llanowar Elves")
    resolve(g)
    assert names(g, 0, "graveyard") == ["Llanowar Elves"]
    resolve(g)
    assert len(names(g, 0, "hand")) == 2


def test_mad_ratter_only_on_the_second_draw(corpus_db):
    """Drawing two cards at once triggers it once, after the second (rulings 2019-10-04); the
    third draw doesn't."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Divination, Opt]
    library: [{card: Island, count: 6}]
    battlefield: [Mad Ratter, {card: Island, count: 4}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Divination")
    resolve(g)
    assert stack_labels(g) == ["Mad Ratter's ability"]
    resolve(g)
    assert len(on_battlefield(g, "Rat Token")) == 2
    cast_and_pay(g, "cast Opt")
    resolve(g)
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[0])
    assert stack_labels(g) == []


def test_pyromancers_assault_on_the_second_spell(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Shock, Shock, Shock]
    battlefield: [Pyromancer's Assault, {card: Mountain, count: 3}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Shock", "Bob")
    assert stack_labels(g) == ["Shock"]
    resolve(g)
    cast_and_pay(g, "cast Shock", "Bob")
    assert stack_labels(g)[-1] == "Pyromancer's Assault's ability"     # on top of the second Shock
    while stack_labels(g):
        if g.pending.kind == "priority":
            g.push(Action("pass"))
        else:
            g.push(next(a for a in g.legal_actions() if "Bob" in a.label))
    cast_and_pay(g, "cast Shock", "Bob")
    assert stack_labels(g) == ["Shock"]


def test_rabid_wolverines_once_for_each_blocker(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Rabid Wolverines]
  - name: Bob
    battlefield: [Grizzly Bears, Runeclaw Bear]
""", turn=3)
    pass_until(g, "attackers")
    pick(g, "attack with Rabid Wolverines")
    pass_until(g, "blockers")
    pick(g, "Grizzly Bears blocks Rabid Wolverines")
    pick(g, "Runeclaw Bear blocks Rabid Wolverines")
    while g.pending.kind != "priority":
        g.push(g.legal_actions()[-1])
    assert stack_labels(g) == ["Rabid Wolverines' ability", "Rabid Wolverines' ability"]


def test_artisan_of_kozilek_cast_trigger_resolves_first(corpus_db):
    """The cast trigger goes on the stack above the spell and resolves first (CR 601.2i)."""
    g = board(corpus_db, """
  - name: Alice
    hand: [Artisan of Kozilek]
    graveyard: [Grizzly Bears]
    battlefield: [{card: Wastes, count: 9}]
  - name: Bob
""", turn=3)
    cast_and_pay(g, "cast Artisan of Kozilek", "Grizzly Bears")
    assert stack_labels(g) == ["Artisan of Kozilek", "Artisan of Kozilek's ability"]
    resolve(g)
    pick(g, "yes")
    assert on_battlefield(g, "Grizzly Bears") and stack_labels(g) == ["Artisan of Kozilek"]


def test_consecrated_sphinx_sees_each_card_an_opponent_draws(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    library: [{card: Island, count: 6}]
    battlefield: [Consecrated Sphinx]
  - name: Bob
    hand: [Divination]
    library: [{card: Island, count: 6}]
    battlefield: [{card: Island, count: 3}]
""", active="Bob", turn=4)
    cast_and_pay(g, "cast Divination")
    resolve(g)
    pick(g, "put the rest on the stack")         # Alice orders her two triggers (CR 603.3b)
    assert stack_labels(g) == ["Consecrated Sphinx's ability"] * 2     # one per card (CR 121.2)


def test_mayhem_devil_sees_any_player_sacrifice(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    battlefield: [Mayhem Devil]
  - name: Bob
    hand: [Bone Splinters]
    battlefield: [Grizzly Bears, Swamp]
""", active="Bob", turn=4)
    pick(g, "cast Bone Splinters")
    while g.pending.kind != "priority":
        g.push(Action("autopay") if g.pending.kind == "pay" else g.legal_actions()[0])
    assert "Mayhem Devil's ability" in stack_labels(g)


def test_ice_cage_goes_when_its_creature_is_targeted(corpus_db):
    g = board(corpus_db, """
  - name: Alice
    hand: [Giant Growth]
    battlefield: [Forest]
  - name: Bob
    battlefield: [Hill Giant, {card: Ice Cage, attached_to: Hill Giant}]
""", turn=3)
    cast_and_pay(g, "cast Giant Growth", "Hill Giant")
    assert stack_labels(g)[-1] == "Ice Cage's ability"
    resolve(g)
    assert names(g, 1, "graveyard") == ["Ice Cage"]
