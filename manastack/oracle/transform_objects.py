"""OracleTransformer rules: Objects, targets and descriptions (CR 109, 115)."""
from __future__ import annotations

import dataclasses

from lark import Token

from manastack.mana import COLORS, NAME_TO_COLOR
from manastack.oracle import ir
from manastack.oracle.transform_base import DescKind
from manastack.oracle.transform_base import (
    IT, ITS_CONTROLLER, OTHER_PLAYERS, SUBTYPES, THAT_CARD, THAT_OBJECT, THAT_TOKEN, THAT_PLAYER, THOSE, _Desc, _ThatOfType, _PREFIX_NON, _T, _kw_name, _need,
    _number, _plain_group, _subtype)

# CR 110.4a: a "permanent card" is a card of any of these types
PERMANENT_CARD_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


class ObjectRules:
    """Methods of :class:`manastack.oracle.transform.OracleTransformer` for one area."""

    # ------------------------------------------------------------------ objects (CR 109, 115)
    def object_ref(self, c):
        return c[0]

    def o_self(self, c):
        return ir.Ref("self")

    def o_it(self, c):
        return IT

    def o_that(self, c):
        return THAT_OBJECT

    def o_that_of_type(self, c):
        """"that Wizard" (see ``bind``); the subtype as the card writes it."""
        return _ThatOfType(_subtype(str(c[-1]))[0])

    def o_those(self, c):
        """"Those creatures": the targets of the one phrase named before (see ``bind``)."""
        return THOSE

    def o_that_token(self, c):
        return THAT_TOKEN

    def o_that_card(self, c):
        return THAT_CARD

    def o_most_votes(self, c):
        """"each permanent with the most votes or tied for most votes" (CR 701.38b)."""
        return ir.Ref(ir.MOST_VOTES)

    def o_exiled_cards(self, c):
        """"The exiled card": the cards another ability of the card exiled (CR 607.2a)."""
        return ir.Ref(ir.EXILED_CARDS)

    def o_all(self, c):
        _need(c[0].plural and c[0].kind in (None, DescKind.PERMANENT) and not c[0].zone_given, "all")
        return ir.Ref("all", c[0].filter)

    def o_with_same_name(self, c):
        """"target nonland permanent and all other permanents with the same name as that
        permanent": one target, and the others of its name found as the effect happens."""
        t, d = c[0], next(x for x in c if isinstance(x, _Desc))
        _need(isinstance(t, _T) and t.spec.kind == ir.TargetKind.PERMANENT and t.spec.count == 1 and not t.spec.up_to
              and d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "all others with the same name")
        return ir.WithSameName(t, d.filter)

    def o_each_of(self, c):
        """"each of [up to] two target creatures": the effect applies to each target chosen
        (CR 115.1, 601.2c), as "two target creatures" does."""
        _need(isinstance(c[0], _T) and (c[0].spec.count > 1 or c[0].spec.up_to), "each of")
        return c[0]

    def o_each(self, c):
        _need(not c[0].plural and c[0].kind in (None, DescKind.PERMANENT) and not c[0].zone_given,
              "each")
        return ir.Ref("all", c[0].filter)

    def o_each_target_controls(self, c):
        """"each creature target player controls": only the player is targeted (CR 115.1;
        Aggravate ruling: its creatures with hexproof are dealt damage too)."""
        d, token = c[0], str(c[1]).lower()
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given and d.filter.controller is None
              and _plain_group(d.filter), "each ... target player controls")
        return ir.ControlledBy(d.filter, _T(ir.TargetSpec(ir.TargetKind.OPPONENT if "opponent" in token else ir.TargetKind.PLAYER)))

    def o_target_graveyard_cards(self, c):
        """"all cards from target player's graveyard": only the player is targeted (CR 115.1),
        the cards are those in that graveyard as the effect happens (CR 404.1)."""
        token = str(c[0]).lower()
        return ir.ControlledBy(ir.Filter(zone="graveyard"),
                               _T(ir.TargetSpec(ir.TargetKind.OPPONENT if "opponent" in token else ir.TargetKind.PLAYER)))

    def o_target_library_cards(self, c):
        """"all cards from target player's library": as from a graveyard, the cards there as the
        effect happens (CR 401.1)."""
        token = str(c[0]).lower()
        return ir.ControlledBy(ir.Filter(zone="library"),
                               _T(ir.TargetSpec(ir.TargetKind.OPPONENT if "opponent" in token else "player")))

    def o_all_target_controls(self, c):
        """"all creatures target player controls": as "each creature target player controls"."""
        _need(c[0].plural, "all ... target player controls")
        return self.o_each_target_controls([dataclasses.replace(c[0], plural=False), c[1]])

    def o_enchanted(self, c):
        _need(not c[0].plural and c[0].kind in (None, DescKind.PERMANENT), "enchanted")
        return ir.Ref("enchanted")

    def o_equipped(self, c):
        return ir.Ref("equipped")

    def target(self, c):
        count, up_to, at_least = 1, False, 0
        if isinstance(c[0], tuple) and c[0][0] in ("count", "up_to", "one_or_more"):
            count, up_to = c[0][1], c[0][0] != "count"
            at_least = 1 if c[0][0] == "one_or_more" else 0
            c = c[1:]
        kind, f = c[0]
        _need(isinstance(count, int), "X targets")
        return _T(ir.TargetSpec(ir.TargetKind(kind), f, count, up_to, at_least))

    def t_their_choice(self, c):
        """"target permanent of their choice": "their" is the attacking player of an attack
        trigger, who chooses the target (checked by ``triggered``)."""
        spec = self.target(c[:-1]).spec
        return _T(dataclasses.replace(spec, chooser=ir.ATTACKING_PLAYER))

    def count(self, c):
        return "count", _number(c[0])

    def up_to(self, c):
        return "up_to", _number(c[0])

    def count_any_number(self, c):
        return "up_to", ir.ANY_NUMBER

    def count_one_or_more(self, c):
        """"one or more target creatures": any number of targets, the fewest one (CR 601.2c)."""
        return "one_or_more", ir.ANY_NUMBER

    def t_any(self, c):
        return _T(ir.TargetSpec(ir.TargetKind.ANY))

    def t_any_count(self, c):
        """"two targets", "up to three targets": that many of "any target" (CR 115.4)."""
        return self.target([c[0], ("any", ir.Filter())])

    def t_another_any(self, c):
        return _T(ir.TargetSpec(ir.TargetKind.ANY, ir.Filter(other=True)), another=True)

    def t_another(self, c):
        d = c[1]
        if d.kind is DescKind.CARD and d.zone_given and d.filter.zone == "graveyard" and not d.plural:
            # "another target card from your graveyard" (Cavalier of Thorns): not the card itself
            return _T(ir.TargetSpec(ir.TargetKind.CARD, dataclasses.replace(d.filter, other=True)), another=True)
        _need(not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "another")
        return _T(ir.TargetSpec(ir.TargetKind.PERMANENT, dataclasses.replace(d.filter, other=True)),
                  another=True)

    def tw_player(self, c):
        return "player", ir.Filter()

    def tw_opponent(self, c):
        return "opponent", ir.Filter()

    def tw_player_pw(self, c):
        return "player_or_planeswalker", ir.Filter()

    def tw_opponent_pw(self, c):
        return "opponent_or_planeswalker", ir.Filter()

    def tw_abilities(self, c):
        """"target activated ability", "target activated or triggered ability", "target spell,
        activated ability, or triggered ability": objects on the stack (CR 113.1b, 115.1d)."""
        words = str(c[0]).lower()
        kind = ("spell_or_ability" if words.startswith("spell") else "ability" if " or " in words
                else "activated_ability" if words.startswith("activated") else "triggered_ability")
        return kind, ir.Filter(zone="stack")

    def tw_desc(self, c):
        d = c[0]
        if d.kind is DescKind.SPELL:
            _need(d.filter.mana_value_equals is None, "target spell with mana value")
            return "spell", d.filter
        if d.kind is DescKind.CARD:
            _need(d.zone_given, "card zone")
            return "card", d.filter
        # "target commander you own from the battlefield": where a permanent is anyway
        _need(not d.zone_given or d.filter.zone == "battlefield", "target zone")
        return "permanent", d.filter

    def player(self, c):
        return c[0]

    player_nt = player

    def p_you(self, c):
        return ir.Ref("you")

    def p_each_opponent(self, c):
        return ir.Ref("each_opponent")

    def p_dissenters(self, c):
        """"each opponent who voted for a choice you didn't vote for" (CR 701.38)."""
        return ir.Ref(ir.DISSENTERS)

    def p_unable_to_sacrifice(self, c):
        """"each opponent who can't" after "Each opponent sacrifices a creature." (CR 701.21a):
        ``body`` checks that an edict comes just before."""
        return ir.Ref(ir.UNABLE_TO_SACRIFICE)

    def p_each_player(self, c):
        return ir.Ref("each_player")

    def p_each_other_player(self, c):
        return OTHER_PLAYERS

    def p_its_controller(self, c):
        return ITS_CONTROLLER

    def p_defending_player(self, c):
        return ir.Ref("defending_player")

    def p_enchanted_player(self, c):
        return ir.Ref(ir.ENCHANTED_PLAYER)     # the player this Aura enchants (CR 303.4b)

    def p_attacking_player(self, c):
        """"that attacking player": the active player, the one who attacks (CR 506.2)."""
        return ir.Ref(ir.ATTACKING_PLAYER)

    def p_that_player(self, c):
        return THAT_PLAYER  # meaningful only where the trigger names a player (see bind)

    # ------------------------------------------------------------------ descriptions
    def desc(self, c):
        fields: dict = {}
        plural, kind, zone_given, token = False, None, False, False
        for item in c:
            tag = item[0]
            if tag == "noun":
                _, types, subtypes, plural, word, *both = item
                token = word == "token"
                kind = None if word is None or token else DescKind(word)
                fields.update(types=types, subtypes=subtypes)
                if both == ["types_or_subtypes"]:   # "instant, sorcery, or Wizard": any one of them
                    fields["types_or_subtypes"] = True
                elif both == ["all_subtypes"]:   # "Urza's Power-Plant": every one of the subtypes
                    fields.update(subtypes=(), all_subtypes=subtypes)
                elif both == ["commander"]:   # "commanders you control" (CR 903.3d)
                    fields["commander"] = True
                elif both:              # "artifact creature": every one of the types
                    fields["all_types"] = both[0]
            elif tag == "colors_any":   # alone: the filter's colors are any one of its list
                _need("colors" not in fields and not any(x[0] == "colors" for x in c), "colors")
                fields["colors"] = item[1]
            elif tag in ("colors", "non_colors", "non_types", "supertypes", "keywords",
                         "without_keywords", "non_supertypes", "non_subtypes"):
                fields[tag] = fields.get(tag, ()) + (item[1],)
            elif tag == "cast_by":      # "spells you cast": the caster controls the spell (CR 601.2a)
                _need(kind is DescKind.SPELL and "controller" not in fields, "cast by")
                if item[1] is not None:
                    fields["controller"] = item[1]
            elif tag == "counters_on_them":
                _need(plural and "counter" not in fields, "counters on them")
                fields["counter"] = item[1]
            elif tag == "counter":
                _need(not plural and "counter" not in fields, "a counter on it")
                fields["counter"] = item[1]
            elif tag == "colorless":
                fields["non_colors"] = COLORS                  # no color at all (CR 105.2c)
            elif tag == "chosen_type":
                _need(not fields.get("subtypes"), "of the chosen type")
                fields["subtypes"] = ("chosen",)
            elif tag == "targeting":
                _need("targets_object" not in fields and "targets_player" not in fields, "that targets")
                fields["targets_object"], fields["targets_player"] = item[1]
            elif tag == "pt":               # "a 1/1 creature": both bounds of each
                _need(not {"power_at_most", "power_at_least", "toughness_at_most", "toughness_at_least"} & set(fields), "power")
                fields.update(power_at_least=item[1][0], power_at_most=item[1][0],
                              toughness_at_least=item[1][1], toughness_at_most=item[1][1])
            elif tag == "mana_value_exact":
                _need("mana_value_at_most" not in fields and "mana_value_at_least" not in fields, "mana value")
                fields["mana_value_at_most"] = fields["mana_value_at_least"] = item[1]
            elif tag == "from_hand":        # a card in your hand (a spell to cast from there)
                zone_given = True
                fields.update(zone="hand", controller="you")
            elif tag == "their_hand":       # a card in the hand of the player named before
                zone_given = True
                fields.update(zone="hand", controller=ir.THEIR_HAND)
            elif tag == "chosen_hand":
                zone_given = True
                fields.update(zone="hand", controller=ir.CHOSEN_PLAYER)
            elif tag == "on_battlefield":       # where permanents are anyway: said, not a new zone
                zone_given = True
            elif tag == "zone":
                zone_given = True
                fields["zone"] = "graveyard"
                if item[1]:
                    fields["controller"] = item[1]
            else:
                _need(tag not in fields, "repeated " + tag)
                fields[tag] = item[1]
        # "an instant card or a card with flash": card types alone, or the keyword
        _need("or_keywords" not in fields or kind is DescKind.CARD and not plural
              and set(fields) <= {"types", "subtypes", "or_keywords"} and fields.get("types") and not fields.get("subtypes"),
              "or a card with")
        if token:                   # a permanent that is a token (CR 111.1)
            fields["token"] = True
            _need(not fields.get("nontoken"), "token")
        _need(kind is DescKind.SPELL or not {"targets_self", "targets_object", "targets_player", "kicked"} & set(fields),
              "that targets, kicked")
        if kind is DescKind.SPELL:
            fields["zone"] = "stack"
        types = fields.get("types", ())
        if len(types) > 1 and (fields.get("keywords") or fields.get("without_keywords")):
            # "artifact, enchantment, or creature with flying": the keyword words go with the
            # creature, the last noun; a list ending otherwise is not read
            _need(types[-1] == "Creature" and "Creature" not in types[:-1], "a list of types with a keyword")
            fields["qualified_type"] = "Creature"
        return _Desc(ir.Filter(**fields), plural, kind, zone_given)

    def a_color(self, c):
        return "colors", NAME_TO_COLOR[str(c[0]).lower()]

    def a_color_or(self, c):
        """"a blue or black spell": one of those colors or more (CR 105.2)."""
        return "colors_any", tuple(NAME_TO_COLOR[str(x).lower()] for x in c)

    def a_noncolor(self, c):
        return "non_colors", NAME_TO_COLOR[str(c[0]).lower()[3:]]

    def a_nontype(self, c):
        word = str(c[0]).lower().rstrip(",")[3:]
        if word in ("basic", "legendary"):
            return "non_supertypes", word.title()   # "nonbasic land", "nonlegendary creature" (CR 205.4)
        if word == "token":
            return "nontoken", True                 # CR 111.1
        _need(word in _PREFIX_NON, "non" + word)
        return "non_types", _PREFIX_NON[word]

    def a_tapped(self, c):
        return "tapped", True

    def a_untapped(self, c):
        return "tapped", False

    def a_nonsubtype(self, c):
        """"non-Lair land": none of that subtype (CR 205.3)."""
        name, plural = _subtype(str(c[0])[4:])
        _need(not plural, "non-" + name)
        return "non_subtypes", name

    def a_attacking(self, c):
        return "attacking", True

    def a_blocking(self, c):
        return "blocking", True

    def a_attacking_or_blocking(self, c):
        return "attacking_or_blocking", True

    def a_pt(self, c):
        """"a 1/1 creature": exactly that power and toughness (CR 208.1)."""
        power, toughness = (int(n) for n in str(c[0]).split("/"))
        return "pt", (power, toughness)

    def a_basic(self, c):
        return "supertypes", "Basic"

    def a_legendary(self, c):
        return "supertypes", "Legendary"

    def a_snow(self, c):
        return "supertypes", "Snow"             # CR 205.4a

    def a_other(self, c):
        return "other", True

    def a_colorless(self, c):
        return "colorless", True

    def a_multicolored(self, c):
        return "multicolored", True

    def a_monocolored(self, c):
        """"monocolored creature": exactly one color (CR 105.2a)."""
        return "monocolored", True

    def a_kicked(self, c):
        """"a kicked spell" (CR 702.33d)."""
        return "kicked", True

    def p_adventure(self, c):
        """"a creature spell that has an Adventure" (CR 715.2; Edgewall Innkeeper rulings)."""
        return "adventure", True

    def p_name_unlike_attached(self, c):
        """"that doesn't have the same name as a Curse attached to enchanted player" (CR 201.2,
        303.4b): the names of the permanents of that subtype attached to that player, as it is read."""
        return "name_unlike_attached", _subtype(str(c[0]))[0]

    def p_both_colors(self, c):
        """"a spell that's both red and white": of each color, and perhaps others (CR 105.2)."""
        first, second = (NAME_TO_COLOR[str(x).lower()] for x in c)
        _need(first != second, "both colors")
        return "all_colors", (first, second)

    def p_colors_any(self, c):
        """"a spell that's white, blue, black, or red": of one of them or more (CR 105.2)."""
        return self.a_color_or(c)

    def p_colored(self, c):
        """"a permanent that's one or more colors": of any color, so not colorless (CR 105.2)."""
        return "colors_any", COLORS

    def p_not_basic_land(self, c):
        """"a card other than a basic land card": one without the basic supertype, which only
        lands have (CR 205.4c)."""
        return "non_supertypes", "Basic"

    def a_commander(self, c):
        """"commander creatures": a commander, whatever its types (CR 903.3d)."""
        return "commander", True

    def n_commander(self, c):
        """"a commander", "commanders you control": a commander of any player, in the zone the
        sentence names (CR 903.3d)."""
        return "noun", (), (), str(c[0]).lower().endswith("s"), None, "commander"

    def a_historic(self, c):
        """"historic spell": an artifact, legendary or Saga (CR 700.6)."""
        return "historic", True

    def n_types(self, c):
        words = [x for x in c if isinstance(x, tuple)]
        kind = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), None)
        types = tuple(w[1] for w in words if w[0] == "type")
        subtypes = tuple(w[1] for w in words if w[0] == "subtype")
        _need(not (types and subtypes), "types and subtypes")
        plurals = {w[2] for w in words}
        if kind is not None:
            _need(plurals == {False}, "plural type before kind")
            plural = kind.endswith("s")
            kind = kind.rstrip("s")
        else:
            _need(len(plurals) == 1, "mixed plural")
            plural = plurals.pop()
        return "noun", types, subtypes, plural, kind

    def n_instant_and_sorcery(self, c):
        """"instant and sorcery cards": cards that are instants or sorceries (as "instant or
        sorcery card")."""
        kind = str(c[-1]).lower()
        return "noun", ("Instant", "Sorcery"), (), kind.endswith("s"), kind.rstrip("s")

    def n_subtype_type(self, c):
        """"Sliver creatures", "Goblin creature card": a subtype and a card type together."""
        subtype, _ = _subtype(str(c[0]))
        _, t, plural = self.tw_type([c[1]])
        kind = c[2] if len(c) > 2 else None
        if kind is not None:
            _need(not plural, "plural type before kind")
            plural, kind = kind.endswith("s"), kind.rstrip("s")
        return "noun", (t,), (subtype,), plural, kind

    def n_type_list(self, c):
        """"artifact, creature, or land" / "artifacts, creatures, and lands": any of them."""
        joined = str(c[0]).lower().replace(",", " ").split()
        words = [w for w in str(c[0]).replace(",", " ").split() if w.lower() not in ("and", "or", "and/or")]
        found = [self.tw_type([w]) for w in words]
        plural = {f[2] for f in found}
        _need(len(plural) == 1, "mixed plural")
        kind = c[1] if len(c) > 1 else None
        plural = plural.pop()
        if kind is not None:
            _need(not plural, "plural type before kind")
            plural, kind = kind.endswith("s"), kind.rstrip("s")
        _need("and/or" in joined or plural == ("and" in joined), "and/or")   # "and/or": each one either
        return "noun", tuple(f[1] for f in found), (), plural, kind

    def n_type_pair(self, c):
        """"artifacts and enchantments", "creatures and lands": each object of either type."""
        words = str(c[0]).split()
        return "noun", (self.tw_type([words[0]])[1], self.tw_type([words[2]])[1]), (), True, None

    def n_subtype_list(self, c):
        """"a Plains, Island, Swamp, or Mountain card": a card with any of those subtypes."""
        words = [w for w in str(c[0]).replace(",", " ").split() if w not in ("or", "and/or")]
        found = [_subtype(w) for w in words]
        _need(not any(plural for _, plural in found) and c[1] == "card", "subtypes")
        return "noun", (), tuple(t for t, _ in found), False, "card"

    def n_spell_type_list(self, c):
        """"an instant, sorcery, or Wizard spell", "an Aura, Equipment, or Vehicle spell": a spell
        of any one of those card types or subtypes (CR 205.2, 205.3)."""
        _need(str(c[1]).lower() == "spell", "a list of types: spells only")
        words = [w for w in str(c[0]).replace(",", " ").split() if w != "or"]
        types = tuple(w.capitalize() for w in words if w.islower())
        subtypes = tuple(_subtype(w)[0] for w in words if not w.islower())
        _need(all(t in SUBTYPES for t in subtypes), "subtypes")
        return "noun", types, subtypes, False, "spell", *(("types_or_subtypes",) if types and subtypes else ())

    def n_kind(self, c):
        word = c[0]
        return "noun", (), (), word.endswith("s"), word.rstrip("s")

    def n_two_types(self, c):
        """"artifact creature", "enchantment creature cards": an object with both card types; the
        last word names what it is, as a lone type would."""
        first, last = self.tw_type([c[0]]), self.tw_type([c[1]])
        _need(not first[2] and first[1] != last[1], "two card types")
        kind = str(c[2]).lower() if len(c) > 2 else None
        plural = last[2]
        if kind is not None:
            _need(not plural, "plural type before kind")
            plural, kind = kind.endswith("s"), kind.rstrip("s")
        return "noun", (last[1],), (), plural, kind, (first[1], last[1])

    def n_two_subtypes(self, c):
        """"an Urza's Power-Plant": an object with both subtypes (CR 205.3i: "Urza's" and
        "Power-Plant" are two land types)."""
        words = str(c[0]).split()
        first, _ = _subtype(words[0])
        second, plural = _subtype(words[1])
        _need(first != second, "two subtypes")
        kind = str(c[1]).lower() if len(c) > 1 else None
        if kind is not None:
            _need(not plural, "plural type before kind")
            plural, kind = kind.endswith("s"), kind.rstrip("s")
        return "noun", (), (first, second), plural, kind, "all_subtypes"

    def n_permanent_card(self, c):
        """"permanent card", "Rebel permanent card": a card of any permanent type (CR 110.4a)."""
        subtypes = (_subtype(str(c[0]))[0],) if len(c) > 1 else ()
        _need(not subtypes or not _subtype(str(c[0]))[1], "plural subtype before kind")
        return "noun", PERMANENT_CARD_TYPES, subtypes, str(c[-1]).lower().endswith("s"), "card"

    def tw_type(self, c):
        word = str(c[0]).lower()
        plural = word.endswith("s")
        return "type", (word[:-1] if plural else word).capitalize(), plural

    def tw_subtype(self, c):
        name, plural = _subtype(str(c[0]))
        return "subtype", name, plural

    def kind(self, c):
        return str(c[0]).lower()

    def kind_token(self, c):
        return "token"

    def kind_tokens(self, c):
        return "tokens"

    def p_control_you(self, c):
        return "controller", "you"

    def p_own(self, c):
        """"target commander you own": its owner is the player the description is read for (CR 108.3)."""
        return "owned", True

    def p_shares_type_commander(self, c):
        """"a creature spell that shares a creature type with your commander" (CR 903.3e, 205.3)."""
        return "shares_type_with_commander", True

    def p_except_commanders(self, c):
        """"Destroy all creatures and planeswalkers except for commanders" (CR 903.3d)."""
        return "non_commander", True

    def p_control_not_you(self, c):
        return "controller", "not_you"

    def p_control_enchanted_player(self, c):
        """"creatures enchanted player controls": the player this Aura enchants (CR 303.4b)."""
        return "controller", ir.ENCHANTED_PLAYER

    def p_control_opponent(self, c):
        return "controller", "opponent"

    def p_with(self, c):
        return "keywords", _kw_name(c[0])

    def p_or_card_with(self, c):
        return "or_keywords", (_kw_name(c[1]),)

    def p_with_either(self, c):
        return "keywords_any", (_kw_name(c[0]), _kw_name(c[1]))

    def p_without(self, c):
        return "without_keywords", _kw_name(c[0])

    def p_power(self, c):
        key = "power_at_most" if str(c[1]).lower() == "less" else "power_at_least"
        _need(str(c[0]).isdigit() or key == "power_at_most", "power X or greater")
        return key, int(c[0]) if str(c[0]).isdigit() else ir.X()

    def p_toughness(self, c):
        _need(str(c[0]).isdigit(), "toughness X")
        key = "toughness_at_most" if str(c[1]).lower() == "less" else "toughness_at_least"
        return key, int(c[0])

    def p_with_counter(self, c):
        """"creature with a +1/+1 counter on it" (CR 122.1): one or more counters of that kind."""
        _need(c[0] not in _NOT_COUNTERS, "with no counters")
        return "counter", c[0]

    def p_without_counter(self, c):
        """"permanent without a fate counter on it" (CR 122.1): no counter of that kind."""
        _need(c[0] not in _NOT_COUNTERS, "without a counter")
        return "without_counter", c[0]

    def p_no_counters(self, c):
        """"creature with no counters on it" (CR 122.1): no counter of any kind."""
        return "no_counters", True

    def p_enchanted(self, c):
        """"creatures you control that are enchanted": with an Aura attached (CR 303.4)."""
        return "enchanted", True

    def p_enchanted_by_another(self, c):
        """"creature with another Aura attached to it": an Aura other than the source (CR 303.4)."""
        return "enchanted_by_another", True

    def p_with_counters(self, c):
        """"creatures with +1/+1 counters on them": the plural of :meth:`p_with_counter`."""
        _need(c[0] not in _NOT_COUNTERS, "with no counters")
        return "counters_on_them", c[0]

    def p_power_above_hand(self, c):
        """"with power greater than the number of cards in your hand" (Ensnaring Bridge): the
        hand of the source's controller, as it is when the filter is read."""
        return "power_above_hand", True

    def p_power_below_self(self, c):
        """"with power less than ~'s power": compared with the source's power (CR 509.1b)."""
        return "power_below_source", True

    def p_mv_at_most_self_power(self, c):
        """"with mana value less than or equal to ~'s power": compared with the source's power
        as the description is read (CR 202.3, 608.2b)."""
        return "mana_value_at_most_source_power", True

    def p_mv(self, c):
        """"with mana value 3 or less", "with mana value X or less" (X as the effect happens,
        CR 107.3; engine.support lets only a search or a look among library cards read X)."""
        return "mana_value_at_most", int(c[0]) if str(c[0]).isdigit() else ir.X()

    def p_mv_at_most_count(self, c):
        """"with mana value less than or equal to the number of ...": a count read whenever the
        description is, as targets are chosen and again on resolution (CR 107.3, 608.2b)."""
        return "mana_value_at_most", c[0]

    def p_power_at_most_count(self, c):
        """"with power less than or equal to the number of Islands you control": as above."""
        return "power_at_most", c[0]

    def mvc_its_graveyard(self, c):
        """"the number of cards in its controller's graveyard": the graveyard of the controller
        of the object compared (Drown in the Loch)."""
        return ir.CountOf(ir.Filter(controller="you", zone="graveyard"), its_controller=True)

    def mvc_objects(self, c):
        """"the number of lands you control" as a bound; not "card types among" (a Filter only)."""
        _need(type(c[0]) is ir.Filter, "a bound counted among card types")
        return ir.CountOf(c[0])

    def p_mv_exact(self, c):
        """"with mana value 3", "with mana value X" (CR 202.3): no more and no less."""
        return "mana_value_exact", int(c[0]) if str(c[0]).isdigit() else ir.X()

    def p_mv_at_least(self, c):
        _need(str(c[0]).isdigit(), "mana value X")
        return "mana_value_at_least", int(c[0])

    def p_mv_counters(self, c):
        """"with mana value equal to the number of charge counters on ~" (Chalice of the Void)."""
        return "mana_value_equals", ir.CountersOn(c[0])

    def p_mv_plus_stat(self, c):
        """"with mana value equal to 1 plus the sacrificed creature's mana value" (Birthing Pod):
        counted as the effect happens, from the object as it last existed (CR 608.2h)."""
        n = _number(str(c[0]))
        _need(isinstance(n, int) and type(c[1]) is ir.StatOf, "mana value equal to an amount")
        return "mana_value_equals", ir.Plus(c[1], n)

    def p_cast_you(self, c):
        return "cast_by", "you"

    def p_cast_opponent(self, c):
        return "cast_by", "opponent"

    def p_cast_any(self, c):
        return "cast_by", None

    def p_named_self(self, c):
        return "named_self", True

    def p_not_named_self(self, c):
        return "not_named_self", True

    def p_damaged_by_self(self, c):
        return "damaged_by_self", True

    def p_from_your_hand(self, c):
        return "from_hand", True

    def p_from_their_hand(self, c):
        """"from their hand": the hand of each player a "[player] may put ..." names."""
        return "their_hand", True

    def p_chosen_player_hand(self, c):
        """"in the chosen player's hand": the player chosen as the permanent entered (Nyxathid)."""
        return "chosen_hand", True

    def p_targets_self(self, c):
        """"Spells your opponents cast that target ~", "a spell that targets ~" (heroic)."""
        return "targets_self", True

    def p_single_target(self, c):
        """"spell with a single target" (Deflection; CR 115.7a)."""
        return "single_target", True

    def p_targets(self, c):
        """"Spells that target a creature", "that targets you or a permanent you control"
        (CR 115.1): what one of its targets must be."""
        objects = [x for x in c if isinstance(x, ir.Filter)] + [self.td_object([None, x]) for x in c
                                                                 if isinstance(x, _Desc)]
        players = [x for x in c if isinstance(x, str) and not isinstance(x, Token)]
        _need(len(objects) <= 1 and len(players) <= 1, "that targets")
        return "targeting", (objects[0] if objects else None, players[0] if players else None)

    def td_you(self, c):
        return "you"

    def td_player(self, c):
        _need(c[0] != "another", "that targets")
        return "any"

    def td_object(self, c):
        d = c[1]
        _need(c[0] != "another" and not d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given,
              "that targets")
        return d.filter

    def td_objects(self, c):
        """"that target one or more creatures you control": one of its targets at least is such
        an object, as for "a creature you control" (CR 115.1; Esior's rulings 2020-11-10)."""
        d = c[1]
        _need(d.plural and d.kind in (None, DescKind.PERMANENT) and not d.zone_given, "that targets")
        return d.filter

    def p_named(self, c):
        return "name", str(c[0])[len("named "):]

    def p_chosen_name(self, c):
        """"with the chosen name", "with that name": the card name chosen for the source (CR 201.3)."""
        return "name", ir.CHOSEN_NAME

    def card_name_kind(self, c):
        """"a [nonland] card name", "an artifact card name": the qualities of the card whose name
        is chosen (CR 201.3), read from its printed card types."""
        fields: dict = {"zone": "any"}
        for item in c:
            if isinstance(item, tuple):
                _need(item[0] == "non_types", "a card name with this quality")
                fields["non_types"] = fields.get("non_types", ()) + (item[1],)
            elif getattr(item, "type", None) == "TYPE_W":
                fields["types"] = (str(item).title(),)
        return ir.Filter(**fields)

    def p_your_graveyard(self, c):
        return "zone", "you"

    def p_of_chosen_color(self, c):
        """"Creatures of the chosen color" / "of the chosen type": "chosen" stands for the color
        or creature type chosen for the source."""
        return ("colors", "chosen") if str(c[0]).lower() == "color" else ("chosen_type", True)

    def p_of_that_type(self, c):
        """"permanents you control of that type": the creature type chosen for the source."""
        return "chosen_type", True

    def p_a_graveyard(self, c):
        return "zone", None

    def p_on_battlefield(self, c):
        """"creatures on the battlefield": every player's (CR 400.1)."""
        return "on_battlefield", True

    def p_opponent_graveyard(self, c):
        return "zone", "opponent"


# Words before "counters" that name no kind of counter ("with no counters on them")
_NOT_COUNTERS = frozenset({"no", "any", "more", "all"})
