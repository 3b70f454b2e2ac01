"""The built-in games: each module holds one game's rules and imports only minimax_cli.core."""
