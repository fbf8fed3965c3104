package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/testkit"
	"github.com/plaintest/plaintest/pwspec"
	"github.com/plaintest/plaintest/sandy"
)

// Pages written for the sentences of what is not a page element: the
// browser's dialogs, a file upload, tabs, a drag and a multiple choice.
// Under /broken/ each page's handler does nothing (and the link opens no
// tab), so that a check of what it does must fail.
const modalPagesJS = `const broken = location.pathname.startsWith("/broken/");
const say = (t) => { if (!broken) document.getElementById("out").textContent = t; };`

var modalPages = map[string]string{
	"/dialogs": `<h1>Drafts</h1>
<button id="del">Delete</button> <button id="ren">Rename</button> <button id="save">Save</button> <button id="later">Delete later</button>
<p id="out" role="status">Nothing yet</p>
<script>` + modalPagesJS + `
document.getElementById("del").onclick = () => say(confirm("Delete the draft?") ? "Draft deleted" : "Draft kept");
document.getElementById("ren").onclick = () => { const n = prompt("New name?", "Untitled"); say(n === null ? "Name kept" : "Renamed to " + n); };
document.getElementById("save").onclick = () => { alert("Saved"); say("Alert closed"); };
document.getElementById("later").onclick = () => setTimeout(() => say(confirm("Delete it now?") ? "Deleted later" : "Kept later"), 1200);
</script>`,
	"/upload": `<h1>Attachments</h1>
<label>Attachment <input type="file" id="att"></label>
<input type="file" id="hidden" hidden> <button id="pick">Choose file</button>
<p id="out" role="status">No file</p>
<script>` + modalPagesJS + `
const show = (e) => { const f = e.target.files[0]; f.text().then(t => say("Attached " + f.name + ": " + t.trim())); };
document.getElementById("att").onchange = show;
document.getElementById("hidden").onchange = show;
document.getElementById("pick").onclick = () => document.getElementById("hidden").click();
</script>`,
	"/tabs": `<title>Start</title><h1>Start page</h1>
<a href="/help" target="_blank">Open help</a>
<p id="out">Nothing yet</p>`,
	"/help": `<title>Help</title><h1>Help page</h1>
<p>How to use the shop</p>`,
	"/drag": `<h1>Board</h1>
<section aria-label="To do"><h2>To do</h2><ul><li draggable="true" id="a">Write report</li><li draggable="true" id="b">Call Anna</li></ul></section>
<section aria-label="Done" id="done"><h2>Done</h2><ul id="donelist"></ul></section>
<p id="out" role="status">Nothing done</p>
<script>` + modalPagesJS + `
for (const li of document.querySelectorAll("li[draggable]")) li.ondragstart = (e) => e.dataTransfer.setData("text/plain", li.id);
const done = document.getElementById("done");
done.ondragover = (e) => e.preventDefault();
done.ondrop = (e) => { e.preventDefault(); const li = document.getElementById(e.dataTransfer.getData("text/plain")); if (!broken) document.getElementById("donelist").append(li); say(li.textContent + " is done"); };
</script>`,
	"/multi": `<h1>Pizza</h1>
<label for="top">Toppings</label>
<select id="top" multiple size="4"><option>Cheese</option><option>Olives</option><option>Ham</option><option>Basil</option></select>
<p id="out" role="status">No toppings</p>
<script>` + modalPagesJS + `
document.getElementById("top").onchange = (e) => say("Toppings: " + [...e.target.selectedOptions].map(o => o.text).join(", "));
</script>`,
}

// runLong runs plaintest as runCLI does, with a deadline long enough for a
// folder of scenarios whose checks each wait out their timeout.
func runLong(t *testing.T, args ...string) (exitCode, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, getenv: testGetenv(nil)}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	code := run(ctx, e, args)
	return code, stdout.String(), stderr.String()
}

// serveModalPages serves modalPages.
func serveModalPages(t *testing.T) string {
	t.Helper()
	return testkit.Serve(t, testkit.Pages("", func(path string, broken bool) (string, bool) {
		page, ok := modalPages[path]
		if broken {
			page = strings.ReplaceAll(page, ` target="_blank"`, "")
		}
		return page, ok
	}))
}

// modalCases are the sentences, each scenario on its page, with the tool
// its export must call and the check that fails on the broken page.
type modalCase struct {
	name, page string
	actions    []string
	tools      []string // tools the export must call
	fails      string   // what the replay on the broken page says
}

var modalCases = []modalCase{
	{"confirm-accept", "/dialogs", []string{"click Delete", "accept the dialog", "verify Draft deleted is shown"}, []string{"browser_handle_dialog"}, "Draft deleted"},
	{"confirm-dismiss", "/dialogs", []string{"click Delete", "dismiss the confirm", "verify the status shows Draft kept"}, []string{"browser_handle_dialog"}, "Draft kept"},
	{"alert-ok", "/dialogs", []string{"click Save", "click OK in the alert", "verify Alert closed is shown"}, []string{"browser_handle_dialog"}, "Alert closed"},
	{"prompt", "/dialogs", []string{"click Rename", "type Holiday plans into the prompt and click OK", "verify Renamed to Holiday plans is shown"}, []string{"browser_handle_dialog"}, "Renamed to Holiday plans"},
	{"upload-field", "/upload", []string{"upload notes.txt into Attachment", "verify Attached notes.txt: hello notes is shown"}, []string{"browser_file_upload"}, "Attached notes.txt: hello notes"},
	{"upload-button", "/upload", []string{"upload notes.txt using Choose file", "verify Attached notes.txt: hello notes is shown"}, []string{"browser_file_upload"}, "Attached notes.txt: hello notes"},
	{"tabs", "/tabs", []string{"click Open help", "switch to the new tab", "verify How to use the shop is shown", "switch to the first tab", "verify Start page is shown"}, []string{"browser_tabs"}, "Tab 1 not found"},
	{"drag", "/drag", []string{"drag Write report to Done", "verify Write report is done is shown"}, []string{"browser_drag"}, "Write report is done"},
	{"multi-select", "/multi", []string{"select Cheese and Basil in Toppings", "verify Toppings: Cheese, Basil is shown"}, []string{"browser_select_option"}, "Toppings: Cheese, Basil"},
	// A confirm a timer opens after the click returns: compiled through
	// the built-in server (which waits for it), replayed through
	// @playwright/mcp (which does not: replay waits for it).
	{"confirm-later", "/dialogs", []string{"click Delete later", "accept the confirm", "verify Deleted later is shown"}, []string{"browser_handle_dialog"}, "Deleted later"},
}

// TestModalSentencesBothServers: every sentence compiles, through one
// browser server or the other in turn (compilerOf); each export calls its
// tool and its Playwright spec holds the statement that does it; each
// server's exports replay through the other (one replay of the folder),
// and fail on the pages whose handlers are broken, each at its check; the
// specs of every sentence pass npx playwright test.
func TestModalSentencesBothServers(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveModalPages(t)
	files := t.TempDir()
	if err := os.WriteFile(filepath.Join(files, "notes.txt"), []byte("hello notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	specs := t.TempDir()
	// Each server's compiles, then their replays through the other,
	// beside the other server's.
	together(t, bothServers, 2, func(t *testing.T, i int) {
		server := bothServers[i]
		dir := t.TempDir()
		mine := casesOf(server, len(modalCases))
		// The replays wait for the compiles.
		t.Run("compile", func(t *testing.T) {
			names := namesOf(mine, func(k int) string { return modalCases[k].name })
			together(t, names, 3, func(t *testing.T, i int) {
				tc := modalCases[mine[i]]
				out := filepath.Join(dir, tc.name+".json")
				args := []string{"compile", "--url", base + tc.page, "--mcp", server, "--files", files, "-o", out, "--evidence", t.TempDir(), "--format", "playwright", "--translator", "rules"}
				for _, a := range tc.actions {
					args = append(args, "--step", a)
				}
				code, stdout, stderr := runCLI(t, args...)
				if code != 0 {
					t.Fatalf("compile through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
				}
				sc, err := sandy.Load(out)
				if err != nil {
					t.Fatal(err)
				}
				raw, _ := json.Marshal(sc.Steps)
				for _, tool := range tc.tools {
					if !strings.Contains(string(raw), "mcp__playwright__"+tool) {
						t.Errorf("the export calls no %s:\n%s", tool, raw)
					}
				}
				if strings.Contains(string(raw), files) {
					t.Errorf("the export names the files folder's absolute path:\n%s", raw)
				}
				spec, err := os.ReadFile(strings.TrimSuffix(out, ".json") + ".spec.ts")
				if err != nil {
					t.Fatal(err)
				}
				if want := specForm[tc.name]; !strings.Contains(string(spec), want) {
					t.Errorf("the spec lacks %q:\n%s", want, spec)
				}
				if err := os.Rename(strings.TrimSuffix(out, ".json")+".spec.ts", filepath.Join(specs, tc.name+".spec.ts")); err != nil {
					t.Fatal(err)
				}
			})
		})
		t.Run("replay-through-"+otherServer(server), func(t *testing.T) {
			fails := map[string]string{}
			for _, k := range mine {
				fails[modalCases[k].name] = modalCases[k].fails
			}
			// 10 s a step: the load of make test's other browsers, not
			// the page, has taken a drag past 5 s, on the broken page
			// too, before the check that is to fail.
			replayAcross(t, dir, otherServer(server), base, fails, []string{"--files", files, "--timeout", "10s"}, []string{"--files", files, "--timeout", "10s"})
		})
	})
	if !t.Failed() {
		t.Run("specs", func(t *testing.T) { runModalSpecs(t, specs, base, files) })
	}
}

// runModalSpecs: the specs of every sentence's compile pass npx playwright test.
func runModalSpecs(t *testing.T, dir, base, files string) {
	t.Helper()
	modules := nodeModules(t)
	out, ok := runSpecs(t, modules, dir, base, pwspec.FilesEnv+"="+files)
	if !ok {
		t.Fatalf("npx playwright test of the exported specs failed:\n%s", out)
	}
	if want := fmt.Sprintf("%d passed", len(modalCases)); !strings.Contains(out, want) {
		t.Errorf("npx playwright test: want %q:\n%s", want, out)
	}
}

// specForm is a statement each case's Playwright spec must hold.
var specForm = map[string]string{
	"confirm-accept":  `page.once("dialog", (dialog) => dialog.accept())`,
	"confirm-dismiss": `page.once("dialog", (dialog) => dialog.dismiss())`,
	"alert-ok":        `page.once("dialog", (dialog) => dialog.accept())`,
	"prompt":          `page.once("dialog", (dialog) => dialog.accept("Holiday plans"))`,
	"upload-field":    `.setFiles(`,
	"upload-button":   `.setFiles(`,
	"tabs":            `page = page.context().pages()[1]`,
	"drag":            `.dragTo(`,
	"multi-select":    `.selectOption(["Cheese", "Basil"])`,
}

// TestModalCompileErrors: an upload from outside the files folder or of a
// missing file, a dialog that never opens and a tab that is not open each
// fail the compile with a message saying so, through the built-in server.
func TestModalCompileErrors(t *testing.T) {
	requireBrowser(t)
	t.Parallel() // see parallelNote
	base := serveModalPages(t)
	files := t.TempDir()
	secret := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(secret, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, page string
		actions    []string
		want       string
	}{
		{"outside", "/upload", []string{"upload " + secret + " into Attachment"}, "is outside the files folder " + files},
		{"dotdot", "/upload", []string{"upload ../secret.txt into Attachment"}, "leaves the files folder " + files},
		{"missing", "/upload", []string{"upload notes.txt into Attachment"}, "there is no file notes.txt in the files folder " + files},
		{"no-dialog", "/dialogs", []string{"click Delete", "accept the dialog", "click Save", "accept the dialog", "accept the dialog"}, "no alert, confirm or prompt is open"},
		{"dialog-open", "/dialogs", []string{"click Delete", "click Save"}, `a dialog is open: confirm "Delete the draft?": answer it first`},
		{"unknown-tab", "/tabs", []string{"click Open help", "switch to tab 5"}, `there is no tab 5 (waited 5s): 2 tabs are open (1 "Start", 2 "Help")`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// 5 s, the default: with 2 s, make test's load once took the
			// click before the step under test past it (no-dialog).
			args := []string{"compile", "--url", base + tt.page, "--files", files, "-o", filepath.Join(t.TempDir(), "x.json"), "--evidence", t.TempDir(), "--translator", "rules", "--timeout", "5s"}
			for _, a := range tt.actions {
				args = append(args, "--step", a)
			}
			code, stdout, stderr := runCLI(t, args...)
			if code != 1 || !strings.Contains(stdout+stderr, tt.want) {
				t.Errorf("exit %d, want 1 saying %q\n%s\n%s", code, tt.want, stdout, stderr)
			}
		})
	}
}

// replayAcross replays the exports in dir through server, where every
// scenario must pass, then on the broken pages (BASE_URL is base/broken),
// where each must fail saying fails[its name] (checkBrokenReplay), three
// at a time: most of a scenario here is a wait (a late element, a check
// that must fail); more at once, and make test's load took simple steps
// past 5 s. holds and broken are flags added to each replay (a longer
// timeout where the load of make test's browsers, not the page, decides).
func replayAcross(t *testing.T, dir, server, base string, fails map[string]string, holds, broken []string) {
	t.Helper()
	args := append([]string{"replay", dir, "--mcp", server, "--report", t.TempDir(), "--parallel", "3"}, holds...)
	code, stdout, stderr := runLong(t, args...)
	if code != 0 {
		t.Fatalf("replay through %s: exit %d\n%s\n%s", server, code, stdout, stderr)
	}
	args = append([]string{"replay", dir, "--mcp", server, "--report", t.TempDir(), "--parallel", "3", "--var", "BASE_URL=" + base + "/broken", "--json"}, broken...)
	code, stdout, stderr = runLong(t, args...)
	if code != 1 {
		t.Fatalf("replay on the broken pages through %s: exit %d, want 1\n%s\n%s", server, code, stdout, stderr)
	}
	checkBrokenReplay(t, stdout, fails)
}

// checkBrokenReplay reads a replay --json of a folder of scenarios on
// their broken pages (stdout) and requires one failed result for each
// scenario fails names, its error saying what fails gives for it.
func checkBrokenReplay(t *testing.T, stdout string, fails map[string]string) {
	t.Helper()
	var got struct {
		Scenarios []struct {
			Scenario string `json:"scenario"`
			Success  bool   `json:"success"`
			Error    string `json:"error"`
		} `json:"scenarios"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("replay --json: %v\n%s", err, stdout)
	}
	for _, r := range got.Scenarios {
		if want, ok := fails[r.Scenario]; !ok || r.Success || !strings.Contains(r.Error, want) {
			t.Errorf("%s on its broken page: success %v, error %q; want a failure saying %q", r.Scenario, r.Success, r.Error, want)
		}
	}
	if len(got.Scenarios) != len(fails) {
		t.Errorf("%d results, want %d:\n%s", len(got.Scenarios), len(fails), stdout)
	}
}
