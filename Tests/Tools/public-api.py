#!/usr/bin/env python3
"""The public API of each documented product, as text, checked against a committed baseline.

`make docs` extracts the symbol graphs of Networking (with the modules it re-exports),
NetworkingTesting and NetworkingCurl into .build/docs/symbol-graphs. This script reduces each to
one line per public declaration (its path, its declaration as the compiler prints it, and whether
it is deprecated), sorted, and compares them with Tests/API/<Module>.txt.

    public-api.py --check    fail, listing each line added or removed, if the API differs
    public-api.py --write    rewrite the baseline (do it in the commit that changes the API, and
                             record the change in CHANGELOG.md)
"""
import json
import pathlib
import sys

root = pathlib.Path(__file__).resolve().parents[2]
graphs = root / ".build" / "docs" / "symbol-graphs"
baselines = root / "Tests" / "API"


def declaration(symbol):
    fragments = symbol.get("declarationFragments") or symbol["names"].get("subHeading") or []
    return " ".join("".join(fragment["spelling"] for fragment in fragments).split())


def deprecated(symbol):
    for entry in symbol.get("availability", []):
        if entry.get("isUnconditionallyDeprecated") or "deprecated" in entry:
            return True
    return False


def lines(module):
    """The sorted API lines of `module`'s symbol graphs (its own and its extensions' files)."""
    result = []
    for path in sorted((graphs / module).glob("*.symbols.json")):
        for symbol in json.loads(path.read_text())["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue  # members a protocol's extension gives every conforming type
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            name = ".".join(symbol["pathComponents"])
            line = f"{name} | {declaration(symbol)}"
            if deprecated(symbol):
                line += " | deprecated"
            result.append(line)
    return sorted(result)


def main(argv):
    if len(argv) != 2 or argv[1] not in ("--check", "--write"):
        print(__doc__, file=sys.stderr)
        return 2
    modules = sorted(path.name for path in graphs.iterdir() if path.is_dir()) if graphs.is_dir() else []
    if not modules:
        print("public-api: no symbol graphs in .build/docs/symbol-graphs; run make docs first", file=sys.stderr)
        return 1
    if argv[1] == "--write":
        baselines.mkdir(parents=True, exist_ok=True)
        for module in modules:
            (baselines / f"{module}.txt").write_text("".join(line + "\n" for line in lines(module)))
        print(f"public-api: wrote the baseline of {', '.join(modules)} to Tests/API")
        return 0
    failed = False
    for module in modules:
        baseline_path = baselines / f"{module}.txt"
        baseline = baseline_path.read_text().splitlines() if baseline_path.exists() else []
        current = lines(module)
        removed = sorted(set(baseline) - set(current))
        added = sorted(set(current) - set(baseline))
        if not removed and not added:
            continue
        failed = True
        print(f"public-api: the public API of {module} differs from Tests/API/{module}.txt:", file=sys.stderr)
        for line in removed:
            print(f"  - {line}", file=sys.stderr)
        for line in added:
            print(f"  + {line}", file=sys.stderr)
        if removed:
            print(
                "  A removal breaks users: deprecate first (@available(*, deprecated, renamed:)) where they may "
                "rely on it.",
                file=sys.stderr,
            )
    if failed:
        print(
            "public-api: if the change is on purpose, run `make api-baseline` and record it in CHANGELOG.md, "
            "in the same commit.",
            file=sys.stderr,
        )
        return 1
    print(f"public-api: {', '.join(modules)} match their baselines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
