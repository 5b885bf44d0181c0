// Package metrics measures a finished level: the map metrics `hewn stats`
// reports, a project level's acceptance rules test and `hewn tune` bins
// variants by. It is a pure function of the final chain.State (no Fyne, no
// I/O), so the facade (package projects) and the sweeps (projects/stats)
// measure alike.
package metrics

import (
	"strings"
	"unsafe"

	"hewn/chain"
)

// Metric names, in the order reports list them.
const (
	FloorShare     = "floor_share"     // walkable tiles / all tiles
	ReachableShare = "reachable_share" // walkable tiles reachable from the start / walkable tiles
	PathLength     = "path_length"     // steps from the start to the nearest reachable exit (maps with a start and a reachable exit)
	Rooms          = "rooms"           // rooms recorded by the chain
	Corridors      = "corridors"       // corridors recorded by the chain
	DeadEnds       = "dead_ends"       // walkable tiles with exactly one walkable neighbour (of four)
	Spawns         = "spawns"          // spawned entities
	Exits          = "exits"           // exits
	Unreachable    = "unreachable"     // walkable tiles not reachable from the start
)

// Names lists every map metric.
var Names = []string{FloorShare, ReachableShare, PathLength, Rooms, Corridors, DeadEnds, Spawns, Exits, Unreachable}

// SpawnPrefix starts the name of a metric that counts the spawns of one
// entity: "spawns.Goblin" is how many Goblins the level spawned.
const SpawnPrefix = "spawns."

// Known reports whether name is a metric: one of Names, or SpawnPrefix and a
// non-empty entity name.
func Known(name string) bool {
	if e, ok := strings.CutPrefix(name, SpawnPrefix); ok {
		return e != ""
	}
	for _, n := range Names {
		if n == name {
			return true
		}
	}
	return false
}

// Describe lists the metric names for an error message: every map metric,
// then "spawns.NAME".
func Describe() string { return strings.Join(Names, ", ") + " or " + SpawnPrefix + "NAME" }

// Value returns metric name of a level measured as m (from Measure) whose
// spawns by name are spawns (from SpawnCounts); ok is false when the level has
// no such value (path_length without a start or an exit). A spawns.NAME
// metric is always defined: 0 when nothing of that name spawned.
func Value(m map[string]float64, spawns map[string]int, name string) (v float64, ok bool) {
	if e, isSpawn := strings.CutPrefix(name, SpawnPrefix); isSpawn {
		return float64(spawns[e]), true
	}
	v, ok = m[name]
	return v, ok
}

// SpawnCounts counts spawns by entity name (nil when there are none).
func SpawnCounts(sp []chain.Spawn) map[string]int {
	if len(sp) == 0 {
		return nil
	}
	// A level spawns a few dozen names many times, mostly sharing their bytes
	// (a content table's): count them in a small table keyed by where a
	// name's bytes are and how many (no hashing or comparing of the bytes),
	// then make the map once, adding up names kept apart that are equal.
	var tab [countSlots]struct {
		name string
		n    int
	}
	used := 0
	for _, s := range sp {
		p := uintptr(unsafe.Pointer(unsafe.StringData(s.Name)))
		h := (uint64(p)>>3 ^ uint64(len(s.Name))) * 0x9E3779B97F4A7C15 >> (64 - countBits)
		for {
			e := &tab[h]
			if e.n == 0 {
				if used == countSlots/2 {
					return spawnCountsMap(sp)
				}
				used++
				e.name, e.n = s.Name, 1
				break
			}
			if unsafe.StringData(e.name) == unsafe.StringData(s.Name) && len(e.name) == len(s.Name) {
				e.n++
				break
			}
			h = (h + 1) & (countSlots - 1)
		}
	}
	out := make(map[string]int, used)
	for _, e := range tab {
		if e.n > 0 {
			out[e.name] += e.n
		}
	}
	return out
}

// countBits sizes SpawnCounts' table: countSlots slots, at most half used.
const (
	countBits  = 7
	countSlots = 1 << countBits
)

// spawnCountsMap is SpawnCounts counting in the map itself.
func spawnCountsMap(sp []chain.Spawn) map[string]int {
	out := map[string]int{}
	for _, s := range sp {
		out[s.Name]++
	}
	return out
}

// Measurer measures levels; the zero value is ready. It is not safe for
// concurrent use: use one per goroutine. (It holds nothing now: the searches
// it runs keep their buffers in pools.)
type Measurer struct{}

// Measure computes the map metrics of a finished state (see Names); metrics a
// level does not have (path_length without a start or an exit, the
// reachability metrics without a start) are absent.
func Measure(s *chain.State) map[string]float64 { return new(Measurer).Measure(s) }

// Measure is the package's Measure.
func (ms *Measurer) Measure(s *chain.State) map[string]float64 {
	m, _ := ms.MeasureCut(s)
	return m
}

// MeasureCut is Measure that also reports whether some exit cannot be reached
// from the start (cut: a level with a start, an exit and no way between them;
// `hewn stats` counts such levels as their own class).
func (ms *Measurer) MeasureCut(s *chain.State) (m map[string]float64, cut bool) {
	g := s.Map
	// The walkable mask, the regions and the search share one labelling (the
	// run's reachability check labelled this very map, so it usually comes
	// back at once).
	rs, release := chain.Spans(g)
	defer release()
	walk, dead := rs.WalkableAndDeadEnds()
	m = make(map[string]float64, len(Names))
	m[FloorShare] = float64(walk) / float64(g.W*g.H)
	m[Rooms] = float64(len(s.Rooms))
	m[Corridors] = float64(len(s.Corridors))
	m[DeadEnds] = float64(dead)
	m[Spawns] = float64(len(s.Spawns))
	m[Exits] = float64(len(s.Exits))
	if s.Start != nil && walk > 0 {
		// The tiles a walk from the start reaches are those of its 8-connected
		// region; the path length is a search that stops at the nearest
		// reachable exit.
		region := rs.Region(*s.Start)
		reach := 0
		if region > 0 {
			reach = rs.Sizes[region]
		}
		var to []chain.Point
		for _, e := range s.Exits {
			if region > 0 && rs.Region(e.Pos()) == region {
				to = append(to, e.Pos())
			} else {
				cut = true
			}
		}
		m[ReachableShare] = float64(reach) / float64(walk)
		m[Unreachable] = float64(walk - reach)
		if len(to) > 0 {
			m[PathLength] = float64(rs.StepsTo(g, *s.Start, to))
		}
	} else if s.Start != nil && len(s.Exits) > 0 {
		cut = true // nothing is walkable: no exit can be reached
	}
	return m, cut
}
