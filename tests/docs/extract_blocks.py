#!/usr/bin/env python3
"""Turns each ```cpp block of a Markdown file into a program: its context file
(CONTEXT_DIR/PREFIX_N.cpp, N counting the file's cpp blocks from 1) supplies what the block
uses but does not show, with two markers: `// @DECLARATIONS` (the block's namespace-scope
lines: #include, struct, class, enum, template, using, namespace, each to its closing `};` or
`}` at column 0) and `// @STATEMENTS` (the rest, in order, inside a function). A context's
`shown(value, R"(TEXT)")` (or R"d(TEXT)d") compares a value with TEXT at run time; TEXT must
appear in the block, as the output the README shows. A context whose first line says `// compile only` is
compiled, not run.

  extract_blocks.py MARKDOWN CONTEXT_DIR OUTPUT_DIR PREFIX

Prints one line per block: the generated file, then `run` or `compile`. Fails (exit 1)
naming a block without a context, a context for no block, or a shown text the block lacks."""
import os
import re
import sys

DECLARATION = re.compile(r"^(#include|struct |class |template ?<|enum |using |namespace )")


def blocks_of(markdown):
    blocks, current = [], None
    for line in markdown.splitlines():
        if current is None and line.strip() == "```cpp":
            current = []
        elif current is not None and line.strip() == "```":
            blocks.append(current)
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def split(block):
    declarations, statements = [], []
    open_declaration = False
    for line in block:
        if open_declaration:
            declarations.append(line)
            if line.startswith("}"):
                open_declaration = False
            continue
        if DECLARATION.match(line):
            declarations.append(line)
            single = line.startswith("#") or line.rstrip().endswith(";")
            open_declaration = not single
            continue
        statements.append(line)
    return "\n".join(declarations), "\n".join(statements)


def main():
    markdown_path, context_dir, output_dir, prefix = sys.argv[1:5]
    with open(markdown_path, encoding="utf-8") as f:
        blocks = blocks_of(f.read())
    os.makedirs(output_dir, exist_ok=True)
    failures = []
    for n, block in enumerate(blocks, 1):
        context_path = os.path.join(context_dir, "%s_%d.cpp" % (prefix, n))
        if not os.path.exists(context_path):
            failures.append("%s: cpp block %d has no context %s" % (markdown_path, n, context_path))
            continue
        with open(context_path, encoding="utf-8") as f:
            context = f.read()
        text = "\n".join(block)
        for _, shown in re.findall(r'shown\([^;]*?R"(\w*)\((.*?)\)\1"', context, re.S):
            if shown not in text:
                failures.append("%s: cpp block %d does not show %r (%s)" % (markdown_path, n, shown, context_path))
        declarations, statements = split(block)
        program = context.replace("// @DECLARATIONS", declarations)
        program = program.replace("// @STATEMENTS", statements)
        out = os.path.join(output_dir, "%s_%d.cpp" % (prefix, n))
        with open(out, "w", encoding="utf-8") as f:
            f.write(program)
        print(out, "compile" if context.startswith("// compile only") else "run")
    extra = sorted(f for f in os.listdir(context_dir) if f.startswith(prefix + "_") and f.endswith(".cpp") and
                   not (f[len(prefix) + 1:-4].isdigit() and 1 <= int(f[len(prefix) + 1:-4]) <= len(blocks)))
    failures += ["%s: no cpp block for the context %s" % (markdown_path, f) for f in extra]
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(1)


main()
