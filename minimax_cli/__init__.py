"""minimax-cli: play, analyze and solve games with adversarial search."""

__version__ = "0.1.0"
