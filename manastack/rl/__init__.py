"""Reinforcement-learning environments (the optional extra ``manastack[rl]``).

>>> from manastack.rl import MagicAECEnv, MagicEnv
>>> env = MagicEnv(opponent="random")              # Gymnasium: one player against an agent
>>> obs, info = env.reset(seed=1)
>>> int(obs["action_mask"].sum()) > 0
True

``MagicAECEnv`` is the PettingZoo AEC environment for two to eight players
(``MagicAECEnv(players=4, format="commander", cards=...)``). See ``docs/rl.md``.
"""
try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:        # pragma: no cover - depends on the installation
    raise ImportError(f"manastack.rl needs the rl extra ({exc.name} is missing): "
                      "pip install 'manastack[rl]'") from None

from .encoding import SIZE as ACTION_SIZE
from .envs import MagicAECEnv, MagicEnv
from .observation import SIZE as OBSERVATION_SIZE

__all__ = ["ACTION_SIZE", "OBSERVATION_SIZE", "MagicAECEnv", "MagicEnv"]
