package special

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func townChain(w, h int, params map[string]any) *chain.Chain {
	return &chain.Chain{Depth: 1, Width: w, Height: h, Steps: []chain.Step{{Builder: "town", Params: params}}}
}

func runTown(t testing.TB, w, h int, seed uint64) *chain.Result {
	t.Helper()
	r, err := chain.Run(context.Background(), townChain(w, h, nil), seed, nil)
	require.NoError(t, err, "seed %d", seed)
	return r
}

// spawnsNamed returns the positions of the spawns called name.
func spawnsNamed(s *chain.State, name string) []chain.Point {
	var out []chain.Point
	for _, sp := range s.Spawns {
		if sp.Name == name {
			out = append(out, sp.Pos())
		}
	}
	return out
}

func TestTownHasEveryStage(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		r := runTown(t, 80, 50, seed)
		var labels []string
		for i := range r.History.Len() {
			_, label := r.History.StepOf(i)
			labels = append(labels, label)
		}
		n := len(r.State.Rooms)
		require.Equal(t, 12, n, "seed %d: the tutorial's twelve buildings fit on 80×50", seed)
		want := []string{TownStageGrass, TownStageRiver, TownStagePiers, TownStageWalls, TownStageWallEnds}
		for i := 1; i <= n; i++ {
			want = append(want, fmt.Sprintf(TownStageBuilding, i))
		}
		want = append(want, TownStageOutlines, TownStageDoors)
		for i := 1; i <= n; i++ {
			want = append(want, fmt.Sprintf(TownStagePath, i))
		}
		want = append(want, TownStageStartExit, TownStageFurnish, "")
		assert.Equal(t, want, labels, "seed %d", seed)
		assert.True(t, r.History.At(r.History.Len()-1).Final)
	}
}

func TestTownLayout(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		r := runTown(t, 80, 50, seed)
		s, g := r.State, r.State.Map

		// The exit: one down staircase on the road at the east edge.
		require.Len(t, s.Exits, 1, "seed %d", seed)
		ex := s.Exits[0].Pos()
		assert.Equal(t, g.W-2, ex.X, "seed %d: exit column", seed)
		assert.Equal(t, chain.DownStairs, g.At(ex), "seed %d", seed)
		assert.Equal(t, chain.Road, g.At(chain.Point{X: g.W - 1, Y: ex.Y}), "seed %d: the exit is on the road", seed)
		assert.Equal(t, chain.Road, g.At(chain.Point{X: g.W - 3, Y: ex.Y}), "seed %d: the exit is on the road", seed)

		// The start is in the pub, the largest building.
		require.NotNil(t, s.Start)
		pub := s.Rooms[0]
		for _, rm := range s.Rooms[1:] {
			assert.GreaterOrEqual(t, pub.W*pub.H, rm.W*rm.H, "seed %d: the pub is the largest building", seed)
		}
		assert.True(t, pub.Contains(*s.Start), "seed %d: start %v outside the pub %+v", seed, *s.Start, pub)
		assert.Equal(t, chain.WoodFloor, g.At(*s.Start))
		barkeep := spawnsNamed(s, "Barkeep")
		require.Len(t, barkeep, 1, "seed %d", seed)
		assert.True(t, pub.Contains(barkeep[0]), "seed %d: the barkeep works in the pub", seed)

		// One door per building, in the wall facing the road, on a floor tile, opening onto walkable ground.
		doors := spawnsNamed(s, "Door")
		require.Len(t, doors, len(s.Rooms), "seed %d", seed)
		dist := chain.DistanceMap(g, []chain.Point{*s.Start})
		require.NotEqual(t, chain.Unreachable, dist[g.Idx(ex)], "seed %d: exit unreachable", seed)
		for _, rm := range s.Rooms {
			house := rm.Inset(-1)
			var door chain.Point
			found := 0
			for _, d := range doors {
				if house.Contains(d) {
					door, found = d, found+1
				}
			}
			require.Equal(t, 1, found, "seed %d: building %+v has %d doors", seed, house, found)
			assert.Equal(t, chain.Floor, g.At(door), "seed %d: door %v", seed, door)
			assert.True(t, door.X > house.X && door.X < house.X2()-1, "seed %d: door %v in a corner of %+v", seed, door, house)
			outside := chain.Point{X: door.X, Y: door.Y + 1}
			if house.Y > ex.Y {
				assert.Equal(t, house.Y, door.Y, "seed %d: building %+v south of the road has its door north", seed, house)
				outside.Y = door.Y - 1
			} else {
				assert.Equal(t, house.Y2()-1, door.Y, "seed %d: building %+v north of the road has its door south", seed, house)
			}
			assert.True(t, g.Walkable(outside), "seed %d: door %v opens onto %v", seed, door, g.At(outside))
			assert.NotEqual(t, chain.Unreachable, dist[g.Idx(door)], "seed %d: building %+v unreachable from the start", seed, house)
			// Walled all round but for the door.
			walls := 0
			house.Each(func(p chain.Point) {
				if !rm.Contains(p) && g.At(p) == chain.Wall {
					walls++
				}
			})
			assert.Equal(t, 2*(house.W+house.H)-4-1, walls, "seed %d: building %+v outline", seed, house)
		}

		// Buildings never touch.
		for i, a := range s.Rooms {
			for _, b := range s.Rooms[i+1:] {
				assert.False(t, a.Inset(-2).Intersects(b.Inset(-1)), "seed %d: buildings %+v and %+v touch", seed, a, b)
			}
		}

		// Spawns are on walkable tiles, never on the start, never two on one tile.
		seen := map[chain.Point]string{}
		for _, sp := range s.Spawns {
			assert.True(t, g.Walkable(sp.Pos()), "seed %d: %s on %v", seed, sp.Name, g.At(sp.Pos()))
			assert.NotEqual(t, *s.Start, sp.Pos(), "seed %d: %s on the start", seed, sp.Name)
			prev, dup := seen[sp.Pos()]
			assert.False(t, dup, "seed %d: %s and %s share %v", seed, prev, sp.Name, sp.Pos())
			seen[sp.Pos()] = sp.Name
		}
	}
}

func TestTownFurnishesByRole(t *testing.T) {
	r := runTown(t, 80, 50, 3)
	s := r.State
	in := func(name string, room chain.Rect) int {
		n := 0
		for _, p := range spawnsNamed(s, name) {
			if room.Contains(p) {
				n++
			}
		}
		return n
	}
	firsts := []string{"Barkeep", "Priest", "Blacksmith", "Clothier", "Alchemist", "Mom"}
	for rank, name := range firsts {
		assert.Equal(t, 1, in(name, s.Rooms[rank]), "%s in the building of size rank %d", name, rank)
	}
	last := s.Rooms[len(s.Rooms)-1]
	assert.Positive(t, in("Rat", last), "rats in the abandoned house")
	assert.Equal(t, 0, in("Peasant", last), "nobody lives in the abandoned house")
	for rank := 6; rank < len(s.Rooms)-1; rank++ {
		assert.Equal(t, 1, in("Peasant", s.Rooms[rank]), "a peasant lives in hovel %d", rank)
		assert.Equal(t, 1, in("Bed", s.Rooms[rank]))
	}
	assert.Equal(t, roleAbandoned, roleOf(11, 12))
	assert.Equal(t, roleHovel, roleOf(6, 12))
	assert.Equal(t, rolePlayerHouse, roleOf(5, 6), "with six buildings none is abandoned")
	assert.Equal(t, "pub", roleOf(0, 1).String())
}

func TestTownSmallMaps(t *testing.T) {
	_, err := chain.Run(context.Background(), townChain(TownMinWidth-1, 40, nil), 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "steps[0] town")
	assert.Contains(t, err.Error(), fmt.Sprintf("at least %d×%d", TownMinWidth, TownMinHeight))
	_, err = chain.Run(context.Background(), townChain(60, TownMinHeight-1, nil), 1, nil)
	require.Error(t, err)

	for seed := uint64(0); seed < 60; seed++ {
		r, err := chain.Run(context.Background(), townChain(TownMinWidth, TownMinHeight, nil), seed, nil)
		require.NoError(t, err, "seed %d", seed)
		s := r.State
		require.NotEmpty(t, s.Rooms, "seed %d", seed)
		assert.Less(t, len(s.Rooms), 12, "seed %d: a small town has fewer buildings", seed)
		assert.True(t, s.Rooms[0].Contains(*s.Start), "seed %d", seed)
		dist := chain.DistanceMap(s.Map, []chain.Point{*s.Start})
		assert.NotEqual(t, chain.Unreachable, dist[s.Map.Idx(s.Exits[0].Pos())], "seed %d", seed)
	}
	for _, size := range [][2]int{{200, 120}, {33, 90}, {120, 25}} {
		r, err := chain.Run(context.Background(), townChain(size[0], size[1], map[string]any{"buildings": 40}), 5, nil)
		require.NoError(t, err, "%v", size)
		assert.NotEmpty(t, r.State.Rooms)
	}
}

func TestTownBuildingsParam(t *testing.T) {
	r, err := chain.Run(context.Background(), townChain(80, 50, map[string]any{"buildings": 1}), 2, nil)
	require.NoError(t, err)
	require.Len(t, r.State.Rooms, 1)
	assert.Len(t, spawnsNamed(r.State, "Barkeep"), 1, "a lone building is the pub")
	assert.Empty(t, spawnsNamed(r.State, "Rat"))
}

func TestTownCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := chain.Run(ctx, townChain(80, 50, nil), 1, nil)
	require.ErrorIs(t, err, context.Canceled)
}

func TestTownRolesOrder(t *testing.T) {
	houses := []chain.Rect{chain.R(0, 0, 5, 5), chain.R(0, 0, 9, 9), chain.R(0, 0, 5, 5), chain.R(0, 0, 6, 5)}
	assert.Equal(t, []int{1, 3, 0, 2}, townRoles(houses), "largest first, ties in placement order")
	assert.True(t, slices.Equal(townFurniture[rolePub][:2], []string{"Barkeep", "Shady Salesman"}))
}

func BenchmarkTown(b *testing.B) {
	c := townChain(80, 50, nil)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := chain.Run(context.Background(), c, uint64(i), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// Two guards stand just inside the gate, one on each side of the road.
func TestTownGuardsTheGate(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		res, err := chain.Run(context.Background(), &chain.Chain{Width: 80, Height: 50, Steps: []chain.Step{{Builder: "town"}}}, seed, nil)
		require.NoError(t, err)
		var guards []chain.Point
		for _, sp := range res.State.Spawns {
			if sp.Name == "Town Guard" {
				guards = append(guards, sp.Pos())
			}
		}
		require.Len(t, guards, 2, "seed %d", seed)
		for _, g := range guards {
			assert.InDelta(t, 31, g.X, 3, "seed %d: guard %v near the west gate", seed, g)
		}
		assert.NotEqual(t, guards[0].Y > guards[1].Y, guards[0].Y < guards[1].Y, "one on each side")
	}
}

// A cancelled run stops a big town promptly and reports the cancellation.
func TestTownCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := &chain.Chain{Width: 600, Height: 400, Steps: []chain.Step{{Builder: "town", Params: map[string]any{"buildings": 64}}}}
	done := make(chan error, 1)
	go func() {
		_, err := chain.Run(ctx, c, 1, nil)
		done <- err
	}()
	cancel()
	assert.ErrorIs(t, <-done, context.Canceled, "not a step error about a missing path")
}
