package main

// replay --tags EXPR: the scenarios whose metadata.tags match a Cucumber
// tag expression.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/plaintest/plaintest/internal/printable"
	"github.com/plaintest/plaintest/internal/tagexpr"
	"github.com/plaintest/plaintest/replay"
	rpt "github.com/plaintest/plaintest/report" // main has a func report
)

// maxTagsNamed is how many of the scenarios' tags an error that none
// matched lists.
const maxTagsNamed = 20

// tagsFlag is --tags: the expression as given, and whether it was given
// (an empty one is given, and matches every scenario).
type tagsFlag struct {
	expr string
	set  bool
}

func (t *tagsFlag) String() string { return t.expr }
func (t *tagsFlag) Type() string   { return "EXPR" }

func (t *tagsFlag) Set(s string) error {
	t.expr, t.set = s, true
	return nil
}

// parse reads the expression: nil when --tags was not given; a syntax
// error is bad input, in Cucumber's words.
func (t *tagsFlag) parse() (tagexpr.Expr, error) {
	if !t.set {
		return nil, nil
	}
	e, err := tagexpr.Parse(t.expr)
	if err != nil {
		return nil, usageError("--tags: %w", err)
	}
	return e, nil
}

// selectTagged keeps the files whose tags e matches and says on stderr
// how many of how many (`--tags "@smoke and not @slow": 4 of 10
// scenarios`). None matching is bad input, as a misspelt tag is: a run
// that selects nothing would pass having tested nothing. The error lists
// the tags the scenarios have.
func (t *tagsFlag) selectTagged(e *env, expr tagexpr.Expr, files []string) ([]string, error) {
	seen := map[string]bool{}
	kept, err := replay.Tagged(files, func(tags []string) bool {
		for _, tag := range tags {
			seen[tag] = true
		}
		return expr.Match(tags)
	})
	if err != nil {
		return nil, err
	}
	given := `--tags "` + printable.String(t.expr) + `"`
	if len(kept) == 0 {
		return nil, usageError("%s: none of %d %s matches; %s", given, len(files),
			rpt.Plural(len(files), "scenario", "scenarios"), tagsHint(slices.Sorted(maps.Keys(seen))))
	}
	fmt.Fprintf(e.stderr, "%s: %d of %d %s\n", given, len(kept), len(files), rpt.Plural(len(files), "scenario", "scenarios"))
	return kept, nil
}

// tagsHint says which tags the scenarios have, for an expression that
// matched none of them.
func tagsHint(tags []string) string {
	if len(tags) == 0 {
		return "none has tags (metadata.tags: compile writes there the tags of the test it reads)"
	}
	more := ""
	if len(tags) > maxTagsNamed {
		more = fmt.Sprintf(" and %d more", len(tags)-maxTagsNamed)
		tags = tags[:maxTagsNamed]
	}
	return "their tags, compared as written: " + printable.String(strings.Join(tags, ", ")) + more
}
