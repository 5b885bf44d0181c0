package chain

import "math/rand/v2"

// Section selects which part of a spawn table a roll draws from.
type Section string

// The spawn table sections.
const (
	AnySection Section = "any"
	Items      Section = "items"
	Mobs       Section = "mobs"
	Props      Section = "props"
)

// Spawner is what the spawning builders need from a content pack; package content
// implements it. Both methods are deterministic in rng.
type Spawner interface {
	// Roll draws a weighted entry of the spawn table eligible at depth.
	Roll(rng *rand.Rand, depth int, section Section) (name string, ok bool)
	// Pick draws uniformly among the items of a category ("weapon", "armor", or a
	// vendor_category) eligible at depth.
	Pick(rng *rand.Rand, depth int, category string) (name string, ok bool)
}
