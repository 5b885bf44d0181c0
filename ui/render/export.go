package render

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/png"
	"io"
	"slices"

	"hewn/chain"
)

// Render draws the whole map of sc into a new image, cell pixels per tile.
func Render(sc *Scene, cell int) (*image.RGBA, error) {
	if sc == nil || sc.Map == nil || sc.Map.W <= 0 || sc.Map.H <= 0 || len(sc.Map.Tiles) < sc.Map.W*sc.Map.H {
		return nil, errors.New("render: the scene has no map")
	}
	if err := CheckSize(sc.Map.W, sc.Map.H, cell); err != nil {
		return nil, err
	}
	a, err := NewAtlas(cell)
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rectangle{Max: a.Size(sc.Map.W, sc.Map.H)})
	a.Draw(img, sc, sc.Map.Bounds())
	return img, nil
}

// PNG writes the whole map of sc as a PNG image, cell pixels per tile.
// The output is a pure function of the scene and cell size.
func PNG(w io.Writer, sc *Scene, cell int) error {
	img, err := Render(sc, cell)
	if err != nil {
		return err
	}
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// GIFOptions tune an animated GIF of a run's history. Zero fields take defaults.
type GIFOptions struct {
	// Cell is the cell size in pixels (default 8).
	Cell int
	// Delay is each frame's duration in 1/100 s (default 25, the tutorial's 250 ms).
	Delay int
	// LastDelay is how long the final frame is held, in 1/100 s (default 200).
	LastDelay int
	// Every keeps every Every-th snapshot (default 1: all); the last one is always kept.
	Every int
	// MaxFrames caps the frame count (default 300) by raising Every as needed.
	MaxFrames int
	// Highlight tints the tiles that changed since the previous frame.
	Highlight bool
	// LoopOnce plays the animation once instead of looping forever.
	LoopOnce bool
	// Context, when not nil, stops the rendering with its error once done.
	Context context.Context
	// Progress, when not nil, is told after each frame drawn how many of the
	// total (two passes over the frames) are done.
	Progress func(done, total int)
}

func (o GIFOptions) withDefaults() GIFOptions {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.Cell, 8)
	def(&o.Delay, 25)
	def(&o.LastDelay, 200)
	def(&o.Every, 1)
	def(&o.MaxFrames, 300)
	return o
}

// GIFFrames returns the snapshot indexes an animation of n snapshots shows.
func GIFFrames(n int, o GIFOptions) []int {
	o = o.withDefaults()
	if n <= 0 {
		return nil
	}
	every := o.Every
	if o.MaxFrames > 1 && n > o.MaxFrames {
		every = max(every, (n-1+o.MaxFrames-2)/(o.MaxFrames-1))
	} else if o.MaxFrames == 1 {
		return []int{n - 1}
	}
	var out []int
	for i := 0; i < n-1; i += every {
		out = append(out, i)
	}
	return append(out, n-1)
}

// GIF writes an animated GIF of history h: one frame per kept snapshot (see
// GIFOptions), drawn with the theme, split, entity looks and ShowRooms of style
// (its map fields are ignored). Glyphs are not anti-aliased and the palette
// holds exactly the colours used, sorted, so the bytes are a pure function of
// the inputs; should a scene use more than 256 colours, the Plan 9 palette is
// used instead. Frames after the first store only the rectangle that changed.
// A frame holds at most MaxGIFPixels and the frames GIFPixelBudget in all
// (GIFFramesFor).
func GIF(w io.Writer, h *chain.History, style Scene, o GIFOptions) error {
	if h == nil || h.Len() == 0 {
		return errors.New("render: the history has no snapshots")
	}
	o = o.withDefaults()
	a, err := NewSharpAtlas(o.Cell)
	if err != nil {
		return err
	}
	first := h.At(0)
	mw, mh := first.Map.W, first.Map.H
	if mw <= 0 || mh <= 0 {
		return fmt.Errorf("render: snapshot 0 has an empty %dx%d map", mw, mh)
	}
	if err := CheckGIFSize(mw, mh, o.Cell); err != nil {
		return err
	}
	idx := GIFFramesFor(h.Len(), mw, mh, o)
	ctx := o.Context
	if ctx == nil {
		ctx = context.Background()
	}
	work, total := 0, 2*len(idx)
	step := func() error {
		work++
		if o.Progress != nil {
			o.Progress(work, total)
		}
		return ctx.Err()
	}
	bounds := image.Rectangle{Max: a.Size(mw, mh)}
	img := image.NewRGBA(bounds)
	prev := chain.NewGrid(mw, mh) // all walls, as History.Changed(0) compares with
	var changed []int
	// frame draws kept snapshot k into img.
	frame := func(k int) {
		s := h.At(idx[k])
		changed = changed[:0]
		if o.Highlight {
			for i, t := range s.Map.Tiles {
				if t != prev.Tiles[i] {
					changed = append(changed, i)
				}
			}
			copy(prev.Tiles, s.Map.Tiles)
		}
		sc := style
		sc.Map, sc.Start, sc.Exits, sc.Spawns = s.Map, s.Start, s.Exits, s.Spawns
		sc.Rooms, sc.Corridors, sc.Changed = s.Rooms, s.Corridors, changed
		a.Draw(img, &sc, s.Map.Bounds())
	}

	// Pass 1: the colours used.
	used := map[color.RGBA]struct{}{}
	for k := range idx {
		if err := step(); err != nil {
			return err
		}
		frame(k)
		last := color.RGBA{1, 2, 3, 4}
		for i := 0; i < len(img.Pix); i += 4 {
			c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
			if c != last {
				used[c] = struct{}{}
				last = c
			}
		}
	}
	var pal color.Palette
	if len(used) <= 256 {
		cols := make([]color.RGBA, 0, len(used))
		for c := range used {
			cols = append(cols, c)
		}
		slices.SortFunc(cols, func(x, y color.RGBA) int {
			return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.R, y.R), cmp.Compare(x.G, y.G), cmp.Compare(x.B, y.B))
		})
		pal = make(color.Palette, len(cols))
		for i, c := range cols {
			pal[i] = c
		}
	} else {
		pal = palette.Plan9
	}
	index := map[color.RGBA]uint8{}
	lookup := func(c color.RGBA) uint8 {
		if i, ok := index[c]; ok {
			return i
		}
		i := uint8(pal.Index(c))
		index[c] = i
		return i
	}

	// Pass 2: the frames, each but the first cropped to what changed.
	out := &gif.GIF{Config: image.Config{ColorModel: pal, Width: bounds.Dx(), Height: bounds.Dy()}}
	if o.LoopOnce {
		out.LoopCount = -1
	}
	clear(prev.Tiles)
	cur := image.NewPaletted(bounds, pal)
	old := image.NewPaletted(bounds, pal)
	for k := range idx {
		if err := step(); err != nil {
			return err
		}
		frame(k)
		last, li := color.RGBA{1, 2, 3, 4}, uint8(0)
		for i, j := 0, 0; i < len(img.Pix); i, j = i+4, j+1 {
			c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
			if c != last {
				last, li = c, lookup(c)
			}
			cur.Pix[j] = li
		}
		r := bounds
		if k > 0 {
			r = diffRect(old, cur)
		}
		f := image.NewPaletted(r, pal)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			copy(f.Pix[f.PixOffset(r.Min.X, y):f.PixOffset(r.Max.X, y)], cur.Pix[cur.PixOffset(r.Min.X, y):cur.PixOffset(r.Max.X, y)])
		}
		d := o.Delay
		if k == len(idx)-1 {
			d = o.LastDelay
		}
		out.Image = append(out.Image, f)
		out.Delay = append(out.Delay, d)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		old, cur = cur, old
	}
	if err := gif.EncodeAll(w, out); err != nil {
		return fmt.Errorf("render: writing GIF: %w", err)
	}
	return nil
}

// diffRect is the smallest rectangle holding every pixel where a and b differ
// (a 1×1 rectangle at the origin when they are equal).
func diffRect(a, b *image.Paletted) image.Rectangle {
	r := a.Rect
	x0, y0, x1, y1 := r.Max.X, r.Max.Y, r.Min.X, r.Min.Y
	for y := r.Min.Y; y < r.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(r.Min.X, y):a.PixOffset(r.Max.X, y)]
		rb := b.Pix[b.PixOffset(r.Min.X, y):b.PixOffset(r.Max.X, y)]
		for x := range ra {
			if ra[x] != rb[x] {
				x0, x1 = min(x0, r.Min.X+x), max(x1, r.Min.X+x+1)
				y0, y1 = min(y0, y), max(y1, y+1)
			}
		}
	}
	if x0 >= x1 {
		return image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Min.Y+1)
	}
	return image.Rect(x0, y0, x1, y1)
}
