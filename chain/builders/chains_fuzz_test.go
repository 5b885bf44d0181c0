package builders_test

import (
	"context"
	"testing"
	"time"

	"hewn/chain"
)

// FuzzRandomChains runs random sequences of builders (each with its default
// parameters) on small maps and checks that every level that runs without error
// keeps the invariants: the start is walkable, exits are down stairs on the map,
// rooms lie on the map, and spawns stand on distinct walkable tiles that are
// neither the start nor an exit.
func FuzzRandomChains(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, uint8(40), uint8(30), uint64(1))
	f.Add([]byte{200, 17, 5, 30, 9, 22}, uint8(60), uint8(40), uint64(7))
	specs := chain.Specs()
	f.Fuzz(func(t *testing.T, picks []byte, w, h uint8, seed uint64) {
		if len(picks) > 12 {
			picks = picks[:12]
		}
		steps := []chain.Step{}
		for _, b := range picks {
			spec := specs[int(b)%len(specs)]
			if spec.Name == "sub_chain" {
				steps = append(steps, chain.Step{Builder: spec.Name, Params: map[string]any{"steps": []chain.Step{{Builder: "bsp_interior"}}}})
				continue
			}
			steps = append(steps, chain.Step{Builder: spec.Name})
		}
		c := &chain.Chain{Depth: 1 + int(seed%9), Width: 32 + int(w)%40, Height: 24 + int(h)%30, Steps: steps}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		r, err := chain.Run(ctx, c, seed, fakeSpawner{})
		if err != nil {
			if r == nil || ctx.Err() != nil {
				return
			}
			if msg := err.Error(); len(msg) > 0 && contains(msg, "internal error") {
				t.Fatalf("%v: %v", names(steps), err)
			}
			return
		}
		checkPlacement(t, r.State, names(steps))
	})
}

func names(steps []chain.Step) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = s.Builder
	}
	return out
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// checkPlacement fails when the state breaks a placement invariant.
func checkPlacement(t *testing.T, s *chain.State, what any) {
	t.Helper()
	g := s.Map
	if s.Start != nil && !g.Walkable(*s.Start) {
		t.Fatalf("%v: start %v on %s", what, *s.Start, g.At(*s.Start))
	}
	exits := map[chain.Point]bool{}
	for _, e := range s.Exits {
		if !g.In(e.Pos()) || g.At(e.Pos()) != chain.DownStairs {
			t.Fatalf("%v: exit %v is not down stairs on the map", what, e)
		}
		exits[e.Pos()] = true
	}
	for _, r := range s.Rooms {
		if g.Bounds().Intersect(r) != r {
			t.Fatalf("%v: room %+v off the map", what, r)
		}
	}
	seen := map[chain.Point]bool{}
	for _, sp := range s.Spawns {
		p := sp.Pos()
		switch {
		case !g.Walkable(p):
			t.Fatalf("%v: spawn %+v on %s", what, sp, g.At(p))
		case seen[p]:
			t.Fatalf("%v: two spawns on %v", what, p)
		case s.Start != nil && *s.Start == p:
			t.Fatalf("%v: spawn %+v on the start", what, sp)
		case exits[p]:
			t.Fatalf("%v: spawn %+v on an exit", what, sp)
		}
		seen[p] = true
	}
}
