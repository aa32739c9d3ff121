# Benchmark cases, sourced by Benchmarks/run.sh (which defines row, ratio, meets, mean, $APNSCTL, $BIN, $work).

# 1. ES256 signatures per second in process vs `openssl speed ecdsap256`.
case_sign_rate() {
    local ours peer r
    ours=$("$BIN/apnsctl-bench" | python3 -c 'import json,sys; print(json.load(sys.stdin)["es256_token_signs_per_second"])')
    peer=$(openssl speed -seconds 3 ecdsap256 2>/dev/null | awk '/nistp256/ {print $(NF-1)}')
    r=$(ratio "$ours" "$peer")
    row "1. ES256 token signatures/s (in process) vs openssl speed" "$(printf '%.0f/s' "$ours")" \
        "$(printf '%.0f/s' "$peer")" "$r" "≥ 0.8" "$(meets "$r" '>=' 0.8)"
}

run_cases() {
    case_sign_rate
}
