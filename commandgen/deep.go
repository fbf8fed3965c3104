package commandgen

import (
	"strings"

	"github.com/plaintest/plaintest/step"
)

// The pieces of a check compiled on a page with open shadow roots
// (Step.Shadow): each reads through them with internal/pagejs's
// shadow-root helpers where the check of a page with none reads the DOM
// as it always did.

// itemsFn is the helper that lists a count's items: through open shadow
// roots for a check with Shadow.
func itemsFn(s step.Step) string {
	if s.Shadow {
		return "itemsDeep"
	}
	return "items"
}

// nameFn is the helper that reads an element's name: its aria-labelledby
// in the element's own shadow root for a check with Shadow.
func nameFn(s step.Step) string {
	if s.Shadow {
		return "nameDeep"
	}
	return "name"
}

// disabledDeepJS is the disabled state with its aria-disabled or disabled
// fieldset ancestors looked for through shadow roots.
const disabledDeepJS = "(el.disabled === true || el.getAttribute('aria-disabled') === 'true' || (a => { for (; a; a = deepUp(a)) if (a.matches('[aria-disabled=true], fieldset:disabled')) return true; return false; })(el))"

// allJS lists every element of the page, through open shadow roots for a
// check with Shadow.
func allJS(s step.Step) string {
	if s.Shadow {
		return "deepAll(document, '*')"
	}
	return "[...document.querySelectorAll('*')]"
}

// focusedDeepJS is the focused state through shadow roots, where
// document.activeElement is the host of the focused element.
const focusedDeepJS = "(deepFocus() === el || el.contains(deepFocus()))"

// valuesDeepJS is valuesJS reading an element's text through its open
// shadow roots.
var valuesDeepJS = func() string {
	const light, deep = "const shown = e => e.innerText ?? e.textContent ?? '';", "const shown = e => deepText(e);"
	if !strings.Contains(valuesJS, light) {
		panic("commandgen: values.js no longer reads text as " + light)
	}
	return strings.Replace(valuesJS, light, deep, 1)
}()
