#!/usr/bin/env bash
# Fails when an apnsctl binary carries ICU's data table (symbols or strings `icudt…`): that means full Foundation
# (FoundationInternationalization → ICU, about 30 MB) was linked instead of FoundationEssentials alone.
# Usage: scripts/check-lean-binary.sh BINARY [UNSTRIPPED-BINARY]   (the symbol check uses the unstripped one)
set -euo pipefail
binary=$1; symbols=${2:-$1}
found=$( { nm "$symbols" 2>/dev/null || true; strings -n 6 "$binary"; } | grep -m3 -o 'icudt[0-9a-z_]*' || true)
if [ -n "$found" ]; then
    echo "check-lean-binary: $binary contains ICU data ($(echo "$found" | sort -u | tr '\n' ' '))" >&2
    echo "check-lean-binary: hint: a module imports Foundation (not FoundationEssentials) or uses a Foundation-only API" >&2
    exit 1
fi
echo "check-lean-binary: no ICU data in $binary ($(stat -c %s "$binary") bytes)"
