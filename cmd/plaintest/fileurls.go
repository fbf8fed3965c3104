package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/plaintest/plaintest/internal/navrule"
)

// fileURLsFlag is --allow-file-urls[=DIR]: bare, local files open in the
// command's own folder (each scenario's for replay and validate, the
// working directory for mcp); with DIR, in DIR; =false, nowhere (the
// default).
type fileURLsFlag struct {
	on  bool
	dir string
}

func (f *fileURLsFlag) add(fs *pflag.FlagSet, bare string) {
	fs.Var(f, "allow-file-urls", fmt.Sprintf("open local file: URLs: bare, %s; =DIR, in DIR", bare))
	fs.Lookup("allow-file-urls").NoOptDefVal = "true"
}

func (f *fileURLsFlag) String() string {
	switch {
	case !f.on:
		return "false"
	case f.dir == "":
		return "true"
	}
	return f.dir
}

func (f *fileURLsFlag) Set(s string) error {
	switch s {
	case "true":
		f.on, f.dir = true, ""
	case "false", "":
		f.on, f.dir = false, ""
	default:
		f.on, f.dir = true, s
	}
	return nil
}

// Type is "bool" so that help shows --allow-file-urls[=DIR] as a switch.
func (f *fileURLsFlag) Type() string { return "bool" }

// roots are the folders file: URLs open in: DIR, or own when bare; none
// when off.
func (f *fileURLsFlag) roots(own string) ([]string, error) {
	if !f.on {
		return nil, nil
	}
	dir := f.dir
	if dir == "" {
		dir = own
	}
	root, err := navrule.Root(dir)
	if err != nil {
		return nil, usageError("--allow-file-urls %s: %v", dir, err)
	}
	return []string{root}, nil
}

// pageFolder is the folder of the local page a file: URL names, "" for
// any other URL: compile and snapshot open the page the user gave them
// and the files beside it.
func pageFolder(url string) string {
	if navrule.Scheme(navrule.Normalize(url)) != "file" {
		return ""
	}
	p, err := navrule.FilePath(url)
	if err != nil {
		return ""
	}
	return filepath.Dir(p)
}
