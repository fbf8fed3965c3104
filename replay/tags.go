package replay

import (
	"github.com/plaintest/plaintest/sandy"
)

// Tagged keeps the files whose scenario's tags (metadata.tags, "@smoke")
// match, in the order given: what plaintest replay --tags runs, chosen
// before a shard is (Shard.Select), so that every machine of a sharded
// run splits the same selection. Each file is read to know its tags
// (sandy.Load, no variables): a file that does not load is an error
// whether or not its tags would have matched, since they cannot be known,
// and every such file is listed at once, as a *LoadError.
func Tagged(files []string, match func(tags []string) bool) ([]string, error) {
	var kept []string
	var problems []error
	for _, file := range files {
		sc, err := sandy.Load(file)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if match(sc.Metadata.Tags) {
			kept = append(kept, file)
		}
	}
	if len(problems) > 0 {
		return nil, &LoadError{problems}
	}
	return kept, nil
}
