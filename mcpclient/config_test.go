package mcpclient

import (
	"errors"
	"strings"
	"testing"
)

func TestConfigServer(t *testing.T) {
	cfg := &Config{Path: "/etc/mcp.json", Servers: map[string]ServerConfig{"b": {Name: "b"}, "a": {Name: "a"}}}
	if sc, err := cfg.Server("a"); err != nil || sc.Name != "a" {
		t.Errorf("Server(a): got %+v, %v", sc, err)
	}
	_, err := cfg.Server("playwright")
	if !errors.Is(err, ErrNoServer) || !strings.Contains(err.Error(), "/etc/mcp.json") || !strings.Contains(err.Error(), "a, b") {
		t.Errorf("Server(playwright): got %v, want ErrNoServer naming the file and a, b", err)
	}
	_, err = (&Config{}).Server("x")
	if !errors.Is(err, ErrNoServer) || !strings.Contains(err.Error(), "no config file") {
		t.Errorf("empty config: got %v", err)
	}
}
