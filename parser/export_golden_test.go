package parser_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/plaintest/plaintest/internal/golden"
	"github.com/plaintest/plaintest/parser"
	"github.com/plaintest/plaintest/sandyexport"
)

// TestExportGolden compiles scenarios against the fake demo shop
// (FakeDemoShop) and compares the Sandy scenario sandyexport writes for
// each with testdata/export/<name>.json: selectors, waits, placeholders and
// variables as a reviewer sees them. Refresh with -update.
func TestExportGolden(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }
	for _, sc := range []parser.Scenario{
		{Name: "login", URL: "http://shop.test", Actions: []string{
			"go to the login page", "type demo into Username", "type demo123 into Password",
			"click Log in", "click Add to cart for Blue Mug",
		}, Secrets: map[string]string{"PASSWORD": "demo123"}},
		{Name: "prices", URL: "http://shop.test/products", Actions: []string{
			"verify the Blue Mug card shows $12.00", "verify the Green Tea card no longer shows $12.00", "verify Blue Mug is shown",
		}},
		{Name: "variables", URL: "http://shop.test/login", Actions: []string{"type demo into Username", "press Enter"},
			Variables: map[string]string{"USER": "demo"}},
	} {
		t.Run(sc.Name, func(t *testing.T) {
			res, err := parser.New(parser.FakeDemoShop(t), &parser.Options{Poll: 5 * time.Millisecond}).Run(context.Background(), sc)
			if err != nil || res.Status != parser.Success {
				t.Fatalf("status %v, err %v, errors %+v", res.Status, err, res.Errors)
			}
			got, err := sandyexport.Export(res.Compiled(), &sandyexport.Options{CreatedBy: "plaintest test", Now: now}).Marshal()
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "export", sc.Name+".json"), got)
		})
	}
}
