package replay

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/mcpclient"
)

// A site that cannot be reached is the environment's fault: the run stops
// with ErrSiteUnreachable (the CLI's exit 3), not as a failed check.
func TestSiteDownIsEnvironment(t *testing.T) {
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://down.test/"}},
		{"step":2,"tool":"mcp__playwright__echo","params":{}}]`)
	f := &fake{}
	_, res, err := play(t, f, nil, src)
	if !errors.Is(err, mcpclient.ErrSiteUnreachable) {
		t.Fatalf("err = %v, want ErrSiteUnreachable", err)
	}
	for _, want := range []string{"http://down.test/", "net::ERR_CONNECTION_REFUSED", "step 1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("err %q does not name %s", err, want)
		}
	}
	if !res.Unavailable || res.Success {
		t.Errorf("result: unavailable %v, success %v; want an unavailable, failed run", res.Unavailable, res.Success)
	}
	if got := f.tools(); len(got) != 1 {
		t.Errorf("calls %v: want nothing after the navigation", got)
	}
}

// A page that never finishes loading fails its step in bounded time, with a
// sentence naming the URL and the timeout, and leaves evidence.
func TestSlowPageFailsItsStep(t *testing.T) {
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"http://shop.test/slow"}}]`)
	dir := t.TempDir()
	_, res, err := play(t, &fake{}, &Options{NavTimeout: 3 * time.Second, EvidenceDir: dir}, src)
	if err != nil {
		t.Fatalf("err = %v, want a failed step", err)
	}
	if res.Success || res.FailedStep != 1 {
		t.Fatalf("success %v, failed step %d", res.Success, res.FailedStep)
	}
	if want := "the page http://shop.test/slow did not finish loading within 3s (--nav-timeout)"; !strings.Contains(res.Error, want) {
		t.Errorf("error %q, want it to say %q", res.Error, want)
	}
	if len(res.Evidence) == 0 {
		t.Error("no evidence saved")
	}
}

// A browser lost mid-run (the session says so) stops the run as the
// environment's fault; the steps after it do not run.
func TestBrowserLostStopsRun(t *testing.T) {
	src := scenario("", `[{"step":1,"tool":"mcp__playwright__echo","params":{}},
		{"step":2,"tool":"mcp__playwright__fail","params":{"message":"### Error\nError: page.goto: Target page, context or browser has been closed"}},
		{"step":3,"tool":"mcp__playwright__echo","params":{}}]`)
	f := &fake{}
	_, res, err := play(t, f, nil, src)
	if !errors.Is(err, mcpclient.ErrBrowserLost) || !errors.Is(err, mcpclient.ErrUnavailable) {
		t.Fatalf("err = %v, want ErrBrowserLost", err)
	}
	if !res.Unavailable || res.FailedStep != 2 || len(res.Steps) != 2 {
		t.Errorf("unavailable %v, failed step %d, %d steps recorded; want step 2 failed and step 3 not run", res.Unavailable, res.FailedStep, len(res.Steps))
	}
}

// What the player logs is masked too: a server's error may quote a secret
// it was sent, in any encoding.
func TestLogsAreMasked(t *testing.T) {
	var b bytes.Buffer
	log := slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelDebug}))
	src := scenario(`{"TOKEN":""}`, `[{"step":1,"tool":"mcp__playwright__fail","params":{"message":"no {{TOKEN}}"}}]`)
	f := &fake{snapFails: "cannot snapshot http://x/?t=s3cr3t%20tok"}
	_, res, err := play(t, f, &Options{Logger: log, Vars: []map[string]string{{"TOKEN": "s3cr3t tok"}}, EvidenceDir: t.TempDir()}, src)
	if err != nil || res.Success {
		t.Fatalf("err %v, success %v: want a failed step", err, res.Success)
	}
	if !strings.Contains(b.String(), "failure snapshot") {
		t.Fatalf("the snapshot failure was not logged:\n%s", b.String())
	}
	if strings.Contains(b.String(), "s3cr3t") {
		t.Errorf("a secret reached the log:\n%s", b.String())
	}
}
