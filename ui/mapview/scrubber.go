package mapview

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/ui/internal/widgets"
)

// playSpeeds are the playback delays offered, in milliseconds (the tutorial plays at 250).
var playSpeeds = []string{"50 ms", "100 ms", "250 ms", "500 ms", "1000 ms"}

// scrubber steps through a run's snapshot history: a slider over every
// snapshot, first/back/play/forward/last buttons, a playback speed, and a label
// naming the step (its path shows sub-chain nesting), the builder and the
// snapshot's label.
type scrubber struct {
	hist   *chain.History
	cur    int
	slider *widget.Slider
	label  *widget.Label
	play   *widgets.IconButton
	speed  *widgets.Select
	delay  time.Duration
	// chart plots floor share, regions and spawns along the history.
	chart *historyChart
	post  func(func())
	// OnShow is called with the snapshot index to show.
	OnShow func(i int)

	mu      sync.Mutex
	stop    chan struct{}
	playing bool
	obj     fyne.CanvasObject
	syncing bool
	prefix  string // put before the label ("Failed run · ")
}

// SetPrefix sets the text put before the snapshot label and relabels.
func (s *scrubber) SetPrefix(p string) {
	if p == s.prefix {
		return
	}
	s.prefix = p
	if s.Len() > 0 {
		widgets.SetText(s.label, p+snapshotLabel(s.hist, s.cur))
	}
}

func newScrubber(post func(func())) *scrubber {
	s := &scrubber{post: post, delay: 250 * time.Millisecond}
	s.slider = widget.NewSlider(0, 1)
	s.slider.Step = 1
	s.slider.OnChanged = func(v float64) {
		if !s.syncing {
			s.Show(int(v + 0.5))
		}
	}
	s.label = widget.NewLabel("No history yet")
	s.label.Truncation = fyne.TextTruncateEllipsis
	btn := func(icon fyne.Resource, tip string, f func()) *widgets.IconButton {
		return widgets.NewIconButton(icon, tip, f)
	}
	first := btn(theme.MediaSkipPreviousIcon(), "First snapshot (Home)", func() { s.Pause(); s.Show(0) })
	back := btn(theme.NavigateBackIcon(), "Previous snapshot (←)", func() { s.Pause(); s.Step(-1) })
	s.play = btn(theme.MediaPlayIcon(), "Play or pause the history (Space)", s.Toggle)
	fwd := btn(theme.NavigateNextIcon(), "Next snapshot (→)", func() { s.Pause(); s.Step(1) })
	last := btn(theme.MediaSkipNextIcon(), "Last snapshot (End)", func() { s.Pause(); s.Show(s.Len() - 1) })
	s.speed = widgets.NewSelect(playSpeeds, func(v string) {
		ms, err := strconv.Atoi(strings.TrimSuffix(v, " ms"))
		if err == nil && ms > 0 {
			s.mu.Lock()
			s.delay = time.Duration(ms) * time.Millisecond
			s.mu.Unlock()
		}
	})
	s.speed.SetSelected("250 ms")
	buttons := container.NewHBox(first, back, s.play, fwd, last)
	s.chart = newHistoryChart(post)
	s.chart.OnPick = func(i int) { s.Pause(); s.Show(i) }
	s.obj = container.NewVBox(
		container.NewBorder(nil, nil, buttons, s.speed, s.slider),
		s.chart.obj,
		s.label)
	s.SetHistory(nil, 0)
	return s
}

// Len returns the number of snapshots.
func (s *scrubber) Len() int {
	if s.hist == nil {
		return 0
	}
	return s.hist.Len()
}

// Current returns the shown snapshot's index.
func (s *scrubber) Current() int { return s.cur }

// SetHistory switches to h and shows snapshot i (clamped).
func (s *scrubber) SetHistory(h *chain.History, i int) {
	if h != s.hist {
		s.chart.set(h)
	}
	s.hist = h
	n := s.Len()
	s.syncing = true
	s.slider.Max = float64(max(n-1, 1))
	s.syncing = false
	if n == 0 {
		s.cur = 0
		widgets.SetText(s.label, "No snapshots: the chain has not made a map yet.")
		s.slider.Disable()
		return
	}
	s.slider.Enable()
	s.Show(i)
}

// Show shows snapshot i (clamped to the history).
func (s *scrubber) Show(i int) {
	n := s.Len()
	if n == 0 {
		return
	}
	i = min(max(i, 0), n-1)
	s.cur = i
	s.syncing = true
	s.slider.SetValue(float64(i))
	s.syncing = false
	widgets.SetText(s.label, s.prefix+snapshotLabel(s.hist, i))
	s.chart.mark(i)
	if s.OnShow != nil {
		s.OnShow(i)
	}
}

// Step moves by d snapshots.
func (s *scrubber) Step(d int) { s.Show(s.cur + d) }

// snapshotLabel reads "12/40 · steps[3].params.steps[0] ↳ bsp_dungeon · iteration 3".
func snapshotLabel(h *chain.History, i int) string {
	ref, label := h.StepOf(i)
	b := strings.Builder{}
	fmt.Fprintf(&b, "%d/%d · %s · ", i+1, h.Len(), ref.Path)
	if ref.Depth > 0 {
		b.WriteString(strings.Repeat("↳ ", ref.Depth) + "in sub-chain of step " + strconv.Itoa(ref.Index+1) + " · ")
	}
	b.WriteString(ref.Builder)
	if label != "" {
		b.WriteString(" · " + label)
	} else if h.LastOf(ref.Index) == i {
		b.WriteString(" · done")
	}
	return b.String()
}

// Toggle plays or pauses.
func (s *scrubber) Toggle() {
	if s.Playing() {
		s.Pause()
	} else {
		s.Play()
	}
}

// Playing reports whether playback runs.
func (s *scrubber) Playing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.playing
}

// Play starts playback from the current snapshot (from the start when at the end).
func (s *scrubber) Play() {
	if s.Len() < 2 || s.Playing() {
		return
	}
	if s.cur >= s.Len()-1 {
		s.Show(0)
	}
	s.mu.Lock()
	s.playing = true
	stop := make(chan struct{})
	s.stop = stop
	s.mu.Unlock()
	s.play.SetIcon(theme.MediaPauseIcon())
	go func() {
		for {
			s.mu.Lock()
			d := s.delay
			s.mu.Unlock()
			select {
			case <-stop:
				return
			case <-time.After(d):
			}
			s.post(func() {
				select {
				case <-stop:
					return
				default:
				}
				if s.cur >= s.Len()-1 {
					s.Pause()
					return
				}
				s.Step(1)
			})
		}
	}()
}

// Pause stops playback.
func (s *scrubber) Pause() {
	s.mu.Lock()
	if !s.playing {
		s.mu.Unlock()
		return
	}
	s.playing = false
	close(s.stop)
	s.mu.Unlock()
	s.play.SetIcon(theme.MediaPlayIcon())
}

// Delay is the playback delay per snapshot (the speed selector's value).
func (s *scrubber) Delay() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.delay
}
