"""Figures of the house, read from the code (nothing is run): the layers that import the search
package, the algorithm names written as string literals outside it, the longest functions of cli/
and of the whole product, and the product's lines.

    python scripts/house_figures.py [--top 5]

A figure, never pass/fail: tests/test_imports.py holds the rules; this prints what they allow.
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("minimax_cli", "games")
SEARCH = "minimax_cli.core.search"


def modules() -> dict[str, Path]:
    """Every product module by its dotted name."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def layer(name: str) -> str:
    parts = name.split(".")
    return "games" if parts[0] == "games" else (parts[1] if len(parts) > 1 else "package")


def imports_search(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(SEARCH):
            return True
        if isinstance(node, ast.Import) and any(a.name.startswith(SEARCH) for a in node.names):
            return True
    return False


def algorithm_names() -> set[str]:
    """The names the search package registers, read from its Algorithm declarations (a name
    given as a module-level constant of the package is resolved to its string)."""
    tree = ast.parse((ROOT / "minimax_cli/core/search/__init__.py").read_text(encoding="utf-8"))
    constants: dict[str, str] = {}
    for node in tree.body:  # NAME = "..." and A, B = "...", "..."
        if isinstance(node, ast.Assign):
            for target in node.targets:
                pairs = (zip(target.elts, node.value.elts, strict=False)
                         if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                         else [(target, node.value)])
                for name, value in pairs:
                    if isinstance(name, ast.Name) and isinstance(value, ast.Constant) \
                            and isinstance(value.value, str):
                        constants[name.id] = value.value
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "").endswith("Algorithm") \
                and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant):
                names.add(str(first.value))
            elif isinstance(first, ast.Name) and first.id in constants:
                names.add(constants[first.id])
    return names


def functions(tree: ast.AST) -> list[tuple[int, str]]:
    return [((node.end_lineno or node.lineno) - node.lineno + 1, node.name)
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=5, help="longest functions shown (default 5)")
    top = parser.parse_args().top
    names = algorithm_names()
    doors: Counter[str] = Counter()
    literals: Counter[str] = Counter()
    longest: list[tuple[int, str]] = []
    lines = 0
    for name, path in modules().items():
        text = path.read_text(encoding="utf-8")
        lines += text.count("\n")
        tree = ast.parse(text)
        if not name.startswith(SEARCH) and imports_search(tree):
            doors[layer(name)] += 1
        if not name.startswith(SEARCH):
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and node.value in names:
                    literals[name] += 1
        longest += [(size, f"{name}.{function}") for size, function in functions(tree)]
    c_lines = sum(p.read_text(encoding="utf-8").count("\n") for pkg in PACKAGES
                  for p in (ROOT / pkg).rglob("*.c"))
    print(f"layers that import {SEARCH}: {len(doors)} "
          f"({', '.join(f'{k} {v}' for k, v in sorted(doors.items()))} modules)")
    print(f"algorithm names as string literals outside it: {sum(literals.values())} in "
          f"{len(literals)} modules")
    for module, found in literals.most_common():
        print(f"  {found:3}  {module}")
    longest.sort(reverse=True)
    cli = [item for item in longest if item[1].startswith("minimax_cli.cli.")]
    print("longest functions in cli/: " + ", ".join(f"{n} {s}" for s, n in cli[:top]))
    print("longest functions in the product: " + ", ".join(f"{n} {s}" for s, n in longest[:top]))
    print(f"product lines: {lines:,} Python + {c_lines:,} C = {lines + c_lines:,}")


if __name__ == "__main__":
    main()
