package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "room_exploder",
		Help: "Sends drunken diggers out of every room's centre (1d20-5 per room, 20 steps each), eroding the rooms into caves.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.IntParam("lifetime", "Digger lifetime", "How many steps each digger takes (the tutorial's 20).", 20, 1, 1000),
		},
		Needs: chain.FRooms,
		New: func(v chain.Values) (chain.Builder, error) {
			return roomExploder{lifetime: v.Int("lifetime")}, nil
		},
	})
}

type roomExploder struct{ lifetime int }

func (b roomExploder) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	if err := s.NeedRooms(); err != nil {
		return err
	}
	g := s.Map
	// About 8 diggers leave each room; snapshot each that dug, up to the usual bound.
	p, diggers, dirty := kit.NewPacer(0, 8*len(s.Rooms), 4*maxSnapshots), 0, kit.NewDirty(s)
	f := kit.NewFast(s, rng)
	defer f.Done()
	for _, r := range s.Rooms {
		for range f.Roll(1, 20) - 5 {
			if err := ctx.Err(); err != nil {
				return err
			}
			diggers++
			if b.dig(g, r.Center(), &f, &dirty) && p.Due(diggers) {
				dirty.SnapshotTiles(s, "")
			}
		}
	}
	dirty.End(s)
	return nil
}

// dig walks one drunken digger from p, digging as it goes (see kit.Dig), and
// reports whether it dug anything (adding what it dug to dirty). As in the
// tutorial it stays within columns 2..W-2 and rows 2..H-2.
func (b roomExploder) dig(g *chain.Grid, p chain.Point, f *kit.Fast, dirty *kit.Dirty) bool {
	xs, ys := uint(max(g.W-3, 0)), uint(max(g.H-3, 0)) // how many columns and rows 2..W-2, 2..H-2 hold
	// A step draws Roll(1, 4) whatever it digs, and where it goes does not
	// depend on what it digs: the steps are drawn first, then walked to the
	// tiles dug (-1: outside the inner tiles, as kit.Dig leaves them), then
	// those are dug, the loads of the tiles no longer waiting on the walk.
	var small [64]uint8
	var smallAt [64]int32
	steps, at := small[:], smallAt[:]
	if b.lifetime > len(small) {
		steps, at = make([]uint8, b.lifetime), make([]int32, b.lifetime)
	}
	steps, at = steps[:b.lifetime], at[:b.lifetime]
	f.IntNs(steps, 4)
	for k, d := range steps {
		at[k] = -1
		if g.Inner(p) {
			at[k] = int32(p.Y*g.W + p.X)
		}
		// Roll(1, 4): 1 west, 2 east, 3 north, 4 south, each taken only
		// while it keeps inside columns and rows 2..W-2, 2..H-2 (chosen
		// without branching on the draw: it is never predictable).
		x, y := p.X+digDX[d&3], p.Y+digDY[d&3]
		if uint(x-2) < xs {
			p.X = x
		}
		if uint(y-2) < ys {
			p.Y = y
		}
	}
	tiles, dug := g.Tiles, 0
	for _, i := range at {
		if i < 0 {
			continue
		}
		t := tiles[i]
		c := kit.Carved(t)
		tiles[i] = c
		if c != t { // counted without a branch
			dug++
		}
		if dirty.On() && c != t {
			dirty.Add(g.Pt(int(i)))
		}
	}
	return dug > 0
}

// digDX and digDY are a digger's step for each draw of Roll(1, 4) - 1.
var digDX, digDY = [4]int{-1, 1, 0, 0}, [4]int{0, 0, -1, 1}
