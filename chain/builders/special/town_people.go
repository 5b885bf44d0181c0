package special

import (
	"cmp"
	"slices"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

// townRole is what a building of the town is used for; roles go by size.
type townRole int

// The roles, largest building first (the tutorial's BuildingTag).
const (
	rolePub townRole = iota
	roleTemple
	roleBlacksmith
	roleClothier
	roleAlchemist
	rolePlayerHouse
	roleHovel
	roleAbandoned
)

var townRoleNames = [...]string{"pub", "temple", "blacksmith", "clothier", "alchemist", "player's house", "hovel", "abandoned house"}

// String names the role.
func (r townRole) String() string { return townRoleNames[r] }

// townFurniture lists, per role, the entities (content pack names) placed inside
// a building of that role, most important first: the tutorial's lists.
var townFurniture = map[townRole][]string{
	rolePub:         {"Barkeep", "Shady Salesman", "Patron", "Patron", "Keg", "Table", "Chair", "Table", "Chair"},
	roleTemple:      {"Priest", "Altar", "Parishioner", "Parishioner", "Chair", "Chair", "Candle", "Candle"},
	roleBlacksmith:  {"Blacksmith", "Anvil", "Water Trough", "Weapon Rack", "Armor Stand"},
	roleClothier:    {"Clothier", "Cabinet", "Table", "Loom", "Hide Rack"},
	roleAlchemist:   {"Alchemist", "Chemistry Set", "Dead Thing", "Chair", "Table"},
	rolePlayerHouse: {"Mom", "Bed", "Cabinet", "Chair", "Table"},
	roleHovel:       {"Peasant", "Bed", "Chair", "Table"},
}

// Outdoor folk: who stands on the piers, and who walks the town's streets.
var (
	townDockers = []string{"Dock Worker", "Wannabe Pirate", "Fisher"}
	townsfolk   = []string{"Peasant", "Drunk", "Dock Worker", "Fisher"}
)

// Names and odds ("one in N") of the other town spawns.
const (
	townRatName   = "Rat"
	townDoorName  = "Door"
	townRatChance = 2  // each floor tile of the abandoned house
	townDockOdds  = 6  // each pier tile
	townFolkOdds  = 10 // each free outdoor tile inside the walls
)

// townRoles returns the building indexes from largest to smallest area (ties in
// placement order). Rank 0 is the pub. The tutorial sorted the sizes but then
// gave building i the role of rank i, so its pub was not the largest building.
func townRoles(houses []chain.Rect) []int {
	order := make([]int, len(houses))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Compare(houses[b].W*houses[b].H, houses[a].W*houses[a].H)
	})
	return order
}

// roleOf is the role of the building of the given size rank among n: pub,
// temple, blacksmith, clothier, alchemist, player's house, then hovels, the
// smallest abandoned (when there are more than the six named buildings).
func roleOf(rank, n int) townRole {
	switch {
	case n > int(roleHovel) && rank == n-1:
		return roleAbandoned
	case rank < int(roleHovel):
		return townRole(rank)
	}
	return roleHovel
}

// furnish places the entities of building h's role on its wooden floor. Unlike
// the tutorial (a 1-in-3 roll per tile, so the barkeep could be missing), every
// listed entity is placed while floor remains, on shuffled tiles; the start and
// the tile just inside the door stay clear, so the building can be entered.
func (t *townPlan) furnish(s *chain.State, h int, role townRole) {
	r := t.houses[h]
	inner := r.Inset(1)
	if role == roleAbandoned {
		inner.Each(func(p chain.Point) {
			if t.g.At(p) == chain.WoodFloor && kit.Dice(t.rng, 1, townRatChance) == 1 {
				s.AddSpawn(p, townRatName)
			}
		})
		return
	}
	door := t.doors[h]
	inside := chain.Point{X: door.X, Y: r.Y2() - 2}
	if door.Y == r.Y {
		inside.Y = r.Y + 1
	}
	var free []chain.Point
	inner.Each(func(p chain.Point) {
		if t.g.At(p) == chain.WoodFloor && p != inside && (s.Start == nil || p != *s.Start) {
			free = append(free, p)
		}
	})
	t.rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	for i, name := range townFurniture[role] {
		if i >= len(free) {
			break
		}
		s.AddSpawn(free[i], name)
	}
}

// townGuard is the content pack's name for the guards at the town gate.
const townGuard = "Town Guard"

// guards posts a guard on each side of the road just inside the gate in the
// west wall (seed 001: a town needs guards; the tutorial's town has none).
func (t *townPlan) guards(s *chain.State) {
	occ := kit.NewOccupancy(s)
	for _, dy := range []int{-3, 3} {
		if p, ok := occ.NearestFree(chain.Point{X: t.wallX + 1, Y: t.gapY + dy}); ok {
			s.AddSpawn(p, townGuard)
			occ.Take(p)
		}
	}
}

// outdoorFolk puts dock workers, pirates and fishers on the piers and townsfolk
// on the free tiles inside the walls, with the tutorial's odds.
func (t *townPlan) outdoorFolk(s *chain.State) {
	g := t.g
	for i, tile := range g.Tiles {
		if tile == chain.Bridge && kit.Dice(t.rng, 1, townDockOdds) == 1 {
			s.AddSpawn(g.Pt(i), townDockers[kit.Dice(t.rng, 1, len(townDockers))-1])
		}
	}
	for i, ok := range t.avail {
		if ok && g.Tiles[i].Walkable() && kit.Dice(t.rng, 1, townFolkOdds) == 1 {
			s.AddSpawn(g.Pt(i), townsfolk[kit.Dice(t.rng, 1, len(townsfolk))-1])
		}
	}
}
