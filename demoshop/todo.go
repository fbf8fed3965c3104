package demoshop

import (
	"net/http"
)

// The to-do list at /todo/ is the second app of the demo: a TodoMVC-like list
// written for the hard cases of real apps. Its rows hold a checkbox and a
// delete button with no name of their own, the delete button shows only
// while the row is hovered, a double-click edits an item, a counter says how
// many are left, filter links mark the current one with aria-current, the
// "Mark all as complete" checkbox is visually hidden behind its label, and a
// hidden panel repeats the text of completed items. Items live in the
// browser's localStorage; /todo/?items=a;b;c&done=b seeds an empty list.

// todoClasses are the class names and ids the to-do page is built with.
// Cosmetic builds use others, as another framework's build of the same app
// would: a test that depends on them breaks there.
type todoClasses struct {
	App, AppID, New, Main, ToggleAll, ToggleAllID, List, View, Toggle, Label string
	Destroy, Edit, Editing, Done, Footer, Count, Filters, Clear              string
}

var (
	standardTodo = todoClasses{
		App: "todoapp", AppID: "app", New: "new-todo", Main: "main", ToggleAll: "toggle-all", ToggleAllID: "toggle-all",
		List: "todo-list", View: "view", Toggle: "toggle", Label: "title", Destroy: "destroy", Edit: "edit",
		Editing: "editing", Done: "completed", Footer: "footer", Count: "todo-count", Filters: "filters", Clear: "clear-completed",
	}
	cosmeticTodo = todoClasses{
		App: "tm-root", AppID: "root-7f3", New: "tm-input", Main: "tm-body", ToggleAll: "tm-all", ToggleAllID: "all-2c",
		List: "tm-items", View: "tm-row", Toggle: "tm-check", Label: "tm-text", Destroy: "tm-x", Edit: "tm-edit",
		Editing: "is-editing", Done: "is-done", Footer: "tm-foot", Count: "tm-left", Filters: "tm-nav", Clear: "tm-purge",
	}
)

// TodoMutants are the broken builds of the to-do list that Options.Mutant
// selects, each a behaviour a test suite should catch.
var TodoMutants = map[string]string{
	"counter-stale":   "the counter counts every item, done or not",
	"toggle-noop":     "ticking an item's checkbox does not complete it",
	"delete-noop":     "the delete button does not delete",
	"clear-all":       "Clear completed removes every item",
	"filter-wrong":    "the Active and Completed filters show every item",
	"edit-discard":    "an edit is not saved",
	"edit-none":       "a double-click does not start an edit",
	"append-top":      "a new item goes to the top of the list",
	"plural":          "the counter says \"1 items left\"",
	"toggle-all-noop": "Mark all as complete does nothing",
	"escape-saves":    "Escape saves an edit instead of cancelling it",
	"add-twice":       "a new item is added twice",
}

type todoPage struct {
	C      todoClasses
	Wrap   bool // cosmetic builds nest the rows one level deeper
	Mutant string
}

func (s *shop) todo(w http.ResponseWriter, r *http.Request) {
	p := todoPage{C: standardTodo, Mutant: s.opts.Mutant}
	if s.opts.Cosmetic {
		p.C, p.Wrap = cosmeticTodo, true
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := s.tmpl.ExecuteTemplate(w, "todo.html", p); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
