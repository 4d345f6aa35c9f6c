# Searchlight: the two commands a newcomer needs are `make demo` and `make test`.
# Both install the Debian packages that are missing (as root, or through sudo),
# build, and run. Swift itself is expected at /opt/swift or on PATH.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# Debian packages the build, the tests and the benchmarks use.
DEBIAN_PACKAGES := pkg-config libjavascriptcoregtk-4.1-dev libsqlite3-dev libglib2.0-dev libcurl4 \
	dbus esbuild libjs-lunr wamerican node-typescript \
	libgdk-pixbuf-2.0-0 g++ qtbase5-dev libkf5runner-dev
# The window page's React (and its component tests, some in a window under Xvfb), and a
# Japanese font for its screens.
DEBIAN_PACKAGES += node-react node-react-dom fonts-ipafont-gothic xvfb xauth
# The window host (WebKitGTK 4.1, GTK 3) and its tests: the X keyboard (xdotool), gdbus
# (libglib2.0-bin) as GNOME Shell calls the app, screenshots (imagemagick), window
# stacking (x11-utils: xwininfo, xmessage), the X clipboard read from outside the app (xclip).
DEBIAN_PACKAGES += libwebkit2gtk-4.1-dev xdotool libglib2.0-bin imagemagick x11-utils xclip
# A Flatpak build's exports, checked with flatpak's own build-finish.
DEBIAN_PACKAGES += flatpak

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

## test: every test, Swift and JS (the window's components and the examples' highlighting
## run on Debian's React: NODE_PATH lets esbuild find /usr/share/nodejs/react; the
## components' events and layout are also checked in a real window under Xvfb); last,
## check that no searchlight process the run started (marked by SEARCHLIGHT_TEST_RUN in
## its environment) outlived it
TEST_RUN := $(shell date +%s%N)-$$$$
test: export SEARCHLIGHT_TEST_RUN = $(TEST_RUN)
test: deps
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	dbus-run-session -- swift test --skip-build --parallel --num-workers 2
	SEARCHLIGHT=$(BIN) bash js/test/searchondevice/fixtures/run-fixtures.sh
	$(MAKE) fuzz-short
	$(MAKE) relevance-test
	$(BIN) test js/test
	NODE_PATH=/usr/share/nodejs $(BIN) test js/window/components/test/components.test.jsx js/window/components/test/animated.test.jsx examples/shared
	NO_AT_BRIDGE=1 xvfb-run -a $(BIN) test --window js/window/components/test/window
	$(MAKE) test-window
	bash tools/check-no-orphans.sh "$$SEARCHLIGHT_TEST_RUN"

## test-window: the windowed apps in real windows under Xvfb, typed into, opened over
## D-Bus and cold-started by D-Bus activation (screenshots in .build/window-tests); the
## SearchOnDevice contract tests run again in a window's page, against its bridge
.PHONY: test-window
test-window:
	SEARCHLIGHT=$(BIN) xvfb-run -a dbus-run-session -- bash Tests/Window/run.sh
	NO_AT_BRIDGE=1 xvfb-run -a $(BIN) test --window js/test/searchondevice

## bench: release build, then the benchmarks (a few minutes; BENCH_FULL=1 adds 1M
## items, which takes long); prints a table and writes docs/benchmarks.md
BENCH_FULL ?=
BENCH_FLAGS ?=
bench: deps
	swift build -c release --static-swift-stdlib
	BENCH_FULL=$(BENCH_FULL) .build/release/SearchlightBench $(BENCH_FLAGS)
	xvfb-run -a dbus-run-session -- bash bench/window/measure.sh .build/release/searchlight

## bench-window: the windowed-app figures (docs/benchmarks.md, "Windowed apps")
.PHONY: bench-window
bench-window: deps
	swift build -c release --static-swift-stdlib
	xvfb-run -a dbus-run-session -- bash bench/window/measure.sh .build/release/searchlight

## relevance: a judged evaluation of search on Debian's package descriptions (en, ja,
## zh) beside Xapian, tantivy and SQLite FTS5 (a few minutes); prints the tables and
## writes docs/relevance.md. The corpus, a venv with tantivy and the indexes live in
## .build-relevance/. RELEVANCE_FLAGS='--searchlight OTHER/searchlight=LABEL' adds a
## second build; '--skip xapian' leaves an engine out; '--keep-round LABEL' keeps this run's
## figures in bench/relevance/rounds.json, shown beside later runs'.
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
