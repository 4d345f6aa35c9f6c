#!/usr/bin/env python3
"""long-functions.py [--lines N] [--under DIR|FILE]: the Swift functions in Sources/ longer
than N lines (default 60), longest first, one a line as `lines  file:line  name`.

A function (func, init, deinit, subscript; closures are not counted on their own)
runs from its signature line to the line of its closing brace. Braces are matched
on the code alone: comments (nested /* */ too) and string literals (raw, multi-line,
with interpolations) are blanked first, so a brace inside them does not count.
Issue 44 asks for no function over ~60 lines; this is how to find them.
"""

import argparse
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def blank(text):
    """`text` with every comment and string literal's characters turned to spaces
    (newlines kept, so line numbers and columns stay as they were)."""
    out = list(text)
    n = len(text)

    def wipe(a, b):
        for p in range(a, min(b, n)):
            if out[p] != "\n":
                out[p] = " "

    def code(i, in_interpolation):
        """Scans code from `i`; inside an interpolation, returns after its `)`."""
        depth = 0
        while i < n:
            c = text[i]
            if c == "/" and text.startswith("//", i):
                end = text.find("\n", i)
                end = n if end < 0 else end
                wipe(i, end)
                i = end
            elif c == "/" and text.startswith("/*", i):
                i = block_comment(i)
            elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 64])):
                i = string(i)
            elif in_interpolation and c == "(":
                depth += 1
                i += 1
            elif in_interpolation and c == ")":
                if depth == 0:
                    return i + 1
                depth -= 1
                i += 1
            else:
                i += 1
        return i

    def block_comment(i):
        start, nesting = i, 0
        while i < n:
            if text.startswith("/*", i):
                nesting += 1
                i += 2
            elif text.startswith("*/", i):
                nesting -= 1
                i += 2
                if nesting == 0:
                    break
            else:
                i += 1
        wipe(start, i)
        return i

    def string(i):
        hashes = 0
        while text[i] == "#":
            hashes += 1
            i += 1
        quotes = '"""' if text.startswith('"""', i) else '"'
        close = quotes + "#" * hashes
        escape = "\\" + "#" * hashes
        start = i
        i += len(quotes)
        while i < n:
            if text.startswith(escape, i):
                after = i + len(escape)
                if after < n and text[after] == "(":
                    wipe(start, i)
                    # The interpolation is code, but it is blanked too: it is part of
                    # the literal, and its own strings could hold anything.
                    end = code(after + 1, True)
                    wipe(i, end)
                    start = i = end
                    continue
                i = after + 1
            elif text.startswith(close, i):
                wipe(start, i + len(close))
                return i + len(close)
            elif quotes == '"' and text[i] == "\n":
                break  # an unterminated one-line literal: stop at the line's end
            else:
                i += 1
        wipe(start, i)
        return i

    code(0, False)
    return "".join(out)


DECLARATION = re.compile(
    r"(?<![\w.])(?:func\s+(?P<func>[A-Za-z_`][\w`]*|[^\s\w(]+)|(?P<init>init)[?!]?\s*[(<]|(?P<deinit>deinit)\b|(?P<subscript>subscript)\s*[(<])"
)
TYPE = re.compile(r"(?<![\w.])(?:class|struct|enum|extension|actor|protocol)\s+(?P<name>[A-Za-z_][\w.]*)")
# What a line may start with and still continue a signature begun above it.
CONTINUATION = re.compile(r"\s*(->|throws\b|rethrows\b|async\b|where\b|\{)")


def body_start(code, i):
    """The offset of the `{` opening the body of the declaration whose name ends at
    `i`, or None for one without a body (a protocol requirement)."""
    depth = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c in "([<":
            depth += 1
        elif c in ")]>" and depth > 0:
            if not (c == ">" and code[i - 1] == "-"):  # `->` is not a bracket
                depth -= 1
        elif depth == 0:
            if c == "{":
                return i
            if c in "};":
                return None
            if c == "\n":
                before = code[:i].rstrip()
                if not (before.endswith((",", "&", ":", "->")) or CONTINUATION.match(code, i + 1)):
                    return None
        i += 1
    return None


def matching_brace(code, i):
    depth = 0
    for p in range(i, len(code)):
        if code[p] == "{":
            depth += 1
        elif code[p] == "}":
            depth -= 1
            if depth == 0:
                return p
    return len(code) - 1


def functions(path):
    """(lines, line, name) for each function of one file."""
    with open(path, encoding="utf-8") as f:
        code = blank(f.read())
    starts = [0] + [m.end() for m in re.finditer("\n", code)]

    def line(offset):
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    # Every named body (types and functions) as (open, close, name), to name a
    # function by what encloses it.
    scopes = []
    found = []
    for m in TYPE.finditer(code):
        start = body_start(code, m.end())
        if start is not None:
            scopes.append((start, matching_brace(code, start), m.group("name")))
    for m in DECLARATION.finditer(code):
        name = m.group("func") or m.group("init") or m.group("deinit") or m.group("subscript")
        end_of_name = m.end("func") if m.group("func") else m.end() - (0 if m.group("deinit") else 1)
        start = body_start(code, end_of_name)
        if start is None:
            continue
        close = matching_brace(code, start)
        scopes.append((start, close, name))
        found.append((m.start(), start, close, name))
    result = []
    for offset, start, close, name in found:
        outer = [s for s in scopes if s[0] < start and close <= s[1]]
        outer.sort(key=lambda s: s[0])
        qualified = ".".join([s[2] for s in outer] + [name])
        first = line(offset)
        result.append((line(close) - first + 1, first, qualified))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=60, help="list functions longer than this (default 60)")
    parser.add_argument("--under", default=os.path.join(REPO, "Sources"),
                        help="only the files under this directory, or this file (default: Sources/)")
    args = parser.parse_args()
    root = os.path.abspath(args.under)
    if os.path.isfile(root):
        paths = [root]
    elif os.path.isdir(root):
        paths = [os.path.join(folder, file) for folder, _, files in os.walk(root) for file in files if file.endswith(".swift")]
    else:
        sys.exit(f"long-functions.py: no file or directory {args.under}")
    rows = []
    for path in paths:
        shown = os.path.relpath(path, REPO) if path.startswith(REPO + os.sep) else path
        rows += [(lines, shown, at, name) for lines, at, name in functions(path) if lines > args.lines]
    rows.sort(key=lambda r: (-r[0], r[1], r[2]))
    for lines, shown, at, name in rows:
        print(f"{lines:5d}  {shown}:{at}  {name}")


if __name__ == "__main__":
    main()
