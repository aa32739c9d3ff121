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
# The plugin drops non-ASCII (✔/✘) and leaves the discussions' HEADING + indented blocks as filled text;
# mdoc treats an empty line as an error. scripts/man-postprocess.py repairs all three.
cp "$plugin_out/apnsctl.1" "$out/man/apnsctl.1"
"$bin" --experimental-dump-help > "$plugin_out/dump-help.json"
python3 scripts/man-postprocess.py "$out/man/apnsctl.1" "$plugin_out/dump-help.json"

"$bin" --generate-completion-script bash > "$out/completions/apnsctl.bash"
"$bin" --generate-completion-script zsh > "$out/completions/_apnsctl"
"$bin" --generate-completion-script fish > "$out/completions/apnsctl.fish"
