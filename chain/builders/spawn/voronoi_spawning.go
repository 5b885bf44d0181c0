package spawn

import (
	"context"
	"math"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "voronoi_spawning",
		Help: "Splits the floor tiles into regions by cellular (Voronoi) noise and rolls the spawn table in each: up to 1d7+depth-4 spawns per region (the tutorial's VoronoiSpawning).",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.FloatParam("frequency", "Frequency", "Noise frequency: regions are about 1/frequency tiles across (the tutorial uses 0.08).", 0.08, 0.01, 1),
			kit.EnumParam("distance", "Distance", "How distance to a region's seed point is measured (the tutorial uses manhattan).", "manhattan", "manhattan", "pythagoras", "chebyshev"),
		},
		Makes: chain.FSpawns,
		New: func(v chain.Values) (chain.Builder, error) {
			return voronoiSpawning{freq: v.Float("frequency"), dist: v.String("distance")}, nil
		},
	})
}

type voronoiSpawning struct {
	freq float64
	dist string
}

func (b voronoiSpawning) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if s.Spawner == nil {
		return chain.ErrNoSpawner
	}
	n := cellNoise{seed: rng.Uint64(), freq: b.freq, dist: b.dist}
	o := kit.NewOccupancy(s)
	g := s.Map
	// Regions in order of their first tile (row-major), so the result never
	// depends on map iteration order.
	index := map[[2]int]int{}
	var regions [][]chain.Point
	for y := 1; y < g.H-1; y++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		for x := 1; x < g.W-1; x++ {
			p := chain.Point{X: x, Y: y}
			if g.At(p) != chain.Floor || !o.Free(p) {
				continue // the tutorial's regions hold plain floor only
			}
			c := n.cell(float64(x), float64(y))
			i, ok := index[c]
			if !ok {
				i = len(regions)
				index[c] = i
				regions = append(regions, nil)
			}
			regions[i] = append(regions[i], p)
		}
	}
	var buf []chain.Point
	for _, area := range regions {
		buf = spawnRegion(s, o, rng, area, buf)
	}
	return nil
}

// cellNoise is a small deterministic cellular (Voronoi) noise like FastNoise's
// Cellular/CellValue: space is cut into unit cells (after scaling by freq), each
// holding one jittered feature point; a position belongs to the cell whose
// feature point is nearest.
type cellNoise struct {
	seed uint64
	freq float64
	dist string
}

// cell returns the coordinates of the cell whose feature point is nearest (x, y).
func (n cellNoise) cell(x, y float64) [2]int {
	fx, fy := x*n.freq, y*n.freq
	ix, iy := int(math.Floor(fx)), int(math.Floor(fy))
	best, bestD := [2]int{ix, iy}, math.Inf(1)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			cx, cy := ix+dx, iy+dy
			h := mix(n.seed ^ mix(uint64(int64(cx))*0x9E3779B97F4A7C15^uint64(int64(cy))))
			// Jitter in [0.05, 0.95) so feature points keep off the cell edges.
			jx := 0.05 + 0.9*float64(h&0xFFFF)/65536
			jy := 0.05 + 0.9*float64((h>>16)&0xFFFF)/65536
			if d := n.distance(float64(cx)+jx-fx, float64(cy)+jy-fy); d < bestD {
				best, bestD = [2]int{cx, cy}, d
			}
		}
	}
	return best
}

func (n cellNoise) distance(dx, dy float64) float64 {
	dx, dy = math.Abs(dx), math.Abs(dy)
	switch n.dist {
	case "pythagoras":
		return dx*dx + dy*dy
	case "chebyshev":
		return max(dx, dy)
	}
	return dx + dy
}

// mix is the splitmix64 finaliser.
func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}
