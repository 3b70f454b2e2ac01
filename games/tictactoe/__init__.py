"""Tic-tac-toe on a rows x cols board, k in a row (m,n,k games): rules, evaluations, symmetry
(`game.py`)."""
