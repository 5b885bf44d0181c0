package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "bsp_dungeon",
		Help: "Binary space partition: splits the map into ever smaller rectangles and places a room in one when it fits with a margin. " +
			"Makes rooms only: draw them with room_drawer and join them with a corridor builder, as the tutorial's chains do.",
		Kind: chain.Initial,
		Params: []chain.Param{
			kit.IntParam("tries", "Tries", "How many times to pick a rectangle and try to place a room in it (the tutorial's 240).", 240, 1, 10000),
			kit.BoolParam("draw", "Draw rooms", "Also carve the rooms as rectangles (off: leave the drawing to a later room_drawer).", false),
		},
		Makes: chain.FRooms,
		New: func(v chain.Values) (chain.Builder, error) {
			return bspDungeon{tries: v.Int("tries"), draw: v.Bool("draw")}, nil
		},
	})
}

type bspDungeon struct {
	tries int
	draw  bool
}

// trect is the tutorial's Rect: corners (x1, y1) and (x2, y2), where a room
// drawn from it covers x1+1..x2 and y1+1..y2.
type trect struct{ x1, y1, x2, y2 int }

func newTrect(x, y, w, h int) trect { return trect{x, y, x + w, y + h} }

// intersects is the tutorial's inclusive Rect::intersect.
func (r trect) intersects(o trect) bool {
	return r.x1 <= o.x2 && r.x2 >= o.x1 && r.y1 <= o.y2 && r.y2 >= o.y1
}

// room is the rectangle of tiles a room drawn from r covers.
func (r trect) room() chain.Rect { return chain.R(r.x1+1, r.y1+1, r.x2-r.x1, r.y2-r.y1) }

func (b bspDungeon) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	// Room for the usual number of rooms without growing (they stay on the stack).
	var rbuf [96]trect
	var pbuf [24]trect
	rects, placed := subRects(rbuf[:0], newTrect(2, 2, g.W-5, g.H-5)), pbuf[:0]
	f := kit.NewFast(s, rng)
	// No tile changes while the rooms are placed (they are drawn after): on a
	// map of solid rock (a fresh one) every candidate stands on wall.
	solid := kit.IsBlank(g)
	for range b.tries {
		if err := ctx.Err(); err != nil {
			f.Done()
			return err
		}
		rect := rects[0]
		if len(rects) > 1 {
			rect = rects[f.IntN(len(rects))]
		}
		cand := randomSubRect(&f, rect)
		if bspPossible(g, cand, placed, solid) {
			placed = append(placed, cand)
			rects = subRects(rects, rect)
		}
	}
	f.Done()
	s.Rooms = make([]chain.Rect, len(placed))
	p, dirty := pace(len(placed)), kit.NewDirty(s)
	for i, r := range placed {
		s.Rooms[i] = r.room()
		if b.draw {
			kit.ApplyRoom(g, s.Rooms[i])
			dirty.AddRect(s.Rooms[i])
			if p.Due(i + 1) {
				dirty.Snapshot(s, "")
			}
		}
	}
	dirty.End(s)
	return nil
}

// subRects appends the four quarters of r (the tutorial's add_subrects).
func subRects(rects []trect, r trect) []trect {
	hw, hh := max(abs(r.x1-r.x2)/2, 1), max(abs(r.y1-r.y2)/2, 1)
	return append(rects,
		newTrect(r.x1, r.y1, hw, hh), newTrect(r.x1, r.y1+hh, hw, hh),
		newTrect(r.x1+hw, r.y1, hw, hh), newTrect(r.x1+hw, r.y1+hh, hw, hh))
}

// randomSubRect is the tutorial's get_random_sub_rect: a room of 4 to 20 tiles
// a side (at most the rectangle's size) whose corner is shifted 0..5 tiles into r.
func randomSubRect(f *kit.Fast, r trect) trect {
	w := max(3, f.Roll(1, min(abs(r.x1-r.x2), 20))-1) + 1
	h := max(3, f.Roll(1, min(abs(r.y1-r.y2), 20))-1) + 1
	x := r.x1 + f.Roll(1, 6) - 1
	y := r.y1 + f.Roll(1, 6) - 1
	return newTrect(x, y, w, h)
}

// bspPossible is the tutorial's is_possible: the room, grown by two tiles, stays
// off the border and on solid wall, and does not touch an earlier room (solid:
// the whole map is wall).
func bspPossible(g *chain.Grid, r trect, placed []trect, solid bool) bool {
	for _, o := range placed {
		if o.intersects(r) {
			return false
		}
	}
	x1, y1, x2, y2 := r.x1-2, r.y1-2, r.x2+2, r.y2+2
	if x1 < 1 || y1 < 1 || x2 > g.W-2 || y2 > g.H-2 {
		return false
	}
	if solid {
		return true // every tile is wall
	}
	for y := y1; y <= y2; y++ {
		for x := x1; x <= x2; x++ {
			if g.Tiles[y*g.W+x] != chain.Wall {
				return false
			}
		}
	}
	return true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
