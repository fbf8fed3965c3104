package replay

// The run's files folder: the one named (Options.Files), never where a
// symbolic link a checkout commits leads.

import (
	"errors"
	"fmt"

	"github.com/plaintest/plaintest/internal/fspath"
	"github.com/plaintest/plaintest/sandy"
)

// folderError is a files folder that may not be used: a default one
// reached through a symbolic link, or one replaced during the run. It is
// bad input (it wraps sandy.ErrInvalid), and the fspath error.
type folderError struct{ err error }

func (e *folderError) Error() string {
	var le *fspath.LinkError
	if errors.As(e.err, &le) {
		return fmt.Sprintf("the files folder %v: refused, as a checkout may commit such a link (the files folder is the one named, not where a link leads); remove the link, or name the folder with --files DIR to use it as it leads", le)
	}
	return fmt.Sprintf("the files folder %v: it was replaced during the run", e.err)
}

func (e *folderError) Unwrap() []error { return []error{e.err, sandy.ErrInvalid} }

// folderErr wraps err as a *folderError when it is one of the folder's
// own refusals (fspath.ErrLinked, fspath.ErrMoved), else returns it.
func folderErr(err error) error {
	if errors.Is(err, fspath.ErrLinked) || errors.Is(err, fspath.ErrMoved) {
		return &folderError{err}
	}
	return err
}

// linkedFiles is the refusal of o's files folder before anything runs:
// the default folder reached through a symbolic link (*folderError), else
// nil. A folder named is used as named.
func linkedFiles(o *Options) error {
	if o.filesBase == "" {
		return nil
	}
	return folderErr(fspath.Unlinked(o.filesBase, o.Files))
}

// openFiles opens the run's files folder, made when missing, when its
// scenario names a file (see fspath.Open): it is then held for the run,
// and checked again before each use (checkFiles).
func (r *run) openFiles() error {
	if r.opts.DryRun || !namesFiles(r.sc) {
		return nil
	}
	f, err := fspath.Open(r.opts.filesBase, r.opts.Files)
	if err != nil {
		return fmt.Errorf("%s: %w", r.where(), folderErr(err))
	}
	real, err := f.Real()
	if err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", r.where(), folderErr(err))
	}
	r.files, r.filesReal = f, real
	return nil
}

// checkFiles checks, before a step that names a file, that the files
// folder is still the one opened, and reached through no link it may not
// be.
func (r *run) checkFiles() error {
	if r.files == nil {
		return nil
	}
	return folderErr(r.files.Check())
}

// closeFiles closes the files folder opened.
func (r *run) closeFiles() {
	if r.files != nil {
		_ = r.files.Close()
		r.files = nil
	}
}
