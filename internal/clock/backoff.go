package clock

import "time"

// backoffSteps are the multiples of Backoff.First between looks: with a
// first look after 100 ms, then 250 ms, 500 ms and every second after, as
// Playwright's expect.poll spaces its own.
var backoffSteps = [...]time.Duration{2, 5, 10, 20} // halves

// Backoff spaces the looks of a wait that reads the whole page each time
// (an ARIA snapshot, about 20 ms of a renderer's time on a small page and
// 100 ms on an APG example's): close together at first, when a late
// element most often comes, then once a second, so that a wait of 12 s
// reads the page about 15 times, not 120. Its zero value is not useful;
// set First.
type Backoff struct {
	First time.Duration
	n     int
}

// Next is how long to wait before the next look.
func (b *Backoff) Next() time.Duration {
	i := min(b.n, len(backoffSteps)-1)
	b.n++
	return b.First * backoffSteps[i] / 2
}
