package content_test

import (
	"fmt"
	"math/rand/v2"

	"hewn/content"
)

// ExampleParseDice reads the dice expressions content packs use ("1d8+2" for
// a weapon's damage, "2d6" for a mob's attack, "5" for a fixed amount), and
// rolls them with a seeded source.
func ExampleParseDice() {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []string{"1d8+2", "2d6", "3d4-1", "5"} {
		d, err := content.ParseDice(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %d..%d, mean %.1f, rolled %d\n", d, d.Min(), d.Max(), d.Mean(), d.Roll(rng))
	}
	_, err := content.ParseDice("2d")
	fmt.Println(err)
	// Output:
	// 1d8+2: 3..10, mean 6.5, rolled 3
	// 2d6: 2..12, mean 7.0, rolled 9
	// 3d4-1: 2..11, mean 6.5, rolled 4
	// 5: 5..5, mean 5.0, rolled 5
	// content: bad dice "2d": sides must be 1..1000000 (want NdS, NdS+K, NdS-K or K)
}
