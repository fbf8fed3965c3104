package parser

import (
	"strings"
	"testing"

	"github.com/plaintest/plaintest/mcpclient/mcptest"
)

// rowsPage is a to-do list whose delete buttons show only an icon (no
// accessible name) and whose titles are links, so that the accessibility
// tree tells the buttons apart by position alone; then a contact list with
// unlabelled fields. rowsHTML is its HTML: the rows carry test ids, the
// fields name attributes.
const rowsPage = `- heading "Todos" [level=1] [ref=e2]
- list [ref=e3]:
  - listitem [ref=e4]:
    - link "Buy milk" [ref=e5]:
      - /url: "#/1"
    - button [ref=e6]:
      - img [ref=e7]
  - listitem [ref=e8]:
    - link "Walk the dog" [ref=e9]:
      - /url: "#/2"
    - button [ref=e10]:
      - img [ref=e11]
  - listitem [ref=e12]:
    - link "Pay rent" [ref=e13]:
      - /url: "#/3"
    - button [ref=e14]:
      - img [ref=e15]
- list [ref=e16]:
  - listitem [ref=e17]:
    - link "Email" [ref=e18]:
      - /url: "#/why-email"
    - textbox [ref=e19]
  - listitem [ref=e20]:
    - link "Phone" [ref=e21]:
      - /url: "#/why-phone"
    - textbox [ref=e22]
`

const icon = `<svg viewBox="0 0 10 10"><path d="M1 1L9 9M9 1L1 9"/></svg>`

const rowsHTML = `<!DOCTYPE html><html><head><title>Todos</title></head><body><h1>Todos</h1><ul>
<li data-testid="row-1"><a href="#/1">Buy milk</a> <button>` + icon + `</button></li>
<li data-testid="row-2"><a href="#/2">Walk the dog</a> <button>` + icon + `</button></li>
<li data-testid="row-3"><a href="#/3">Pay rent</a> <button>` + icon + `</button></li>
</ul><ul>
<li><a href="#/why-email">Email</a> <input name="email"></li>
<li><a href="#/why-phone">Phone</a> <input name="phone"></li>
</ul></body></html>`

// rowsFake is the fake showing rowsPage at /todo, with html as its HTML
// ("" for a server without HTML snapshots).
func rowsFake(html string) *fakeBrowser {
	f := newFake()
	f.pages["/todo"] = "rows"
	f.own = map[string]string{"rows": rowsPage}
	if html != "" {
		f.html = map[string]string{"/todo": html}
	}
	return f
}

var rowsScenario = Scenario{Name: "rows", URL: "http://shop.test/todo", Actions: []string{
	"click the button in Walk the dog", "type a@b.c into the text field next to Email"}}

// TestCompileHTMLLocators: where the accessibility tree tells an element
// apart only by its position, compile names it by its element's
// attributes, read in the page: an icon-only button by its row's test id
// and its role, an unlabelled field by its name attribute. Each is
// confirmed on the page to match that element alone.
func TestCompileHTMLLocators(t *testing.T) {
	f := rowsFake(rowsHTML)
	f.elements = map[string]string{
		`internal:testid=[data-testid="row-2"s] >> internal:role=button`: "e10",
		`input[name="email"]`: "e19",
	}
	res, err := compile(t, f, rowsScenario, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	for i, want := range []string{`internal:testid=[data-testid="row-2"s] >> internal:role=button`, `input[name="email"]`} {
		if got := res.Steps[i+1].Target; got != want {
			t.Errorf("step %d: target %s, want %s", i+1, got, want)
		}
	}
}

// TestCompileHTMLLocatorConfirmed: a locator from the HTML that the page
// says matches another element, or none, is passed over for the next;
// with none left, the position stays.
func TestCompileHTMLLocatorConfirmed(t *testing.T) {
	// The row's test id names another button on the page (the HTML lags
	// behind the page) and the button offers nothing else: the position
	// stays.
	f := rowsFake(rowsHTML)
	f.elements = map[string]string{`internal:testid=[data-testid="row-2"s] >> internal:role=button`: "e6"}
	sc := rowsScenario
	sc.Actions = sc.Actions[:1]
	res, err := compile(t, f, sc, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	if got, want := res.Steps[1].Target, `internal:role=button >> nth=1`; got != want {
		t.Errorf("target %s, want %s", got, want)
	}

	// The button's own id comes after its row's test id, when that fails.
	f = rowsFake(strings.Replace(rowsHTML, `<a href="#/2">Walk the dog</a> <button>`, `<a href="#/2">Walk the dog</a> <button id="delete-walk">`, 1))
	f.elements = map[string]string{`#delete-walk`: "e10"}
	if res, err = compile(t, f, sc, nil); err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	if got, want := res.Steps[1].Target, `#delete-walk`; got != want {
		t.Errorf("target %s, want %s", got, want)
	}
}

// TestCompileWithoutAttributes: an element with no test id, id or name
// keeps the locators of the accessibility tree.
func TestCompileWithoutAttributes(t *testing.T) {
	f := rowsFake("")
	res, err := compile(t, f, rowsScenario, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	for i, want := range []string{`internal:role=button >> nth=1`, `internal:role=textbox >> nth=0`} {
		if got := res.Steps[i+1].Target; got != want {
			t.Errorf("step %d: target %s, want %s", i+1, got, want)
		}
	}
}

// TestCompileKeepsPositionOverUnconfirmedText: where the generator gives a
// position and the locator synthesized instead finds by a text the page
// does not show (an edit box's value is no text), the position stays: a
// text locator nobody confirmed would find a hidden copy, or nothing.
func TestCompileKeepsPositionOverUnconfirmedText(t *testing.T) {
	f := newFake()
	f.pages["/todo"] = "editing"
	f.own = map[string]string{"editing": `- textbox "What needs to be done?" [ref=e3]
- list [ref=e4]:
  - listitem [ref=e5]:
    - textbox [active] [ref=e6]: Buy milk
  - listitem [ref=e7]:
    - checkbox [ref=e8]
    - text: Walk the dog`}
	f.locators = map[string]string{"e6": "getByRole('textbox').nth(1)"}
	// The page shows no text "Buy milk": it is the box's value.
	shown := `internal:text="Buy milk"s >> visible=true`
	f.badTargets[shown] = mcptest.NoMatch(shown)
	sc := Scenario{Name: "edit", URL: "http://shop.test/todo", Actions: []string{"type Buy oat milk into the edit box"}}
	res, err := compile(t, f, sc, nil)
	if err != nil || res.Status != Success {
		t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
	}
	if got, want := res.Steps[1].Target, `internal:role=textbox >> nth=1`; got != want {
		t.Errorf("target %s, want %s", got, want)
	}
}
