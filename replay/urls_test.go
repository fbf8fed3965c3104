package replay

import (
	"errors"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/internal/navrule"
	"github.com/plaintest/plaintest/sandy"
)

func TestUnsafeToolByEveryName(t *testing.T) {
	for _, name := range []string{"browser_run_code_unsafe", "browser_run_code", "BROWSER_RUN_CODE", "Browser-Run-Code-Unsafe", "browser.run.code"} {
		if !UnsafeTool(name) {
			t.Errorf("UnsafeTool(%q) = false", name)
		}
		sc := parse(t, scenario("", `[{"step":1,"tool":"mcp__playwright__`+name+`","params":{"code":"async (page) => 1"}}]`))
		err := Preflight("a.json", sc, &Options{})
		if err == nil || !strings.Contains(err.Error(), "steps[0].tool") || !errors.Is(err, sandy.ErrInvalid) {
			t.Errorf("Preflight(%s) = %v, want it refused naming steps[0].tool", name, err)
		}
		if err := Preflight("a.json", sc, &Options{AllowUnsafeCode: true}); err != nil {
			t.Errorf("Preflight(%s, --allow-unsafe-code) = %v", name, err)
		}
	}
	for _, name := range []string{"browser_run", "browser_evaluate", "run_code"} {
		if UnsafeTool(name) {
			t.Errorf("UnsafeTool(%q) = true", name)
		}
	}
}

func TestURLsRefused(t *testing.T) {
	for _, url := range []string{"view-source:file:///etc/hostname", "file:///etc/hostname", "JAVASCRIPT:alert(1)", "chrome://version"} {
		sc := parse(t, scenario("", `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"`+url+`"}},
			{"step":2,"tool":"mcp__playwright__browser_tabs","params":{"action":"new","url":"`+url+`"}}]`))
		err := Preflight("a.json", sc, &Options{})
		if err == nil || !strings.Contains(err.Error(), "steps[0].params.url: plaintest refused") ||
			!strings.Contains(err.Error(), "steps[1].params.url: plaintest refused") {
			t.Errorf("Preflight(%s) = %v, want both steps refused", url, err)
		}
		// At the step: the value of a variable.
		f := &fake{}
		src := scenario(`{"U":""}`, `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"{{U}}"}}]`)
		_, res, err := play(t, f, &Options{Vars: []map[string]string{{"U": url}}}, src)
		if !errors.Is(err, navrule.ErrRefused) || res.FailedStep != 1 || len(f.callsTo("browser_navigate")) != 0 {
			t.Errorf("%s through a variable: err %v, failed step %d, %d calls: want refused before the call",
				url, err, res.FailedStep, len(f.callsTo("browser_navigate")))
		}
	}
	// Web pages open.
	sc := parse(t, scenario("", `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"https://example.com/"}}]`))
	if err := Preflight("a.json", sc, &Options{}); err != nil {
		t.Errorf("Preflight(https) = %v", err)
	}
}

// A refusal by the browser server (its guard closed a page that reached a
// local file) ends the run at once, whatever the step's on_error says: a
// retry would load the page again, a skip would go on without the test.
func TestServerRefusalEndsRun(t *testing.T) {
	for _, onError := range []string{"", `,"on_error":"skip"`, `,"on_error":"retry"`} {
		f := &fake{}
		src := scenario("", `[{"step":1,"tool":"mcp__playwright__fail","params":{"message":"plaintest refused \"file:///etc/hostname\": local files open only with --allow-file-urls"}`+onError+`},
			{"step":2,"tool":"mcp__playwright__echo","params":{}}]`)
		_, res, err := play(t, f, &Options{}, src)
		if !errors.Is(err, navrule.ErrRefused) || res.FailedStep != 1 || len(f.callsTo("fail")) != 1 || len(f.callsTo("echo")) != 0 {
			t.Errorf("on_error %q: err %v, failed step %d, %d fail calls, %d echo calls: want the run ended at step 1 after one call",
				onError, err, res.FailedStep, len(f.callsTo("fail")), len(f.callsTo("echo")))
		}
	}
}

// --allow-file-urls with no folder: the scenario's own folder opens, and
// nothing else.
func TestFileURLsOwnFolder(t *testing.T) {
	dir := t.TempDir()
	root, _ := navrule.Root(dir)
	src := func(url string) *sandy.Scenario {
		return parse(t, scenario("", `[{"step":1,"tool":"mcp__playwright__browser_navigate","params":{"url":"`+url+`"}}]`))
	}
	own := dir + "/a.json"
	if err := Preflight(own, src("file://"+root+"/page.html"), &Options{AllowFileURLs: true}); err != nil {
		t.Errorf("own folder: %v", err)
	}
	if err := Preflight(own, src("file:///etc/hostname"), &Options{AllowFileURLs: true}); err == nil {
		t.Error("a file outside the scenario's folder opened")
	}
	if err := Preflight(own, src("view-source:file://"+root+"/page.html"), &Options{AllowFileURLs: true}); err == nil {
		t.Error("view-source of a file inside the folder opened")
	}
	if err := Preflight(own, src("file://"+root+"/page.html"), &Options{}); err == nil {
		t.Error("a file opened without --allow-file-urls")
	}
}
