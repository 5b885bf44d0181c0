package render_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"

	"hewn/chain"
	_ "hewn/chain/builders" // every builder
	"hewn/ui/render"
)

// ExamplePNG runs a small chain (a hand-drawn prefab level), draws its final
// map in the default theme at 12 pixels per tile and prints the PNG's size.
func ExamplePNG() {
	c, err := chain.DecodeJSON([]byte(`{ "width": 12, "height": 8, "steps": [
		{ "builder": "prefab", "params": { "mode": "level", "template": [
			"############",
			"#@   #    >#",
			"#    #  g  #",
			"#          #",
			"#    #  %  #",
			"#  ≈≈#     #",
			"#  ≈≈#     #",
			"############" ] } } ] }`), "vault.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := chain.Run(context.Background(), c, 1, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, render.ResultScene(r), 12); err != nil {
		fmt.Println(err)
		return
	}
	cfg, err := png.DecodeConfig(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d×%d pixels, %d spawns\n", cfg.Width, cfg.Height, len(r.State.Spawns))
	// Output:
	// 144×96 pixels, 2 spawns
}
