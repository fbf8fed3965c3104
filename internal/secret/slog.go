package secret

import (
	"context"
	"log/slog"
)

// Handler returns a slog.Handler that masks, with m, the message and every
// string (and error) attribute of the records it passes to h, groups
// included, so that a debug log cannot show a secret a server echoed. A nil
// m passes records through as they are.
func Handler(h slog.Handler, m *Masker) slog.Handler {
	if m == nil {
		return h
	}
	return &handler{h: h, m: m}
}

type handler struct {
	h slog.Handler
	m *Masker
}

func (h *handler) Enabled(ctx context.Context, l slog.Level) bool { return h.h.Enabled(ctx, l) }

func (h *handler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, h.m.Replace(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.h.Handle(ctx, out)
}

func (h *handler) WithAttrs(as []slog.Attr) slog.Handler {
	masked := make([]slog.Attr, len(as))
	for i, a := range as {
		masked[i] = h.attr(a)
	}
	return &handler{h: h.h.WithAttrs(masked), m: h.m}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return &handler{h: h.h.WithGroup(name), m: h.m}
}

func (h *handler) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, h.m.Replace(v.String()))
	case slog.KindGroup:
		group := v.Group()
		masked := make([]any, len(group))
		for i, g := range group {
			masked[i] = h.attr(g)
		}
		return slog.Group(a.Key, masked...)
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			return slog.String(a.Key, h.m.Replace(err.Error()))
		}
		return slog.String(a.Key, h.m.Replace(v.String()))
	}
	return slog.Attr{Key: a.Key, Value: v}
}
