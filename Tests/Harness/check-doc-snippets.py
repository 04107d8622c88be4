#!/usr/bin/env python3
"""Checks that every line of every Swift code block in README.md and the DocC articles appears in a
snippet file of the test targets (Tests/**/*Snippets.swift, Tests/**/DocModels.swift), where the
build compiles it. Lines are compared without their indentation and without the `private` or `static`
a twin may need where it sits; blank lines, comment-only lines, `import` lines and package manifest
blocks are skipped: Tests/Harness/check-doc-blocks.py (`make doc-blocks`) compiles each block as pasted,
with its own imports, and loads each manifest. A snippet file can declare that it spells a
name differently, because the test target has another declaration of that name, with a comment line
`// doc-twin-rename: NameInTheTwin -> NameInTheDocument`.
Prints each line with no twin and exits 1 if there is one."""
import glob
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parents[2]
docs = [root / "README.md"] + sorted(root.glob("Sources/*/*.docc/*.md"))
twins = set()
modifiers = re.compile(r"^((private|fileprivate|static|final) )+")
for path in list(root.glob("Tests/**/*Snippets.swift")) + list(root.glob("Tests/**/DocModels.swift")):
    text = path.read_text()
    renames = re.findall(r"// doc-twin-rename: (\S+) -> (\S+)", text)
    for line in text.splitlines():
        twins.add(line.strip())
        line = modifiers.sub("", line.strip())
        twins.add(line)
        for old, new in renames:
            twins.add(line.replace(old, new))
skip_docs: set[str] = set()
IMPORT = re.compile(r"^(@testable )?import \w+")

missing = 0
for doc in docs:
    if doc.name in skip_docs:
        continue
    for block in re.findall(r"```swift\n(.*?)```", doc.read_text(), re.S):
        if "PackageDescription" in block or ".package(" in block or ".testTarget(" in block:
            continue
        for line in block.splitlines():
            text = line.strip()
            if not text or text.startswith("//") or IMPORT.match(text) or text in twins or modifiers.sub("", text) in twins:
                continue
            print(f"{doc.relative_to(root)}: no compiled twin for: {text}")
            missing += 1
if missing:
    print(f"check-doc-snippets: {missing} documentation lines have no compiled twin", file=sys.stderr)
    sys.exit(1)
print(f"check-doc-snippets: every Swift line of {len(docs)} documents has a compiled twin")
