package caves

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	chain.Register(chain.Spec{
		Name: "area_starting_position",
		Help: "Puts the start on the walkable tile nearest an area of the map (left/center/right × top/center/bottom), as the tutorial's AreaStartingPosition.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.XParam("x", "Horizontal anchor: left (column 1), center or right (column width-2).", "center", false),
			kit.YParam("y", "Vertical anchor: top (row 1), center or bottom (row height-2).", "center", false),
		},
		Makes: chain.FStart,
		New: func(v chain.Values) (chain.Builder, error) {
			return areaPos{v: v}, nil
		},
	})
	chain.Register(chain.Spec{
		Name: "area_ending_position",
		Help: "Puts down stairs (an exit) on the walkable tile nearest an area of the map, as the tutorial's AreaEndingPosition.",
		Kind: chain.Meta,
		Params: []chain.Param{
			kit.XParam("x", "Horizontal anchor: left (column 1), center or right (column width-2).", "right", false),
			kit.YParam("y", "Vertical anchor: top (row 1), center or bottom (row height-2).", "center", false),
		},
		Makes: chain.FExit,
		New: func(v chain.Values) (chain.Builder, error) {
			return areaPos{v: v, exit: true}, nil
		},
	})
}

// areaPos places the start, or an exit, nearest an anchor given by x and y.
type areaPos struct {
	v    chain.Values
	exit bool
}

func (b areaPos) Build(_ context.Context, s *chain.State, _ *rand.Rand) error {
	p := chain.Point{X: kit.ResolvePos(b.v, "x", s.Map.W), Y: kit.ResolvePos(b.v, "y", s.Map.H)}
	if b.exit {
		_, err := s.AddExit(p)
		return err
	}
	return s.SetStart(p)
}
