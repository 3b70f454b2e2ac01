"""Allow `python -m minimax_cli`."""

from minimax_cli.cli.app import main

main()
