package grammar

import (
	"errors"

	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
	"github.com/plaintest/plaintest/translator/names"
)

// hoverFirst turns a *hiddenError into the steps that show the element: a
// hover over its place, then the action again, read against the page the
// hover leaves. Continued actions are not continued again.
func hoverFirst(req translator.Request, err error) ([]step.Step, error) {
	var he *names.HiddenError
	if !errors.As(err, &he) || req.Continued || he.Place.Ref == "" {
		return nil, err
	}
	return []step.Step{
		{Kind: step.Hover, Role: he.Place.Role, Ref: he.Place.Ref, Element: names.DescribeContainer(req.Page, he.Place)},
		{Kind: step.Then, Value: req.Action},
	}, nil
}
