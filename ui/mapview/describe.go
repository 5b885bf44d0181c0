package mapview

import (
	"fmt"
	"strings"

	"hewn/chain"
	"hewn/ui/render"
)

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
