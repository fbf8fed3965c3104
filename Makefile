# plaintest: set-up, build, demo and tests.
#
#   make demo   installs what is missing, builds plaintest, serves the demo shop
#               and compiles a plain-English scenario against it
#   make check  the inner loop, no browser: gofmt -l, go vet, the unit tests
#               (-short) and node --check of the JavaScript plaintest gives
#               the page
#   make test   installs what is missing, checks gofmt, vets for every platform
#               (cross), then go test with CI set (what CI runs): a missing
#               browser fails it

SHELL := /bin/bash
GO ?= go
# -trimpath: packages are named by module path, not by the folder the
# checkout sits in, so a fresh clone in a new folder reuses the build cache
# of an earlier one (without it, each go vet of a new clone compiled every
# package again: 25 s of processor time), and the binary holds no local
# path.
export GOFLAGS := -trimpath $(filter-out -trimpath,$(GOFLAGS))
BIN := bin/plaintest
DEMO_ADDR ?= 127.0.0.1:8080

.PHONY: all setup chromium node node-deps go-deps build install demo cross gofmt check test bench fuzz clean

all: build

setup: chromium node-deps go-deps

# apt-get install, through sudo unless root.
APT_INSTALL = if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq

# Debian's Chromium: no browser download works on these machines. Its
# headless shell is what headless runs launch (a third of the processor
# time of the full browser); the full browser is for --headed.
chromium:
	@if [ -n "$$PLAINTEST_CHROMIUM" ] || { command -v chromium && command -v chromium-headless-shell; } >/dev/null 2>&1; then :; else \
		echo "installing Debian chromium and chromium-headless-shell (apt-get)"; \
		$(APT_INSTALL) chromium chromium-headless-shell >/dev/null; \
	fi

# Node.js 18 or later for @playwright/mcp: Debian's when there is none.
node:
	@if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then :; else \
		echo "installing Debian nodejs and npm (apt-get)"; \
		$(APT_INSTALL) nodejs npm >/dev/null; \
	fi

# The pinned @playwright/mcp (and the playwright-core driver) from package-lock.json.
# --prefer-offline: a package already in npm's cache is taken from there
# without asking the registry again (the lock file's integrity hashes are
# checked either way); on this machine npm ci took 9 to 27 s as the
# registry answered.
node-deps: node node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error --prefer-offline
	@touch $@

go-deps:
	$(GO) mod download

build: go-deps
	$(GO) build -o $(BIN) ./cmd/plaintest

# make install [PREFIX=/usr/local]: the binary in PREFIX/bin, and the pinned
# node_modules (@playwright/mcp, and playwright-core, the built-in server's
# driver) in PREFIX/lib/plaintest, where plaintest looks for them.
PREFIX ?= /usr/local
install: node-deps build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/plaintest
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/plaintest
	rm -rf $(DESTDIR)$(PREFIX)/lib/plaintest/node_modules
	cp -R node_modules $(DESTDIR)$(PREFIX)/lib/plaintest/node_modules

demo: setup build
	@bash scripts/demo.sh $(BIN) $(DEMO_ADDR)

# Every platform a Go user has: go vet (tests included) for each GOOS,
# with no test run. It type-checks every package and test file for that
# platform, compiling what they import, which is what catches a Unix-only
# call; go build ./... beside it added only the linking of the commands,
# 3 s of processor time a platform before any test ran.
CROSS_GOOS ?= linux darwin windows
cross: $(addprefix cross-,$(CROSS_GOOS))

cross-%: go-deps
	@echo "GOOS=$* go vet ./..."
	@GOOS=$* $(GO) vet ./...

# The inner loop: no browser, no install. -short skips every end-to-end test
# (internal/testenv), CI or not.
# gofmt -l: every Go file as gofmt leaves it (go vet does not look).
gofmt:
	@out=$$(gofmt -l $$(find . -path ./node_modules -prune -o -name '*.go' -print)); \
		if [ -n "$$out" ]; then echo "gofmt would change these files (run gofmt -w):"; echo "$$out"; exit 1; fi

JS_FILES = $(shell find . -path ./node_modules -prune -o \( -name '*.js' -o -name '*.cjs' -o -name '*.mjs' \) -print)
check: go-deps gofmt
	$(GO) vet ./...
	@for f in $(JS_FILES); do node --check $$f || exit 1; done; echo "node --check: $(words $(JS_FILES)) files"
	$(GO) test -short -count=1 ./...

# CI=true: an end-to-end test whose browser, node or corpus is missing
# fails rather than skips (internal/testenv), on every machine. The run is
# bound by processor time. The two longest packages start first: the
# corpus in a go test of its own, at a lower priority (nice 5, its four
# tests at once: mostly browser work), and beside it cmd/plaintest and two
# of the rest at a time (-p 3), two tests of each beside each other
# (-parallel 2; more kept so many processes runnable that servers missed
# their start-up deadlines). The corpus's output follows the rest's.
#
# npm ci waits on the network and the disk while gofmt and the three
# platforms' vets compile, so they run at once (make -j). -ldflags=-w:
# the test binaries without DWARF, which only a debugger reads (linking
# them costs a third less).
#
# The W3C APG examples come from the folder PLAINTEST_APG_CORPUS names
# (.ci/run sets it to the workspace's): unset, the corpus leaves the APG
# scenarios out and this says so in one line (go test shows a passing
# package's own line only with -v); set to no corpus, the corpus fails.
test: chromium node go-deps
	@$(MAKE) --no-print-directory --output-sync=target -j5 node_modules/.package-lock.json gofmt cross
	@[ -n "$$PLAINTEST_APG_CORPUS" ] || echo "APG corpus tests not run: set PLAINTEST_APG_CORPUS to the W3C APG examples folder"
	@set -o pipefail; pkgs=$$($(GO) list ./... | grep -v '/corpus$$') || exit 1; \
	corpus=$$(mktemp) || exit 1; trap 'rm -f $$corpus' EXIT; \
	echo "CI=true nice -n 5 $(GO) test $(TEST_FLAGS) -parallel 4 ./corpus (beside the rest; its output follows)"; \
	CI=true nice -n 5 $(GO) test $(TEST_FLAGS) -parallel 4 ./corpus > $$corpus 2>&1 & pid=$$!; \
	echo "CI=true $(GO) test -p 3 $(TEST_FLAGS) ./cmd/plaintest ./... (the corpus aside)"; \
	CI=true $(GO) test -p 3 $(TEST_FLAGS) ./cmd/plaintest $$pkgs; rest=$$?; \
	wait $$pid; c=$$?; cat $$corpus; \
	[ $$rest = 0 ] || echo "make test: a package failed (above the corpus)"; \
	[ $$c = 0 ] || echo "make test: the corpus failed"; \
	[ $$rest = 0 ] && [ $$c = 0 ]

TEST_FLAGS = -count=1 -parallel 2 -timeout 40m -ldflags=-w

# Every benchmark; dom's BenchmarkBudget also prints the focused-budget
# figures in real tokens (demo, APG and synthetic news pages, snapshots from
# Chromium; about 5 minutes on a loaded machine).
bench: setup
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Every fuzz target for FUZZTIME each (go test runs one target at a time).
FUZZTIME ?= 15s
fuzz: go-deps
	@set -e; for pkg in $$($(GO) list ./...); do \
		dir=.$${pkg#github.com/plaintest/plaintest}; \
		for f in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | cut -d' ' -f2); do \
			echo "$$pkg $$f"; \
			out=$$($(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) $$pkg 2>&1) || { echo "$$out"; exit 1; }; \
		done; \
	done; echo "all fuzz targets passed"

clean:
	rm -rf bin .sandy
