package caves

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"sync"
	"unsafe"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "cellular_automata",
		Help: "Cave from cellular automata (tutorial): random noise, then smoothing iterations where a tile becomes wall when more than 4 or none of its 8 neighbours are walls. " +
			"As a meta builder it smooths the existing map (one iteration, as the tutorial's meta form).",
		Kind: chain.Both,
		Params: []chain.Param{
			kit.IntParam("wall_percent", "Wall %", "Initial noise: the chance (in percent) that a tile starts as wall. Ignored as a meta builder.", 55, 0, 100),
			kit.IntParam("iterations", "Iterations", "How many smoothing iterations the initial builder runs after the noise (one snapshot each).", 15, 0, 100),
			kit.IntParam("meta_iterations", "Meta iterations", "How many smoothing iterations it runs as a meta builder, on an existing map (the tutorial's one).", 1, 0, 100),
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return cellular{v.Int("wall_percent"), v.Int("iterations"), v.Int("meta_iterations")}, nil
		},
	})
}

type cellular struct{ wallPct, iterations, metaIterations int }

func (b cellular) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	initial := kit.IsBlank(g)
	if !initial {
		b.iterations = b.metaIterations
	}
	var sm *smoother
	if initial && b.iterations > 0 {
		// Draw the noise straight into the board (the last iteration writes
		// every inside tile); its snapshot shows the board.
		sm = noiseBoard(g.W, g.H, b.wallPct, kit.NewFast(s, rng))
		s.SnapshotBoard("noise", sm.wall, chain.Wall, chain.Floor)
	} else if initial {
		f := kit.NewFast(s, rng)
		for y := 1; y < g.H-1; y++ {
			row := g.Tiles[y*g.W : (y+1)*g.W]
			for x := 1; x < g.W-1; x++ {
				if f.Roll(1, 100) > b.wallPct {
					row[x] = chain.Floor
				} else {
					row[x] = chain.Wall
				}
			}
		}
		f.Done()
	}
	if sm == nil {
		sm = newSmoother(g)
	}
	for it := 1; it <= b.iterations; it++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		sm.iterate()
		switch {
		case it == b.iterations:
			sm.write(g)
		case s.Recording():
			// The iterations leave the map as it is until the last one.
			s.SnapshotBoardUnchanged(iterationLabel(it), sm.wall, chain.Wall, chain.Floor)
		}
	}
	if initial {
		return nil
	}
	return kit.Settle(s)
}

// iterationLabels are the snapshot labels of the first iterations, made once
// when first needed (a sweep runs thousands of maps and records no snapshot).
var iterationLabels = sync.OnceValue(func() *[101]string {
	var l [101]string
	for i := range l {
		l[i] = fmt.Sprintf("iteration %d", i)
	}
	return &l
})

func iterationLabel(i int) string {
	if l := iterationLabels(); i < len(l) {
		return l[i]
	}
	return fmt.Sprintf("iteration %d", i)
}

// smoother runs cellular-automata iterations on bitboards: one bit per tile
// (set: wall), a row in nw 64-bit words, so one iteration counts the wall
// neighbours of 64 tiles at a time with bitwise adders instead of one tile at a
// time. Two boards swap between iterations.
type smoother struct {
	w, h, nw   int
	wall, next []uint64
	inner      []uint64 // per word of a row: the bits of columns 1..w-2
}

func newSmoother(g *chain.Grid) *smoother {
	nw := (g.W + 63) / 64
	sm := &smoother{w: g.W, h: g.H, nw: nw, wall: make([]uint64, nw*g.H), next: make([]uint64, nw*g.H), inner: make([]uint64, nw)}
	for y := 0; y < g.H; y++ {
		row, bits := g.Tiles[y*g.W:(y+1)*g.W], sm.wall[y*nw:(y+1)*nw]
		for x, t := range row {
			if t == chain.Wall {
				bits[x>>6] |= 1 << (x & 63)
			}
		}
	}
	copy(sm.next, sm.wall) // the border rows never change
	for x := 1; x < g.W-1; x++ {
		sm.inner[x>>6] |= 1 << (x & 63)
	}
	return sm
}

// noiseBoard is the board of a blank w×h map (all wall) after the noise: each
// inside tile, row by row, is wall when roll_dice(1, 100) <= wallPct, drawn
// from f (then handed back).
func noiseBoard(w, h, wallPct int, f kit.Fast) *smoother {
	nw := (w + 63) / 64
	sm := &smoother{w: w, h: h, nw: nw, wall: make([]uint64, nw*h), next: make([]uint64, nw*h), inner: make([]uint64, nw)}
	for x := 1; x < w-1; x++ {
		sm.inner[x>>6] |= 1 << (x & 63)
	}
	full := sm.wall[:nw]
	for x := range w {
		full[x>>6] |= 1 << (x & 63)
	}
	copy(sm.wall[(h-1)*nw:], full)
	for y := 1; y < h-1; y++ {
		row := sm.wall[y*nw : (y+1)*nw]
		row[0] |= 1 // column 0 and w-1 stay wall
		row[(w-1)>>6] |= 1 << ((w - 1) & 63)
		// roll_dice(1, 100) <= wallPct is IntN(100) < wallPct; 64 draws a call.
		for x := 1; x < w-1; {
			end := min(w-1, x&^63+64)
			row[x>>6] |= f.Below(100, wallPct, end-x) << (x & 63)
			x = end
		}
	}
	f.Done()
	copy(sm.next, sm.wall) // the border rows never change
	return sm
}

// iterate applies one tutorial iteration to the inside of the board (the border
// stays): a tile becomes wall when more than 4 or none of its 8 neighbours are
// walls, else floor.
func (sm *smoother) iterate() {
	nw := sm.nw
	for y := 1; y < sm.h-1; y++ {
		up, mid, dn := sm.wall[(y-1)*nw:y*nw], sm.wall[y*nw:(y+1)*nw], sm.wall[(y+1)*nw:(y+2)*nw]
		out := sm.next[y*nw : (y+1)*nw]
		for k := 0; k < nw; k++ {
			// west(r): each bit holds its left neighbour's; east(r): its right one's.
			var uw, ue, mw, me, dw, de uint64
			uw, mw, dw = up[k]<<1, mid[k]<<1, dn[k]<<1
			if k > 0 {
				uw, mw, dw = uw|up[k-1]>>63, mw|mid[k-1]>>63, dw|dn[k-1]>>63
			}
			ue, me, de = up[k]>>1, mid[k]>>1, dn[k]>>1
			if k+1 < nw {
				ue, me, de = ue|up[k+1]<<63, me|mid[k+1]<<63, de|dn[k+1]<<63
			}
			// Add the eight neighbour bits into a 4-bit count b3 b2 b1 b0.
			s0, c0 := fullAdd(uw, up[k], ue)
			s1, c1 := fullAdd(mw, me, dw)
			s2, c2 := dn[k]^de, dn[k]&de
			b0, c3 := fullAdd(s0, s1, s2)
			t, c4 := fullAdd(c0, c1, c2)
			b1, c5 := t^c3, t&c3
			b2, b3 := c4^c5, c4&c5
			rule := b3 | b2&(b1|b0) | ^(b3 | b2 | b1 | b0) // count ≥ 5, or 0
			out[k] = rule&sm.inner[k] | mid[k]&^sm.inner[k]
		}
	}
	sm.wall, sm.next = sm.next, sm.wall
}

func fullAdd(a, b, c uint64) (sum, carry uint64) {
	x := a ^ b
	return x ^ c, a&b | c&x
}

// spread8 turns 8 wall bits into 8 tiles (wall or floor), one byte each.
var spread8 = func() (t [256]uint64) {
	for b := range t {
		for i := 0; i < 8; i++ {
			if b>>i&1 == 0 {
				t[b] |= uint64(chain.Floor) << (8 * i)
			} else {
				t[b] |= uint64(chain.Wall) << (8 * i)
			}
		}
	}
	return t
}()

// write stores the board's inside into g's tiles (wall or floor; the border
// tiles stay as they are).
func (sm *smoother) write(g *chain.Grid) {
	w, nw := sm.w, sm.nw
	for y := 1; y < sm.h-1; y++ {
		row, bits := g.Tiles[y*w:(y+1)*w], sm.wall[y*nw:(y+1)*nw]
		left, right := row[0], row[w-1]
		x := 0
		for ; x+8 <= w; x += 8 {
			binary.LittleEndian.PutUint64(tileBytes(row[x:x+8]), spread8[byte(bits[x>>6]>>(x&63))])
		}
		for ; x < w; x++ {
			row[x] = chain.Floor - chain.Tile(bits[x>>6]>>(x&63)&1)
		}
		row[0], row[w-1] = left, right
	}
}

// tileBytes views tiles as bytes (a Tile is a uint8).
func tileBytes(t []chain.Tile) []byte { return unsafe.Slice((*byte)(unsafe.Pointer(&t[0])), len(t)) }
