#!/usr/bin/env bash
# Fails when the committed man page or completions differ from what the declarations generate now.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/gen-docs.sh "$tmp"
status=0
for f in man/apnsctl.1 completions/apnsctl.bash completions/_apnsctl completions/apnsctl.fish; do
    if ! diff -u "$f" "$tmp/$f" > "$tmp/diff.txt"; then
        echo "check-docs: $f is out of date with the command declarations:" >&2
        head -40 "$tmp/diff.txt" >&2
        status=1
    fi
done
if [ "$status" != 0 ]; then
    echo "check-docs: hint: run 'make docs' and commit the result" >&2
    exit 1
fi
# The page must render without mdoc warnings.
if command -v man >/dev/null; then
    warnings=$(MANWIDTH=100 man -l man/apnsctl.1 2>&1 >/dev/null || true)
    if [ -n "$warnings" ]; then echo "check-docs: man/apnsctl.1 renders with warnings: $warnings" >&2; exit 1; fi
fi
echo "check-docs: man page and completions match the declarations"
