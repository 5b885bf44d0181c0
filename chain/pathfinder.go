package chain

import (
	"context"
	"math"
)

// PathFinder runs many A* searches on one grid, reusing the search's buffers
// between calls. It reads the grid's tiles when it searches (each tile's cost
// at most once a search), so the grid may change between calls. A PathFinder
// is not safe for concurrent use.
type PathFinder struct {
	g    *Grid
	a    *Astar
	cost func(Point) (int, bool)
	// diagonal is the cost of a diagonal step in percent of the entered tile's
	// cost. NOTE: it is never read: the search (as gruid's did through
	// costPather.Cost) charges a step the entered tile's cost, diagonal or not,
	// so WithDiagonalCost has no effect today; paths are kept as they were.
	diagonal int
	ctx      context.Context
	calls    int
	stop     bool
}

// WithDiagonalCost makes a diagonal step cost percent% of the cost of the tile it
// enters (100 by default; the tutorial's maps charge 150). The Chebyshev
// estimate stays admissible for any percent >= 100. Not applied yet: see
// PathFinder.diagonal.
func (f *PathFinder) WithDiagonalCost(percent int) *PathFinder {
	f.diagonal = max(100, percent)
	return f
}

// WithContext makes the finder's searches give up (return nil) soon after ctx is
// done, so a long search on a huge map cannot outlive a cancelled run.
func (f *PathFinder) WithContext(ctx context.Context) *PathFinder {
	f.ctx = ctx
	return f
}

// cancelled reports, every 1024 calls, whether the finder's context is done.
func (f *PathFinder) cancelled() bool {
	f.calls++
	return f.ctx != nil && f.calls&1023 == 0 && f.ctx.Err() != nil
}

// NewPathFinder returns a PathFinder for g.
func NewPathFinder(g *Grid) *PathFinder {
	f := &PathFinder{g: g}
	f.a = NewAstar(g.W, g.H, f.fill)
	return f
}

// fill is tile i's cost of entering for the search under way.
func (f *PathFinder) fill(i int) int32 {
	if f.stop = f.stop || f.cancelled(); f.stop {
		return ImpassableCost
	}
	c, ok := f.cost(Point{X: i % f.g.W, Y: i / f.g.W})
	if !ok {
		return ImpassableCost
	}
	return int32(c)
}

// Path is Path(g, from, to, cost) on the finder's grid.
func (f *PathFinder) Path(from, to Point, cost func(Point) (int, bool)) []Point {
	f.cost, f.stop = cost, false
	ps := f.a.Path(nil, from, to, math.MaxInt32)
	f.cost = nil
	if f.stop {
		return nil
	}
	return ps
}
