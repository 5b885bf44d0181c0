package special

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"

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
	buf := make([]uint64, 5*nw)
	full, up, mid, dn, floor := buf[:nw], buf[nw:2*nw], buf[2*nw:3*nw], buf[3*nw:4*nw], buf[4*nw:]
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
		keepHere := slices.ContainsFunc(keep, func(i int) bool { return i/w == y })
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
			for m := floor[k] | mid[k]&(one|two); m != 0; m &= m - 1 {
				bit := bits.TrailingZeros64(m)
				x := k<<6 + bit
				if keepHere && slices.Contains(keep, y*w+x) {
					continue
				}
				switch {
				case floor[k]>>bit&1 != 0:
					if f.OneIn(b.gravel) {
						row[x] = chain.Gravel
					} else if f.OneIn(b.pool) {
						row[x] = chain.ShallowWater
					}
				case two>>bit&1 != 0:
					row[x] = chain.DeepWater
				case b.formation > 0:
					switch f.Roll(1, b.formation) {
					case 1:
						row[x] = chain.Stalactite
					case 2:
						row[x] = chain.Stalagmite
					}
				}
			}
		}
		up, mid, dn = mid, dn, up
	}
	return nil
}

// wallMask sets mrow's bit x when row[x] is wall (bits past the row clear).
func wallMask(mrow []uint64, row []chain.Tile) { chain.TileMask(mrow, row, chain.Wall) }

// floorMask sets mrow's bit x when row[x] is plain floor.
func floorMask(mrow []uint64, row []chain.Tile) { chain.TileMask(mrow, row, chain.Floor) }
