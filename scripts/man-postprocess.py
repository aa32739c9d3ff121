#!/usr/bin/env python3
"""Post-processes the man page swift-argument-parser's generate-manual plugin writes.

    scripts/man-postprocess.py MANPAGE DUMP_HELP_JSON   (rewrites MANPAGE in place)

- The plugin drops every non-ASCII character ("Prints one ✔/✘ line" becomes "Prints one / line"): each help
  line that had any is found in its stripped form and written back with mdoc escapes (\\[u2714]).
- Discussions use "HEADING" lines followed by two-space-indented lines (EXAMPLES, EXIT CODES, ...). The plugin
  leaves them as filled text, so the headings shout and the examples wrap mid-command: each becomes a
  sentence-case subsection (.Ss Examples; bold inside a subcommand's entry), its indented lines a literal
  display (.Bd -literal: commands never wrap), while long prose lines stay filled text. A heading over an
  unindented paragraph becomes a subsection title with the paragraph as filled text.
- mdoc treats an empty line as an error ("Empty input line"): paragraph breaks become .Pp.
"""
import json
import re
import sys


def help_strings(node):
    """Every string in the dump-help JSON (abstracts, discussions, argument help)."""
    if isinstance(node, dict):
        for value in node.values():
            yield from help_strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from help_strings(value)
    elif isinstance(node, str):
        yield node


def escaped(text):
    return "".join(c if c.isascii() else "\\[u%04X]" % ord(c) for c in text)


def restore_symbols(lines, dump):
    wanted = {}
    for string in help_strings(dump):
        for line in string.split("\n"):
            if not line.isascii():
                stripped = "".join(c for c in line if c.isascii())
                wanted[stripped.strip()] = escaped(line.strip())
    return [wanted.get(line.strip(), line) for line in lines]


HEADING = re.compile(r"^[A-Z][A-Z0-9 ]*[A-Z0-9]$")


def sections(lines):
    out, i, depth = [], 0, 0
    while i < len(lines):
        line = lines[i]
        depth += line.startswith(".Bl") - line.startswith(".El")
        block = []
        j = i + 1
        while j < len(lines) and lines[j].startswith("  "):
            block.append(lines[j][2:])
            j += 1
        if HEADING.match(line) and block:
            title = line[0] + line[1:].lower()
            # .Ss may not appear inside a list (a subcommand's entry): a bold title there.
            out.append('.Ss "%s"' % title if depth == 0 else '.Sy "%s"' % title)
            literal = False
            for entry in block:
                short = len(entry) <= 90 or entry.startswith("apnsctl ")
                if short and not literal:
                    out.append(".Bd -literal")
                elif not short and literal:
                    out.append(".Ed")
                literal = short
                out.append(entry)  # a long line is prose: let it fill
            if literal:
                out.append(".Ed")
            i = j
            continue
        if HEADING.match(line) and j < len(lines) and lines[j] and not lines[j].startswith("."):
            # A heading over a prose paragraph (not indented, so --help wraps it): a title, the prose filled.
            title = line[0] + line[1:].lower()
            out.append('.Ss "%s"' % title if depth == 0 else '.Sy "%s"' % title)
            i += 1
            continue
        out.append(line)
        i += 1
    return out


def main():
    page, dump_file = sys.argv[1], sys.argv[2]
    with open(dump_file, encoding="utf-8") as handle:
        dump = json.load(handle)
    with open(page, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    lines = restore_symbols(lines, dump)
    lines = sections(lines)
    lines = [".Pp" if line == "" else line for line in lines]
    if lines and lines[-1] == ".Pp":
        lines[-1] = ""
    with open(page, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


if __name__ == "__main__":
    main()
