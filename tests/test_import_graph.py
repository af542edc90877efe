"""The package's modules import each other without a cycle, type-only imports included (issue 38).

Each module's imports are read with ``ast`` (at the top, inside functions and under ``TYPE_CHECKING`` alike),
so a cycle shows up here even when Python would never run into it at import time.
"""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def module_names():
    """Every module of teachkit/ by its dotted name, with its file."""
    out = {}
    for path in sorted((ROOT / "teachkit").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imports(name, path, modules):
    """The teachkit modules ``name`` imports (a package counts as its ``__init__``)."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                # ``from package import module`` imports that module; ``from module import name`` the module
                found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source)
    return {m for m in found if m in modules and m != name}


def graph():
    modules = module_names()
    return {name: imports(name, path, modules) for name, path in modules.items()}


def find_cycle(edges):
    """One import cycle as a list of module names, or None."""
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for target in sorted(edges[node]):
            if state.get(target) == "open":
                return stack[stack.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_modules_import_each_other_without_a_cycle():
    edges = graph()
    assert "teachkit.lm.ngram" in edges["teachkit.lm.bigram"]               # the graph sees relative imports
    assert "teachkit.counts.counting" in edges["teachkit.evaluation.intrusion"]   # and type-only ones
    cycle = find_cycle(edges)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_metrics_import_neither_the_course_nor_the_documents():
    rooms = {"teachkit.course", "teachkit.documents"}
    edges = graph()
    assert "teachkit.course.selfcheck" in edges["teachkit.course.exercises.model"]
    for name, targets in edges.items():
        if name.split(".")[:2] in (["teachkit", "course"], ["teachkit", "documents"], ["teachkit", "__main__"]):
            continue
        assert not {t for t in targets if ".".join(t.split(".")[:2]) in rooms}, name
