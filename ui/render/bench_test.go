package render

import (
	"bytes"
	"context"
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"hewn/chain"
)

// benchScene is a w×h map of random rooms joined by corridors, with spawns,
// a start, an exit and some changed tiles, in the box-walled dungeon theme.
func benchScene(w, h int) *Scene {
	rng := rand.New(rand.NewPCG(1, 2))
	g := chain.NewGrid(w, h)
	sc := &Scene{Map: g, Theme: chain.DefaultTheme(), Entity: entityLooks}
	var prev chain.Point
	for i := 0; i < w*h/150; i++ {
		r := chain.R(1+rng.IntN(w-12), 1+rng.IntN(h-10), 4+rng.IntN(8), 3+rng.IntN(7))
		g.Fill(r, chain.Floor)
		sc.Rooms = append(sc.Rooms, r)
		c := r.Center()
		if i > 0 {
			var cor []chain.Point
			for x := min(prev.X, c.X); x <= max(prev.X, c.X); x++ {
				g.Set(chain.Point{X: x, Y: prev.Y}, chain.Floor)
				cor = append(cor, chain.Point{X: x, Y: prev.Y})
			}
			for y := min(prev.Y, c.Y); y <= max(prev.Y, c.Y); y++ {
				g.Set(chain.Point{X: c.X, Y: y}, chain.Floor)
				cor = append(cor, chain.Point{X: c.X, Y: y})
			}
			sc.Corridors = append(sc.Corridors, cor)
		}
		prev = c
		sc.Spawns = append(sc.Spawns, chain.Spawn{X: c.X, Y: c.Y, Name: []string{"Goblin", "Orc", "Health Potion"}[i%3]})
	}
	g.WallBorder()
	st := sc.Rooms[0].Center()
	sc.Start = &st
	sc.Exits = []chain.Exit{{X: prev.X + 1, Y: prev.Y, Tile: chain.DownStairs}}
	g.Set(sc.Exits[0].Pos(), chain.DownStairs)
	for i := 0; i < len(g.Tiles); i += 17 {
		sc.Changed = append(sc.Changed, i)
	}
	return sc
}

func benchDraw(b *testing.B, sc *Scene, view chain.Rect, cell int) {
	a, err := NewAtlas(cell)
	if err != nil {
		b.Fatal(err)
	}
	dst := image.NewRGBA(image.Rectangle{Max: a.Size(view.W, view.H)})
	a.Draw(dst, sc, view) // warm the cell cache
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		a.Draw(dst, sc, view)
	}
}

// BenchmarkFrame80x50 draws a whole 80×50 map (1280×800 pixels at cell 16).
func BenchmarkFrame80x50(b *testing.B) {
	sc := benchScene(80, 50)
	for _, cell := range []int{12, 16} {
		b.Run(map[int]string{12: "cell12", 16: "cell16"}[cell], func(b *testing.B) { benchDraw(b, sc, sc.Map.Bounds(), cell) })
	}
}

// BenchmarkFrame80x50Rooms is the same frame with the rooms overlay and no highlight.
func BenchmarkFrame80x50Rooms(b *testing.B) {
	sc := benchScene(80, 50)
	sc.ShowRooms, sc.Changed = true, nil
	benchDraw(b, sc, sc.Map.Bounds(), 16)
}

// BenchmarkViewport256 draws an 80×50 viewport of a 256×256 map.
func BenchmarkViewport256(b *testing.B) {
	sc := benchScene(256, 256)
	benchDraw(b, sc, chain.R(90, 100, 80, 50), 16)
}

// BenchmarkDrawAt256 draws a 1280×800 pixel view of a 256×256 map panned by pixels.
func BenchmarkDrawAt256(b *testing.B) {
	sc := benchScene(256, 256)
	a, err := NewAtlas(16)
	if err != nil {
		b.Fatal(err)
	}
	dst := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	a.DrawAt(dst, sc, image.Pt(-1445, -1603))
	b.ReportAllocs()
	for b.Loop() {
		a.DrawAt(dst, sc, image.Pt(-1445, -1603))
	}
}

// BenchmarkPNG80x50 encodes a whole 80×50 map at cell 12.
func BenchmarkPNG80x50(b *testing.B) {
	sc := benchScene(80, 50)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := PNG(&buf, sc, 12); err != nil {
			b.Fatal(err)
		}
	}
}

// The render_bench_rooms builder carves benchScene's 80×50 map room by room,
// one snapshot per room.
func init() {
	chain.Register(chain.Spec{Name: "render_bench_rooms", Help: "test only", Kind: chain.Initial, Makes: chain.FMap | chain.FRooms,
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(ctx context.Context, s *chain.State, _ *rand.Rand) error {
				sc := benchScene(s.Map.W, s.Map.H)
				s.Rooms = []chain.Rect{}
				for _, r := range sc.Rooms {
					s.Map.Fill(r, chain.Floor)
					s.Rooms = append(s.Rooms, r)
					s.Snapshot("room")
				}
				copy(s.Map.Tiles, sc.Map.Tiles)
				s.Spawns = sc.Spawns
				return nil
			}), nil
		}})
}

// BenchmarkGIF80x50 encodes the history of an 80×50 map made room by room (cell 8).
func BenchmarkGIF80x50(b *testing.B) {
	c, err := chain.Decode(strings.NewReader(`{"name": "b", "depth": 1, "width": 80, "height": 50,
		"steps": [{"builder": "render_bench_rooms"}]}`))
	if err != nil {
		b.Fatal(err)
	}
	r, err := chain.Run(context.Background(), c, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	style := Scene{Theme: chain.DefaultTheme(), Entity: entityLooks}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := GIF(&buf, r.History, style, GIFOptions{Highlight: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(r.History.Len()), "frames")
	b.ReportMetric(float64(buf.Len()), "bytes")
}
