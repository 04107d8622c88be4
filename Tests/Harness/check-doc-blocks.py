#!/usr/bin/env python3
"""Compiles each Swift code block of README.md and of the DocC articles as a reader pastes it: as a file
of its own, with the imports the block shows, against the library modules of the debug build (the
library is not rebuilt; run `swift build` first). `make doc-blocks` runs it; `make test` too.

What a block is decides how it is checked:

- A manifest (a block that imports PackageDescription) is laid out as a package in a temporary folder:
  one folder per target it declares, with the resources it names (a `.copy("Fixtures")` becomes an
  empty folder), and a dependency given by path or URL replaced by the path of this checkout (the
  URL stands for a clone of it). `swift package describe` then loads it: any warning or error fails
  the block. The product names it depends on are checked against this package's products, and the
  app's manifest is the same in README.md and the Getting started article (SAME_MANIFEST). With
  `--build-manifest` the package is also built and its tests compiled, in .build/doc-blocks-manifest
  (that builds the library once more, so `make test` leaves it out).
- A manifest fragment (a block whose first line starts with `.`, such as `.package(url: …)`) is
  evaluated as the elements of an array in a manifest: `[Package.Dependency]` for `.package(`,
  `[Target]` for `.target(`, `.executableTarget(` and `.testTarget(`.
- A block that shows an `import` is a whole file: it is compiled with nothing added. `App` is the
  app target of the README's manifest: its module is the README's models block (the one that declares
  `struct User`), built twice, once as SwiftPM builds it and once with the main actor as default
  isolation, as Xcode 26 creates an app target, and each block that imports `App` compiled against
  both.
- Any other block is a fragment of an app's file: it is compiled after the line
  `import Networking; import DocContext`, as top-level code. DocContext
  (Tests/Harness/DocBlocks/DocContext.swift) declares the names the guides take as given: the
  README's models, the shared `networking`, and the other values the prose around a fragment
  introduces. A fragment that declares a name itself hides DocContext's.
- A block listed in ELSEWHERE below is not compiled here; the table says what compiles it instead.

Each block compiles with `-swift-version 6` through the compiler's diagnostic passes (`-emit-sil`):
any error or warning fails it. Prints each failure with the document's own line numbers and exits 1 if
there is one.

Options: --bin-path DIR (the debug build's bin path; default .build/debug), --only SUBSTRING (check
the documents whose path contains it), --build-manifest, --keep (leave .build/doc-blocks in place)."""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parents[2]
work = root / ".build" / "doc-blocks"
context_source = root / "Tests" / "Harness" / "DocBlocks" / "DocContext.swift"

# Blocks that cannot compile on this platform, each found by a line of it, with what checks it.
ELSEWHERE = {
    "let avatar: Result<UIImage, NetworkingError>": "UIKit only: make apple-standins compiles its twin "
    "(Tests/AppleStandIns/Callers/AppleSnippets.swift)",
}


# A line that declares a type, an extension or a function at file scope.
DECLARATION = re.compile(r"^(@\w+ |nonisolated |final |private |public )*(struct|enum|class|actor|extension|protocol|func) ", re.M)
# What the compiler says of a value a fragment declares for the reader and does not use itself.
UNUSED = re.compile(r"(was never used|was never mutated|is unused|never used; consider)")


# The documents that show the app's manifest, which must be the same in each.
SAME_MANIFEST = ("README.md", "GettingStarted.md")


class Block:
    def __init__(self, doc: pathlib.Path, line: int, text: str):
        self.doc, self.line, self.text = doc, line, text
        self.name = f"{doc.relative_to(root)}:{line}"

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    @property
    def imports(self) -> list[str]:
        return [m for m in (re.match(r"\s*(?:@testable\s+)?import\s+(\w+)", l) for l in self.lines) if m]


def blocks() -> list[Block]:
    docs = [root / "README.md"] + sorted(root.glob("Sources/*/*.docc/*.md"))
    found = []
    for doc in docs:
        text = doc.read_text()
        for match in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
            # The block's first line is the line after the fence.
            found.append(Block(doc, text[: match.start()].count("\n") + 2, match.group(1)))
    return found


def run(command: list[str], cwd: pathlib.Path | None = None) -> tuple[int, str]:
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return done.returncode, done.stdout


class Compiler:
    def __init__(self, bin_path: pathlib.Path):
        self.search = [
            "-I", str(bin_path / "Modules"),
            "-Xcc", f"-fmodule-map-file={bin_path / 'CCurlShim.build' / 'module.modulemap'}",
            "-Xcc", f"-fmodule-map-file={bin_path / 'CZlibShim.build' / 'module.modulemap'}",
        ]  # fmt: skip
        self.base = ["swiftc", "-swift-version", "6", "-warnings-as-errors"] + self.search

    def module(self, name: str, sources: list[pathlib.Path], into: pathlib.Path, extra: list[str]) -> str:
        into.mkdir(parents=True, exist_ok=True)
        command = self.base + ["-I", str(work / "context")] + extra
        command += ["-parse-as-library", "-emit-module", "-module-name", name, "-enable-testing"]
        command += ["-emit-module-path", str(into / f"{name}.swiftmodule")] + [str(s) for s in sources]
        status, output = run(command)
        return "" if status == 0 else output

    def check(self, source: pathlib.Path, include: list[pathlib.Path], beside: list[pathlib.Path]) -> str:
        command = self.base + [a for d in include for a in ("-I", str(d))]
        command += ["-module-name", "Block", "-wmo", "-emit-sil", "-o", str(source.with_suffix(".sil")), str(source)]
        command += [str(b) for b in beside]
        status, output = run(command)
        return "" if status == 0 else output


def doc_lines(output: str, source: pathlib.Path, block: Block, offset: int) -> str:
    """The compiler's messages, with the file's line numbers turned into the document's."""

    def rename(match: re.Match) -> str:
        return f"{block.doc.relative_to(root)}:{block.line + int(match.group(1)) - 1 - offset}:"

    return re.sub(re.escape(str(source)) + r":(\d+):", rename, output)


def check_swift(block: Block, index: int, compiler: Compiler) -> list[str]:
    folder = work / f"block-{index:03}"
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "main.swift"
    if block.imports:
        source.write_text(block.text)
        offset = 0
        beside = []
        variants = [[]]
        if any(m.group(1) == "App" for m in block.imports):
            variants = [[work / "app-nonisolated"], [work / "app-mainactor"]]
    elif DECLARATION.search(block.text):
        source.write_text("import Networking; import DocContext\n" + block.text)
        offset = 1
        variants = [[work / "context"]]
        beside = [work / "App.swift"]
    else:
        source.write_text("import Networking; import DocContext; func fragment() async throws {\n" + block.text + "}\n")
        offset = 1
        variants = [[work / "context"]]
        beside = [work / "App.swift"]
    failures = []
    for include in variants:
        output = compiler.check(source, include, beside)
        if output and not block.imports and not DECLARATION.search(block.text):
            output = "" if all(UNUSED.search(l) for l in output.splitlines() if ": warning: " in l or ": error: " in l) else output
        if output:
            where = f" (App built with {include[0].name.removeprefix('app-')} default isolation)" if len(
                variants) > 1 else ""
            failures.append(f"{block.name}{where}:\n" + doc_lines(output, source, block, offset))
    return failures


def manifest_folder(name: str) -> pathlib.Path:
    folder = work / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def check_fragment(block: Block, index: int) -> list[str]:
    first = block.lines[0].strip()
    element = "Package.Dependency" if first.startswith(".package(") else "Target"
    folder = manifest_folder(f"fragment-{index:03}")
    manifest = "// swift-tools-version: 6.2\nimport PackageDescription\n\n"
    manifest += f"let fragment: [{element}] = [\n{block.text}]\n"
    manifest += 'let package = Package(name: "Fragment")\n'
    (folder / "Package.swift").write_text(manifest)
    status, output = run(["swift", "package", "--scratch-path", str(folder / ".build"), "dump-package"], folder)
    return [] if status == 0 else [f"{block.name}: the manifest fragment does not evaluate:\n{output}"]


def our_products() -> set[str]:
    status, output = run(["swift", "package", "--scratch-path", str(work / "describe"), "dump-package"], root)
    if status != 0:
        raise SystemExit(f"check-doc-blocks: cannot read this package's manifest:\n{output}")
    return {p["name"] for p in json.loads(output)["products"]}


def check_manifest(block: Block, index: int, build: bool) -> list[str]:
    folder = manifest_folder(f"manifest-{index:03}")
    package = folder / "App"
    package.mkdir()
    text = block.text
    # The dependency on this package, by path or URL, becomes this checkout; SwiftPM names a package
    # depended on by path after its folder, so a link named as the block names the package stands in.
    for match in re.finditer(r'\.package\((?:path|url): "([^"]*)"[^)]*\)', text):
        text = text.replace(match.group(0), '.package(path: "../Networking")')
    (folder / "Networking").symlink_to(root)
    (package / "Package.swift").write_text(text)
    failures = []
    for kind, name in re.findall(r"\.(executableTarget|target|testTarget)\(\s*name: \"(\w+)\"", text):
        sources = package / ("Tests" if kind == "testTarget" else "Sources") / name
        sources.mkdir(parents=True)
        if kind == "testTarget":
            (sources / f"{name}.swift").write_text("import XCTest\n")
        elif kind == "executableTarget":
            (sources / "main.swift").write_text('print("App")\n')
        else:
            (sources / f"{name}.swift").write_text("")
    for product in re.findall(r'\.product\(name: "(\w+)", package: "Networking"\)', text):
        if product not in our_products():
            failures.append(f"{block.name}: this package has no product named {product}")
    scratch = folder / ".build"
    status, output = run(["swift", "package", "--scratch-path", str(scratch), "describe"], package)
    if status != 0 or re.search(r"(warning|error):", output):
        failures.append(f"{block.name}: the manifest does not load as pasted:\n{output}")
    if build and not failures:
        scratch = root / ".build" / "doc-blocks-manifest"
        status, output = run(["swift", "build", "--build-tests", "--scratch-path", str(scratch)], package)
        if status != 0:
            failures.append(f"{block.name}: the manifest's package does not build:\n{output[-4000:]}")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin-path", default=str(root / ".build" / "debug"))
    parser.add_argument("--only", default="")
    parser.add_argument("--build-manifest", action="store_true")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    compiler = Compiler(pathlib.Path(args.bin_path))
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)

    everything = blocks()
    models = [b for b in everything if b.doc.name == "README.md" and re.search(r"^struct User\b", b.text, re.M)]
    endpoints = [b for b in everything if b.doc.name == "EndpointsAndHTTPClient.md" and "enum AuthEndpoint" in b.text]
    if len(models) != 1 or len(endpoints) != 1:
        raise SystemExit("check-doc-blocks: the README declares `struct User` in one block, and the "
                         "Endpoints article `enum AuthEndpoint` in one block")
    (work / "App.swift").write_text(models[0].text)
    (work / "AppEndpoints.swift").write_text("import Networking\n" + endpoints[0].text)
    manifests = {b.text for b in everything if "import PackageDescription" in b.text and b.doc.name in SAME_MANIFEST}
    differ = [f"the manifests of {' and '.join(SAME_MANIFEST)} differ: show one"] if len(manifests) > 1 else []
    app = [work / "App.swift", work / "AppEndpoints.swift"]
    failures = list(differ)
    for message in [
        compiler.module("DocContext", [context_source], work / "context", []),
        compiler.module("App", app, work / "app-nonisolated", []),
        compiler.module("App", app, work / "app-mainactor", ["-default-isolation", "MainActor"]),
    ]:
        if message:
            failures.append(f"check-doc-blocks: a preamble module does not compile:\n{message}")
    if len(failures) > len(differ):
        print("\n".join(failures))
        return 1

    chosen = [(i, b) for i, b in enumerate(everything) if args.only in str(b.doc.relative_to(root))]
    skipped = []
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for index, block in chosen:
            reason = next((why for line, why in ELSEWHERE.items() if line in block.text), None)
            if reason:
                skipped.append(f"{block.name}: {reason}")
            elif "import PackageDescription" in block.text:
                jobs.append(pool.submit(check_manifest, block, index, args.build_manifest))
            elif block.lines and block.lines[0].startswith("."):
                jobs.append(pool.submit(check_fragment, block, index))
            else:
                jobs.append(pool.submit(check_swift, block, index, compiler))
        for job in jobs:
            failures += job.result()
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    for line in skipped:
        print(f"check-doc-blocks: not compiled here: {line}")
    if failures:
        print("\n".join(failures))
        print(f"check-doc-blocks: {len(failures)} of {len(jobs)} blocks do not compile as pasted", file=sys.stderr)
        return 1
    print(f"check-doc-blocks: {len(jobs)} blocks compile as pasted ({len(skipped)} checked elsewhere)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
