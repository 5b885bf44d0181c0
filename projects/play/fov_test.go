package play

import (
	"math/rand/v2"
	"slices"
	"testing"

	"codeberg.org/anaseto/gruid"
	"codeberg.org/anaseto/gruid/rl"
	"github.com/stretchr/testify/require"
)

// The caster lights exactly the tiles gruid's symmetric shadowcasting
// lights, from random sources on random maps, within random depths and
// windows (the player's whole map, a creature's square of vision cut by the
// map's edges), and marks them at the window's place.
func TestCasterLightsWhatGruidLights(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	c := caster{list: true}
	for round := range 3000 {
		w, h := 1+rng.IntN(60), 1+rng.IntN(40)
		block := make([]bool, w*h)
		walls := rng.Float64() * 0.6
		for i := range block {
			block[i] = rng.Float64() < walls
		}
		src := Point{X: rng.IntN(w), Y: rng.IntN(h)}
		depth := rng.IntN(max(w, h) + 2)
		win := castWindow{x0: 0, y0: 0, x1: w, y1: h}
		if rng.IntN(2) == 0 { // a creature's window of radius depth
			win = castWindow{x0: max(src.X-depth, 0), y0: max(src.Y-depth, 0),
				x1: min(src.X+depth+1, w), y1: min(src.Y+depth+1, h)}
		}
		// the marks: a window a little larger than the cast's
		win.mx, win.my = win.x0-rng.IntN(3), win.y0-rng.IntN(3)
		win.stride = win.x1 - win.mx + rng.IntN(3)
		win.mark = make([]bool, win.stride*(win.y1-win.my+rng.IntN(3)))

		fov := rl.NewFOV(gruid.NewRange(0, 0, w, h))
		fov.SetRange(gruid.NewRange(win.x0, win.y0, win.x1, win.y1))
		var want []int
		for _, q := range fov.SSCVisionMap(gp(src), depth, func(q gruid.Point) bool { return !block[q.Y*w+q.X] }, true) {
			want = append(want, q.Y*w+q.X)
		}
		c.cast(block, w, src, depth, win)
		var got, marked []int
		for _, i := range c.lit {
			got = append(got, int(i))
		}
		for i, m := range win.mark {
			if m {
				x, y := win.mx+i%win.stride, win.my+i/win.stride
				marked = append(marked, y*w+x)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		slices.Sort(marked)
		require.Equal(t, want, got, "round %d: %d×%d from %v depth %d", round, w, h, src, depth)
		require.Equal(t, want, marked, "round %d", round)
	}
}

// A tile is lit by a cast of its quadrants alone (quadrantsOf) exactly when
// the whole cast lights it: what a creature's field of view casts.
func TestCastingATilesQuadrantsLightsItAsAWholeCast(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	c := caster{list: true}
	for round := range 2000 {
		w, h := 1+rng.IntN(40), 1+rng.IntN(30)
		block := make([]bool, w*h)
		for i := range block {
			block[i] = rng.IntN(3) == 0
		}
		src := Point{X: rng.IntN(w), Y: rng.IntN(h)}
		p := Point{X: rng.IntN(w), Y: rng.IntN(h)}
		d := chebyshev(src, p)
		whole := castWindow{x1: w, y1: h, mark: make([]bool, w*h), stride: w}
		c.cast(block, w, src, d, whole)
		part := castWindow{x1: w, y1: h, mark: make([]bool, w*h), stride: w}
		part.mark[src.Y*w+src.X] = true
		q := quadrantsOf(p.X-src.X, p.Y-src.Y)
		for dir := range 4 {
			if q&(1<<dir) != 0 {
				c.castQuadrant(block, w, src, d, part, dir)
			}
		}
		require.Equal(t, whole.mark[p.Y*w+p.X], part.mark[p.Y*w+p.X], "round %d: %v from %v", round, p, src)
	}
}

// BenchmarkCasterWholeMap casts a player's field of view over a whole 80×50
// map, a quarter of it walls, from a new source each time.
func BenchmarkCasterWholeMap(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	w, h := 80, 50
	block := make([]bool, w*h)
	for i := range block {
		block[i] = rng.Float64() < 0.25
	}
	c := caster{list: true}
	mark := make([]bool, w*h)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		for _, k := range c.lit {
			mark[k] = false
		}
		c.cast(block, w, Point{X: i % w, Y: i / w % h}, max(w, h), castWindow{x1: w, y1: h, mark: mark, stride: w})
	}
}
