"""Level up and leveler permanents (CR 702.87, 711).

Level up N is an activated ability: "[N]: Put a level counter on this permanent. Activate only as
a sorcery." (CR 702.87a; ``abilities.keyword_activated``). A leveler's level symbols are static
abilities that give it base power and toughness and abilities while its level counters are in a
range (CR 711.2a-b); below the first range it has its printed values (CR 711.5). The card
database compiled the face it has in each range (``CardDef.levels``); :func:`refresh` puts the
face its level counters call for on the permanent whenever they change, as transforming does for
a double-faced card: the same object, counters, damage and effects kept. In every other zone
it is the card (CR 711.6; ``CardDef.main``).
"""
from __future__ import annotations

from ..state import Obj, State
from ..zones import BATTLEFIELD

LEVEL = "level"


def face_for(card, level: int):
    """The face of leveler ``card`` (or of one of its level faces) at ``level`` counters."""
    base = card.leveled or card
    for block, face in base.levels:
        if block.covers(level):
            return face
    return base


def refresh(s: State, o: Obj, quiet: bool = False) -> None:
    """Show the face ``o``'s level counters call for (CR 711.2); nothing for other permanents.
    A copy of a leveler copies its level symbols, not its level: the copy's own level counters
    decide (Student of Warfare's ruling). ``quiet``: no log line (a board being set up)."""
    card = o.card
    if o.zone != BATTLEFIELD or not (card.levels or card.leveled):
        return
    now = face_for(card, o.counters.get(LEVEL, 0))
    if now is card:
        return
    o = s.own(o.id)
    o.card = now
    s.battlefield = tuple(s.battlefield)    # its characteristics changed: board caches are stale
    s.layer_cache = None
    s.static_cache = None
    if quiet:
        return
    block = next((b for b, f in (card.leveled or card).levels if f is now), None)
    s.add_log(f"{now.name} has {o.counters.get(LEVEL, 0)} level counter(s): "
              + (f"its {block.label} abilities apply, base power and toughness {now.power}/{now.toughness}"
                 if block else "no level symbol applies, it has its printed power and toughness")
              + " (CR 711.2)", ("711.2a", "711.2b") if block else ("711.5",), "effect")
