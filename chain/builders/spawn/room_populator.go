package spawn

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "room_populator",
		Help: "RuggRogue's room filling: every room but the first (where the player starts) gets an item by item_chance and, by monster_chance, 1..N monsters, where N is max_monsters of the depth band.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.FloatParam("item_chance", "Item chance", "Chance that a room gets one item (RuggRogue: 1 in 4).", 0.25, 0, 1),
			kit.FloatParam("monster_chance", "Monster chance", "Chance that a room gets monsters (RuggRogue: 1 in 2).", 0.5, 0, 1),
			{Name: "max_monsters", Label: "Max monsters", Type: chain.IntList, Default: []int{1, 2, 3}, Min: 0, Max: 100,
				Help: "Most monsters per room in each depth band (RuggRogue: 1 at depths 1-2, 2 at 3-4, 3 from 5)."},
			{Name: "band_starts", Label: "Band starts", Type: chain.IntList, Default: []int{1, 3, 5}, Min: 0, Max: 1000,
				Help: "First depth of each band, ascending, one per max_monsters entry; depths before the first band use the first."},
		},
		Needs: chain.FRooms, Makes: chain.FSpawns,
		New: newRoomPopulator,
	})
}

type roomPopulator struct {
	itemChance, monsterChance float64
	maxMonsters, bandStarts   []int
}

func newRoomPopulator(v chain.Values) (chain.Builder, error) {
	b := roomPopulator{
		itemChance: v.Float("item_chance"), monsterChance: v.Float("monster_chance"),
		maxMonsters: v.Ints("max_monsters"), bandStarts: v.Ints("band_starts"),
	}
	if len(b.maxMonsters) == 0 {
		return nil, fmt.Errorf("max_monsters: the list is empty (want one entry per depth band)")
	}
	if len(b.maxMonsters) != len(b.bandStarts) {
		return nil, fmt.Errorf("band_starts: %s has %d entries, but max_monsters %s has %d (want one start depth per band)",
			intsJSON(b.bandStarts), len(b.bandStarts), intsJSON(b.maxMonsters), len(b.maxMonsters))
	}
	for i := 1; i < len(b.bandStarts); i++ {
		if b.bandStarts[i] <= b.bandStarts[i-1] {
			return nil, fmt.Errorf("band_starts[%d]: %d does not come after %d (band starts must ascend)", i, b.bandStarts[i], b.bandStarts[i-1])
		}
	}
	return b, nil
}

// maxAt returns the most monsters per room at depth.
func (b roomPopulator) maxAt(depth int) int {
	n := b.maxMonsters[0]
	for i, start := range b.bandStarts {
		if depth >= start {
			n = b.maxMonsters[i]
		}
	}
	return n
}

func (b roomPopulator) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if s.Spawner == nil {
		return chain.ErrNoSpawner
	}
	if err := s.NeedRooms(); err != nil {
		return err
	}
	o := kit.NewOccupancy(s)
	most := b.maxAt(s.Depth)
	var buf []chain.Point
	for _, r := range s.Rooms[1:] {
		if err := ctx.Err(); err != nil {
			return err
		}
		if rng.Float64() < b.itemChance {
			buf = b.place(s, o, rng, r, chain.Items, buf)
		}
		if most > 0 && rng.Float64() < b.monsterChance {
			for range kit.Roll(rng, 1, most) {
				buf = b.place(s, o, rng, r, chain.Mobs, buf)
			}
		}
	}
	return nil
}

// place rolls one entry of sec onto a random free tile of r (nothing when the
// room is full or the table has nothing at this depth).
func (b roomPopulator) place(s *chain.State, o *kit.Occupancy, rng *rand.Rand, r chain.Rect, sec chain.Section, buf []chain.Point) []chain.Point {
	p, buf, ok := randomIn(o, rng, r, buf)
	if !ok {
		return buf
	}
	if name, ok := s.Spawner.Roll(rng, s.Depth, sec); ok {
		o.Place(s, p, name)
	}
	return buf
}

// intsJSON formats a list the way it appears in a chain file.
func intsJSON(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(parts, ",") + "]"
}
