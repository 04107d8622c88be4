#!/usr/bin/env python3
"""The library's sources as Apple's compiler reads them, for the stand-in type-check.

On Linux `os(macOS)` is false and `canImport(FoundationNetworking)` true, so the code written for
Apple platforms is never compiled here. This script writes a copy of the sources in which every
compilation condition that names a platform or a Linux-only module is replaced by its value on one
Apple platform (`#if os(Linux)` becomes `#if false`, `#if canImport(FoundationNetworking)` becomes
`#if false`, `#if os(iOS)` becomes `#if true` for iOS). A condition on an Apple framework
(`canImport(UIKit)`, `canImport(Security)`) is left alone: the stand-in modules on the import path of
that platform's run decide it, as the SDK would. Lines are neither added nor removed above the last
one, so a diagnostic's line number is the original file's.

Apple's Foundation includes what Linux keeps in FoundationNetworking (URLSession and its types), and
some members corelibs Foundation lacks; a file that imports Foundation gets both as imports appended
at its end (`FoundationNetworking` and the `AppleFoundation` stand-in).

    apple_sources.py rewrite PLATFORM SRC_DIR OUT_DIR   copy SRC_DIR's .swift files, rewritten
    apple_sources.py count ROOT...                      the lines compiled only on Apple platforms
"""

import os
import re
import sys

# The frameworks each platform's SDK has, of those the library or its stand-ins name.
FRAMEWORKS = {
    "macOS": {"AppKit", "Combine", "Darwin", "os", "Security", "SwiftUI"},
    "iOS": {"UIKit", "Combine", "Darwin", "os", "Security", "SwiftUI"},
    "tvOS": {"UIKit", "Combine", "Darwin", "os", "Security", "SwiftUI"},
    "watchOS": {"UIKit", "Combine", "Darwin", "os", "Security", "SwiftUI"},
}
# Modules that exist on Linux and never on an Apple platform (for this package: the C shims are
# Linux-only dependencies in Package.swift).
LINUX_ONLY_MODULES = {"FoundationNetworking", "Glibc", "Musl", "CCurlShim", "CZlibShim", "Android", "WinSDK"}
LINUX_MODULES = {"FoundationNetworking", "Glibc", "CCurlShim", "CZlibShim", "Dispatch", "Synchronization"}
ALL_OSES = {"macOS", "iOS", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI"}

DIRECTIVE = re.compile(r"^(\s*)#(if|elseif)\b(.*)$")
OS = re.compile(r"\bos\((\w+)\)")
CAN_IMPORT = re.compile(r"\bcanImport\(([\w.]+)\)")


def rewrite_condition(condition, platform):
    """`condition` with its platform terms replaced by `true`/`false` for `platform`."""
    condition = OS.sub(lambda m: "true" if m.group(1) == platform else "false", condition)
    return CAN_IMPORT.sub(lambda m: "false" if m.group(1) in LINUX_ONLY_MODULES else m.group(0), condition)


def rewrite(text, platform):
    """The source `text` as Apple's compiler for `platform` would read it."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        match = DIRECTIVE.match(line)
        if match:
            indent, keyword, condition = match.groups()
            lines[index] = f"{indent}#{keyword}{rewrite_condition(condition, platform)}"
    result = "\n".join(lines)
    if re.search(r"^\s*import Foundation\s*$", text, re.M):
        result = result.rstrip("\n") + "\nimport FoundationNetworking\nimport AppleFoundation\n"
    return result


def evaluate(condition, modules, platform):
    """Whether `condition` holds where `modules` can be imported and `os(platform)` is true."""
    condition = condition.split("//")[0]
    condition = OS.sub(lambda m: str(m.group(1) == platform), condition)
    condition = CAN_IMPORT.sub(lambda m: str(m.group(1) in modules), condition)
    condition = re.sub(r"\bDEBUG\b", "True", condition)
    condition = re.sub(r"\b(true|false)\b", lambda m: m.group(1).capitalize(), condition)
    condition = condition.replace("&&", " and ").replace("||", " or ")
    condition = re.sub(r"!(?!=)", " not ", condition)
    return bool(eval(condition, {"__builtins__": {}}, {}))  # only True/False/and/or/not remain


def active_lines(text, modules, platform):
    """The indices of `text`'s lines that are compiled for `platform` with `modules`."""
    active = set()
    stack = []  # per open #if: [this branch is taken, some branch was taken, the enclosing one is active]
    for index, line in enumerate(text.split("\n")):
        stripped = line.strip()
        enclosing = all(frame[0] for frame in stack)
        if stripped.startswith("#if ") or stripped.startswith("#if("):
            taken = enclosing and evaluate(stripped[3:], modules, platform)
            stack.append([taken, taken, enclosing])
        elif stripped.startswith("#elseif") and stack:
            frame = stack[-1]
            taken = frame[2] and not frame[1] and evaluate(stripped[7:], modules, platform)
            frame[0], frame[1] = taken, frame[1] or taken
        elif stripped == "#else" and stack:
            frame = stack[-1]
            frame[0] = frame[2] and not frame[1]
            frame[1] = True
        elif stripped == "#endif" and stack:
            stack.pop()
        elif enclosing and stripped and not stripped.startswith("//"):
            active.add(index)
    return active


def count(roots):
    """Prints, per file and in all, the code lines compiled on some Apple platform and not on Linux."""
    total = 0
    for root in roots:
        for directory, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                text = open(path, encoding="utf-8").read()
                linux = active_lines(text, LINUX_MODULES, "Linux")
                apple = set()
                for platform, modules in FRAMEWORKS.items():
                    apple |= active_lines(text, modules | {"Dispatch", "Synchronization"}, platform)
                only = len(apple - linux)
                if only:
                    print(f"{only:6d} {path}")
                    total += only
    print(f"{total:6d} lines compiled only on Apple platforms")


def main(argv):
    if len(argv) == 5 and argv[1] == "rewrite":
        platform, source, output = argv[2:]
        for directory, _, names in os.walk(source):
            for name in names:
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                target = os.path.join(output, os.path.relpath(path, source))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(path, encoding="utf-8") as file:
                    text = rewrite(file.read(), platform)
                with open(target, "w", encoding="utf-8") as file:
                    file.write(text)
        return 0
    if len(argv) >= 3 and argv[1] == "count":
        count(argv[2:])
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
