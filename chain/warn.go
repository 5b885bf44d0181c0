package chain

import (
	"context"
	"fmt"
)

// Warning is something suspicious a run noticed that did not stop it: glyphs
// of a prefab file the legend does not know, painted cells off the map, an
// exit the start cannot reach. Step is the step it concerns (its Path is ""
// when it concerns the level as a whole).
type Warning struct {
	Step StepRef
	Msg  string
	// CutExit marks an exit the start cannot reach (Step, when named, is the
	// step that cut it off): the level cannot be finished.
	CutExit bool
}

// String reads "steps[3] room_corner_rounder: message" (just the message
// when the warning names no step).
func (w Warning) String() string {
	if w.Step.Path == "" {
		return w.Msg
	}
	return w.Step.Path + " " + w.Step.Builder + ": " + w.Msg
}

// Warn records a warning about the running step; the run's Result lists it.
func (s *State) Warn(msg string) {
	if s.warns == nil {
		s.warns = new([]Warning)
	}
	*s.warns = append(*s.warns, Warning{Step: s.step, Msg: msg})
}

// Warnings returns the warnings recorded so far (by this state's steps and
// their sub-chains).
func (s *State) Warnings() []Warning {
	if s.warns == nil {
		return nil
	}
	return *s.warns
}

// reachWarnings reports each exit of res's final level that the start cannot
// reach, naming the top-level step that cut it off: the earliest step after
// which the exit (where it finally stands) stayed out of reach of the start
// (where it finally stands). It costs one labelling of the regions when every
// exit is reachable. Otherwise it looks back through the history, one flood fill per
// top-level step at most, from the last step back to the last one whose map
// still joined the two; a run without history is run again with it for that
// (a run is a pure function of its chain and configuration).
func reachWarnings(ctx context.Context, c *Chain, cfg Config, res *Result) []Warning {
	s := res.State
	if s.Start == nil || len(s.Exits) == 0 {
		return nil
	}
	start := *s.Start
	// An exit can be walked to from the start when both stand in the same
	// 8-connected region of walkable tiles: labelling the regions' runs costs
	// far less than a search over tiles.
	rs, release := Spans(s.Map)
	reach := rs.Region(start)
	var cut []Point
	for _, e := range s.Exits {
		if reach == 0 || rs.Region(e.Pos()) != reach {
			cut = append(cut, e.Pos())
		}
	}
	release()
	if len(cut) == 0 {
		return nil
	}
	hist := res.History
	if cfg.NoHistory {
		cfg.NoHistory, cfg.noReachCheck = false, true
		again, err := RunConfig(ctx, c, cfg)
		hist = nil
		if err == nil {
			hist = again.History
		}
	}
	keys := StepKeys(c.Steps, "")
	var ran []int // the top-level steps that ran, in order
	for i, st := range c.Steps {
		if !st.Disabled {
			ran = append(ran, i)
		}
	}
	// culprit[n] is the index into ran of the step that cut exit n off.
	culprit := make([]int, len(cut))
	if hist != nil && len(ran) > 0 {
		open := len(cut)
		for n := range culprit {
			culprit[n] = -1
		}
		for k := len(ran) - 1; k > 0 && open > 0 && ctx.Err() == nil; k-- {
			j := hist.LastOf(ran[k-1])
			if j < 0 {
				continue
			}
			g := hist.At(j).Map
			if !g.Walkable(start) {
				continue
			}
			d := DistanceMap(g, []Point{start})
			for n, e := range cut {
				if culprit[n] < 0 && g.In(e) && d[g.Idx(e)] != Unreachable {
					culprit[n], open = k, open-1
				}
			}
		}
		for n := range culprit {
			culprit[n] = max(culprit[n], 0) // out of reach all along: the first step
		}
	} else {
		hist = nil
	}
	out := make([]Warning, len(cut))
	for n, e := range cut {
		if hist == nil || ctx.Err() != nil {
			out[n] = Warning{Msg: fmt.Sprintf("the exit at %v cannot be reached from the start at %v", e, start), CutExit: true}
			continue
		}
		i := ran[culprit[n]]
		out[n] = Warning{Step: StepRef{Path: fmt.Sprintf("steps[%d]", i), Key: keys[i], Index: i, Builder: c.Steps[i].Builder},
			Msg: fmt.Sprintf("cuts the exit at %v off from the start at %v", e, start), CutExit: true}
	}
	return out
}
