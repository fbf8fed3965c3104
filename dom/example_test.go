package dom_test

import (
	"fmt"

	"github.com/plaintest/plaintest/dom"
	"github.com/plaintest/plaintest/internal/tokens"
)

func Example() {
	snapshot := `- generic [active] [ref=e1]:
  - main [ref=e2]:
    - heading "Products" [level=1] [ref=e3]
    - generic [ref=e4]:
      - article "Blue Mug" [ref=e5]:
        - heading "Blue Mug" [level=2] [ref=e6]
        - paragraph [ref=e7]: A sturdy ceramic mug in ocean blue.
        - paragraph [ref=e8]: $12.00
        - button "Add to cart" [ref=e9]
      - img [ref=e10]`
	root, err := dom.ParseARIA(snapshot)
	if err != nil {
		fmt.Println(err)
		return
	}
	min := dom.Minimize(root, &dom.MinimizeOptions{MaxText: 30})
	fmt.Println(dom.Serialize(min))
	count := tokens.ForModel("gpt-4o-mini") // o200k_base
	fmt.Println(count.Count(snapshot), "->", count.Count(dom.Serialize(min)), "tokens")
	// Output:
	// main
	//  heading "Products" level=1
	//  article "Blue Mug"
	//   text: A sturdy ceramic mug in ocean… $12.00
	//   button "Add to cart" [e9]
	// 121 -> 41 tokens
}
