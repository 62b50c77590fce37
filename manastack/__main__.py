"""``python -m manastack`` runs the command line."""
from manastack.cli import main

main()
