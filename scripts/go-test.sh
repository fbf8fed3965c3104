#!/usr/bin/env bash
# The go test of make test (which sets CI, so that a missing browser, node
# or corpus fails a test rather than skips it): three go test runs at once,
# each package's output as go test prints it, cmd/plaintest's as it comes
# and the others' after it, and a failure of any failing the whole.
#
# The run is bound by processor time, so how it ends decides how long it
# takes. cmd/plaintest and the smaller packages are mostly waits (late
# elements, checks that must fail); the corpus is mostly work. The corpus
# runs at a lower priority (nice 5) and takes up whatever the others leave;
# they run at full priority, cmd/plaintest three tests at a time and the
# rest two packages at a time, so they end before it rather than after it
# with the processor half idle (docs/limits.md, first item).
#
#   GO=go scripts/go-test.sh
set -uo pipefail
GO=${GO:-go}
flags=(-count=1 -timeout 40m -ldflags=-w)
rest=$($GO list ./... | grep -v -e '/corpus$' -e '/cmd/plaintest$') || { echo "go list ./... failed" >&2; exit 1; }
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT

# run NAME COMMAND...: COMMAND with CI set, its output to $out/NAME and its
# exit status to $out/NAME.rc.
run() {
	local name=$1
	shift
	CI=true "$@" >"$out/$name" 2>&1
	echo $? >"$out/$name.rc"
}

echo "CI=true nice -n 5 $GO test ${flags[*]} -parallel 2 ./corpus (its output last)"
run corpus nice -n 5 "$GO" test "${flags[@]}" -parallel 2 ./corpus &
echo "CI=true $GO test ${flags[*]} -p 2 -parallel 2 ./... (all but the corpus and cmd/plaintest; their output next)"
# shellcheck disable=SC2086 # one package a word
run rest "$GO" test "${flags[@]}" -p 2 -parallel 2 $rest &
echo "CI=true $GO test ${flags[*]} -parallel 3 ./cmd/plaintest"
CI=true "$GO" test "${flags[@]}" -parallel 3 ./cmd/plaintest
cmd=$?
wait
cat "$out/rest" "$out/corpus"
failed=0
[ "$cmd" = 0 ] || { echo "make test: cmd/plaintest failed"; failed=1; }
[ "$(cat "$out/rest.rc")" = 0 ] || { echo "make test: a package failed (above the corpus)"; failed=1; }
[ "$(cat "$out/corpus.rc")" = 0 ] || { echo "make test: the corpus failed"; failed=1; }
exit $failed
