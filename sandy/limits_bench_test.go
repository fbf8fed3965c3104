package sandy

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// atLimit builds scenario files of about MaxFileSize bytes, each within
// every other limit, in the shapes that cost a load the most: many steps
// with many params, the most values (empty objects, each a map once
// decoded) beside the longest strings, strings full of placeholders, of
// references to unknown steps and of undefined variables (problems), of
// escapes, and the longest keys.
func atLimit() map[string][]byte {
	const room = MaxFileSize - 4096
	head := `{"version":"2.1","metadata":{"name":"limit"},`
	step := func(params string) string {
		return head + `"steps":[{"step":1,"id":"s","tool":"sandy__log","params":{"message":"m",` + params + `}}]}`
	}
	strs := func(n int, piece string) string { // n strings of MaxString bytes of piece
		var b strings.Builder
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"p%d":"%s"`, i, strings.Repeat(piece, MaxString/len(piece)))
		}
		return b.String()
	}
	out := map[string][]byte{}

	steps := func(call string) []byte { // MaxArray steps of 24 values
		var b strings.Builder
		b.WriteString(head + `"steps":[`)
		per := min(room/MaxArray, 1000)
		for i := 1; i <= MaxArray; i++ {
			if i > 1 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"step":%d,%s,"on_error":"retry","retry":{"count":2},"params":{"text":"#x"`, i, call)
			for k := 0; k < 16; k++ {
				fmt.Fprintf(&b, `,"k%d":"%s"`, k, strings.Repeat("v", (per-130)/16-8))
			}
			b.WriteString(`}}`)
		}
		b.WriteString("]}")
		return []byte(b.String())
	}
	out["steps"] = steps(`"tool":"mcp__playwright__browser_type"`)
	out["v1.1 steps"] = steps(`"action":"fill"`)
	objs := "[" + strings.TrimSuffix(strings.Repeat("["+strings.TrimSuffix(strings.Repeat("{},", MaxArray-1), ",")+"],", MaxValues/MaxArray-1), ",") + "]"
	fill := room - len(objs) - (room-len(objs))/MaxString*(MaxString+10) - 300
	out["values"] = []byte(step(`"x":` + objs + "," + strs((room-len(objs))/MaxString, "a") + `,"fill":"` + strings.Repeat("a", fill) + `"`))
	out["placeholders"] = []byte(strings.Replace(step(strs(room/MaxString, "{{A}}")), head, head+`"variables":{"A":"1"},`, 1))
	out["references"] = []byte(step(strs(room/MaxString, "{{t.f}}")))
	var u strings.Builder
	for i := 0; u.Len() < MaxString-20; i++ {
		fmt.Fprintf(&u, "{{V%d}}", i)
	}
	out["undefined"] = []byte(step(strs(room/MaxString, u.String())))
	out["escapes"] = []byte(step(strs(room/MaxString, `\u00e9`)))
	var k strings.Builder
	k.WriteString("{")
	for i := 0; k.Len() < room-MaxKey-200; i++ {
		switch {
		case i == MaxObject/2:
			k.WriteString("},{")
		case i > 0:
			k.WriteString(",")
		}
		fmt.Fprintf(&k, `"%06d%s":0`, i, strings.Repeat("k", MaxKey-8))
	}
	out["keys"] = []byte(step(`"x":[` + k.String() + "}]"))
	return out
}

// loadCost is what one LoadWithVars of data allocates, in bytes: an upper
// bound on what the load holds at any one time.
func loadCost(t testing.TB, data []byte) (uint64, error) {
	path := writeTemp(t, string(data))
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := LoadWithVars(path)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, err
}

// TestLoadAtLimit: every shape is at the size limit and within the other
// limits (it is loaded, valid or not, never refused for its size), and
// loading it allocates less than 200 MB in all.
func TestLoadAtLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and loads 70 MB of scenarios")
	}
	for name, data := range atLimit() {
		if len(data) > MaxFileSize || len(data) < MaxFileSize*9/10 {
			t.Errorf("%s: %d bytes, want just under %d", name, len(data), MaxFileSize)
		}
		cost, err := loadCost(t, data)
		if _, ok := err.(*DecodeError); ok {
			t.Errorf("%s: refused: %.300v", name, err)
		}
		if cost > 200<<20 {
			t.Errorf("%s: loading %.1f MB allocates %.1f MB, want under 200 MB", name, float64(len(data))/(1<<20), float64(cost)/(1<<20))
		}
		t.Logf("%-12s %.1f MB file: %6.1f MB allocated (%v)", name, float64(len(data))/(1<<20), float64(cost)/(1<<20), err != nil)
	}
}

// BenchmarkLoadAtLimit reports, for each shape of atLimit, the MB a load
// allocates in all (alloc-MB/load), the figure of docs/figures.md.
func BenchmarkLoadAtLimit(b *testing.B) {
	shapes := atLimit()
	for _, name := range []string{"steps", "v1.1 steps", "values", "placeholders", "references", "undefined", "escapes", "keys"} {
		data := shapes[name]
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var total uint64
			for i := 0; i < b.N; i++ {
				cost, _ := loadCost(b, data)
				total += cost
			}
			b.ReportMetric(float64(total)/float64(b.N)/(1<<20), "alloc-MB/load")
		})
	}
}
