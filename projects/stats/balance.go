package stats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
)

// BalanceTarget is what a balance sweep plays: a project's depths, each over
// many master seeds, by a bot.
type BalanceTarget struct {
	Name    string
	Project *projects.Project
	Pack    *content.Pack
	Depths  []int
	// Bot names the bot (play.BotNames); MaxTurns bounds each run.
	Bot      string
	MaxTurns int
}

// BotSample is one seed's run of one depth.
type BotSample struct {
	Seed  uint64       `json:"seed"`
	Error string       `json:"error,omitempty"`
	Run   *play.BotRun `json:"run,omitempty"`
}

// DepthBalance is how a bot fared on one depth over the sweep's seeds.
type DepthBalance struct {
	Depth int `json:"depth"`
	Runs  int `json:"runs"`
	// Survival is the share of runs the bot survived; ReachedExit the share
	// in which it took the stairs.
	Survival    float64 `json:"survival_rate"`
	ReachedExit float64 `json:"reached_exit_rate"`
	// TurnsToExit summarises the runs that reached the exit.
	TurnsToExit Summary `json:"turns_to_exit"`
	Damage      Summary `json:"damage_taken"`
	Items       Summary `json:"items_picked_up"`
	// Kills and Deaths count by creature over all runs.
	Kills   map[string]int `json:"kills_by_creature"`
	Deaths  map[string]int `json:"deaths_by_creature"`
	Failed  int            `json:"failed"`
	Samples []BotSample    `json:"samples"`
}

// MaxTurns is the most turns a balance sweep lets a bot play a level.
const MaxTurns = 1_000_000

// BalanceReport is a balance sweep's result (format hewn.balance/1); like
// Report, shards merge into exactly one run's report (timings aside). It
// keeps every run (the editor replays deaths from their keys).
type BalanceReport struct {
	Format string         `json:"format"`
	Target string         `json:"target"`
	Bot    string         `json:"bot"`
	Turns  int            `json:"max_turns"`
	From   uint64         `json:"from"`
	Seeds  int            `json:"seeds"`
	Shards int            `json:"shards,omitempty"`
	Shard  []int          `json:"shard,omitempty"`
	Depths []DepthBalance `json:"depths"`
	Timing []Timing       `json:"timing,omitempty"`

	// Source names the file the report was read from, for MergeBalance's
	// errors.
	Source string `json:"-"`
}

// Balance lets t's bot play every depth of t over the seeds o selects (a
// seed list is not supported).
func Balance(ctx context.Context, t BalanceTarget, o Options) (*BalanceReport, error) {
	if _, err := play.NewBot(t.Bot); err != nil {
		return nil, err
	}
	if o.List != nil {
		return nil, errors.New("stats: a balance sweep runs a range of seeds, not a list")
	}
	if t.MaxTurns < 1 || t.MaxTurns > MaxTurns {
		return nil, fmt.Errorf("stats: %d turns is out of range [1, %d]", t.MaxTurns, MaxTurns)
	}
	sw, err := o.plan()
	if err != nil {
		return nil, err
	}
	n := sw.count()
	out := make([][]BotSample, len(t.Depths))
	for d := range out {
		out[d] = make([]BotSample, n)
	}
	tm, _, err := parallel(ctx, len(t.Depths)*n, o, func() struct{} { return struct{}{} }, func(_ struct{}, i int) {
		d, s := i/n, i%n
		out[d][s] = botSample(t, t.Depths[d], sw.seed(s))
	})
	if err != nil {
		return nil, err
	}
	r := &BalanceReport{Format: BalanceFormat, Target: t.Name, Bot: t.Bot, Turns: t.MaxTurns, From: o.From, Seeds: o.Seeds}
	if o.Shards > 1 {
		r.Shards, r.Shard = o.Shards, []int{o.Shard}
	}
	for d, depth := range t.Depths {
		r.Depths = append(r.Depths, DepthBalance{Depth: depth, Samples: out[d]})
	}
	r.summarise()
	r.Timing = []Timing{tm}
	return r, nil
}

// botSample plays depth with master seed m.
func botSample(t BalanceTarget, depth int, m uint64) BotSample {
	g, err := play.New(t.Project, t.Pack, m, depth)
	if err != nil {
		return BotSample{Seed: m, Error: err.Error()}
	}
	b, _ := play.NewBot(t.Bot)
	run := play.PlayBot(g, b, t.MaxTurns)
	return BotSample{Seed: m, Run: &run}
}

// summarise computes each depth's figures from its samples (sorted by seed).
func (r *BalanceReport) summarise() {
	for i := range r.Depths {
		d := &r.Depths[i]
		slices.SortFunc(d.Samples, func(a, b BotSample) int { return cmp.Compare(a.Seed, b.Seed) })
		d.Runs, d.Failed = 0, 0
		d.Kills, d.Deaths = map[string]int{}, map[string]int{}
		turns, damage, items := newDist(false, false), newDist(false, false), newDist(false, false)
		survived, reached := 0, 0
		for _, s := range d.Samples {
			if s.Run == nil {
				d.Failed++
				continue
			}
			d.Runs++
			run := s.Run
			if run.Survived {
				survived++
			} else {
				d.Deaths[run.Killer]++
			}
			if run.Reached {
				reached++
				turns.add(s.Seed, float64(run.Turns))
			}
			damage.add(s.Seed, float64(run.Damage))
			items.add(s.Seed, float64(run.Items))
			for k, n := range run.Kills {
				d.Kills[k] += n
			}
		}
		d.Survival, d.ReachedExit = 0, 0
		if d.Runs > 0 {
			d.Survival = float64(survived) / float64(d.Runs)
			d.ReachedExit = float64(reached) / float64(d.Runs)
		}
		d.TurnsToExit, d.Damage, d.Items = turns.summary(), damage.summary(), items.summary()
	}
}

// DecodeBalance reads a balance report: the current format (hewn.balance/1)
// or an older one (no "format"). Like DecodeReport it refuses what cannot be
// a report of one sweep (a bound passed, a shard or a seed outside the sweep,
// a seed twice in a depth, an unknown bot), locating the problem.
func DecodeBalance(data []byte) (*BalanceReport, error) {
	body, err := jsonfile.Check(data)
	if err != nil {
		return nil, err
	}
	r := new(BalanceReport)
	if err := jsonfile.Unmarshal(body, r); err != nil {
		return nil, err
	}
	if r.Format == "" {
		r.Format = BalanceFormat // an older report: the same fields
	} else if _, err := kindOf(r.Format, KindBalance); err != nil {
		return nil, err
	}
	if err := r.check(); err != nil {
		return nil, err
	}
	r.summarise()
	return r, nil
}

// check checks r's sweep and runs (everything MergeBalance adds up; the
// figures are computed again from the runs).
func (r *BalanceReport) check() error {
	c := &checker{}
	if r.Format != BalanceFormat {
		c.add(jsonfile.FormatKey, "%q is not %s", r.Format, BalanceFormat)
		return c.err()
	}
	h := header{Target: r.Target, From: r.From, Seeds: r.Seeds, Shards: r.Shards, Shard: r.Shard}
	set, runs, ok := checkHeader(c, h)
	if !slices.Contains(play.BotNames, r.Bot) {
		c.add("bot", "unknown bot %q (want %s)", r.Bot, strings.Join(play.BotNames, " or "))
	}
	c.within("max_turns", int64(r.Turns), 1, MaxTurns)
	if len(r.Depths) > MaxDepth+1 {
		c.add("depths", "%d depths; at most %d", len(r.Depths), MaxDepth+1)
	}
	if !ok || len(c.ps) > 0 {
		return c.err()
	}
	belongs := member(h, set)
	seen := map[int]bool{}
	for i, d := range r.Depths {
		p := fmt.Sprintf("depths[%d]", i)
		if !c.within(p+".depth", int64(d.Depth), 0, MaxDepth) {
			continue
		}
		if seen[d.Depth] {
			c.add(p+".depth", "depth %d appears twice", d.Depth)
			continue
		}
		seen[d.Depth] = true
		if int64(len(d.Samples)) != runs {
			c.add(p+".samples", "%d runs; the sweep's shards ran %d seeds", len(d.Samples), runs)
			continue
		}
		for j, s := range d.Samples {
			sp := fmt.Sprintf("%s.samples[%d]", p, j)
			if why := belongs(s.Seed); why != "" {
				c.add(sp+".seed", "%s", why)
				break
			}
			if j > 0 && s.Seed <= d.Samples[j-1].Seed {
				c.add(sp+".seed", "seed %d after seed %d: runs go by seed, each once", s.Seed, d.Samples[j-1].Seed)
				break
			}
			if (s.Error == "") == (s.Run == nil) {
				c.add(sp, "a run has either an error or a \"run\"")
				break
			}
			if s.Run != nil && !checkRun(c, sp+".run", *s.Run, r, d.Depth) {
				break
			}
		}
	}
	checkTiming(c, r.Timing, len(r.Shard))
	return c.err()
}

// checkRun checks one bot run of report r at depth.
func checkRun(c *checker, p string, run play.BotRun, r *BalanceReport, depth int) bool {
	n := len(c.ps)
	if run.Bot != r.Bot {
		c.add(p+".bot", "%q; the report's bot is %q", run.Bot, r.Bot)
	}
	if run.Depth != depth {
		c.add(p+".depth", "%d; the run is of depth %d", run.Depth, depth)
	}
	c.within(p+".turns", int64(run.Turns), 0, MaxTurns)
	c.within(p+".damage_taken", int64(run.Damage), 0, MaxValue)
	c.within(p+".items_picked_up", int64(run.Items), -MaxValue, MaxValue) // items used count against it
	if len(run.Keys) > MaxValue {
		c.add(p+".keys", "%d keys; at most %d", len(run.Keys), MaxValue)
	}
	if len(run.Kills) > MaxNames {
		c.add(p+".kills", "%d names; at most %d", len(run.Kills), MaxNames)
	}
	for _, k := range slices.Sorted(maps.Keys(run.Kills)) {
		if k == "" {
			c.add(p+".kills", "a name is empty")
		} else {
			c.within(p+".kills."+k, int64(run.Kills[k]), 1, MaxValue)
		}
	}
	if run.Survived != (run.Killer == "") {
		c.add(p+".killed_by", "%q: a run that survived names no killer, one that did not names it", run.Killer)
	}
	return len(c.ps) == n
}

// MergeBalance combines shard reports of one balance sweep into the report
// one run would give, their timings kept side by side. Every report is
// checked as DecodeBalance checks it; an error names the report at fault
// (its Source, else "report N").
func MergeBalance(reports ...*BalanceReport) (*BalanceReport, error) {
	if len(reports) == 0 {
		return nil, errors.New("stats: nothing to merge")
	}
	f := reports[0]
	out := &BalanceReport{Format: BalanceFormat, Target: f.Target, Bot: f.Bot, Turns: f.Turns, From: f.From, Seeds: f.Seeds, Shards: f.Shards}
	owner := map[int]int{}
	byDepth := map[int]*DepthBalance{}
	seen := map[int]map[uint64]bool{}
	var order []int
	for i, r := range reports {
		if err := r.check(); err != nil {
			return nil, inReport(r.Source, i, err)
		}
		if r.Target != f.Target || r.Bot != f.Bot || r.Turns != f.Turns || r.From != f.From || r.Seeds != f.Seeds || r.Shards != f.Shards {
			return nil, inReport(r.Source, i, fmt.Errorf("is of another balance sweep (%q, %s bot, %d turns, seeds %d+%d, %d shards; %s is of %q, %s bot, %d turns, seeds %d+%d, %d shards)",
				r.Target, r.Bot, r.Turns, r.From, r.Seeds, r.Shards, reportName(f.Source, 0), f.Target, f.Bot, f.Turns, f.From, f.Seeds, f.Shards))
		}
		if r.Shards == 0 && len(reports) > 1 {
			return nil, inReport(r.Source, i, errors.New("holds the whole sweep: there is nothing to merge it with"))
		}
		for _, s := range r.Shard {
			if j, ok := owner[s]; ok {
				return nil, inReport(r.Source, i, fmt.Errorf("shard %d of %d is also in %s", s, r.Shards, reportName(reports[j].Source, j)))
			}
			owner[s] = i
		}
		var depths []int
		for _, d := range r.Depths {
			depths = append(depths, d.Depth)
		}
		if i == 0 {
			order = depths
		} else if !slices.Equal(depths, order) {
			return nil, inReport(r.Source, i, fmt.Errorf("plays depths %v; %s plays %v", depths, reportName(f.Source, 0), order))
		}
		for _, d := range r.Depths {
			m, ok := byDepth[d.Depth]
			if !ok {
				m = &DepthBalance{Depth: d.Depth}
				byDepth[d.Depth] = m
				seen[d.Depth] = map[uint64]bool{}
			}
			for _, s := range d.Samples {
				if seen[d.Depth][s.Seed] {
					return nil, inReport(r.Source, i, fmt.Errorf("depth %d, seed %d is also in an earlier report", d.Depth, s.Seed))
				}
				seen[d.Depth][s.Seed] = true
				m.Samples = append(m.Samples, s)
			}
		}
		out.Timing = append(out.Timing, r.Timing...)
	}
	for _, d := range order {
		out.Depths = append(out.Depths, *byDepth[d])
	}
	if len(owner) == out.Shards {
		out.Shards = 0
	} else {
		out.Shard = slices.Sorted(maps.Keys(owner))
	}
	out.summarise()
	return out, nil
}
