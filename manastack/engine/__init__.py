"""The rules engine: game state, the event road, and the rules of turns, priority, casting,
combat, triggers, replacement effects and state-based actions."""
