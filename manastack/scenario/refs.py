"""Naming things in a scenario: players by name, objects by an ``id`` given in the file or by
card name. An id keeps naming its object when the object changes zones, although the rules
make it a new object (CR 400.7), so that steps and expectations can follow a card around."""
from __future__ import annotations

from manastack.engine.state import Obj, State
from manastack.engine.zones import BATTLEFIELD


class Refs:
    def __init__(self, names) -> None:
        self.names = list(names)
        self.aliases: dict[str, int] = {}

    def copy(self) -> "Refs":
        r = Refs(self.names)
        r.aliases = dict(self.aliases)
        return r

    def player(self, name) -> int | None:
        for i, n in enumerate(self.names):
            if isinstance(name, str) and n.lower() == name.lower():
                return i
        return None

    def matches(self, s: State, ref: str, oid: int) -> bool:
        """Does ``ref`` name object ``oid``: its id from the file, or its card name?"""
        if ref in self.aliases:
            return self.aliases[ref] == oid
        o = s.objs.get(oid)
        return o is not None and o.card.name.lower() == ref.lower()

    def find(self, s: State, ref: str, zones=None) -> list[Obj]:
        if ref in self.aliases:
            o = s.objs.get(self.aliases[ref])
            return [o] if o is not None and (zones is None or o.zone in zones) else []
        return [o for o in s.objs.values() if o.card.name.lower() == ref.lower()
                and (zones is None or o.zone in zones)]

    def alias_of(self, oid: int) -> str | None:
        for alias, i in self.aliases.items():
            if i == oid:
                return alias
        return None

    def follow(self, before: State, after: State, step: int, token_ids=()) -> list[Obj]:
        """Keep each id on its object across a script step (CR 400.7 makes a moved card a new
        object): a card that changed zones is the new object made from the same card (its own
        card, not what it was copying or showing face down: CR 707.2, 708.2); several cards of
        the same name that left one zone at once (one Pyroclasm) are paired in the order they
        were in that zone, the order in which the engine moves them. Tokens that left the battlefield
        are gone (CR 111.7). Tokens the step created are named ``step N token`` (``step N token
        2``...) and by ``token_ids``, in order; returns them."""
        fresh = [o for oid, o in sorted(after.objs.items()) if oid not in before.objs]
        lost = [o for oid, o in before.objs.items() if oid not in after.objs]
        place = {oid: n for n, oid in enumerate(before.battlefield)}
        lost.sort(key=lambda o: (place.get(o.id, len(place)), o.id))
        groups: dict[tuple, tuple[list[Obj], list[Obj]]] = {}
        for o in lost:
            groups.setdefault((_own_card(o), o.owner), ([], []))[0].append(o)
        for o in fresh:
            if (_own_card(o), o.owner) in groups:
                groups[(_own_card(o), o.owner)][1].append(o)
        by_old: dict[int, int] = {}
        for old, new in groups.values():
            if len(old) == len(new) and (len(old) == 1 or len({o.zone for o in old}) == 1):
                by_old.update((a.id, b.id) for a, b in zip(old, new))
        for alias, oid in list(self.aliases.items()):
            if oid not in after.objs and oid in by_old:
                self.aliases[alias] = by_old[oid]
        followed = set(by_old.values())
        tokens = [o for o in fresh if o.is_token and o.zone == BATTLEFIELD and o.id not in followed]
        for n, o in enumerate(tokens, 1):
            self.aliases[f"step {step} token" + (f" {n}" if n > 1 else "")] = o.id
        for alias, o in zip(token_ids, tokens):
            self.aliases[alias] = o.id
        return tokens


def _own_card(o: Obj):
    """The card an object is made from: not the one it copies (CR 707.2) or shows face down."""
    return id((o.printed or o.card).main)      # a card of several faces by its main face
