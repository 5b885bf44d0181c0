package chain_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"hewn/chain"
	_ "hewn/chain/builders" // every builder, for the chains the examples run
)

// ExampleRegister registers a builder of one's own, "pillars" (an initial
// builder with an integer parameter), and runs it in a chain followed by a
// built-in step that places the start.
func ExampleRegister() {
	if _, done := chain.Lookup("pillars"); !done { // Register panics on a name registered twice
		chain.Register(chain.Spec{
			Name: "pillars",
			Help: "A room as large as the map with a pillar every spacing tiles.",
			Kind: chain.Initial,
			Params: []chain.Param{
				{Name: "spacing", Label: "Spacing", Help: "Tiles from one pillar to the next.", Type: chain.Int, Default: 4, Min: 2, Max: 16},
			},
			Makes: chain.FMap | chain.FRooms,
			New: func(v chain.Values) (chain.Builder, error) {
				n := v.Int("spacing")
				return chain.BuildFunc(func(_ context.Context, s *chain.State, _ *rand.Rand) error {
					room := s.Map.Bounds().Inset(1)
					s.Map.Fill(room, chain.Floor)
					room.Each(func(p chain.Point) {
						if p.X%n == 0 && p.Y%n == 0 {
							s.Map.Set(p, chain.Wall)
						}
					})
					s.Rooms = []chain.Rect{room}
					s.Snapshot("pillars")
					return nil
				}), nil
			},
		})
	}
	pillars, err := chain.NewStep("pillars", map[string]any{"spacing": 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	c := &chain.Chain{Width: 16, Height: 8, Depth: 1, Steps: []chain.Step{pillars, {Builder: "room_based_starting_position"}}}
	for _, p := range chain.Check(c) {
		fmt.Println(p)
	}
	r, err := chain.Run(context.Background(), c, 1, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(chain.ASCII(r.State.Map, r.State.Start))
	// Output:
	// ################
	// #..............#
	// #..............#
	// #..#..#..#..#..#
	// #.......@......#
	// #..............#
	// #..#..#..#..#..#
	// ################
}

// ExampleRun decodes a chain of built-in builders (a cave, its start and its
// stairs), runs it for a seed and prints the map as text: the same chain and
// seed give the same map, every time and everywhere.
func ExampleRun() {
	c, err := chain.DecodeJSON([]byte(`{ "width": 24, "height": 10, "depth": 1, "steps": [
		{ "builder": "cellular_automata" },
		{ "builder": "area_starting_position", "params": { "x": "left", "y": "center" } },
		{ "builder": "cull_unreachable" },
		{ "builder": "distant_exit" } ] }`), "cave.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := chain.Run(context.Background(), c, 42, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(chain.ASCII(r.State.Map, r.State.Start))
	fmt.Println(len(r.State.Exits), "exit,", r.History.Len(), "snapshots")
	// Output:
	// ########################
	// ########################
	// ##.#.#..#.#.############
	// ##............##########
	// #@.###.........#########
	// ###..#..###..#..########
	// ###..#..####.##>########
	// #####...####...#########
	// #####..######..#########
	// ########################
	// 1 exit, 19 snapshots
}
