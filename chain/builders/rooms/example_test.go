package rooms_test

import (
	"context"
	"fmt"

	"hewn/chain"
	_ "hewn/chain/builders/rooms"
)

// Example_chain decodes a small chain (a BSP interior with the start in the
// first room and the stairs in the last), runs it and prints the map.
func Example_chain() {
	c, err := chain.DecodeJSON([]byte(`{ "width": 30, "height": 12, "steps": [
		{ "builder": "bsp_interior" },
		{ "builder": "room_sorter", "params": { "sort": "leftmost" } },
		{ "builder": "room_based_starting_position" },
		{ "builder": "room_based_stairs" } ] }`), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := chain.Run(context.Background(), c, 4, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(chain.ASCII(r.State.Map, r.State.Start))
	fmt.Println(len(r.State.Rooms), "rooms,", r.History.Len(), "snapshots")
	// Output:
	// ##############################
	// #.............#......#.......#
	// #.............#......#.......#
	// #......@......#......#.......#
	// #.............#......#.......#
	// #############.#......#.......#
	// #.............#......#...>...#
	// #.............#..............#
	// #....................#.......#
	// #.............#......#.......#
	// #.............#......#.......#
	// ##############################
	// 4 rooms, 11 snapshots
}
