"""The limits of `--compare` and of the quiz that the command line states in its help texts, kept
apart from the services so that the command line can state them without loading the services
(as `views.limits` does for the views)."""

#: Seconds each algorithm gets when no --time or --nodes is given: minimax visits the 549,946 nodes
#: of tic-tac-toe's whole tree in about half a second, and 4x4 tic-tac-toe would take hours.
COMPARE_SECONDS = 3.0

#: Nodes of a quiz tree: its drawing, its questions and its worked steps must fit a page or two.
MAX_QUIZ_NODES = 400
#: Characters of one answer: 81 leaves listed one by one fit.
MAX_ANSWER = 300
#: `minimax quiz`: its options' limits.
MAX_COUNT = 50
DEPTHS = (1, 6)
BRANCHINGS = (2, 5)
LEAF_RANGE = (-999, 999)
MAX_SEED = 2**32 - 1

__all__ = ["BRANCHINGS", "COMPARE_SECONDS", "DEPTHS", "LEAF_RANGE", "MAX_ANSWER", "MAX_COUNT",
           "MAX_QUIZ_NODES", "MAX_SEED"]
