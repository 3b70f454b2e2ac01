"""The fuzz harness of issue 9: hostile command lines and play input, run in process.

- strategies.py: Hypothesis strategies that build the cases (argument lists, stdin, position files,
  play sessions) and the settings profiles `fuzz-ci` and `fuzz-long`; values.py: the hostile
  words and files they draw on.
- harness.py: one case run the way the console script runs it, under a time and memory guard.
- checks.py: what every case must show (exit code, one-line errors, JSON, caps), failure keys and
  reproduction commands.
- test_fuzz_cli.py, test_fuzz_play.py: the fixed CI budget (`python -m pytest tests/fuzz`, marked
  slow; HYPOTHESIS_PROFILE=dev for a tenth of the cases, MINIMAX_FUZZ_SCALE=10 for ten times,
  MINIMAX_FUZZ_PROFILE=fuzz-long for random ones);
  scripts/fuzz.py: the longer run, which collects every failure instead of stopping at one.
"""
