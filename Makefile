# apnsctl: two commands for a newcomer on Debian with Swift: `make demo` and `make test`.
# Both install the system packages they need first (with sudo when not root).

SWIFT     ?= swift
PREFIX    ?= /usr/local
APT_DEPS  := libssl-dev libcurl4-openssl-dev
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build demo test release install uninstall docs check-docs fixtures bench clean fuzz fuzz-corpus

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
TEST_TOOLS += py:jwt=pip:pyjwt
TEST_TOOLS += py:cryptography=pip:cryptography

## Interop peers the tests use: openssl and curl (Debian), PyJWT with cryptography (PyPI).
test-deps: deps
	@command -v openssl >/dev/null || $(SUDO) apt-get install -y openssl
	@command -v curl >/dev/null || $(SUDO) apt-get install -y curl
	@python3 -c 'import jwt, cryptography' 2>/dev/null || python3 -m pip install -q pyjwt cryptography || \
		echo "make: PyJWT not installed; its interop test will be skipped"

build: deps
	$(SWIFT) build

## The main job: the whole product, offline, against a local APNs.
demo: deps
	$(SWIFT) run apnsctl demo

## Every test: unit, end-to-end over loopback, interop with openssl/curl/PyJWT.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(MAKE) check-docs

release: deps
	$(SWIFT) build -c release

## Man page and completions, generated from the command declarations (committed; CI checks drift).
docs: deps
	scripts/gen-docs.sh

check-docs: deps
	scripts/check-docs.sh

## Installs the release binary, the man page and completions where bash, zsh and fish look for them.
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 0755 $$($(SWIFT) build -c release --show-bin-path)/apnsctl $(DESTDIR)$(PREFIX)/bin/apnsctl
	install -m 0644 man/apnsctl.1 $(DESTDIR)$(PREFIX)/share/man/man1/apnsctl.1
	install -m 0644 completions/apnsctl.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/apnsctl
	install -m 0644 completions/_apnsctl $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_apnsctl
	install -m 0644 completions/apnsctl.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/apnsctl.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/apnsctl $(DESTDIR)$(PREFIX)/share/man/man1/apnsctl.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/apnsctl \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_apnsctl \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/apnsctl.fish

## Regenerates the test fixtures (certificates, .p12, keys) with the system openssl.
fixtures:
	scripts/make-fixtures.sh
	scripts/make-reader-fixtures.sh

## libFuzzer targets of every parser (Fuzz/, own build directory; not part of `make test`): each runs for
## FUZZ_SECONDS (default 60) and reports runs, exec/s, new coverage and crashes. See docs/fuzzing.md.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

## Regenerates the fuzz seed corpora (Tests/Fuzz/corpus) from the fixtures; needs a built apnsctl.
fuzz-corpus: build
	scripts/make-fuzz-corpus.sh
	scripts/make-key-fixtures.sh

## Benchmarks against peers (not part of `make test`); writes BENCHMARKS.md.
bench: deps
	@command -v hyperfine >/dev/null && command -v h2load >/dev/null && command -v nghttpd >/dev/null || \
		$(SUDO) apt-get install -y hyperfine nghttp2-client nghttp2-server
	Benchmarks/run.sh

clean:
	rm -rf .build
