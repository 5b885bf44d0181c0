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
				dirty.Snapshot(s, "")
			}
		}
	}
	return nil
}

// dig walks one drunken digger from p, digging as it goes (see kit.Dig), and
// reports whether it dug anything (adding what it dug to dirty). As in the
// tutorial it stays within columns 2..W-2 and rows 2..H-2.
func (b roomExploder) dig(g *chain.Grid, p chain.Point, f *kit.Fast, dirty *kit.Dirty) bool {
	did := false
	for range b.lifetime {
		if kit.Dig(g, p) {
			did = true
			dirty.Add(p)
		}
		switch f.Roll(1, 4) {
		case 1:
			if p.X > 2 {
				p.X--
			}
		case 2:
			if p.X < g.W-2 {
				p.X++
			}
		case 3:
			if p.Y > 2 {
				p.Y--
			}
		default:
			if p.Y < g.H-2 {
				p.Y++
			}
		}
	}
	return did
}
