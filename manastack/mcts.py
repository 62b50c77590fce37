"""A search-based player: single-observer information-set Monte Carlo tree search (ISMCTS).

Each iteration samples one world consistent with what the searching player knows
(:func:`manastack.determinize.determinize`: the opponent's hand and both libraries resampled,
CR 400.2), walks one shared tree of action sequences in that world with UCB1 (counting, for
each action, the iterations in which it was available), adds one node, then plays on with a
rollout policy for a limited horizon and scores the position. Worlds are searched on copies
(``Game.copy()`` is O(1)); the real game is never touched.

Only choices that matter are searched (:func:`manastack.choices.candidates`): no idle mana
abilities at priority, the auto-payer for payments, and a decision left with a single answer is
taken without search. A decision samples at most ``MCTSConfig.worlds`` worlds and searches
copies of them, the root's answers compared in the same world first; priorities where a
sorcery-speed player has nothing to do (:func:`_idle`) are passed without listing the options,
at the root, in the tree and in rollouts; mulligans are left to the rollout agent. A search
of attackers or blockers plays its rollouts through the next turn (``combat_horizon``), so an
attack sees the crack-back; with ``MCTSConfig.declarations`` such a search compares whole
declarations (the rollout agent's and its neighbours) in the same sampled worlds instead of
growing a tree one attacker at a time (:meth:`MCTSAgent._declare`). Below the root a node
grows its children slowly (progressive widening), the rollout agent's answer first, so that
with a small budget an answer at the root is judged by a sensible continuation, not a random
one. The answer is the one with the best
mean score (among those searched enough), the prior's unless another beats it by a margin.

With a ``prior`` (an agent with ``ranked(game, decision)``, the tactician in the ``mcts``
spec, which looks ahead in a sampled world, CR 400.2) the root's untried answers are expanded
in the prior's order, its first answer is kept unless another scores better by
``MCTSConfig.margin``, and an answer the prior knows to be on a line that wins this turn is
taken without search; so is a priority answer the prior didn't weigh (a land played first,
CR 305.1). With ``MCTSConfig.top``, only the prior's ``top`` best answers are searched when
it scored several; with ``MCTSConfig.gap``, the prior's first is taken unsearched when it
beats the second by that much.

The tree below the answer given is kept for the player's next decision when that decision
follows at once (the next step of a declaration, the next choice of a spell): the player's
view of the game and their decision are compared with what they would see in a sampled world
once the answer is given there. Only what the player may see is read (CR 400.2).

``score`` scores a position where a rollout stops (the ``mcts`` spec: :func:`by_position`,
the tactician's reading of the board).

The agent is deterministic for a given seed and iteration budget; a budget in seconds stops at
whichever limit comes first and is then, by nature, not reproducible.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from manastack.choices import candidates
from manastack.determinize import determinize
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action, ActionKind, Decision, DecisionKind
from manastack.game import Game
from manastack.rng import Rng
from manastack.tactician import MAIN_STEPS, PASS, WIN
from manastack.tactician import evaluate as position

IDLE_STEPS = frozenset(("upkeep", "draw", "beginning_of_combat", "end_of_combat", "end"))  # CR 503-513
DONE = Action(ActionKind.DONE, (), "done")         # the end of a declaration (CR 508.1, 509.1)
DECLARATIONS = 12          # declarations of attackers or blockers compared at most


@dataclass(frozen=True, slots=True)
class MCTSConfig:
    """The search budget and its knobs. ``iterations`` and ``seconds`` both bound the search
    (``seconds=None``: iterations only). ``exploration`` is UCB1's constant; ``horizon`` the
    number of turn changes a rollout may see before the position is scored, ``rollout_actions``
    a cap on the actions of one rollout (the position is scored where it stops). ``worlds`` is
    the number of determinizations sampled for one decision at most; with ``n`` answers at the
    root, iteration ``i`` searches a copy of world ``(i // n) mod worlds``. ``top``: with a
    prior that scores several answers, only its ``top`` best are searched (0: all).
    ``combat_horizon``: the horizon of a search for attackers or blockers (CR 508.1, 509.1),
    at least ``horizon``; 2 lets a declaration of attackers see the opponent's next turn (the
    crack-back) and one of blockers the player's own next attack. ``widening``: below the
    root a node with ``v`` visits has at most ``1 + int(widening * sqrt(v))`` children, the
    rollout agent's answer first (progressive widening). ``margin``: with a prior, another
    answer is taken instead of the prior's first only when its mean score is higher by this
    much (scores are in [0, 1]). ``combat_iterations``: the iterations of a search for
    attackers or blockers, whose rollouts play longer and where the prior answers by rule
    alone (0: ``iterations``). ``declarations``: the number of sampled worlds in which whole
    declarations of attackers or blockers are compared (:meth:`MCTSAgent._declare`; 0: they
    are searched one attacker or block at a time in the tree). ``gap``: with a prior that
    scores several answers, the search runs only when the second is within ``gap`` of the
    first (in the prior's units); otherwise the prior's first is the answer (0: always search).
    ``spells``: the number of sampled worlds in which the prior's best answers (``top``) at a
    priority or a spell's choice are compared through ``combat_horizon`` turn changes
    (:meth:`MCTSAgent._weigh`; 0: searched in the tree for ``horizon``)."""

    iterations: int = 50
    seconds: float | None = None
    exploration: float = 0.7
    horizon: int = 1
    rollout_actions: int = 300
    worlds: int = 8
    top: int = 0
    combat_horizon: int = 2
    widening: float = 0.5
    margin: float = 0.02
    combat_iterations: int = 0
    declarations: int = 0
    gap: float = 0.0
    spells: int = 0


@dataclass(slots=True)
class _Node:
    """Statistics of the action that leads here, from the view of the player who took it."""

    children: dict[Action, "_Node"] = field(default_factory=dict)
    visits: int = 0
    value: float = 0.0
    available: int = 1


def evaluate(game: Game) -> float:
    """Player 0's expected score in [0, 1]: the result when the game is over, otherwise a
    squashed sum of life, creatures' power and toughness, cards in hand and lands."""
    result = game.result
    if result is not None:
        return 0.5 if result.winner is None else float(result.winner == 0)
    s = game.peek()
    score = 0.0
    for p in s.players:
        sign = 1.0 if p.index == 0 else -1.0
        total = p.life - 3 * p.poison + 0.8 * len(p.hand)
        for o in s.permanents(p.index):
            if ch.is_creature(s, o):
                power, toughness = ch.power_toughness(s, o)
                total += 1.5 * power + 0.7 * toughness
            else:
                total += 0.6
        score += sign * total
    return 0.5 + 0.5 * math.tanh(score / 20.0)


def by_position(game: Game, scale: float = 12.0) -> float:
    """Player 0's expected score in [0, 1] by the tactician's reading of the position
    (:func:`manastack.tactician.evaluate`: life, creatures by their keywords, lands, cards in
    hand), squashed; the result when the game is over."""
    result = game.result
    if result is not None:
        return 0.5 if result.winner is None else float(result.winner == 0)
    return 0.5 + 0.5 * math.tanh(position(game, 0) / scale)


class MCTSAgent:
    """Information-set MCTS (see the module docstring). ``rollout`` is the agent that plays
    both sides after the tree (for example a :class:`~manastack.agents.HeuristicAgent`)."""

    def __init__(self, rollout, config: MCTSConfig = MCTSConfig(), seed: int = 0, prior=None,
                 score: Callable[[Game], float] = evaluate) -> None:
        self.rollout = rollout
        self.score = score         # where a rollout stops: player 0's expected score in [0, 1]
        self.prior = prior         # an agent with ranked(game, decision): the root's answers tried in its order
        self.config = config
        self.rng = Rng(seed)
        self.searches = 0          # decisions that needed a search
        self.iterations = 0        # iterations run, over all searches
        self.skipped_worlds = 0    # sampled worlds in which the answers so far didn't replay
        self.reused = 0            # searches that began from the tree of the decision before
        self.declared = 0          # declarations of attackers or blockers compared whole
        self.weighed = 0           # other decisions whose prior's best answers were compared whole
        # the subtree below the last answer searched, with what the player would see once it
        # is given (see _seen) and the player: the next decision's tree when it follows at once
        # (see _kept_tree)
        self._kept: tuple[tuple, int, _Node] | None = None
        # the rest of a declaration chosen whole: what the player sees while it is under way,
        # the player, the blocks or attackers declared so far, the answers left (see _declare)
        self._declaring: tuple[dict, int, list, list[Action]] | None = None

    def choose(self, game: Game, decision: Decision) -> Action:
        if decision.kind is DecisionKind.PRIORITY and _idle(game.peek(), decision.player):
            return PASS
        options = candidates(decision)
        if len(options) == 1:
            return options[0]
        if decision.kind == DecisionKind.MULLIGAN:
            # CR 103.5: a rollout of one turn can't tell a kept hand from a smaller one
            return self.rollout.choose(game, decision)
        order, sure, scored, lead = self._prior_order(game, decision, options)
        if sure:                   # the prior found a line that wins this turn (CR 104.3a)
            return order[0]
        if scored == 1 and decision.kind is DecisionKind.PRIORITY:
            return order[0]        # the prior weighed nothing: a land to play first (CR 305.1)
        combat = decision.kind in (DecisionKind.ATTACKERS, DecisionKind.BLOCKERS)
        cfg = self.config
        if combat and cfg.declarations:
            return self._declare(game, decision)
        if cfg.gap and scored > 1 and lead >= cfg.gap:
            return order[0]        # the prior's first answer is clearly the best: no search
        if cfg.top and scored > 1:
            options = tuple(order[:min(cfg.top, scored)])
        if cfg.spells and scored > 1 and not combat:
            return self._weigh(game, decision, options)
        self.searches += 1
        root = self._kept_tree(game, decision)
        horizon = max(cfg.horizon, cfg.combat_horizon) if combat else cfg.horizon
        iterations = cfg.combat_iterations if combat and cfg.combat_iterations else cfg.iterations
        deadline = None if cfg.seconds is None else time.perf_counter() + cfg.seconds
        # CR 400.2: the unknowns are sampled, at most ``cfg.worlds`` times a decision; the
        # answers at the root are tried in turn in the same world (common random numbers), so
        # their first comparisons differ by the answer, not by the luck of the sample
        worlds: list[Game | None] = []
        for i in range(iterations):
            if deadline is not None and time.perf_counter() >= deadline:
                break
            w = (i // len(options)) % cfg.worlds
            if w == len(worlds):
                worlds.append(determinize(game, decision.player, self.rng.next64()))
                if worlds[w] is None:
                    self.skipped_worlds += 1
            world = worlds[w]
            if world is None:
                continue
            self._iterate(world.copy(), root, order, options, horizon)
            self.iterations += 1
        tried = [a for a in options if a in root.children]
        if not tried:
            return order[0] if order else options[0]
        best = self._best(root, tried, order)
        world = next((w for w in worlds if w is not None), None)
        if world is not None:      # what the player will see once the answer is given, if
            after = world.copy()   # nothing is revealed (a world is what the player sees)
            after.push(best)
            self._kept = (_seen(after, decision.player), decision.player, root.children[best])
        return best

    def _kept_tree(self, game: Game, decision: Decision) -> _Node:
        """The root of a search: the subtree below this player's last searched answer when what
        the player sees now (:func:`_seen`: their view of the game and their decision) is what
        they saw in a sampled world once that answer was given there (the next step of the
        same declaration of attackers or blockers, the next choice of the same spell, CR 601.2,
        508.1, 509.1), else a new one. Nothing was revealed in between, so the iterations
        below that answer were spent in worlds this player still can't tell from the real one
        (CR 400.2), and count. Only what the player may see is compared."""
        kept, self._kept = self._kept, None
        if kept is not None and kept[1] == decision.player and kept[0] == _seen(game, decision.player):
            self.reused += 1
            return kept[2]
        return _Node()

    def _declare(self, game: Game, decision: Decision) -> Action:
        """A declaration of attackers or blockers (CR 508.1, 509.1) chosen whole, then given one
        attacker or block at a time. The rollout agent declares in a sampled world; that
        declaration, none, it less each of its attackers or blocks, it with each other one
        offered (attackers: and with all of them) are each played in the same
        ``MCTSConfig.declarations`` sampled worlds (CR 400.2; common random numbers: the
        declarations differ only by themselves) and played on for ``combat_horizon`` turn
        changes (an attack sees the crack-back). The best mean score is declared, the rollout
        agent's unless another beats it by ``MCTSConfig.margin``. The next steps of the
        declaration follow it while the player sees the game as it was, with the declaration
        so far as chosen (read from the player's view and decision only)."""
        me, kind = decision.player, decision.kind
        seen, so_far = game.view(me), _declared(decision)
        kept, self._declaring = self._declaring, None
        if kept is not None and kept[1] == me and kept[2] == so_far and kept[3][0] in decision.options \
                and kept[0] == seen:
            return self._follow(seen, me, so_far, kept[3])
        worlds = self._worlds(game, me, self.config.declarations)
        if not worlds:
            return self.rollout.choose(game, decision)
        self.declared += 1
        choices = _variants(self._rollout_declaration(worlds[0].copy(), me, kind), decision)
        best = self._compare(worlds, me, choices, lambda g, choice: _declare_in(g, me, kind, choice))
        if best is None:
            return self.rollout.choose(game, decision)
        return self._follow(seen, me, so_far, [*choices[best], DONE])

    def _worlds(self, game: Game, me: int, n: int) -> list[Game]:
        """``n`` worlds sampled from what ``me`` sees (CR 400.2), less those where the answers
        in progress don't replay."""
        worlds = [w for w in (determinize(game, me, self.rng.next64()) for _ in range(n)) if w is not None]
        self.skipped_worlds += n - len(worlds)
        return worlds

    def _compare(self, worlds: list[Game], me: int, choices: list, play) -> int | None:
        """The index of the best of ``choices``, each played by ``play(game, choice)`` (False:
        not legal) in a copy of each of ``worlds`` and played on for ``combat_horizon`` turn
        changes (common random numbers: the choices are compared on the same cards to come).
        The best mean score for ``me`` wins, the first choice unless another beats it by
        ``MCTSConfig.margin``; None when none is legal."""
        cfg = self.config
        horizon = max(cfg.horizon, cfg.combat_horizon)
        means: dict[int, float] = {}
        for i, choice in enumerate(choices):
            total = 0.0
            for w in worlds:
                g = w.copy()
                if not play(g, choice):
                    break          # not legal (in every world: what the player does is public)
                value = self._rollout(g, horizon)
                total += value if me == 0 else 1.0 - value
            else:
                means[i] = total / len(worlds)
        if not means:
            return None
        best = max(means, key=lambda i: (means[i], -i))
        if 0 in means and means[best] < means[0] + cfg.margin:
            best = 0
        return best

    def _weigh(self, game: Game, decision: Decision, options: tuple[Action, ...]) -> Action:
        """The prior's best answers (``options``, its first first) compared whole: each given
        in the same ``MCTSConfig.spells`` sampled worlds and played on through the next turn
        (:meth:`_compare`), so that a spell is judged by the opponent's turn too."""
        me = decision.player
        worlds = self._worlds(game, me, self.config.spells)

        def play(g: Game, answer: Action) -> bool:
            if g.pending is None or answer not in g.pending.options:
                return False
            g.push(answer)
            return True

        best = self._compare(worlds, me, list(options), play) if worlds else None
        if best is None:
            return options[0]
        self.weighed += 1
        return options[best]

    def _follow(self, seen: dict, me: int, so_far: list, answers: list[Action]) -> Action:
        """The next answer of a declaration chosen whole; the rest kept for the next step."""
        if len(answers) > 1:
            self._declaring = (seen, me, so_far + [_key(answers[0])], answers[1:])
        return answers[0]

    def _rollout_declaration(self, g: Game, me: int, kind: DecisionKind) -> list[Action]:
        """The attackers or blocks the rollout agent declares in ``g`` (a sampled world)."""
        declared: list[Action] = []
        while g.pending is not None and g.pending.player == me and g.pending.kind is kind:
            action = self.rollout.choose(g, g.pending)
            if action.kind not in (ActionKind.ATTACK, ActionKind.BLOCK):
                break
            declared.append(action)
            g.push(action)
        return declared

    def _best(self, root: _Node, tried: list[Action], order: list[Action]) -> Action:
        """The answer with the best mean score among those searched at least half as often as
        the most searched; the prior's first of them unless another beats it by
        ``MCTSConfig.margin`` (a tie goes to the prior's order). With a few iterations UCB1
        visits the answers almost evenly, so the visits say little and the means more; the
        answers were compared in the same worlds (common random numbers)."""
        most = max(root.children[a].visits for a in tried)
        enough = [a for a in tried if 2 * root.children[a].visits >= most]
        rank = {a: i for i, a in enumerate(order)}

        def mean(a: Action) -> float:
            return root.children[a].value / root.children[a].visits

        best = max(enough, key=lambda a: (mean(a), -rank.get(a, len(rank))))
        default = next((a for a in order if a in enough), None)
        if default is not None and mean(best) < mean(default) + self.config.margin:
            return default
        return best

    def _prior_order(self, game: Game, decision: Decision,
                     options) -> tuple[list[Action], bool, int, float]:
        """The root's answers in the prior agent's order, best first (empty without a prior),
        whether the first is on a line the prior knows wins this turn, how many of them the
        prior scored, and by how much its first beats its second (infinite with fewer than
        two). The prior (the tactician) looks ahead in a world it samples itself, not in the
        real game (CR 400.2)."""
        if self.prior is None:
            return [], False, 0, math.inf
        scored = [sc for sc in self.prior.ranked(game, decision) if sc.action in options]
        ranked = [sc.action for sc in scored]
        order = ranked + [a for a in options if a not in ranked]
        lead = scored[0].score - scored[1].score if len(scored) > 1 else math.inf
        return order, bool(scored) and scored[0].score >= WIN, len(ranked), lead

    def _iterate(self, game: Game, root: _Node, order: list[Action], at_root: tuple[Action, ...],
                 horizon: int) -> None:
        """One selection, expansion, rollout and backup in one sampled world; at the root the
        answers are ``at_root``, the untried ones expanded in the prior's ``order`` when there is
        one."""
        node = root
        path: list[tuple[_Node, int]] = []
        while game.pending is not None:
            decision = game.pending
            if node is root and not path:
                options = at_root
            elif decision.kind is DecisionKind.PRIORITY and _idle(game.peek(), decision.player):
                game.push(PASS)
                continue
            else:
                options = candidates(decision)
            if len(options) == 1:
                game.push(options[0])
                continue
            for a in options:
                if a in node.children:
                    node.children[a].available += 1
            untried = [a for a in options if a not in node.children]
            present = [a for a in options if a in node.children]
            if node is root:
                widen = bool(untried)
                first = [a for a in order if a in untried]
            else:                  # progressive widening, the rollout agent's answer first
                allowed = 1 + int(self.config.widening * math.sqrt(node.visits))
                widen = bool(untried) and (not present or len(present) < allowed)
                policy = self.rollout.choose(game, decision) if widen else None
                first = [policy] if policy in untried else []
            if widen:
                action = first[0] if first else untried[self.rng.below(len(untried))]
                child = node.children[action] = _Node()
                game.push(action)
                path.append((child, decision.player))
                break
            action = max(present, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            game.push(action)
            path.append((node, decision.player))
        value = self._rollout(game, horizon)
        for n, mover in path:
            n.visits += 1
            n.value += value if mover == 0 else 1.0 - value

    def _ucb(self, n: _Node) -> float:
        if n.visits == 0:
            return math.inf
        return n.value / n.visits + self.config.exploration * math.sqrt(math.log(n.available) / n.visits)

    def _rollout(self, game: Game, horizon: int) -> float:
        """Play on with the rollout agent until ``horizon`` turn changes, then score for player 0."""
        turn_changes, turn = 0, game.turn
        for _ in range(self.config.rollout_actions):
            decision = game.pending
            if decision is None:
                break
            now = game.turn
            if now != turn:
                turn, turn_changes = now, turn_changes + 1
                if turn_changes >= horizon:
                    break
            if decision.kind is DecisionKind.PRIORITY and _idle(game.peek(), decision.player):
                game.push(PASS)
                continue
            options = candidates(decision)
            game.push(options[0] if len(options) == 1 else self.rollout.choose(game, decision))
        return self.score(game)


def _seen(game: Game, player: int) -> tuple:
    """What ``player`` sees of ``game`` (CR 400.2): their view (public zones, their own hand,
    the sizes of hidden zones, :meth:`Game.view`) and the decision pending when it is theirs."""
    d = game.pending
    mine = None if d is None or d.player != player else (d.kind, d.context, d.options)
    return game.view(player), mine


def _declared(d: Decision) -> list:
    """The attackers or blocks declared so far in a declaration under way (CR 508.1, 509.1)."""
    if d.kind is DecisionKind.ATTACKERS:
        return [c[0] if isinstance(c, (list, tuple)) else c for c in d.context.get("chosen", ())]
    return [tuple(b) for b in d.context.get("blocks", ())]


def _key(a: Action):
    """How an attacker or a block appears in :func:`_declared` once given."""
    return a.args[0] if a.kind is ActionKind.ATTACK else tuple(a.args)


def _variants(own: list[Action], d: Decision) -> list[tuple[Action, ...]]:
    """The declarations :meth:`MCTSAgent._declare` compares, ``own`` first: none, ``own`` less
    each of its answers, ``own`` with each other offered (for attackers one per creature, and
    all of them together); each set once, at most ``DECLARATIONS``."""
    core = tuple(own)
    out = [core, ()] + [core[:i] + core[i + 1:] for i in range(len(core))]
    if d.kind is DecisionKind.ATTACKERS:
        used = {a.args[0] for a in core}
        extra: dict[int, Action] = {}
        for o in d.options:
            if o.kind is ActionKind.ATTACK and o.args[0] not in used and o.args[0] not in extra:
                extra[o.args[0]] = o
        out += [core + (a,) for a in extra.values()]
        out.append(core + tuple(extra.values()))
    else:
        out += [core + (o,) for o in d.options if o.kind is ActionKind.BLOCK and o not in core]
    seen: set[frozenset[Action]] = set()
    unique = []
    for v in out:
        if frozenset(v) not in seen:
            seen.add(frozenset(v))
            unique.append(v)
    return unique[:DECLARATIONS]


def _declare_in(g: Game, me: int, kind: DecisionKind, answers: tuple[Action, ...]) -> bool:
    """Give ``answers`` in ``g``, then "done" unless the declaration ended with the last (no
    creature left to declare, CR 508.1a); whether each was offered."""
    for a in answers:
        d = g.pending
        if d is None or d.player != me or d.kind is not kind or a not in d.options:
            return False
        g.push(a)
    d = g.pending
    if d is not None and d.player == me and d.kind is kind:     # the same declaration, under way
        if DONE not in d.options:
            return False   # an unfinished declaration (menace: a second blocker, CR 702.111b)
        g.push(DONE)
    return True


def _idle(s, player: int) -> bool:
    """Whether the search passes priority without looking at the options: with an empty stack
    in the opponent's main phases (CR 505) and in the steps without combat to act in
    (upkeep, draw, beginning and end of combat, end step), where a player could only cast an
    instant for no reason the horizon can see. So the search casts instants in its main phases,
    during combat and in answer to a spell; listing the options at every priority was most of
    the cost of a rollout."""
    if s.stack:
        return False
    if s.step in MAIN_STEPS:
        return s.active != player
    return s.step in IDLE_STEPS
