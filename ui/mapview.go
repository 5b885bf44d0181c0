package ui

import (
	"fmt"
	"strings"

	"hewn/chain"
	"hewn/ui/internal/widgets"
	"hewn/ui/render"
)

// mapView is the map: the shared glyph viewport showing a scene, whose
// hovered tile is described on the hover line.
type mapView struct {
	*widgets.Viewport
	scene *render.Scene
}

// newMapView returns an empty map view that fits the first map it is given;
// hover receives the hovered tile's description ("" when the pointer leaves).
func newMapView(hover func(string)) *mapView {
	mv := &mapView{Viewport: widgets.NewViewport()}
	mv.OnHover = func(p chain.Point, in bool) {
		if !in {
			hover("")
			return
		}
		hover(describeTile(mv.scene, p))
	}
	return mv
}

// SetScene shows sc (nil: nothing).
func (mv *mapView) SetScene(sc *render.Scene) {
	mv.scene = sc
	if sc == nil {
		mv.SetDrawing(nil)
		return
	}
	mv.SetDrawing(sc)
}

// Scene returns the scene shown.
func (mv *mapView) Scene() *render.Scene { return mv.scene }

// SetShowRooms toggles the rooms and corridors overlay.
func (mv *mapView) SetShowRooms(on bool) {
	if mv.scene != nil {
		sc := *mv.scene
		sc.ShowRooms = on
		mv.SetScene(&sc)
	}
}

// describeTile is the hover status of tile p: coordinates, tile name, and the
// start, exits and spawns there.
func describeTile(sc *render.Scene, p chain.Point) string {
	if sc == nil || sc.Map == nil || !sc.Map.In(p) {
		return ""
	}
	parts := []string{fmt.Sprintf("(%d, %d) %s", p.X, p.Y, sc.Map.At(p))}
	if sc.Start != nil && *sc.Start == p {
		parts = append(parts, "start")
	}
	for _, e := range sc.Exits {
		if e.Pos() == p {
			parts = append(parts, "exit")
		}
	}
	var names []string
	for _, s := range sc.Spawns {
		if s.Pos() == p {
			names = append(names, s.Name)
		}
	}
	if len(names) > 0 {
		parts = append(parts, "spawns: "+strings.Join(names, ", "))
	}
	for i, r := range sc.Rooms {
		if r.Contains(p) {
			parts = append(parts, fmt.Sprintf("room %d", i+1))
			break
		}
	}
	return strings.Join(parts, " · ")
}
