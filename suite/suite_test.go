package suite

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/plaintest/plaintest/parser/scenario"
	"github.com/plaintest/plaintest/sandy"
)

func write(t *testing.T, p, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFind: a folder's tests, in order, without what is not a test.
func TestFind(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "tests")
	for name, body := range map[string]string{
		"b/cart.feature":          "Feature: x",
		"a/login.yaml":            "actions: [click Log in]",
		"a/notes.md":              "not a test",
		"a/phrases.yaml":          "phrases: {}",
		"smoke.txt":               "click Home",
		"c/mug.json":              `{"actions": "click Mug"}`,
		"c/compiled.json":         `{"version": "2.1", "metadata": {"name": "x"}, "steps": []}`,
		".sandy/scenarios/x.yaml": "actions: [click X]",
		"node_modules/p/t.txt":    "click X",
		"out/old.txt":             "click X",
	} {
		write(t, filepath.Join(root, name), body)
	}
	if err := os.Symlink("/etc/hostname", filepath.Join(root, "a", "linked.txt")); err != nil {
		t.Fatal(err)
	}
	lone := filepath.Join(dir, "lone.txt")
	write(t, lone, "click Lone")
	files, skipped, err := Find([]string{root, lone, root}, filepath.Join(root, "out"))
	if err != nil {
		t.Fatal(err)
	}
	var rels []string
	for _, f := range files {
		rels = append(rels, f.Rel)
	}
	if want := []string{"a/login.yaml", "b/cart.feature", "c/mug.json", "smoke.txt", "lone.txt"}; !slices.Equal(rels, want) {
		t.Errorf("found %q, want %q", rels, want)
	}
	if len(skipped) != 1 || skipped[0].Path != filepath.Join(root, "a", "linked.txt") {
		t.Errorf("skipped %+v, want the symbolic link", skipped)
	}
	if _, _, err := Find([]string{filepath.Join(dir, "missing")}); err == nil {
		t.Error("a missing folder: no error")
	}
}

// TestDigest: every word a compile is given changes the digest; a
// secret's value does not, and is not in it.
func TestDigest(t *testing.T) {
	base := func() *scenario.Scenario {
		return &scenario.Scenario{Name: "buy", URL: "http://shop.test/", Actions: []string{"click Mug", "click Add"},
			Lines: []int{3, 4}, Tags: []string{"@smoke"}, Source: "t/buy.yaml",
			Variables: map[string]string{"USER": "demo"}, Secrets: map[string]string{"PASSWORD": "hunter2"}}
	}
	d0 := Digest(base(), "plaintest 1 rules")
	edits := map[string]func(*scenario.Scenario){
		"name":     func(s *scenario.Scenario) { s.Name = "buy2" },
		"URL":      func(s *scenario.Scenario) { s.URL = "http://shop.test/x" },
		"action":   func(s *scenario.Scenario) { s.Actions[1] = "click Add to cart" },
		"split":    func(s *scenario.Scenario) { s.Actions = []string{"click Mug click Add"}; s.Lines = []int{3} },
		"line":     func(s *scenario.Scenario) { s.Lines[1] = 5 },
		"tag":      func(s *scenario.Scenario) { s.Tags = nil },
		"source":   func(s *scenario.Scenario) { s.Source = "t/b.yaml" },
		"variable": func(s *scenario.Scenario) { s.Variables["USER"] = "other" },
		"secret":   func(s *scenario.Scenario) { s.Secrets["TOKEN"] = "x" },
		"a tag that was an action": func(s *scenario.Scenario) {
			s.Actions, s.Lines, s.Tags = s.Actions[:1], s.Lines[:1], []string{"click Add", "@smoke"}
		},
		"a phrase's sentence": func(s *scenario.Scenario) { s.Via = []string{"buy the mug", "buy the mug"} },
	}
	for name, edit := range edits {
		sc := base()
		edit(sc)
		if Digest(sc, "plaintest 1 rules") == d0 {
			t.Errorf("%s changed: the digest did not", name)
		}
	}
	if Digest(base(), "plaintest 2 rules") == d0 {
		t.Error("the contract changed: the digest did not")
	}
	sc := base()
	sc.Secrets["PASSWORD"] = "other"
	if Digest(sc, "plaintest 1 rules") != d0 {
		t.Error("a secret's value changed the digest")
	}
}

// TestNames: the source tree mirrored, a feature file a folder, clashes
// numbered.
func TestNames(t *testing.T) {
	var n Names
	got := []string{
		n.Name("shop/login.yaml", "log in", false),
		n.Name("shop/cart.feature", "Add a mug", true),
		n.Name("shop/cart.feature", "Add a mug!", true),
		n.Name("shop/login.txt", "login", false),
		n.Name("shop/cart.feature", "Add Notebook to the cart (Examples row 3: item=Notebook)", true),
		n.Name("shop/cart.feature", "ĂĂ", true),
		n.Name("shop/cart.feature", strings.Repeat("word ", 30), true),
	}
	want := []string{"shop/login.json", "shop/cart/add-a-mug.json", "shop/cart/add-a-mug-2.json", "shop/login-2.json",
		"shop/cart/add-notebook-to-the-cart-examples-row-3-item-notebook.json", "shop/cart/scenario.json",
		"shop/cart/" + strings.TrimSuffix(strings.Repeat("word-", 16), "-") + ".json"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}

// TestUnchangedAndOrphans: a whole scenario with the digest is unchanged;
// a partial one, or one of another digest, is not; one a suite wrote and
// did not keep is an orphan, one it did not write is not.
func TestUnchangedAndOrphans(t *testing.T) {
	out := t.TempDir()
	save := func(name string, meta sandy.Metadata) string {
		p := filepath.Join(out, name)
		data, err := (&sandy.Scenario{Version: sandy.Version, Metadata: meta, Steps: []sandy.Step{}}).Marshal()
		if err != nil {
			t.Fatal(err)
		}
		write(t, p, string(data))
		return p
	}
	whole := save("a/whole.json", sandy.Metadata{Name: "w", CompiledFrom: "sha256:1"})
	partial := save("a/part.partial.json", sandy.Metadata{Name: "p", CompiledFrom: "sha256:2", Status: sandy.StatusPartial})
	gone := save("b/gone.json", sandy.Metadata{Name: "g", CompiledFrom: "sha256:3"})
	save("hand.json", sandy.Metadata{Name: "by hand"})
	if !Unchanged(whole, "sha256:1") || Unchanged(whole, "sha256:9") || Unchanged(partial, "sha256:2") || Unchanged(filepath.Join(out, "none.json"), "") {
		t.Error("Unchanged: wrong answer")
	}
	got := Orphans(out, map[string]bool{whole: true, partial: true})
	if !slices.Equal(got, []string{gone}) {
		t.Errorf("orphans %q, want %q", got, []string{gone})
	}
}

// TestResult: the counts, success, and the line that says nothing was
// compiled only when every test was unchanged.
func TestResult(t *testing.T) {
	var b strings.Builder
	r := NewResult([]Outcome{{File: "a.txt", Name: "a", Status: StatusUnchanged, Scenario: "out/a.json"},
		{File: "b.yaml", Status: StatusRefused, Error: "b.yaml: line 2: bogus"}}, []string{"out/old.json"}, 1500*time.Millisecond)
	r.WriteText(&b)
	want := "unchanged a.txt: a → out/a.json\nrefused   b.yaml: b.yaml: line 2: bogus\norphaned  out/old.json: its test is gone (remove it, or restore its test)\n" +
		"suite: 2 test(s): 0 compiled, 1 unchanged, 0 partial, 0 failed, 1 refused; 1 orphaned (1.5s)\n"
	if b.String() != want || r.Success || r.NotCompiled() != 1 {
		t.Errorf("got %q (success %v, not compiled %d), want %q, false, 1", b.String(), r.Success, r.NotCompiled(), want)
	}
	b.Reset()
	NewResult([]Outcome{{File: "c.feature", Status: StatusRefused, Error: "c.feature:4:10: a Then step checks the page"}}, nil, 0).WriteText(&b)
	if !strings.HasPrefix(b.String(), "refused   c.feature:4:10: a Then step") {
		t.Errorf("an error at a line of the file: %q, want the file named once, as FILE:LINE:COL", b.String())
	}
	b.Reset()
	NewResult([]Outcome{{File: "a.txt", Status: StatusUnchanged}}, nil, 0).WriteText(&b)
	if !strings.Contains(b.String(), "nothing compiled") {
		t.Errorf("every test unchanged: %q does not say nothing compiled", b.String())
	}
}

// TestRun: a test whose browser server did not start stops those not yet
// started, which are failed saying why; an interruption fails the rest
// as interrupted; several at a time, each test's progress comes whole.
func TestRun(t *testing.T) {
	mk := func(n int) []*Test {
		var ts []*Test
		for i := range n {
			ts = append(ts, &Test{File: File{Path: fmt.Sprintf("t%d.txt", i)}, Scenario: &scenario.Scenario{Name: fmt.Sprint(i)}})
		}
		return ts
	}
	todo := mk(3)
	err := Run(context.Background(), todo, 1, io.Discard, func(_ context.Context, t *Test, _ io.Writer) {
		t.Status, t.Err, t.Unavailable = StatusFailed, errors.New("chromium missing"), true
	})
	if err == nil || todo[1].Status != StatusFailed || !strings.Contains(todo[2].Err.Error(), "did not start (chromium missing)") {
		t.Errorf("unavailable: err %v, rest %+v %+v", err, todo[1], todo[2])
	}
	ctx, cancel := context.WithCancel(context.Background())
	todo = mk(3)
	_ = Run(ctx, todo, 1, io.Discard, func(_ context.Context, t *Test, _ io.Writer) { t.Status = StatusCompiled; cancel() })
	if todo[0].Status != StatusCompiled || todo[1].Status != StatusFailed || !strings.Contains(todo[1].Err.Error(), "canceled") {
		t.Errorf("interrupted: %+v %+v", todo[0], todo[1])
	}
	var out strings.Builder
	todo = mk(4)
	_ = Run(context.Background(), todo, 2, &out, func(_ context.Context, t *Test, w io.Writer) {
		fmt.Fprintf(w, "a %s\n", t.Scenario.Name)
		time.Sleep(time.Millisecond)
		fmt.Fprintf(w, "b %s\n", t.Scenario.Name)
		t.Status = StatusCompiled
	})
	for _, tt := range todo {
		if want := fmt.Sprintf(": %s\na %s\nb %s\n", tt.Scenario.Name, tt.Scenario.Name, tt.Scenario.Name); !strings.Contains(out.String(), want) {
			t.Errorf("test %s's progress not whole after its heading:\n%s", tt.Scenario.Name, out.String())
		}
	}
}
