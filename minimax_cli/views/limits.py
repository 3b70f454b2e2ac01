"""How much the search views draw: steps of `--trace`, levels of `--tree-depth`. Kept apart from
the renderers so that the command line can state them without loading Rich's tables."""

#: Steps `--trace` shows unless --max-steps says otherwise, and the most it may ask for.
DEFAULT_STEPS = 200
MAX_STEPS = 100_000
#: Levels `--tree-depth` may ask for.
MAX_TREE_DEPTH = 200

__all__ = ["DEFAULT_STEPS", "MAX_STEPS", "MAX_TREE_DEPTH"]
