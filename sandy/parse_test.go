package sandy

import (
	"errors"
	"os"
	"reflect"
	"testing"
)

func TestLoadSchemaExample(t *testing.T) {
	s, err := Load("testdata/schema_example.json")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if got, want := s.Metadata.Name, "Create Issue and Notify"; got != want {
		t.Errorf("name = %q, want %q", got, want)
	}
	if got, want := len(s.Steps), 2; got != want {
		t.Fatalf("%d steps, want %d", got, want)
	}
	if got, want := s.Steps[0].Output["number"], "$.number"; got != want {
		t.Errorf("output number = %q, want %q", got, want)
	}
	if got, want := s.Required(), []string{"TITLE"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Required() = %v, want %v", got, want)
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("testdata/does-not-exist.json")
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load(missing) = %v, want an os.ErrNotExist error", err)
	}
	if errors.Is(err, ErrInvalid) {
		t.Errorf("Load(missing) = %v: a missing file is not an invalid scenario", err)
	}
}
