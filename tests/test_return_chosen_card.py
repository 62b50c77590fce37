""""[Mill N cards, then] you may return a creature card from your graveyard to your hand": not
targeted, one card chosen as it resolves (CR 608.2d), a card milled just before among them;
Corpse Churn, Grapple with the Past and Acolyte of Affliction, with their rulings."""
from __future__ import annotations

from manastack.engine.decisions import Action

from .game_helpers import board, cast_and_pay, names, resolve


def _rulings(db, name: str) -> str:
    return " ".join(text for _d, text in db.get(name).rulings)


def _answer(g, words: str) -> None:
    """Answer the pending "you may" with yes, then the choice of card whose label has ``words``."""
    while g.pending.kind != "priority":
        options = g.legal_actions()
        g.push(next((a for a in options if words in a.label), None)
               or next(a for a in options if a.label.lower().startswith("yes")))


def test_corpse_churn_returns_a_card_it_milled(db):
    assert "you may choose one of the three cards you put there" in _rulings(db, "Corpse Churn")
    g = board(db, """  - name: Alice
    hand: [Corpse Churn]
    battlefield: [Swamp, Swamp, Swamp]
    graveyard: [Craw Wurm]
    library: [Grizzly Bears, Island, Island, Forest]
  - name: Bob
""")
    cast_and_pay(g, "cast Corpse Churn")
    g.push(Action("pass"))
    g.push(Action("pass"))
    _answer(g, "Grizzly Bears")
    assert names(g, 0, "hand") == ["Grizzly Bears"]
    assert names(g, 0, "graveyard") == ["Corpse Churn", "Craw Wurm", "Island", "Island"]


def test_grapple_with_the_past_may_decline_and_reads_creature_or_land(db):
    """"a creature or land card": a land may be chosen; "you may": declined, nothing returns."""
    assert "doesn’t target the card" in _rulings(db, "Grapple with the Past")
    for answer, hand in (("Forest", ["Forest"]), ("no", [])):
        g = board(db, """  - name: Alice
    hand: [Grapple with the Past]
    battlefield: [Forest, Forest]
    library: [Forest, Shock, Shock]
  - name: Bob
""")
        cast_and_pay(g, "cast Grapple with the Past")
        g.push(Action("pass"))
        g.push(Action("pass"))
        while g.pending.kind != "priority":
            options = g.legal_actions()
            g.push(next((a for a in options if a.label.startswith(answer)), None)
                   or next(a for a in options if a.label.lower().startswith("yes")))
        assert names(g, 0, "hand") == hand


def test_acolyte_of_affliction_returns_a_permanent_card(db):
    assert "doesn’t target the card that you’ll return" in _rulings(db, "Acolyte of Affliction")
    g = board(db, """  - name: Alice
    hand: [Acolyte of Affliction]
    battlefield: [Swamp, Swamp, Forest, Forest]
    library: [Shock, Sol Ring, Island]
  - name: Bob
""")
    cast_and_pay(g, "cast Acolyte of Affliction")
    resolve(g)                  # the creature spell; its trigger goes on the stack
    g.push(Action("pass"))
    g.push(Action("pass"))
    options = []
    while g.pending.kind != "priority":
        options = g.legal_actions()
        if any("Sol Ring" in a.label for a in options):
            assert not any("Shock" in a.label for a in options)      # not a permanent card
        _answer(g, "Sol Ring")
    assert names(g, 0, "hand") == ["Sol Ring"]
