package prefab_test

import (
	"fmt"

	"hewn/chain"
	"hewn/chain/prefab"
)

// ExampleLegend_With extends the tutorial's legend with a character of one's
// own and parses a template written with it.
func ExampleLegend_With() {
	legend := prefab.Tutorial().With('k', prefab.Cell{Tile: chain.Floor, Spawn: "Kobold"})
	t, err := legend.Parse([]string{
		"#####",
		"#k >#",
		"#####",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.W, "×", t.H, "places a Kobold:", t.Places("Kobold"))
	fmt.Printf("%+v\n", t.At(3, 1))
	_, err = prefab.Parse([]string{"#k#"})
	fmt.Println(err != nil, "(the tutorial's legend has no 'k')")
	// Output:
	// 5 × 3 places a Kobold: true
	// {Tile:down_stairs Spawn: Start:false Exit:true Keep:false}
	// true (the tutorial's legend has no 'k')
}
