package chain

import "fmt"

// Check reports precondition problems before a chain runs: a meta builder with
// no map before it, a builder that needs rooms (corridors, a start) that no earlier
// enabled step makes, unknown builders, invalid or repeated step IDs, a builder
// given a map larger than its limit (Spec.MaxSize, MaxSizeFor). It never runs a builder.
// It also reports warnings (Problem.Warning): an empty step list, and what a
// builder's Spec.Warn flags (a section placed past the map's edge, an empty
// template).
func Check(c *Chain) []Problem {
	var probs []Problem
	ck := checker{w: c.Width, h: c.Height, probs: &probs}
	ck.steps(c.Steps, "steps", -1, 0)
	return probs
}

// Errors returns the problems among ps that are not warnings.
func Errors(ps []Problem) []Problem {
	var out []Problem
	for _, p := range ps {
		if !p.Warning {
			out = append(out, p)
		}
	}
	return out
}

type checker struct {
	w, h  int
	probs *[]Problem
}

func (ck checker) steps(steps []Step, path string, top int, have Features) Features {
	probs := ck.probs
	if len(steps) == 0 {
		t := max(top, -1)
		msg := "empty: the map stays solid rock"
		if top >= 0 {
			msg = "empty: the sub-chain makes nothing"
		}
		*probs = append(*probs, Problem{Path: path, Step: t, Msg: msg, Warning: true})
	}
	ids := map[string]string{}
	for i, s := range steps {
		if s.ID == "" {
			continue
		}
		t := top
		if t < 0 {
			t = i
		}
		p := fmt.Sprintf("%s[%d].id", path, i)
		if err := CheckID(s.ID); err != nil {
			*probs = append(*probs, Problem{Path: p, Step: t, Msg: err.Error()})
		} else if first, dup := ids[s.ID]; dup {
			*probs = append(*probs, Problem{Path: p, Step: t,
				Msg: fmt.Sprintf("%q is already the id of %s (ids are unique within a step list)", s.ID, first)})
		} else {
			ids[s.ID] = fmt.Sprintf("%s[%d]", path, i)
		}
	}
	for i, s := range steps {
		t := top
		if t < 0 {
			t = i
		}
		p := fmt.Sprintf("%s[%d]", path, i)
		if s.Broken() { // as the decoder said; a disabled one does not run: a warning
			for _, pr := range s.problems(p, t) {
				pr.Warning = !s.Enabled()
				*probs = append(*probs, pr)
			}
			continue
		}
		if !s.Enabled() {
			continue
		}
		spec, ok := Lookup(s.Builder)
		if !ok {
			*probs = append(*probs, Problem{Path: p, Step: t, Msg: fmt.Sprintf("unknown builder %q", s.Builder)})
			continue
		}
		if spec.Kind == Meta && have&FMap == 0 {
			*probs = append(*probs, Problem{Path: p, Step: t,
				Msg: fmt.Sprintf("%s is a meta builder and needs a map, but no earlier step makes one (start with an initial builder)", s.Builder)})
		}
		// Nested steps run on a fresh map of the chain's size (a sub-chain
		// merges a region of it afterwards), so they are held to it too.
		if err := spec.TooBig(spec.Resolve(s.Params), ck.w, ck.h); err != nil {
			*probs = append(*probs, Problem{Path: p + ".builder", Step: t, Msg: err.Error()})
		}
		if spec.Warn != nil {
			for _, w := range spec.Warn(spec.Resolve(s.Params), s.Params, ck.w, ck.h) {
				w.Path, w.Step, w.Warning = p+"."+w.Path, t, true
				*probs = append(*probs, w)
			}
		}
		eff := spec.EffectOf(s.Params)
		if missing := eff.Needs &^ have &^ FMap; missing != 0 {
			*probs = append(*probs, Problem{Path: p, Step: t,
				Msg: fmt.Sprintf("%s needs %s, but no earlier step makes %s", s.Builder, missing, pronoun(missing))})
		}
		switch spec.Kind {
		case Initial: // a new map: whatever earlier steps made is gone
			have = FMap
		case Both:
			have |= FMap
		}
		have = have&^eff.Drops | eff.Makes
		for _, prm := range spec.Params {
			if prm.Type != Steps {
				continue
			}
			if nested, ok := s.Params[prm.Name].([]Step); ok {
				have |= ck.steps(nested, p+".params."+prm.Name, t, 0)
			}
		}
	}
	return have
}

func pronoun(f Features) string {
	if f&(f-1) != 0 {
		return "them"
	}
	switch f {
	case FRooms, FCorridors, FSpawns:
		return "any"
	}
	return "one"
}
