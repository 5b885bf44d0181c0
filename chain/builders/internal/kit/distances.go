package kit

import (
	"sync"

	"hewn/chain"
)

var distPool sync.Pool // of *[]int

// Distances is chain.DistanceMap into a pooled buffer: call release when done
// with dist (and keep no reference to it), so sweeps running thousands of maps
// do not allocate a distance map per search.
func Distances(g *chain.Grid, sources []chain.Point) (dist []int, release func()) {
	buf, _ := distPool.Get().(*[]int)
	if buf == nil {
		buf = new([]int)
	}
	*buf = chain.DistanceMapInto(*buf, g, sources)
	return *buf, func() { distPool.Put(buf) }
}
