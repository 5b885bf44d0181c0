// Package metrics measures a finished level: the map metrics `hewn stats`
// reports, a project level's acceptance rules test and `hewn tune` bins
// variants by. It is a pure function of the final chain.State (no Fyne, no
// I/O), so the facade (package projects) and the sweeps (projects/stats)
// measure alike.
package metrics

import (
	"strings"

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
	out := map[string]int{}
	for _, s := range sp {
		out[s.Name]++
	}
	return out
}

// Measurer measures levels, reusing its distance map across them; the zero
// value is ready. It is not safe for concurrent use: use one per goroutine.
type Measurer struct {
	dist []int // the distance map of the last level measured
}

// Measure computes the map metrics of a finished state (see Names); metrics a
// level does not have (path_length without a start or an exit, the
// reachability metrics without a start) are absent.
func Measure(s *chain.State) map[string]float64 { return new(Measurer).Measure(s) }

// Measure is the package's Measure with the measurer's buffer.
func (ms *Measurer) Measure(s *chain.State) map[string]float64 {
	m, _ := ms.MeasureCut(s)
	return m
}

// MeasureCut is Measure that also reports whether some exit cannot be reached
// from the start (cut: a level with a start, an exit and no way between them;
// `hewn stats` counts such levels as their own class).
func (ms *Measurer) MeasureCut(s *chain.State) (m map[string]float64, cut bool) {
	g := s.Map
	walk := 0
	dead := 0
	for y := 0; y < g.H; y++ {
		for x := 0; x < g.W; x++ {
			if !g.Walkable(chain.Point{X: x, Y: y}) {
				continue
			}
			walk++
			n := 0
			for _, d := range [4]chain.Point{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}} {
				if g.Walkable(chain.Point{X: x + d.X, Y: y + d.Y}) {
					n++
				}
			}
			if n == 1 {
				dead++
			}
		}
	}
	m = make(map[string]float64, len(Names))
	m[FloorShare] = float64(walk) / float64(g.W*g.H)
	m[Rooms] = float64(len(s.Rooms))
	m[Corridors] = float64(len(s.Corridors))
	m[DeadEnds] = float64(dead)
	m[Spawns] = float64(len(s.Spawns))
	m[Exits] = float64(len(s.Exits))
	if s.Start != nil && walk > 0 {
		ms.dist = chain.DistanceMapInto(ms.dist, g, []chain.Point{*s.Start})
		dist := ms.dist
		reach := 0
		for _, d := range dist {
			if d >= 0 {
				reach++
			}
		}
		m[ReachableShare] = float64(reach) / float64(walk)
		m[Unreachable] = float64(walk - reach)
		best := -1
		for _, e := range s.Exits {
			d := dist[g.Idx(e.Pos())]
			if d < 0 {
				cut = true
			} else if best < 0 || d < best {
				best = d
			}
		}
		if best >= 0 {
			m[PathLength] = float64(best)
		}
	} else if s.Start != nil && len(s.Exits) > 0 {
		cut = true // nothing is walkable: no exit can be reached
	}
	return m, cut
}
