package gherkin

import (
	"regexp"
	"strings"

	messages "github.com/cucumber/messages/go/v34"

	"github.com/plaintest/plaintest/translator/grammar"
)

// A step's data table or doc string is its values, in the forms feature
// files write them (a trailing colon is optional):
//
//	When I fill in the form:            a table of two columns, field
//	  | Username | demo |               and value (a header row "field |
//	                                    value" is left out): "type "demo"
//	                                    into Username" a row, "clear
//	                                    FIELD" for an empty value
//	Then I should see the following:    a table of one column: "I should
//	  | Welcome |                       see "Welcome"" a row ("should not
//	                                    see": gone)
//	When I type into Message:           a doc string of one line: "type
//	  """ Hello """                     "Hello" into Message" (also "I
//	                                    enter into X", "I fill in X with")
//	Then I should see:                  a doc string: "I should see
//	  """ … """                         "…"", its lines one text
//
// Any other step with a table or a doc string is refused, naming the
// line: plaintest knows no step definition that would say what it means.

// subject is a feature file's subject before a step's verb.
const subject = `(?:(?:i|we|(?:the |a )?user) )?`

var (
	// reFillForm is a step a table of fields and values fills.
	reFillForm = regexp.MustCompile(`(?i)^` + subject + `(?:fill|fills|filled|complete|completes|enter|enters|type|types|input|inputs)(?: in| out)?(?: .*)?$`)
	// reSeeList is a step a table (one column) or a doc string of texts
	// to see, or not to see, follows.
	reSeeList = regexp.MustCompile(`(?i)^` + subject + `(should not |shouldn't |must not |do not |don't |does not |doesn't |cannot |can't )?(?:should |must |can )?(?:see|sees)(?: (?:the following|these|this|all of(?: these| the following)?)(?: \w+)?)?$`)
	// reTypeInto / reFillWith are a step a doc string is typed by, the
	// field its group.
	reTypeInto = regexp.MustCompile(`(?i)^` + subject + `(?:type|types|enter|enters|write|writes|input|inputs)(?: the following| this| the text| text)? (?:into|in) (.+)$`)
	reFillWith = regexp.MustCompile(`(?i)^` + subject + `(?:fill|fills)(?: in| out)? (.+) with$`)
	// headerFields and headerValues are the words of a field table's
	// header row.
	headerFields = []string{"field", "fields", "name", "label", "input"}
	headerValues = []string{"value", "values", "text", "content"}
)

// argument is the actions of a step with a data table or a doc string.
func (b *builder) argument(ps *messages.PickleStep, st *messages.Step, then bool, line, col int) []action {
	head := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(ps.Text), ":"))
	arg := ps.Argument
	switch {
	case arg.DataTable != nil && arg.DocString != nil:
		b.problem(line, col, "a step takes one data table or one doc string, not both")
	case arg.DataTable != nil && st.DataTable != nil:
		if m := reSeeList.FindStringSubmatch(head); m != nil {
			return b.seeTable(arg.DataTable, st.DataTable, m[1] != "")
		}
		if reFillForm.MatchString(head) {
			if then {
				b.problem(line, col, "a Then step checks the page, and %s fills a form: make it a When step", quote(ps.Text))
				return nil
			}
			return b.fillTable(arg.DataTable, st.DataTable)
		}
		b.problem(line, col, "a data table after %s is not read: plaintest reads one after \"When I fill in the form:\" (two columns: field, value) and after \"Then I should see the following:\" (one column: a text a row); write other rows as steps of their own", quote(ps.Text))
	case arg.DocString != nil && st.DocString != nil:
		return b.docString(ps, st, head, then, line, col)
	}
	return nil
}

// fillTable types each row's value into its field.
func (b *builder) fillTable(t *messages.PickleTable, ast *messages.DataTable) []action {
	var out []action
	for i, r := range t.Rows {
		at := ast.Rows[i]
		line := int(at.Location.Line)
		if len(r.Cells) != 2 {
			b.problem(line, int(at.Location.Column), "a form's table has two columns, a field and its value; this row has %d", len(r.Cells))
			continue
		}
		field, value := strings.TrimSpace(r.Cells[0].Value), r.Cells[1].Value
		if i == 0 && isWord(field, headerFields) && isWord(value, headerValues) {
			continue // the header row
		}
		switch {
		case field == "":
			b.problem(line, int(at.Cells[0].Location.Column), "the row names no field: write the field's label in the first column")
		case strings.Contains(value, "\n"):
			b.problem(line, int(at.Cells[1].Location.Column), "the value has %d lines, and a typed text is one line", strings.Count(value, "\n")+1)
		case value == "":
			out = append(out, action{"clear " + field, line})
		default:
			text, ok := typeInto(value, field)
			if !ok {
				b.problem(line, int(at.Cells[1].Location.Column), "the value holds \", ' and “”: plaintest quotes a typed value with one of them")
				continue
			}
			out = append(out, action{text, line})
		}
	}
	return out
}

// seeTable checks each row's text is shown (or gone).
func (b *builder) seeTable(t *messages.PickleTable, ast *messages.DataTable, not bool) []action {
	var out []action
	for i, r := range t.Rows {
		at := ast.Rows[i]
		line := int(at.Location.Line)
		if len(r.Cells) != 1 {
			b.problem(line, int(at.Location.Column), "a table of texts to see has one column, a text a row; this row has %d", len(r.Cells))
			continue
		}
		text := strings.TrimSpace(r.Cells[0].Value)
		if text == "" {
			b.problem(line, int(at.Cells[0].Location.Column), "the row holds no text to see")
			continue
		}
		if a, ok := b.see(text, not, line, int(at.Cells[0].Location.Column)); ok {
			out = append(out, a)
		}
	}
	return out
}

// see is the check that text is shown (or, not, gone).
func (b *builder) see(text string, not bool, line, col int) (action, bool) {
	q, ok := quoted(text)
	verb := "I should see "
	if not {
		verb = "I should not see "
	}
	switch {
	case !ok:
		b.problem(line, col, "the text holds \", ' and “”: plaintest quotes a text to see with one of them")
	case !grammar.CheckOnly(verb + q):
		b.problem(line, col, "%s could be read as an action on some pages: check the text with a step of its own", quote(verb+q))
	default:
		return action{verb + q, line}, true
	}
	return action{}, false
}

// docString is the action of a step whose doc string is its value.
func (b *builder) docString(ps *messages.PickleStep, st *messages.Step, head string, then bool, line, col int) []action {
	doc := ps.Argument.DocString.Content
	dline, dcol := int(st.DocString.Location.Line), int(st.DocString.Location.Column)
	if m := reSeeList.FindStringSubmatch(head); m != nil {
		text := strings.Join(strings.Fields(doc), " ") // a check reads runs of spaces and lines as one space
		if text == "" {
			b.problem(dline, dcol, "the doc string holds no text to see")
			return nil
		}
		if a, ok := b.see(text, m[1] != "", dline, dcol); ok {
			a.line = line // the step's, as a typed doc string's
			return []action{a}
		}
		return nil
	}
	field := ""
	if m := reTypeInto.FindStringSubmatch(head); m != nil {
		field = m[1]
	} else if m := reFillWith.FindStringSubmatch(head); m != nil {
		field = m[1]
	}
	switch {
	case field == "" || then:
		b.problem(line, col, "a doc string after %s is not read: plaintest reads one after \"When I type into FIELD:\" (the text typed) and after \"Then I should see:\" (the text checked)", quote(ps.Text))
	case strings.Contains(doc, "\n"):
		b.problem(dline, dcol, "the doc string has %d lines, and a typed text is one line: type each line into its field, or check the text with \"Then I should see:\"", strings.Count(doc, "\n")+1)
	case doc == "":
		return []action{{"clear " + field, line}}
	default:
		text, ok := typeInto(doc, field)
		if !ok {
			b.problem(dline, dcol, "the doc string holds \", ' and “”: plaintest quotes a typed value with one of them")
			return nil
		}
		return []action{{text, line}}
	}
	return nil
}

// typeInto is the sentence that types value into field, the value
// quoted so that it ends at its quote (the grammar reads it so whatever
// words the field's name holds).
func typeInto(value, field string) (string, bool) {
	q, ok := quoted(value)
	return "type " + q + " into " + field, ok
}

// quoted is s in the first quotes it holds none of: "…", '…' or “…”.
func quoted(s string) (string, bool) {
	switch {
	case !strings.Contains(s, `"`):
		return `"` + s + `"`, true
	case !strings.Contains(s, `'`):
		return `'` + s + `'`, true
	case !strings.ContainsAny(s, "“”"):
		return "“" + s + "”", true
	}
	return "", false
}

// isWord reports whether s is one of words, in any case.
func isWord(s string, words []string) bool {
	for _, w := range words {
		if strings.EqualFold(strings.TrimSpace(s), w) {
			return true
		}
	}
	return false
}
