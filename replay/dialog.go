package replay

import "github.com/plaintest/plaintest/mcpclient"

// dialogLeft is the outcome of a step as a dialog left open makes it: a
// step the server refused because a dialog waits fails saying which dialog
// and how to answer it; so does the scenario's last step when its result
// says a dialog is open (one the action opened and no step answers), in
// the words compile uses.
func dialogLeft(pl *plan, o outcome) outcome {
	if o.text == "" || (o.fail == "" && pl.index != pl.total) {
		return o
	}
	res := mcpclient.ParseText(o.text)
	res.IsError = o.fail != ""
	if m, ok := res.OpenDialog(); ok {
		o.fail = m.DialogOpen()
	}
	return o
}
