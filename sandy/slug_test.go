package sandy

import "testing"

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"log in as demo then add the Blue Mug to the cart": "log-in-as-demo-then-add",
		"Go to /cart!": "go-to-cart", "": "scenario", "日本": "scenario",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
