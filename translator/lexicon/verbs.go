package lexicon

import "regexp"

// The verbs of the sentence forms, one list per form. The grammar's
// patterns name each list (Alt), never its words.
var (
	// TypeVerbs put text into a field: "type demo into Username".
	TypeVerbs = []string{"type", "enter", "input", "write", "put"}
	// SelectVerbs pick an option from a list: "select Red from Colour".
	SelectVerbs = []string{"select", "choose", "pick"}
	// ClickVerbs act on a button or link: "click Log in".
	ClickVerbs = []string{"click", "press", "tap", "hit", "push", "select", "choose", "pick", "follow", "activate"}
	// RepeatVerbs click one element a number of times: "click Add guest
	// twice" (not "press", which also names keys).
	RepeatVerbs = []string{"click", "tap"}
	// RepeatCounts say how many times without a number: "click X twice".
	RepeatCounts = map[string]int{"once": 1, "twice": 2, "thrice": 3}
	// ScrollVerbs bring an element into view: "scroll Contact into view",
	// "bring the footer into view".
	ScrollVerbs = []string{"scroll", "bring", "move", "get"}
	// PressVerbs act on a button of a browser dialog: "press OK in the
	// alert".
	PressVerbs = []string{"click", "press", "tap", "hit", "choose", "select"}
	// AcceptVerbs accept a browser dialog: "accept the confirm".
	AcceptVerbs = []string{"accept", "confirm", "approve", "ok", "okay"}
	// DismissVerbs dismiss one: "dismiss the alert".
	DismissVerbs = []string{"dismiss", "cancel", "decline", "reject", "deny"}
	// CheckVerbs tick a box: "check Remember me".
	CheckVerbs = []string{"check", "tick", "mark"}
	// UncheckVerbs clear one: "uncheck Remember me".
	UncheckVerbs = []string{"uncheck", "untick", "deselect", "clear the checkbox", "turn off", "switch off", "disable"}
	// UploadVerbs give a file to a file field: "upload photo.png to Avatar".
	UploadVerbs = []string{"upload", "attach"}
	// DeleteVerbs remove a row or item: "delete Buy milk".
	DeleteVerbs = []string{"delete", "remove", "destroy", "trash"}
	// SubjectVerbs are the verbs a sentence may say after its subject,
	// as feature files write them ("I click Log in", "the user types demo
	// into Username"): the subject is left out. Other words after a
	// subject ("I should see", "I am on") are left as they are.
	SubjectVerbs = []string{"type", "enter", "input", "write", "put", "fill", "clear", "select", "choose", "pick", "click",
		"double-click", "right-click", "press", "tap", "hit", "push", "follow", "activate", "check", "tick", "mark", "uncheck",
		"untick", "deselect", "upload", "attach", "delete", "remove", "hover", "scroll", "go", "open", "navigate", "visit",
		"wait", "remember", "drag", "expand", "collapse", "accept", "dismiss", "confirm", "cancel", "refresh", "reload",
		"turn", "switch", "toggle", "allow", "deny", "block", "grant", "submit", "search", "sort", "focus", "answer",
		"add", "set", "close", "change", "return"}
)

// reAgain is the words that say an action is done once more ("click
// Mute again").
var reAgain = regexp.MustCompile(`(?i),?\s+(?:again|once more|one more time|a second time)$`)

// CutAgain cuts the words of reAgain off the end of action.
func CutAgain(action string) (string, bool) {
	if loc := reAgain.FindStringIndex(action); loc != nil && loc[0] > 0 {
		return action[:loc[0]], true
	}
	return "", false
}
