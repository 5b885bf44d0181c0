package chain

import (
	"context"

	"codeberg.org/anaseto/gruid"
	"codeberg.org/anaseto/gruid/paths"
)

// PathFinder runs many A* searches on one grid, reusing the search's buffers
// between calls (Path allocates them anew each time: about 300 KB on an 80×50 map).
// It reads the grid's tiles when it searches, so the grid may change between
// calls. A PathFinder is not safe for concurrent use.
type PathFinder struct {
	cp    costPather
	pr    *paths.PathRange
	ctx   context.Context
	calls int
}

// WithDiagonalCost makes a diagonal step cost percent% of the cost of the tile it
// enters (100 by default; the tutorial's maps charge 150). The Chebyshev
// estimate stays admissible for any percent >= 100.
func (f *PathFinder) WithDiagonalCost(percent int) *PathFinder {
	f.cp.diagonal = max(100, percent)
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
	f := &PathFinder{pr: paths.NewPathRange(gridRange(g))}
	f.cp.g = g
	return f
}

// Path is Path(g, from, to, cost) on the finder's grid.
func (f *PathFinder) Path(from, to Point, cost func(Point) (int, bool)) []Point {
	g := f.cp.g
	f.cp.cost = cost
	stop := false
	f.cp.keep = func(q gruid.Point) bool {
		if stop = stop || f.cancelled(); stop || !g.In(cp(q)) {
			return false
		}
		_, ok := cost(cp(q))
		return ok
	}
	ps := f.pr.AstarPath(&f.cp, gp(from), gp(to))
	if ps == nil {
		return nil
	}
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = cp(p)
	}
	return out
}
