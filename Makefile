# Searchlight: the two commands a newcomer needs are `make demo` and `make test`.
# Both install the Debian packages that are missing (as root, or through sudo),
# build, and run. Swift itself is expected at /opt/swift or on PATH.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages the build, the tests and the benchmarks use.
DEBIAN_PACKAGES := pkg-config libjavascriptcoregtk-4.1-dev libsqlite3-dev libglib2.0-dev libcurl4 \
	dbus esbuild libjs-lunr wamerican node-typescript

SWIFT_BUILD_FLAGS ?=
BIN := .build/debug/searchlight
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test test-swift test-js bench relevance clean

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

## test: every test, Swift and JS
test: deps
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	dbus-run-session -- swift test --skip-build --parallel --num-workers 2
	SEARCHLIGHT=$(BIN) bash js/test/searchondevice/fixtures/run-fixtures.sh
	$(MAKE) fuzz-short
	$(MAKE) relevance-test
	$(BIN) test js/test

## bench: release build, then the benchmarks (a few minutes; BENCH_FULL=1 adds 1M
## items, which takes long); prints a table and writes docs/benchmarks.md
BENCH_FULL ?=
BENCH_FLAGS ?=
bench: deps
	swift build -c release --static-swift-stdlib
	BENCH_FULL=$(BENCH_FULL) .build/release/SearchlightBench $(BENCH_FLAGS)

## relevance: a judged evaluation of search on Debian's package descriptions (en, ja,
## zh) beside Xapian, tantivy and SQLite FTS5 (a few minutes); prints the tables and
## writes docs/relevance.md. The corpus, a venv with tantivy and the indexes live in
## .build-relevance/. RELEVANCE_FLAGS='--searchlight OTHER/searchlight=LABEL' adds a
## second build; '--skip xapian' leaves an engine out.
RELEVANCE_PACKAGES := python3-xapian codespell python3-venv
RELEVANCE_CACHE := .build-relevance
TANTIVY_VERSION := 0.27.0
RELEVANCE_FLAGS ?=
relevance: deps
	@missing=""; for p in $(RELEVANCE_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; \
	fi
	@mkdir -p $(RELEVANCE_CACHE)
	@[ -x $(RELEVANCE_CACHE)/venv/bin/python ] || /usr/bin/python3 -m venv $(RELEVANCE_CACHE)/venv
	@$(RELEVANCE_CACHE)/venv/bin/pip show tantivy 2>/dev/null | grep -qx 'Version: $(TANTIVY_VERSION)' \
	  || $(RELEVANCE_CACHE)/venv/bin/pip install -q tantivy==$(TANTIVY_VERSION)
	swift build -c release --static-swift-stdlib
	/usr/bin/python3 bench/relevance/relevance.py --cache $(RELEVANCE_CACHE) \
	  --tantivy-python $(RELEVANCE_CACHE)/venv/bin/python --searchlight .build/release/searchlight=Searchlight \
	  --report docs/relevance.md $(RELEVANCE_FLAGS)

## relevance-test: the evaluation's pure parts (query generation, metrics), no download
.PHONY: relevance-test
relevance-test:
	/usr/bin/python3 -m unittest discover -s bench/relevance -p 'test_*.py'

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
