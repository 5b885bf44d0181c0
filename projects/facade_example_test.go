package projects_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing/fstest"

	"hewn/projects"
)

// A game opens its project from a folder it ships (os.DirFS, or an embed.FS
// compiled into the game) and asks for the level of a depth and a run's
// master seed: the same level the editor showed the designer, and the bytes
// `hewn run --format json` prints.
func ExampleNewGenerator() {
	gen, err := projects.NewGenerator(os.DirFS("."), "example.hewn.json")
	if err != nil {
		fmt.Println(err) // "FILE: json.path: message", as the command line says it
		return
	}
	lvl, err := gen.Generate(context.Background(), 5, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	l := lvl.Level() // tiles, start, exits, rooms, spawns
	fmt.Println(l.Name, l.Width, "×", l.Height, "start", *l.Start)
	fmt.Println(l.Tiles[l.Start.Y][l.Start.X:l.Start.X+1], "under the start")
	// Output:
	// Dwarf Fort - Upper Reaches 80 × 50 start (1,25)
	// . under the start
}

// LevelJSON is the level JSON itself, for a game that keeps levels as files or
// hands them to another language.
func ExampleGenerator_LevelJSON() {
	gen, err := projects.NewExampleGenerator()
	if err != nil {
		panic(err)
	}
	data, err := gen.LevelJSON(context.Background(), 1, 7)
	if err != nil {
		panic(err)
	}
	lines := strings.SplitN(string(data), "\n", 4)
	fmt.Println(lines[0])
	fmt.Println(lines[1])
	fmt.Println(lines[2])
	// Output:
	// {
	//   "format": "hewn.level/1",
	//   "name": "The Town of Bracketon",
}

// Content rolls on the project's content pack: the spawn table for a depth,
// a loot table, with the game's own random source.
func ExampleGenerator_Pack() {
	gen, err := projects.NewExampleGenerator()
	if err != nil {
		panic(err)
	}
	pack, err := gen.Pack()
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(42, 0))
	mob, _ := pack.Roll(rng, 3, "mobs")
	drop, _ := pack.RollLoot(rng, "Animal")
	fmt.Println(mob != "", drop != "")
	// Output:
	// true true
}

// A project's files may come from memory: here a project whose content pack
// is missing from the file set.
func ExampleNewGenerator_fileSet() {
	files := fstest.MapFS{
		"levels/game.hewn.json": {Data: []byte(`{"version": 1, "name": "Game", "seed": 1, "content": "spawns.json",
  "levels": [{"depth": 1, "name": "Cave", "seed": null,
    "chain": {"width": 40, "height": 20, "steps": [{"builder": "cellular_automata"}]}}]}`)},
	}
	gen, err := projects.NewGenerator(files, "levels/game.hewn.json")
	if err != nil {
		panic(err)
	}
	fmt.Println(gen.Files())
	_, err = gen.Generate(context.Background(), 1, 42)
	fmt.Println(err)
	// Output:
	// [levels/spawns.json]
	// levels/spawns.json: file does not exist
}
