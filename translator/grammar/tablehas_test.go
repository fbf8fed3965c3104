package grammar

import (
	"context"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

const processesPage = `- table "Processes" [ref=e1]:
  - rowgroup [ref=e2]:
    - row "Name PID CPU" [ref=e3]:
      - columnheader "Name" [ref=e4]
      - columnheader "PID" [ref=e5]
      - columnheader "CPU" [ref=e6]
  - rowgroup [ref=e7]:
    - row "nginx 101 3%" [ref=e8]:
      - cell "nginx" [ref=e9]
      - cell "101" [ref=e10]
      - cell "3%" [ref=e11]
    - row "nginx-proxy 303 2%" [ref=e16]:
      - cell "nginx-proxy" [ref=e17]
      - cell "303" [ref=e18]
      - cell "2%" [ref=e19]
    - row "redis 202 1%" [ref=e12]:
      - cell "redis" [ref=e13]
      - cell "202" [ref=e14]
      - cell "1%" [ref=e15]
- paragraph [ref=e20]: Add a row for postgres to see it here.
`

// TestTableHasPart: "the Processes table has a row for nginx" and its
// column forms check that the cell that names that row (not nginx-proxy's)
// or that column header of that table is shown, where they read as the text "a row for nginx" anywhere (which no
// page shows, or, worse, the page's help does); a row or column the table
// lacks is refused naming the table.
func TestTableHasPart(t *testing.T) {
	page, err := dom.ParseARIA(processesPage)
	if err != nil {
		t.Fatal(err)
	}
	for action, ref := range map[string]string{
		"verify the Processes table has a row for nginx":       "e9",
		"verify the Processes table has a row for redis":       "e13",
		"check the table has a row named nginx-proxy":          "e17",
		"verify the Processes table has a column named PID":    "e5",
		"check the table has a CPU column":                     "e6",
		"the Processes table should have a column called Name": "e4",
	} {
		steps, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err != nil || len(steps) != 1 || steps[0].Kind != step.AssertVisible || steps[0].Ref != ref {
			t.Errorf("%s: %+v, %v; want a shown check of %s", action, steps, err, ref)
		}
	}
	for action, want := range map[string]string{
		"verify the Processes table has a row for postgres": `no row matching "postgres" in table "Processes"`,
		"verify the table has a column named Memory":        `no column matching "Memory" in table "Processes"`,
	} {
		_, err := (&Rules{}).Translate(context.Background(), translator.Request{Action: action, Page: page})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %s", action, err, want)
		}
	}
}
