"""minimax-cli: play, analyze and solve two-player games with adversarial search."""

__version__ = "0.1.0"
