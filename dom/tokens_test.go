package dom

import "github.com/plaintest/plaintest/internal/tokens"

// countTokens counts s as Minimize counts a budget by default.
func countTokens(s string) int { return tokens.Default().Count(s) }
