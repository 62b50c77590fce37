"""Building the game state a scenario describes: players, zones (CR 400), permanents and their
status (CR 110.5), combat, and spells on the stack (CR 405)."""
from __future__ import annotations

from typing import NoReturn

from manastack.cards import CardError
from manastack.cards.identity import commanders_identity
from manastack.cards.multiface import Layout
from manastack.engine import characteristics as ch
from manastack.engine import commanders, influence
from manastack.engine.mechanics import levelers
from manastack.engine.mechanics.flip_cards import FLIPPED
from manastack.engine.mechanics.loyalty import LOYALTY, printed_loyalty
from manastack.engine.targets import aura_target_spec, item_target_specs, spell_ability_index
from manastack.engine.state import Obj, PlayerRef, StackItem, State, Step
from manastack.engine.turn import NO_PRIORITY, STEPS
from manastack.limits import MAX_ZONE_OBJECTS, excerpt
from manastack.oracle import ir

from .errors import ScenarioError, raise_all
from .refs import Refs
from .yamlfile import Map
from manastack.engine.zones import BATTLEFIELD, COMMAND, EXILE, GRAVEYARD, HAND, LIBRARY, STACK

ZONES = (LIBRARY, HAND, GRAVEYARD, EXILE, BATTLEFIELD, COMMAND)
STATUS_KEYS = ("tapped", "sick", "damage", "attached_to", "attacking", "blocking", "chosen")
COMBAT_STEPS = STEPS[STEPS.index("declare_attackers"):STEPS.index("end_of_combat") + 1]


class Builder:
    """Turns validated scenario data into a :class:`State` and the :class:`Refs` naming it."""

    def __init__(self, data: Map, db, file: str) -> None:
        self.data = data
        self.db = db
        self.file = file
        self.allow_partial = bool(data.get("allow_partial", False))
        names = [p["name"] for p in data["players"]]
        for i, name in enumerate(names):
            if name.lower() in [n.lower() for n in names[:i]]:
                self.fail("the players need different names", data["players"][i].line_of("name"))
        self.s = State(tuple(names), db, int(data.get("seed", 0)))
        self.refs = Refs(names)
        self.later: list = []      # (obj, entry) whose attachments and blocks wait for all objects

    def fail(self, reason: str, line: int | None) -> NoReturn:
        raise ScenarioError(reason, self.file, line)

    def player(self, name: str, container, key) -> int:
        index = self.refs.player(name)
        if index is None:
            self.fail(f"{name!r} is not a player here (players: {', '.join(self.refs.names)})",
                      container.line_of(key))
        return index

    def card(self, name: str, line: int):
        try:
            card = self.db.get(name)
        except CardError as exc:
            self.fail(str(exc), line)
        if card.unsupported and not self.allow_partial:
            self.fail(f"{name}'s Oracle text is only partly supported ({'; '.join(card.unsupported)}); "
                      "set allow_partial: true to use it anyway", line)
        return card

    # ------------------------------------------------------------------ the whole state

    def build(self) -> State:
        d, s = self.data, self.s
        if d.get("format") == commanders.COMMANDER:
            s.variant = commanders.COMMANDER
        if "range_of_influence" in d:               # CR 801.1: an option of multiplayer games
            if len(s.players) < 3:
                self.fail("range_of_influence is an option of games of three or more players (CR 801.1)",
                          d.line_of("range_of_influence"))
            ranges = d["range_of_influence"]
            if isinstance(ranges, list):            # each player's own range (CR 801.2a)
                if len(ranges) != len(s.players):
                    self.fail(f"range_of_influence gives {len(ranges)} ranges for {len(s.players)} players: "
                              "one number, or one for each player in seat order (CR 801.2a)",
                              d.line_of("range_of_influence"))
                ranges = tuple(ranges)
            s.influence = ranges
            influence.determine(s)                  # the ranges as this turn began (CR 801.2c)
        s.turn = d.get("turn", 1)
        s.active = self.player(d["active"], d, "active") if "active" in d else 0
        s.step = d.get("step", "main1")
        n = len(s.players)
        # the players took their turns in seat order (CR 101.4) up to this one
        s.first_player = (s.active - (s.turn - 1)) % n
        for p in s.players:
            p.last_turn_start = max(s.turn - (s.active - p.index) % n, 0)
            p.previous_turn_start = max(p.last_turn_start - n, 0)    # their turn before that (echo, CR 702.30a)
        if s.step in NO_PRIORITY:
            if "priority" in d:
                self.fail(f"no player gets priority in the {s.step} step (CR 502.4, 514.3)", d.line_of("priority"))
            s.stage = ("step",)
        else:
            s.priority = self.player(d["priority"], d, "priority") if "priority" in d else s.active
            s.stage = ("priority",)
        errors = []
        for index, pd in enumerate(d["players"]):
            self.build_commanders(index, pd)
        for index, pd in enumerate(d["players"]):
            errors += self.build_player(index, pd)
        raise_all(errors)                # every bad card entry at once, before what depends on them
        self.commander_damage()
        for o, entry in self.later:
            self.link(o, entry)
        self.build_combat()
        for entry in reversed(d.get("stack", [])):
            self.build_spell(entry)
        return s

    def build_player(self, index: int, pd: Map) -> list[ScenarioError]:
        """Build one player's zones; returns the problems with their card entries."""
        p = self.s.players[index]
        errors = []
        p.life = pd.get("life", commanders.START_LIFE if self.s.variant else 20)     # CR 903.7
        p.poison = pd.get("poison", 0)
        p.energy = pd.get("energy", 0)
        p.lands_played = pd.get("lands_played", 0)
        p.pool = {k: v for k, v in pd.get("mana_pool", {}).items() if v}
        for zone in ZONES:
            entries = pd.get(zone, [])
            total = sum(e.get("count", 1) if isinstance(e, Map) else 1 for e in entries)
            if total > MAX_ZONE_OBJECTS:
                self.fail(f"{total:,} objects in {p.name}'s {zone}: at most {MAX_ZONE_OBJECTS:,} per zone",
                          pd.line_of(zone))
            for i, entry in enumerate(entries):
                entry = entry if isinstance(entry, Map) else _as_entry(entry, entries.line_of(i))
                try:
                    for _ in range(entry.get("count", 1)):
                        self.add_object(index, zone, entry)
                except ScenarioError as exc:
                    errors.append(exc)
        if pd.get("library"):
            p.library.reverse()    # written top first; the engine keeps the top at the end
        return errors

    def build_commanders(self, index: int, pd: Map) -> None:
        """A Commander game's part of a player (CR 903): their commanders, their color identity
        (CR 903.4), the combat damage each commander dealt them (CR 903.10a) and their casts of
        their commanders from the command zone (CR 903.8)."""
        s, p = self.s, self.s.players[index]
        keys = [k for k in ("commanders", "command", "commander_damage", "commander_casts") if k in pd]
        if keys and not s.variant:
            self.fail(f"{keys[0]!r} belongs to a Commander game: add format: commander", pd.line_of(keys[0]))
        cards = [self.card(name, pd.line_of("commanders")) for name in pd.get("commanders", [])]
        p.commanders = tuple(c.main.name for c in cards)
        p.commander_identity = commanders_identity(cards)
        casts = pd.get("commander_casts", {})
        for name in casts:
            if name not in p.commanders:
                self.fail(f"{name!r} is not one of {p.name}'s commanders", pd.line_of("commander_casts"))
        p.commander_casts = tuple(sorted((n, c) for n, c in casts.items() if c))

    def commander_damage(self) -> None:
        """The combat damage dealt by each commander, named by its card, to each player."""
        s = self.s
        for index, pd in enumerate(self.data["players"]):
            dealt: list[tuple[int, str, int]] = []
            for name, n in pd.get("commander_damage", {}).items():
                owners = [q.index for q in s.players if name in q.commanders]
                if not owners:
                    self.fail(f"{name!r} is no player's commander (list it under a player's commanders)",
                              pd.line_of("commander_damage"))
                if n:
                    dealt.append((owners[0], name, n))
            s.players[index].commander_damage = tuple(sorted(dealt))

    # ------------------------------------------------------------------ one object

    def add_object(self, player: int, zone: str, entry: Map) -> Obj:
        s = self.s
        card = self.card(entry["card"], entry.line_of("card"))
        if "face" in entry:
            card = self.card(entry["face"], entry.line_of("face"))
        here = "on the battlefield" if zone == BATTLEFIELD else f"in a {zone}" if zone != EXILE else "in exile"
        if zone != BATTLEFIELD:
            if "owner" in entry:
                self.fail(f"a card {here} is in its owner's {zone} (CR 400.3): list it under its owner",
                          entry.line_of("owner"))
            for key in STATUS_KEYS:
                if key in entry:
                    self.fail(f"{card.name} is {here}: {key!r} applies only to permanents on the battlefield "
                              "(CR 110.5d: only permanents have status; cards go to their owner's zones, "
                              "CR 400.3)", entry.line_of(key))
            if "counters" in entry and zone != EXILE:
                self.fail(f"{card.name} is {here}: counters don't stay on a card in that zone (CR 122.2)",
                          entry.line_of("counters"))
            if entry.get("token"):
                self.fail(f"a token {here} ceases to exist (CR 111.7, 704.5d): tokens go on the battlefield",
                          entry.line_of("token"))
        elif not card.is_permanent_card:
            self.fail(f"{card.name} is an instant or sorcery: it can't be on the battlefield (CR 110.4)",
                      entry.line_of("card"))
        owner = self.player(entry["owner"], entry, "owner") if "owner" in entry else player
        o = Obj(s.next_id, card, owner, zone)
        s.next_id += 1
        s.objs[o.id] = o
        if zone == BATTLEFIELD:
            self.set_status(o, player, entry)
            s.battlefield += (o.id,)
        else:
            if zone == COMMAND and not commanders.is_commander(s, o):
                self.fail(f"{card.name} is not one of {s.players[player].name}'s commanders: only commanders "
                          "(and emblems) are in the command zone (CR 903.6, 114.2)", entry.line_of("card"))
            s.players[player].zone(zone).append(o.id)
            if zone == EXILE:     # time counters of a suspended card (CR 702.62b)
                o.counters = {k: v for k, v in entry.get("counters", {}).items() if v}
        if "counters" not in entry and (start := printed_loyalty(o.card)) is not None:
            o.counters = {LOYALTY: start}      # as it would have entered (CR 306.5b)
        if "id" in entry:
            if entry.get("count", 1) > 1:
                self.fail("an id names one object; it can't go with a count above 1", entry.line_of("id"))
            self.name_object(entry, o)
        return o

    def name_object(self, entry: Map, o: Obj) -> None:
        alias = entry["id"]
        if alias in self.refs.aliases:
            self.fail(f"the id {alias!r} is given twice: one card can't be in two zones or places "
                      "(CR 400.1)", entry.line_of("id"))
        if self.refs.player(alias) is not None:
            self.fail(f"the id {alias!r} is also a player's name", entry.line_of("id"))
        self.refs.aliases[alias] = o.id

    def set_status(self, o: Obj, controller: int, entry: Map) -> None:
        s = self.s
        o.controller = controller
        o.timestamp = s.new_timestamp()
        o.tapped = entry.get("tapped", False)
        # CR 302.6: sick means it came under this control since the controller's latest turn began.
        o.control_since = s.turn if entry.get("sick", False) else -1
        o.damage = entry.get("damage", 0)
        o.counters = {k: v for k, v in entry.get("counters", {}).items() if v}
        levelers.refresh(s, o, quiet=True)      # a leveler shows its level's face (CR 711.2)
        if "counters" not in entry and (start := printed_loyalty(o.card)) is not None:
            o.counters = {LOYALTY: start}      # as it would have entered (CR 306.5b)
        o.chosen = entry.get("chosen")
        o.designations = tuple(dict.fromkeys(entry.get("designations", ())))   # CR 701.37b, 702.112b
        if o.card.layout is Layout.FLIP and o.card.front is not None and FLIPPED not in o.designations:
            o.designations += (FLIPPED,)        # a flip card showing its flipped face is flipped (CR 710.2)
        if entry.get("token"):
            o.is_token = True
            o.token_face = dict(o.card.face)
        if "damage" in entry and "Creature" not in o.card.types:
            self.fail(f"{o.card.name} isn't a creature: damage stays marked only on creatures here "
                      "(CR 120.3e)", entry.line_of("damage"))
        self.later.append((o, entry))

    def link(self, o: Obj, entry: Map) -> None:
        """Attachments (CR 301.5, 303.4) and blocks, once every object exists."""
        s = self.s
        aura = "Aura" in o.card.subtypes
        if "attached_to" in entry:
            if not aura and "Equipment" not in o.card.subtypes and "Fortification" not in o.card.subtypes:
                self.fail(f"{o.card.name} is neither an Aura, an Equipment nor a Fortification: it can't be "
                          "attached (CR 301.5, 301.6, 303.4)", entry.line_of("attached_to"))
            spec = aura_target_spec(o.card) if aura else None
            if spec is not None and spec.kind in (ir.TargetKind.PLAYER, ir.TargetKind.OPPONENT):
                # "Enchant player": attached_to names a player (CR 303.4b, 702.5d)
                o.attached_to = PlayerRef(self.player(entry["attached_to"], entry, "attached_to"))
            else:
                host = self.find_permanent(entry["attached_to"], entry, "attached_to")
                if host.id == o.id:
                    self.fail(f"{o.card.name} can't be attached to itself (CR 303.4d)", entry.line_of("attached_to"))
                if "Equipment" in o.card.subtypes and "Creature" not in host.card.types:
                    self.fail(f"an Equipment can be attached only to a creature, not to {host.card.name} "
                              "(CR 301.5)", entry.line_of("attached_to"))
                if "Fortification" in o.card.subtypes and "Land" not in host.card.types:
                    self.fail(f"a Fortification can be attached only to a land, not to {host.card.name} "
                              "(CR 301.6)", entry.line_of("attached_to"))
                o.attached_to = host.id
        elif aura:
            self.fail(f"{o.card.name} is an Aura on the battlefield attached to nothing: say what it "
                      "enchants with attached_to (CR 303.4, 704.5m)", entry.line_of("card"))
        in_combat = s.step in COMBAT_STEPS
        if entry.get("attacking"):
            if not in_combat or o.controller != s.active or "Creature" not in o.card.types:
                self.fail(f"{o.card.name} can't be attacking: only the active player's creatures attack, "
                          "from the declare attackers step to the end of combat (CR 506.2, 506.3)",
                          entry.line_of("attacking"))
            o.attacking = self.attacked(o, entry)
        if "blocking" in entry:
            blocker_steps = COMBAT_STEPS[1:]
            if s.step not in blocker_steps or o.controller == s.active or "Creature" not in o.card.types:
                self.fail(f"{o.card.name} can't be blocking: only the defending player's creatures block, "
                          "from the declare blockers step to the end of combat (CR 506.2, 509.1)",
                          entry.line_of("blocking"))
            o.blocking = (self.find_permanent(entry["blocking"], entry, "blocking").id,)

    def find_permanent(self, ref: str, entry: Map, key: str) -> Obj:
        found = self.refs.find(self.s, ref, zones=(BATTLEFIELD,))
        if not found:
            self.fail(f"there is no permanent {excerpt(ref)} on the battlefield for {key}", entry.line_of(key))
        if len(found) > 1:
            self.fail(f"{ref!r} could be any of {len(found)} permanents: give the one you mean an id",
                      entry.line_of(key))
        return found[0]

    def attacked(self, o: Obj, entry: Map) -> int:
        """The player ``o`` attacks: the one named, or with two players the other one (CR 506.2)."""
        s = self.s
        what = entry["attacking"]
        if what is True and len(s.players) == 2:
            return 1 - s.active
        if what is True:
            self.fail(f"with more than two players, say whom {o.card.name} attacks: attacking: <player name> "
                      "(CR 802.3)", entry.line_of("attacking"))
        who = self.player(what, entry, "attacking")
        if who == s.active:
            self.fail(f"{o.card.name} can't attack its own controller: only an opponent is attacked (CR 506.2, 802.2)",
                      entry.line_of("attacking"))
        return who

    def build_combat(self) -> None:
        s = self.s
        attackers = [o.id for o in s.permanents() if o.attacking is not None]
        if s.step not in COMBAT_STEPS:
            return
        blockers: dict[int, list[int]] = {}
        for o in s.permanents():
            for a in o.blocking:
                if s.objs[a].attacking is None:
                    self.fail(f"{o.card.name} blocks {s.objs[a].card.name}, which isn't attacking",
                              self.data.line)
                if s.objs[a].attacking != o.controller:
                    self.fail(f"{o.card.name} blocks {s.objs[a].card.name}, which attacks another player: a "
                              "creature blocks only creatures attacking its controller (CR 509.1a, 802.4a)",
                              self.data.line)
                blockers.setdefault(a, []).append(o.id)
                s.objs[a].blocked = True
        s.combat = {"attackers": attackers, "first_strike_done": False}
        if attackers:           # the active player has attacked this turn (raid)
            s.players[s.active].attacked_this_turn = True
        if s.step != Step.DECLARE_ATTACKERS:
            s.combat["blockers"] = blockers
        if STEPS.index(s.step) >= STEPS.index("first_strike_damage"):
            # CR 510.4: those with first strike have dealt their first-strike damage already
            s.combat["had_first"] = sorted(o.id for o in s.permanents() if (o.attacking is not None or o.blocking)
                                           and (ch.has(s, o, "first strike") or ch.has(s, o, "double strike")))

    # ------------------------------------------------------------------ the stack

    def build_spell(self, entry: Map) -> None:
        s = self.s
        controller = self.player(entry["controller"], entry, "controller")
        card = self.card(entry["card"], entry.line_of("card"))
        o = Obj(s.next_id, card, controller, STACK)
        s.next_id += 1
        s.objs[o.id] = o
        item = StackItem(s.next_id, "spell", o.id, controller, card, spell_ability_index(card), card.name)
        s.next_id += 1
        item.x = entry.get("x", 0)
        o.cast_x = item.x
        if "id" in entry:
            self.name_object(entry, o)
        refs = entry.get("targets", [])
        refs = [refs] if isinstance(refs, str) else list(refs)
        specs = item_target_specs(item)
        if len(refs) > sum(spec.count for spec in specs):
            self.fail(f"{card.name} has {sum(spec.count for spec in specs)} target(s), "
                      f"not {len(refs)} (CR 601.2c)", entry.line_of("targets"))
        if len(refs) < sum(spec.count for spec in specs if not spec.up_to):
            self.fail(f"{card.name} needs its targets stated (CR 601.2c)", entry.line_of("card"))
        for spec in specs:
            group, refs = refs[:spec.count], refs[spec.count:]
            item.targets.append([self.target(t, entry) for t in group])
        s.stack.append(item)

    def target(self, ref: str, entry: Map):
        s = self.s
        p = self.refs.player(ref)
        if p is not None:
            return f"p{p}"
        found = self.refs.find(s, ref, zones=(BATTLEFIELD, STACK, GRAVEYARD, HAND, LIBRARY, EXILE, COMMAND))
        if len(found) != 1:
            self.fail(f"target {ref!r}: " + ("nothing has that name or id" if not found else
                                             f"{len(found)} objects match; give the one you mean an id"),
                      entry.line_of("targets"))
        o = found[0]
        if o.zone == STACK:
            return next(f"s{i.id}" for i in s.stack if i.source == o.id)
        return o.id


def _as_entry(name: str, line: int) -> Map:
    m = Map(card=name)
    m.line = line
    m.key_lines = {"card": line}
    return m
