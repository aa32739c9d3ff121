#!/usr/bin/env bash
# Builds dist/: apnsctl-VERSION-linux-ARCH.tar.gz, apnsctl_VERSION_ARCH.deb and SHA256SUMS, from the release
# binary `make release` built (run through `make dist`, which refuses a dirty tree and builds first).
# Reproducible: file times are SOURCE_DATE_EPOCH (default: the commit's time), owners root, gzip without names.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFT=${SWIFT:-swift}
read -r -a FLAGS <<< "${RELEASE_FLAGS:--c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections}"
VERSION=$(tr -d ' \n' < VERSION)
ARCH=$(dpkg --print-architecture)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
BIN=$("$SWIFT" build "${FLAGS[@]}" --show-bin-path)/apnsctl
[ -x "$BIN" ] || { echo "dist: no release binary at $BIN (run make release)" >&2; exit 2; }
# The exporter's configuration reader: Yams, so full Foundation (and ICU); apnsctl runs it and stays lean.
TOOL=$(dirname "$BIN")/apnsctl-exporter-config
[ -x "$TOOL" ] || { echo "dist: no release binary at $TOOL (run make release)" >&2; exit 2; }

work=$ROOT/.build-dist/stage
rm -rf "$work" && mkdir -p "$work" "$ROOT/dist"
strip -o "$work/apnsctl" "$BIN"
strip -o "$work/apnsctl-exporter-config" "$TOOL"
chmod 0755 "$work/apnsctl" "$work/apnsctl-exporter-config"

# No ICU in apnsctl: its data table (icudt*) is 30 MB and means full Foundation was linked instead of
# FoundationEssentials. (apnsctl-exporter-config links full Foundation for Yams, by design: not checked.)
scripts/check-lean-binary.sh "$work/apnsctl" "$BIN"

stamp() { find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; }

# --- the tarball -------------------------------------------------------------------------------------------------
name=apnsctl-$VERSION-linux-$ARCH
tdir=$work/$name
mkdir -p "$tdir/completions"
install -m 0755 "$work/apnsctl" "$tdir/apnsctl"
install -m 0755 "$work/apnsctl-exporter-config" "$tdir/apnsctl-exporter-config"
install -m 0644 man/apnsctl.1 "$tdir/apnsctl.1"
install -m 0644 completions/apnsctl.bash completions/_apnsctl completions/apnsctl.fish "$tdir/completions/"
install -m 0644 README.md LICENSE "$tdir/"
mkdir -p "$tdir/prometheus"
install -m 0644 contrib/prometheus/apnsctl.rules.yml contrib/prometheus/apnsctl.rules.test.yml "$tdir/prometheus/"
mkdir -p "$tdir/systemd"
install -m 0644 packaging/systemd/*.service packaging/systemd/*.timer packaging/systemd/apnsctl.sysusers \
    packaging/examples/* "$tdir/systemd/"
(cd "$tdir" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum > SHA256SUMS)
chmod 0644 "$tdir/SHA256SUMS"
stamp "$tdir"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -C "$work" -cf - "$name" \
    | gzip -9n > "$ROOT/dist/$name.tar.gz"

# --- the .deb ----------------------------------------------------------------------------------------------------
pkg=$work/deb
mkdir -p "$pkg/DEBIAN" "$pkg/usr/bin" "$pkg/usr/share/man/man1" "$pkg/usr/share/bash-completion/completions" \
    "$pkg/usr/share/zsh/vendor-completions" "$pkg/usr/share/fish/vendor_completions.d" "$pkg/usr/share/doc/apnsctl" \
    "$pkg/usr/share/apnsctl/prometheus" "$pkg/lib/systemd/system" "$pkg/usr/lib/sysusers.d" \
    "$pkg/usr/share/doc/apnsctl/examples" "$pkg/usr/lib/apnsctl"
install -m 0755 "$work/apnsctl" "$pkg/usr/bin/apnsctl"
install -m 0755 "$work/apnsctl-exporter-config" "$pkg/usr/lib/apnsctl/apnsctl-exporter-config"
gzip -9n < man/apnsctl.1 > "$pkg/usr/share/man/man1/apnsctl.1.gz"
# bash-completion sources the file: no #! line (lintian: bash-completion-with-hashbang).
sed '1{/^#!/d}' completions/apnsctl.bash > "$pkg/usr/share/bash-completion/completions/apnsctl"
chmod 0644 "$pkg/usr/share/bash-completion/completions/apnsctl"
install -m 0644 completions/_apnsctl "$pkg/usr/share/zsh/vendor-completions/_apnsctl"
install -m 0644 completions/apnsctl.fish "$pkg/usr/share/fish/vendor_completions.d/apnsctl.fish"
install -m 0644 packaging/debian/copyright "$pkg/usr/share/doc/apnsctl/copyright"
install -m 0644 contrib/prometheus/apnsctl.rules.yml contrib/prometheus/apnsctl.rules.test.yml "$pkg/usr/share/apnsctl/prometheus/"
# The services' units (disabled until enabled), their system users (created by postinst with systemd-sysusers) and
# example configuration for /etc/apnsctl/ (not conffiles: the package ships no /etc file, so removal leaves none).
install -m 0644 packaging/systemd/*.service packaging/systemd/*.timer "$pkg/lib/systemd/system/"
install -m 0644 packaging/systemd/apnsctl.sysusers "$pkg/usr/lib/sysusers.d/apnsctl.conf"
install -m 0644 packaging/examples/* "$pkg/usr/share/doc/apnsctl/examples/"
install -m 0755 packaging/debian/postinst "$pkg/DEBIAN/postinst"
# lintian's overrides, each with its reason (docs/install.md, "lintian").
install -D -m 0644 packaging/debian/lintian-overrides "$pkg/usr/share/lintian/overrides/apnsctl"
date_rfc=$(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")
maintainer=$(sed -n 's/^Maintainer: //p' packaging/debian/control.in)
{
    echo "apnsctl ($VERSION) unstable; urgency=medium"
    echo
    echo "  * Release $VERSION, commit $(git rev-parse --short=7 HEAD). See the project's git history."
    echo
    echo " -- $maintainer  $date_rfc"
} | gzip -9n > "$pkg/usr/share/doc/apnsctl/changelog.Debian.gz"
chmod 0644 "$pkg/usr/share/man/man1/apnsctl.1.gz" "$pkg/usr/share/doc/apnsctl/changelog.Debian.gz"

# Depends from what the binary really links: dpkg-shlibdeps reads its NEEDED entries and the installed packages'
# shlibs/symbols files (it wants a debian/control beside it).
shl=$work/shlibdeps
mkdir -p "$shl/debian"
printf 'Source: apnsctl\n\nPackage: apnsctl\nArchitecture: any\n' > "$shl/debian/control"
depends=$(cd "$shl" && dpkg-shlibdeps -O "$pkg/usr/bin/apnsctl" "$pkg/usr/lib/apnsctl/apnsctl-exporter-config" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dist: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# Packed relative relocations (DT_RELR, Package.swift's release link) need glibc 2.36: the binary asks for the
# version GLIBC_ABI_DT_RELR, which names no symbol, so dpkg-shlibdeps does not see it.
if readelf -V "$pkg/usr/bin/apnsctl" | grep -q GLIBC_ABI_DT_RELR; then
    depends=$(printf '%s' "$depends" | sed -E 's/libc6 \(>= 2\.(3[0-5]|[12][0-9])(\.[0-9]+)?\)/libc6 (>= 2.36)/')
    case $depends in *"libc6 (>= 2.36)"*|*"libc6 (>= 2.3"[7-9]*|*"libc6 (>= 2.4"*) ;; *) echo "dist: Depends lacks libc6 >= 2.36: $depends" >&2; exit 1;; esac
fi
installed=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$ARCH/" -e "s/@DEPENDS@/$depends/" -e "s/@INSTALLED_SIZE@/$installed/" \
    packaging/debian/control.in > "$pkg/DEBIAN/control"
(cd "$pkg" && find lib usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums)
chmod 0644 "$pkg/DEBIAN/control" "$pkg/DEBIAN/md5sums"
find "$pkg" -type d -exec chmod 0755 {} +
stamp "$pkg"
deb=apnsctl_${VERSION}_$ARCH.deb
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$ROOT/dist/$deb" >/dev/null

(cd "$ROOT/dist" && sha256sum "$name.tar.gz" "$deb" > SHA256SUMS)
echo "dist: Depends: $depends"
ls -l "$ROOT/dist"
