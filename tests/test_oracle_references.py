"""References inside one ability compose with what it names before them (CR 608.2c): "it"
after "create a token" is the token (CR 111.1), read from real corpus cards."""
from __future__ import annotations

from manastack.oracle import ir


def test_it_after_create_a_token_is_the_token(corpus_db):
    """Rakdos Guildmage: "Create a ... token ... Exile it at the beginning of the next end
    step." exiles the token just created, not the Guildmage (CR 111.1, 603.7c)."""
    ability = corpus_db.get("Rakdos Guildmage").abilities[1]
    assert isinstance(ability.effects[0], ir.CreateTokens)
    assert ability.effects[1].ability.effects == (ir.Exile(ir.Ref("created")),)
