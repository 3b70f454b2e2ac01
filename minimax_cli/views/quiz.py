"""Exercises drawn and said: the tree with numbered leaves and hidden values, the questions, the
verdicts on a student's answers, the answer key, and a set of exercises as Markdown. Pure
functions of quiz objects; every sentence goes through the translation function."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from minimax_cli.answer.solving import PLAIN_ALPHABETA
from minimax_cli.core.i18n import _, ngettext, text_of
from minimax_cli.core.score import Number
from minimax_cli.reports.quiz import Exercise, Leaf, LeavesVerdict
from minimax_cli.views.trace import and_list, sentence, trace_view

MARKS = {"MAX": ("▲ MAX", "green"), "MIN": ("▼ MIN", "red")}


def written(value: Number | Fraction) -> str:
    """A value exactly as it is written in the tree: 3, -2, 2.5, 1/2 (never rounded)."""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    return str(int(value)) if isinstance(value, Fraction) else str(value)


def leaf_word(leaf: Leaf) -> str:
    return f"#{leaf.number}"


def numbers(found: Sequence[int]) -> str:
    return text_of(and_list([f"#{n}" for n in found]))


# --- the tree ------------------------------------------------------------------------------------
def drawing_parts(exercise: Exercise) -> list[list[tuple[str, str]]]:
    """The drawing as lines of (text, style) parts: inner nodes with their name and MAX or MIN and
    no value, leaves with their number and value."""
    rows = []
    for line in exercise.lines:
        parts = [(line.guides, "dim")]
        if line.leaf is None:
            mark, style = MARKS[line.player]
            # The root is named as the worked steps name it, in the interface's language.
            name = _("root") if line.name == "root" and not line.guides else line.name
            parts += [(name + " ", "bold"), (mark, style)]
        else:
            if line.name:
                parts.append((line.name + " ", "bold"))
            parts += [(leaf_word(line.leaf), "bold cyan"), (" = " + written(line.leaf.value), "")]
        rows.append(parts)
    return rows


def drawing(exercise: Exercise) -> Text:
    text = Text()
    for i, parts in enumerate(drawing_parts(exercise)):
        if i:
            text.append("\n")
        for words, style in parts:
            text.append(words, style=style)  # labels come from the user: never markup
    return text


def drawing_lines(exercise: Exercise) -> list[str]:
    return ["".join(words for words, _style in parts) for parts in drawing_parts(exercise)]


def legend() -> str:
    return _("▲ MAX and ▼ MIN take turns; a node is named by its label, or by its path of child "
             "numbers (2.1 is the first child of the root's second child); the leaves are numbered "
             "#1, #2, ... from the left, their values after =. Alpha-beta searches every node's "
             "children from left to right.")


def value_question() -> str:
    return _("What is the minimax value of the root?")


def leaves_question() -> str:
    return _("Which leaves does alpha-beta never evaluate? Give their numbers (e.g. 5 6, or 5-7 "
             "for a run), or none.")


# --- answers -------------------------------------------------------------------------------------
def pruned_words(exercise: Exercise) -> str:
    """`#5 (4) and #6 (6)`, or `none: alpha-beta evaluates every leaf`."""
    if not exercise.pruned:
        return _("none: alpha-beta evaluates every leaf")
    return text_of(and_list([_("#{number} ({value})").format(number=n,
                                                             value=written(exercise.leaf(n).value))
                             for n in exercise.pruned]))


def best_words(exercise: Exercise) -> str:
    first, *others = exercise.best_moves
    if not others:
        return first
    return _("{move} (as good: {others})").format(move=first, others=", ".join(others))


def counts_words(exercise: Exercise) -> str:
    return _("minimax {nodes} nodes ({leaves} leaves), alpha-beta {ab_nodes} nodes ({ab_leaves} "
             "leaves)").format(nodes=exercise.minimax_nodes, leaves=exercise.minimax_leaves,
                               ab_nodes=exercise.alphabeta_nodes,
                               ab_leaves=exercise.alphabeta_leaves)


def key_rows(exercise: Exercise) -> list[tuple[str, str]]:
    """The answer key: (what, answer) rows."""
    return [(_("Value of the root"), written(exercise.root_value)),
            (_("MAX's move"), best_words(exercise)),
            (_("Leaves never evaluated"), pruned_words(exercise)),
            (_("Nodes visited (root and leaves included)"), counts_words(exercise))]


def value_verdict(exercise: Exercise, answer: Fraction, right: bool) -> Text:
    root = written(exercise.root_value)
    if right:
        return Text.assemble(("✓ ", "green"), (_("right"), "bold green"),
                             _(": the root is worth {value}").format(value=root))
    return Text.assemble(("✗ ", "red"), (_("wrong"), "bold red"),
                         _(": you said {answer}; the root is worth {value}").format(
                             answer=written(answer), value=root))


def leaves_verdict(exercise: Exercise, answer: frozenset[int], verdict: LeavesVerdict) -> Text:
    truth = pruned_words(exercise)
    if verdict.right:
        return Text.assemble(("✓ ", "green"), (_("right"), "bold green"),
                             _(": alpha-beta never evaluates {leaves}").format(leaves=truth))
    said = numbers(sorted(answer)) if answer else _("none")
    details = []
    if verdict.missed:
        details.append(ngettext("missed {leaves}", "missed {leaves}", len(verdict.missed))
                       .format(leaves=numbers(verdict.missed)))
    if verdict.extra:
        details.append(ngettext("{leaves} evaluated", "{leaves} evaluated", len(verdict.extra))
                       .format(leaves=numbers(verdict.extra)))
    line = Text.assemble(("✗ ", "red"), (_("wrong"), "bold red"),
                         _(": you said {answer}; alpha-beta never evaluates {leaves} "
                           "({details})").format(answer=said, leaves=truth,
                                                 details="; ".join(details)))
    if verdict.values_given:
        line.append(_(". Those are the leaves' values: a leaf is named by its number #1, #2, ... "
                      "from the left"), style="yellow")
    return line


def score_line(right: int, asked: int) -> Text:
    return Text(_("{right} of {asked} right").format(right=right, asked=asked), style="bold")


def worked(exercise: Exercise) -> RenderableType:
    """After the verdicts: the key's other facts, then every step of alpha-beta."""
    facts = Text()
    rows = key_rows(exercise)
    for what, answer in (rows[1], rows[3]):  # the verdicts said the value and the leaves
        facts.append(f"{what}: ", style="bold")
        facts.append(answer + "\n")
    return Group(facts, trace_view(exercise.steps, len(exercise.steps), False, PLAIN_ALPHABETA))


# --- a set of exercises as Markdown --------------------------------------------------------------
def markdown(exercises: Sequence[Exercise], options: dict[str, Any], command: str) -> str:
    """The exercises, then the answer key with the worked steps: one Markdown document."""
    out = [
        "# " + _("Alpha-beta exercises"), "",
        ngettext("{count} exercise drawn from seed {seed}: a tree {depth} levels deep, {branching} "
                 "children per node, leaves from {low} to {high}. The same command gives the same "
                 "exercise:",
                 "{count} exercises drawn from seed {seed}: trees {depth} levels deep, {branching} "
                 "children per node, leaves from {low} to {high}. The same command gives the same "
                 "exercises:", options["count"]).format(**options), "",
        f"    {command}", "",
        legend(), "",
    ]
    for i, exercise in enumerate(exercises, 1):
        out += ["## " + _("Exercise {number}").format(number=i), "", "```text",
                *drawing_lines(exercise), "```", "",
                _("The same tree as JSON, for `minimax analyze tree`:"), "", "```json",
                exercise.position, "```", ""]
        if exercise.spec is not None:
            out += [_("Or drawn again from its seed, as a quiz:"), "",
                    f"    minimax analyze tree {exercise.spec} --quiz", ""]
        out += [f"1. {value_question()} " + _("Which move does MAX make?"),
                f"2. {leaves_question()}", ""]
    out += ["---", "", "# " + _("Answer key"), ""]
    for i, exercise in enumerate(exercises, 1):
        out += ["## " + _("Exercise {number}").format(number=i), ""]
        out += [f"- {what}: {answer}" for what, answer in key_rows(exercise)]
        out += ["", _("Worked steps (alpha-beta; α is the value MAX can already guarantee, β the "
                      "value MIN can):"), ""]
        for n, step in enumerate(exercise.steps, 1):
            mark = f"({step.letter}) " if step.letter else ""
            out.append(f"{n}. {mark}{sentence(step, False)}")
        out.append("")
    return "\n".join(out)


__all__ = ["drawing", "drawing_lines", "drawing_parts", "key_rows", "leaves_question",
           "leaves_verdict", "legend", "markdown", "pruned_words", "score_line", "value_question",
           "value_verdict", "worked", "written"]
