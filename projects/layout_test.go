package projects

import (
	"flag"
	"fmt"
	"image/color"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

var update = flag.Bool("update", false, "rewrite projects/example.hewn.json through the encoder")

// TestExampleIsEncoderOutput checks that the embedded example project is byte
// for byte what the encoder writes, so opening and saving it changes nothing.
// With -update it rewrites example.hewn.json through the encoder first (after
// editing the example's chains by hand).
func TestExampleIsEncoderOutput(t *testing.T) {
	if *update {
		src, err := os.ReadFile("example.hewn.json")
		require.NoError(t, err)
		p, err := Decode(src)
		require.NoError(t, err)
		out, err := p.Bytes()
		require.NoError(t, err)
		require.NoError(t, os.WriteFile("example.hewn.json", out, 0o644))
		exampleJSON = out
	}
	p, err := Example()
	require.NoError(t, err)
	out, err := p.Bytes()
	require.NoError(t, err)
	assert.Equal(t, string(ExampleJSON()), string(out), "load then save of the example is byte-identical (go test ./projects -run TestExampleIsEncoderOutput -update)")
	for i, line := range strings.Split(string(out), "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), jsonfile.LayoutWidth+2, "line %d is long: %s", i+1, line)
	}
	assert.Less(t, strings.Count(string(out), "\n"), 160, "the example stays compact")
}

// TestSaveLoadSaveIsByteIdentical saves a project to a file, loads it and
// saves it again: the two files are identical.
func TestSaveLoadSaveIsByteIdentical(t *testing.T) {
	p, err := Example()
	require.NoError(t, err)
	path := t.TempDir() + "/x.hewn.json"
	require.NoError(t, p.Save(path))
	a, err := os.ReadFile(path)
	require.NoError(t, err)
	q, err := Load(path)
	require.NoError(t, err)
	require.NoError(t, q.Save(path))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))
}

// TestEncodeRoundTripProperty encodes generated projects (steps drawn from the
// example, random nesting, notes, disabled steps, themes, prefabs, settings),
// decodes and encodes them again: the bytes are stable and the project equal.
func TestEncodeRoundTripProperty(t *testing.T) {
	ex, err := Example()
	require.NoError(t, err)
	var pool []chain.Step
	for _, l := range ex.Levels {
		pool = append(pool, l.Chain.Steps...)
	}
	n := 300
	if testing.Short() {
		n = 50
	}
	for i := range n {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		p := genProject(rng, pool)
		a, err := p.Bytes()
		require.NoError(t, err)
		q, err := Decode(a)
		require.NoError(t, err, "project %d:\n%s", i, a)
		b, err := q.Bytes()
		require.NoError(t, err)
		require.Equal(t, string(a), string(b), "project %d: encode, decode, encode is stable", i)
		for _, l := range q.Levels {
			l.Chain.Name, l.Chain.Depth = "", 0
		}
		for _, l := range p.Levels {
			l.Chain.Name, l.Chain.Depth = "", 0
		}
		require.Equal(t, p.Levels, q.Levels, "project %d", i)
		require.Equal(t, p.Themes, q.Themes, "project %d", i)
		require.Equal(t, p.Prefabs, q.Prefabs, "project %d", i)
		require.Equal(t, p.Settings, q.Settings, "project %d", i)
	}
}

var genWords = []string{"orc", "camp", "the", "dragon's", `"lair"`, "☼", "a\\b", "<&>", "tab\there", "line\nbreak", "ünïcödé", "x"}

func genText(rng *rand.Rand, maxWords int) string {
	words := make([]string, 1+rng.IntN(maxWords))
	for i := range words {
		words[i] = genWords[rng.IntN(len(genWords))]
	}
	return strings.Join(words, " ")
}

func genSteps(rng *rand.Rand, pool []chain.Step, depth int) []chain.Step {
	steps := make([]chain.Step, rng.IntN(8))
	for i := range steps {
		s := pool[rng.IntN(len(pool))].Clone()
		if depth < 3 && rng.IntN(8) == 0 {
			s = chain.Step{Builder: "sub_chain", Params: map[string]any{
				"region": []string{"all", "left_half", "right_half", "center"}[rng.IntN(4)],
				"steps":  append([]chain.Step{{Builder: "bsp_dungeon"}}, genSteps(rng, pool, depth+1)...)}}
		}
		if rng.IntN(5) == 0 {
			s.Note = genText(rng, 12)
		}
		s.Disabled = rng.IntN(6) == 0
		steps[i] = s
	}
	return steps
}

func genProject(rng *rand.Rand, pool []chain.Step) *Project {
	p := &Project{Name: genText(rng, 3), Seed: rng.Uint64()}
	if rng.IntN(2) == 0 {
		p.Content = "packs/spawns.json"
	}
	for i := range rng.IntN(3) {
		th := chain.Theme{Name: fmt.Sprintf("theme%d", i), BoxWalls: rng.IntN(2) == 0, Tiles: map[string]chain.Look{}}
		for _, tile := range []string{"wall", "floor", "down_stairs", "gravel"}[:1+rng.IntN(4)] {
			th.Tiles[tile] = chain.Look{Glyph: []rune("#.>;☼♣")[rng.IntN(6)],
				FG: color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}, BG: color.RGBA{0, 0, 0, 255}}
		}
		p.Themes = append(p.Themes, th)
	}
	for i := range rng.IntN(3) {
		w, h := 3+rng.IntN(30), 1+rng.IntN(6)
		rows := make([]string, h)
		for r := range rows {
			row := make([]rune, w)
			for c := range row {
				row[c] = []rune("# ≈@>goOe^%!☼")[rng.IntN(13)]
			}
			rows[r] = string(row)
		}
		p.Prefabs = append(p.Prefabs, Prefab{Name: fmt.Sprintf("prefab%d", i), Template: rows})
	}
	for i := range 1 + rng.IntN(4) {
		l := Level{Depth: i + 1, Name: genText(rng, 4), Chain: &chain.Chain{Width: 8 + rng.IntN(200), Height: 8 + rng.IntN(100)}}
		l.Chain.Steps = genSteps(rng, pool, 0)
		if rng.IntN(3) == 0 {
			s := rng.Uint64()
			l.Seed = &s
		}
		if rng.IntN(3) == 0 {
			l.Theme = "town"
		}
		if rng.IntN(4) == 0 {
			l.Split = &ThemeSplit{Region: "right_half", Theme: "dungeon"}
		}
		p.Levels = append(p.Levels, l)
	}
	if rng.IntN(2) == 0 {
		p.Settings = Settings{CellSize: rng.IntN(30), ShowRooms: rng.IntN(2) == 0, PlayDelayMS: rng.IntN(1000)}
	}
	return p
}
