package builders_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	_ "hewn/chain/builders"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fakeSpawner is a deterministic stand-in for a content pack.
type fakeSpawner struct{}

func (fakeSpawner) Roll(rng *rand.Rand, depth int, sec chain.Section) (string, bool) {
	names := map[chain.Section][]string{
		chain.Mobs: {"Goblin", "Orc"}, chain.Items: {"Rations", "Health Potion"}, chain.Props: {"Bear Trap"},
	}
	list := names[sec]
	if sec == chain.AnySection {
		list = []string{"Goblin", "Orc", "Rations", "Health Potion", "Bear Trap"}
	}
	return list[rng.IntN(len(list))], true
}

func (fakeSpawner) Pick(rng *rand.Rand, depth int, cat string) (string, bool) {
	return fmt.Sprintf("%s of depth %d", cat, depth), true
}

// loadChains reads every testdata/chains/*.json file.
func loadChains(t testing.TB) map[string]*chain.Chain {
	files, err := filepath.Glob("testdata/chains/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	out := map[string]*chain.Chain{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		c, err := chain.DecodeJSON(data, "")
		require.NoError(t, err, f)
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = c
	}
	return out
}

// render is the golden form of a run: the ASCII map, then exits and spawns.
func render(r *chain.Result) string {
	var b strings.Builder
	b.WriteString(chain.ASCII(r.State.Map, r.State.Start))
	for _, e := range r.State.Exits {
		fmt.Fprintf(&b, "exit %d,%d %s\n", e.X, e.Y, e.Tile)
	}
	for _, sp := range r.State.Spawns {
		fmt.Fprintf(&b, "spawn %d,%d %s\n", sp.X, sp.Y, sp.Name)
	}
	fmt.Fprintf(&b, "rooms %d snapshots %d\n", len(r.State.Rooms), r.History.Len())
	return b.String()
}

// TestGolden runs every chain under testdata/chains with seed 1 and compares it
// with testdata/golden/NAME.txt (go test -run TestGolden -update rewrites them).
func TestGolden(t *testing.T) {
	for name, c := range loadChains(t) {
		t.Run(name, func(t *testing.T) {
			r, err := chain.Run(context.Background(), c, 1, fakeSpawner{})
			require.NoError(t, err)
			got := render(r)
			path := filepath.Join("testdata", "golden", name+".txt")
			if *update {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "missing golden file; run go test ./chain/builders -run TestGolden -update")
			assert.Equal(t, string(want), got)
		})
	}
}

// TestEveryBuilderHasGolden keeps the golden set complete as builders are added.
func TestEveryBuilderHasGolden(t *testing.T) {
	used := map[string]bool{}
	var walk func([]chain.Step)
	walk = func(steps []chain.Step) {
		for _, s := range steps {
			used[s.Builder] = true
			for _, v := range s.Params {
				if nested, ok := v.([]chain.Step); ok {
					walk(nested)
				}
			}
		}
	}
	for _, c := range loadChains(t) {
		walk(c.Steps)
	}
	for _, s := range chain.Specs() {
		assert.True(t, used[s.Name], "builder %s has no chain under testdata/chains", s.Name)
	}
}

// TestInvariants runs every test chain over many seeds and checks what must
// always hold: the start is walkable, exits are down stairs on the map, rooms
// and spawns lie inside the map, and after cull_unreachable every exit is
// reachable from the start.
func TestInvariants(t *testing.T) {
	seeds := 40
	if testing.Short() {
		seeds = 5
	}
	for name, c := range loadChains(t) {
		culls := false
		for _, s := range c.Steps {
			culls = culls || s.Builder == "cull_unreachable"
		}
		t.Run(name, func(t *testing.T) {
			for seed := uint64(0); seed < uint64(seeds); seed++ {
				r, err := chain.Run(context.Background(), c, seed, fakeSpawner{})
				require.NoError(t, err, "seed %d", seed)
				checkInvariants(t, r, culls, seed)
			}
		})
	}
}

func checkInvariants(t *testing.T, r *chain.Result, culls bool, seed uint64) {
	s := r.State
	g := s.Map
	if s.Start != nil {
		require.True(t, g.Walkable(*s.Start), "seed %d: start %v not walkable", seed, *s.Start)
	}
	bounds := g.Bounds()
	for _, rm := range s.Rooms {
		require.True(t, bounds.Intersect(rm) == rm, "seed %d: room %+v outside the map", seed, rm)
	}
	taken := map[chain.Point]string{}
	for _, sp := range s.Spawns {
		require.True(t, g.In(sp.Pos()), "seed %d: spawn %+v outside the map", seed, sp)
		require.True(t, g.Walkable(sp.Pos()), "seed %d: spawn %+v on %s", seed, sp, g.At(sp.Pos()))
		_, dup := taken[sp.Pos()]
		require.False(t, dup, "seed %d: %s and %s share %v", seed, sp.Name, taken[sp.Pos()], sp.Pos())
		taken[sp.Pos()] = sp.Name
	}
	var dist []int
	if s.Start != nil && culls {
		dist = chain.DistanceMap(g, []chain.Point{*s.Start})
	}
	for _, e := range s.Exits {
		require.True(t, g.In(e.Pos()), "seed %d: exit outside", seed)
		require.Equal(t, chain.DownStairs, g.At(e.Pos()), "seed %d: exit %v is not stairs", seed, e)
		if dist != nil {
			require.NotEqual(t, chain.Unreachable, dist[g.Idx(e.Pos())], "seed %d: exit %v unreachable", seed, e)
		}
	}
}

// fixedChains are test chains with no randomness at all (a fixed prefab level).
var fixedChains = map[string]bool{"prefab": true}

// TestDeterministic: the same seed gives the same bytes; different seeds differ.
func TestDeterministic(t *testing.T) {
	for name, c := range loadChains(t) {
		t.Run(name, func(t *testing.T) {
			a, b := levelJSON(t, c, 7), levelJSON(t, c, 7)
			require.Equal(t, a, b)
			if !fixedChains[name] {
				assert.NotEqual(t, strings.Replace(a, `"seed": 7`, "", 1), strings.Replace(levelJSON(t, c, 8), `"seed": 8`, "", 1),
					"seeds 7 and 8 give the same level")
			}
		})
	}
}

// TestHistoryChangesNothing checks every chain gives the same level with and
// without history: builders skip work only a snapshot needs when nothing records
// (a sweep), and must not change the level by it.
func TestHistoryChangesNothing(t *testing.T) {
	for name, c := range loadChains(t) {
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				require.Equal(t, levelJSON(t, c, seed), levelJSONConfig(t, c, chain.Config{Master: seed, Spawner: fakeSpawner{}, NoHistory: true}), "seed %d", seed)
			}
		})
	}
}

func levelJSON(t *testing.T, c *chain.Chain, seed uint64) string {
	return levelJSONConfig(t, c, chain.Config{Master: seed, Spawner: fakeSpawner{}})
}

func levelJSONConfig(t *testing.T, c *chain.Chain, cfg chain.Config) string {
	r, err := chain.RunConfig(context.Background(), c, cfg)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, r.Level().WriteJSON(&buf))
	return buf.String()
}

// TestEveryBuilderRunsAlone checks each builder's defaults on a prepared map
// (rooms, corridors and a start made by earlier steps) never fail or panic,
// and leave the registered defaults as they were: a run hands a step that
// sets no parameter the spec's own defaults (Spec.New's values are read only).
func TestEveryBuilderRunsAlone(t *testing.T) {
	base := []chain.Step{{Builder: "simple_map", Params: map[string]any{"draw": true}}}
	for _, spec := range chain.Specs() {
		t.Run(spec.Name, func(t *testing.T) {
			steps := []chain.Step{{Builder: spec.Name}}
			if spec.Kind == chain.Meta {
				steps = append(append([]chain.Step{}, base...), steps...)
			}
			c := &chain.Chain{Depth: 3, Width: 80, Height: 50, Steps: steps}
			if probs := chain.Check(c); len(probs) > 0 {
				t.Skipf("needs more setup: %v", probs)
			}
			before, err := json.Marshal(spec.Resolve(nil))
			require.NoError(t, err)
			for seed := uint64(0); seed < 3; seed++ {
				_, err := chain.Run(context.Background(), c, seed, fakeSpawner{})
				if err != nil {
					assert.NotContains(t, err.Error(), "internal error", "seed %d", seed)
				}
			}
			after, err := json.Marshal(spec.Resolve(nil))
			require.NoError(t, err)
			assert.JSONEq(t, string(before), string(after), "the run changed the registered defaults")
		})
	}
}
