""""Target permanent and all other permanents with the same name as that permanent" (CR 201.2,
608.2h), played with Maelstrom Pulse, Echoing Truth and Bile Blight, and their rulings."""
from __future__ import annotations

from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action
from manastack.oracle import ir

from .game_helpers import board, cast_and_pay, names, pick, resolve


def _rulings(db, name: str) -> str:
    return " ".join(text for _d, text in db.get(name).rulings)


def test_maelstrom_pulse_compiles_to_one_target_and_the_others_of_its_name(db):
    pulse = db.get("Maelstrom Pulse")
    assert pulse.fully_supported
    [destroy] = pulse.abilities[0].effects
    assert type(destroy) is ir.Destroy and type(destroy.what) is ir.WithSameName
    assert destroy.what.target == ir.Target(0) and len(pulse.abilities[0].targets) == 1


def test_maelstrom_pulse_destroys_every_permanent_of_the_name(db):
    """Both players' Grizzly Bears go, the one with hexproof too (not targeted); the target
    itself, indestructible, stays, and the others of its name are destroyed all the same
    (rulings); Runeclaw Bear, of another name, stays."""
    rulings = _rulings(db, "Maelstrom Pulse")
    assert "even if they have hexproof or protection" in rulings
    assert "most likely because it has indestructible), you do destroy other permanents" in rulings
    g = board(db, """  - name: Alice
    hand: [Maelstrom Pulse]
    battlefield: [Swamp, Forest, Forest, Grizzly Bears]
  - name: Bob
    battlefield:
      - {card: Grizzly Bears, id: target}
      - {card: Darksteel Plate, attached_to: target}
      - {card: Grizzly Bears, id: shrouded}
      - {card: Swiftfoot Boots, attached_to: shrouded}
      - Runeclaw Bear
""")
    s = g.current_state()
    plated = next(o.attached_to for o in s.permanents() if o.card.name == "Darksteel Plate")
    pick(g, "cast Maelstrom Pulse")
    while g.pending.kind != "priority":
        if g.pending.kind == "pay":
            g.push(Action("autopay"))
        else:
            g.push(next(a for a in g.legal_actions() if plated in a.args))
    [item] = g.current_state().stack
    assert list(item.targets[0]) == [plated]
    resolve(g)
    assert names(g, 0, "graveyard") == ["Grizzly Bears", "Maelstrom Pulse"]
    assert names(g, 1, "graveyard") == ["Grizzly Bears"]
    bob = [o.card.name for o in g.current_state().permanents() if o.controller == 1]
    assert sorted(bob) == ["Darksteel Plate", "Grizzly Bears", "Runeclaw Bear", "Swiftfoot Boots"]


def test_echoing_truth_returns_them_all_to_their_owners_hands(db):
    g = board(db, """  - name: Alice
    hand: [Echoing Truth]
    battlefield: [Island, Island, Grizzly Bears]
  - name: Bob
    battlefield: [Grizzly Bears, Grizzly Bears, {card: Grizzly Bears, token: true}, Runeclaw Bear]
""")
    cast_and_pay(g, "cast Echoing Truth", "Grizzly Bears")
    resolve(g)
    assert names(g, 0, "hand") == ["Grizzly Bears"]
    assert names(g, 1, "hand") == ["Grizzly Bears", "Grizzly Bears"]      # the token ceased to exist
    assert [o.card.name for o in g.current_state().permanents() if o.controller == 1] == ["Runeclaw Bear"]


def test_bile_blight_shrinks_the_others_of_the_name(db):
    """Bile Blight's ruling: the others aren't targeted; each of the name gets -3/-3."""
    assert "will still get -3/-3 if it has the same name" in _rulings(db, "Bile Blight")
    g = board(db, """  - name: Alice
    hand: [Bile Blight]
    battlefield: [Swamp, Swamp, Craw Wurm]
  - name: Bob
    battlefield: [Craw Wurm, Serra Angel]
""")
    cast_and_pay(g, "cast Bile Blight", "Craw Wurm")
    resolve(g)
    s = g.current_state()
    wurms = [o for o in s.permanents() if o.card.name == "Craw Wurm"]
    assert [ch.power_toughness(s, o) for o in wurms] == [(3, 1), (3, 1)]
    angel = next(o for o in s.permanents() if o.card.name == "Serra Angel")
    assert ch.power_toughness(s, angel) == (4, 4)


def test_sever_the_bloodline_and_echoing_courage(db):
    """Sever the Bloodline exiles every creature of the name; Echoing Courage pumps each."""
    g = board(db, """  - name: Alice
    hand: [Sever the Bloodline, Echoing Courage]
    battlefield: [Swamp, Swamp, Swamp, Swamp, Swamp, Forest, Forest, Grizzly Bears, Grizzly Bears]
  - name: Bob
    battlefield: [Craw Wurm, Craw Wurm]
""")
    cast_and_pay(g, "cast Sever the Bloodline", "Craw Wurm")
    resolve(g)
    assert names(g, 1, "exile") == ["Craw Wurm", "Craw Wurm"]
    cast_and_pay(g, "cast Echoing Courage", "Grizzly Bears")
    resolve(g)
    s = g.current_state()
    assert [ch.power_toughness(s, o) for o in s.permanents() if o.card.name == "Grizzly Bears"] == [(4, 4), (4, 4)]
