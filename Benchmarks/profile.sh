#!/usr/bin/env bash
# Instruction-count profiles (valgrind --tool=callgrind) of apnsctl's hot paths, run in process through
# apnsctl-bench. Repeatable: the figures are instructions (Ir), not times, so co-tenants do not move them.
#   Benchmarks/profile.sh [NAME...]        (default: every path below)   → a table of Ir per operation
#   PROFILE_DIR=/tmp/x Benchmarks/profile.sh   keeps the callgrind files and annotations in /tmp/x
#   Benchmarks/profile.sh --mock           perf profile of `apnsctl mock serve` under h2load (see below)
#
# Each NAME runs twice (N1 and N2 iterations); Ir per operation = (Ir(N2) − Ir(N1)) / (N2 − N1), so start-up and
# set-up cancel out. The same difference is taken for the functions listed in `labels` below.
#
# Why a stripped copy: Debian 12's valgrind 3.19 cannot read the DWARF 5 that clang emits for the vendored
# BoringSSL ("unhandled dwarf2 abbrev form code 0x25") and gives up; `strip --strip-debug` keeps the symbol
# table, so functions keep their names. Why in process: valgrind 3.19 crashes (SIGSEGV inside valgrind) when
# libdispatch starts its worker thread, i.e. in every `AsyncParsableCommand` of the CLI and in the mock; the
# mock is therefore profiled with perf (time samples, not repeatable), in `--mock` mode.
set -uo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "profile: valgrind is missing (apt-get install -y valgrind)" >&2; exit 2; }
dir=${PROFILE_DIR:-$(mktemp -d /tmp/apnsctl-profile.XXXXXX)}
mkdir -p "$dir"
# The same build as `make release` / `make bench` (BENCH_BUILD_FLAGS, default the Makefile's RELEASE_FLAGS).
read -r -a BUILD_FLAGS <<< "${BENCH_BUILD_FLAGS:--c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections}"
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
    swift build "${BUILD_FLAGS[@]}" --product apnsctl-bench >/dev/null || { echo "profile: build failed" >&2; exit 2; }
    swift build "${BUILD_FLAGS[@]}" --product apnsctl >/dev/null || { echo "profile: build failed" >&2; exit 2; }
fi
BIN=$(swift build "${BUILD_FLAGS[@]}" --show-bin-path)

if [ "${1:-}" = --mock ]; then
    # perf record of the mock's event loop while h2load sends the same canary for 5 s.
    command -v perf >/dev/null || { echo "profile: perf is missing" >&2; exit 2; }
    APNSCTL_BIN=$BIN/apnsctl
    source Benchmarks/profile-mock.sh
    token=$(cat "$dir/token.out")
    printf '{"aps":{"content-available":1}}' > "$dir/payload.json"
    perf record -e cpu-clock -F 999 -g -p "$mock" -o "$dir/perf.data" -- sleep 6 >/dev/null 2>&1 &
    perfpid=$!
    sleep 0.5
    h2load -D 5 -c 4 -m 16 -d "$dir/payload.json" -H "authorization: bearer $token" -H "apns-topic: com.example.bench" \
        -H "apns-push-type: background" -H "apns-priority: 5" "https://127.0.0.1:$port/3/device/$device" \
        | grep -E '^finished|^status codes'
    wait "$perfpid"
    perf report -i "$dir/perf.data" --children --sort symbol --stdio -g none 2>/dev/null > "$dir/perf-mock.txt"
    echo "share of the mock's CPU samples, inclusive (perf; not repeatable, but the proportions hold):"
    python3 - "$dir/perf-mock.txt" <<'PY'
import re, sys
labels = [
    ("HTTP2RequestHandler.respond (all per-request work)", r"HTTP2RequestHandlerC7respond"),
    ("MockCore.handle (validate + log)", r"APNsMock0B4CoreC6handle_"),
    ("  MockLogEntry.text (log line)", r"0B8LogEntryV4textSSvg"),
    ("    ISO8601DateFormatter.string(from:)", r"ISO8601DateFormatterC6string4from"),
    ("  RequestValidator.validate", r"RequestValidatorV8validate_"),
    ("    TokenAuthenticator.authenticate", r"TokenAuthenticatorV12authenticate_"),
    ("      ProviderToken(parsing:)", r"ProviderTokenV7parsingACSS_tKcfC$"),
    ("      trimmingCharacters(in:)", r"Sy10FoundationE18trimmingCharacters2in"),
    ("      ECDSA P-256 verify (nistz256 field ops, self)", None),
    ("    JSONSerialization (payload check)", r"JSONSerializationC10jsonObject4with7optionsyp0A10Essentials4DataV_AC14ReadingOptionsVtKFZ$"),
  ("  FileHandle.write (log line to stdout)", r"FileHandleC5writeyy"),
  ("  BatchedLineWriter.write (log line, batched)", r"BatchedLineWriterC5writeyySSF"),
    ("HTTPDate.format (date header)", r"HTTPDateO6format"),
]
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"\s+([\d.]+)%\s+([\d.]+)%\s+\[[.k]\]\s+(\S+)", line)
    if m:
        rows.setdefault(m.group(3), (float(m.group(1)), float(m.group(2))))
nistz = sum(s for name, (c, s) in rows.items() if "nistz256" in name or "beeu_mod_inverse" in name)
for label, pattern in labels:
    if pattern is None:
        print(f"  {label:<55} {nistz:5.1f} %")
        continue
    hits = [c for name, (c, s) in rows.items() if re.search(pattern, name)]
    print(f"  {label:<55} {max(hits) if hits else 0:5.1f} %")
PY
    echo "profile: perf data and report in $dir" >&2
    exit 0
fi

strip --strip-debug -o "$dir/apnsctl-bench" "$BIN/apnsctl-bench"
# NAME N1 N2
plan=(
    "es256_token_signs 200 1200"
    "cached_token_lookups 200 1200"
    "token_parses 200 1200"
    "cached_lookups_memoized 200 1200"
    "es256_token_verifies 100 600"
    "mock_validations 100 600"
    "base64url_encodes 200 1200"
    "base64url_encodes_foundation 200 1200"
    "legacy_p12_to_pem 5 25"
)
wanted=("$@")
for entry in "${plan[@]}"; do
    set -- $entry
    if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " =~ " $1 " ]]; then continue; fi
    for n in "$2" "$3"; do
        valgrind --tool=callgrind --callgrind-out-file="$dir/$1.$n.out" "$dir/apnsctl-bench" --profile "$1" \
            --iterations "$n" >/dev/null 2>"$dir/$1.$n.log" || { echo "profile: valgrind failed, see $dir/$1.$n.log" >&2; continue 2; }
        callgrind_annotate --inclusive=yes --threshold=100 "$dir/$1.$n.out" > "$dir/$1.$n.txt" 2>/dev/null
    done
    python3 - "$1" "$2" "$3" "$dir/$1.$2.txt" "$dir/$1.$3.txt" <<'PY'
import re, sys
name, n1, n2, f1, f2 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
labels = [
    ("ProviderToken.sign", r"ProviderTokenV4sign5keyID.*PrivateKeyVtKFZ$"),
    ("  ECDSA sign (BoringSSL)", r"^CCryptoBoringSSL_ECDSA_do_sign$"),
    ("  Base64URL.encode", r"Base64URLO6encode"),
    ("TokenProvider.token (cached)", r"TokenProviderC5token4team5keyID.*KF$"),
    ("ProviderToken(parsing:)", r"ProviderTokenV7parsingACSS_tKcfC$"),
    ("  String.trimmingCharacters(in:)", r"Sy10FoundationE18trimmingCharacters2in"),
    ("  Base64URL.decode", r"Base64URLO6decode"),
    ("  split(separator:)", r"5split9maxSplits25omittingEmptySubsequences"),
    ("  JSONSerialization.jsonObject", r"JSONSerializationC10jsonObject4with7optionsyp0A10Essentials4DataV_AC14ReadingOptionsVtKFZ$"),
    ("isSignatureValid: ECDSA verify", r"^CCryptoBoringSSL_ECDSA_do_verify$"),
    ("RequestValidator.validate", r"RequestValidatorV8validate_.*UUIDVyXEtF$"),
    ("  TokenAuthenticator.authenticate", r"TokenAuthenticatorV12authenticate_"),
    ("MockLogEntry.text", r"0B8LogEntryV4textSSvg"),
    ("  new ISO8601DateFormatter (CF/ICU set-up)", r"ISO8601DateFormatterC9_cfObject"),
    ("  ISO8601DateFormatter.string(from:)", r"ISO8601DateFormatterC6string4from"),
    ("PKCS12.read", r"APNsCredentials6PKCS12O4read_8password"),
    ("  PKCS12_key_gen (PKCS#12 KDF, all calls)", r"^PKCS12_key_gen_utf8_ex$"),
    ("  PKCS12.macVerifies (apnsctl's own MAC checks)", r"PKCS12O11macVerifies"),
    ("  PKCS12_parse (OpenSSL: MAC again + decrypt)", r"^PKCS12_parse$"),
    ("  OSSL_DECODER_CTX_new_for_pkey", r"^OSSL_DECODER_CTX_new_for_pkey$"),
    ("  APNsCertificate(derEncoded:)", r"APNsCredentials0A11CertificateV10derEncoded"),
    ("CredentialWriter.pem", r"CredentialWriterO3pem12certificates"),
]
def load(path):
    rows, total = {}, 0
    for line in open(path):
        m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(?:\*\s+)?\S*?:(.+?)\s+\[", line)
        if m:
            rows.setdefault(m.group(2), int(m.group(1).replace(",", "")))
        m = re.match(r"\s*([\d,]+)\s+\(100.0%\)\s+PROGRAM TOTALS", line)
        if m:
            total = int(m.group(1).replace(",", ""))
    return rows, total
a, ta = load(f1)
b, tb = load(f2)
per = (tb - ta) / (n2 - n1)
print(f"{name}: {per:,.0f} Ir per operation")
for label, pattern in labels:
    keys = [k for k in b if re.search(pattern, k)]
    if not keys:
        continue
    k = max(keys, key=lambda k: b[k])
    d = (b[k] - a.get(k, 0)) / (n2 - n1)
    if d > 0.005 * per:
        print(f"    {label:<48} {d:>12,.0f} Ir  {100 * d / per:5.1f} %")
PY
done
# Whole CLI processes under callgrind: `apnsctl --version` (start-up alone) and `cert inspect` of the legacy .p12
# fixture (start-up + OpenSSL providers + PKCS#12). Both return before libdispatch starts a worker thread.
if [ ${#wanted[@]} -eq 0 ] || [[ " ${wanted[*]} " =~ " startup " ]]; then
    strip --strip-debug -o "$dir/apnsctl" "$BIN/apnsctl"
    fixture=Tests/Fixtures/certs/dev-legacy.p12
    for run in "version --version" "inspect cert inspect $fixture --password-file $fixture.password"; do
        set -- $run; label=$1; shift
        valgrind --tool=callgrind --callgrind-out-file="$dir/startup-$label.out" "$dir/apnsctl" "$@" >/dev/null \
            2>"$dir/startup-$label.log" || { echo "profile: valgrind failed, see $dir/startup-$label.log" >&2; continue; }
        callgrind_annotate --inclusive=yes --threshold=100 "$dir/startup-$label.out" > "$dir/startup-$label.txt" 2>/dev/null
        python3 - "$dir/startup-$label.txt" "apnsctl $*" <<'PY'
import re, sys
rows, total = {}, 0
for line in open(sys.argv[1]):
    m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(?:\*\s+)?\S*?:(.+?)\s+\[", line)
    if m:
        rows.setdefault(m.group(2), int(m.group(1).replace(",", "")))
    m = re.match(r"\s*([\d,]+)\s+\(100.0%\)\s+PROGRAM TOTALS", line)
    if m:
        total = int(m.group(1).replace(",", ""))
print(f"{sys.argv[2]}: {total:,} Ir")
for label, pattern in [
    ("dynamic loader: relocations (_dl_relocate_object)", r"^_dl_relocate_object$"),
    ("  symbol lookups (_dl_lookup_symbol_x)", r"^_dl_lookup_symbol_x$"),
    ("constructors of the loaded objects (_dl_init)", r"^_dl_init$"),
    ("  CoreFoundation's __CFInitialize", r"^__CFInitialize$"),
    ("main", r"^apnsctl_main$|^main$"),
    ("  ArgumentParser parseAsRoot", r"ParsableCommandPAAE11parseAsRoot"),
    ("    checkForCompletionScriptRequest", r"checkForCompletionScriptRequest"),
    ("  protocol conformance lookups", r"^swift_conformsToProtocolWithExecutionContext$|^swift_conformsToProtocol$"),
    ("  OpenSSL providers (OSSL_PROVIDER_load)", r"^OSSL_PROVIDER_load$"),
    ("  OpenSSL config (OPENSSL_init_crypto)", r"^OPENSSL_init_crypto$"),
    ("  libcurl loaded (dlopen)", r"^dlopen@@GLIBC|^___dlopen$|^dlopen$"),
    ("  PKCS#12 KDF (PKCS12_key_gen_utf8_ex)", r"^PKCS12_key_gen_utf8_ex$"),
    ("  ICU (any u_/ucol_/udat_ entry)", r"^u(data|res|loc|col|dat)_"),
]:
    keys = [k for k in rows if re.search(pattern, k)]
    if keys:
        v = max(rows[k] for k in keys)
        print(f"    {label:<52} {v:>12,} Ir  {100 * v / total:5.1f} %")
PY
    done
fi
echo "profile: callgrind files and annotations in $dir" >&2
