package caves

import (
	"context"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "dla",
		Help: "Diffusion-limited aggregation (tutorial): particles wander in from random spots, out from the centre, or fly straight at it, and carve floor where they meet the growing cave. Works as a meta builder too. " +
			"Wandering particles (walk_inwards, walk_outwards) build maps up to 512×512: each takes about as many steps " +
			"as the map has tiles to reach the cave's edge; central_attractor maps up to 2048×2048.",
		Kind: chain.Both,
		MaxSizeFor: func(v chain.Values) (int, string) {
			if a := v.String("algorithm"); a != "central_attractor" {
				return 512, "with algorithm " + a
			}
			return 2048, "with algorithm central_attractor"
		},
		Params: []chain.Param{
			kit.EnumParam("preset", "Preset", "A tutorial preset; fields set explicitly override it. none: the fields alone (the tutorial's DLABuilder::new).",
				"none", "none", "walk_inwards", "walk_outwards", "central_attractor", "insectoid", "heavy_erosion"),
			kit.EnumParam("algorithm", "Algorithm", "walk_inwards: particles wander from random spots until they touch floor; walk_outwards: from the centre until they leave it; central_attractor: straight lines towards the centre.",
				"walk_inwards", "walk_inwards", "walk_outwards", "central_attractor"),
			kit.IntParam("brush_size", "Brush size", "Side of the square each particle carves.", 2, 1, 16),
			kit.SymmetryParam("symmetry", "none"),
			kit.FloatParam("floor_percent", "Floor share", "Stop once this share of the map is floor.", 0.25, 0.01, 0.9),
		},
		Presets: map[string]chain.Values{
			"walk_inwards":      {"algorithm": "walk_inwards", "brush_size": 1, "symmetry": "none", "floor_percent": 0.25},
			"walk_outwards":     {"algorithm": "walk_outwards", "brush_size": 2, "symmetry": "none", "floor_percent": 0.25},
			"central_attractor": {"algorithm": "central_attractor", "brush_size": 2, "symmetry": "none", "floor_percent": 0.25},
			"insectoid":         {"algorithm": "central_attractor", "brush_size": 2, "symmetry": "horizontal", "floor_percent": 0.25},
			"heavy_erosion":     {"algorithm": "walk_inwards", "brush_size": 2, "symmetry": "none", "floor_percent": 0.35},
		},
		New: func(v chain.Values) (chain.Builder, error) {
			algo := map[string]dlaAlgo{"walk_inwards": walkInwards, "walk_outwards": walkOutwards, "central_attractor": centralAttractor}
			return dla{
				algo:     algo[v.String("algorithm")],
				brush:    v.Int("brush_size"),
				sym:      kit.ParseSymmetry(v.String("symmetry")),
				floorPct: v.Float("floor_percent"),
			}, nil
		},
	})
}

type dlaAlgo int

const (
	walkInwards dlaAlgo = iota
	walkOutwards
	centralAttractor
)

type dla struct {
	algo     dlaAlgo
	brush    int
	sym      kit.Symmetry
	floorPct float64
}

func (b dla) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	goal, err := kit.FloorGoal(g, b.floorPct)
	if err != nil {
		return err
	}
	// The tutorial's seed: a plus sign of floor at the centre.
	centre := chain.Point{X: g.W / 2, Y: g.H / 2}
	floor := kit.FloorCount(g)
	if kit.Carve(g, centre) {
		floor++
	}
	for _, d := range chain.Neighbours4 {
		if kit.Carve(g, centre.Add(d)) {
			floor++
		}
	}
	walk := kit.NewWalker(ctx, g, rng)
	pace := kit.NewPacer(floor, goal, maxSnapshots)
	for floor < goal {
		var at chain.Point
		switch b.algo {
		case walkInwards:
			p := kit.RandomInner(rng, g)
			at = p
			for ok := true; g.At(p) == chain.Wall; {
				at = p
				if p, ok = walk.Stagger(p); !ok {
					return walkErr(walk, floor, goal)
				}
			}
		case walkOutwards:
			at = centre
			for ok := true; g.At(at) == chain.Floor; {
				if at, ok = walk.Stagger(at); !ok {
					return walkErr(walk, floor, goal)
				}
			}
		case centralAttractor:
			p := kit.RandomInner(rng, g)
			at = p
			for q := range chain.LineSeq(p, centre) {
				if q == p { // the line's first tile is where the particle is
					continue
				}
				if g.At(p) != chain.Wall {
					break
				}
				at, p = p, q
				if !walk.Step() {
					return walkErr(walk, floor, goal)
				}
			}
		}
		floor += kit.Paint(g, b.sym, b.brush, at)
		// Count the particle even when it carved nothing, so the walk stays bounded.
		if !walk.Step() {
			return walkErr(walk, floor, goal)
		}
		if floor < goal && pace.Due(floor) {
			s.Snapshot(fmt.Sprintf("%d floor tiles", floor))
		}
	}
	return kit.Settle(s)
}
