package caves_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hewn/chain"
)

// fuzzBuilders are the caves builders FuzzBuilderParams picks from.
var fuzzBuilders = []string{
	"cellular_automata", "drunkards_walk", "maze", "dla", "voronoi", "noise_halls",
	"area_starting_position", "area_ending_position", "distant_exit", "cull_unreachable",
}

// FuzzBuilderParams feeds random JSON params to the caves builders on small maps,
// as the first step (initial) or after a cave and a start (meta). Loading may
// reject the params and a run may fail with an error, but neither may panic or
// report an internal error.
func FuzzBuilderParams(f *testing.F) {
	f.Add(uint8(0), `{"wall_percent": 100, "iterations": 0}`, uint8(8), uint8(8), uint64(1), false)
	f.Add(uint8(1), `{"preset": "fearful_symmetry", "brush_size": 16, "floor_percent": 0.9}`, uint8(8), uint8(9), uint64(2), true)
	f.Add(uint8(1), `{"lifetime": 1, "spawn_mode": "random"}`, uint8(12), uint8(8), uint64(3), false)
	f.Add(uint8(3), `{"preset": "insectoid", "symmetry": "both", "brush_size": 7}`, uint8(20), uint8(10), uint64(4), true)
	f.Add(uint8(3), `{"algorithm": "walk_outwards", "floor_percent": 0.56}`, uint8(8), uint8(8), uint64(5), false)
	f.Add(uint8(4), `{"seeds": 4096, "distance": "chebyshev"}`, uint8(30), uint8(30), uint64(6), false)
	f.Add(uint8(5), `{"scale": 10, "threshold": 1, "stairs_chance": 1}`, uint8(40), uint8(8), uint64(7), false)
	f.Add(uint8(6), `{"x": "right", "y": "bottom"}`, uint8(9), uint8(8), uint64(8), true)
	f.Add(uint8(8), `{}`, uint8(8), uint8(8), uint64(9), true)
	f.Add(uint8(2), `{"x": 3}`, uint8(8), uint8(8), uint64(10), false)
	f.Fuzz(func(t *testing.T, which uint8, params string, w, h uint8, seed uint64, meta bool) {
		name := fuzzBuilders[int(which)%len(fuzzBuilders)]
		spec, _ := chain.Lookup(name)
		width, height := 8+int(w)%33, 8+int(h)%33
		var steps []string
		if meta || spec.Kind == chain.Meta {
			steps = append(steps, `{"builder": "cellular_automata", "params": {"wall_percent": 45}}`)
			if spec.Needs&chain.FStart != 0 || meta {
				steps = append(steps, `{"builder": "area_starting_position"}`)
			}
		}
		steps = append(steps, fmt.Sprintf(`{"builder": %q, "params": %s}`, name, params))
		src := fmt.Sprintf(`{"width": %d, "height": %d, "steps": [%s]}`, width, height, strings.Join(steps, ","))
		c, err := chain.DecodeJSON([]byte(src), "")
		if err != nil {
			return // rejected params are fine: the loader named them
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		r, err := chain.Run(ctx, c, seed, nil)
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%s: %v", src, err)
			}
			return
		}
		g := r.State.Map
		if r.State.Start != nil && !g.Walkable(*r.State.Start) {
			t.Fatalf("%s: start %v not walkable", src, *r.State.Start)
		}
		for _, e := range r.State.Exits {
			if g.At(e.Pos()) != chain.DownStairs {
				t.Fatalf("%s: exit %v is %v", src, e.Pos(), g.At(e.Pos()))
			}
		}
	})
}
