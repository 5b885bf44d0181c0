package statsview

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/projects/stats"
	"hewn/ui/internal/uitest"
)

// replay is a replay the panel asked for.
type replay struct {
	seed  uint64
	depth int
	keys  string
}

// fakeHost sweeps level li of the example project with the default pack and
// records the seeds and replays the panel opens.
type fakeHost struct {
	p       *projects.Project
	li      int
	q       *uitest.Queue
	opened  []uint64
	replays []replay
}

func (h *fakeHost) Target() (stats.Target, bool) {
	if h.li < 0 {
		return stats.Target{}, false
	}
	return stats.LevelTarget(h.p, h.li, content.Default().Roller(), h.p.Levels[h.li].Name), true
}

func (h *fakeHost) BalanceTarget(bot string, depths []int, maxTurns int) (stats.BalanceTarget, bool) {
	var have []int
	for _, d := range depths {
		if h.p.LevelByDepth(d) >= 0 {
			have = append(have, d)
		}
	}
	if len(have) == 0 {
		return stats.BalanceTarget{}, false
	}
	return stats.BalanceTarget{Name: h.p.Name, Project: h.p, Depths: have, Bot: bot, MaxTurns: maxTurns}, true
}

func (h *fakeHost) OpenSeed(m uint64) { h.opened = append(h.opened, m) }
func (h *fakeHost) OpenReplay(m uint64, d int, k string) {
	h.replays = append(h.replays, replay{m, d, k})
}
func (h *fakeHost) Post(f func()) { h.q.Post(f) }

// newPanel is the panel over the example project's level at depth, in a window.
func newPanel(t *testing.T, depth int) (*Panel, *fakeHost) {
	t.Helper()
	test.NewTempApp(t)
	p, err := projects.Example()
	require.NoError(t, err)
	h := &fakeHost{p: p, li: p.LevelByDepth(depth), q: &uitest.Queue{}}
	pn := New(h)
	w := test.NewTempWindow(t, pn)
	w.Resize(fyne.NewSize(900, 800))
	return pn, h
}

// widgetsIn returns the laid-out widgets of type T under o, in order.
func widgetsIn[T fyne.CanvasObject](o fyne.CanvasObject) []T { return uitest.FindAll[T](o, nil) }

// The Statistics panel sweeps the selected level over 50 seeds (typed into
// its form, Run tapped), shows the histogram and expressive range, and a
// click on the worst seed asks the editor to open that seed.
func TestStatisticsPanelSweeps50SeedsAndOpensTheWorst(t *testing.T) {
	panel, h := newPanel(t, 3) // limestone caverns
	form := rowWith(t, panel, "Seeds")
	entries := widgetsIn[*widget.Entry](form)
	require.Len(t, entries, 2, "seeds and the first seed")
	entries[0].SetText("50")
	entries[1].SetText("100")
	bar := widgetsIn[*widget.ProgressBar](panel)
	require.Len(t, bar, 1)
	assert.False(t, bar[0].Visible(), "no bar before a sweep runs")
	done := make(chan struct{}, 1)
	panel.onDone = func() { done <- struct{}{} }
	test.Tap(uitest.ButtonIn(t, form, "Run"))
	assert.True(t, bar[0].Visible(), "the bar shows once the sweep runs")
	require.True(t, h.q.DrainUntil(done, 2*time.Minute), "the sweep finished")
	r := panel.report
	require.NotNil(t, r)
	assert.Equal(t, 50, r.Maps)
	assert.EqualValues(t, 100, r.From)
	assert.Equal(t, 1.0, widgetsIn[*widget.ProgressBar](panel)[0].Value)
	assert.True(t, uitest.TextIn(panel, "50 maps"))
	n := 0
	for _, row := range heat(r, stats.FloorShare, stats.PathLength) {
		for _, c := range row {
			n += c
		}
	}
	assert.Equal(t, 50-r.Failures.Count, n, "the expressive range counts every map")

	// the worst seed for floor share opens
	worstCard := cardIn(t, panel, "Worst seeds (click to open)")
	widgetsIn[*widget.Select](worstCard)[0].SetSelected(stats.FloorShare)
	var first *widget.Button
	for _, b := range widgetsIn[*widget.Button](worstCard) {
		if strings.HasPrefix(b.Text, "seed ") && first == nil {
			first = b
		}
	}
	require.NotNil(t, first)
	worst := r.Worst(stats.FloorShare, 1, false)[0]
	test.Tap(first)
	assert.Equal(t, []uint64{worst.Seed}, h.opened)
}

func TestSweepRefusesBadFormValues(t *testing.T) {
	panel, h := newPanel(t, 3)
	entries := widgetsIn[*widget.Entry](rowWith(t, panel, "Seeds"))
	entries[0].SetText("0")
	panel.sweep()
	assert.True(t, uitest.TextIn(panel, `Seeds: "0" is not a count from 1 to 1000000.`))
	entries[0].SetText("5")
	entries[1].SetText("-1")
	panel.sweep()
	assert.True(t, uitest.TextIn(panel, `From: "-1" is not a seed`))
	entries[1].SetText("1")
	h.li = -1
	panel.sweep()
	assert.True(t, uitest.TextIn(panel, "There is no level to sweep."))
}

// The Balance view runs the explorer over 20 seeds of the woods and asks the
// editor to replay a death: the bot's keys from that seed end in its death.
func TestBalanceViewOver20SeedsOpensADeathReplay(t *testing.T) {
	panel, h := newPanel(t, 3)
	entry := func(initial string) *widget.Entry {
		for _, en := range widgetsIn[*widget.Entry](panel) {
			if en.Text == initial {
				return en
			}
		}
		t.Fatalf("no entry showing %q", initial)
		return nil
	}
	entry("200").SetText("20") // seeds
	entry("1-10").SetText("2") // depths
	done := make(chan struct{}, 1)
	panel.balance.onDone = func() { done <- struct{}{} }
	test.Tap(uitest.ButtonIn(t, panel, "Run bots"))
	if !h.q.DrainUntil(done, 2*time.Minute) {
		var all []string
		for _, l := range widgetsIn[*widget.Label](panel) {
			all = append(all, l.Text)
		}
		t.Fatalf("no balance report; the panel says: %q", all)
	}
	r := panel.balance.report
	require.NotNil(t, r)
	require.Len(t, r.Depths, 1)
	assert.Equal(t, 20, r.Depths[0].Runs+r.Depths[0].Failed)
	assert.True(t, uitest.TextIn(panel, "depth 2: survived"))
	var death *widget.Button
	for _, b := range widgetsIn[*widget.Button](panel) {
		if strings.Contains(b.Text, "killed by") && death == nil {
			death = b
		}
	}
	require.NotNil(t, death, "the explorer dies somewhere in the woods")
	test.Tap(death)
	require.Len(t, h.replays, 1)
	rp := h.replays[0]
	assert.Equal(t, 2, rp.depth)
	g, err := play.New(h.p, nil, rp.seed, rp.depth)
	require.NoError(t, err)
	require.NoError(t, g.KeysString(rp.keys))
	assert.False(t, g.Alive(), "the replay ends where the bot died")
	assert.Equal(t, 2, g.Depth)
}
