package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
<button id="del">Delete</button> <button id="ren">Rename</button> <button id="save">Save</button>
<p id="out" role="status">Nothing yet</p>
<script>` + modalPagesJS + `
document.getElementById("del").onclick = () => say(confirm("Delete the draft?") ? "Draft deleted" : "Draft kept");
document.getElementById("ren").onclick = () => { const n = prompt("New name?", "Untitled"); say(n === null ? "Name kept" : "Renamed to " + n); };
document.getElementById("save").onclick = () => { alert("Saved"); say("Alert closed"); };
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

// serveModalPages serves modalPages.
func serveModalPages(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path, broken := strings.CutPrefix(r.URL.Path, "/broken")
		page, ok := modalPages[path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if broken {
			page = strings.ReplaceAll(page, ` target="_blank"`, "")
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><html><body>"+page+"</body></html>")
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// modalCases are the sentences, each scenario on its page, with the tool
// its export must call and the check that fails on the broken page.
var modalCases = []struct {
	name, page string
	actions    []string
	tools      []string // tools the export must call
}{
	{"confirm-accept", "/dialogs", []string{"click Delete", "accept the dialog", "verify Draft deleted is shown"}, []string{"browser_handle_dialog"}},
	{"confirm-dismiss", "/dialogs", []string{"click Delete", "dismiss the confirm", "verify the status shows Draft kept"}, []string{"browser_handle_dialog"}},
	{"alert-ok", "/dialogs", []string{"click Save", "click OK in the alert", "verify Alert closed is shown"}, []string{"browser_handle_dialog"}},
	{"prompt", "/dialogs", []string{"click Rename", "type Holiday plans into the prompt and click OK", "verify Renamed to Holiday plans is shown"}, []string{"browser_handle_dialog"}},
	{"upload-field", "/upload", []string{"upload notes.txt into Attachment", "verify Attached notes.txt: hello notes is shown"}, []string{"browser_file_upload"}},
	{"upload-button", "/upload", []string{"upload notes.txt using Choose file", "verify Attached notes.txt: hello notes is shown"}, []string{"browser_file_upload"}},
	{"tabs", "/tabs", []string{"click Open help", "switch to the new tab", "verify How to use the shop is shown", "switch to the first tab", "verify Start page is shown"}, []string{"browser_tabs"}},
	{"drag", "/drag", []string{"drag Write report to Done", "verify Write report is done is shown"}, []string{"browser_drag"}},
	{"multi-select", "/multi", []string{"select Cheese and Basil in Toppings", "verify Toppings: Cheese, Basil is shown"}, []string{"browser_select_option"}},
}

// TestModalSentencesBothServers: every sentence compiles through both
// browser servers; each export calls its tool and its Playwright spec holds
// the statement that does it; the exports of each server replay through
// the other (one replay of the folder), and fail on the pages whose
// handlers are broken, each at its check.
func TestModalSentencesBothServers(t *testing.T) {
	requireBrowser(t)
	base := serveModalPages(t)
	files := t.TempDir()
	if err := os.WriteFile(filepath.Join(files, "notes.txt"), []byte("hello notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := map[string]string{"builtin": "playwright-mcp", "playwright-mcp": "builtin"}
	for _, server := range []string{"builtin", "playwright-mcp"} {
		dir := t.TempDir()
		for _, tc := range modalCases {
			if !t.Run(tc.name+"/"+server, func(t *testing.T) {
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
				if err := os.Remove(strings.TrimSuffix(out, ".json") + ".spec.ts"); err != nil {
					t.Fatal(err)
				}
			}) {
				continue
			}
		}
		t.Run("replay/"+server+"-compiled/"+other[server], func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "replay", dir, "--mcp", other[server], "--files", files, "--report", t.TempDir(), "--parallel", "2")
			if code != 0 {
				t.Fatalf("replay through %s: exit %d\n%s\n%s", other[server], code, stdout, stderr)
			}
			code, stdout, stderr = runCLI(t, "replay", dir, "--mcp", other[server], "--files", files, "--report", t.TempDir(), "--parallel", "2",
				"--var", "BASE_URL="+base+"/broken", "--timeout", "2s", "--json")
			if code != 1 {
				t.Fatalf("replay on the broken pages through %s: exit %d, want 1\n%s\n%s", other[server], code, stdout, stderr)
			}
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
				if r.Success {
					t.Errorf("%s passed on its broken page", r.Scenario)
				}
				t.Logf("%s on its broken page: %s", r.Scenario, r.Error)
			}
			if len(got.Scenarios) != len(modalCases) {
				t.Errorf("%d results, want %d:\n%s", len(got.Scenarios), len(modalCases), stdout)
			}
		})
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
