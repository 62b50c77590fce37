"""The zones of the game (CR 400.1) as an enum, and its members by module-level names."""
from __future__ import annotations

from enum import StrEnum
from typing import Final


class Zone(StrEnum):
    """The zones of the game (CR 400.1). A ``StrEnum``: each member equals its string, so saves,
    scenario files and ``o.zone == "battlefield"`` keep working while uses move to the names."""

    LIBRARY = "library"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"


# The members by module-level names, for code to import: on Python 3.11 reading a member through
# its enum class (``Zone.HAND``) costs about six times a constant, and zone tests sit on the
# hottest paths; a module-level name costs about the same as the string.
LIBRARY: Final = Zone.LIBRARY
HAND: Final = Zone.HAND
BATTLEFIELD: Final = Zone.BATTLEFIELD
GRAVEYARD: Final = Zone.GRAVEYARD
STACK: Final = Zone.STACK
EXILE: Final = Zone.EXILE
COMMAND: Final = Zone.COMMAND
