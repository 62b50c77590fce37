"""Cards that speak of commanders (CR 903), with real cards and the official rulings the corpus
carries for them, cited by date and paraphrased: lieutenant (an ability word, CR 207.2c)."""
from __future__ import annotations

from manastack import Game
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action

from .game_helpers import board

ISPERIA = "Isperia, Supreme Judge"
AYULA = "Ayula, Queen Among Bears"


def commander_board(db, alice: str, bob: str = "", **top) -> Game:
    """A Commander game (CR 903) at Alice's first main phase: Alice's commander is Isperia, Bob's
    Ayula; ``alice`` and ``bob`` are their other zones."""
    return board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}"]
{alice}
  - name: Bob
    commanders: ["{AYULA}"]
{bob}
""", format="commander", turn=top.pop("turn", 5), **top)


def obj(g: Game, name: str):
    return next(o for o in g.current_state().objs.values() if o.card.name == name)


def to_combat(g: Game) -> None:
    """Both players pass in the main phase: the game goes to the beginning of combat step, whose
    triggered abilities are put on the stack (CR 507.1, 603.3)."""
    while g.current_state().step != "beginning_of_combat":
        g.push(Action("pass"))


def resolve_all(g: Game) -> None:
    while g.current_state().stack:
        g.push(Action("pass") if g.pending.kind == "priority" else g.legal_actions()[0])


# ------------------------------------------------------------------ lieutenant (CR 207.2c)

LIEUTENANTS = ("Loyal Drake", "Loyal Subordinate", "Loyal Guardian", "Loyal Apprentice", "Loyal Unicorn",
               "Stormsurge Kraken", "Demon of Wailing Agonies")


def test_lieutenants_compile_fully(db):
    """"if you control your commander" and "As long as you control your commander" (CR 903.3d)."""
    for name in LIEUTENANTS:
        assert db.get(name).fully_supported, name


def test_loyal_drake_draws_while_you_control_your_commander(db):
    """At the beginning of combat on Alice's turn, with Isperia on the battlefield, Loyal Drake's
    lieutenant ability draws a card (CR 603.4: its condition is checked as it triggers and as
    it resolves, Loyal Drake ruling 2018-07-13)."""
    g = commander_board(db, f"""    battlefield: [Loyal Drake, "{ISPERIA}"]
    library: [Island, Island]""")
    to_combat(g)
    assert g.current_state().stack
    resolve_all(g)
    assert len(g.current_state().players[0].hand) == 1


def test_loyal_drake_needs_your_own_commander(db):
    """Without her commander on the battlefield Alice draws nothing, and Bob's commander under her
    control doesn't count: lieutenant asks about your commander only (Stormsurge Kraken rulings
    2014-11-07)."""
    g = commander_board(db, f"""    battlefield: [Loyal Drake, {{card: "{AYULA}", owner: Bob}}]
    command: ["{ISPERIA}"]
    library: [Island, Island]""")
    to_combat(g)
    assert not g.current_state().stack
    assert len(g.current_state().players[0].hand) == 0


def test_loyal_subordinate_with_two_opponents(db):
    """Each opponent loses 3 life, once, while Alice controls her commander (Loyal Subordinate
    rulings 2018-07-13)."""
    g = board(db, f"""
  - name: Alice
    commanders: ["{ISPERIA}"]
    battlefield: [Loyal Subordinate, "{ISPERIA}"]
  - name: Bob
  - name: Carol
""", format="commander", turn=5)
    to_combat(g)
    resolve_all(g)
    assert [p.life for p in g.current_state().players] == [40, 37, 37]


def test_stormsurge_kraken_gets_bigger_only_with_your_commander(db):
    """As long as Alice controls her commander Stormsurge Kraken is 7/7 and has the quoted
    ability; when her commander leaves, it's 5/5 at once (Stormsurge Kraken rulings 2014-11-07),
    and another player's commander she controls doesn't count."""
    g = commander_board(db, f"""    battlefield: [Stormsurge Kraken, "{ISPERIA}"]""")
    s = g.current_state()
    kraken = obj(g, "Stormsurge Kraken")
    assert (ch.power(s, kraken), ch.toughness(s, kraken)) == (7, 7)
    g = commander_board(db, f"""    battlefield: [Stormsurge Kraken, {{card: "{AYULA}", owner: Bob}}]
    command: ["{ISPERIA}"]""")
    s = g.current_state()
    kraken = obj(g, "Stormsurge Kraken")
    assert (ch.power(s, kraken), ch.toughness(s, kraken)) == (5, 5)
