"""The Oracle-text compiler: from a card's printed text to the typed abilities of
:mod:`manastack.oracle.ir` that the engine runs."""
from manastack.oracle.compiler import CompileResult, Gap, compile_card

__all__ = ["CompileResult", "Gap", "compile_card"]
