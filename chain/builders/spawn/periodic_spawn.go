package spawn

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "periodic_spawn",
		Help: "RuggRogue's guaranteed equipment: depths form groups of `period` (shifted by an offset drawn from the master seed), and one depth of each group, also drawn from the master seed, gets an item of `category` (or the entity `name`) in a random room. Every depth of a run agrees on the choice, and two chosen depths are never adjacent.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.StringParam("category", "Category", "Item category to pick from: weapon, armor, or any vendor_category. Ignored when name is set.", "weapon"),
			kit.EntityParam("name", "Name", "A fixed entity to place instead of picking from a category.", ""),
			kit.IntParam("period", "Period", "How many depths form a group (RuggRogue: 4).", 4, 1, 100),
		},
		Makes: chain.FSpawns,
		New: func(v chain.Values) (chain.Builder, error) {
			b := periodicSpawn{category: v.String("category"), name: v.String("name"), period: v.Int("period")}
			if b.name == "" && b.category == "" {
				return nil, errors.New("category: empty, and name is empty too (set one of them)")
			}
			if b.period < 1 {
				return nil, errors.New("period: " + strconv.Itoa(b.period) + " is less than 1")
			}
			return b, nil
		},
	})
}

type periodicSpawn struct {
	category, name string
	period         int
}

// key names the schedule: spawns with different keys have independent schedules
// (as RuggRogue's weapon and armour RNGs use different seed bits).
func (b periodicSpawn) key() string {
	if b.name != "" {
		return "name=" + b.name
	}
	return "category=" + b.category
}

// periodicHit reports whether depth is the chosen depth of its group for the
// schedule key under the master seed. Depth 1 is the first depth of a run. The
// offset (0..period-1) shifts where groups start; the chosen slot is drawn from
// 0..period-2 (never the group's last depth, so chosen depths are never adjacent;
// with period 1 every depth is chosen). A partial group at the start of a run
// (when the offset is not 0) may therefore have no chosen depth.
func periodicHit(master uint64, key string, period, depth int) bool {
	if period <= 1 {
		return true
	}
	offset := chain.NewRand(master, "periodic:"+key+":offset").IntN(period)
	shifted := depth - 1 + offset
	group, slot := floorDiv(shifted, period)
	chosen := chain.NewRand(master, "periodic:"+key+":"+strconv.Itoa(group)).IntN(period - 1)
	return slot == chosen
}

// floorDiv divides rounding towards minus infinity and returns the quotient and
// the non-negative remainder.
func floorDiv(a, b int) (q, r int) {
	q, r = a/b, a%b
	if r < 0 {
		q, r = q-1, r+b
	}
	return q, r
}

func (b periodicSpawn) Build(_ context.Context, s *chain.State, rng *rand.Rand) error {
	if b.name == "" && s.Spawner == nil {
		return chain.ErrNoSpawner
	}
	if !periodicHit(s.Master, b.key(), b.period, s.Depth) {
		return nil
	}
	name := b.name
	if name == "" {
		var ok bool
		if name, ok = s.Spawner.Pick(rng, s.Depth, b.category); !ok {
			return nil // nothing of the category exists at this depth
		}
	}
	o := kit.NewOccupancy(s)
	p, ok := randomRoomTile(o, rng, s.Rooms)
	if !ok {
		return noFree(name)
	}
	o.Place(s, p, name)
	return nil
}
