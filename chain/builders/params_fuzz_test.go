package builders_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"hewn/chain"
)

// byteStream hands out the fuzzer's bytes as small choices (zeros when it runs dry).
type byteStream struct {
	b []byte
	i int
}

func (s *byteStream) next() byte {
	if s.i >= len(s.b) {
		return 0
	}
	s.i++
	return s.b[s.i-1]
}

func (s *byteStream) u16() int { return int(s.next())<<8 | int(s.next()) }

// number picks a value in [lo, hi]: an end, the middle, or anywhere.
func (s *byteStream) number(lo, hi float64) float64 {
	switch s.next() % 5 {
	case 0:
		return lo
	case 1:
		return hi
	case 2:
		return lo + (hi-lo)/2
	}
	return lo + (hi-lo)*float64(s.u16())/65535
}

// paramValue builds a value of p's type from the stream: within the
// descriptor's range and choices, ends included.
func paramValue(s *byteStream, p chain.Param, depth int) any {
	lo, hi := p.Min, p.Max
	if !p.HasRange() {
		lo, hi = -1000, 1000
	}
	switch p.Type.Base() {
	case chain.Int:
		return int(math.Round(s.number(lo, hi)))
	case chain.Float:
		return s.number(lo, hi)
	case chain.Bool:
		return s.next()%2 == 0
	case chain.String:
		names := []string{"", "Goblin", "Rations", "orc_camp", "underground_fort", "nope", strings.Repeat("x", 300)}
		return names[int(s.next())%len(names)]
	case chain.Enum:
		return p.Choices[int(s.next())%len(p.Choices)]
	case chain.EnumOrNumber:
		if s.next()%2 == 0 && len(p.Choices) > 0 {
			return p.Choices[int(s.next())%len(p.Choices)]
		}
		return int(math.Round(s.number(lo, hi)))
	case chain.StringList:
		if p.Type == chain.PrefabNames {
			return []string{"orc_camp", "totally_not_a_trap", "nope"}[:int(s.next())%4%3]
		}
		legend := []rune("# ≈@>goOe^%!☼x")
		rows := make([]string, int(s.next())%12)
		for i := range rows {
			r := make([]rune, int(s.next())%14)
			for j := range r {
				r[j] = legend[int(s.next())%len(legend)]
			}
			rows[i] = string(r)
		}
		return rows
	case chain.IntList:
		out := make([]int, int(s.next())%6)
		for i := range out {
			out[i] = int(math.Round(s.number(lo, hi)))
		}
		return out
	case chain.Steps:
		if depth >= 3 {
			return []chain.Step{}
		}
		specs := chain.Specs()
		steps := make([]chain.Step, int(s.next())%3)
		for i := range steps {
			steps[i] = randomStep(s, specs[int(s.next())%len(specs)], depth+1)
		}
		return steps
	case chain.PaintCells:
		cells := make([]any, int(s.next())%6)
		for i := range cells {
			c := map[string]any{"x": int(s.next()) - 100, "y": int(s.next()) - 100}
			if s.next()%2 == 0 {
				c["w"], c["h"] = 1+int(s.next())%60, 1+int(s.next())%40
			}
			switch s.next() % 5 {
			case 0:
				c["tile"] = []string{"wall", "floor", "deep_water", "down_stairs"}[int(s.next())%4]
			case 1:
				c["spawn"] = "Goblin"
			case 2:
				c["clear"] = true
			case 3:
				c["start"], c["w"], c["h"] = true, 1, 1
			default:
				c["exit"], c["w"], c["h"] = true, 1, 1
			}
			cells[i] = c
		}
		return cells
	}
	return nil
}

// randomStep sets a random subset of spec's parameters to values of their
// types; values the loader refuses (a template with an 'x') fall back to the default.
func randomStep(s *byteStream, spec chain.Spec, depth int) chain.Step {
	params := map[string]any{}
	for _, p := range spec.Params {
		if s.next()%3 == 0 {
			continue
		}
		params[p.Name] = paramValue(s, p, depth)
	}
	st, err := chain.NewStep(spec.Name, params)
	if err != nil {
		return chain.Step{Builder: spec.Name}
	}
	return st
}

// FuzzBuilderParamValues gives any builder any values within its parameter
// descriptors' types and ranges (ends included), after steps that make rooms,
// corridors, a start and an exit, on a small map. The run may fail with an
// error naming the step; it may not panic, report an internal error, or run
// past its deadline.
func FuzzBuilderParamValues(f *testing.F) {
	specs := chain.Specs()
	for i := range specs {
		f.Add(uint8(i), uint8(20), uint8(12), uint64(i), []byte{})
		f.Add(uint8(i), uint8(40), uint8(3), uint64(i), []byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
		f.Add(uint8(i), uint8(0), uint8(0), uint64(i), []byte{2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0})
	}
	f.Fuzz(func(t *testing.T, which, w, h uint8, seed uint64, data []byte) {
		s := &byteStream{b: data}
		spec := specs[int(which)%len(specs)]
		c := &chain.Chain{Depth: 1 + int(seed%20), Width: chain.MinSize + int(w)%57, Height: chain.MinSize + int(h)%41}
		if spec.Kind != chain.Initial {
			c.Steps = append(c.Steps, chain.Step{Builder: "simple_map", Params: map[string]any{"draw": true}},
				chain.Step{Builder: "room_based_starting_position"}, chain.Step{Builder: "room_based_stairs"},
				chain.Step{Builder: "dogleg_corridors"})
		}
		c.Steps = append(c.Steps, randomStep(s, spec, 0))
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		start := time.Now()
		_, err := chain.Run(ctx, c, seed, fakeSpawner{})
		if ctx.Err() != nil {
			t.Fatalf("%s on %d×%d: still running after %v: %s", spec.Name, c.Width, c.Height, time.Since(start), describe(c))
		}
		if err != nil && strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%v: %s", err, describe(c))
		}
	})
}

func describe(c *chain.Chain) string {
	var b strings.Builder
	if err := c.Encode(&b); err != nil {
		return fmt.Sprint(c.Steps)
	}
	return b.String()
}
