"""The play session's hard stop: a stop that lands in a finalizer prints nothing and fires again."""

from __future__ import annotations

import gc
import sys
import weakref

import pytest

from minimax_cli.play.backstop import HardStop, Overtime


class _Victim:
    pass


@pytest.mark.skipif(not HardStop.available(), reason="needs timer signals (POSIX, main thread)")
def test_a_stop_landing_in_a_weakref_callback_is_retried_in_ordinary_code(
        capsys: pytest.CaptureFixture[str]) -> None:
    stop = HardStop(60)
    hook = sys.unraisablehook
    with pytest.raises(Overtime), stop:
        victim = _Victim()

        def callback(_: object) -> None:
            stop._fire(0, None)  # as if the timer signal arrived during the callback

        ref = weakref.ref(victim, callback)
        del victim
        gc.collect()  # the callback raised Overtime, which Python cannot propagate from there
        assert ref() is None and stop.armed  # swallowed silently and armed again
        while True:  # the retry fires in ordinary code within RETRY seconds
            sum(range(1000))
    assert "Traceback" not in capsys.readouterr().err
    assert sys.unraisablehook is hook  # put back on leaving
