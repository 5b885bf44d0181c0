package special

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

// The smallest map a town fits on: the river, the town wall and at least one
// 5×5 building north or south of the road, wherever the road falls.
const (
	TownMinWidth  = 32
	TownMinHeight = 24
)

// Labels of the town's snapshots, one per stage, in the order they are taken.
// Numbered stages ("building 3", "path 3") take one snapshot per building or door.
// The step's final snapshot (outdoor townsfolk) has no label, like every step's.
const (
	TownStageGrass     = "grass"
	TownStageRiver     = "river"
	TownStagePiers     = "piers"
	TownStageWalls     = "town walls, gravel and road"
	TownStageWallEnds  = "north and south walls"
	TownStageBuilding  = "building %d"
	TownStageOutlines  = "building walls"
	TownStageDoors     = "doors"
	TownStagePath      = "path %d"
	TownStageStartExit = "start and exit"
	TownStageFurnish   = "furniture and residents"
)

// TownMaxSize is the widest and tallest map a town is built on: at 2048×2048 it
// takes about 3 s of CPU and 430 MB, at 4096×4096 10 s and 1.7 GB (the A*
// searches joining doors to the road hold an 80-byte node per tile of the map).
const TownMaxSize = 2048

// townAttempts bounds the random building placements (the tutorial loops until
// twelve fit, which never ends on a small map).
const townAttempts = 4000

func init() {
	chain.Register(chain.Spec{
		Name: "town",
		Help: "The tutorial's starting town: grass, a river with piers to the west, a walled town with a road " +
			"through a gap, buildings with doors facing the road and paths to it, furnished and peopled by role " +
			"(the largest is the pub, where the start is); the exit is on the road at the east edge. " +
			"Rooms are the buildings' wooden floors, largest first: pub, temple, blacksmith, clothier, alchemist, " +
			"player's house, hovels, and (with seven or more) the smallest abandoned. " +
			"Maps up to 2048×2048 (the paths' A* search needs over 1 GB on a 4096×4096 map).",
		Kind:    chain.Initial,
		MaxSize: TownMaxSize,
		Params: []chain.Param{
			kit.IntParam("buildings", "Buildings", "How many buildings to place (fewer when the town runs out of room).", 12, 1, 64),
		},
		Makes: chain.FRooms | chain.FStart | chain.FExit | chain.FSpawns,
		New: func(v chain.Values) (chain.Builder, error) {
			return town{buildings: v.Int("buildings")}, nil
		},
	})
}

type town struct{ buildings int }

// townPlan is what the stages of one town build share.
type townPlan struct {
	g      *chain.Grid
	rng    *rand.Rand
	wallX  int    // the west town wall's column (30 on the tutorial's 80-wide map)
	gapY   int    // the road's middle row
	avail  []bool // tiles a building (or an outdoor townsfolk) may use
	houses []chain.Rect
	doors  []chain.Point
}

func (b town) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	if g.W < TownMinWidth || g.H < TownMinHeight {
		return fmt.Errorf("the map is %d×%d, but a town needs at least %d×%d", g.W, g.H, TownMinWidth, TownMinHeight)
	}
	t := &townPlan{g: g, rng: rng, wallX: g.W * 3 / 8}
	g.Fill(g.Bounds(), chain.Grass)
	s.Snapshot(TownStageGrass)
	t.river(s)
	t.walls(s)
	if err := t.placeBuildings(ctx, s, b.buildings); err != nil {
		return err
	}
	t.addDoors(s)
	if err := t.addPaths(ctx, s); err != nil {
		return err
	}
	roles := townRoles(t.houses)
	pub := t.houses[roles[0]]
	if err := s.SetStart(pub.Center()); err != nil {
		return err
	}
	if _, err := s.AddExit(chain.Point{X: g.W - 2, Y: t.gapY}); err != nil {
		return err
	}
	s.Rooms = make([]chain.Rect, len(roles))
	for i, h := range roles {
		s.Rooms[i] = t.houses[h].Inset(1)
	}
	s.Snapshot(TownStageStartExit)
	for rank, h := range roles {
		t.furnish(s, h, roleOf(rank, len(roles)))
	}
	s.Snapshot(TownStageFurnish)
	t.outdoorFolk(s)
	t.guards(s)
	return nil
}

// river draws the tutorial's sine-wave river (deep water edged with three tiles
// of shallow water) and its piers, scaled to the map's width.
func (t *townPlan) river(s *chain.State) {
	g, rng := t.g, t.rng
	k := float64(t.wallX) / 30
	n := float64(kit.Dice(rng, 1, 65535)) / 65535
	width := make([]int, g.H)
	for y := range g.H {
		w := int(math.Sin(n)*10*k) + int(14*k) + kit.Dice(rng, 1, max(1, int(math.Round(6*k))))
		width[y] = w
		n += 0.1
		g.Fill(chain.R(0, y, w, 1), chain.DeepWater)
		g.Fill(chain.R(w, y, 3, 1), chain.ShallowWater)
	}
	s.Snapshot(TownStageRiver)
	for range kit.Dice(rng, 1, 4) + 6 {
		y := kit.Dice(rng, 1, g.H) - 1
		x := 2 + kit.Dice(rng, 1, 6)
		g.Fill(chain.R(x, y, width[y]+4-x, 1), chain.Bridge)
	}
	s.Snapshot(TownStagePiers)
}

// walls draws the town wall with its gap, the gravel inside and the road through
// the gap, and records the tiles buildings may use.
func (t *townPlan) walls(s *chain.State) {
	g := t.g
	t.gapY = kit.Dice(t.rng, 1, g.H-9) + 5
	t.avail = make([]bool, len(g.Tiles))
	for y := 1; y < g.H-2; y++ {
		if y > t.gapY-4 && y < t.gapY+4 {
			g.Fill(chain.R(t.wallX, y, g.W-t.wallX, 1), chain.Road)
			continue
		}
		g.Set(chain.Point{X: t.wallX, Y: y}, chain.Wall)
		g.Set(chain.Point{X: t.wallX - 1, Y: y}, chain.Floor)
		g.Set(chain.Point{X: g.W - 2, Y: y}, chain.Wall)
		for x := t.wallX + 1; x < g.W-2; x++ {
			g.Set(chain.Point{X: x, Y: y}, chain.Gravel)
			if y > 2 {
				t.avail[y*g.W+x] = true
			}
		}
	}
	s.Snapshot(TownStageWalls)
	for x := t.wallX; x < g.W-1; x++ {
		g.Set(chain.Point{X: x, Y: 1}, chain.Wall)
		g.Set(chain.Point{X: x, Y: g.H - 2}, chain.Wall)
	}
	s.Snapshot(TownStageWallEnds)
}

// fits reports whether every tile of r is available for a building.
func (t *townPlan) fits(r chain.Rect) bool {
	if r.X < 0 || r.Y < 0 || r.X2() > t.g.W || r.Y2() > t.g.H {
		return false
	}
	for y := r.Y; y < r.Y2(); y++ {
		for x := r.X; x < r.X2(); x++ {
			if !t.avail[y*t.g.W+x] {
				return false
			}
		}
	}
	return true
}

// claim lays r's wooden floor and takes r and the ring around it off the
// available set, so buildings never touch. (The tutorial cleared only the four
// orthogonal neighbours of each tile, so buildings could meet at their corners.)
func (t *townPlan) claim(r chain.Rect) {
	t.g.Fill(r, chain.WoodFloor)
	r.Inset(-1).Intersect(t.g.Bounds()).Each(func(p chain.Point) { t.avail[t.g.Idx(p)] = false })
	t.houses = append(t.houses, r)
}

// placeBuildings places up to want non-touching buildings of 5..12 tiles a side
// at random, as the tutorial does, but with a bounded number of attempts; when
// none fits at random it scans for the first 5×5 spot, so a town always has its pub.
func (t *townPlan) placeBuildings(ctx context.Context, s *chain.State, want int) error {
	g, rng := t.g, t.rng
	for try := 0; try < townAttempts && len(t.houses) < want; try++ {
		if try%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		r := chain.R(kit.Dice(rng, 1, g.W-t.wallX-2)+t.wallX, kit.Dice(rng, 1, g.H)-2,
			kit.Dice(rng, 1, 8)+4, kit.Dice(rng, 1, 8)+4)
		if t.fits(r) {
			t.claim(r)
			s.Snapshot(fmt.Sprintf(TownStageBuilding, len(t.houses)))
		}
	}
	if len(t.houses) == 0 {
		for i := range g.Tiles {
			if r := chain.R(i%g.W, i/g.W, 5, 5); t.fits(r) {
				t.claim(r)
				s.Snapshot(fmt.Sprintf(TownStageBuilding, 1))
				break
			}
		}
	}
	if len(t.houses) == 0 {
		return fmt.Errorf("no room for a single 5×5 building on the %d×%d map", g.W, g.H)
	}
	for _, r := range t.houses {
		for x := r.X; x < r.X2(); x++ {
			g.Set(chain.Point{X: x, Y: r.Y}, chain.Wall)
			g.Set(chain.Point{X: x, Y: r.Y2() - 1}, chain.Wall)
		}
		for y := r.Y; y < r.Y2(); y++ {
			g.Set(chain.Point{X: r.X, Y: y}, chain.Wall)
			g.Set(chain.Point{X: r.X2() - 1, Y: y}, chain.Wall)
		}
	}
	s.Snapshot(TownStageOutlines)
	return nil
}

// addDoors opens one door per building in the middle of the wall that faces the
// road (north when the building lies south of the road, else south): a floor
// tile with a "Door" spawn on it.
func (t *townPlan) addDoors(s *chain.State) {
	for _, r := range t.houses {
		p := chain.Point{X: r.X + 1 + kit.Dice(t.rng, 1, r.W-3), Y: r.Y2() - 1}
		if r.Y+r.H/2 > t.gapY {
			p.Y = r.Y
		}
		t.g.Set(p, chain.Floor)
		s.AddSpawn(p, townDoorName)
		t.doors = append(t.doors, p)
	}
	s.Snapshot(TownStageDoors)
}

// addPaths joins every door to the road tile nearest it (as the crow flies) with
// an A* path over the tile costs, paving it; later paths may end on earlier ones.
// Door tiles themselves stay floor.
func (t *townPlan) addPaths(ctx context.Context, s *chain.State) error {
	g := t.g
	var roads []chain.Point
	for i, tile := range g.Tiles {
		if tile == chain.Road {
			roads = append(roads, g.Pt(i))
		}
	}
	isDoor := make(map[chain.Point]bool, len(t.doors))
	for _, d := range t.doors {
		isDoor[d] = true
	}
	cost := chain.TileCost(g)
	finder := chain.NewPathFinder(g).WithContext(ctx)
	for i, d := range t.doors {
		if err := ctx.Err(); err != nil {
			return err
		}
		best, bestD := chain.Point{}, -1
		for _, r := range roads {
			if dd := chain.DistSq(d, r); bestD < 0 || dd < bestD {
				best, bestD = r, dd
			}
		}
		if bestD < 0 {
			return fmt.Errorf("no road to lead the path from the door at %v to", d)
		}
		for _, p := range finder.Path(d, best, cost) {
			if !isDoor[p] && g.At(p) != chain.Road {
				g.Set(p, chain.Road)
				roads = append(roads, p)
			}
		}
		s.Snapshot(fmt.Sprintf(TownStagePath, i+1))
	}
	return nil
}
