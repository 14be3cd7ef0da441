"""``python -m weblens`` runs the command line (``--version`` answered before it loads)."""

from weblens.launch import main

main()
