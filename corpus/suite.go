// Package corpus is the suite of plain-English scenarios over markup the
// project did not write (the W3C ARIA Authoring Practices examples) and over
// the bundled demo apps: the evidence that compile reads real apps. It takes
// in the scenario files of scenarios/ (one YAML file each: the site, the
// page, the actions and the classes of difficulty they cover) and gives out
// Scenario values; its test compiles and replays every one in a real
// browser, pins each export as a golden file, replays the exports against
// cosmetic and broken (mutant) builds of the demo apps, and audits that
// every action verb exported the action it says.
package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Sites a scenario may run on.
const (
	SiteShop = "shop" // the demo shop (demoshop.Handler)
	SiteTodo = "todo" // the demo to-do list, at /todo/ of the same handler
	SiteAPG  = "apg"  // the W3C ARIA Authoring Practices examples
	// SiteFrameworks is apps rendered by frameworks installed from npm
	// (React, Vue, jQuery, Svelte, Shoelace): frameworks/, with the frameworks' browser
	// builds under /node_modules/.
	SiteFrameworks = "fw"
)

// FrameworkMutants are the broken builds of the framework pages, by name:
// the test's server of frameworks/ sets window.FW_MUTANT to the name
// (/mutant.js, which every page loads first) and the page's own script
// breaks the fact said here. Each must fail some fw- scenario's replay.
var FrameworkMutants = map[string]string{
	"react-welcome-email": "React sign-up: the welcome greets the email, not the name",
	"react-terms-ignored": "React sign-up: Create account is enabled before the terms are agreed to",
	"react-dialog-stuck":  "React sign-up: Close does not close the terms dialog",
	"vue-total-stale":     "Vue cart: the total ignores quantities",
	"vue-count-lines":     "Vue cart: the cart's count counts lines, not items",
	"vue-remove-noop":     "Vue cart: Remove does nothing",
	"jq-refresh-stale":    "jQuery dashboard: Refresh keeps the old values",
	"jq-filter-ignored":   "jQuery dashboard: the region filter shows every server",
	"sv-total-nights":     "Svelte booking: the total ignores the nights",
	"sv-breakfast-hidden": "Svelte booking: Add breakfast does not reveal the breakfast section",
	"sv-remove-first":     "Svelte booking: a guest's Remove removes the first guest",
	"sv-book-anyone":      "Svelte booking: Book books with no name",
	"sl-plan-ignored":     "Shoelace settings: the chosen plan is ignored (badge and saved message)",
	"sl-news-ignored":     "Shoelace settings: the saved message ignores the product news box",
	"sl-name-optional":    "Shoelace settings: Save saves with no display name",
	"sl-cancel-deletes":   "Shoelace settings: the dialog's Cancel deletes the account",
}

// Scenario is one file of the suite.
type Scenario struct {
	Name    string   `yaml:"name"`    // unique; the file's name without .yaml
	Site    string   `yaml:"site"`    // SiteShop, SiteTodo, SiteAPG, SiteLit, SiteFrameworks or SiteTrip
	Page    string   `yaml:"page"`    // the path on the site the scenario opens
	Covers  []string `yaml:"covers"`  // the classes of difficulty it covers
	Actions []string `yaml:"actions"` // plain English, one action each
	// ExpectError, when set, says the compile must fail, with an error
	// holding these words: an action whose element is not there must never
	// be read as something else.
	ExpectError string `yaml:"expect_error"`
	// File is where the scenario was read from.
	File string `yaml:"-"`
}

// Load reads every *.yaml file of dir, sorted by name, and reports every
// bad file at once.
func Load(dir string) ([]Scenario, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var out []Scenario
	var errs []error
	names := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		sc, err := Parse(data, f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if other, dup := names[sc.Name]; dup {
			errs = append(errs, fmt.Errorf("%s: name %q is also %s's", f, sc.Name, other))
			continue
		}
		names[sc.Name] = f
		out = append(out, sc)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// Parse reads one scenario file (file names it in errors).
func Parse(data []byte, file string) (Scenario, error) {
	var sc Scenario
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&sc); err != nil {
		return Scenario{}, fmt.Errorf("%s: %w", file, err)
	}
	sc.File = file
	var problems []string
	if want := strings.TrimSuffix(filepath.Base(file), ".yaml"); sc.Name != want {
		problems = append(problems, fmt.Sprintf("name %q is not the file's name %q", sc.Name, want))
	}
	switch sc.Site {
	case SiteShop, SiteTodo, SiteAPG, SiteLit, SiteFrameworks, SiteTrip:
	default:
		problems = append(problems, fmt.Sprintf("site %q: want shop, todo, apg, lit, fw or trip", sc.Site))
	}
	if !strings.HasPrefix(sc.Page, "/") {
		problems = append(problems, fmt.Sprintf("page %q: want a path starting with /", sc.Page))
	}
	if len(sc.Actions) == 0 {
		problems = append(problems, "no actions")
	}
	for i, a := range sc.Actions {
		if strings.TrimSpace(a) == "" {
			problems = append(problems, fmt.Sprintf("actions[%d] is empty", i))
		}
	}
	if len(sc.Covers) == 0 {
		problems = append(problems, "covers: name the classes the scenario covers")
	}
	if len(problems) > 0 {
		return Scenario{}, fmt.Errorf("%s: %s", file, strings.Join(problems, "; "))
	}
	return sc, nil
}
