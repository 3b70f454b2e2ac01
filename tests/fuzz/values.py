"""Hostile words and files for the fuzz strategies: markup, unicode, control characters, odd and
huge numbers, deep JSON, long strings, binary and large position files.

Every word can be passed in argv (no NUL: a C string cannot hold one); files and stdin may hold
any bytes. Files live in one directory per user under the temporary directory, named by their
content, so a reproduction command can name them and says how to write them again.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import strategies as st

from tests.fuzz.checks import EMOJI_PROBES, MARKUP_PROBES, spelled

MARKUP = ("[/]", "[/red]", "[", "]", "[[", "]]", "\\[", "[red]", "[b]x[/i]", "[link]", "[@click]",
          *MARKUP_PROBES, *EMOJI_PROBES)
UNICODE = ("²", "١٢", "٥", "½", "Ⅻ", "𝟘", "５", "é", "x\u0301", "\u200b", "\ufeff", "\u202e",
           "🎲", "ǅ", "ß", "İ", "\u00a0", "\u3000", "\udcff", "\udc80x")
CONTROL = ("\n", "\r", "\t", "\r\n", "\x1b[31m", "\x1b[2J", "\x07", "\x08", "\x7f", "\x0b",
           "\x0c", "\x1b", "\x9b", "\u2028", "\x85", "a\nb", "1\n")
NUMBERS = ("0", "-0", "1", "-1", "+5", " 5 ", "05", "1_0", "1__0", "_1", "1_", "10**999",
           "10**10**10", "10**-1", "0**0", "2**400", "1e400", "1e308", "1e309", "1e-3", "2.5e3",
           "1e18", "10**18", "1e", "e5", "nan", "NaN", "-nan", "inf", "-inf", "Infinity", "0x10",
           "0b1", "0o7", "1.5", "5.", ".5", "1e-400", "4e-324", "1.7976931348623157e308", "9" * 101,
           "1" * 4301, "1" * 5000, "-" + "9" * 400, "1" + "0" * 400, "1e100", "1e101", "10**100",
           "10**101", "True", "None", "1/2", "3+4j", "0.1e1", "100000000", "1000000000",
           "1000000000000000000000000000000", "2147483648", "9223372036854775808")
WORDS = ("", " ", "-", "--", "---", "-x", "--x", "@", "a", "X", "x", "o", "/", "/min", "/max",
         ",", ":", "1:", ":1", "1:1", "a1", "z9", "b2", "quit", "help", "--help", "-h", "--version",
         "null", "{}", "[]", "[[]]", "{\"label\":\"[/]\"}", "random", "random:", "@abcd", "~",
         "$HOME", "*", "'", '"', "`", "\\", "%s", "{0}", "%(x)s")


def argv_safe(text: str) -> str:
    """`text` as an argv word could carry it (no NUL)."""
    return text.replace("\x00", "")


def digits(count: int, first: str = "1") -> str:
    return first + "0" * (count - 1)


def deep(depth: int, balanced: bool = True) -> str:
    return "[" * depth + ("]" * depth if balanced else "")


@cache
def long_word() -> st.SearchStrategy[str]:
    units = st.sampled_from(("a", "9", "1,", "[", "[1,", "X", "é", "[/]", "1:", " ", "\x1b"))
    counts = st.sampled_from((100, 1_000, 10_000, 100_000)) | st.integers(50, 5_000)
    return st.tuples(units, counts).map(lambda pair: pair[0] * pair[1])


@cache
def text_word() -> st.SearchStrategy[str]:
    # No lone surrogates but those of undecodable bytes (which UNICODE has): argv holds no others.
    return st.text(st.characters(exclude_characters="\x00", exclude_categories=("Cs",)),
                   max_size=30)


@cache
def number_word() -> st.SearchStrategy[str]:
    """Numbers of every kind and spelling, sane to absurd."""
    return st.one_of(
        st.sampled_from(NUMBERS),
        st.integers(-(10**30), 10**30).map(str),
        st.floats().map(repr),
        st.integers(90, 6_000).map(lambda n: "9" * n),
        st.integers(0, 10**6).map(lambda n: f"{n:_}"),
        st.tuples(st.integers(0, 20), st.integers(0, 500)).map(lambda p: f"{p[0]}**{p[1]}"),
        st.tuples(st.integers(0, 99), st.integers(-500, 500)).map(lambda p: f"{p[0]}e{p[1]}"),
    )


@cache
def hostile_word() -> st.SearchStrategy[str]:
    """Any word a hostile or careless user could type."""
    return st.one_of(
        st.sampled_from(MARKUP + UNICODE + CONTROL + WORDS),
        number_word(),
        text_word(),
        long_word(),
        st.sampled_from((10, 100, 1_000, 10_000, 100_000)).map(deep),
        st.integers(1, 2_000).map(lambda n: deep(n, balanced=False)),
        file_path(),
    )


# --- files -----------------------------------------------------------------------------------------
_FILES: dict[str, bytes] = {}
#: Paths whose content is the machine's own (never written by the harness).
SYSTEM_PATHS = ("/bin/ls", "/bin/sh", "/dev/null", "/dev/zero", "/dev/urandom", "/tmp", "/",
                "/etc/hostname", "/proc/self/status", "/nonexistent/position.txt", ".", "..")
#: Large files, built once a run: a file-size limit must refuse them quickly, not read them slowly.
_LARGE = {
    "big-heaps": lambda: b"1," * 2_000_000 + b"1",
    "deep-tree": lambda: b"[" * 1_000_000 + b"]" * 1_000_000,
    "flat-tree": lambda: b"[" + b"1," * 999_999 + b"1]",
    "many-digits": lambda: b"9" * 20_000_000,
}


def _directory() -> Path:
    path = Path(tempfile.gettempdir()) / f"minimax-fuzz-{os.getuid()}"
    path.mkdir(exist_ok=True)
    return path


def position_file(content: bytes, name: str | None = None) -> str:
    """The path of a file holding `content` (written on first use)."""
    name = name or hashlib.sha1(content).hexdigest()[:12]
    path = str(_directory() / f"{name}.txt")
    if path not in _FILES:
        if not os.path.exists(path) or os.path.getsize(path) != len(content):
            Path(path).write_bytes(content)
        _FILES[path] = content
    return path


def large_file(name: str) -> str:
    path = str(_directory() / f"{name}.txt")
    if path not in _FILES:
        return position_file(_LARGE[name](), name)
    return path


def file_content(path: str) -> bytes | None:
    """What the harness wrote at `path`, or None when it is not one of its files."""
    return _FILES.get(path)


def file_recipe(path: str) -> str:
    """A shell command printing the content of the harness's file at `path`."""
    return spelled(_FILES[path].decode("utf-8", "surrogateescape"))


@cache
def file_path() -> st.SearchStrategy[str]:
    """A path to a binary, text, empty, large or missing file."""
    written = st.one_of(
        st.binary(min_size=1, max_size=64),
        hostile_text_bytes(),
        st.sampled_from((b"", b"\xef\xbb\xbf10", b"\xff\xfe1\x000\x00", "é".encode("latin-1"),
                         b"X.O/.X./...\n", b"3,4,5\r\n", b"[[3,12,8],[2,4,6],[14,5,2]]", b"\x00")),
    ).map(position_file)
    return st.one_of(written, st.sampled_from(SYSTEM_PATHS),
                     st.sampled_from(tuple(_LARGE)).map(large_file))


@cache
def hostile_text_bytes() -> st.SearchStrategy[bytes]:
    return st.deferred(lambda: st.one_of(st.sampled_from(MARKUP + UNICODE + CONTROL + NUMBERS),
                                         text_word(), long_word())
                       ).map(lambda text: text.encode("utf-8", "surrogateescape"))


__all__ = ["CONTROL", "MARKUP", "NUMBERS", "SYSTEM_PATHS", "UNICODE", "WORDS", "argv_safe", "deep",
           "digits", "file_content", "file_path", "file_recipe", "hostile_text_bytes",
           "hostile_word", "large_file", "long_word", "number_word", "position_file", "text_word"]
