#!/usr/bin/env bash
# make dist-check: proves dist/'s .deb and tarball on a bare Debian, after lintian (no error allowed). A minimal root (debootstrap
# --variant=minbase, the suite and mirror of this machine's apt sources, plus man-db) is made once and cached in
# .build-dist/; each check runs in a fresh copy of it, in a chroot with /proc mounted (unmounted on any exit):
#   deb:     dpkg -i + apt-get -f install, then a newcomer's session, then dpkg -r leaves no file behind;
#   tarball: unpacked into /opt, the libraries it needs from apt, then the same session.
# The session (packaging/dist-session.sh) runs as an unprivileged user and checks: --version, man apnsctl,
# cert inspect/convert of a legacy .p12, keystore init + key import + token, probe and doctor without libcurl4
# (they must name the package), then with it: mock serve + probe over 127.0.0.1, doctor.
# Needs root (debootstrap, chroot, mount). Environment: DIST_CHECK_ROOT (cache dir, default .build-dist).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
CACHE=${DIST_CHECK_ROOT:-$ROOT/.build-dist}
VERSION=$(tr -d ' \n' < VERSION)
ARCH=$(dpkg --print-architecture)
DEB=$ROOT/dist/apnsctl_${VERSION}_$ARCH.deb
TARBALL=$ROOT/dist/apnsctl-$VERSION-linux-$ARCH.tar.gz
[ -f "$DEB" ] && [ -f "$TARBALL" ] || { echo "dist-check: run make dist first (no $DEB or $TARBALL)" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "dist-check: needs root (debootstrap, chroot, mount)" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap
command -v lintian >/dev/null || apt-get install -y -qq lintian
started=$(date +%s)

# Debian's package checker: no error allowed (the warnings it leaves are explained in docs/install.md).
echo "dist-check: lintian $(basename "$DEB")"
lint_status=0
lint=$(lintian --fail-on error "$DEB" 2>&1) || lint_status=$?
grep -v '^running with root privileges' <<< "$lint" || true
[ "$lint_status" = 0 ] || { echo "dist-check: lintian reports errors (exit $lint_status)" >&2; exit 1; }

# This machine's Debian suite and mirror (deb822 .sources first, then sources.list).
sources() {
    local f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] && awk '/^URIs:/ {u=$2} /^Suites:/ {for (i = 2; i <= NF; i++) print u, $i}' "$f"
    done
    [ -f /etc/apt/sources.list ] && awk '$1 == "deb" && $2 !~ /^\[/ {print $2, $3}' /etc/apt/sources.list
}
mapfile -t lines < <(sources | grep -v 'packages.cloud.google\|nodesource' | awk '!seen[$0]++')
[ "${#lines[@]}" -gt 0 ] || { echo "dist-check: no Debian source in /etc/apt" >&2; exit 2; }
read -r MIRROR SUITE <<< "${lines[0]}"

BASE=$CACHE/debian-$SUITE-minbase
mounted=()
cleanup() {
    local m
    for m in "${mounted[@]}"; do umount -l "$m" 2>/dev/null || true; done
}
trap cleanup EXIT
# chroot with /proc mounted for the duration of one command.
in_root() {
    local root=$1; shift
    mountpoint -q "$root/proc" || { mount -t proc proc "$root/proc"; mounted+=("$root/proc"); }
    chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"
}
release_root() {
    umount -l "$1/proc" 2>/dev/null || true
}

if [ ! -f "$BASE/.complete" ]; then
    echo "dist-check: making a minimal $SUITE root from $MIRROR (cached in $BASE)"
    rm -rf --one-file-system "$BASE"
    debootstrap --variant=minbase --include=man-db "$SUITE" "$BASE" "$MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
        || { tail -20 "$CACHE/debootstrap.log" >&2; exit 1; }
    printf '%s\n' "${lines[@]}" | awk '{print "deb", $1, $2, "main"}' > "$BASE/etc/apt/sources.list"
    cp /etc/resolv.conf "$BASE/etc/resolv.conf"
    # The packages the checks install, fetched once into apt's cache so later runs need no network.
    in_root "$BASE" apt-get update -qq
    in_root "$BASE" apt-get install -y -qq --download-only libssl3 libcurl4 ca-certificates >/dev/null
    in_root "$BASE" useradd --create-home --shell /bin/bash newcomer
    release_root "$BASE"
    touch "$BASE/.complete"
fi

fresh_root() {  # NAME → a copy of the cached root, with the session script and the fixtures in /tmp/check
    local root=$CACHE/check-$1
    release_root "$root"
    rm -rf --one-file-system "$root"
    cp -a "$BASE" "$root"
    mkdir -p "$root/tmp/check"
    cp packaging/dist-session.sh Tests/Fixtures/certs/dev-legacy.p12 Tests/Fixtures/certs/dev-legacy.p12.password \
        Tests/Fixtures/keys/AuthKey_ABC123DEFG.p8 "$root/tmp/check/"
    chmod -R a+rX "$root/tmp/check"
    echo "$root"
}
session() {  # ROOT PHASE: the newcomer's session, as the unprivileged user
    in_root "$1" /usr/sbin/runuser -u newcomer -- /usr/bin/env HOME=/home/newcomer USER=newcomer \
        bash /tmp/check/dist-session.sh "$2"
}

# --- the .deb ----------------------------------------------------------------------------------------------------
echo "dist-check: the .deb in a fresh $SUITE root"
root=$(fresh_root deb)
cp "$DEB" "$root/tmp/check/"
in_root "$root" dpkg -i "/tmp/check/$(basename "$DEB")" >/dev/null 2>&1 || true   # libssl3 is missing: apt fixes it
in_root "$root" apt-get -f install -y -qq >/dev/null
in_root "$root" dpkg -s apnsctl | grep -q '^Status: install ok installed' || { echo "dist-check: apnsctl not installed" >&2; exit 1; }
in_root "$root" dpkg -s libcurl4 >/dev/null 2>&1 && { echo "dist-check: libcurl4 came in as a Depends" >&2; exit 1; }
session "$root" without-curl
in_root "$root" apt-get install -y -qq --no-install-recommends libcurl4 ca-certificates >/dev/null
session "$root" with-curl
in_root "$root" dpkg -L apnsctl > "$CACHE/deb-files.txt"
in_root "$root" dpkg -r apnsctl >/dev/null
# Files and symlinks to files: /lib itself is merged /usr's symlink to a directory, not the package's.
left=$(while read -r f; do if [ -f "$root$f" ] || { [ -L "$root$f" ] && [ ! -d "$root$f" ]; }; then echo "$f"; fi; done < "$CACHE/deb-files.txt")
[ -z "$left" ] || { echo "dist-check: dpkg -r left files behind:" >&2; echo "$left" >&2; exit 1; }
# Nothing named apnsctl anywhere but the newcomer's own files (home, /tmp) and dpkg's record that it was removed.
stray=$(cd "$root" && find . -xdev -name '*apnsctl*' ! -path './tmp/*' ! -path './home/*' ! -path './proc/*' \
    ! -path './var/log/*' | sort)
[ -z "$stray" ] || { echo "dist-check: after dpkg -r these remain:" >&2; echo "$stray" >&2; exit 1; }
release_root "$root"
echo "dist-check: .deb ok (installed, used, removed: nothing left)"

# --- the systemd units -------------------------------------------------------------------------------------------
# In a root with systemd (not in the newcomer's minbase): postinst makes the services' users with systemd-sysusers,
# `systemd-analyze verify` accepts every unit (its binary, its man page, its directives), and each service's
# `systemd-analyze security` exposure is the one docs/install.md states.
echo "dist-check: the systemd units in a fresh $SUITE root with systemd"
root=$(fresh_root units)
cp "$DEB" "$root/tmp/check/"
# systemd, and procps for the exporter's ExecReload (kill).
in_root "$root" apt-get install -y -qq --no-install-recommends systemd procps >/dev/null
in_root "$root" dpkg -i "/tmp/check/$(basename "$DEB")" >/dev/null 2>&1 || true
in_root "$root" apt-get -f install -y -qq >/dev/null
for user in apnsctl apnsctl-agent; do
    in_root "$root" getent passwd "$user" >/dev/null || { echo "dist-check: postinst made no user $user" >&2; exit 1; }
done
in_root "$root" id -nG apnsctl-agent | grep -qw apnsctl-tokens \
    || { echo "dist-check: apnsctl-agent is not in the group apnsctl-tokens" >&2; exit 1; }
mapfile -t units < <(cd "$root/lib/systemd/system" && ls apnsctl-*.service apnsctl-*.timer)
[ "${#units[@]}" = 4 ] || { echo "dist-check: expected 4 units, found: ${units[*]}" >&2; exit 1; }
verify=$(in_root "$root" systemd-analyze verify "${units[@]/#//lib/systemd/system/}" 2>&1) \
    || { echo "$verify" >&2; echo "dist-check: systemd-analyze verify failed" >&2; exit 1; }
[ -z "$verify" ] || { echo "$verify" >&2; echo "dist-check: systemd-analyze verify has warnings" >&2; exit 1; }
for unit in "${units[@]}"; do
    case $unit in *.service) ;; *) continue;; esac
    score=$(in_root "$root" systemd-analyze security --offline=yes "/lib/systemd/system/$unit" 2>&1 \
        | sed -n "s/^→ Overall exposure level for $unit: \([0-9.]*\) .*/\1/p")
    [ -n "$score" ] || { echo "dist-check: no exposure level for $unit" >&2; exit 1; }
    echo "dist-check: $unit exposure $score"
    grep -q "^| \`$unit\` | $score " docs/install.md \
        || { echo "dist-check: docs/install.md does not state $unit's exposure $score: update its table" >&2; exit 1; }
done
# The ownership model of docs/install.md: the exporter, as its unit's user, starts from the installed example and
# reads the keystore the examples name (packaging/dist-exporter.sh; its canaries go to a mock on 127.0.0.1).
cp packaging/dist-exporter.sh "$root/tmp/check/"
in_root "$root" bash /tmp/check/dist-exporter.sh
release_root "$root"
echo "dist-check: units ok (users made, verify clean, exposure as documented, the exporter up from the example)"

# --- the tarball -------------------------------------------------------------------------------------------------
echo "dist-check: the tarball in a fresh $SUITE root"
root=$(fresh_root tarball)
cp "$TARBALL" "$root/tmp/check/"
name=$(basename "$TARBALL" .tar.gz)
in_root "$root" tar -xzf "/tmp/check/$name.tar.gz" -C /opt
in_root "$root" sh -c "cd /opt/$name && sha256sum --quiet -c SHA256SUMS"
in_root "$root" ln -s "/opt/$name/apnsctl" /usr/local/bin/apnsctl
in_root "$root" install -D -m 0644 "/opt/$name/apnsctl.1" /usr/local/share/man/man1/apnsctl.1
# What docs/install.md tells a tarball user to install: the libraries it links.
in_root "$root" apt-get install -y -qq --no-install-recommends libssl3 >/dev/null
session "$root" without-curl
in_root "$root" apt-get install -y -qq --no-install-recommends libcurl4 ca-certificates >/dev/null
session "$root" with-curl
release_root "$root"
echo "dist-check: tarball ok"
echo "dist-check: passed in $(( $(date +%s) - started )) s"
