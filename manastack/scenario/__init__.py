"""Scenario files: a game state, a script of actions and expected outcomes, in YAML.

``Scenario.load(path).run()`` plays one; ``manastack judge FILE...`` plays many and reports.
The format is described in docs/scenarios.md and by ``schema.json`` beside this module.
"""
from .errors import ScenarioError, ScenarioErrors
from .expect import Outcome
from .scenario import Scenario, ScenarioRun
from .validate import SCHEMA_PATH

__all__ = ["Scenario", "ScenarioRun", "ScenarioError", "ScenarioErrors", "Outcome", "SCHEMA_PATH"]
