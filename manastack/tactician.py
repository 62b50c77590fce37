"""The ``tactician`` agent: plays by the board, not by card names.

It reads the position through the engine's characteristics (power, toughness and keywords after
the layers, CR 613) and the compiled abilities, never a card's name:

- **Finding the win** (CR 104.3a): on its own turn, when its attackers and the burn in its hand
  could add up to the opponents' life, it searches its own choices (casting, targets, attackers,
  CR 508.1) depth first on copies of the game, the opponents answering by its quick policy, and
  follows a line that wins this turn.
- **Comparing answers by their outcome**: otherwise, for a priority with something to do and
  for the choices a spell asks for (targets, X, an alternative or additional cost, a sacrifice),
  it plays each answer on a copy to the end of the turn with the quick policy and scores the
  position (:func:`evaluate`: life, which counts for more when it is low, creatures by power,
  toughness and keywords, lands, cards in hand). So burn goes to the face when the life it takes
  is worth more than the card, removal to the creature worth most, and a Fireblast or flashback
  that sacrifices lands for a little damage scores below keeping them.
- **Combat** (CR 506-511): attacks with the creatures no blocker can profitably stop, and holds
  back what it needs to survive the crack-back; with several opponents it kills those it can
  this turn, else attacks the leader (:meth:`TacticianAgent.choose_targets`); blocks to kill and survive, trade up, or save
  life that matters, and chumps only when the damage would be lethal. Each fight reckons first
  strike, double strike, deathtouch, indestructible and marked damage; menace and trample count
  in who can stop what; lifelink and the other keywords in what a creature is worth.
- **Mana**: a land first (CR 305.1), the one whose colors the hand needs most; the auto-payer
  taps the sources (docs/mana.md).
- **The London mulligan** (CR 103.5): keeps two to five lands in seven cards, and bottoms the
  cards it needs least.

**Hidden information** (CR 400.2): the lookahead and the search for a win play on a sampled
world (:func:`manastack.determinize.determinize`), never on the real game: the opponents' hands
and the libraries are dealt again at random among the cards the player can't see, so what it
plays can't depend on an opponent's hand or on the order of a library. The worlds are drawn from
the agent's own generator, seeded by ``seed``: the same game and seed get the same answers.
"""
from __future__ import annotations

from dataclasses import dataclass

from manastack.determinize import determinize
from manastack.engine import attack_targets, combat
from manastack.engine.mechanics import loyalty
from manastack.engine import characteristics as ch
from manastack.engine.decisions import Action, ActionKind, Decision, DecisionKind
from manastack.engine.state import Obj, State
from manastack.game import Game
from manastack.oracle import ir
from manastack.rng import Rng
from manastack.engine.zones import BATTLEFIELD

SETTLE_ACTIONS = 150           # a lookahead plays at most this many answers
LOOKAHEAD_OPTIONS = 12         # at most this many answers of one decision are compared by lookahead
#: the kinds of decision where the answer is worth playing out: they come while a spell is cast
#: or resolves, and decide what it does (CR 601.2b-h, 608.2)
COMPARED = frozenset((DecisionKind.TARGETS, DecisionKind.X, DecisionKind.ALTERNATIVE_COST,
                      DecisionKind.ADDITIONAL_COST, DecisionKind.SACRIFICE, DecisionKind.MODES,
                      DecisionKind.MAY, DecisionKind.KICKER, DecisionKind.MULTIKICKER,
                      DecisionKind.BUYBACK, DecisionKind.ENTWINE, DecisionKind.UNLESS,
                      DecisionKind.DIVIDE, DecisionKind.NEW_TARGET, DecisionKind.VOTE))
#: choices of a card to give up, answered by the card's worth to its owner
GIVE_UP = frozenset((DecisionKind.DISCARD, DecisionKind.BOTTOM, DecisionKind.EXILE_COST,
                     DecisionKind.RETURN_COST, DecisionKind.HAND_TO_LIBRARY))
WIN, LOSS = 1e6, -1e6
PASS = Action(ActionKind.PASS, (), "pass priority")      # CR 117.3d
MAIN_STEPS = frozenset(("main1", "main2"))                 # CR 505


@dataclass(frozen=True, slots=True)
class Scored:
    """One answer and its score (higher is better), with a few words on how it was scored."""

    action: Action
    score: float
    note: str = ""


# ------------------------------------------------------------------ reading the board


def creature_value(s: State, o: Obj) -> float:
    """What a creature on the battlefield is worth to its controller, from its power, toughness
    and keyword abilities (CR 702) as they are now."""
    p, t = ch.power_toughness(s, o)
    p, t = max(p, 0), max(t, 0)
    kw = ch.keywords(s, o)
    v = 1.0 + 1.5 * p + 0.8 * t
    if "flying" in kw:
        v += 0.6 * p + 0.5
    if "double strike" in kw:
        v += 1.5 * p
    elif "first strike" in kw:
        v += 0.5 + 0.3 * p
    if "deathtouch" in kw:
        v += 2.0
    if "lifelink" in kw:
        v += 0.5 * p
    if "trample" in kw or "menace" in kw:
        v += 0.3 * p
    if "vigilance" in kw or "reach" in kw:
        v += 0.5
    if "indestructible" in kw or "hexproof" in kw:
        v += 1.5
    if combat.cant_attack(s, o) is not None and combat.cant_block(s, o) is not None:
        v *= 0.25                      # CR 508.1c, 509.1b: it fights for no one
    return v


def life_value(life: int) -> float:
    """A life total's worth: each point counts more in the last six (a point there is closer to
    losing, CR 104.3a)."""
    return 0.5 * life + 0.8 * min(life, 6)


def player_value(s: State, p: int) -> float:
    """One player's position: life, poison (CR 104.3d), permanents and cards in hand."""
    pl = s.players[p]
    if pl.lost:
        return LOSS
    v = life_value(pl.life) - 2.0 * pl.poison
    lands = 0
    for o in s.permanents(p):
        if ch.is_creature(s, o):
            v += creature_value(s, o)
        elif ch.is_type(s, o, "Land"):
            lands += 1
            v += 2.5 if lands <= 6 else 0.4
        else:
            v += 1.2
    for i in pl.hand:
        v += 0.5 if "Land" in s.objs[i].card.types and lands >= 5 else 1.3
    return v


def evaluate(game: Game, me: int) -> float:
    """``me``'s position against the opponents' (their mean), or the result when the game is over."""
    result = game.result
    if result is not None:
        return 0.0 if result.winner is None else WIN if result.winner == me else LOSS
    s = game.peek()
    others = [p.index for p in s.players if p.index != me and not p.lost]
    if not others:
        return WIN
    return player_value(s, me) - sum(player_value(s, p) for p in others) / len(others)


def card_worth(s: State, oid: int, me: int) -> float:
    """What a card in hand (or about to leave it) is worth to ``me``: a spell by its mana value,
    a land by how much the lands on the battlefield still need it."""
    card = s.objs[oid].card
    if "Land" in card.types:
        lands = sum(1 for o in s.permanents(me) if ch.is_type(s, o, "Land"))
        return 3.0 if lands < 5 else 0.5
    return 2.0 + card.mana_cost.mana_value()


def vote_by_rule(s: State, d: Decision) -> Action:
    """A vote (CR 701.38) by rule. Words: the vote's controller votes for the first choice, every
    other player for the last, the one a tie gives on "Will of the council" cards ("If B gets
    more votes or the vote is tied"). Objects: the vote's controller votes for the one of
    highest mana value; another player for the object of highest mana value of a third player
    (neither theirs nor the controller's), else for the one of lowest mana value. A vote a player
    may cast in addition is cast."""
    options = [o for o in d.options if o.kind == ActionKind.VOTE] or list(d.options)   # an additional vote: cast it
    me, caster = d.player, d.context.get("controller")
    if d.context.get("words"):
        return options[0] if me == caster else options[-1]
    objs = [(o, s.objs[o.args[0]]) for o in options if o.args and o.args[0] in s.objs]
    if not objs:
        return options[0]

    def holder(x: Obj) -> int:
        return x.controller if x.zone == BATTLEFIELD else x.owner
    if me == caster:
        return max(objs, key=lambda t: ch.mana_value(t[1]))[0]
    third = [t for t in objs if holder(t[1]) not in (me, caster)]
    if third:
        return max(third, key=lambda t: ch.mana_value(t[1]))[0]
    return min(objs, key=lambda t: ch.mana_value(t[1]))[0]


def fight(s: State, a: Obj, b: Obj) -> tuple[bool, bool]:
    """Whether ``a`` and ``b`` die when they deal each other combat damage alone: first and
    double strike (CR 702.7b, 702.4b), deathtouch (CR 702.2b), indestructible (CR 702.12b) and
    damage already marked count."""
    power: dict[int, int] = {}
    left: dict[int, int] = {}                 # toughness less the damage dealt so far
    kws: dict[int, frozenset[str] | set[str]] = {}
    first: dict[int, bool] = {}
    for o in (a, b):
        p, t = ch.power_toughness(s, o)
        power[o.id], left[o.id], kws[o.id] = max(p, 0), t - o.damage, ch.keywords(s, o)
        first[o.id] = "first strike" in kws[o.id] or "double strike" in kws[o.id]
    any_first = any(first.values())
    dead = {a.id: False, b.id: False}

    def exchange(first_step: bool) -> None:
        hits = []
        for src, dst in ((a, b), (b, a)):
            deals = first[src.id] if first_step else (
                not any_first or not first[src.id] or "double strike" in kws[src.id])
            if not dead[src.id] and power[src.id] > 0 and deals:
                hits.append((dst.id, power[src.id], "deathtouch" in kws[src.id]))
        for dst_id, p, touch in hits:
            left[dst_id] -= p
            if "indestructible" not in kws[dst_id] and (left[dst_id] <= 0 or touch):
                dead[dst_id] = True

    if any_first:                             # CR 510.4: a first-strike damage step
        exchange(True)
    exchange(False)
    return dead[a.id], dead[b.id]


def combat_damage(s: State, o: Obj) -> int:
    """The damage ``o`` deals to a player when unblocked (twice with double strike, CR 702.4b)."""
    p = max(ch.power(s, o), 0)
    return 2 * p if ch.has(s, o, "double strike") else p


def _helps(item) -> bool:
    """Whether a spell or ability helps what it targets (a pump, keywords, counters, an untap)."""
    effects = getattr(item.ability, "effects", ())
    return any(isinstance(e, (ir.ModifyPT, ir.GrantKeywords, ir.PutCounters, ir.Untap))
               and not getattr(e, "negate_power", False) for e in effects)


BASIC_TYPES = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def _land_colors(card) -> set[str]:
    """The colors of mana a land's abilities add, read from its basic land types (CR 305.6)
    and its text."""
    return {c for c, t in BASIC_TYPES.items() if t in card.subtypes or "{" + c + "}" in card.text}


def _pumps(card) -> bool:
    """Whether a card is a spell whose effects only pump or grant keywords (a combat trick)."""
    effects = [e for ab in card.abilities if isinstance(ab, ir.SpellAbility) for e in ab.effects]
    return bool(effects) and all(isinstance(e, (ir.ModifyPT, ir.GrantKeywords)) for e in effects)


def _opponents(s: State, me: int) -> list[int]:
    return [p.index for p in s.players if p.index != me and not p.lost]


# ------------------------------------------------------------------ the agent


class TacticianAgent:
    """See the module docstring. ``search`` bounds the answers pushed by one search for a win
    this turn (0: no search)."""

    def __init__(self, seed: int = 0, search: int = 400, lookahead: bool = True) -> None:
        self.seed = seed
        self.rng = Rng(seed)                  # draws the sampled worlds of the lookahead (CR 400.2)
        self.search = search
        self.lookahead = lookahead            # False: rules only (playouts of the search player)
        self.plan: list[Action] = []          # the rest of a winning line found by the search
        self.searched: set[tuple] = set()     # positions already searched without finding one

    # -------------------------------------------------------------- the interface

    def choose(self, game: Game, decision: Decision) -> Action:
        ranked = self.ranked(game, decision)
        return ranked[0].action

    def ranked(self, game: Game, decision: Decision) -> list[Scored]:
        """The answers considered, best first, with their scores; the first is the answer."""
        kind, options = decision.kind, decision.options
        if self.plan:
            step = self.plan[0]
            if step in options:
                self.plan.pop(0)
                return [Scored(step, WIN, "on a line that wins this turn")]
            forced = self._search_options(game, decision)
            if len(forced) == 1 and self._forced_only(decision):
                return [Scored(forced[0], WIN, "on a line that wins this turn")]
            self.plan = []
        if len(options) == 1:
            return [Scored(options[0], 0.0, "the only answer")]
        if kind == DecisionKind.PRIORITY:
            return self._priority(game, decision)
        if kind in COMPARED and len(options) <= LOOKAHEAD_OPTIONS and self.lookahead:
            world = self._world(game, decision.player)
            if world is not None:
                return self._compare(world, decision, options)
        return [Scored(self.quick(game, decision), 0.0, "rule")]

    def _world(self, game: Game, me: int) -> Game | None:
        """A world consistent with what ``me`` can see (CR 400.2), where the lookahead and the
        search for a win play: the real game holds the opponents' hands and the order of the
        libraries. None when the answers given so far don't replay in the sampled world (they
        name a card just drawn); the answer is then taken by rule."""
        return determinize(game, me, self.rng.next64())

    # -------------------------------------------------------------- priority

    def _priority(self, game: Game, decision: Decision) -> list[Scored]:
        me = decision.player
        s = game.peek()
        acts = [o for o in decision.options if o.kind not in (ActionKind.MANA, ActionKind.PASS)]
        passing = next(o for o in decision.options if o.kind == ActionKind.PASS)
        if not acts:
            return [Scored(passing, 0.0, "nothing to do")]
        lands = [o for o in acts if o.kind == ActionKind.PLAY]
        if lands:                                            # CR 305.1: the land first
            best = max(lands, key=lambda a: self._land_need(s, me, a.args[0]))
            return [Scored(best, 1.0, "a land before spells")]
        world = self._world(game, me) if self.lookahead else None
        if world is None:                  # the quick policy, as in the lookahead's playouts
            return [Scored(self.quick(game, decision), 0.0, "rule")]
        if s.active == me and not s.stack and self.search:
            line = self._find_win(world, me)
            if line:
                self.plan = line[1:]
                return [Scored(line[0], WIN, f"wins this turn in {len(line)} answers")]
        distinct: dict[tuple, Action] = {}
        for a in acts:                     # two copies of a card in hand: one answer to weigh
            first = a.args[0] if a.args else None
            name = s.objs[first].card.name if isinstance(first, int) and first in s.objs else first
            distinct.setdefault((a.kind, name, a.args[1:]), a)
        return self._compare(world, decision, [passing, *list(distinct.values())[:LOOKAHEAD_OPTIONS - 1]])

    @staticmethod
    def _by_rule(s: State, me: int, acts: list[Action], passing: Action) -> Action:
        """Without lookahead, in its own main phase with an empty stack: the costliest permanent
        spell that isn't only a pump, otherwise pass."""
        best, best_cost = passing, -1
        if s.active != me or s.stack or s.step not in MAIN_STEPS:
            return passing
        for a in acts:
            if a.kind != ActionKind.CAST or not isinstance(a.args[0], int) or a.args[0] not in s.objs:
                continue
            card = s.objs[a.args[0]].card
            if "Instant" in card.types or "Sorcery" in card.types or _pumps(card):
                continue
            cost = card.mana_cost.mana_value()
            if cost > best_cost:
                best, best_cost = a, cost
        return best

    @staticmethod
    def _land_need(s: State, me: int, oid: int) -> float:
        """How much the hand needs the colors a land in hand makes that the lands in play
        don't (CR 305.6: a basic land type's mana ability)."""
        makes = _land_colors(s.objs[oid].card)
        have: set[str] = set()
        for o in s.permanents(me):
            if ch.is_type(s, o, "Land"):
                have |= _land_colors(o.card)
        need = 0.0
        for i in s.players[me].hand:
            cost = str(s.objs[i].card.mana_cost)
            for c in makes:
                if "{" + c in cost:
                    need += 2.0 if c not in have else 0.5
        return need

    # -------------------------------------------------------------- lookahead

    def _compare(self, game: Game, decision: Decision, options) -> list[Scored]:
        """Each answer played out on a copy of ``game`` (a sampled world, :meth:`_world`) to
        the end of the turn, best first."""
        me = decision.player
        scored = []
        for i, a in enumerate(options):
            g = game.copy()
            g.push(a)
            self._settle(g, game.turn)
            scored.append(Scored(a, evaluate(g, me) - 1e-6 * i, "played to the end of the turn"))
        scored.sort(key=lambda x: -x.score)
        return scored

    def _settle(self, g: Game, turn: int) -> None:
        """Play on with the quick policy until the turn ends or the game does."""
        for _ in range(SETTLE_ACTIONS):
            d = g.pending
            if d is None or g.turn != turn:
                return
            g.push(self.quick(g, d))

    # -------------------------------------------------------------- the search for a win

    def _find_win(self, game: Game, me: int) -> list[Action] | None:
        """A line of ``me``'s answers that wins this turn, searched depth first within
        ``self.search`` answers pushed, when the damage at hand could be enough."""
        s = game.peek()
        opp_life = min((s.players[p].life for p in _opponents(s, me)), default=0)
        if self._reach(s, me) < opp_life:
            return None
        key = (s.turn, s.step, len(s.players[me].hand), len(s.battlefield), opp_life)
        if key in self.searched:
            return None
        self.searched.add(key)
        budget = [self.search]
        return self._dfs(game, me, game.turn, budget)

    @staticmethod
    def _reach(s: State, me: int) -> int:
        """A generous bound on the damage ``me`` could deal this turn: attackers' power and a few
        points for each instant, sorcery or Aura in hand and each card in the graveyard."""
        reach = 0
        for o in s.permanents(me):
            if ch.is_creature(s, o) and not o.tapped:
                reach += combat_damage(s, o)
        lands = sum(1 for o in s.permanents(me) if ch.is_type(s, o, "Land"))
        for i in s.players[me].hand:
            card = s.objs[i].card
            if card.mana_cost.mana_value() <= lands + 1 and (
                    "Instant" in card.types or "Sorcery" in card.types or "Enchantment" in card.types):
                reach += 5
            elif "Creature" in card.types and "haste" in ch.keywords(s, s.objs[i]):
                reach += max(ch.power(s, s.objs[i]), 0)
        return reach + 2 * len(s.players[me].graveyard)

    def _dfs(self, g: Game, me: int, turn: int, budget: list[int]) -> list[Action] | None:
        while True:
            d = g.pending
            if d is None:
                return [] if g.result is not None and g.result.winner == me else None
            if g.turn != turn or budget[0] <= 0:
                return None
            if d.player != me:
                g.push(self.quick(g, d))
                budget[0] -= 1
                continue
            options = self._search_options(g, d)
            if len(options) == 1:
                g.push(options[0])
                budget[0] -= 1
                if self._forced_only(d):
                    continue
                rest = self._dfs(g, me, turn, budget)
                return None if rest is None else [options[0], *rest]
            for a in options:
                if budget[0] <= 0:
                    return None
                child = g.copy()
                child.push(a)
                budget[0] -= 1
                rest = self._dfs(child, me, turn, budget)
                if rest is not None:
                    return [a, *rest]
            return None

    @staticmethod
    def _forced_only(d: Decision) -> bool:
        """A forced pass or payment: the line needn't record it (the answer is the same)."""
        return d.kind in (DecisionKind.PRIORITY, DecisionKind.PAY)

    def _search_options(self, g: Game, d: Decision) -> list[Action]:
        """The answers the search tries, the promising first; attackers in a fixed order so that
        each set of attackers is tried once."""
        options = d.options
        kind = d.kind
        if kind == DecisionKind.PRIORITY:
            acts = [o for o in options if o.kind not in (ActionKind.MANA, ActionKind.PASS)]
            return acts + [o for o in options if o.kind == ActionKind.PASS][:1]
        if kind == DecisionKind.PAY:
            return [o for o in options if o.kind == ActionKind.AUTOPAY][:1] or list(options[:1])
        if kind == DecisionKind.ATTACKERS:
            # each creature at the player, or with several opponents at each of them (CR 802.3)
            chosen = [c[0] if isinstance(c, (list, tuple)) else c for c in d.context.get("chosen", ())]
            last = max(chosen, default=-1)
            out = [o for o in options if o.kind == ActionKind.ATTACK and o.args[0] > last
                   and (len(o.args) == 1 or isinstance(o.args[1], str))]
            return out + [o for o in options if o.kind != ActionKind.ATTACK]
        if kind == DecisionKind.DAMAGE:
            return [min(options, key=lambda o: o.args)]
        if kind == DecisionKind.MULLIGAN or kind in GIVE_UP:
            return [self.quick(g, d)]
        return list(options[:8])

    # -------------------------------------------------------------- the quick policy

    def quick(self, game: Game, d: Decision) -> Action:
        """The answer by rule alone, with no lookahead: the policy of the lookahead and search
        playouts (passes priority, attacks and blocks by the planners, the auto-payer).
        A priority it passes is answered without listing the options (CR 117.3d: a pass is
        always legal), which is most of what a playout costs."""
        kind = d.kind
        s = game.peek()
        me = d.player
        if kind is DecisionKind.PRIORITY and (s.active != me or s.stack or s.step not in MAIN_STEPS):
            return PASS
        options = d.options
        if len(options) == 1:
            return options[0]
        if kind == DecisionKind.PRIORITY:
            passing = next((o for o in options if o.kind == ActionKind.PASS), options[0])
            return self._by_rule(s, me, [o for o in options if o.kind == ActionKind.CAST], passing)
        if kind == DecisionKind.PAY:
            return next((o for o in options if o.kind == ActionKind.AUTOPAY), options[0])
        if kind == DecisionKind.ATTACKERS:
            return self._attack(s, d)
        if kind == DecisionKind.BLOCKERS:
            return self._block(s, d)
        if kind == DecisionKind.MULLIGAN:
            return self._mulligan(s, d)
        if kind in GIVE_UP:
            cards = [o for o in options if o.args and isinstance(o.args[0], int) and o.args[0] in s.objs]
            if cards:
                return min(cards, key=lambda o: card_worth(s, o.args[0], me))
        if kind == DecisionKind.TARGETS:
            return self._target(s, d)
        if kind == DecisionKind.DAMAGE:
            return min(options, key=lambda o: o.args)          # lethal first, the rest on (CR 510.1c)
        if kind == DecisionKind.X:
            return options[-1]
        if kind == DecisionKind.MAY:
            return next((o for o in options if o.kind == ActionKind.YES), options[0])
        if kind == DecisionKind.ASSIST_PAY:
            return options[0]
        if kind == DecisionKind.VOTE:
            return vote_by_rule(s, d)
        if kind in (DecisionKind.KICKER, DecisionKind.MULTIKICKER, DecisionKind.BUYBACK,
                    DecisionKind.ENTWINE, DecisionKind.REPLICATE, DecisionKind.CONSPIRE):
            return options[-1]
        return options[0]

    @staticmethod
    def _mulligan(s: State, d: Decision) -> Action:
        """The London mulligan (CR 103.5): keep two to five lands of seven (any hand after two
        mulligans)."""
        keep = next((o for o in d.options if o.kind == ActionKind.KEEP), d.options[0])
        again = next((o for o in d.options if o.kind == ActionKind.MULLIGAN), None)
        pl = s.players[d.player]
        if again is None or pl.mulligans >= 2:
            return keep
        hand = d.context.get("hand", pl.hand)
        lands = sum(1 for i in hand if "Land" in s.objs[i].card.types)
        return keep if 2 <= lands <= 5 else again

    @staticmethod
    def _target(s: State, d: Decision) -> Action:
        """A helpful spell's target: its controller's best creature; a harmful one's: the
        opponents' creature worth most that it can kill, else the opponent with least life."""
        me = d.player
        item = next((i for i in s.stack if i.id == d.context.get("item")), None)
        helpful = item is not None and _helps(item)
        best, best_v = None, -1e9
        for o in d.options:
            if o.kind != ActionKind.TARGET:
                continue
            t = o.args[0]
            if isinstance(t, str) and t.startswith("p") and t[1:].isdigit():
                p = int(t[1:])
                if (p == me) != helpful:
                    continue
                v = 6.0 - 0.1 * s.players[p].life
            elif isinstance(t, int) and t in s.objs:
                obj = s.objs[t]
                if (obj.controller == me) != helpful:
                    continue
                v = creature_value(s, obj) if obj.zone == BATTLEFIELD and ch.is_creature(s, obj) else 1.0
            else:
                continue
            if v > best_v:
                best, best_v = o, v
        return best if best is not None else d.options[0]

    # -------------------------------------------------------------- combat

    def _attack(self, s: State, d: Decision) -> Action:
        """Declare the planned attackers one at a time (CR 508.1a), each at the player or
        planeswalker the plan gives it (CR 508.1b, 802.3), then stop. The plan is read again
        from the position at each step (the declaration so far is in the decision, not the
        state), so a declaration someone else began, or one on a copy of the game, is
        completed with the plan's creatures not yet declared."""
        chosen = {c[0] if isinstance(c, (list, tuple)) else c for c in d.context.get("chosen", ())}
        offered: dict[tuple, Action] = {}
        by_id: dict[int, Action] = {}
        for o in d.options:
            if o.kind != ActionKind.ATTACK:
                continue
            offered[o.args] = o
            if o.args[0] not in by_id or len(o.args) < len(by_id[o.args[0]].args):
                by_id[o.args[0]] = o
        for oid, target in self.attack_plan(s, d.player):
            if oid in chosen:
                continue
            if target is not None and (oid, target) in offered:
                return offered[(oid, target)]
            if oid in by_id:
                return by_id[oid]
        stop = [o for o in d.options if o.kind != ActionKind.ATTACK]
        return stop[0] if stop else d.options[0]

    def plan_attack(self, s: State, me: int) -> list[int]:
        """The creatures :meth:`attack_plan` attacks with."""
        return [oid for oid, _target in self.attack_plan(s, me)]

    def attack_plan(self, s: State, me: int) -> list[tuple[int, str | int | None]]:
        """The attackers and what each attacks: None for the defending player of a two-player
        game, ``"p<n>"`` for player n or a planeswalker's id with more (CR 802.3).

        With one opponent: each creature that no untapped creature of theirs blocks to its
        loss, all of them when that is lethal. With several, by the rule of
        :meth:`choose_targets`: the opponents it can kill this turn, each with the attackers
        that kill them; else one opponent, the leader, with the creatures safe against that
        player's blockers, and a planeswalker of theirs that one of them can finish alone
        (CR 306.9, 120.3c) takes the smallest such attacker. Either way creatures stay home
        (never one a kill needs) so that the next attacks of the opponents left, each
        attacking alone with everything, aren't lethal."""
        opps = _opponents(s, me)
        mine = [o for o in s.permanents(me) if ch.is_creature(s, o) and combat.can_attack(s, o)]
        if len(s.players) <= 2:
            return [(a.id, None) for a in self._attackers(s, me, mine, opps, opps)]
        kills, leader = self.choose_targets(s, me, mine)
        if kills:
            first = kills[0][0]
            needed = [(a, p) for p, group in kills for a in group]
            spare = [a for a in mine if all(a is not b for b, _ in needed)
                     and combat.why_not_attack_player(s, a, first) is None]
            left = [p for p in opps if all(p != k for k, _ in kills)]
            spare = self._kept_home(s, me, spare, left, tuple(a for a, _ in needed))
            plan: list[tuple[int, str | int | None]] = [(a.id, f"p{p}") for a, p in needed]
            return plan + [(a.id, f"p{first}") for a in spare]
        if leader is None:
            return []
        able = [a for a in mine if combat.why_not_attack_player(s, a, leader) is None]
        chosen = self._attackers(s, me, able, [leader], opps)
        plan = [(a.id, f"p{leader}") for a in chosen]
        free = sorted(chosen, key=lambda a: combat_damage(s, a))
        for w in sorted(attack_targets.attackable(s, leader), key=lambda w: -loyalty.loyalty(w)):
            finisher = next((a for a in free if combat_damage(s, a) >= loyalty.loyalty(w)), None)
            if finisher is not None:
                free.remove(finisher)
                plan[[oid for oid, _ in plan].index(finisher.id)] = (finisher.id, w.id)
        return plan

    def choose_targets(self, s: State, me: int, mine: list[Obj]) -> tuple[list[tuple[int, list[Obj]]], int | None]:
        """Whom to attack with several opponents (CR 802.2-802.3): the kills, else the leader.

        1. **the kills**: the opponents ``mine`` can kill this turn (CR 104.3a), as many as
           it can: the lowest life first (then the next in turn order), each given the
           creatures not yet given, the smallest first, until they deal that player's life
           when each of the player's untapped creatures stops one of the biggest of them.
           Returned as (player, attackers) pairs.
        2. **the leader**: when no one can be killed, of the opponents at least one creature
           can attack without being blocked to its loss, the one whose position is strongest
           (:func:`player_value`: life, creatures, lands, cards in hand), the one most likely
           to win; a tie goes to the lower life, then the next in turn order. The attack is
           not spread over several players. None when no creature is safe against anyone.

        Restrictions on attacking a particular player (CR 802.3a) are read per opponent."""
        n = len(s.players)
        opps = sorted(_opponents(s, me), key=lambda p: (s.players[p].life, (p - me) % n))
        kills: list[tuple[int, list[Obj]]] = []
        free = sorted(mine, key=lambda a: combat_damage(s, a))
        for p in opps:
            blockers = self._blockers(s, [p])
            group: list[Obj] = []
            for a in free:
                if combat.why_not_attack_player(s, a, p) is None:
                    group.append(a)
                    if self._lethal(s, group, blockers, s.players[p].life):
                        kills.append((p, group))
                        free = [b for b in free if all(b is not g for g in group)]
                        break
        if kills:
            return kills, None
        safe = [p for p in opps
                if self._safe_attackers(s, [a for a in mine if combat.why_not_attack_player(s, a, p) is None],
                                        self._blockers(s, [p]))]
        if not safe:
            return [], None
        return [], min(safe, key=lambda p: (-player_value(s, p), s.players[p].life, (p - me) % n))

    @staticmethod
    def _blockers(s: State, players: list[int]) -> list[Obj]:
        """The untapped creatures of ``players`` that can block."""
        return [o for p in players for o in s.permanents(p)
                if ch.is_creature(s, o) and not o.tapped and combat.cant_block(s, o) is None]

    @staticmethod
    def _lethal(s: State, attackers: list[Obj], blockers: list[Obj], life: int) -> bool:
        """Whether ``attackers`` deal ``life`` when each of ``blockers`` stops one of the biggest."""
        total = sorted((combat_damage(s, a) for a in attackers), reverse=True)
        return bool(attackers) and sum(total[len(blockers):]) >= life

    @staticmethod
    def _safe_attackers(s: State, attackers: list[Obj], blockers: list[Obj]) -> list[Obj]:
        """The attackers no one of ``blockers`` blocks to their loss: too few can block them
        (menace, CR 702.111b), or every fight with one kills the blocker too, worth as much."""
        chosen = []
        for a in attackers:
            able = [b for b in blockers if combat.can_block(s, b, a)]
            if combat.fewest_blockers(s, a) > len(able):
                chosen.append(a)
                continue
            va = creature_value(s, a)
            if all(not a_dies or (b_dies and creature_value(s, b) >= va - 1.0)
                   for a_dies, b_dies, b in ((*fight(s, a, b), b) for b in able)):
                chosen.append(a)
        return chosen

    def _attackers(self, s: State, me: int, mine: list[Obj], defenders: list[int],
                   opps: list[int]) -> list[Obj]:
        """Of ``mine``, the creatures safe against the ``defenders``' blockers, all of them
        when that is lethal, minus those needed at home against each opponent's next attack."""
        blockers = self._blockers(s, defenders)
        chosen = self._safe_attackers(s, mine, blockers)
        # all in, when the defenders' blockers can't stop enough of it (CR 104.3a)
        life = min((s.players[p].life for p in defenders), default=0)
        if defenders and self._lethal(s, mine, blockers, life):
            chosen = list(mine)
        return self._kept_home(s, me, chosen, opps)

    def _kept_home(self, s: State, me: int, chosen: list[Obj], opps: list[int],
                   also: tuple[Obj, ...] = ()) -> list[Obj]:
        """``chosen`` less the sturdiest of them (vigilance ones needn't stay) while the next
        attacks of ``opps``, each attacking alone with all their creatures (CR 506-510 on their
        turns), would be lethal against the creatures at home; ``also`` attack too."""
        chosen = list(chosen)
        keep = sorted((a for a in chosen if not ch.has(s, a, "vigilance")),
                      key=lambda a: -ch.toughness(s, a))
        creatures = {p: [o for o in s.permanents(p) if ch.is_creature(s, o)] for p in opps}
        while chosen and sum(self._crack_back(s, me, chosen + list(also), creatures[p])
                             for p in opps) >= s.players[me].life:
            if not keep:
                break
            chosen.remove(keep.pop(0))
        return chosen

    @staticmethod
    def _gang_block(s: State, a: Obj, able: list[Obj], saved) -> tuple[Obj, Obj] | None:
        """Two blockers that together kill ``a`` (no first strike or deathtouch on it) and
        lose less than it is worth: it kills what its power reaches, the worst case first."""
        kw = ch.keywords(s, a)
        if "first strike" in kw or "double strike" in kw or "deathtouch" in kw or "indestructible" in kw:
            return None
        power, toughness = ch.power_toughness(s, a)
        need = toughness - a.damage
        best, best_score = None, 0.5
        for i, b in enumerate(able):
            for c in able[i + 1:]:
                if max(ch.power(s, b), 0) + max(ch.power(s, c), 0) < need:
                    continue
                lost = max((creature_value(s, x) for x in (b, c) if ch.toughness(s, x) - x.damage <= power),
                           default=0.0)
                if sum(ch.toughness(s, x) - x.damage for x in (b, c)) <= power:
                    lost = creature_value(s, b) + creature_value(s, c)
                score = creature_value(s, a) - lost + saved(a, combat_damage(s, a))
                if score > best_score:
                    best, best_score = (b, c), score
        return best

    @staticmethod
    def _crack_back(s: State, me: int, attacking: list[Obj], theirs: list[Obj]) -> int:
        """The damage the opponents' creatures could deal on their next turn if ``attacking``
        attack now: each of the others at home blocks the biggest attacker it can."""
        home = [o for o in s.permanents(me) if ch.is_creature(s, o)
                and (o not in attacking or ch.has(s, o, "vigilance")) and combat.cant_block(s, o) is None]
        hitters = sorted((t for t in theirs if combat.cant_attack(s, t) is None),
                         key=lambda t: -combat_damage(s, t))
        damage = 0
        for t in hitters:
            stopper = next((h for h in home if not h.tapped and combat.can_block(s, h, t)), None)
            if stopper is not None and combat.fewest_blockers(s, t) <= 1:
                home.remove(stopper)
                if ch.has(s, t, "trample"):
                    damage += max(0, combat_damage(s, t) - ch.toughness(s, stopper))
                continue
            damage += combat_damage(s, t)
        return damage

    def _block(self, s: State, d: Decision) -> Action:
        """Declare the planned blocks one at a time (CR 509.1a), the plan read again from the
        position at each step like the attackers'; a declaration that needs more blockers (no
        "done" offered) is completed on the attacker it began with."""
        so_far = [tuple(b) for b in d.context.get("blocks", ())]
        blocks = {o.args: o for o in d.options if o.kind == ActionKind.BLOCK}
        done = [o for o in d.options if o.kind != ActionKind.BLOCK]
        for pair in self.plan_block(s, d.player):
            if pair in blocks and pair not in so_far:
                return blocks[pair]
        if not done:
            begun = {a for _, a in so_far}
            pick = next((o for o in blocks.values() if o.args[1] in begun), None)
            return pick or d.options[0]
        return done[0]

    def plan_block(self, s: State, me: int) -> list[tuple[int, int]]:
        """Blocks that kill and survive, survive, or trade up, biggest attacker first; chump
        blocks only while the unblocked damage would be lethal (CR 104.3a)."""
        attackers = [o for o in s.permanents() if o.attacking == me and o.controller != me]
        attackers.sort(key=lambda a: -creature_value(s, a))
        free = [o for o in s.permanents(me) if ch.is_creature(s, o) and not o.tapped
                and combat.cant_block(s, o) is None]
        plan: list[tuple[int, int]] = []
        unblocked = []
        life = s.players[me].life

        def saved(a: Obj, stopped: int) -> float:
            """The worth of the life ``stopped`` of ``a``'s damage keeps (CR 510.1a)."""
            through = combat_damage(s, a)
            return life_value(life) - life_value(life - min(stopped, through))

        for a in attackers:
            able = [b for b in free if combat.can_block(s, b, a)]
            if combat.fewest_blockers(s, a) > 1 or not able:
                unblocked.append(a)
                continue
            va = creature_value(s, a)
            trample = ch.has(s, a, "trample")
            best, best_score = None, 0.0
            for b in able:
                a_dies, b_dies = fight(s, a, b)
                stopped = min(ch.toughness(s, b), combat_damage(s, a)) if trample else combat_damage(s, a)
                score = (va if a_dies else 0.0) - (creature_value(s, b) if b_dies else 0.0) + saved(a, stopped)
                if score > best_score:
                    best, best_score = b, score
            if best is not None and best_score > 0.5:
                plan.append((best.id, a.id))
                free.remove(best)
                continue
            pair = self._gang_block(s, a, able, saved)      # two that kill it (CR 509.1a, 510.1c)
            if pair is None:
                unblocked.append(a)
                continue
            for b in pair:
                plan.append((b.id, a.id))
                free.remove(b)
        unblocked.sort(key=lambda a: -combat_damage(s, a))
        incoming = sum(combat_damage(s, a) for a in unblocked)
        for a in unblocked:
            if incoming < s.players[me].life:
                break
            able = [b for b in free if combat.can_block(s, b, a)]
            if not able or combat.fewest_blockers(s, a) > 1:
                continue
            b = min(able, key=lambda x: creature_value(s, x))
            plan.append((b.id, a.id))
            free.remove(b)
            incoming -= combat_damage(s, a) if not ch.has(s, a, "trample") else min(
                combat_damage(s, a), ch.toughness(s, b))
        return plan
