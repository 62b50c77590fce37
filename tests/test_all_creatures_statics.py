"""Static abilities of "all creatures" (CR 604.2, 611.3, 613): "All creatures get -1/-1." and
"All creatures have haste." read as static abilities of every creature on the battlefield,
whoever controls it, beside the blocking requirement "All creatures able to block ~ do so."
(CR 509.1c), which starts with the same words. Played with real cards."""
from __future__ import annotations

from manastack.engine import characteristics as ch

from .game_helpers import board, on_battlefield


def _compiled(db, name: str) -> bool:
    return not db.get(name).unsupported


def test_the_sentences_compile(db):
    """The eight cards whose "All creatures ..." line was once taken for a blocking requirement,
    and the two blocking requirements."""
    for name in ("Night of Souls' Betrayal", "Mass Hysteria", "Absolute Grace", "Absolute Law",
                 "Concordant Crossroads", "Engineered Plague", "Fyndhorn Pollen", "Lumbering Satyr",
                 "Lure", "Prized Unicorn"):
        assert _compiled(db, name), name


def test_night_of_souls_betrayal_shrinks_every_creature(db):
    """-1/-1 to both players' creatures (layer 7c); a 1/1 dies as a state-based action
    (CR 704.5f) once the game checks them."""
    g = board(db, """
  - name: Alice
    battlefield: [Night of Souls' Betrayal, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""")
    s = g.current_state()
    bears = on_battlefield(g, "Grizzly Bears")[0]
    giant = on_battlefield(g, "Hill Giant")[0]
    assert ch.power_toughness(s, bears) == (1, 1)
    assert ch.power_toughness(s, giant) == (2, 2)


def test_mass_hysteria_gives_haste_to_every_creature(db):
    g = board(db, """
  - name: Alice
    battlefield: [Mass Hysteria, Grizzly Bears]
  - name: Bob
    battlefield: [Hill Giant]
""")
    s = g.current_state()
    assert ch.has(s, on_battlefield(g, "Grizzly Bears")[0], "haste")
    assert ch.has(s, on_battlefield(g, "Hill Giant")[0], "haste")


def test_a_lure_sentence_is_still_a_blocking_requirement(db):
    """Lure's "All creatures able to block enchanted creature do so." is not read as a static
    ability that gives all creatures something."""
    lure = db.get("Lure")
    kinds = [getattr(ab, "effect", None) and ab.effect.kind for ab in lure.abilities]
    assert "must_be_blocked_by_all" in kinds
