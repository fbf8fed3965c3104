package dom

// For the figures in package dom_test (budget_bench_test.go).
var (
	NewsPage          = newsPage
	MinimizeEstimated = minimizeEstimated
)
