package main

// The folders plaintest reads and writes files in: the one the user named
// with a flag is used as named; a default one is the folder in the working
// directory, never where a symbolic link a checkout commits leads.

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/plaintest/plaintest/internal/fspath"
)

// namedFolder is a folder flag's value for replay.Options: the folder as
// the user typed it, or "" when they left the default, which the player
// then refuses to reach through a symbolic link (replay.Options.Files).
func namedFolder(fs *pflag.FlagSet, flag, value string) string {
	if fs.Changed(flag) {
		return value
	}
	return ""
}

// defaultFolder refuses dir, a folder plaintest writes in by default
// (what the flag called flag would name: "files DIR", "output FILE"), when it or a part of its path
// below the working directory is a symbolic link: a checkout may commit
// one that leads anywhere. The error says what to do instead (exit 2).
func defaultFolder(flag, dir string) error {
	wd, err := os.Getwd()
	if err != nil {
		return environmentError(err)
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(wd, dir)
	}
	if err := fspath.Unlinked(wd, dir); err != nil {
		return inputError(linkedFolderError(flag, err))
	}
	return nil
}

// linkedFolderError says that a default folder is refused for err (a
// *fspath.LinkError) and which flag names one instead.
func linkedFolderError(flag string, err error) error {
	return fmt.Errorf("%w: refused, as a checkout may commit such a link (a default folder is the one in the working directory, not where a link leads); remove the link, or name one with --%s to use it as it leads", err, flag)
}

// filesDir is --files made absolute: the folder uploads come from, which
// the built-in server is given as its workspace when it is one. A --files
// given that is not a folder is refused. The default folder, when a
// symbolic link leads to it (or to a part of its path in the working
// directory), is no files folder: filesRefused says why, to an upload.
func (f *compileFlags) filesDir(fs *pflag.FlagSet) (string, error) {
	files, err := filepath.Abs(f.files)
	if err != nil {
		return "", usageError("--files: %v", err)
	}
	if !fs.Changed("files") {
		if err := defaultFolder("files DIR", files); err != nil {
			f.filesRefused = err
			return "", nil
		}
	}
	if fi, err := os.Stat(files); err == nil && fi.IsDir() {
		f.browser.workDir = files // the server reads uploads there only
	} else if fs.Changed("files") {
		return "", usageError("--files %s: not a folder", f.files)
	}
	return files, nil
}

// defaultFolders refuses, before a compile starts, a default folder it
// would write in that a symbolic link leads to: the scenario's folder
// (out's, unless -o names it), the evidence folder (unless --evidence or
// --report names it) and the model's answer cache (unless --cache names
// it or --no-cache keeps none).
func (f *compileFlags) defaultFolders(fs *pflag.FlagSet, out string) error {
	if !fs.Changed("output") {
		if err := defaultFolder("output FILE", filepath.Dir(out)); err != nil {
			return err
		}
	}
	if !fs.Changed("evidence") && !fs.Changed("report") {
		if err := defaultFolder("evidence DIR", f.evidence); err != nil {
			return err
		}
	}
	if !fs.Changed("cache") && !f.noCache {
		return defaultFolder("cache DIR", f.cache)
	}
	return nil
}
