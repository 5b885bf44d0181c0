// Package uitest helps the editor's headless tests (the shell's and the
// panels'): a queue standing in for fyne.Do, finders over a laid-out widget
// tree, the test-only builders, and a small project. Only tests import it.
package uitest

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
)

// Queue collects functions posted from goroutines; the test goroutine runs
// them (the app would run them with fyne.Do), so tests have no data races.
type Queue struct {
	mu  sync.Mutex
	fns []func()
}

// Post queues f.
func (q *Queue) Post(f func()) { q.mu.Lock(); q.fns = append(q.fns, f); q.mu.Unlock() }

// Drain runs the queued functions, and those they queue, until none is left.
func (q *Queue) Drain() {
	for {
		q.mu.Lock()
		fns := q.fns
		q.fns = nil
		q.mu.Unlock()
		if len(fns) == 0 {
			return
		}
		for _, f := range fns {
			f()
		}
	}
}

// DrainUntil runs posted UI updates until done receives, or reports false
// after limit (a background job that never finished).
func (q *Queue) DrainUntil(done <-chan struct{}, limit time.Duration) bool {
	deadline := time.After(limit)
	for {
		q.Drain()
		select {
		case <-done:
			q.Drain()
			return true
		case <-deadline:
			return false
		default:
			runtime.Gosched()
		}
	}
}

// Test-only builders: one with every parameter type (the generated form must
// handle each without per-builder code), a slow one (cancellation) and a
// failing one. SlowStarted receives when the slow one starts, SlowCancelled
// when it saw its context cancelled.
var (
	SlowStarted   = make(chan struct{}, 8)
	SlowCancelled = make(chan struct{}, 8)
)

func init() {
	chain.Register(chain.Spec{
		Name: "ui_test_all", Help: "Every parameter type.", Kind: chain.Meta,
		Params: []chain.Param{
			{Name: "count", Type: chain.Int, Default: 3, Min: 0, Max: 10},
			{Name: "free", Type: chain.Int, Default: 1},
			{Name: "ratio", Type: chain.Float, Default: 0.5, Min: 0, Max: 1},
			{Name: "flag", Type: chain.Bool, Default: false},
			{Name: "text", Type: chain.String, Default: "hi"},
			{Name: "mode", Type: chain.Enum, Default: "a", Choices: []string{"a", "b", "c"}},
			{Name: "x", Type: chain.EnumOrNumber, Default: "left", Choices: []string{"left", "center", "right"}, Min: 0, Max: 100},
			{Name: "template", Type: chain.StringList, Default: []string{"#.#"}},
			{Name: "bands", Type: chain.IntList, Default: []int{1, 2}},
			{Name: "steps", Type: chain.Steps},
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, _ *rand.Rand) error { return nil }), nil
		},
	})
	chain.Register(chain.Spec{
		Name: "ui_test_slow", Help: "Blocks until cancelled.", Kind: chain.Meta,
		New: func(v chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, _ *rand.Rand) error {
				SlowStarted <- struct{}{}
				<-ctx.Done()
				SlowCancelled <- struct{}{}
				return ctx.Err()
			}), nil
		},
	})
	chain.Register(chain.Spec{
		Name: "ui_test_fail", Help: "Always fails.", Kind: chain.Meta,
		New: func(v chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, _ *rand.Rand) error {
				return errors.New("needs rooms, but there are none")
			}), nil
		},
	})
}

// Project is a two-level project on simple_map chains (40×25, seed 7).
func Project() *projects.Project {
	mk := func(d int, name string) projects.Level {
		return projects.Level{Depth: d, Name: name, Chain: &chain.Chain{Name: name, Depth: d, Width: 40, Height: 25,
			Steps: []chain.Step{{Builder: "simple_map", Params: map[string]any{"max_rooms": 10, "draw": true}}}}}
	}
	return &projects.Project{Name: "Test", Seed: 7, Levels: []projects.Level{mk(1, "One"), mk(2, "Two")}}
}

// Builders lists the builders of steps.
func Builders(steps []chain.Step) []string {
	var out []string
	for _, s := range steps {
		out = append(out, s.Builder)
	}
	return out
}

// FindAll returns the laid-out objects of type T under o that ok accepts (nil: all).
func FindAll[T fyne.CanvasObject](o fyne.CanvasObject, ok func(T) bool) []T {
	var out []T
	for _, x := range test.LaidOutObjects(o) {
		if t, is := x.(T); is && (ok == nil || ok(t)) {
			out = append(out, t)
		}
	}
	return out
}

// FindOne returns the only laid-out object of type T under o that ok accepts.
func FindOne[T fyne.CanvasObject](t testing.TB, o fyne.CanvasObject, ok func(T) bool) T {
	t.Helper()
	all := FindAll(o, ok)
	require.Len(t, all, 1)
	return all[0]
}

// OnScreen returns the visible objects of type T that ok accepts in the tree
// drawn for o (test.LaidOutObjects lays a list out anew, with rows of its own).
func OnScreen[T fyne.CanvasObject](o fyne.CanvasObject, ok func(T) bool) []T {
	var out []T
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		if t, is := o.(T); is && ok(t) {
			out = append(out, t)
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return out
}

// Overlay returns the top dialog (overlay) on the window, failing when none is shown.
func Overlay(t testing.TB, w fyne.Window) fyne.CanvasObject {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	require.NotNil(t, top, "a dialog is on screen")
	return top
}

// ButtonIn returns the laid-out button under o whose text is text.
func ButtonIn(t testing.TB, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	var texts []string
	for _, x := range test.LaidOutObjects(o) {
		if b, ok := x.(*widget.Button); ok {
			if b.Text == text {
				return b
			}
			texts = append(texts, b.Text)
		}
	}
	t.Fatalf("no button %q among %q", text, texts)
	return nil
}

// TextIn reports whether some label or rich text under o contains s.
func TextIn(o fyne.CanvasObject, s string) bool {
	for _, x := range test.LaidOutObjects(o) {
		switch v := x.(type) {
		case *widget.Label:
			if strings.Contains(v.Text, s) {
				return true
			}
		case *widget.RichText:
			if strings.Contains(v.String(), s) {
				return true
			}
		}
	}
	return false
}

// LabelWith returns the first laid-out label under o whose text contains s
// (nil: none).
func LabelWith(o fyne.CanvasObject, s string) *widget.Label {
	for _, l := range FindAll(o, func(l *widget.Label) bool { return strings.Contains(l.Text, s) }) {
		return l
	}
	return nil
}

// FormItem returns the widget of the form item labelled text in the only form under o.
func FormItem(t testing.TB, o fyne.CanvasObject, text string) fyne.CanvasObject {
	t.Helper()
	f := FindOne[*widget.Form](t, o, nil)
	for _, it := range f.Items {
		if it.Text == text {
			return it.Widget
		}
	}
	t.Fatalf("no form item %q", text)
	return nil
}

// PressKey sends key to the focused object of w's canvas.
func PressKey(t testing.TB, w fyne.Window, key fyne.KeyName) {
	t.Helper()
	f := w.Canvas().Focused()
	require.NotNil(t, f, "something has the focus")
	f.TypedKey(&fyne.KeyEvent{Name: key})
}

// Hover moves the mouse over o at pos (in o's coordinates) in window w, as
// the designer's pointer does: o (or the hoverable under it) gets MouseIn or
// MouseMoved.
func Hover(w fyne.Window, o fyne.CanvasObject, pos fyne.Position) {
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(o).Add(pos)
	test.MoveMouse(w.Canvas(), abs)
}

// Painted is a viewport a tool paints on: widgets.Viewport, or a widget
// embedding one.
type Painted interface {
	TilePos(t chain.Point) fyne.Position
	MouseDown(e *desktop.MouseEvent)
	MouseUp(e *desktop.MouseEvent)
	Dragged(e *fyne.DragEvent)
}

// Stroke drags the mouse's primary button over v through the tiles pts, as
// the pointer would: pressed on the first, moved over the others, released
// on the last.
func Stroke(v Painted, pts ...chain.Point) {
	at := func(p chain.Point) *desktop.MouseEvent {
		return &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: v.TilePos(p)}, Button: desktop.MouseButtonPrimary}
	}
	v.MouseDown(at(pts[0]))
	for _, p := range pts[1:] {
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: v.TilePos(p)}})
	}
	v.MouseUp(at(pts[len(pts)-1]))
}

// Key sends key to w as the window does: to the focused object, else to the
// canvas's own key handler (the editor's history keys).
func Key(w fyne.Window, key fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: key}
	if f := w.Canvas().Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	if h := w.Canvas().OnTypedKey(); h != nil {
		h(ev)
	}
}

// Choose picks value in the dropdown sel as a designer does: a tap opens its
// list, the arrow keys walk down to the value and Enter chooses it.
func Choose(t testing.TB, w fyne.Window, sel fyne.Tappable, options []string, value string) {
	t.Helper()
	i := slices.Index(options, value)
	require.GreaterOrEqual(t, i, 0, "%q is one of the options %q", value, options)
	test.Tap(sel)
	menu := w.Canvas().Focused()
	require.NotNil(t, menu, "the list of options has the keys")
	for range i + 1 {
		menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	}
	menu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
}
