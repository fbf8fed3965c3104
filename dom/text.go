package dom

import "strings"

// MaxLevel is the highest level (of a heading, list item, row or tree
// item) plaintest reads: in snapshots, HTML and locators alike.
const MaxLevel = 100

// CollapseSpace is s with each run of white space one space, none at
// either end.
func CollapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// Texts reads the text Playwright's text engine sees in the nodes of one
// tree, each node's once: its value, its name when its role is named from
// content (unless its children already hold the name), and its
// descendants', an iframe's document left out.
type Texts struct {
	text  map[*Node]string
	norm  map[*Node]string
	lower map[*Node]string
}

// NewTexts is a Texts that has read nothing yet.
func NewTexts() *Texts {
	return &Texts{text: map[*Node]string{}, norm: map[*Node]string{}, lower: map[*Node]string{}}
}

// Norm is n's text with runs of white space collapsed (CollapseSpace).
func (x *Texts) Norm(n *Node) string {
	t, ok := x.norm[n]
	if !ok {
		t = CollapseSpace(x.Of(n))
		x.norm[n] = t
	}
	return t
}

// Lower is Norm in lower case.
func (x *Texts) Lower(n *Node) string {
	t, ok := x.lower[n]
	if !ok {
		t = strings.ToLower(x.Norm(n))
		x.lower[n] = t
	}
	return t
}

// Of is the text Playwright would see in n: values, names of roles named
// from content (unless the children already hold the name), and
// descendants.
func (x *Texts) Of(n *Node) string {
	if t, ok := x.text[n]; ok {
		return t
	}
	var parts []string
	if n.Value != "" {
		parts = append(parts, n.Value)
	}
	for _, c := range n.Children {
		if n.Role == "iframe" {
			break // another document's text
		}
		if t := x.Of(c); t != "" {
			parts = append(parts, t)
		}
	}
	t := strings.Join(parts, " ")
	if n.Name != "" && nameIsText(n.Role) && !strings.Contains(t, n.Name) {
		if t == "" {
			t = n.Name
		} else {
			t = n.Name + " " + t
		}
	}
	x.text[n] = t
	return t
}
