"""The build's one part that pyproject.toml cannot say: Connect Four's C kernel, optional.

`optional=True`: where no C compiler is at hand the build goes on without it, and the proof search
runs as plain Python (minimax_cli/core/compiled.py).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("games.connect4._native", ["games/connect4/_native.c"],
                             extra_compile_args=["-O3"] if __import__("os").name != "nt" else [],
                             optional=True)])
