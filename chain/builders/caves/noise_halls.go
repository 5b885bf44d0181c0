package caves

import (
	"context"
	"math/rand/v2"

	"github.com/ojrac/opensimplex-go"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "noise_halls",
		Help: "Halls from noise (Racket roguelike, day 9): simplex noise sampled on a 10-tile lattice decides which 3-wide halls between lattice points are open; the map centre is always open, and some open intersections hold down stairs.",
		Kind: chain.Initial,
		Params: []chain.Param{
			kit.FloatParam("scale", "Noise scale", "Noise coordinates per lattice step (larger: more variation).", 0.5, 0.01, 10),
			kit.FloatParam("threshold", "Threshold", "A lattice point is open when its noise is above this (noise lies in -1..1).", -0.25, -1, 1),
			kit.FloatParam("stairs_chance", "Stairs chance", "Chance that an open intersection holds down stairs.", 0.1, 0, 1),
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return noiseHalls{v.Float("scale"), v.Float("threshold"), v.Float("stairs_chance")}, nil
		},
	})
}

type noiseHalls struct{ scale, threshold, stairs float64 }

// hallSpacing is the lattice step of the halls; halls are 3 tiles wide, centred
// on the lattice lines 5 (mod 10), as in the seed.
const hallSpacing = 10

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func (b noiseHalls) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	noise := opensimplex.New(rng.Int64())
	// World coordinates put the origin (the open centre) at the map centre.
	ox, oy := g.W/2, g.H/2
	lx0, ly0 := floorDiv(-ox, hallSpacing), floorDiv(-oy, hallSpacing)
	lw, lh := floorDiv(g.W-1-ox, hallSpacing)-lx0+2, floorDiv(g.H-1-oy, hallSpacing)-ly0+2
	open := make([]bool, lw*lh)
	for j := range lh {
		for i := range lw {
			v := noise.Eval2(b.scale*float64(lx0+i), b.scale*float64(ly0+j))
			open[j*lw+i] = v > b.threshold
		}
	}
	isOpen := func(lx, ly int) bool { return open[(ly-ly0)*lw+(lx-lx0)] }
	var stairs []chain.Point
	for y := 1; y < g.H-1; y++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		wy := y - oy
		ry := iabs(wy) % hallSpacing
		ylo := floorDiv(wy, hallSpacing)
		for x := 1; x < g.W-1; x++ {
			wx := x - ox
			rx := iabs(wx) % hallSpacing
			if wx >= -3 && wx <= 3 && wy >= -3 && wy <= 3 {
				g.Tiles[y*g.W+x] = chain.Floor
				continue
			}
			maybeHall := (rx >= 4 && rx <= 6) || (ry >= 4 && ry <= 6)
			if !maybeHall {
				continue
			}
			xlo := floorDiv(wx, hallSpacing)
			here := isOpen(xlo, ylo)
			good := here && (isOpen(xlo+1, ylo) || isOpen(xlo, ylo+1))
			if !good {
				continue
			}
			g.Tiles[y*g.W+x] = chain.Floor
			if rx == 5 && ry == 5 {
				stairs = append(stairs, chain.Point{X: x, Y: y})
			}
		}
	}
	if len(stairs) > 0 {
		s.Snapshot("halls")
	}
	for _, p := range stairs {
		if rng.Float64() < b.stairs {
			if _, err := s.AddExit(p); err != nil {
				return err
			}
		}
	}
	return nil
}
