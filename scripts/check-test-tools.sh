#!/usr/bin/env bash
# Fails, naming the program and its Debian package, when a test starts an external program (or imports a Python
# module) that the Makefile's TEST_TOOLS list does not name: `make test` installs exactly that list (test-deps),
# so an unlisted program would pass here only because this machine happens to have it.
#
# Usage: scripts/check-test-tools.sh [ROOT]   (ROOT holds the Makefile and Tests/; default: this repository)
#
# What counts as "a test starts a program", in the Swift sources under Tests/ (and Benchmarks/ when a test
# mentions Benchmarks/):
#   - a path literal "/usr/bin/X", "/usr/sbin/X", "/bin/X", "/sbin/X", "/usr/local/bin/X" (executableURL,
#     Process(), CLI.tool, MockTool.run, TestServer.run all take such paths);
#   - "/usr/bin/env" followed by the program it runs: `["X", …` on the same or one of the next 3 lines;
#   - the tool helpers' look-ups by name: `find("X")`;
#   - Python modules: `import a, b` / `from a import …` lines of Python scripts embedded in the tests (lower-case
#     module names; Swift's own imports are capitalised) and `-c "import a, b"`; the standard library is exempt.
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"

listed=$(make -s --no-print-directory print-test-tools)
programs_listed=$(printf '%s\n' "$listed" | sed -n 's/^\([^:=]*\)=apt:.*/\1/p')
modules_listed=$(printf '%s\n' "$listed" | sed -n 's/^py:\([^=]*\)=pip:.*/\1/p')

dirs=(Tests)
if grep -rqs 'Benchmarks/' Tests; then dirs+=(Benchmarks); fi
mapfile -t files < <(find "${dirs[@]}" -name '*.swift' -type f 2>/dev/null | sort)
[ "${#files[@]}" -gt 0 ] || { echo "check-test-tools: no Swift test sources under ${dirs[*]}" >&2; exit 2; }

# "file:line<TAB>kind<TAB>name" for every program and Python module the sources start.
found=$(awk '
    function emit(kind, name) { printf "%s:%d\t%s\t%s\n", FILENAME, FNR, kind, name }
    FNR == 1 { envline = -10 }
    {
        line = $0
        while (match(line, /"(\/usr\/local\/bin|\/usr\/bin|\/usr\/sbin|\/bin|\/sbin)\/[A-Za-z0-9_.+-]+"/)) {
            path = substr(line, RSTART + 1, RLENGTH - 2)
            n = split(path, parts, "/"); name = parts[n]
            if (name == "env") envline = FNR
            emit("program", name)
            line = substr(line, RSTART + RLENGTH)
        }
        if (FNR - envline <= 3) {
            rest = $0; sub(/.*"\/usr\/bin\/env"/, "", rest)
            if (match(rest, /\[ *"[A-Za-z0-9_.+-]+"/)) {
                word = substr(rest, RSTART, RLENGTH); sub(/^\[ *"/, "", word); sub(/"$/, "", word)
                if (word !~ /^-/) { emit("program", word); envline = -10 }
            }
        }
        line = $0
        while (match(line, /find\("[A-Za-z0-9_.+-]+"\)/)) {
            word = substr(line, RSTART + 6, RLENGTH - 8); emit("program", word)
            line = substr(line, RSTART + RLENGTH)
        }
        # Python: "import a, b" inside -c strings, and import lines of embedded scripts (not @testable, not Swift).
        text = $0
        if (match(text, /"import [a-z][A-Za-z0-9_, .]*"/)) {
            mods = substr(text, RSTART + 8, RLENGTH - 9)
        } else if (text ~ /^[ \t]*import [a-z_][A-Za-z0-9_, \t]*$/ && text !~ /@testable/) {
            mods = text; sub(/^[ \t]*import /, "", mods)
        } else if (text ~ /^[ \t]*from [a-z_][A-Za-z0-9_.]* import /) {
            mods = text; sub(/^[ \t]*from /, "", mods); sub(/ import .*/, "", mods)
        } else { mods = "" }
        if (mods != "") {
            n = split(mods, list, ",")
            for (i = 1; i <= n; i++) { m = list[i]; gsub(/[ \t]/, "", m); sub(/\..*/, "", m); if (m != "") emit("module", m) }
        }
    }' "${files[@]}")

stdlib_modules() {
    if command -v python3 >/dev/null && python3 -c 'import sys; sys.stdlib_module_names' 2>/dev/null; then
        python3 -c 'import sys; print("\n".join(sorted(sys.stdlib_module_names)))'
    else  # no python3 yet (a fresh machine): the standard modules the tests are known to use
        printf '%s\n' os sys socket ssl struct threading time json base64 hashlib subprocess tempfile signal select \
            http urllib asyncio pathlib re io
    fi
}
stdlib=$(stdlib_modules)

package_of() {  # Debian package that owns program $1, when this machine has it
    local path
    path=$(PATH=/usr/sbin:/usr/bin:/sbin:/bin:/usr/local/bin command -v "$1" 2>/dev/null) || return 1
    dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -1 | cut -d: -f1 ||
        dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1
}

failures=0
while IFS=$'\t' read -r where kind name; do
    [ -n "$name" ] || continue
    if [ "$kind" = program ]; then
        grep -qxF -- "$name" <<<"$programs_listed" && continue
        package=$(package_of "$name" || true)
        echo "check-test-tools: $where starts '$name' (Debian package: ${package:-unknown, find it with apt-file search bin/$name}), which the Makefile's TEST_TOOLS does not list;" \
            "add: TEST_TOOLS += $name=apt:${package:-<package>}" >&2
    else
        grep -qxF -- "$name" <<<"$stdlib" && continue
        grep -qxF -- "$name" <<<"$modules_listed" && continue
        echo "check-test-tools: $where imports the Python module '$name' (PyPI package: $name?), which the Makefile's TEST_TOOLS does not list;" \
            "add: TEST_TOOLS += py:$name=pip:<PyPI name>" >&2
    fi
    failures=$((failures + 1))
done < <(printf '%s\n' "$found" | sort -t$'\t' -k3,3 -u)

if [ "$failures" -gt 0 ]; then
    echo "check-test-tools: $failures program(s) or module(s) the tests start are not installed by make test" >&2
    exit 1
fi
count=$(printf '%s\n' "$found" | cut -f3 | sort -u | grep -c . || true)
echo "check-test-tools: every program and Python module the tests start ($count names) is in TEST_TOOLS"
