package statsview

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	xdraw "golang.org/x/image/draw"

	"hewn/projects/stats"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
)

// thumbGrid lays thumbnails over the cells of an archive's grid chart (the
// chart's decoration): each image fills its cell but a pixel of the cell's
// colour around it, placed by the chart's own transforms.
type thumbGrid struct {
	chart  *widgets.Chart
	box    *fyne.Container
	imgs   map[[2]int]*canvas.Image
	xEdges []float64
	yEdges []float64
}

func newThumbGrid(c *widgets.Chart) *thumbGrid {
	g := &thumbGrid{chart: c, imgs: map[[2]int]*canvas.Image{}}
	g.box = &fyne.Container{Layout: g}
	return g
}

// setGrid takes the cells' edges of archive a (as the chart draws them).
func (g *thumbGrid) setGrid(a *stats.Archive) {
	g.xEdges = gridEdges(info(a.Axes[0]), a.Ranges[0], a.Bins[0])
	g.yEdges = gridEdges(info(a.Axes[1]), a.Ranges[1], a.Bins[1])
}

// clear removes every thumbnail.
func (g *thumbGrid) clear() {
	g.imgs = map[[2]int]*canvas.Image{}
	g.box.Objects = nil
	g.box.Refresh()
}

// set shows img in the cell bin.
func (g *thumbGrid) set(bin [2]int, img image.Image) {
	ci, ok := g.imgs[bin]
	if !ok {
		ci = canvas.NewImageFromImage(img)
		ci.FillMode = canvas.ImageFillContain
		ci.ScaleMode = canvas.ImageScaleSmooth
		g.imgs[bin] = ci
		g.box.Objects = append(g.box.Objects, ci)
	} else {
		ci.Image = img
	}
	g.place(bin, ci)
	ci.Refresh()
}

// count is how many thumbnails are shown.
func (g *thumbGrid) count() int { return len(g.imgs) }

// place puts ci over cell bin, inset a pixel.
func (g *thumbGrid) place(bin [2]int, ci *canvas.Image) {
	i, j := bin[0], bin[1]
	if i+1 >= len(g.xEdges) || j+1 >= len(g.yEdges) || g.chart.Size().Width <= 0 {
		ci.Hide()
		return
	}
	a := g.chart.PositionOf(0, g.xEdges[i], g.yEdges[j+1])
	b := g.chart.PositionOf(0, g.xEdges[i+1], g.yEdges[j])
	const inset = 1.5
	w, h := b.X-a.X-2*inset, b.Y-a.Y-2*inset
	if w < 4 || h < 4 {
		ci.Hide()
		return
	}
	ci.Move(fyne.NewPos(a.X+inset, a.Y+inset))
	ci.Resize(fyne.NewSize(w, h))
	ci.Show()
}

// Layout implements fyne.Layout: each thumbnail over its cell.
func (g *thumbGrid) Layout([]fyne.CanvasObject, fyne.Size) {
	for bin, ci := range g.imgs {
		g.place(bin, ci)
	}
}

// MinSize implements fyne.Layout: the chart sets the size.
func (g *thumbGrid) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

// shrink draws sc's map at the smallest cell and scales it to fit side
// pixels (nil when it cannot be drawn).
func shrink(sc *render.Scene, side int) image.Image {
	cell := render.MinCell
	if render.CheckSize(sc.Map.W, sc.Map.H, cell) != nil {
		return nil
	}
	full, err := render.Render(sc, cell)
	if err != nil {
		return nil
	}
	b := full.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= side && h <= side {
		return full
	}
	if w >= h {
		w, h = side, max(1, h*side/w)
	} else {
		w, h = max(1, w*side/h), side
	}
	small := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.ApproxBiLinear.Scale(small, small.Bounds(), full, b, xdraw.Src, nil)
	return small
}
