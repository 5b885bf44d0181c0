package special

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "cave_decorator",
		Help: "Dresses a cave (the tutorial's limestone caverns): some floor becomes gravel or shallow pools; " +
			"walls with two wall neighbours become deep pools, walls with one may become stalactites or stalagmites. " +
			"Walkable tiles stay walkable and walls stay impassable, so reachability does not change.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.IntParam("gravel_one_in", "Gravel (one in)", "Each floor tile becomes gravel with odds one in this (0: never).", 6, 0, 1000),
			kit.IntParam("pool_one_in", "Shallow pools (one in)", "Each remaining floor tile becomes shallow water with odds one in this (0: never).", 10, 0, 1000),
			kit.IntParam("formation_one_in", "Formations (one in)", "A wall with one wall neighbour becomes a stalactite, or else a stalagmite, each with odds one in this (0: never).", 4, 0, 1000),
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return caveDecorator{v.Int("gravel_one_in"), v.Int("pool_one_in"), v.Int("formation_one_in")}, nil
		},
	})
}

type caveDecorator struct{ gravel, pool, formation int }

func (b caveDecorator) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	// The start and the exits keep their tiles (they are walkable and stay so).
	var keep []int
	if s.Start != nil && g.In(*s.Start) {
		keep = append(keep, g.Idx(*s.Start))
	}
	for _, e := range s.Exits {
		if g.In(e.Pos()) {
			keep = append(keep, g.Idx(e.Pos()))
		}
	}
	f := kit.NewFast(s, rng)
	defer f.Done()
	w, h := g.W, g.H
	nw := (w + 63) >> 6
	// Row masks of the map as it was (a row's masks are taken before it
	// changes): walls of the rows above, here and below, floor here. Off the
	// map counts as wall: the rock goes on, and the map's border stays solid.
	// The tutorial counted nothing off the map, which dotted the border with
	// pools, and skipped the right and lower neighbours on the second-last
	// column and row (an off-by-one).
	buf := make([]uint64, 6*nw)
	full, up, mid, dn, floor, kept := buf[:nw], buf[nw:2*nw], buf[2*nw:3*nw], buf[3*nw:4*nw], buf[4*nw:5*nw], buf[5*nw:]
	for x := range w {
		full[x>>6] |= 1 << (x & 63)
	}
	copy(up, full)
	wallMask(mid, g.Tiles[:w])
	for y := range h {
		if err := ctx.Err(); err != nil {
			return err
		}
		row := g.Tiles[y*w : (y+1)*w]
		if y+1 < h {
			wallMask(dn, g.Tiles[(y+1)*w:(y+2)*w])
		} else {
			copy(dn, full)
		}
		floorMask(floor, row)
		// The start's and the exits' tiles on this row keep theirs.
		clear(kept)
		for _, i := range keep {
			if i/w == y {
				kept[(i%w)>>6] |= 1 << ((i % w) & 63)
			}
		}
		for k := range nw {
			// Each wall's wall neighbours of four, counted bit-parallel:
			// one (a formation may grow) or two (a deep pool).
			l, r := mid[k]<<1, mid[k]>>1
			if k > 0 {
				l |= mid[k-1] >> 63
			} else {
				l |= 1 // column 0's left is off the map
			}
			if k+1 < nw {
				r |= mid[k+1] << 63
			}
			if k == (w-1)>>6 {
				r |= 1 << ((w - 1) & 63) // column w-1's right is off the map
			}
			a, c := up[k], dn[k]
			s1, c1 := l^r, l&r
			s2, c2 := a^c, a&c
			odd, c3 := s1^s2, s1&s2
			pair := c1 | c2 | c3
			one := odd &^ pair
			two := ^odd & pair &^ (c1 & c2)
			// Floor may turn to gravel or a pool, walls with two wall
			// neighbours turn to deep pools, walls with one may grow a
			// formation: drawn tile by tile, left to right.
			fl := floor[k] &^ kept[k]
			draw := fl
			if b.formation > 0 {
				draw |= mid[k] & one &^ kept[k]
			}
			gravel, pool, tite, mite := f.Cascade(draw, fl, b.gravel, b.pool, b.formation)
			set(row, k, gravel, chain.Gravel)
			set(row, k, pool, chain.ShallowWater)
			set(row, k, mid[k]&two&^kept[k], chain.DeepWater)
			set(row, k, tite, chain.Stalactite)
			set(row, k, mite, chain.Stalagmite)
		}
		up, mid, dn = mid, dn, up
	}
	return nil
}

// set writes t on the tiles of row's word k whose bits m has.
func set(row []chain.Tile, k int, m uint64, t chain.Tile) {
	for ; m != 0; m &= m - 1 {
		row[k<<6+bits.TrailingZeros64(m)] = t
	}
}

// wallMask sets mrow's bit x when row[x] is wall (bits past the row clear).
func wallMask(mrow []uint64, row []chain.Tile) { chain.TileMask(mrow, row, chain.Wall) }

// floorMask sets mrow's bit x when row[x] is plain floor.
func floorMask(mrow []uint64, row []chain.Tile) { chain.TileMask(mrow, row, chain.Floor) }
