"""OracleTransformer rules: references to objects that changed zones (CR 400.7, 608.2h)."""
from __future__ import annotations

import dataclasses

from lark import Token

from manastack.oracle import ir
from manastack.oracle.transform_base import DescKind
from manastack.oracle.transform_base import IT, THAT_CARD, THAT_OBJECT, THAT_SPELL, THEY, _T, _is_player, _need
from manastack.oracle.transform_lines import _has_target


class GeneralRules:
    """Methods of :class:`manastack.oracle.transform.OracleTransformer` for one area."""

    # ---- last known information and new objects (CR 400.7e, 400.7j, 608.2h)
    def e_self_either(self, c):
        """"When ~ enters or is put into a graveyard from the battlefield", "Whenever ~ attacks or
        blocks": either event triggers it (CR 603.2, 603.6a, 603.6c, 700.4); read as one ability
        per event, as the two can't happen at once."""
        first, second = c[-2], c[-1]
        _need(first != second, "the same event twice")
        return ir.Trigger(first), ir.Trigger(second)

    def e_commander_either(self, c):
        """"Whenever your commander enters or attacks": a commander you own, whoever controls it
        (CR 903.3d; Tome of Legends ruling 2019-10-04); one ability per event."""
        first, second = c[-2], c[-1]
        _need(first != second and {first, second} <= {ir.TriggerEvent.ENTERS, ir.TriggerEvent.ATTACKS},
              "your commander enters or attacks")
        yours = ir.Filter(commander=True, owned=True)
        return ir.Trigger(first, yours), ir.Trigger(second, yours)

    def se_enters(self, c):
        return ir.TriggerEvent.ENTERS

    def se_attacks(self, c):
        return ir.TriggerEvent.ATTACKS

    def se_blocks(self, c):
        return ir.TriggerEvent.BLOCKS

    def se_dies(self, c):
        return ir.TriggerEvent.DIES

    def uw_you(self, c):
        return "you"

    def uw_owner(self, c):
        return "owner"

    def with_counter(self, c):
        """"... to the battlefield with a +1/+1 counter on it" (CR 614.1c)."""
        return "with_counter", c[0]

    def gain_life_equal(self, c):
        """"Its controller gains life equal to its power" (Swords to Plowshares): the number is
        read as the effect happens, from the object's last known information if it has left
        (CR 608.2h)."""
        _need(_is_player(c[0]), "not a player")
        return [ir.GainLife(c[1], c[0])]

    def gain_life_equal_you(self, c):
        """"you may gain life equal to ...": as ``gain_life_you``."""
        return [ir.GainLife(c[0], ir.Ref("you"))]

    def lose_life_equal(self, c):
        _need(_is_player(c[0]), "not a player")
        return [ir.LoseLife(c[1], c[0])]

    def stat_it(self, c):
        return ir.StatOf(IT, c[0])

    def stat_that(self, c):
        return ir.StatOf(THAT_OBJECT, c[0])

    def stat_that_spell(self, c):
        """"that spell's mana value": the spell whose casting triggered the ability, as it was
        cast (CR 603.2, 202.3)."""
        _need(c[-1] == "mana_value", "that spell's power")
        return ir.StatOf(THAT_SPELL, c[-1])

    def stat_that_card(self, c):
        """"that card's mana value": the card named before it ("reveal the top card of your
        library and put that card into your hand", Yuriko, the Tiger's Shadow)."""
        return ir.StatOf(THAT_CARD, c[-1])

    def stat_sacrificed(self, c):
        """"the sacrificed creature's power": the permanent sacrificed to pay the cost, as it last
        existed on the battlefield (CR 608.2h)."""
        return ir.StatOf(ir.Ref(ir.SACRIFICED), c[-1])

    def st_power(self, c):
        return "power"

    def st_toughness(self, c):
        return "toughness"

    def st_mana_value(self, c):
        return "mana_value"

    # ---- "would be put into a graveyard from anywhere" (CR 614.1a, 614.6)
    def r_prevent_remove_counter(self, c):
        """Phantom Centaur: damage that would be dealt to it is prevented, and a counter is
        removed from it, once per event whatever the number of sources (its rulings)."""
        kind = next(str(x) for x in c if not (isinstance(x, Token) and x.type == "SELF"))
        return [ir.ReplacementAbility(ir.ReplacementKind.PREVENT_DAMAGE_REMOVE_COUNTER, counter_kind=kind)]

    def r_empty_draw_wins(self, c):
        """"If you would draw a card while your library has no cards in it, you win the game
        instead." (CR 614.1a, 121.4, 104.2b)."""
        return [ir.ReplacementAbility(ir.ReplacementKind.EMPTY_DRAW_WINS)]

    def r_life_floor(self, c):
        """"Damage that would reduce your life total to less than 1 reduces it to 1 instead."
        (CR 614.1a): the damage is dealt, only the life lost changes (Worship rulings)."""
        low, floor = (int(str(x)) for x in c)
        _need(low == floor == 1, "another life total")
        return [ir.ReplacementAbility(ir.ReplacementKind.LIFE_FLOOR, amount=1)]

    def r_damage_as_counters(self, c):
        """Phytohydra, Lichenthrope: damage that would be dealt to it is replaced by that many
        counters of a kind put on it (CR 614.1a; a replacement, not a prevention, CR 615.12)."""
        kind = next(str(x) for x in c if not (isinstance(x, Token) and x.type == "SELF"))
        return [ir.ReplacementAbility(ir.ReplacementKind.DAMAGE_AS_COUNTERS, counter_kind=kind)]

    def r_graveyard_shuffle_self(self, c):
        """Progenitus: wherever it is, it goes into its owner's library instead of a graveyard,
        which is then shuffled."""
        return [ir.ReplacementAbility(ir.ReplacementKind.GRAVEYARD_TO_LIBRARY)]

    def r_graveyard_exile(self, c):
        """Rest in Peace, Leyline of the Void, Dryad Militant: such a card (or token) is exiled
        instead of going to a graveyard (the one named: any, yours or an opponent's)."""
        (f, cards_only), whose = c[0], c[1]
        return [ir.ReplacementAbility(ir.ReplacementKind.GRAVEYARD_TO_EXILE, affected=f, whose=whose, cards_only=cards_only)]

    def o_all_graveyard_cards(self, c):
        """"Exile all cards from all graveyards" (Rest in Peace)."""
        return ir.Ref("all", ir.Filter(zone="graveyard"))

    def gw_card_or_token(self, c):
        return ir.Filter(zone=""), False

    def gw_desc(self, c):
        other, d = c[0] == "another", c[1]
        _need(not other and not d.plural and d.kind is DescKind.CARD and not d.zone_given
              and d.filter.controller is None, "would be put into a graveyard")
        return dataclasses.replace(d.filter, zone=""), True

    def gy_any(self, c):
        return None

    def gy_your(self, c):
        return "you"

    def gy_opponent(self, c):
        return "opponent"

    # ---- casting without paying the mana cost (CR 118.9, 107.3b)
    def cast_free(self, c):
        other, d = c[0] == "another", c[1]
        _need(not other and not d.plural and d.kind is DescKind.SPELL and d.zone_given
              and not d.filter.targets_self, "cast without paying")
        return [ir.CastFromHand(dataclasses.replace(d.filter, controller=None))]

    def cast_target_free(self, c):
        """"cast target instant card from your graveyard without paying its mana cost" (after
        "You may"): cast as the ability resolves (CR 608.2g, 118.9)."""
        t = c[0]
        _need(isinstance(t, _T) and t.spec.kind == ir.TargetKind.CARD and t.spec.filter.zone == "graveyard"
              and t.spec.count == 1 and not t.another, "cast target")
        return [ir.CastTargetFree(t)]

    def cast_target_free_exiled(self, c):
        """"... without paying its mana cost. If that spell would be put into your graveyard this
        turn, exile it instead." (Torrential Gearhulk, Dreadhorde Arcanist): a replacement on the
        spell cast (CR 614.1a)."""
        return [dataclasses.replace(e, exile_instead=True) for e in self.cast_target_free(c)]

    # ---- winning and losing the game (CR 104.2b, 104.3e)
    def lose_game(self, c):
        _need(_is_player(c[0]), "not a player")
        return [ir.LoseGame(c[0])]

    def win_game(self, c):
        _need(c[0] == ir.Ref("you"), "who wins")
        return [ir.WinGame(c[0])]

    def if_you_dont(self, c):
        """"If you don't, you lose the game." after "pay {2}{B}" (a Pact): joined to the payment
        by ``body`` (CR 608.2c)."""
        effects = self.sentence([x for x in c if not isinstance(x, Token)])
        _need(not _has_target(effects), "targets only if you don't")
        return [ir.IfYouDont(tuple(effects))]

    def if_they_dont(self, c):
        """"If the player doesn't, you create a Treasure token." after "that player may pay {2}":
        ``who`` is set by ``body`` to that player (CR 608.2c)."""
        effects = self.sentence([x for x in c if not isinstance(x, Token)])
        _need(not _has_target(effects), "targets only if they don't")
        return [ir.IfYouDont(tuple(effects), who=THEY)]

    def ns_your_upkeep(self, c):
        """"At the beginning of your next upkeep" (CR 603.7c): the next upkeep of the player
        who controls the delayed ability."""
        return "upkeep", "your_next_upkeep"
