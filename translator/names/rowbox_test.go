package names

import (
	"testing"

	"github.com/plaintest/plaintest/dom"
)

// TestKindInRow: an unlabelled checkbox is named by its kind and the row
// it sits in ("the checkbox for report.pdf", "the checkbox in the
// report.pdf row"): the box of that row, not another's.
func TestKindInRow(t *testing.T) {
	page, err := dom.ParseARIA(`- table "Files":
  - rowgroup:
    - row "Name Size":
      - columnheader "Name"
      - columnheader "Size"
  - rowgroup:
    - row "notes.txt 2 KB":
      - cell:
        - checkbox [ref=e5]
      - cell "notes.txt"
      - cell "2 KB"
    - row "report.pdf 180 KB":
      - cell:
        - checkbox [ref=e9]
      - cell "report.pdf"
      - cell "180 KB"
`)
	if err != nil {
		t.Fatal(err)
	}
	for _, phrase := range []string{"checkbox for report.pdf", "the checkbox in the report.pdf row", "checkbox of the report.pdf row", "the box for report.pdf"} {
		n, err := Resolve(page, phrase, Roles("checkbox"), "checkbox")
		if err != nil || n == nil || n.Ref != "e9" {
			t.Errorf("Resolve(%q): got %v, %v; want the box e9", phrase, n, err)
		}
	}
}
