package stats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

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

// BalanceReport is a balance sweep's result; like Report, shards merge into
// exactly one run's report (timings aside).
type BalanceReport struct {
	Target string         `json:"target"`
	Bot    string         `json:"bot"`
	Turns  int            `json:"max_turns"`
	From   uint64         `json:"from"`
	Seeds  int            `json:"seeds"`
	Shards int            `json:"shards,omitempty"`
	Shard  []int          `json:"shard,omitempty"`
	Depths []DepthBalance `json:"depths"`
	Timing []Timing       `json:"timing,omitempty"`
}

// Balance lets t's bot play every depth of t over the seeds o selects.
func Balance(ctx context.Context, t BalanceTarget, o Options) (*BalanceReport, error) {
	if _, err := play.NewBot(t.Bot); err != nil {
		return nil, err
	}
	if o.Shards > 1 && (o.Shard < 0 || o.Shard >= o.Shards) {
		return nil, fmt.Errorf("stats: shard %d is not in 0..%d", o.Shard, o.Shards-1)
	}
	seeds := o.seeds()
	type job struct{ d, s int }
	var jobs []job
	for d := range t.Depths {
		for s := range seeds {
			jobs = append(jobs, job{d, s})
		}
	}
	out := make([][]BotSample, len(t.Depths))
	for d := range out {
		out[d] = make([]BotSample, len(seeds))
	}
	tm, err := parallel(ctx, len(jobs), o, func() struct{} { return struct{}{} }, func(_ struct{}, i int) {
		j := jobs[i]
		out[j.d][j.s] = botSample(t, t.Depths[j.d], seeds[j.s])
	})
	if err != nil {
		return nil, err
	}
	r := &BalanceReport{Target: t.Name, Bot: t.Bot, Turns: t.MaxTurns, From: o.From, Seeds: o.Seeds}
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
		var turns, damage, items []float64
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
				turns = append(turns, float64(run.Turns))
			}
			damage = append(damage, float64(run.Damage))
			items = append(items, float64(run.Items))
			for k, n := range run.Kills {
				d.Kills[k] += n
			}
		}
		if d.Runs > 0 {
			d.Survival = float64(survived) / float64(d.Runs)
			d.ReachedExit = float64(reached) / float64(d.Runs)
		}
		d.TurnsToExit, d.Damage, d.Items = summary(turns), summary(damage), summary(items)
	}
}

// MergeBalance combines shard reports of one balance sweep into the report
// one run would give; their timings are kept side by side.
func MergeBalance(reports ...*BalanceReport) (*BalanceReport, error) {
	if len(reports) == 0 {
		return nil, errors.New("stats: nothing to merge")
	}
	f := reports[0]
	out := &BalanceReport{Target: f.Target, Bot: f.Bot, Turns: f.Turns, From: f.From, Seeds: f.Seeds, Shards: f.Shards}
	shards := map[int]bool{}
	byDepth := map[int]*DepthBalance{}
	var order []int
	for i, r := range reports {
		if r.Target != f.Target || r.Bot != f.Bot || r.Turns != f.Turns || r.From != f.From || r.Seeds != f.Seeds || r.Shards != f.Shards {
			return nil, fmt.Errorf("stats: report %d is of another balance sweep", i+1)
		}
		for _, s := range r.Shard {
			if shards[s] {
				return nil, fmt.Errorf("stats: shard %d appears twice", s)
			}
			shards[s] = true
		}
		for _, d := range r.Depths {
			m, ok := byDepth[d.Depth]
			if !ok {
				m = &DepthBalance{Depth: d.Depth}
				byDepth[d.Depth] = m
				order = append(order, d.Depth)
			}
			seen := map[uint64]bool{}
			for _, s := range m.Samples {
				seen[s.Seed] = true
			}
			for _, s := range d.Samples {
				if seen[s.Seed] {
					return nil, fmt.Errorf("stats: depth %d, seed %d appears in two reports", d.Depth, s.Seed)
				}
				m.Samples = append(m.Samples, s)
			}
		}
		out.Timing = append(out.Timing, r.Timing...)
	}
	for _, d := range order {
		out.Depths = append(out.Depths, *byDepth[d])
	}
	if len(shards) == out.Shards {
		out.Shards = 0
	} else {
		out.Shard = slices.Sorted(maps.Keys(shards))
	}
	out.summarise()
	return out, nil
}
