"""CR 201.3: choosing a card name. "As ~ enters, choose a [nonland] card name." (Meddling Mage,
Pithing Needle; CR 614.12) keeps the name on the permanent; a spell's "Choose a card name."
(Cabal Therapy; CR 608.2d) keeps it on the spell as it resolves. "With the chosen name" and "with
that name" are then that name (``filters.has_name``).

A player may name any card (CR 201.3), but the answers listed stay few: the distinct names of the
cards the chooser can know of (``known_names``, at most ``LISTED``), the opponents' cards they
can see first (with fewer than two known, the first names of the card pool that qualify). Any
other card of the game's card database that has the qualities asked for is a
legal answer too, given as ``Action(ActionKind.NAME, (name,))`` (``Decision.accepts``): a person
may type one the list doesn't offer."""
from __future__ import annotations

from manastack.oracle import ir

from .decisions import Action, ActionKind, Decision, DecisionKind
from .runner import Ctx
from .state import Obj, State
from .zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, STACK

# The most names a decision lists; a longer game's further names can still be typed.
LISTED = 60
# Zones whose cards every player sees (CR 400.2): an opponent's card there is known by name.
_PUBLIC = (BATTLEFIELD, GRAVEYARD, EXILE, STACK, COMMAND)


def qualifies(card, qualities: ir.Filter) -> bool:
    """Whether ``card`` (a card definition) has the qualities a "choose a nonland card name" asks
    of the card named: its card types (CR 201.3, 205.2)."""
    types = card.types
    return all(t in types for t in qualities.types) and not any(t in types for t in qualities.non_types)


def _nameable(o: Obj) -> bool:
    """A card whose name may be chosen: not a token (a token has no card, CR 111.1, 201.3) nor a
    face-down object (no name, CR 708.2)."""
    return not o.is_token and o.printed is None


def known_names(s: State, player: int, qualities: ir.Filter) -> list[str]:
    """The names ``player`` is offered: those of the opponents' cards they can see (CR 400.2),
    then those of their own cards in every zone (their deck is theirs to know), each once, at
    most ``LISTED``; the same names on every copy of the game."""
    theirs: dict[str, None] = {}
    mine: dict[str, None] = {}
    for o in s.objs.values():
        if not _nameable(o) or not qualifies(o.card, qualities):
            continue
        if o.owner == player:
            mine[o.card.name] = None
        elif o.zone in _PUBLIC:
            theirs[o.card.name] = None
    return list(dict.fromkeys([*theirs, *mine]))[:LISTED]


def name_decision(s: State, player: int, qualities: ir.Filter, what: str) -> Decision:
    """The decision of a card name for ``what`` (a permanent entering, a spell resolving)."""
    names = known_names(s, player, qualities)
    db = s.db
    if len(names) < 2 and db is not None:   # so there is a choice: the first names of the pool that qualify
        for n in db.names():                   # (compiled one by one as read: only a few are)
            if len(names) >= 2:
                break
            if n not in names and qualifies(db.get(n), qualities):
                names.append(n)

    def accepts(action: Action) -> bool:
        """Any name of a card in the game's card pool with the qualities asked (CR 201.3)."""
        return (action.kind == ActionKind.NAME and len(action.args) == 1 and isinstance(action.args[0], str)
                and db is not None and action.args[0] in db and qualifies(db.get(action.args[0]), qualities))

    return Decision(player, DecisionKind.CHOOSE_NAME, f"Choose a card name for {what}",
                    tuple(Action(ActionKind.NAME, (n,), n) for n in names), accepts=accepts)


def choose_name(ctx: Ctx, player: int, qualities: ir.Filter, what: str, rules: tuple[str, ...]) -> str:
    """``player`` chooses a card name (CR 201.3) for ``what``, logged with ``rules``."""
    answer = ctx.ask(name_decision(ctx.s, player, qualities, what))
    name = str(answer.args[0])
    ctx.s.add_log(f"{ctx.s.players[player].name} chooses the card name {name} for {what}", rules, "choice")
    return name
