package pwspec

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The JavaScript the spec is made of, as a small tree, and the documents
// Prettier makes of it (printer-estree: member chains, call arguments with
// a last object hugged, objects, strings in double quotes).

type expr any // ident, str, raw, obj, member, call

type ident string

// str is a string literal; tmpl, a template literal whose text holds
// ${NAME} for placeholders.
type str string

// raw is code printed as it is: a regular expression, a number, a
// template literal, true.
type raw string

type prop struct {
	key string
	val expr
}

type obj []prop

type member struct {
	x    expr
	name string
}

type call struct {
	fn   expr
	args []expr
}

func m(x expr, name string) member              { return member{x, name} }
func c(fn expr, args ...expr) call              { return call{fn, args} }
func mc(x expr, name string, args ...expr) call { return call{member{x, name}, args} }

// quote writes s as Prettier writes a string: in double quotes, unless it
// holds more double quotes than single ones; only the quote, the
// backslash and control characters escaped.
func quote(s string) string {
	q := `"`
	if strings.Count(s, `"`) > strings.Count(s, `'`) {
		q = `'`
	}
	var b strings.Builder
	b.WriteString(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case string(r) == q:
			b.WriteString(`\` + q)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(q)
	return b.String()
}

// printExpr returns the document of x.
func printExpr(x expr) doc {
	switch v := x.(type) {
	case ident:
		return string(v)
	case str:
		return quote(string(v))
	case raw:
		return string(v)
	case obj:
		return printObj(v)
	case member:
		return []doc{printExpr(v.x), "." + v.name}
	case call:
		if _, ok := v.fn.(member); ok {
			return memberChain(v)
		}
		return []doc{printExpr(v.fn), printArgs(v.args)}
	}
	panic(fmt.Sprintf("pwspec: cannot print %T", x))
}

func printObj(o obj) doc {
	if len(o) == 0 {
		return "{}"
	}
	var props []doc
	for _, p := range o {
		props = append(props, []doc{p.key + ": ", printExpr(p.val)})
	}
	return grp("{", indent(line, join([]doc{",", line}, props)), ifBreak{brk: ","}, line, "}")
}

// printArgs is Prettier's printCallArguments for the arguments the spec
// uses: a last object argument is hugged when the others fit.
func printArgs(args []expr) doc {
	if len(args) == 0 {
		return "()"
	}
	var printed []doc
	for i, a := range args {
		d := printExpr(a)
		if i < len(args)-1 {
			printed = append(printed, []doc{d, ",", line})
		} else {
			printed = append(printed, d)
		}
	}
	allBroken := func() doc {
		return brokenGrp("(", indent(line, printed, ","), line, ")")
	}
	last := args[len(args)-1]
	lastObj, isObj := last.(obj)
	hug := isObj && len(lastObj) > 0
	if len(args) > 1 {
		if _, prevObj := args[len(args)-2].(obj); prevObj {
			hug = false
		}
	}
	if hug {
		for _, p := range printed[:len(printed)-1] {
			if willBreak(p) {
				return allBroken()
			}
		}
		head := printed[:len(printed)-1]
		return conditional(
			[]doc{"(", head, printed[len(printed)-1], ")"},
			[]doc{"(", head, &group{contents: printObj(lastObj), brk: true}, ")"},
			allBroken(),
		)
	}
	return grp("(", indent(softline, printed), ifBreak{brk: ","}, softline, ")")
}

// chainNode is one link of a member chain: its head, a .name, or a call's
// arguments.
type chainNode struct {
	kind string // "head", "member", "call"
	d    doc
	args []expr
}

// memberChain is Prettier's printMemberChain for chains whose head is an
// identifier or a call of one (page.getByRole(...).click(),
// expect(...).not.toBeVisible()), in an await.
func memberChain(x call) doc {
	var nodes []chainNode
	var rec func(e expr)
	rec = func(e expr) {
		switch v := e.(type) {
		case call:
			if mem, ok := v.fn.(member); ok {
				nodes = append([]chainNode{{kind: "call", d: printArgs(v.args), args: v.args}}, nodes...)
				rec(mem)
				return
			}
			nodes = append([]chainNode{{kind: "headcall", d: printExpr(v)}}, nodes...)
		case member:
			nodes = append([]chainNode{{kind: "member", d: "." + v.name}}, nodes...)
			rec(v.x)
		default:
			nodes = append([]chainNode{{kind: "head", d: printExpr(v)}}, nodes...)
		}
	}
	rec(x)
	var groups [][]chainNode
	first := []chainNode{nodes[0]}
	i := 1
	for ; i < len(nodes) && nodes[i].kind == "call"; i++ {
		first = append(first, nodes[i])
	}
	if nodes[0].kind != "headcall" {
		for ; i+1 < len(nodes) && nodes[i].kind == "member" && nodes[i+1].kind == "member"; i++ {
			first = append(first, nodes[i])
		}
	}
	groups = append(groups, first)
	var cur []chainNode
	seenCall := false
	for ; i < len(nodes); i++ {
		if seenCall && nodes[i].kind == "member" {
			groups = append(groups, cur)
			cur, seenCall = nil, false
		}
		if nodes[i].kind == "call" {
			seenCall = true
		}
		cur = append(cur, nodes[i])
	}
	if len(cur) > 0 {
		groups = append(groups, cur)
	}
	printGroup := func(g []chainNode) doc {
		var d []doc
		for _, n := range g {
			d = append(d, n.d)
		}
		return d
	}
	var printed []doc
	for _, g := range groups {
		printed = append(printed, printGroup(g))
	}
	oneLine := append([]doc{}, printed...)
	if len(groups) <= 2 {
		return grp(oneLine)
	}
	expanded := []doc{printed[0], indent(hardline, join(hardline, printed[1:]))}
	calls, simple := 0, true
	for _, n := range nodes {
		if n.kind == "call" {
			calls++
			for _, a := range n.args {
				if !isSimpleArg(a) {
					simple = false
				}
			}
		}
	}
	for _, p := range printed[:len(printed)-1] {
		if willBreak(p) {
			return brokenGrp(expanded)
		}
	}
	if calls > 2 && !simple {
		return brokenGrp(expanded)
	}
	var pre doc = ""
	if willBreak(oneLine) {
		pre = breakParent{}
	}
	return []doc{pre, conditional(oneLine, expanded)}
}

// isSimpleArg is Prettier's isSimpleCallArgument for the spec's
// arguments, with its depth of 2: a call is simple when its callee is and
// it has no more arguments than the depth left, each simple a level
// deeper; a regular expression when its pattern has at most 5
// characters.
func isSimpleArg(a expr) bool { return simpleAt(a, 2) }

func simpleAt(a expr, depth int) bool {
	if depth <= 0 {
		return false
	}
	switch v := a.(type) {
	case ident, str:
		return true
	case raw:
		if s := string(v); strings.HasPrefix(s, "/") {
			if i := strings.LastIndex(s, "/"); i > 0 {
				return utf8.RuneCountInString(s[1:i]) <= 5
			}
		}
		return !strings.Contains(string(v), "\n")
	case obj:
		for _, p := range v {
			if !simpleAt(p.val, depth-1) {
				return false
			}
		}
		return true
	case member:
		return simpleAt(v.x, depth)
	case call:
		if !simpleAt(v.fn, depth) || len(v.args) > depth {
			return false
		}
		for _, x := range v.args {
			if !simpleAt(x, depth-1) {
				return false
			}
		}
		return true
	}
	return false
}
