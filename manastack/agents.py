"""Agents: anything that answers decisions. An agent is an object with
``choose(game, decision) -> Action``; the engine never calls one itself (decisions are data),
:func:`play_out` does."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from manastack.choices import candidates
from manastack.engine import characteristics as ch
from manastack.engine import combat, layers
from manastack.engine.mechanics import loyalty
from manastack.engine.abilities import ability_at
from manastack.engine.decisions import Action, ActionKind, Decision, DecisionKind
from manastack.oracle import ir
from manastack.mcts import MCTSAgent, MCTSConfig, by_position
from manastack.rng import Rng
from manastack.tactician import TacticianAgent, vote_by_rule


class FirstLegalAgent:
    """Always the first legal action: deterministic and cheap."""

    def choose(self, game, decision: Decision) -> Action:
        return decision.options[0]


class RandomAgent:
    """A random legal action, from its own seeded generator. It pays costs with the auto-payer,
    doesn't activate mana abilities at idle moments (both only add noise), and with priority
    acts with probability 1/(2 + the number of objects on the stack), picking uniformly among
    the other actions; otherwise it passes."""

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"RandomAgent: seed must be an integer, not {type(seed).__name__}")
        self.rng = Rng(seed)

    def choose(self, game, decision: Decision) -> Action:
        options = decision.options
        if decision.kind == DecisionKind.PAY:
            for o in options:
                if o.kind == ActionKind.AUTOPAY:
                    return o
        elif decision.kind == DecisionKind.PRIORITY:
            # Act with probability 1/(2 + stack size): free abilities ({0}: ...) can't keep
            # a game going forever, since a growing stack makes passing likelier.
            useful = [o for o in options if o.kind not in (ActionKind.MANA, ActionKind.PASS)]
            depth = len(decision.context.get("stack", ()))
            if not useful or self.rng.below(2 + depth) != 0:
                return options[0]
            options = tuple(useful)
        return options[self.rng.below(len(options))]


class HeuristicAgent:
    """A simple sensible player: keeps its hand, plays a land, casts its most expensive spell
    (paying kicker, buyback and entwine when it can), else turns a face-down creature face up,
    casts one face down or suspends a card, attacks with creatures that won't trade badly (with
    several opponents, each attacks the one with the lowest life it can attack safely),
    blocks to survive, targets opponents' things with harmful spells and its own with helpful
    ones, says yes to "you may", and votes by :func:`manastack.tactician.vote_by_rule`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game, decision: Decision) -> Action:
        s = game.peek()                    # read only
        kind = decision.kind
        options = decision.options
        by_kind: dict[ActionKind, list[Action]] = {}
        for o in options:
            by_kind.setdefault(o.kind, []).append(o)
        if kind == DecisionKind.MULLIGAN:
            return by_kind.get(ActionKind.KEEP, [options[0]])[0]
        if kind == DecisionKind.PAY:
            return by_kind.get(ActionKind.AUTOPAY, [options[0]])[0]
        if kind == DecisionKind.MAY:
            return by_kind.get(ActionKind.YES, [options[0]])[0]
        if kind == DecisionKind.ASSIST_PAY:
            return options[0]              # an opponent's spell: pay none of it
        if kind in (DecisionKind.KICKER, DecisionKind.MULTIKICKER, DecisionKind.BUYBACK, DecisionKind.ENTWINE,
                    DecisionKind.REPLICATE, DecisionKind.CONSPIRE):
            return options[-1]             # pay the optional cost as many times as it can
        if kind == DecisionKind.PRIORITY:
            if by_kind.get(ActionKind.PLAY):
                return by_kind[ActionKind.PLAY][0]
            casts = by_kind.get(ActionKind.CAST, [])
            if casts:
                return max(casts, key=lambda a: s.objs[a.args[0]].card.mana_cost.mana_value())
            for other in (ActionKind.TURN_FACE_UP, ActionKind.CAST_FACE_DOWN, ActionKind.SUSPEND):     # CR 702.37, 702.62
                if by_kind.get(other):
                    return by_kind[other][0]
            walker = self._loyalty_ability(s, by_kind.get(ActionKind.ACTIVATE, []))
            return walker if walker is not None else by_kind[ActionKind.PASS][0]
        if kind == DecisionKind.ATTACKERS:
            return self._attack(s, decision, by_kind)
        if kind == DecisionKind.BLOCKERS:
            return self._block(s, decision, by_kind)
        if kind == DecisionKind.TARGETS:
            return self._target(s, decision)
        if kind == DecisionKind.VOTE:
            return vote_by_rule(s, decision)
        return options[self.rng.below(len(options))]

    @staticmethod
    def _loyalty_ability(s, activations: list[Action]) -> Action | None:
        """A planeswalker's loyalty ability (CR 606): the costliest one that leaves it at 1
        loyalty or more, else none."""
        best, best_cost = None, None
        for a in activations:
            o = s.objs[a.args[0]]
            ab = ability_at(layers.card_now(s, o), a.args[1])      # granted ones too (CR 613.1f)
            symbol = ab.cost.part(ir.LoyaltySymbol) if isinstance(ab, ir.ActivatedAbility) else None
            if symbol is None or symbol.x:
                continue
            if loyalty.loyalty(o) + symbol.amount < 1:
                continue
            cost = (symbol.amount < 0, abs(symbol.amount))     # minus ones first, biggest first
            if best_cost is None or cost > best_cost:
                best, best_cost = a, cost
        return best

    def _attack(self, s, decision: Decision, by_kind) -> Action:
        """Attack with a creature no untapped opponent's creature can block and kill safely:
        evasive ones, and ones that survive the biggest blocker. With more than two players,
        see :meth:`_attack_several`."""
        me = decision.player
        if len(s.players) > 2:
            return self._attack_several(s, decision, by_kind)
        their = [o for o in s.permanents(1 - me) if ch.is_creature(s, o) and not o.tapped]
        for a in by_kind.get(ActionKind.ATTACK, []):
            if len(a.args) != 1:
                continue
            o = s.objs[a.args[0]]
            blockers = [b for b in their if combat.can_block(s, b, o)]
            if not blockers or ch.toughness(s, o) > max(ch.power(s, b) for b in blockers):
                # a planeswalker it can finish off alone rather than the player (CR 508.1b, 120.3c)
                kills = [w for w in by_kind[ActionKind.ATTACK] if w.args[0] == o.id and len(w.args) == 2
                         and loyalty.loyalty(s.objs[w.args[1]]) <= ch.power(s, o)]
                return kills[0] if kills else a
        return by_kind[ActionKind.DONE][0] if ActionKind.DONE in by_kind else decision.options[0]

    @staticmethod
    def _attack_several(s, decision: Decision, by_kind) -> Action:
        """The attack rule with several opponents: each creature, in the order offered, attacks
        where the defending player has no untapped creature that could block it and kill it
        safely; a planeswalker it can finish off alone first, else, of those players, the one
        with the lowest life (the next in turn order on a tie)."""
        me, n = decision.player, len(s.players)
        attacks = by_kind.get(ActionKind.ATTACK, [])
        for oid in dict.fromkeys(a.args[0] for a in attacks):
            o = s.objs[oid]
            power, toughness = ch.power(s, o), ch.toughness(s, o)
            safe = []           # (action, the defending player)
            for a in attacks:
                if a.args[0] != oid:
                    continue
                target = a.args[1]
                defender = int(target[1:]) if isinstance(target, str) else s.objs[target].controller
                blockers = [b for b in s.permanents(defender) if ch.is_creature(s, b) and not b.tapped
                            and combat.can_block(s, b, o)]
                if not blockers or toughness > max(ch.power(s, b) for b in blockers):
                    safe.append((a, defender))
            kills = [a for a, _d in safe if isinstance(a.args[1], int) and loyalty.loyalty(s.objs[a.args[1]]) <= power]
            if kills:
                return kills[0]
            players = [(a, d) for a, d in safe if isinstance(a.args[1], str)]
            if players:
                return min(players, key=lambda ad: (s.players[ad[1]].life, (ad[1] - me) % n))[0]
        return by_kind[ActionKind.DONE][0] if ActionKind.DONE in by_kind else decision.options[0]

    def _block(self, s, decision: Decision, by_kind) -> Action:
        """Blocks that survive or trade (with two creatures for an attacker with menace), a
        second blocker where two kill an attacker one can't, chump blocks only when the
        unblocked damage would be lethal. A declaration that isn't legal yet (no "done") is
        completed where it was begun."""
        me = decision.player
        mine: dict[int, list[int]] = {}              # attacker -> the creatures blocking it so far
        for b, a in decision.context.get("blocks", ()):
            mine.setdefault(a, []).append(b)
        blocks = by_kind.get(ActionKind.BLOCK, [])
        offered: dict[int, list[int]] = {}           # attacker -> the creatures offered to block it
        for act in blocks:
            offered.setdefault(act.args[1], []).append(act.args[0])

        def block(b: int, a: int) -> Action:
            return next(x for x in blocks if x.args == (b, a))

        def power(ids) -> int:
            return sum(ch.power(s, s.objs[i]) for i in ids)

        def sturdiest(ids) -> int:
            return max(ids, key=lambda i: (ch.toughness(s, s.objs[i]), ch.power(s, s.objs[i])))

        if ActionKind.DONE not in by_kind:                    # CR 509.1: the blocks so far need more
            short = [a for a in mine if a in offered and len(mine[a]) < combat.fewest_blockers(s, s.objs[a])]
            if short:
                return block(sturdiest(offered[short[0]]), short[0])
            return decision.options[0]
        for a, ids in mine.items():                  # a second blocker where it makes the kill
            att = s.objs[a]
            if a in offered and power(ids) < ch.toughness(s, att):
                killers = [b for b in offered[a] if power(ids) + power([b]) >= ch.toughness(s, att)]
                if killers:
                    return block(sturdiest(killers), a)
        for a, cands in offered.items():
            if a in mine:
                continue
            att = s.objs[a]
            need = combat.fewest_blockers(s, att)
            groups = [g for g in combinations(cands, need) if self._good_block(s, att, g)]
            if not groups and need == 1:             # two that kill it and can't both die
                groups = [g for g in combinations(cands, 2) if power(g) >= ch.toughness(s, att)
                          and ch.power(s, att) < sum(ch.toughness(s, s.objs[i]) for i in g)]
            if groups:
                return block(sturdiest(groups[0]), a)
        incoming = sum(ch.power(s, o) for o in s.permanents()      # what attacks this player
                       if o.attacking == me and o.id not in mine)
        free = [act for act in blocks if act.args[1] not in mine]
        if free and incoming >= s.players[me].life:
            return max(free, key=lambda act: ch.power(s, s.objs[act.args[1]]))
        return by_kind[ActionKind.DONE][0]

    @staticmethod
    def _good_block(s, att, group) -> bool:
        """Whether the creatures ``group`` blocking ``att`` kill it or all survive it."""
        blockers = [s.objs[i] for i in group]
        return (sum(ch.power(s, b) for b in blockers) >= ch.toughness(s, att)
                or all(ch.toughness(s, b) > ch.power(s, att) for b in blockers))

    def _target(self, s, decision: Decision) -> Action:
        me = decision.player
        item = next((i for i in s.stack if i.id == decision.context.get("item")), None)
        helpful = item is not None and _is_helpful(item)
        for o in decision.options:
            if o.kind != ActionKind.TARGET:
                continue
            t = o.args[0]
            mine = (t == f"p{me}") if isinstance(t, str) else (t in s.objs and s.objs[t].controller == me)
            if mine == helpful:
                return o
        return decision.options[0]


def _is_helpful(item) -> bool:
    ab = item.ability
    effects = getattr(ab, "effects", ())
    return any(isinstance(e, (ir.ModifyPT, ir.GrantKeywords, ir.PutCounters, ir.Untap))
               and not getattr(e, "negate_power", False) for e in effects)


@dataclass(frozen=True, slots=True)
class Param:
    """One ``key=value`` an agent spec may carry: its type and inclusive bounds."""

    name: str
    type: type
    low: float
    high: float

    def parse(self, text: str, agent: str):
        try:
            value = self.type(text)
        except ValueError:
            raise AgentSpecError(f"agent {agent!r}: {self.name}={text!r} is not "
                                 f"{'an integer' if self.type is int else 'a number'}") from None
        if not self.low <= value <= self.high:
            raise AgentSpecError(f"agent {agent!r}: {self.name}={text} is out of range "
                                 f"[{self.low:g}, {self.high:g}]")
        return value


@dataclass(frozen=True, slots=True)
class AgentKind:
    """A registered agent: how to build it from a seed and its parameters. Calling it builds
    one: ``AGENTS["heuristic"](seed)``."""

    factory: Callable[..., object]
    params: tuple[Param, ...] = ()

    def __call__(self, seed: int, **params):
        return self.factory(seed, **params)


class AgentSpecError(ValueError):
    """An agent spec that names no agent, or a parameter it doesn't take or can't hold."""


def _mcts(seed: int, iterations: int = 50, seconds: float | None = None, c: float = 0.7,
          horizon: int = 1, top: int = 3, combat_horizon: int = 2,
          combat_iterations: int = 0, declarations: int = 6, gap: float = 0.0,
          spells: int = 0) -> MCTSAgent:
    """The search player: the tactician's rules play its rollouts, scored by the tactician's
    reading of the position; the tactician's ranking orders the answers it tries first at the
    root and only its ``top`` best are searched (0: all; a line it knows wins is played at once)."""
    config = MCTSConfig(iterations=iterations, seconds=seconds, exploration=c, horizon=horizon, top=top,
                        combat_horizon=combat_horizon, combat_iterations=combat_iterations,
                        declarations=declarations, gap=gap, spells=spells)
    return MCTSAgent(TacticianAgent(seed, search=0, lookahead=False), config, seed,
                     prior=TacticianAgent(seed), score=by_position)


AGENTS: dict[str, AgentKind] = {
    "random": AgentKind(RandomAgent),
    "first": AgentKind(lambda seed: FirstLegalAgent()),
    "heuristic": AgentKind(HeuristicAgent),             # rules only: the cheapest sensible player
    "tactician": AgentKind(TacticianAgent, (            # see manastack.tactician
        Param("search", int, 0, 100_000),               # answers one search for a win may push
    )),
    "mcts": AgentKind(_mcts, (                          # see manastack.mcts
        Param("iterations", int, 1, 100_000),           # iterations per searched decision
        Param("seconds", float, 0.001, 3600.0),         # also stop a search after this long
        Param("c", float, 0.0, 100.0),                  # UCB1 exploration constant
        Param("horizon", int, 1, 50),                   # turn changes a rollout plays
        Param("top", int, 0, 100),                      # root answers searched: the prior's best
        Param("combat_horizon", int, 1, 50),            # turn changes a search of attackers or blockers plays
        Param("combat_iterations", int, 0, 100_000),    # iterations of such a search (0: iterations)
        Param("declarations", int, 0, 1_000),           # worlds whole declarations are compared in (0: tree)
        Param("gap", float, 0.0, 1e6),                  # search only when the prior's best two are this close
        Param("spells", int, 0, 1_000),                 # worlds the prior's best answers are compared in (0: tree)
    )),
}


def agent_names() -> str:
    """The registered agents with the keys they take, e.g. ``mcts[:iterations=,c=,...]``."""
    return ", ".join(name + (f"[:{'=,'.join(p.name for p in kind.params)}=]" if kind.params else "")
                     for name, kind in AGENTS.items())


MAX_SPEC_LENGTH = 200


def parse_agent(spec: str, seed: int = 0):
    """Build an agent from a spec: ``name`` or ``name:key=value,...`` (for example
    ``mcts:iterations=200``). Raises :class:`AgentSpecError` with a one-line reason for an
    unknown name, key or value."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError("agent spec is empty: expected a name such as 'heuristic'")
    if len(spec) > MAX_SPEC_LENGTH:
        raise AgentSpecError(f"agent spec is longer than {MAX_SPEC_LENGTH} characters")
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    kind = AGENTS.get(name)
    if kind is None:
        raise AgentSpecError(f"unknown agent {name!r}: expected one of {', '.join(AGENTS)}")
    params = {p.name: p for p in kind.params}
    values: dict[str, object] = {}
    for item in filter(None, (i.strip() for i in rest.split(","))) if rest else ():
        key, eq, text = (x.strip() for x in item.partition("="))
        if key not in params:
            takes = ", ".join(params) or "no parameters"
            raise AgentSpecError(f"agent {name!r} has no parameter {key!r} (it takes {takes})")
        if not eq or not text:
            raise AgentSpecError(f"agent {name!r}: parameter {key!r} needs a value ({key}=...)")
        if key in values:
            raise AgentSpecError(f"agent {name!r}: parameter {key!r} is given twice")
        values[key] = params[key].parse(text, name)
    if rest.strip() and not values:
        raise AgentSpecError(f"agent {name!r}: expected key=value after ':', got {rest!r}")
    return kind.factory(seed, **values)


def split_agent_specs(text: str) -> list[str]:
    """Split a comma-separated list of agent specs, where a spec's own ``key=value``
    parameters are comma-separated too: ``mcts:iterations=50,c=1,heuristic`` is two specs."""
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


class Explained:
    """Wraps an agent and writes, at each decision with more than one answer worth considering
    (:func:`manastack.choices.candidates`), its ``top`` best answers with their scores, for an
    agent that scores them (``ranked(game, decision)``, as the tactician does), or the answer
    it took otherwise."""

    def __init__(self, agent, name: str, write: Callable[[str], None], top: int = 3) -> None:
        self.agent, self.name, self.write, self.top = agent, name, write, top

    def choose(self, game, decision: Decision) -> Action:
        ranked = getattr(self.agent, "ranked", None)
        scored = ranked(game, decision) if ranked is not None else None
        action = scored[0].action if scored else self.agent.choose(game, decision)
        if len(candidates(decision)) > 1:
            s = game.peek()
            self.write(f"T{s.turn} {s.step} {self.name}, {decision.kind}: {action}")
            for i, sc in enumerate((scored or [])[:self.top]):
                self.write(f"    {i + 1}. {sc.action}  {sc.score:+.2f}  {sc.note}")
            if scored is None:
                self.write("    (this agent gives no scores)")
        return action


def play_out(game, agents, max_actions: int = 100_000):
    """Let ``agents`` (one per player) answer until the game ends; returns the result."""
    players = len(game.peek().players)
    if not isinstance(agents, (list, tuple)) or len(agents) != players \
            or not all(callable(getattr(a, "choose", None)) for a in agents):
        raise ValueError(f"play_out: agents must be a list of {players} agents (objects with a choose method), "
                         "one per player, not "
                         f"{type(agents).__name__}" + (f" of {len(agents)}" if isinstance(agents, (list, tuple)) else ""))
    for _ in range(max_actions):
        decision = game.pending
        if decision is None:
            return game.result
        game.push(agents[decision.player].choose(game, decision))
    raise RuntimeError(f"the game did not end within {max_actions} actions")
