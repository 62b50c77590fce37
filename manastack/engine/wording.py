"""Small helpers for the wording of log lines and prompts."""


def possessive(name: str) -> str:
    """ "Plains'" and "Shock's": a name ending in s takes only the apostrophe."""
    return name + ("'" if name.endswith("s") else "'s")
