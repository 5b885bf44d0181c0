package chain

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHistoryRandomAccess(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := &State{Map: NewGrid(64, 48)}
	h := NewHistory(64, 48)
	var want [][]Tile
	for i := 0; i < 120; i++ {
		switch {
		case i%17 == 0: // a big scattered change forces a keyframe
			for k := 0; k < 3000; k++ {
				s.Map.Tiles[rng.IntN(len(s.Map.Tiles))] = Tile(rng.IntN(int(numTiles)))
			}
		case i%7 == 0: // a few scattered tiles
			for k := 0; k < 1+rng.IntN(40); k++ {
				s.Map.Tiles[rng.IntN(len(s.Map.Tiles))] = Tile(rng.IntN(int(numTiles)))
			}
		default: // a room or a corridor, as builders carve them
			x, y := rng.IntN(60), rng.IntN(44)
			w, h := 1+rng.IntN(64-x), 1+rng.IntN(min(12, 48-y))
			t := Tile(rng.IntN(int(numTiles)))
			for yy := y; yy < y+h; yy++ {
				for xx := x; xx < x+w; xx++ {
					s.Map.Tiles[yy*64+xx] = t
				}
			}
		}
		if i%5 == 0 {
			s.Spawns = append(s.Spawns, Spawn{X: i % 64, Y: 1, Name: "Orc"})
		}
		h.record(s, StepRef{Path: "steps[0]", Index: i / 10}, "", false)
		want = append(want, append([]Tile(nil), s.Map.Tiles...))
	}
	require.Equal(t, 120, h.Len())
	order := rng.Perm(120)
	for _, i := range order {
		assert.Equal(t, want[i], h.At(i).Map.Tiles, "snapshot %d", i)
	}
	for i := 1; i < 120; i++ {
		var diff []int
		for j := range want[i] {
			if want[i][j] != want[i-1][j] {
				diff = append(diff, j)
			}
		}
		assert.Equal(t, diff, h.Changed(i), "changed %d", i)
	}
	assert.Equal(t, 1, len(h.At(0).Spawns))
	assert.Equal(t, 24, len(h.At(119).Spawns))
	assert.Equal(t, 119, h.LastOf(11))
	assert.Less(t, h.Bytes(), 120*64*48/2, "history stores less than half the full copies")
}

// TestHistoryKeyframesScatteredChanges checks that a change scattered over the
// map is kept as a keyframe and a carved room as a small delta, and that both
// read back exactly.
func TestHistoryKeyframesScatteredChanges(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := &State{Map: NewGrid(80, 50)}
	h := NewHistory(80, 50)
	h.record(s, StepRef{}, "", false)
	for i := range s.Map.Tiles {
		if rng.IntN(100) < 45 {
			s.Map.Tiles[i] = Floor
		}
	}
	noise := slices.Clone(s.Map.Tiles)
	h.record(s, StepRef{}, "noise", false)
	s.Map.Fill(R(10, 10, 10, 5), DeepWater)
	room := slices.Clone(s.Map.Tiles)
	h.record(s, StepRef{}, "room", false)
	require.Equal(t, 3, h.Len())
	assert.NotZero(t, h.frame(1).flags&frameKey, "noise is a keyframe")
	assert.Zero(t, h.frame(2).flags&frameKey, "a room is a delta")
	assert.Less(t, int(h.frame(2).n), 6*(10+2), "a room's delta holds its rows")
	assert.Equal(t, room, h.At(2).Map.Tiles)
	assert.Equal(t, noise, h.At(1).Map.Tiles)
}

// TestHistoryBigKeyframesBetweenDeltas checks that small deltas packed into
// the current delta block read back after a keyframe too big for it took a
// block of its own.
func TestHistoryBigKeyframesBetweenDeltas(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	s := &State{Map: NewGrid(200, 200)}
	h := NewHistory(200, 200)
	var want [][]Tile
	for i := range 6 {
		if i%3 == 0 { // noise: a keyframe in a block of its own
			for k := range s.Map.Tiles {
				s.Map.Tiles[k] = Tile(rng.IntN(2))
			}
		} else { // a room: a small delta
			s.Map.Fill(R(5+i, 5, 10, 6), DeepWater)
		}
		h.record(s, StepRef{}, "", false)
		want = append(want, slices.Clone(s.Map.Tiles))
	}
	for i := range want {
		require.Equal(t, want[i], h.At(i).Map.Tiles, "snapshot %d", i)
	}
}

// TestHistoryRowsAndWalls checks the frames stored without comparing tiles
// (a small changed rectangle's rows whole) and the keyframe of a map of walls
// stored as its changes from walls: both read back exactly, and Changed lists
// only the tiles that changed.
func TestHistoryRowsAndWalls(t *testing.T) {
	s := &State{Map: NewGrid(80, 50)}
	h := NewHistory(80, 50)
	s.cleared = true
	s.Map.Fill(R(10, 10, 4, 3), Floor)
	h.record(s, StepRef{}, "", false)
	assert.NotZero(t, h.frame(0).flags&frameWalls, "walls and a room: a keyframe from walls")
	assert.LessOrEqual(t, int(h.frame(0).n), 3*(4+2)+1)
	s.cleared = false
	s.Map.Set(Point{11, 11}, DeepWater)
	h.recordWithin(s, StepRef{}, "", R(9, 9, 6, 5), true) // the rectangle holds unchanged tiles
	assert.NotZero(t, h.frame(1).flags&frameRows)
	assert.Equal(t, []int{11*80 + 11}, h.Changed(1))
	assert.Equal(t, s.Map.Tiles, h.At(1).Map.Tiles)
	first := h.At(0).Map.Tiles
	assert.Equal(t, Floor, first[10*80+10])
	assert.Equal(t, Floor, first[11*80+11])
	assert.Equal(t, 12, len(h.Changed(0)), "the room's tiles")
}

// TestHistoryManySmallRunsKeyframe checks that changes in many short runs
// spread over the map go to a keyframe at once (the sample counts their
// runs) and read back exactly.
func TestHistoryManySmallRunsKeyframe(t *testing.T) {
	s := &State{Map: NewGrid(80, 50)}
	h := NewHistory(80, 50)
	h.record(s, StepRef{}, "", false)
	for i := 0; i < len(s.Map.Tiles); i += 13 { // one tile in 13: few words spared, a run each
		s.Map.Tiles[i] = Floor
	}
	h.record(s, StepRef{}, "", false)
	assert.NotZero(t, h.frame(1).flags&frameKey)
	assert.Equal(t, s.Map.Tiles, h.At(1).Map.Tiles)
	assert.Len(t, h.Changed(1), (len(s.Map.Tiles)+12)/13)
}

func TestHistorySnapshotsAreImmutable(t *testing.T) {
	s := &State{Map: NewGrid(10, 10)}
	h := NewHistory(10, 10)
	h.record(s, StepRef{}, "", true)
	snap := h.At(0)
	snap.Map.Tiles[0] = Floor
	s.Map.Tiles[1] = Floor
	assert.Equal(t, Wall, h.At(0).Map.Tiles[0])
	assert.Equal(t, Wall, h.At(0).Map.Tiles[1])
}

func BenchmarkHistoryRecord512(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	s := &State{Map: NewGrid(512, 512)}
	for i := 0; i < b.N; i++ {
		h := NewHistory(512, 512)
		for k := 0; k < 200; k++ {
			for j := 0; j < 500; j++ {
				s.Map.Tiles[rng.IntN(len(s.Map.Tiles))] = Floor
			}
			h.record(s, StepRef{}, "", false)
		}
		b.ReportMetric(float64(h.Bytes())/float64(200*512*512)*100, "%-of-full-copies")
	}
}

// TestHistoryBlocksRecycled checks that the blocks of histories nobody holds
// go back to the pools without touching a history still held: its snapshots
// stay exactly as recorded while later histories reuse the blocks.
func TestHistoryBlocksRecycled(t *testing.T) {
	record := func(seed uint64) (*History, [][]Tile) {
		rng := rand.New(rand.NewPCG(seed, 9))
		s := &State{Map: NewGrid(40, 30)}
		h := NewHistory(40, 30)
		var want [][]Tile
		for i := range 150 {
			for range 1 + rng.IntN(30) {
				s.Map.Tiles[rng.IntN(len(s.Map.Tiles))] = Tile(rng.IntN(int(numTiles)))
			}
			if i%3 == 0 {
				s.Spawns = append(s.Spawns, Spawn{X: i % 40, Y: 2, Name: "Orc"})
			}
			h.record(s, StepRef{Index: i / 30}, "", false)
			want = append(want, slices.Clone(s.Map.Tiles))
		}
		return h, want
	}
	kept, want := record(1)
	for round := range 5 {
		for seed := range 20 {
			record(uint64(100*round + seed + 2))
		}
		runtime.GC()
		runtime.GC()
	}
	for i := range kept.Len() {
		require.Equal(t, want[i], kept.At(i).Map.Tiles, "snapshot %d", i)
	}
}

// TestFirstDiffSame checks the delta encoder's searches against a plain loop
// on maps of every length around the block sizes.
func TestFirstDiffSame(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		n := rng.IntN(700)
		a, b := make([]byte, n), make([]byte, n)
		for range rng.IntN(5) {
			if n > 0 {
				b[rng.IntN(n)] = 1
			}
		}
		i := 0
		if n > 0 {
			i = rng.IntN(n)
		}
		wantDiff, wantSame := n, n
		for j := n - 1; j >= i; j-- {
			if a[j] != b[j] {
				wantDiff = j
			} else {
				wantSame = j
			}
		}
		require.Equal(t, wantDiff, firstDiff(a, b, i), "firstDiff n=%d i=%d", n, i)
		require.Equal(t, wantSame, firstSame(a, b, i), "firstSame n=%d i=%d", n, i)
	}
}

// TestHistorySpawnNames checks that spawns read back with their names when
// there are many of them (the name table grows) and that the lists At hands
// out are the caller's.
func TestHistorySpawnNames(t *testing.T) {
	s := &State{Map: NewGrid(20, 20)}
	h := NewHistory(20, 20)
	var want [][]Spawn
	for i := range 6 {
		for k := range 100 {
			s.Spawns = append(s.Spawns, Spawn{X: k % 20, Y: i, Name: "n" + strconv.Itoa((k*7+i*31)%450)})
		}
		s.Exits = append(s.Exits, Exit{X: i, Y: 1, Tile: DownStairs})
		h.record(s, StepRef{Index: i}, "", true)
		want = append(want, slices.Clone(s.Spawns))
	}
	for i := range 6 {
		snap := h.At(i)
		require.Equal(t, want[i], snap.Spawns, "snapshot %d", i)
		require.Len(t, snap.Exits, i+1)
		snap.Spawns[0].Name, snap.Exits[0].X = "changed", 99
		assert.Equal(t, want[i], h.At(i).Spawns, "the lists At hands out are copies")
		assert.Equal(t, 0, h.At(i).Exits[0].X)
	}
}
