package caves

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "drunkards_walk",
		Help: "Drunkard's walk (tutorial): diggers stagger about from the centre (or random spots), carving floor until the floor share is reached. Works as a meta builder too. " +
			"Diggers that all start at the centre build maps up to 256×256: past that they wander over floor already dug, " +
			"and the walk runs out of steps long before the floor share.",
		Kind: chain.Both,
		MaxSizeFor: func(v chain.Values) (int, string) {
			if v.String("spawn_mode") == "starting_point" {
				return 256, "with spawn_mode starting_point"
			}
			return 0, ""
		},
		Params: []chain.Param{
			kit.EnumParam("preset", "Preset", "A tutorial preset; fields set explicitly override it. none: the fields alone (the tutorial's open area).",
				"none", "none", "open_area", "open_halls", "winding_passages", "fat_passages", "fearful_symmetry"),
			kit.EnumParam("spawn_mode", "Spawn mode", "Where each digger starts: the map centre, or a random spot (the first one still starts at the centre).",
				"starting_point", "starting_point", "random"),
			kit.IntParam("lifetime", "Lifetime", "How many steps each digger takes.", 400, 1, 100000),
			kit.FloatParam("floor_percent", "Floor share", "Stop once this share of the map is floor.", 0.5, 0.01, 0.9),
			kit.IntParam("brush_size", "Brush size", "Side of the square each step carves.", 1, 1, 16),
			kit.SymmetryParam("symmetry", "none"),
		},
		Presets: map[string]chain.Values{
			"open_area":        {"spawn_mode": "starting_point", "lifetime": 400, "floor_percent": 0.5, "brush_size": 1, "symmetry": "none"},
			"open_halls":       {"spawn_mode": "random", "lifetime": 400, "floor_percent": 0.5, "brush_size": 1, "symmetry": "none"},
			"winding_passages": {"spawn_mode": "random", "lifetime": 100, "floor_percent": 0.4, "brush_size": 1, "symmetry": "none"},
			"fat_passages":     {"spawn_mode": "random", "lifetime": 100, "floor_percent": 0.4, "brush_size": 2, "symmetry": "none"},
			"fearful_symmetry": {"spawn_mode": "random", "lifetime": 100, "floor_percent": 0.4, "brush_size": 1, "symmetry": "both"},
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return drunkard{
				random:   v.String("spawn_mode") == "random",
				lifetime: v.Int("lifetime"),
				floorPct: v.Float("floor_percent"),
				brush:    v.Int("brush_size"),
				sym:      kit.ParseSymmetry(v.String("symmetry")),
			}, nil
		},
	})
}

type drunkard struct {
	random   bool
	lifetime int
	floorPct float64
	brush    int
	sym      kit.Symmetry
}

// maxSnapshots bounds the progress snapshots of the walking builders, the maze
// and Voronoi on big maps (on the tutorial's 80×50 maps the drunkard's diggers,
// the maze's every-50-iterations and Voronoi's rows keep their own).
const maxSnapshots = 200

func (b drunkard) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	goal, err := kit.FloorGoal(g, b.floorPct)
	if err != nil {
		return err
	}
	start := chain.Point{X: g.W / 2, Y: g.H / 2}
	floor := kit.FloorCount(g)
	if kit.Carve(g, start) {
		floor++
	}
	walk := kit.NewWalker(ctx, g, rng)
	pace := kit.NewPacer(floor, goal, maxSnapshots)
	for digger := 0; floor < goal; digger++ {
		p := start
		if b.random && digger > 0 {
			p = kit.RandomInner(rng, g)
		}
		dug := 0
		for life := b.lifetime; life > 0; life-- {
			dug += kit.Paint(g, b.sym, b.brush, p)
			var ok bool
			if p, ok = walk.Stagger(p); !ok {
				return walkErr(walk, floor+dug, goal)
			}
		}
		floor += dug
		if dug > 0 && floor < goal && pace.Due(floor) {
			s.Snapshot(fmt.Sprintf("digger %d", digger+1))
		}
	}
	return kit.Settle(s)
}

// walkErr explains why a walking builder stopped short of its floor goal.
func walkErr(w *kit.Walker, floor, goal int) error {
	if err := w.Err(); errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("floor_percent not reached: %d of %d floor tiles carved, %v", floor, goal, w.Err())
}
