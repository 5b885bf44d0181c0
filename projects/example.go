package projects

import (
	_ "embed"
	"fmt"
)

//go:embed example.hewn.json
var exampleJSON []byte

// ExampleJSON returns the embedded example project's file contents.
func ExampleJSON() []byte { return append([]byte(nil), exampleJSON...) }

// Example decodes the embedded example project: the Rust tutorial's ten depths
// (the town of Bracketon, the woods, the limestone caverns, the dwarf fort split,
// the dwarven fortress with its dragon, the mushroom grove, the dark elven city),
// a RuggRogue-style populated depth and a Racket-style noise-halls depth, all on
// the embedded default content pack.
func Example() (*Project, error) {
	p, err := Decode(exampleJSON)
	if err != nil {
		return nil, fmt.Errorf("projects: the embedded example project: %w", err)
	}
	return p, nil
}
