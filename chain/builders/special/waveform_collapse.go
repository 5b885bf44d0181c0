package special

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "waveform_collapse",
		Help: "The tutorial's chunked wave-function collapse: cuts the current map into chunks (with mirror images), " +
			"then rebuilds the map from chunks whose walkable edges line up, retrying when it paints itself into a corner. " +
			"Shows every pattern in a tile gallery first. Rooms, corridors, the start, exits and spawns are cleared " +
			"(the map is a new one); if every attempt fails, the input map is kept unchanged.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.IntParam("chunk_size", "Chunk size", "Side of the square chunks the map is cut into.", 8, 3, 64),
			kit.IntParam("max_retries", "Attempts", "How many attempts the solver makes before giving up and keeping the input map (the tutorial's 11).", 11, 1, 1000),
			kit.BoolParam("flip", "Mirror chunks", "Also use each chunk's horizontal, vertical and double mirror images.", true),
			kit.IntParam("max_patterns", "Max patterns", "Stop collecting distinct chunks after this many (bounds the time on huge maps).", 1024, 1, 4096),
		},
		Needs: chain.FMap,
		// A new map invalidates rooms, corridors, the start, exits and spawns.
		Effects: func(chain.Values) chain.Effect {
			return chain.Effect{Needs: chain.FMap, Drops: chain.FRooms | chain.FCorridors | chain.FStart | chain.FExit | chain.FSpawns}
		},
		New: func(v chain.Values) (chain.Builder, error) {
			return waveformCollapse{size: v.Int("chunk_size"), retries: v.Int("max_retries"), flip: v.Bool("flip"), limit: v.Int("max_patterns")}, nil
		},
	})
}

type waveformCollapse struct {
	size, retries int
	flip          bool
	limit         int
}

// maxGalleryPages bounds the tile-gallery snapshots.
const maxGalleryPages = 32

func (b waveformCollapse) Build(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	g := s.Map
	cw, ch := g.W/b.size, g.H/b.size
	if cw == 0 || ch == 0 {
		return fmt.Errorf("the %d×%d map is smaller than one %d×%d chunk (lower chunk_size)", g.W, g.H, b.size, b.size)
	}
	patterns := wfcPatterns(g, b.size, b.flip, b.limit)
	cons, err := newConstraints(ctx, patterns)
	if err != nil {
		return err
	}

	// Keep everything the input had, to restore it if every attempt fails.
	origTiles := slices.Clone(g.Tiles)
	start, exits, rooms, corridors, spawns := s.Start, s.Exits, s.Rooms, s.Corridors, s.Spawns
	s.Start, s.Exits, s.Rooms, s.Corridors, s.Spawns = nil, nil, nil, nil, nil
	b.gallery(s, patterns)

	solver := newSolver(cons, cw, ch)
	total := cw * ch
	every := max(1, total/64)
	for attempt := 1; attempt <= b.retries; attempt++ {
		g.Fill(g.Bounds(), chain.Wall)
		ok, err := solver.solve(ctx, rng, func(i, p, done int) {
			x0, y0 := (i%cw)*b.size, (i/cw)*b.size
			pt := patterns[p].tiles
			for y := range b.size {
				copy(g.Tiles[(y0+y)*g.W+x0:(y0+y)*g.W+x0+b.size], pt[y*b.size:(y+1)*b.size])
			}
			if done%every == 0 && done < total {
				s.Snapshot(fmt.Sprintf("attempt %d: %d of %d chunks", attempt, done, total))
			}
		})
		if err != nil {
			return err
		}
		if ok {
			g.WallBorder()
			return nil
		}
		s.Snapshot(fmt.Sprintf("attempt %d: stuck, starting over", attempt))
	}
	copy(g.Tiles, origTiles)
	s.Start, s.Exits, s.Rooms, s.Corridors, s.Spawns = start, exits, rooms, corridors, spawns
	s.Snapshot(fmt.Sprintf("wfc failed after %d attempts: kept the input map", b.retries))
	return nil
}

// gallery draws every pattern on blank pages, one tile apart, with its edge
// openings marked as down stairs, and snapshots each page (the tutorial's
// render_tile_gallery).
func (b waveformCollapse) gallery(s *chain.State, patterns []wfcPattern) {
	work := s.Map
	defer func() { s.Map = work }()
	w, h, n := work.W, work.H, b.size
	if n+1 > w || n+1 > h {
		return
	}
	page := chain.NewGrid(w, h)
	s.Map = page
	x, y, first, pages := 1, 1, 0, 0
	flush := func(last int) {
		pages++
		s.Snapshot(fmt.Sprintf("tile gallery: patterns %d-%d of %d", first+1, last, len(patterns)))
		first = last
		page.Fill(page.Bounds(), chain.Wall)
		x, y = 1, 1
	}
	for i := range patterns {
		if x+n > w {
			x, y = 1, y+n+1
		}
		if y+n > h {
			if flush(i); pages >= maxGalleryPages {
				return
			}
		}
		drawPattern(page, &patterns[i], n, x, y)
		x += n + 1
	}
	if first < len(patterns) {
		flush(len(patterns))
	}
}

func drawPattern(g *chain.Grid, p *wfcPattern, n, x0, y0 int) {
	for y := range n {
		copy(g.Tiles[(y0+y)*g.W+x0:], p.tiles[y*n:(y+1)*n])
	}
	for i := range n {
		bit := uint64(1) << i
		sides := [4]chain.Point{north: {X: i}, south: {X: i, Y: n - 1}, west: {Y: i}, east: {X: n - 1, Y: i}}
		for dir, q := range sides {
			if p.exits[dir]&bit != 0 {
				g.Set(chain.Point{X: x0 + q.X, Y: y0 + q.Y}, chain.DownStairs)
			}
		}
	}
}
