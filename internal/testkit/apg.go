package testkit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// APGEnv names the one variable that says where the W3C ARIA Authoring
// Practices examples are, the corpus suite's markup by others: an
// absolute path to the folder holding patterns/ and shared/ (the content
// folder of github.com/w3c/aria-practices).
const APGEnv = "PLAINTEST_APG_CORPUS"

// APGNotRun is the line a run without APGEnv says once.
const APGNotRun = "APG corpus tests not run: set " + APGEnv + " to the W3C APG examples folder"

// ErrAPGCorpus is what APGCorpus wraps when APGEnv is set and names no
// corpus.
var ErrAPGCorpus = errors.New("no W3C APG corpus")

// APGCorpus returns the folder APGEnv names, "" when it is unset; set to
// anything but an absolute path to a folder holding patterns/, an error
// naming the variable and the path (wrapping ErrAPGCorpus).
func APGCorpus() (string, error) {
	dir := os.Getenv(APGEnv)
	if dir == "" {
		return "", nil
	}
	bad := func(why string) error {
		return fmt.Errorf("%w: %s=%s: %s; set it to the folder holding patterns/ and shared/, or unset it to leave the APG corpus tests out",
			ErrAPGCorpus, APGEnv, dir, why)
	}
	if !filepath.IsAbs(dir) {
		return "", bad("not an absolute path (each package's tests run in its own folder)")
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", bad("no such folder")
	case err != nil:
		return "", bad(err.Error())
	case !fi.IsDir():
		return "", bad("not a folder")
	}
	if fi, err := os.Stat(filepath.Join(dir, "patterns")); err != nil || !fi.IsDir() {
		return "", bad("no patterns folder in it")
	}
	return filepath.Clean(dir), nil
}

// APGDir returns the APG corpus folder for a test that runs without it
// too: "" when APGEnv is unset; set and no corpus, it fails tb, CI or not.
func APGDir(tb testing.TB) string {
	tb.Helper()
	dir, err := APGCorpus()
	if err != nil {
		tb.Fatal(err)
	}
	return dir
}

// NeedAPGDir returns the APG corpus folder for a test or benchmark that
// needs it: APGEnv unset, it skips tb saying APGNotRun, CI or not; set
// and no corpus, it fails tb.
func NeedAPGDir(tb testing.TB) string {
	tb.Helper()
	dir, err := APGCorpus()
	switch {
	case err != nil:
		tb.Fatal(err)
	case dir == "":
		tb.Skip(APGNotRun)
	}
	return dir
}
