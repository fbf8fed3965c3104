package parser

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/plaintest/plaintest/mcpclient"
	"github.com/plaintest/plaintest/step"
	"github.com/plaintest/plaintest/translator"
)

// TestUploadPath: an upload's file must be a regular file inside the files
// folder; it runs by its resolved path and is kept relative to the folder.
func TestUploadPath(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	write := func(p string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "notes.txt"))
	write(filepath.Join(root, "docs", "q1.txt"))
	write(filepath.Join(outside, "secret.txt"))
	if err := os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(root, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := &run{c: &Compiler{opts: Options{Files: root}}}
	for _, tt := range []struct{ name, rel, err string }{
		{"notes.txt", "notes.txt", ""},
		{"docs/q1.txt", "docs/q1.txt", ""},
		{filepath.Join(root, "notes.txt"), "notes.txt", ""},
		{"../secret.txt", "", "leaves the files folder"},
		{filepath.Join(outside, "secret.txt"), "", "is outside the files folder"},
		{"link.txt", "", "through a symbolic link, outside the files folder"},
		{"missing.txt", "", "there is no file missing.txt in the files folder"},
		{"dir", "", "is not a regular file"},
		{" ", "", "is not a file name"},
	} {
		abs, rel, err := r.uploadPath(tt.name)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%q: %v", tt.name, err)
		case tt.err == "" && (rel != tt.rel || !filepath.IsAbs(abs)):
			t.Errorf("%q: got %q, %q; want relative %q", tt.name, abs, rel, tt.rel)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !errors.Is(err, ErrOutsideFiles)):
			t.Errorf("%q: error %v, want one saying %q", tt.name, err, tt.err)
		}
	}
	none := &run{c: &Compiler{}}
	if _, _, err := none.uploadPath("notes.txt"); err == nil || !strings.Contains(err.Error(), "--files DIR") {
		t.Errorf("with no files folder: %v", err)
	}
	// A default folder refused (a link leads to it): the upload says why.
	why := errors.New("/r/.sandy/files is reached through /r/.sandy, a symbolic link to /")
	refused := &run{c: &Compiler{opts: Options{FilesRefused: why}}}
	if _, _, err := refused.uploadPath("notes.txt"); !errors.Is(err, ErrOutsideFiles) || !errors.Is(err, why) || !strings.Contains(err.Error(), `uploading "notes.txt": the files folder /r/.sandy/files is reached through /r/.sandy`) {
		t.Errorf("with the folder refused: %v, want the reason", err)
	}
}

// TestModalBlocks: while a dialog waits only the step that handles it
// runs; any other sentence, one read as nothing or not read at all fails
// saying which dialog is open and how to answer it.
func TestModalBlocks(t *testing.T) {
	r := &run{modals: []mcpclient.ModalState{{Description: `"confirm" dialog with message "Delete?"`, Tool: mcpclient.ToolHandleDialog}}}
	if err := r.modalBlocks([]step.Step{{Kind: step.AcceptDialog}}, nil); err != nil {
		t.Errorf("accept: %v", err)
	}
	want := `a dialog is open: confirm "Delete?": answer it first ("accept the confirm dialog" or "dismiss the dialog")`
	for name, tt := range map[string]struct {
		steps []step.Step
		err   error
	}{
		"click":     {[]step.Step{{Kind: step.Click}}, nil},
		"nothing":   {nil, errors.New("nothing reads it")},
		"not found": {nil, &translator.NotFoundError{What: "Delete"}},
	} {
		err := r.modalBlocks(tt.steps, tt.err)
		if !errors.Is(err, ErrDialogOpen) || err.Error() != want {
			t.Errorf("%s: got %v, want %q", name, err, want)
		}
	}
	if got := r.dialog(); got != `"confirm" dialog with message "Delete?"` {
		t.Errorf("dialog() = %q", got)
	}
	none := &run{}
	if cause := errors.New("x"); none.modalBlocks(nil, cause) != cause {
		t.Error("with no dialog open, the translator's error must stay")
	}
}

func TestTabsOpen(t *testing.T) {
	got := tabsOpen([]mcpclient.Tab{{Title: "Start"}, {Title: "Help"}})
	if want := `2 tabs are open (1 "Start", 2 "Help")`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
