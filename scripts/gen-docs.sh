#!/usr/bin/env bash
# Generates the man page and shell completions from the ArgumentParser declarations.
#   scripts/gen-docs.sh [OUTDIR]   writes OUTDIR/man/apnsctl.1 and OUTDIR/completions/* (default: the repo)
# The date is pinned so the output only changes when the declarations do (CI diffs it against the commit).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.}
MAN_DATE=2026-11-22
mkdir -p "$out/man" "$out/completions"

swift build --product apnsctl >/dev/null
bin=$(swift build --show-bin-path)/apnsctl

plugin_out=.build/plugins/GenerateManual/outputs/apnsctl
rm -rf "$plugin_out"
swift package generate-manual --configuration debug --date "$MAN_DATE" \
    --authors "the apnsctl authors" >/dev/null
# mdoc treats an empty line as an error ("Empty input line"): make paragraph breaks explicit.
sed -e 's/^$/.Pp/' "$plugin_out/apnsctl.1" > "$out/man/apnsctl.1"

"$bin" --generate-completion-script bash > "$out/completions/apnsctl.bash"
"$bin" --generate-completion-script zsh > "$out/completions/_apnsctl"
"$bin" --generate-completion-script fish > "$out/completions/apnsctl.fish"
