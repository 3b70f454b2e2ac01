"""A terminal's SVG (Rich's `Console.export_svg`) made fit for a slide rendered offline.

Rich's SVG asks for its font (Fira Code) from a web CDN, and writes runs of spaces as no-break
spaces inside text elements whose whitespace an SVG renderer may collapse: offline, rsvg-convert
draws `▲ MAX  α=-∞` as `▲ MAXα=-∞`, and a quiz's indented branch at column 0. The SVG is kept as
Rich writes it (its columns are placed by `x` and `textLength`, whatever the font), with three
changes, made on its text because Rich offers no option for them:

- no `@font-face`: nothing is fetched, and the text takes the first monospace font installed
  (FONT_STACK, Fira Code first where it is);
- `xml:space="preserve"` on the root: every space is drawn where the terminal had it;
- the box-drawing characters (the tables' frames, the trees' guides) drawn as lines across their
  cells, the glyphs kept, unseen, for search and copy: a font's glyphs span its own height, not
  the SVG's line, so the lines of one row would not meet the next's in any font but Fira Code.
"""

from __future__ import annotations

import html
import re

#: Monospace fonts found on the systems that render slides (Linux, macOS, Windows), best first;
#: every one has the box-drawing characters and the arrows and triangles the views use.
FONT_STACK = ('"Fira Code", "DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", '
              '"Noto Sans Mono", monospace')

_FONT_FACE = re.compile(r"\s*@font-face\s*\{[^}]*\}")
_FAMILY = re.compile(r"font-family:\s*Fira Code,\s*monospace;")


#: Each box-drawing character's arms: (up, right, down, left), 1 light, 2 heavy (double drawn
#: as heavy), 0 none.
BOX = {
    "─": (0, 1, 0, 1), "│": (1, 0, 1, 0), "┌": (0, 1, 1, 0), "┐": (0, 0, 1, 1),
    "└": (1, 1, 0, 0), "┘": (1, 0, 0, 1), "├": (1, 1, 1, 0), "┤": (1, 0, 1, 1),
    "┬": (0, 1, 1, 1), "┴": (1, 1, 0, 1), "┼": (1, 1, 1, 1), "╭": (0, 1, 1, 0),
    "╮": (0, 0, 1, 1), "╰": (1, 1, 0, 0), "╯": (1, 0, 0, 1),
    "━": (0, 2, 0, 2), "┃": (2, 0, 2, 0), "┏": (0, 2, 2, 0), "┓": (0, 0, 2, 2),
    "┗": (2, 2, 0, 0), "┛": (2, 0, 0, 2), "┣": (2, 2, 2, 0), "┫": (2, 0, 2, 2),
    "┳": (0, 2, 2, 2), "┻": (2, 2, 0, 2), "╋": (2, 2, 2, 2),
    "┡": (2, 2, 1, 0), "┩": (2, 0, 1, 2), "╇": (2, 2, 1, 2),
    "┢": (1, 2, 2, 0), "┪": (1, 0, 2, 2), "╈": (1, 2, 2, 2),
    "═": (0, 2, 0, 2), "║": (2, 0, 2, 0), "╔": (0, 2, 2, 0), "╗": (0, 0, 2, 2),
    "╚": (2, 2, 0, 0), "╝": (2, 0, 0, 2), "╠": (2, 2, 2, 0), "╣": (2, 0, 2, 2),
    "╦": (0, 2, 2, 2), "╩": (2, 2, 0, 2), "╬": (2, 2, 2, 2),
}
_CLIP = re.compile(r'<clipPath id="([^"]+)">\s*<rect x="[-\d.]+" y="([-\d.]+)" '
                   r'width="[-\d.]+" height="([-\d.]+)"\s*/>')
_FILL = re.compile(r"\.([\w-]+) \{ fill: (#[0-9a-fA-F]{6})")
_TEXT = re.compile(r'<text class="([^"]+)" x="([-\d.]+)" y="[-\d.]+" textLength="([-\d.]+)" '
                   r'clip-path="url\(#([^)]+)\)">([^<]*)</text>')


def self_contained(svg: str) -> str:
    """`svg` (Rich's) with no font from the network, its spaces kept and its box lines drawn
    (the module says why)."""
    svg = _FONT_FACE.sub("", svg)
    svg = _FAMILY.sub(f"font-family: {FONT_STACK};", svg)
    rows = {name: (float(top), float(height)) for name, top, height in _CLIP.findall(svg)}
    colours = dict(_FILL.findall(svg))

    def drawn(match: re.Match[str]) -> str:
        style, x, length, clip, body = match.groups()
        chars = html.unescape(body)
        if clip not in rows or not any(char in BOX for char in chars):
            return match.group(0)
        top, height = rows[clip]
        cell = float(length) / len(chars)
        paths = [_lines(BOX[char], float(x) + place * cell, cell, top, height)
                 for place, char in enumerate(chars) if char in BOX]
        hidden = "".join(f'<tspan fill-opacity="0">{html.escape(char)}</tspan>' if char in BOX
                         else html.escape(char).replace(" ", "&#160;") for char in chars)
        colour = colours.get(style, "#c5c8c6")
        strokes = "".join(
            f'<path d="{d}" stroke="{colour}" stroke-width="{width:g}" fill="none"/>'
            for width, d in _by_width(paths, cell))
        return match.group(0).replace(f">{body}</text>", f">{hidden}</text>") + strokes

    svg = _TEXT.sub(drawn, svg)
    return svg.replace("<svg ", '<svg xml:space="preserve" ', 1)


def _lines(arms: tuple[int, int, int, int], left: float, cell: float, top: float,
           height: float) -> list[tuple[int, str]]:
    """One character's arms as (weight, path) pairs, from the cell's centre to its edges."""
    middle_x, middle_y = left + cell / 2, top + height / 2
    ends = ((middle_x, top), (left + cell, middle_y), (middle_x, top + height), (left, middle_y))
    return [(weight, f"M{middle_x:.2f} {middle_y:.2f}L{end_x:.2f} {end_y:.2f}")
            for weight, (end_x, end_y) in zip(arms, ends, strict=True) if weight]


def _by_width(paths: list[list[tuple[int, str]]], cell: float) -> list[tuple[float, str]]:
    """The arms gathered in one path for each weight, with its stroke width."""
    found: dict[int, list[str]] = {}
    for arms in paths:
        for weight, d in arms:
            found.setdefault(weight, []).append(d)
    return [(round(cell * (0.1 if weight == 1 else 0.22), 2), "".join(parts))
            for weight, parts in sorted(found.items())]


__all__ = ["BOX", "FONT_STACK", "self_contained"]
