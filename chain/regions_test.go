package chain

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// refRegions is the plain breadth-first labelling RegionSpans must match:
// 8-connected walkable tiles, regions numbered in row order of their first tile.
func refRegions(g *Grid) ([]int32, []int) {
	labels := make([]int32, len(g.Tiles))
	sizes := []int{0}
	for start, t := range g.Tiles {
		if !t.Walkable() || labels[start] != 0 {
			continue
		}
		k := int32(len(sizes))
		labels[start] = k
		queue := []int{start}
		for head := 0; head < len(queue); head++ {
			p := g.Pt(queue[head])
			for _, d := range Neighbours8 {
				if q := p.Add(d); g.Walkable(q) && labels[g.Idx(q)] == 0 {
					labels[g.Idx(q)] = k
					queue = append(queue, g.Idx(q))
				}
			}
		}
		sizes = append(sizes, len(queue))
	}
	return labels, sizes
}

// randomGrid is a w×h map of walls, floor and a few other tiles (walkable or not).
func randomGrid(rng *rand.Rand, w, h, floorPct int) *Grid {
	g := NewGrid(w, h)
	for i := range g.Tiles {
		switch r := rng.IntN(100); {
		case r < floorPct:
			g.Tiles[i] = Floor
		case r < floorPct+3:
			g.Tiles[i] = Tile(rng.IntN(int(numTiles)))
		}
	}
	return g
}

func TestRegionSpansMatchBreadthFirstLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var rs RegionSpans // reused, as callers do
	for n := 0; n < 400; n++ {
		w, h := 1+rng.IntN(40), 1+rng.IntN(30)
		if n%4 == 3 {
			w = 1 + rng.IntN(200) // rows of several words
		}
		g := randomGrid(rng, w, h, rng.IntN(101))
		want, wantSizes := refRegions(g)
		got, gotSizes := Regions(g)
		if !slices.Equal(got, want) || !slices.Equal(gotSizes, wantSizes) {
			t.Fatalf("%d×%d map %d: Regions differs from the breadth-first labels\n%s", w, h, n, ASCII(g, nil))
		}
		rs.Label(g)
		for i := range g.Tiles {
			if r := rs.Region(g.Pt(i)); r != want[i] {
				t.Fatalf("map %d: Region(%v) = %d, want %d", n, g.Pt(i), r, want[i])
			}
		}
		best := 0
		for k, s := range wantSizes {
			if s > wantSizes[best] {
				best = k
			}
		}
		if rs.Largest() != int32(best) {
			t.Fatalf("map %d: Largest = %d, want %d", n, rs.Largest(), best)
		}
		if rs.Region(Point{-1, 0}) != 0 || rs.Region(Point{0, h}) != 0 {
			t.Fatal("off-grid tiles have a region")
		}
	}
}

// BenchmarkRegions80x50 labels the regions of a 60 % open 80×50 map.
func BenchmarkRegions80x50(b *testing.B) {
	g := randomGrid(rand.New(rand.NewPCG(1, 1)), 80, 50, 60)
	var rs RegionSpans
	b.ReportAllocs()
	for b.Loop() {
		rs.Label(g)
	}
}

// TestWalkMask checks the eight-tiles-at-a-time walkable mask against the
// tile table for every byte value in every position, and on rows of every
// length.
func TestWalkMask(t *testing.T) {
	rng := NewRand(5, "walkmask")
	for n := 1; n <= 200; n++ {
		row := make([]Tile, n)
		for round := range 20 {
			for i := range row {
				row[i] = Tile(rng.IntN(256))
				if round%2 == 0 {
					row[i] = Tile(rng.IntN(int(numTiles) + 2))
				}
			}
			mrow := make([]uint64, (n+63)/64)
			walkMask(mrow, row)
			for x, tl := range row {
				if got := mrow[x/64]>>(x%64)&1 == 1; got != walkableT[tl] {
					t.Fatalf("length %d, tile %d at %d: walkable %v, want %v", n, tl, x, got, walkableT[tl])
				}
			}
		}
	}
}

// TestTileMask checks the eight-tiles-at-a-time mask of one tile type
// against a tile by tile comparison, for several types, on rows of every
// length (with stale bits in the mask beforehand).
func TestTileMask(t *testing.T) {
	rng := NewRand(6, "tilemask")
	for n := 1; n <= 200; n++ {
		row := make([]Tile, n)
		for round := range 12 {
			for i := range row {
				row[i] = Tile(rng.IntN(int(numTiles) + 2))
				if round%3 == 0 {
					row[i] = Tile(rng.IntN(2)) // walls and floor only
				}
			}
			want := Tile(rng.IntN(int(numTiles)))
			mrow := make([]uint64, (n+63)/64+1)
			for k := range mrow {
				mrow[k] = ^uint64(0)
			}
			TileMask(mrow, row, want)
			for x := range 64 * len(mrow) {
				got := mrow[x/64]>>(x%64)&1 == 1
				if is := x < n && row[x] == want; got != is {
					t.Fatalf("length %d, type %d at %d: bit %v, want %v", n, want, x, got, is)
				}
			}
		}
	}
}

// TestWalkableAndDeadEnds checks the 64-tiles-a-word count against a tile by
// tile count, on maps wide enough for rows of several words.
func TestWalkableAndDeadEnds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for n := range 300 {
		w, h := 1+rng.IntN(200), 1+rng.IntN(12)
		g := randomGrid(rng, w, h, rng.IntN(101))
		wantWalk, wantDead := 0, 0
		for i, t := range g.Tiles {
			if !t.Walkable() {
				continue
			}
			wantWalk++
			k := 0
			for _, d := range Neighbours4 {
				if g.Walkable(g.Pt(i).Add(d)) {
					k++
				}
			}
			if k == 1 {
				wantDead++
			}
		}
		walk, dead := WalkableAndDeadEnds(g)
		if walk != wantWalk || dead != wantDead {
			t.Fatalf("%d×%d map %d: walkable %d dead ends %d, want %d and %d", w, h, n, walk, dead, wantWalk, wantDead)
		}
		var rs RegionSpans
		rs.Label(g)
		if walk, dead = rs.WalkableAndDeadEnds(); walk != wantWalk || dead != wantDead {
			t.Fatalf("%d×%d map %d, from the labelling: walkable %d dead ends %d, want %d and %d", w, h, n, walk, dead, wantWalk, wantDead)
		}
	}
}

// TestKeepOnlyTilesAnswersTheCulledMap checks that after KeepOnlyTiles of a
// cull that walled every walkable tile outside the kept region, Label of the
// culled map gives what labelling it anew gives, and that Retile of a tile
// turned to another tile of the same walkability keeps it so (and of a tile
// turned unwalkable, labels anew).
func TestKeepOnlyTilesAnswersTheCulledMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	same := func(a, b *RegionSpans) bool {
		return slices.Equal(a.Spans, b.Spans) && slices.Equal(a.Sizes, b.Sizes) && slices.Equal(a.rows, b.rows)
	}
	for n := range 300 {
		w, h := 1+rng.IntN(150), 1+rng.IntN(20)
		g := randomGrid(rng, w, h, rng.IntN(101))
		var rs RegionSpans
		rs.Label(g)
		keep := int32(rng.IntN(len(rs.Sizes) + 1))
		for i := range g.Tiles {
			if rs.Region(g.Pt(i)) != keep || keep == 0 {
				if walkableT[g.Tiles[i]] {
					g.Tiles[i] = Wall
				}
			}
		}
		rs.KeepOnlyTiles(g, keep)
		var want RegionSpans
		want.Label(g)
		rs.Label(g)
		if !same(&rs, &want) {
			t.Fatalf("%d×%d map %d, region %d: Label after KeepOnlyTiles differs from labelling the culled map", w, h, n, keep)
		}
		i := rng.IntN(len(g.Tiles))
		switch {
		case walkableT[g.Tiles[i]]:
			g.Tiles[i] = DownStairs
		case rng.IntN(2) == 0:
			g.Tiles[i] = Floor
		default:
			g.Tiles[i] = Tile(rng.IntN(int(numTiles)))
		}
		rs.Retile(g, i)
		want.Label(g)
		rs.Label(g)
		if !same(&rs, &want) {
			t.Fatalf("%d×%d map %d: Label after Retile differs from labelling anew", w, h, n)
		}
	}
}

// TestKeepOnlyIsTheCulledMapsLabelling checks KeepOnly against labelling the
// map with every tile outside the kept region walled, and that Label of that
// map answers from it.
func TestKeepOnlyIsTheCulledMapsLabelling(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for n := range 300 {
		w, h := 1+rng.IntN(150), 1+rng.IntN(20)
		g := randomGrid(rng, w, h, rng.IntN(101))
		var rs RegionSpans
		rs.Label(g)
		keep := int32(rng.IntN(len(rs.Sizes) + 1))
		culled := g.Clone()
		for i := range culled.Tiles {
			if rs.Region(g.Pt(i)) != keep || keep == 0 {
				if walkableT[culled.Tiles[i]] {
					culled.Tiles[i] = Wall
				}
			}
		}
		rs.KeepOnly(keep)
		var want RegionSpans
		want.Label(culled)
		if !slices.Equal(rs.Spans, want.Spans) || !slices.Equal(rs.Sizes, want.Sizes) ||
			!slices.Equal(rs.rows, want.rows) || !slices.Equal(rs.bits, want.bits) {
			t.Fatalf("%d×%d map %d, region %d: KeepOnly differs from labelling the culled map", w, h, n, keep)
		}
		rs.Label(culled)
		if !slices.Equal(rs.Spans, want.Spans) || !slices.Equal(rs.Sizes, want.Sizes) {
			t.Fatalf("map %d: Label after KeepOnly differs", n)
		}
	}
}

// TestStepsToMatchesDistanceMap checks the search on masks against the
// distance map's value at the nearest target, on random maps of several
// widths (rows of one word and of several), from random tiles to random
// targets (on rock, off the map, the start itself).
func TestStepsToMatchesDistanceMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := range 3000 {
		w, h := 1+rng.IntN(150), 1+rng.IntN(40)
		if n%50 == 0 { // wider than the masks' search takes
			w = 250 + rng.IntN(20)
		}
		g := randomGrid(rng, w, h, 40+rng.IntN(55))
		if n%7 == 0 { // a winding maze: many levels of few tiles
			serpentine(g)
		}
		from := Point{rng.IntN(w), rng.IntN(h)}
		var targets []Point
		for range rng.IntN(4) {
			targets = append(targets, Point{rng.IntN(w+2) - 1, rng.IntN(h+2) - 1})
		}
		if rng.IntN(20) == 0 {
			targets = append(targets, from)
		}
		want := Unreachable
		if g.Walkable(from) {
			d := DistanceMap(g, []Point{from})
			for _, q := range targets {
				if q == from {
					want = 0
					break
				}
				if g.In(q) && d[g.Idx(q)] != Unreachable && (want == Unreachable || d[g.Idx(q)] < want) {
					want = d[g.Idx(q)]
				}
			}
		}
		if got := StepsTo(g, from, targets); got != want {
			t.Fatalf("map %d (%d×%d) from %v to %v: %d steps, want %d", n, w, h, from, targets, got, want)
		}
		var rs RegionSpans
		rs.Label(g)
		if got := rs.StepsTo(g, from, targets); got != want {
			t.Fatalf("map %d (%d×%d) from %v to %v, on the labelling's mask: %d steps, want %d", n, w, h, from, targets, got, want)
		}
	}
}

// serpentine makes g a winding corridor: even rows floor, odd rows wall but
// for one tile at alternate ends, so a walk along it goes through every row.
func serpentine(g *Grid) {
	for y := range g.H {
		gap := 0
		if y%4 == 1 {
			gap = g.W - 1
		}
		for x := range g.W {
			t := Floor
			if y%2 == 1 && x != gap {
				t = Wall
			}
			g.Set(Point{x, y}, t)
		}
	}
}

// TestFarthestWalkMatchesTileByTile checks FarthestWalk against the rule
// applied to WalkCosts' tiles one by one (the first in row order among the
// free tiles of the highest positive cost, and among the Floor ones), on
// random maps of walls, floor and gravel (the blocks' search) and with other
// tiles, some taken.
func TestFarthestWalkMatchesTileByTile(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for n := range 1500 {
		w, h := 1+rng.IntN(90), 1+rng.IntN(40)
		g := randomGrid(rng, w, h, 40+rng.IntN(55))
		if n%2 == 0 { // walls, floor and gravel (as dear as floor): uniform costs
			gravel := rng.IntN(60)
			for i, c := range g.Tiles {
				switch {
				case c != Floor:
					g.Tiles[i] = Wall
				case rng.IntN(100) < gravel:
					g.Tiles[i] = Gravel
				}
			}
		}
		taken := make([]uint64, (w*h+63)/64)
		for range rng.IntN(6) {
			i := rng.IntN(w * h)
			taken[i>>6] |= 1 << (i & 63)
		}
		from := []Point{{rng.IntN(w), rng.IntN(h)}}
		wantFloor, wantAny := -1, -1
		var floorD, anyD int32
		WalkCosts(g, from, func(i int, d int32) {
			if d == 0 || taken[i>>6]&(1<<(i&63)) != 0 {
				return
			}
			if d > anyD || d == anyD && i < wantAny {
				wantAny, anyD = i, d
			}
			if g.Tiles[i] == Floor && (d > floorD || d == floorD && i < wantFloor) {
				wantFloor, floorD = i, d
			}
		})
		floor, anyTile := FarthestWalk(g, from, taken)
		if floor != wantFloor || anyTile != wantAny {
			t.Fatalf("map %d (%d×%d) from %v: floor %d, any %d; want %d, %d", n, w, h, from, floor, anyTile, wantFloor, wantAny)
		}
	}
}

// TestFillMatchesTileByTile checks Fill against setting each tile of the
// rectangle (clipped), for rectangles of whole rows and of parts of rows.
func TestFillMatchesTileByTile(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for n := range 500 {
		w, h := 1+rng.IntN(90), 1+rng.IntN(30)
		g := randomGrid(rng, w, h, 50)
		want := g.Clone()
		r := R(rng.IntN(w+4)-2, rng.IntN(h+4)-2, rng.IntN(w+4), rng.IntN(h+4))
		if n%3 == 0 {
			r.X, r.W = 0, w
		}
		tile := Tile(rng.IntN(int(numTiles)))
		for y := r.Y; y < r.Y2(); y++ {
			for x := r.X; x < r.X2(); x++ {
				if want.In(Point{x, y}) {
					want.Set(Point{x, y}, tile)
				}
			}
		}
		g.Fill(r, tile)
		if !slices.Equal(g.Tiles, want.Tiles) {
			t.Fatalf("%d×%d map %d: Fill(%v, %v) differs", w, h, n, r, tile)
		}
	}
}
