package tracezip

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestMask: every text entry is passed through the mask (the action log,
// the network log, a request body among the resources), a binary one is
// copied byte for byte, and the zip is still one Check takes.
func TestMask(t *testing.T) {
	const pw = "hunter2-Secret"
	dir := liveTraces(t)
	for name, body := range map[string]string{
		"trace-1.trace":             trace1() + `{"type":"before","callId":"call@2","class":"Frame","method":"fill","params":{"value":"` + pw + `"}}` + "\n" + `{"type":"after","callId":"call@2"}` + "\n",
		"trace-1.network":           strings.Replace(network1, `"url":"http://127.0.0.1/"`, `"url":"http://127.0.0.1/?pw=`+pw+`","postData":{"_sha1":"post.dat"}`, 1) + "\n",
		"resources/post.dat":        "user=demo&pw=" + pw,
		"screencast/page@p1-1.jpeg": "\xff\xd8\x00" + pw,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "mug.trace.zip")
	if err := Pack(filepath.Join(dir, "trace-1.trace"), dest); err != nil {
		t.Fatal(err)
	}
	if err := Mask(dest, func(s string) string { return strings.ReplaceAll(s, pw, "***") }); err != nil {
		t.Fatal(err)
	}
	got := entries(t, dest)
	for _, name := range []string{TraceEntry, NetworkEntry, "resources/post.dat"} {
		if strings.Contains(got[name], pw) || !strings.Contains(got[name], "***") {
			t.Errorf("%s not masked: %q", name, got[name])
		}
	}
	if got["screencast/page@p1-1.jpeg"] != "\xff\xd8\x00"+pw {
		t.Errorf("a binary entry changed: %q", got["screencast/page@p1-1.jpeg"])
	}
	if got["resources/bbb.html"] != "<p>shop</p>" {
		t.Errorf("a text entry with no secret changed: %q", got["resources/bbb.html"])
	}
	if _, err := Check(dest); err != nil {
		t.Errorf("Check of the masked trace: %v", err)
	}
}

// TestMaskRefusesNotAZip: a file that is not a zip is an error naming it,
// and is left as it was.
func TestMaskRefusesNotAZip(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.trace.zip")
	if err := os.WriteFile(file, []byte("not a zip"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := Mask(file, strings.ToUpper)
	if err == nil || !strings.Contains(err.Error(), file) {
		t.Errorf("Mask of a file that is no zip: %v, want an error naming it", err)
	}
	if b, _ := os.ReadFile(file); string(b) != "not a zip" {
		t.Errorf("the file changed: %q", b)
	}
}

// FuzzMask: any file, a zip or not, is masked or refused; refused, it is
// left as it was; masked, it is a zip of the same entries in the same
// order, with no text entry holding the secret.
func FuzzMask(f *testing.F) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, e := range [][2]string{{TraceEntry, trace1()}, {"resources/a.dat", "pw=s3cret"}, {"screencast/x.jpeg", "\xff\x00s3cret"}} {
		w, _ := zw.Create(e[0])
		w.Write([]byte(e[1]))
	}
	zw.Close()
	f.Add(buf.Bytes())
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file := filepath.Join(t.TempDir(), "t.zip")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var before []string
		if zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data))); err == nil {
			for _, e := range zr.File {
				before = append(before, e.Name)
			}
		}
		err := Mask(file, func(s string) string { return strings.ReplaceAll(s, "s3cret", "***") })
		after, _ := os.ReadFile(file)
		if err != nil {
			if !bytes.Equal(after, data) {
				t.Fatalf("refused (%v), and the file changed", err)
			}
			return
		}
		zr, err := zip.NewReader(bytes.NewReader(after), int64(len(after)))
		if err != nil {
			t.Fatalf("masked, and no zip: %v", err)
		}
		var names []string
		for _, e := range zr.File {
			names = append(names, e.Name)
			rc, err := e.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			if utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 && bytes.Contains(b, []byte("s3cret")) {
				t.Fatalf("%s still holds the secret", e.Name)
			}
		}
		if !slices.Equal(names, before) {
			t.Fatalf("entries %q, want %q", names, before)
		}
	})
}
