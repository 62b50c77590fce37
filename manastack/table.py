"""Playing at the terminal (``manastack play`` with a human player): a board drawn with rich
before each of your decisions, auto-pass like Arena and MTGO, merged identical choices, and
commands to look things up (``?`` lists them).

What you see is what you may see (CR 400.2): the board comes from :meth:`Game.view` for the
player deciding, so the opponent's hand and both libraries are only counts. Priority (CR 117)
stops only where you could do something other than pass, or in the steps you name as stops;
mana is paid by the automatic payer (CR 601.2g-h) unless you ask to pay by hand.
"""
from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from manastack.cards import CardError, default_db
from manastack.engine.costs.checks import summoning_sick
from manastack.engine.decisions import Action, ActionKind, Decision, DecisionKind, IllegalActionError
from manastack.engine.legality import explain as why_not
from manastack.game import Game
from manastack.oracle.render import render_abilities

from manastack.rules import RulesError, load_rules
from manastack.engine.zones import BATTLEFIELD, HAND, LIBRARY

STEPS = ("upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "first_strike_damage", "combat_damage", "end_of_combat", "main2", "end", "cleanup")
MAX_INPUT = 200            # characters in one command line
MAX_LOG_LINES = 500        # ``log N`` shows at most this many lines
HELP = """Commands (at any prompt):
  N            choose choice number N
  ?            this help
  card NAME    a card's Oracle text and the abilities manastack reads from it
  why NAME     why you can't cast, play or activate NAME now (with CR numbers)
  rule N       the text of rule N of the Comprehensive Rules, e.g. rule 704.5a
  log N        the last N lines of the game log (N up to 500)
  u            undo your last choice (and what followed it)
  concede      leave the game, losing it (CR 104.3a); the others play on
  q            quit"""


class Human:
    """Marks a seat played at the terminal; :func:`play_at_table` asks this player."""


@dataclass(frozen=True)
class TableSettings:
    """``stops``: steps where priority always stops (CR 500.1 names them); elsewhere it stops
    only when you could do something other than pass. ``pay_by_hand``: show payment
    decisions and mana abilities instead of paying automatically."""

    stops: frozenset[str] = frozenset()
    pay_by_hand: bool = False


# ----------------------------------------------------------------------------- choices


@dataclass(frozen=True)
class Choice:
    """One numbered line of a prompt: identical actions (same words, interchangeable objects)
    merged into one; choosing it takes the first."""

    label: str
    actions: tuple[Action, ...]

    def __str__(self) -> str:
        return self.label + (f"  (×{len(self.actions)})" if len(self.actions) > 1 else "")


def _look(s, arg) -> tuple:
    """What a player can tell about an object an action names: two actions on objects that
    look alike in every respect are the same choice."""
    o = s.objs.get(arg) if isinstance(arg, int) else None
    if o is None:
        return (arg,)
    if o.zone in (HAND, LIBRARY):
        return (o.zone, o.card.name)
    return (o.zone, o.card.name, o.controller, o.tapped, o.damage, tuple(sorted(o.counters.items())),
            o.attached_to, o.attacking is not None, tuple(o.blocking), summoning_sick(s, o))


def choices(game: Game, decision: Decision, settings: TableSettings) -> list[Choice]:
    """The decision's options as numbered choices, in the engine's order (so the numbers stay
    the same for as long as the decision is pending); mana abilities at priority are left
    out unless paying by hand."""
    s = game.current_state()
    merged: dict[tuple, list[Action]] = {}
    for a in decision.options:
        if decision.kind == DecisionKind.PRIORITY and a.kind == ActionKind.MANA and not settings.pay_by_hand:
            continue
        key = (a.kind, str(a), tuple(_look(s, x) for x in a.args))
        merged.setdefault(key, []).append(a)
    return [Choice(str(acts[0]), tuple(acts)) for acts in merged.values()]


def auto_answer(game: Game, decision: Decision, settings: TableSettings) -> Action | None:
    """The answer given without asking, or None to ask: a pass where you could do nothing but
    pass (or tap mana) outside your stops, and the automatic payment."""
    if decision.kind == DecisionKind.PAY and not settings.pay_by_hand:
        return next((a for a in decision.options if a.kind == ActionKind.AUTOPAY), None)
    if decision.kind != DecisionKind.PRIORITY:
        return None
    if any(a.kind not in (ActionKind.PASS, ActionKind.MANA) for a in decision.options):
        return None
    if game.current_state().step in settings.stops:
        return None
    return next(a for a in decision.options if a.kind == ActionKind.PASS)


# ----------------------------------------------------------------------------- the board


def _perm_text(p: dict, names: dict[int, str], sick: set[int], players: list | None = None) -> str:
    name = p["name"]
    if p.get("face_down"):
        name = "face-down creature" + (f" ({p['card']})" if "card" in p else "")
    parts = [name]
    if "power" in p:
        parts.append(f"{p['power']}/{p['toughness']}")
    marks = []
    if p.get("token"):
        marks.append("token")
    if p["tapped"]:
        marks.append("tapped")
    if p["id"] in sick:
        marks.append("summoning sick")
    if p.get("damage"):
        marks.append(f"{p['damage']} damage")
    marks += [f"{n} {k}" for k, n in p["counters"].items() if n]
    if p.get("attacking"):
        marks.append("attacking")
    if p.get("blocking"):
        marks.append("blocking " + ", ".join(names.get(b, "?") for b in p["blocking"]))
    if p.get("attached_to") is not None:
        marks.append("on " + names.get(p["attached_to"], "?"))
    elif p.get("attached_to_player") is not None and players is not None:     # CR 303.4b
        marks.append("on " + players[p["attached_to_player"]]["name"])
    return " ".join(parts) + (f" [{', '.join(marks)}]" if marks else "")


def _grouped(texts: list[str]) -> str:
    counts: dict[str, int] = {}
    for t in texts:
        counts[t] = counts.get(t, 0) + 1
    return ", ".join(t + (f" ×{n}" if n > 1 else "") for t, n in counts.items()) or "—"


def _pool(pool: dict) -> str:
    return " ".join(f"{{{k}}}×{n}" if n > 1 else f"{{{k}}}" for k, n in pool.items() if n) or "empty"


def board_lines(game: Game, viewer: int) -> list[Text]:
    """The board as ``viewer`` sees it, one styled line each: the other players in turn order
    from ``viewer`` (the opponent of a two-player game), the stack, then ``viewer`` with their
    hand by name (CR 400.2: nobody else's)."""
    v = game.view(viewer)
    s = game.current_state()
    names = {p["id"]: p["name"] for p in v["battlefield"]}
    sick = {i for i in s.battlefield if summoning_sick(s, s.objs[i])}
    lines = [Text(f"Turn {v['turn']}, {v['step']}: {v['players'][v['active']]['name']}'s turn", style="bold")]
    around = [(viewer + k) % len(s.players) for k in range(1, len(s.players))]
    for who in around + [viewer]:
        p = v["players"][who]
        if p["left"]:
            lines.append(Text(f"{p['name']}: has left the game", style="dim"))
        else:
            lines += _seat_lines(v, who, viewer, s, names, sick)
        if who == around[-1]:
            stack = [x.get("card", x["label"]) if x.get("face_down") else x["label"] for x in reversed(v["stack"])]
            lines.append(Text(f"stack (top first): {', '.join(stack) or 'empty'}", style="yellow"))
    return lines


def _seat_lines(v: dict, who: int, viewer: int, s, names: dict, sick: set) -> list[Text]:
    """Player ``who``'s lines of the board: life and counts, permanents, graveyard, exile, and
    their hand when they are the viewer."""
    p = v["players"][who]
    lines = [Text(f"{p['name']}: life {p['life']}, poison {p['poison']}, library {p['library_count']}, "
                  f"hand {p['hand_count']}, mana pool {_pool(p['mana_pool'])}",
                  style="bold cyan" if who == viewer else "bold magenta")]
    perms = [x for x in v["battlefield"] if s.objs[x["id"]].controller == who]
    lands = [_perm_text(x, names, sick) for x in perms if "Land" in s.objs[x["id"]].card.types]
    creatures = [_perm_text(x, names, sick) for x in perms if "power" in x]
    others = [_perm_text(x, names, sick, v["players"]) for x in perms
              if "power" not in x and "Land" not in s.objs[x["id"]].card.types]
    lines.append(Text(f"  lands: {_grouped(lands)}"))
    lines.append(Text(f"  creatures: {_grouped(creatures)}"))
    if others:
        lines.append(Text(f"  other permanents: {_grouped(others)}"))
    # Auras that enchant this player (CR 303.4b: Curses), shown with them, whoever controls them
    on_them = [f"{x['name']} on {p['name']}" + ("" if x["controller"] == who else
                                                f" ({v['players'][x['controller']]['name']}'s)")
               for x in v["battlefield"] if x.get("attached_to_player") == who]
    if on_them:
        lines.append(Text(f"  enchanted by: {_grouped(on_them)}", style="red"))
    lines.append(Text(f"  graveyard: {_grouped([x['name'] for x in p['graveyard']])}", style="dim"))
    if p["exile"]:
        lines.append(Text(f"  exile: {_grouped([x['name'] for x in p['exile']])}", style="dim"))
    if "commanders" in p:            # a Commander game (CR 903)
        casts = dict(p["commander_casts"])
        hurt = "; ".join(f"{d} from {name}" for _o, name, d in p["commander_damage"])
        lines.append(Text(f"  command zone: {_grouped([x['name'] for x in p['command_zone']])}"
                          + "".join(f"; {name} cast {n}x (tax {{{2 * n}}})" for name, n in casts.items())
                          + (f"; commander damage taken: {hurt}" if hurt else ""), style="dim"))
    if who == viewer:
        lines.append(Text(f"  your hand: {_grouped([x['name'] for x in p['hand']])}", style="green"))
    return lines


def board(game: Game, viewer: int) -> Panel:
    return Panel(Group(*board_lines(game, viewer)), title="manastack", expand=False)


# ----------------------------------------------------------------------------- commands


class Command(Enum):
    CHOOSE = "choose"
    HELP = "?"
    CARD = "card"
    WHY = "why"
    RULE = "rule"
    LOG = "log"
    UNDO = "u"
    CONCEDE = "concede"
    QUIT = "q"


@dataclass(frozen=True)
class Parsed:
    """One typed line: a command and its argument, or an error to show."""

    command: Command | None
    arg: str = ""
    error: str = ""


_WORDS = {"card": Command.CARD, "why": Command.WHY, "rule": Command.RULE, "log": Command.LOG}


def parse(line: str, n_choices: int) -> Parsed:
    """Read one line typed at a prompt with ``n_choices`` choices."""
    raw = line.strip()
    if len(raw) > MAX_INPUT:
        return Parsed(None, error=f"that line is too long ({len(raw)} characters; at most {MAX_INPUT})")
    if raw in ("?", "u", "q", "concede"):
        return Parsed(Command(raw))
    if raw.isdecimal():
        if 1 <= int(raw) <= n_choices:
            return Parsed(Command.CHOOSE, raw)
        return Parsed(None, error=f"Type a number from 1 to {n_choices}. (? lists the commands)")
    word, _, rest = raw.partition(" ")
    command = _WORDS.get(word.lower())
    if command is None:
        return Parsed(None, error=f"Unknown command {raw[:40]!r}: type a number from 1 to {n_choices}, or ? for help")
    rest = rest.strip()
    if not rest:
        return Parsed(None, error=f"{word} needs an argument, e.g. "
                      + {"card": "card Shock", "why": "why Shock", "rule": "rule 704.5a", "log": "log 10"}[word.lower()])
    if command is Command.LOG and not (rest.isdecimal() and 1 <= int(rest) <= MAX_LOG_LINES):
        return Parsed(None, error=f"log needs a number of lines from 1 to {MAX_LOG_LINES}")
    return Parsed(command, rest)


def card_text(game: Game, name: str) -> str:
    """``card NAME``: the card's type line, Oracle text and compiled abilities."""
    try:
        db = game.db or default_db()
        card = db.get(db.resolve(name))      # any case, no accents, a front face
    except CardError as exc:
        return str(exc)
    cost = f"  {card.mana_cost}" if card.mana_cost.symbols else ""
    pt = f"  {card.power}/{card.toughness}" if card.power is not None else ""
    return "\n".join([f"{card.name}{cost}", f"{card.type_line}{pt}", card.text or "(no text)", "",
                      render_abilities(card)])


def why_text(game: Game, player: int, name: str) -> str:
    """``why NAME``: whether ``player`` can use NAME now, and if not why, from the engine's
    legality explanation (with CR numbers)."""
    s = game.current_state()
    p = s.players[player]
    mine = [s.objs[i] for i in (*p.hand, *p.graveyard, *p.command)] + list(s.permanents(player))
    try:
        name = (game.db or default_db()).resolve(name)
    except CardError:
        pass                                   # not a card name at all: nothing of yours has it
    found = [o for o in mine if o.card.name.lower() == name.lower()]
    if not found:
        return f"You have no {name!r} in your hand, your graveyard or on the battlefield."
    decision = game.pending
    usable = [str(a) for a in decision.options if a.args and a.args[0] in {o.id for o in found}
              and a.kind != ActionKind.MANA] if decision else []
    if usable:
        return f"You can now: {'; '.join(dict.fromkeys(usable))}."
    reasons = []
    for o in found:
        if o.zone == BATTLEFIELD:
            kind = ActionKind.ACTIVATE
        else:
            kind = ActionKind.PLAY if "Land" in o.card.types and o.zone == HAND else ActionKind.CAST
        reasons.append(why_not(s, player, Action(kind, (o.id,))) or f"{o.card.name} can't be used now")
    if decision is not None and decision.kind != DecisionKind.PRIORITY:
        reasons.insert(0, f"(the game is asking something else now: {decision.prompt})")
    return "\n".join(dict.fromkeys(reasons))


@lru_cache(maxsize=1)
def _rules():
    """The Comprehensive Rules, loaded once by the rules search."""
    return load_rules()


def rule_text(number: str) -> str:
    """``rule N``: the rule's text, when the rules file is found (see docs/rules-search.md)."""
    try:
        rule = _rules().get(number)
    except KeyError:
        rule = None
    except (OSError, ValueError, RulesError) as exc:
        return f"the rules text can't be read: {exc}"
    if rule is None:
        return f"there is no rule {number}"
    return f"{rule.number} {rule.text}"


# ----------------------------------------------------------------------------- the loop


@dataclass
class Table:
    """The play loop of a game with at least one :class:`Human` seat."""

    game: Game
    seats: list
    console: Console
    settings: TableSettings = TableSettings()
    read: Callable[[str], str] = input
    seen: int = 0                                            # log lines already shown
    marks: list[int] = field(default_factory=list)           # move counts before your answers
    undone: bool = False                                     # the last prompt ended in an undo

    def run(self) -> None:
        """Play until the game ends or the human quits."""
        redraw = True
        while self.game.pending is not None:
            d = self.game.pending
            seat = self.seats[d.player]
            if not isinstance(seat, Human):
                self.game.push(seat.choose(self.game, d))
                continue
            auto = auto_answer(self.game, d, self.settings)
            if auto is not None:
                self.game.push(auto)
                continue
            self.show_log()
            if redraw:
                self.console.print(board(self.game, d.player))
            if not self.ask(d):
                return
            redraw = not self.undone
        self.show_log()

    def show_log(self) -> None:
        log = self.game.log
        for e in log[self.seen:]:
            self.console.print(e.render(), markup=False, style="dim")
        self.seen = len(log)

    def ask(self, d: Decision) -> bool:
        """Prompt until an answer is given; False when the player quits."""
        self.undone = False
        options = choices(self.game, d, self.settings)
        self.console.print(Text(d.prompt, style="bold"))
        for i, c in enumerate(options, 1):
            self.console.print(f"  {i:>2}. {c}", markup=False, highlight=False)
        while True:
            try:
                line = self.read("> ")
            except EOFError:
                return False
            cmd = parse(line, len(options))
            if cmd.command is None:
                self.console.print(cmd.error, markup=False, highlight=False)
            elif cmd.command is Command.QUIT:
                return False
            elif cmd.command is Command.CHOOSE:
                self.marks.append(len(self.game.move_stack))
                try:
                    self.game.push(options[int(cmd.arg) - 1].actions[0])
                except IllegalActionError as exc:
                    self.marks.pop()
                    self.console.print(f"Illegal: {exc}", markup=False, highlight=False)
                    continue
                return True
            elif cmd.command is Command.UNDO:
                if self.undo(d.player):
                    return True
            elif cmd.command is Command.CONCEDE:      # CR 104.3a: at any time
                self.game.concede(d.player)
                return not self.game.is_over and any(isinstance(self.seats[p], Human)
                                                     for p in self.game.state.in_game())
            else:
                self.console.print(self.lookup(cmd, d.player), markup=False, highlight=False)

    def lookup(self, cmd: Parsed, player: int) -> str:
        if cmd.command is Command.HELP:
            return HELP
        if cmd.command is Command.CARD:
            return card_text(self.game, cmd.arg)
        if cmd.command is Command.WHY:
            return why_text(self.game, player, cmd.arg)
        if cmd.command is Command.RULE:
            return rule_text(cmd.arg)
        return self.game.explain(last=int(cmd.arg)) or "(the log is empty)"

    def undo(self, player: int) -> bool:
        """Take back your last answer and everything after it; print only what changed."""
        if not self.marks:
            self.console.print("Nothing to undo.")
            return False
        before = _labelled(board_lines(self.game, player))
        target = self.marks.pop()
        taken = []
        while len(self.game.move_stack) > target:
            taken.append(self.game.pop())
        later = len(taken) - 1
        self.console.print(f"Undone: {taken[-1]}" + (f", and the {later} action(s) after it" if later else ""),
                           markup=False, highlight=False)
        after = _labelled(board_lines(self.game, self.game.pending.player))
        for line in difflib.unified_diff(before, after, lineterm="", n=0):
            if line[:1] in "+-" and not line.startswith(("+++", "---")):
                self.console.print(("now:  " if line[0] == "+" else "was:  ") + line[1:].strip(),
                                   markup=False, highlight=False)
        self.seen = len(self.game.log)
        self.undone = True
        return True


def _labelled(lines: list[Text]) -> list[str]:
    """The board's lines as plain text, each indented line prefixed with its player's name, so
    that a changed line says whose it is."""
    out, who = [], ""
    for t in lines:
        text = t.plain
        if text.startswith("  "):
            out.append(f"{who}: {text.strip()}")
        else:
            who = text.split(":", 1)[0]
            out.append(text)
    return out


def play_at_table(game: Game, seats: list, console: Console, settings: TableSettings = TableSettings(),
                  read: Callable[[str], str] = input) -> None:
    """Play ``game`` with ``seats`` (agents and :class:`Human` markers) at the terminal."""
    Table(game, seats, console, settings, read).run()
