package mcpclient

import (
	"reflect"
	"testing"
)

// TestModalStates: the modal states of a result, from its section
// (@playwright/mcp) or from the error of a call they blocked (the built-in
// server lists them there).
func TestModalStates(t *testing.T) {
	section := ParseText("### Page\n- Page URL: http://x/\n### Modal state\n- [\"confirm\" dialog with message \"Delete?\"]: can be handled by browser_handle_dialog\n")
	want := []ModalState{{Description: `"confirm" dialog with message "Delete?"`, Tool: ToolHandleDialog}}
	if got := section.ModalStates(); !reflect.DeepEqual(got, want) || !got[0].Dialog() {
		t.Errorf("section: got %+v, want %+v", got, want)
	}
	blocked := ParseText("### Error\nTool \"browser_snapshot\" does not handle the modal state.\n- [File chooser]: can be handled by browser_file_upload\n")
	blocked.IsError = true
	if got := blocked.ModalStates(); len(got) != 1 || got[0].Tool != ToolFileUpload || got[0].Dialog() {
		t.Errorf("error: got %+v", got)
	}
	none := ParseText("### Result\nok\n")
	if got := none.ModalStates(); got != nil {
		t.Errorf("none: got %+v", got)
	}
}

// TestDialogOpen: the failure of a step that leaves a dialog unanswered
// names the dialog's kind and text, and the sentences that answer it.
func TestDialogOpen(t *testing.T) {
	for _, tt := range []struct{ desc, want string }{
		{`"alert" dialog with message "Saved"`, `a dialog is open: alert "Saved": answer it first ("accept the alert" or "dismiss the dialog")`},
		{`"confirm" dialog with message "Delete "x"?"`, `a dialog is open: confirm "Delete "x"?": answer it first ("accept the confirm dialog" or "dismiss the dialog")`},
		{`"prompt" dialog with message "Name?"`, `a dialog is open: prompt "Name?": answer it first ("type TEXT into the prompt and click OK" or "dismiss the dialog")`},
		{`"beforeunload" dialog with message ""`, `a dialog is open: beforeunload "": answer it first ("accept the dialog" or "dismiss the dialog")`},
		{`odd`, `a dialog is open: odd: answer it first ("accept the dialog" or "dismiss the dialog")`},
	} {
		if got := (ModalState{Description: tt.desc, Tool: ToolHandleDialog}).DialogOpen(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.desc, got, tt.want)
		}
	}
	r := ParseText("### Modal state\n- [File chooser]: can be handled by browser_file_upload\n- [\"alert\" dialog with message \"Saved\"]: can be handled by browser_handle_dialog\n")
	if m, ok := r.OpenDialog(); !ok || m.Description != `"alert" dialog with message "Saved"` {
		t.Errorf("OpenDialog: got %+v, %v", m, ok)
	}
	if none := ParseText("### Result\nok\n"); func() bool { _, ok := none.OpenDialog(); return ok }() {
		t.Error("OpenDialog of a result with none: got one")
	}
}

func TestTabList(t *testing.T) {
	r := ParseText("### Result\n- 0: [Start](http://x/)\n- 1: (current) [Help](http://x/help)\n")
	want := []Tab{{Index: 0, Title: "Start", URL: "http://x/"}, {Index: 1, Current: true, Title: "Help", URL: "http://x/help"}}
	if got := r.TabList(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// FuzzModalStates: any result text gives modal states that name a tool,
// and tabs with indexes, never a panic.
func FuzzModalStates(f *testing.F) {
	f.Add("### Modal state\n- [\"alert\" dialog with message \"x\"]: can be handled by browser_handle_dialog\n", false)
	f.Add("### Error\n- [File chooser]: can be handled by browser_file_upload\n", true)
	f.Add("### Result\n- 0: (current) [A](http://a/)\n- 1: [B [c]](http://b/(x))\n", false)
	f.Fuzz(func(t *testing.T, text string, isError bool) {
		r := ParseText(text)
		r.IsError = isError
		for _, m := range r.ModalStates() {
			if len(m.Tool) < len("browser_") || m.Tool[:len("browser_")] != "browser_" {
				t.Fatalf("tool %q", m.Tool)
			}
		}
		for _, tab := range r.TabList() {
			if tab.Index < 0 {
				t.Fatalf("index %d", tab.Index)
			}
		}
	})
}
