package pagefind

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	value := `"[{\"kind\":\"script\",\"text\":\"Details\",\"tag\":\"a\",\"path\":\"1/0\"},` +
		`{\"kind\":\"placeholder\",\"text\":\"Search products…\",\"tag\":\"input\",\"type\":\"search\",\"path\":\"1/1\"},` +
		`{\"kind\":\"email\",\"text\":\"email\",\"tag\":\"input\",\"type\":\"email\",\"hint\":\"name=work\",\"path\":\"1/2\"},` +
		`{\"kind\":\"search\",\"text\":\"search\",\"tag\":\"input\",\"path\":\"1/3\"},` +
		`{\"kind\":\"password\",\"text\":\"password\",\"tag\":\"input\",\"path\":\"1/5\"},` +
		`{\"kind\":\"number\",\"text\":\"number\",\"tag\":\"input\",\"path\":\"1/6\"},` +
		`{\"kind\":\"textarea\",\"text\":\"textarea\",\"tag\":\"textarea\",\"path\":\"1/7\"},` +
		`{\"kind\":\"contenteditable\",\"text\":\"contenteditable\",\"tag\":\"div\",\"label\":\"Notes\",\"path\":\"1/8\"},` +
		`{\"kind\":\"contenteditable\",\"text\":\"contenteditable\",\"tag\":\"div\",\"path\":\"1/9\"},` +
		`{\"kind\":\"icon\",\"text\":\"\",\"tag\":\"button\",\"role\":\"button\",\"classes\":\"fa fa-trash\",\"path\":\"1/10\"},` +
		`{\"kind\":\"icon\",\"text\":\"\",\"tag\":\"div\",\"role\":\"button\",\"classes\":\"bi bi-pencil\",\"path\":\"1/11\"},` +
		`{\"kind\":\"icon\",\"text\":\"close\",\"tag\":\"a\",\"role\":\"link\",\"classes\":\"material-icons\",\"path\":\"1/12\"},` +
		`{\"kind\":\"icon\",\"text\":\"\",\"tag\":\"button\",\"role\":\"button\",\"classes\":\"fa fa-spin\",\"path\":\"1/13\"},` +
		`{\"kind\":\"text\",\"text\":\"text\",\"path\":\"1/14\"},` +
		`{\"kind\":\"other\",\"text\":\"x\",\"path\":\"1/4\"}]"`
	found, err := Parse(value)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found {
		n := f.Node()
		got = append(got, n.Role+" "+n.Name+" "+n.Kind+" → "+f.Locator().Selector())
	}
	want := []string{
		`link Details  → internal:text="Details"s`,
		`searchbox Search products…  → internal:attr=[placeholder="Search products…"s]`,
		`textbox email email → input[type="email"]`,
		`searchbox search search → internal:role=searchbox`,
		`textbox password password → input[type="password"]`,
		`spinbutton number number → input[type="number"]`,
		`textbox text area textarea → textarea`,
		`textbox Notes contenteditable → internal:label="Notes"s`,
		`textbox editable region contenteditable → [contenteditable]:not([contenteditable="false"])`,
		`button delete icon:delete → button:has(.fa-trash)`,
		`button edit icon:edit → [role="button"]:has(.bi-pencil)`,
		`link close icon:close → internal:role=link[name="close"s]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := Parse(`{"kind":1}`); err == nil {
		t.Error("an object, not a list: no error")
	}
}

func FuzzParse(f *testing.F) {
	f.Add(`[{"kind":"script","text":"Details","tag":"div","path":"1"}]`)
	f.Add(`"[{\"kind\":\"email\",\"text\":\"email\"}]"`)
	f.Add(`null`)
	f.Fuzz(func(t *testing.T, value string) {
		found, err := Parse(value)
		if err != nil {
			return
		}
		for _, p := range found {
			if p.Node() == nil {
				t.Fatalf("kind %q kept", p.Kind)
			}
			_ = p.Locator().Selector()
		}
	})
}
