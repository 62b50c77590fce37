"""Naming things in a scenario: players by name, objects by an ``id`` given in the file or by
card name. An id keeps naming its object when the object changes zones, although the rules
make it a new object (CR 400.7), so that steps and expectations can follow a card around."""
from __future__ import annotations

from manastack.engine.state import Obj, State


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

    def follow(self, before: State, after: State) -> None:
        """Keep each id on its card when the card moves to a new zone: the one new object made
        from the same card (tokens that left the battlefield are gone, CR 111.7)."""
        fresh = [o for oid, o in after.objs.items() if oid not in before.objs]
        for alias, oid in list(self.aliases.items()):
            if oid in after.objs:
                continue
            old = before.objs.get(oid)
            same = [o for o in fresh if old is not None and o.card is old.card and o.owner == old.owner]
            if len(same) == 1:
                self.aliases[alias] = same[0].id
