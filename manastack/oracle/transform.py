"""The Lark transformer from parse trees of ``grammar.lark`` to :mod:`manastack.oracle.ir`.

Effects are first built with placeholders: a target phrase is a ``_T`` (numbered by
:func:`bind` in the order the targets appear, CR 601.2c), "it" is ``IT``, and a clause without
its own subject ("... and gains flying") is ``PREV``. Anything the IR cannot state faithfully
raises :class:`Unsupported`, so the line is reported instead of compiled wrongly.

The rules are grouped by area in ``transform_*.py`` modules; this class puts them together.
"""
from __future__ import annotations

from lark import Transformer

from manastack.oracle.transform_base import Unsupported, bind
from manastack.oracle.transform_effects import EffectRules
from manastack.oracle.transform_faces import FaceRules, SagaRules
from manastack.oracle.transform_followups import FollowupRules
from manastack.oracle.transform_general import GeneralRules
from manastack.oracle.transform_lines import LineRules, instead_of_line_before
from manastack.oracle.transform_objects import ObjectRules
from manastack.oracle.transform_statics import StaticRules
from manastack.oracle.transform_triggers import TriggerRules

__all__ = ["OracleTransformer", "Unsupported", "bind", "instead_of_line_before"]


class OracleTransformer(LineRules, EffectRules, StaticRules, TriggerRules, ObjectRules, FollowupRules, GeneralRules,
                        FaceRules, SagaRules, Transformer):
    """Build IR from one parsed line. ``text`` is the normalised line (for mode texts)."""

    def __init__(self, text: str):
        super().__init__()
        self.text = text
