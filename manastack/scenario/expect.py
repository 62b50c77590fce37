"""Checking a scenario's expectations against the game as it stands."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from manastack.engine import characteristics as ch
from manastack.engine.decisions import DecisionKind
from manastack.engine.mana import spend as mana_spend
from manastack.engine.state import enchanted_player

from .errors import ScenarioError
from .yamlfile import Map
from manastack.engine.zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY


@dataclass
class Outcome:
    """One checked expectation: what was checked, the expected and actual values, and where."""

    what: str
    expected: object
    actual: object
    passed: bool
    line: int | None = None
    after: str = "end of script"

    def to_json(self) -> dict:
        return {"what": self.what, "expected": _plain(self.expected), "actual": _plain(self.actual),
                "passed": self.passed, "line": self.line, "after": self.after}


def _plain(v):
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


class Checker:
    """Checks one ``expect:`` mapping against a game."""

    def __init__(self, game, refs, file: str) -> None:
        self.game = game
        self.refs = refs
        self.file = file

    def check(self, exp: Map, after: str) -> list[Outcome]:
        self.s = self.game.current_state()
        self.after = after
        self.out: list[Outcome] = []
        for key, value in exp.items():
            self.line = exp.line_of(key)
            getattr(self, f"_{key}")(value)
        return self.out

    def add(self, what: str, expected, actual, passed: bool | None = None) -> None:
        ok = expected == actual if passed is None else passed
        self.out.append(Outcome(what, expected, actual, ok, self.line, self.after))

    def player(self, name: str, container: Map) -> int:
        p = self.refs.player(name)
        if p is None:
            raise ScenarioError(f"{name!r} is not a player here (players: {', '.join(self.refs.names)})",
                                self.file, container.line_of(name))
        return p

    # ------------------------------------------------------------------ per player

    def _per_player(self, key: str, value: Map, actual) -> None:
        for name, expected in value.items():
            self.line = value.line_of(name)
            p = self.player(name, value)
            self.add(f"{self.s.players[p].name}'s {key.replace('_', ' ')}", expected, actual(p))

    def _life(self, v):
        self._per_player("life", v, lambda p: self.s.players[p].life)

    def _poison(self, v):
        self._per_player("poison counters", v, lambda p: self.s.players[p].poison)

    def _energy(self, v):
        self._per_player("energy counters", v, lambda p: self.s.players[p].energy)

    def _lands_played(self, v):
        self._per_player("lands played this turn", v, lambda p: self.s.players[p].lands_played)

    def _mana_pool(self, v):
        self._per_player("mana pool", v, lambda p: mana_spend.totals(self.s.players[p]))

    def _zone(self, zone: str, value: Map) -> None:
        s = self.s
        for name, expected in value.items():
            self.line = value.line_of(name)
            p = self.player(name, value)
            if zone == BATTLEFIELD:
                names = [o.card.name for o in s.permanents(p)]
            else:
                names = [s.objs[i].card.name for i in s.players[p].zone(zone)]
            if zone == LIBRARY:
                names.reverse()
            what = (f"permanents {s.players[p].name} controls" if zone == BATTLEFIELD else
                    f"{s.players[p].name}'s {zone}" + (" (top first)" if zone == LIBRARY else ""))
            if isinstance(expected, int):
                self.add(f"number of {what}" if zone == BATTLEFIELD else f"number of cards in {what}",
                         expected, len(names))
            elif zone == LIBRARY:
                self.add(what, list(expected), names)
            else:
                self.add(what, sorted(expected), sorted(names), Counter(expected) == Counter(names))

    def _hand(self, v):
        self._zone(HAND, v)

    def _library(self, v):
        self._zone(LIBRARY, v)

    def _graveyard(self, v):
        self._zone(GRAVEYARD, v)

    def _exile(self, v):
        self._zone(EXILE, v)

    def _command(self, v):
        self._zone(COMMAND, v)

    def _commander_damage(self, v):
        """CR 903.10a: the combat damage each commander has dealt each player."""
        for who, by in v.items():
            p = self.s.players[self.player(who, v)]
            for name, n in by.items():
                got = next((d for _o, c, d in p.commander_damage if c == name), 0)
                self.add(f"combat damage {name} has dealt {p.name}", n, got)

    def _battlefield(self, v):
        self._zone(BATTLEFIELD, v)

    # ------------------------------------------------------------------ the game

    def _stack(self, v):
        items = list(reversed(self.s.stack))
        if isinstance(v, int):
            self.add("number of objects on the stack", v, len(items))
            return
        actual = [i.label for i in items]
        ok = len(v) == len(items) and all(e in (i.label, i.card.name) for e, i in zip(v, items))
        self.add("the stack (top first)", list(v), actual, ok)

    def _count(self, v):
        for name, n in v.items():
            self.line = v.line_of(name)
            actual = sum(1 for i in self.s.battlefield if self.s.objs[i].card.name.lower() == name.lower())
            self.add(f"number of {name} on the battlefield" if n else f"the battlefield has no {name}", n, actual)

    def _triggered(self, v):
        for name, n in v.items():
            self.line = v.line_of(name)
            self.add(f"times {name}'s abilities triggered", n, self.s.trigger_counts.get(name, 0))

    def _result(self, v):
        r = self.s.result
        if v == "none":
            self.add("game result", "game still going", result_text(self.s), r is None)
        elif v == "draw":
            self.add("game result", "draw", result_text(self.s), r is not None and r.winner is None)
        else:
            if "winner" in v:
                w = v["winner"]
                ok = r is not None and (r.winner is None if w is None else r.winner == self.player(w, v))
                self.add("winner", w, result_text(self.s), ok)
            if "reason" in v:
                self.add("game result reason", v["reason"], r.reason if r else None,
                         r is not None and v["reason"].lower() in r.reason.lower())

    def _turn(self, v):
        self.add("turn", v, self.s.turn)

    def _step(self, v):
        self.add("step", v, self.s.step)

    def _active(self, v):
        self.add("active player", v, self.s.players[self.s.active].name,
                 self.refs.player(v) == self.s.active)

    def _left(self, v):
        """The players who have left the game, in the order they left (CR 800.4a)."""
        self.add("players who left the game", ", ".join(v) or "none",
                 ", ".join(self.s.players[p].name for p in self.s.left) or "none",
                 [self.refs.player(n) for n in v] == list(self.s.left))

    def _monarch(self, v):
        """Who is the monarch (CR 724.1); ``none`` when nobody is."""
        who = self.s.monarch
        actual = self.s.players[who].name if who is not None else "none"
        if str(v).lower() == "none":
            self.add("monarch", v, actual, who is None)
        else:
            self.add("monarch", v, actual, who is not None and self.refs.player(v) == who)

    def _priority(self, v):
        pending = self.game.pending
        who = pending.player if pending is not None and pending.kind == DecisionKind.PRIORITY else None
        actual = self.s.players[who].name if who is not None else "nobody (no priority decision pending)"
        self.add("priority", v, actual, who is not None and self.refs.player(v) == who)

    # ------------------------------------------------------------------ objects

    def _objects(self, v):
        for ref, props in v.items():
            self.line = v.line_of(ref)
            found = self.refs.find(self.s, ref)
            if len(found) > 1:
                raise ScenarioError(f"{ref!r} names {len(found)} objects; give the one you mean an id",
                                    self.file, self.line)
            o = found[0] if found else None
            for key, expected in props.items():
                self.line = props.line_of(key)
                actual = _property(self.s, self.refs, o, key) if o is not None else "not in the game"
                if key == "zone" and o is None:
                    actual = "gone"
                if key == "keywords":
                    ok = o is not None and all(k.lower() in actual for k in expected)
                    self.add(f"{ref}: keywords include", list(expected), actual, ok)
                elif key == "lacks":
                    ok = o is not None and not any(k.lower() in actual for k in expected)
                    self.add(f"{ref}: has none of the keywords", list(expected), actual, ok)
                elif key == "attached_to" and o is not None and enchanted_player(o) is not None:
                    # an Aura on a player (CR 303.4b): the player named
                    self.add(f"{ref}: attached to", expected, actual,
                             expected is not None and self.refs.player(expected) == enchanted_player(o))
                elif key == "attached_to":
                    host = self.s.objs.get(o.attached_to) if o is not None and o.attached_to else None
                    ok = host is None if expected is None else (
                        host is not None and self.refs.matches(self.s, expected, host.id))
                    self.add(f"{ref}: attached to", expected, actual, ok)
                elif key == "designations":
                    self.add(f"{ref}: designations", sorted(expected), actual)
                elif key == "counters":
                    self.add(f"{ref}: counters", dict(expected), actual,
                             {k: n for k, n in expected.items() if n} == actual)
                else:
                    self.add(f"{ref}: {key.replace('_', ' ')}", expected, actual)


def _property(s, refs, o, key: str):
    if key == "zone":
        return o.zone
    if key in ("controller", "owner"):
        return s.players[getattr(o, key)].name
    if key in ("power", "toughness"):
        return ch.power_toughness(s, o)[0 if key == "power" else 1]
    if key == "tapped":
        return o.tapped
    if key == "sick":
        return o.zone == BATTLEFIELD and o.control_since >= s.players[o.controller].last_turn_start
    if key == "counters":
        return {k: n for k, n in o.counters.items() if n}
    if key == "damage":
        return o.damage
    if key == "attached_to":
        if enchanted_player(o) is not None:
            return s.players[enchanted_player(o)].name
        host = s.objs.get(o.attached_to) if o.attached_to is not None else None
        return None if host is None else refs.alias_of(host.id) or host.card.name
    if key == "attacking":
        return o.attacking is not None
    if key == "phased_out":
        return bool(o.phased_out)
    if key == "designations":
        return sorted(o.designations)
    if key in ("keywords", "lacks"):
        return sorted(ch.keywords(s, o))
    raise KeyError(key)


def result_text(s) -> str:
    r = s.result
    if r is None:
        return "game still going"
    if r.winner is None:
        return f"draw ({r.reason})"
    return f"{s.players[r.winner].name} won ({r.reason})"

