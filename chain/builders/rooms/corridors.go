package rooms

import (
	"context"
	"math/rand/v2"

	"hewn/chain"
	"hewn/chain/builders/internal/kit"
)

func init() {
	corridor := func(name, help string, build func(ctx context.Context, s *chain.State, rng *rand.Rand) error) {
		chain.Register(chain.Spec{
			Name: name, Help: help, Kind: chain.Meta,
			Needs: chain.FRooms, Makes: chain.FCorridors,
			New: func(chain.Values) (chain.Builder, error) { return chain.BuildFunc(build), nil },
		})
	}
	corridor("dogleg_corridors",
		"Joins each room to the next in list order with an L-shaped corridor between their centres (horizontal or vertical leg first at random).",
		doglegCorridors)
	corridor("bsp_corridors",
		"Joins each room to the next in list order with a corridor between a random tile of each, closing the horizontal gap first (the tutorial's BSP corridors).",
		bspCorridors)
	corridor("nearest_corridors",
		"Joins each room to the nearest room not yet joined, centre to centre, horizontal gap first.",
		nearestCorridors)
	corridor("straight_line_corridors",
		"Joins each room to the nearest room not yet joined with a straight (Bresenham) line between their centres.",
		straightLineCorridors)
}

func doglegCorridors(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	return joinConsecutive(ctx, s, func(a, b chain.Rect) []chain.Point {
		return kit.Dogleg(s.Map, a.Center(), b.Center(), rng.IntN(2) == 1)
	})
}

func bspCorridors(ctx context.Context, s *chain.State, rng *rand.Rand) error {
	return joinConsecutive(ctx, s, func(a, b chain.Rect) []chain.Point {
		return kit.DrawCorridor(s.Map, randomTile(rng, a), randomTile(rng, b))
	})
}

func nearestCorridors(ctx context.Context, s *chain.State, _ *rand.Rand) error {
	return joinNearest(ctx, s, func(a, b chain.Rect) []chain.Point {
		return kit.DrawCorridor(s.Map, a.Center(), b.Center())
	})
}

func straightLineCorridors(ctx context.Context, s *chain.State, _ *rand.Rand) error {
	return joinNearest(ctx, s, func(a, b chain.Rect) []chain.Point {
		return kit.DigLine(s.Map, a.Center(), b.Center())
	})
}

// randomTile picks a tile of r (its corner when r is empty).
func randomTile(rng *rand.Rand, r chain.Rect) chain.Point {
	return chain.Point{X: r.X + kit.Roll(rng, 0, r.W-1), Y: r.Y + kit.Roll(rng, 0, r.H-1)}
}
