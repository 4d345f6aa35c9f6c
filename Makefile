# Searchlight: the two commands a newcomer needs are `make demo` and `make test`.
# Both install the Debian packages that are missing (as root, or through sudo),
# build, and run. Swift itself is expected at /opt/swift or on PATH.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages the build, the tests and the benchmarks use.
DEBIAN_PACKAGES := pkg-config libjavascriptcoregtk-4.1-dev libsqlite3-dev libglib2.0-dev libcurl4 \
	dbus esbuild libjs-lunr wamerican node-typescript \
	libgdk-pixbuf-2.0-0 g++ qtbase5-dev libkf5runner-dev

SWIFT_BUILD_FLAGS ?=
BIN := .build/debug/searchlight
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test test-swift test-js bench clean

## deps: install the Debian packages that are not installed yet
deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; \
	fi

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

## demo: the Audiobooks example end to end (see README)
demo: build
	$(BIN) run examples/audiobooks/app.js --data-dir "$$(mktemp -d)"

## test: every test, Swift and JS; last, check that no searchlight process the run
## started (marked by SEARCHLIGHT_TEST_RUN in its environment) outlived it
TEST_RUN := $(shell date +%s%N)-$$$$
test: export SEARCHLIGHT_TEST_RUN = $(TEST_RUN)
test: deps
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	dbus-run-session -- swift test --skip-build --parallel --num-workers 2
	SEARCHLIGHT=$(BIN) bash js/test/searchondevice/fixtures/run-fixtures.sh
	$(MAKE) fuzz-short
	$(BIN) test js/test
	bash tools/check-no-orphans.sh "$$SEARCHLIGHT_TEST_RUN"

## bench: release build, then the benchmarks (a few minutes; BENCH_FULL=1 adds 1M
## items, which takes long); prints a table and writes docs/benchmarks.md
BENCH_FULL ?=
BENCH_FLAGS ?=
bench: deps
	swift build -c release --static-swift-stdlib
	BENCH_FULL=$(BENCH_FULL) .build/release/SearchlightBench $(BENCH_FLAGS)

clean:
	rm -rf .build

## fuzz-short: a short libFuzzer run of every fuzz target (see fuzz/README.md)
FUZZ_RUNS ?= 2000
.PHONY: fuzz-short
fuzz-short: deps
	fuzz/build.sh query items bridge convert
	fuzz/run.sh query $(FUZZ_RUNS)
	fuzz/run.sh convert $(FUZZ_RUNS)
	fuzz/run.sh items $(FUZZ_RUNS)
	fuzz/run.sh bridge $(FUZZ_RUNS) -max_len=256
