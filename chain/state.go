package chain

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
)

// Exit is an exit of a level (a down staircase unless Tile says otherwise).
type Exit struct {
	X    int  `json:"x"`
	Y    int  `json:"y"`
	Tile Tile `json:"-"`
}

// Pos returns the exit's position.
func (e Exit) Pos() Point { return Point{e.X, e.Y} }

// Spawn is an entity placed on the map by name (a content pack entry).
type Spawn struct {
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Name string `json:"name"`
}

// Pos returns the spawn's position.
func (s Spawn) Pos() Point { return Point{s.X, s.Y} }

// State is the tutorial's BuilderMap: what every builder reads and writes.
// Rooms and Corridors are nil until a builder declares them (an empty non-nil
// slice means "rooms were made, but there are none"). A corridor's points are
// never edited once it is in Corridors (a builder adds, drops or replaces
// whole corridors): the history and merged sub-chains share them.
type State struct {
	Map       *Grid
	Start     *Point
	Exits     []Exit
	Rooms     []Rect
	Corridors [][]Point
	Spawns    []Spawn

	// Depth is the level's depth (for spawn tables).
	Depth int
	// Master is the run's master seed; Seed is this level's seed derived from it.
	Master, Seed uint64
	// Spawner rolls content; nil when the run has no content pack.
	Spawner Spawner
	// Templates are prefab templates by name (a project's own, added to the built-ins).
	Templates map[string][]string
	// Legend extends the tutorial's prefab legend (Config.Legend).
	Legend []LegendEntry
	// Files holds the files steps name (Config.Files); nil for none.
	Files fs.FS

	src    *rand.PCG  // the running step's random source (see Stream)
	rng    *rand.Rand // and the Rand over it that the step was given
	hist   *History
	warns  *[]Warning   // shared with nested states
	placed *[]Placement // shared with nested states
	step   StepRef
	nest   int
	capped bool // AddSpawn reached MaxSpawns (warned once)
	// endWithin bounds the tiles the running step changed since its previous
	// snapshot (see EndWithin) when ended is set.
	endWithin Rect
	ended     bool
	// cleared reports that the run cleared the map before the running step
	// (an initial builder): its snapshots' bounds then start from its own
	// previous snapshot only, not from the step before.
	cleared bool
}

// ErrNoSpawner is returned by builders that roll content when the run has no content pack.
var ErrNoSpawner = errors.New("needs a content pack, but the run has none")

// Snapshot records the current state in the history under the running step,
// with an optional label ("iteration 3"). Builders call it to show progress.
func (s *State) Snapshot(label string) {
	if s.hist != nil {
		s.hist.record(s, s.step, label, false)
	}
}

// SnapshotWithin records a snapshot like Snapshot for a step that changed
// no tile outside changed since its previous snapshot (or since it began):
// the history then compares only those tiles with the previous snapshot's
// instead of the whole map. changed must bound every tile the step wrote
// since (a wrong bound records a wrong snapshot: when in doubt, Snapshot).
func (s *State) SnapshotWithin(label string, changed Rect) {
	if s.hist != nil {
		s.hist.recordWithin(s, s.step, label, changed, false)
	}
}

// SnapshotTilesWithin records a snapshot like SnapshotWithin for a step that
// also changed none of the start, exits, rooms, corridors and spawns since
// its previous snapshot (or since it began), only tiles: the history then
// does not compare them either (a step that changed one records a wrong
// snapshot: when in doubt, SnapshotWithin).
func (s *State) SnapshotTilesWithin(label string, changed Rect) {
	if s.hist != nil {
		s.hist.recordWithin(s, s.step, label, changed, true)
	}
}

// EndWithin tells the history, at the end of a step's Build, that the step
// changed no tile outside changed since its previous snapshot (or since it
// began, when it took none): the step's final snapshot then compares only
// those tiles with the previous snapshot's instead of the whole map (an empty
// rectangle: none). The step may have changed its start and lists. Call it
// after the step's last change to the map; a wrong bound records a wrong
// snapshot (when in doubt, do not call it). An initial builder's hint is
// ignored (the run clears the map before it runs).
func (s *State) EndWithin(changed Rect) {
	s.endWithin, s.ended = changed, true
}

// SnapshotBoardUnchanged records a snapshot like SnapshotBoard for a step
// that changed nothing of the state (no tile, nor its start and lists) since
// its previous snapshot: the history then compares none of it.
func (s *State) SnapshotBoardUnchanged(label string, board []uint64, one, zero Tile) {
	if s.hist != nil {
		s.hist.recordBoard(s, s.step, label, board, one, zero, true)
	}
}

// SnapshotBoard records, like Snapshot, the map as it would be with its inside
// (every tile off the outer ring) drawn from a bitboard: one where a tile's
// bit is set, zero where it is clear. board holds the rows one after another,
// (W+63)/64 words a row, column x in bit x%64 of word x/64. The map itself is
// left as it is: a builder that iterates on a bitboard (cellular automata)
// shows each iteration without writing its tiles, and a snapshot costs a copy
// of the board, an eighth of the map.
func (s *State) SnapshotBoard(label string, board []uint64, one, zero Tile) {
	if s.hist != nil {
		s.hist.recordBoard(s, s.step, label, board, one, zero, false)
	}
}

// Stream returns the PCG that rng draws from when rng is the random source the
// running step was given, else nil. A builder that draws millions of numbers
// may draw them from a copy of its state (kit.Fast inlines PCG and IntN) and
// set the state back when done (PCG.Seed): the numbers are those rng would
// have drawn, one by one.
func (s *State) Stream(rng *rand.Rand) *rand.PCG {
	if rng != nil && rng == s.rng {
		return s.src
	}
	return nil
}

// Recording reports whether snapshots are being recorded: a builder may skip the
// work of bringing the map up to date for a snapshot nobody keeps (a sweep runs
// without history).
func (s *State) Recording() bool { return s.hist != nil }

// Step returns the reference of the step being run.
func (s *State) Step() StepRef { return s.step }

// SetStart moves the start to the walkable tile nearest p (p itself when
// walkable), preferring a tile that is not an exit.
func (s *State) SetStart(p Point) error {
	q, err := s.nearest(p, func(q Point) bool { return !s.isExit(q) })
	if err != nil {
		q, err = s.NearestWalkable(p)
	}
	if err != nil {
		return fmt.Errorf("cannot place the start: %w", err)
	}
	s.Start = &q
	return nil
}

func (s *State) isExit(p Point) bool {
	for _, e := range s.Exits {
		if e.X == p.X && e.Y == p.Y {
			return true
		}
	}
	return false
}

// AddExit turns the walkable tile nearest p that is neither the start nor an
// exit already into down stairs, and records it as an exit.
func (s *State) AddExit(p Point) (Point, error) {
	q, err := s.nearest(p, func(q Point) bool { return !s.isExit(q) && (s.Start == nil || *s.Start != q) })
	if err != nil {
		return q, fmt.Errorf("cannot place the exit: %w", err)
	}
	s.Map.Set(q, DownStairs)
	s.Exits = append(s.Exits, Exit{X: q.X, Y: q.Y, Tile: DownStairs})
	return q, nil
}

// AddSpawn places the named entity at p.
func (s *State) AddSpawn(p Point, name string) {
	if len(s.Spawns) >= MaxSpawns {
		if !s.capped {
			s.capped = true
			s.Warn(fmt.Sprintf("the level holds at most %d spawns and the rest are not placed (larger regions, fewer rooms or a sparser spawn table place fewer)", MaxSpawns))
		}
		return
	}
	s.Spawns = append(s.Spawns, Spawn{X: p.X, Y: p.Y, Name: name})
}

// MaxSpawns is the most spawns a level holds: a spawner that would place
// more (voronoi_spawning's small regions on the largest maps placed 7.5
// million, 3.4 GB) stops there with a warning.
const MaxSpawns = 1 << 20

// ErrNoWalkable reports a map without a single walkable tile.
var ErrNoWalkable = errors.New("the map has no walkable tile")

// ErrNoFreeTile reports that every walkable tile is taken (by the start or exits).
var ErrNoFreeTile = errors.New("every walkable tile is taken by the start or an exit")

// NearestWalkable returns the walkable tile nearest p by Euclidean distance
// (ties broken by row, then column), or ErrNoWalkable.
func (s *State) NearestWalkable(p Point) (Point, error) {
	return s.nearest(p, nil)
}

// nearest is NearestWalkable restricted to tiles ok accepts (all when nil).
func (s *State) nearest(p Point, ok func(Point) bool) (Point, error) {
	g := s.Map
	if g.Walkable(p) && (ok == nil || ok(p)) {
		return p, nil
	}
	best, bestD := Point{}, -1
	for i, t := range g.Tiles {
		if !t.Walkable() || (ok != nil && !ok(g.Pt(i))) {
			continue
		}
		q := g.Pt(i)
		if d := DistSq(p, q); bestD < 0 || d < bestD {
			best, bestD = q, d
		}
	}
	if bestD < 0 && ok != nil && g.Count(Tile.Walkable) > 0 {
		return p, ErrNoFreeTile
	}
	if bestD < 0 {
		return p, ErrNoWalkable
	}
	return best, nil
}

// fresh starts a new level for an initial builder: solid rock, and no start,
// exits, rooms, corridors or spawns left from earlier steps (they would stand on
// tiles the new map walls over).
func (s *State) fresh() {
	s.Map.Fill(s.Map.Bounds(), Wall)
	s.Start, s.Exits, s.Rooms, s.Corridors, s.Spawns = nil, nil, nil, nil, nil
}

// need enforces a step's declared preconditions on the live state, so no
// builder runs without what its spec says it needs.
func (s *State) need(f Features) error {
	checks := []struct {
		f          Features
		ok         bool
		what, none string
	}{
		{FRooms, len(s.Rooms) > 0, "rooms", "there are none"},
		{FCorridors, len(s.Corridors) > 0, "corridors", "there are none"},
		{FStart, s.Start != nil, "a start position", "none is placed"},
		{FExit, len(s.Exits) > 0, "an exit", "none is placed"},
	}
	for _, c := range checks {
		if f&c.f != 0 && !c.ok {
			return fmt.Errorf("needs %s, but %s", c.what, c.none)
		}
	}
	return nil
}

// NeedRooms returns an error when the state has no rooms.
func (s *State) NeedRooms() error {
	if len(s.Rooms) == 0 {
		return errors.New("needs rooms, but there are none")
	}
	return nil
}

// NeedStart returns an error when no start has been placed.
func (s *State) NeedStart() error {
	if s.Start == nil {
		return errors.New("needs a start position, but none is placed")
	}
	return nil
}

// Nested runs steps on a fresh map of the same size as a sub-chain of the running
// step: each nested step's seed derives from its own key, prefixed by the running
// step's key (see StepKeys), and its snapshots are appended to the same history
// (grouped by path). It returns the nested final state.
func (s *State) Nested(ctx context.Context, steps []Step) (*State, error) {
	if s.nest+1 > MaxNesting {
		return nil, fmt.Errorf("sub-chains nest deeper than %d", MaxNesting)
	}
	sub := &State{
		Map: NewGrid(s.Map.W, s.Map.H), Depth: s.Depth, Master: s.Master, Seed: s.Seed,
		Spawner: s.Spawner, Templates: s.Templates, Legend: s.Legend, Files: s.Files, hist: s.hist, nest: s.nest + 1,
	}
	if s.warns == nil {
		s.warns = new([]Warning)
	}
	sub.warns = s.warns
	if s.placed == nil {
		s.placed = new([]Placement)
	}
	sub.placed = s.placed
	err := runSteps(ctx, sub, steps, s.step.Path+".params.steps", s.step.Key, s.step.Index)
	return sub, err
}
