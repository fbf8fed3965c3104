package tracezip

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/plaintest/plaintest/internal/safefile"
)

// maxMasked is the largest entry Mask reads into memory to mask: a trace
// entry of text larger than this (a response body of 64 MB) is masked
// too, but by a limit that stops a zip bomb from filling the memory.
const maxMasked = 256 << 20

// Mask rewrites the trace zip file in place (atomically) with every text
// entry passed through mask: the action log, the network log, the stacks,
// and each resource that is text (DOM snapshots, request and response
// bodies, stylesheets: valid UTF-8 with no NUL byte). Images and other
// binary entries are copied as they are. A resource keeps its name, the
// SHA-1 of what it held: the trace viewer finds files by name and does not
// check their hash. An entry over maxMasked is an error, and the file is
// left as it was.
func Mask(file string, mask func(string) string) error {
	zr, err := zip.OpenReader(file)
	if err != nil {
		return fmt.Errorf("mask the trace %s: %w", file, err)
	}
	defer zr.Close()
	out, err := safefile.Create(file, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	for _, f := range zr.File {
		if err := maskEntry(zw, f, mask); err != nil {
			return fmt.Errorf("mask the trace %s: %s: %w", file, f.Name, err)
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return out.Commit()
}

func maskEntry(zw *zip.Writer, f *zip.File, mask func(string) string) error {
	rc, err := f.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, maxMasked+1))
	if err != nil {
		return err
	}
	if len(data) > maxMasked {
		return fmt.Errorf("over %d MB", maxMasked>>20)
	}
	if utf8.Valid(data) && bytes.IndexByte(data, 0) < 0 {
		data = []byte(mask(string(data)))
	}
	w, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Deflate, Modified: f.Modified})
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}
