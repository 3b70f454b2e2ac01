"""Allow `python -m minimax_cli`."""

from minimax_cli.cli import main

main()
