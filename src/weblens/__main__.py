"""``python -m weblens`` runs the command line."""

from weblens.cli import main

main()
