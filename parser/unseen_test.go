package parser

import (
	"strings"
	"testing"
	"time"
)

// fadedEditor is a page whose message a person cannot see until Save
// shows it (faded out: its snapshot lists it before and after), beside
// instructions that say the word.
const fadedEditor = `- paragraph [ref=e1]: "Instructions: press Save; the message Saved appears when stored."
- button "Save" [ref=e2]
- paragraph [ref=e3]: Your changes were Saved today
`

// TestCompileReadsTextTheActionShowed: a text check after an action reads
// text a person could not see before it (unseen.js's answer, read before
// the click) as what the action did: compiled, read in its element, no
// warning. Seen before the action, the same words inside a longer text
// are refused as before, and a whole text seen all along is a warning,
// unless the sentence says it lasts ("is still shown").
func TestCompileReadsTextTheActionShowed(t *testing.T) {
	for _, tc := range []struct {
		name, unseen, check string
		ok                  bool
		element, warning    string // the element read, a warning's words
		fails               string
	}{
		{"faded in a sentence", `[["path of e3", "Your changes were Saved today"]]`, "verify Saved is shown", true, `paragraph "Your changes were Saved today"`, "", ""},
		{"faded, as a JSON string", `"[[\"path of e3\", \"Your changes were Saved today\"]]"`, "verify Saved is shown", true, `paragraph "Your changes were Saved today"`, "", ""},
		{"faded whole", `[["path of e3", "Your changes were Saved today"]]`, "verify Your changes were Saved today is shown", true, `paragraph "Your changes were Saved today"`, "", ""},
		// A part inside the message was faded out and holds the words.
		{"a faded part", `[["5/path of e3", "Your changes were Saved today"]]`, "verify Saved is shown", true, `paragraph "Your changes were Saved today"`, "", ""},
		{"seen in a sentence", `[]`, "verify Saved is shown", false, "", "", "only inside text that was on the page before the test acted"},
		{"another text unseen", `[["path of e1", "Instructions: press Save"]]`, "verify Saved is shown", false, "", "", "only inside text that was on the page before the test acted"},
		{"seen whole", `[]`, "verify Your changes were Saved today is shown", true, `paragraph "Your changes were Saved today"`, "already showed", ""},
		// Said to last: that it held before is what the sentence means.
		{"seen whole, still", `[]`, "verify Your changes were Saved today is still shown", true, `paragraph "Your changes were Saved today"`, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			f.pages["/editor"] = "editor"
			f.own = map[string]string{"editor": fadedEditor}
			f.unseen = map[string]string{"/editor": tc.unseen}
			sc := Scenario{Name: "faded", URL: "http://shop.test/editor", Actions: []string{"click Save", tc.check}}
			res, err := compile(t, f, sc, &Options{Timeout: 100 * time.Millisecond, Poll: 10 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if !tc.ok {
				if res.Status == Success || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, tc.fails) {
					t.Fatalf("status %v, errors %+v: want a failure saying %q", res.Status, res.Errors, tc.fails)
				}
				return
			}
			if res.Status != Success {
				t.Fatalf("status %v, errors %+v", res.Status, res.Errors)
			}
			s := res.Steps[2]
			if s.Element != tc.element {
				t.Errorf("read %q, want %q", s.Element, tc.element)
			}
			if got := strings.Join(s.Warnings, "; "); (tc.warning == "") != (got == "") || !strings.Contains(got, tc.warning) {
				t.Errorf("warnings %q, want %q", got, tc.warning)
			}
		})
	}
}

// TestCompileGoneOfHiddenText: a check that words led by an article or a
// possessive are gone, which no snapshot showed, compiles when the page
// holds them hidden (heldtext.js): a message it shows later, whose check
// fails then. Words the page does not hold at all stay refused.
func TestCompileGoneOfHiddenText(t *testing.T) {
	for _, tc := range []struct {
		name string
		held []string
		ok   bool
	}{
		{"held hidden", []string{"your account was deleted"}, true},
		{"held nowhere", nil, false},
		{"only part held", []string{"account was deleted"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			f.held = tc.held
			sc := Scenario{Name: "gone", URL: "http://shop.test/login", Actions: []string{"verify Your account was deleted is not shown"}}
			res, err := compile(t, f, sc, &Options{Timeout: 100 * time.Millisecond, Poll: 10 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if !tc.ok {
				if res.Status == Success || len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Message, "could never fail") {
					t.Fatalf("status %v, errors %+v: want the refusal", res.Status, res.Errors)
				}
				return
			}
			if res.Status != Success {
				t.Fatalf("status %v, errors %+v", res.Status, res.Errors)
			}
			if got := res.Steps[1].Calls[0].Args["element"]; got != `text "Your account was deleted" is not shown` {
				t.Errorf("the check is %q, want the text's", got)
			}
		})
	}
}

// TestUnseenIn: a text unseen in an element is one inside it, or one
// around it, that says the words whole.
func TestUnseenIn(t *testing.T) {
	texts := []unseenText{{path: "3/1/0", words: "saved"}, {path: "7/2", words: "your changes were saved today"}}
	for _, tc := range []struct {
		path, want string
		ok         bool
	}{
		{"1/0", "saved", true},      // around "3/1/0": the text is inside it
		{"3/1/0", "saved", true},    // the element itself
		{"4/3/1/0", "saved", true},  // inside the unseen element
		{"1/0", "save", false},      // not whole words
		{"2/1/0", "saved", false},   // another element
		{"7/2", "changes", true},    // inside a longer unseen text
		{"0/7/2", "today", true},    // inside the unseen element
		{"7/2", "yesterday", false}, // not said
		{"17/2", "saved", false},    // not a place in the path
	} {
		if got := unseenIn(texts, tc.path, tc.want); got != tc.ok {
			t.Errorf("unseenIn(%q, %q) = %v, want %v", tc.path, tc.want, got, tc.ok)
		}
	}
}

func FuzzParseUnseen(f *testing.F) {
	f.Add(`[["3/1/0", "Saved"]]`)
	f.Add(`"[[\"3/1/0\", \"Saved\"]]"`)
	f.Add(`[["", "x"], ["1", ""]]`)
	f.Add(`null`)
	f.Fuzz(func(t *testing.T, value string) {
		texts, err := parseUnseen(value)
		if err != nil {
			return
		}
		for _, u := range texts {
			if u.path == "" || u.words == "" {
				t.Fatalf("kept %+v", u)
			}
		}
	})
}
