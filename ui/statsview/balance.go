package statsview

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain/jsonfile"
	"hewn/projects/play"
	"hewn/projects/stats"
	"hewn/ui/internal/widgets"
)

// balanceView lets a bot play every depth over many seeds and shows, per
// depth, survival and turns as bars, deaths by creature, and for a chosen
// depth the seeds where the bot died, each opening as a replay.
type balanceView struct {
	p       *Panel
	h       Host
	bot     *widget.Select
	depths  *widget.Entry
	run     *widget.Button
	rates   *widgets.Chart
	killers *widgets.Chart
	lines   *widget.Label
	depth   *widget.Select
	deaths  *fyne.Container
	report  *stats.BalanceReport
	obj     fyne.CanvasObject
	running context.CancelFunc
	// onDone is called when a balance report is shown (tests).
	onDone func()
}

func newBalanceView(p *Panel, h Host) *balanceView {
	b := &balanceView{p: p, h: h}
	b.bot = widget.NewSelect(play.BotNames, nil)
	b.bot.SetSelected("explorer")
	b.depths = widget.NewEntry()
	b.depths.SetText("1-10")
	b.run = widget.NewButtonWithIcon("Run bots", theme.MediaPlayIcon(), b.sweep)
	b.rates = widgets.NewChart(rateMin)
	b.rates.SetChart(waiting("Survival and exit rate per depth: run the bots"))
	b.killers = widgets.NewChart(deathMin)
	b.killers.SetChart(waiting("Deaths by creature per depth: run the bots"))
	b.lines = widget.NewLabel("Bots play each depth over the seeds above, with the player's keys and knowledge.")
	b.lines.Wrapping = fyne.TextWrapWord
	b.depth = widget.NewSelect(nil, func(string) { b.showDeaths() })
	b.deaths = container.NewVBox()
	b.obj = widget.NewCard("", "Balance (survival and deaths per depth; died: click to replay)", container.NewVBox(
		container.NewHBox(b.bot, widget.NewLabel("depths"), sized(b.depths, 80), b.run),
		b.rates, b.killers, b.lines,
		container.NewBorder(nil, nil, widget.NewLabel("Deaths at depth"), nil, b.depth), b.deaths))
	return b
}

// parseDepths reads "A-B" or "D".
func parseDepths(s string) ([]int, error) {
	a, c, rng := strings.Cut(strings.TrimSpace(s), "-")
	lo, err := strconv.Atoi(a)
	hi := lo
	if err == nil && rng {
		hi, err = strconv.Atoi(c)
	}
	if err != nil || lo < 0 || hi < lo || hi-lo > 100 {
		return nil, fmt.Errorf("depths: %q is not D or A-B", s)
	}
	var out []int
	for d := lo; d <= hi; d++ {
		out = append(out, d)
	}
	return out, nil
}

// sweep starts the balance sweep in the background.
func (b *balanceView) sweep() {
	n, err := strconv.Atoi(b.p.seeds.Text)
	from, err2 := strconv.ParseUint(b.p.from.Text, 10, 64)
	depths, err3 := parseDepths(b.depths.Text)
	switch {
	case err != nil || n < 1 || n > 100_000:
		b.lines.SetText(fmt.Sprintf("Seeds: %q is not a count from 1 to 100000.", b.p.seeds.Text))
		return
	case err2 != nil:
		b.lines.SetText(fmt.Sprintf("From: %q is not a seed.", b.p.from.Text))
		return
	case err3 != nil:
		b.lines.SetText(err3.Error())
		return
	}
	t, ok := b.h.BalanceTarget(b.bot.Selected, depths, 3000)
	if !ok {
		b.lines.SetText("The project has no level at those depths.")
		return
	}
	if b.running != nil {
		b.running()
	}
	ctx, cancel := context.WithCancel(context.Background())
	b.running = cancel
	b.lines.SetText(fmt.Sprintf("The %s plays %s × %s…", t.Bot, jsonfile.Count(len(depths), "depth"), jsonfile.Count(n, "seed")))
	b.p.job.bar.SetValue(0)
	b.p.job.bar.Show()
	progress := func(done, total int) {
		if done%max(1, total/100) == 0 || done == total {
			b.h.Post(func() { b.p.advance(done, total) })
		}
	}
	go func() {
		r, err := stats.Balance(ctx, t, stats.Options{From: from, Seeds: n, Progress: progress})
		b.h.Post(func() {
			if ctx.Err() != nil {
				return
			}
			cancel()
			if err != nil {
				b.lines.SetText("Balance stopped: " + err.Error())
				return
			}
			b.p.job.bar.SetValue(1)
			b.show(r)
			if b.onDone != nil {
				b.onDone()
			}
		})
	}()
}

// show draws a report: survival and exit rates per depth, deaths by
// creature per depth, a line per depth, and the depth choice for deaths.
func (b *balanceView) show(r *stats.BalanceReport) {
	b.report = r
	var text []string
	var names []string
	for _, d := range r.Depths {
		deaths := make([]string, 0, len(d.Deaths))
		for k, c := range d.Deaths {
			deaths = append(deaths, fmt.Sprintf("%s %d", k, c))
		}
		sort.Strings(deaths)
		line := fmt.Sprintf("depth %d: survived %.0f%%, reached the exit %.0f%% (median %.0f turns), damage %.1f",
			d.Depth, 100*d.Survival, 100*d.ReachedExit, d.TurnsToExit.P50, d.Damage.Mean)
		if len(deaths) > 0 {
			line += "; deaths: " + strings.Join(deaths, ", ")
		}
		text = append(text, line)
		names = append(names, strconv.Itoa(d.Depth))
	}
	b.rates.SetChart(balanceChart(r))
	b.killers.SetChart(deathsChart(r))
	b.lines.SetText(strings.Join(text, "\n"))
	b.depth.Options = names
	if len(names) > 0 {
		b.depth.SetSelected(names[0])
	}
	b.depth.Refresh()
	b.showDeaths()
}

// showDeaths lists the seeds where the bot died on the chosen depth.
func (b *balanceView) showDeaths() {
	b.deaths.Objects = nil
	if b.report == nil {
		return
	}
	for _, d := range b.report.Depths {
		if strconv.Itoa(d.Depth) != b.depth.Selected {
			continue
		}
		for _, s := range d.Samples {
			if s.Run == nil || s.Run.Survived {
				continue
			}
			seed, depth, keys := s.Seed, d.Depth, s.Run.Keys
			btn := widget.NewButton(fmt.Sprintf("seed %d: killed by %s after %s", seed, s.Run.Killer, jsonfile.Count(s.Run.Turns, "turn")),
				func() { b.h.OpenReplay(seed, depth, keys) })
			btn.Alignment = widget.ButtonAlignLeading
			b.deaths.Add(btn)
		}
	}
	b.deaths.Refresh()
}
