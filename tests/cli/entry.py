"""`minimax ARGV` through the console script's entry point, run in this process.

`main` is what the installed `minimax` and `python -m minimax_cli` call: it turns usage errors into
one line on stderr and exit code 2. Run here inside the test runner's isolation (its own stdin,
stdout, stderr and environment), it answers what a subprocess would, without starting Python again
for each case; an exception that escapes `main` fails the test instead of printing a traceback.
A few tests still start the real process, where the process itself is the point.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping

from typer.testing import CliRunner

from minimax_cli.cli.app import main


def run_main(*argv: str, stdin: str | bytes | None = None,
             env: Mapping[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Exit code, stdout and stderr of `minimax ARGV` with `stdin`, `env` added to the environment."""
    saved_argv = sys.argv
    with CliRunner().isolation(input=stdin, env=env) as (out, err, _):
        sys.argv = ["minimax", *argv]
        try:
            main()
            code = 0  # main always exits; kept for a main that returns
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        finally:
            sys.argv = saved_argv
            sys.stdout.flush()
            sys.stderr.flush()
        return subprocess.CompletedProcess(["minimax", *argv], code,
                                           out.getvalue().decode("utf-8", "replace"),
                                           err.getvalue().decode("utf-8", "replace"))
