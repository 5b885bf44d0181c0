package chain

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkDistanceMap80x50 measures one Dijkstra map over a half-open 80×50 map.
func BenchmarkDistanceMap80x50(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	g := NewGrid(80, 50)
	for i := range g.Tiles {
		if rng.IntN(100) < 60 {
			g.Tiles[i] = Floor
		}
	}
	g.WallBorder()
	src := Point{40, 25}
	g.Set(src, Floor)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		DistanceMap(g, []Point{src})
	}
}

func TestRegions(t *testing.T) {
	g := NewGrid(10, 6)
	g.Fill(R(1, 1, 3, 2), Floor)
	g.Fill(R(6, 1, 3, 4), Floor)
	g.Set(Point{4, 3}, Floor) // touches nothing: (3,2) is diagonal-adjacent
	labels, sizes := Regions(g)
	if len(sizes) != 3 || sizes[1] != 7 || sizes[2] != 12 {
		t.Fatalf("sizes = %v", sizes)
	}
	if labels[g.Idx(Point{4, 3})] != 1 || labels[g.Idx(Point{8, 4})] != 2 || labels[0] != 0 {
		t.Fatalf("labels wrong: %v", labels)
	}
}

// caveGrid is a w×h map of 60 % open noise inside a wall border.
func caveGrid(w, h int) *Grid {
	rng := rand.New(rand.NewPCG(1, 1))
	g := NewGrid(w, h)
	for i := range g.Tiles {
		if rng.IntN(100) < 60 {
			g.Tiles[i] = Floor
		}
	}
	g.WallBorder()
	g.Set(Point{w / 2, h / 2}, Floor)
	return g
}

// BenchmarkWalkCostMap measures distant_exit's walking-cost map (fronts of
// words: floor and wall only) over a 60 % open map.
func BenchmarkWalkCostMap(b *testing.B) {
	for _, n := range []int{512, 4096} {
		b.Run(itoa(n), func(b *testing.B) {
			g := caveGrid(n, n)
			var dst []int32
			b.ReportAllocs()
			for b.Loop() {
				dst = WalkCostMapInto(dst, g, []Point{{n / 2, n / 2}})
			}
		})
	}
}

// BenchmarkLabel measures labelling a 60 % open map's regions (no memo: the
// tiles change between calls).
func BenchmarkLabel(b *testing.B) {
	for _, n := range []int{80, 4096} {
		b.Run(itoa(n), func(b *testing.B) {
			g := caveGrid(n, n)
			var rs RegionSpans
			b.ReportAllocs()
			for b.Loop() {
				rs.valid = false
				rs.Label(g)
			}
		})
	}
}

func itoa(n int) string { return fmt.Sprint(n) }
