package builders_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"hewn/chain"
)

// FuzzEveryBuilderParams feeds random JSON params to any registered builder on a
// small map, after steps that make rooms, corridors, a start and an exit (or as
// the only step, for initial builders). The loader may reject the params and the
// run may fail with an error naming the step, but nothing may panic.
func FuzzEveryBuilderParams(f *testing.F) {
	specs := chain.Specs()
	for i, s := range specs {
		f.Add(uint8(i), "{}", uint8(20), uint8(10), uint64(i), s.Kind == chain.Meta)
	}
	f.Add(uint8(0), `{"x": 4096, "y": -1}`, uint8(0), uint8(0), uint64(1), true)
	f.Add(uint8(3), `{"steps": [{"builder": "sub_chain", "params": {"steps": [{"builder": "maze"}]}}]}`, uint8(8), uint8(8), uint64(2), true)
	f.Fuzz(func(t *testing.T, which uint8, params string, w, h uint8, seed uint64, meta bool) {
		spec := specs[int(which)%len(specs)]
		width, height := 8+int(w)%41, 8+int(h)%41
		var steps []string
		if meta || spec.Kind == chain.Meta {
			steps = append(steps, `{"builder": "simple_map", "params": {"draw": true}}`, `{"builder": "room_based_starting_position"}`, `{"builder": "room_based_stairs"}`)
		}
		steps = append(steps, fmt.Sprintf(`{"builder": %q, "params": %s}`, spec.Name, params))
		src := fmt.Sprintf(`{"width": %d, "height": %d, "steps": [%s]}`, width, height, strings.Join(steps, ","))
		c, err := chain.DecodeJSON([]byte(src), "")
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		r, err := chain.Run(ctx, c, seed, fakeSpawner{})
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("%s: %v", src, err)
			}
			return
		}
		if s := r.State; s.Start != nil && !s.Map.Walkable(*s.Start) {
			t.Fatalf("%s: start %v not walkable", src, *s.Start)
		}
	})
}
