package projects

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
)

var updateConformance = flag.Bool("update-conformance", false, "rewrite testdata/conformance.json from the native runs")

// ConformanceFile is the conformance corpus, from the repository's root.
const conformanceFile = "testdata/conformance.json"

// conformance is the corpus: the SHA-256 of the level JSON of (file, depth,
// master seed), files named from the repository's root.
type conformance struct {
	About string            `json:"about"`
	Cases []conformanceCase `json:"cases"`
}

type conformanceCase struct {
	File   string `json:"file"`
	Depth  int    `json:"depth"`
	Seed   uint64 `json:"seed"`
	SHA256 string `json:"sha256"`
}

// TestConformanceCorpus checks every case of testdata/conformance.json natively
// (Generator on the files from disk): the level JSON's SHA-256 is the case's.
// The runtime module (projects/module) and `hewn run` (ui/cli) check the
// same corpus. -update-conformance rewrites it (only when a change of the
// levels is meant: every port of the runtime checks against it).
func TestConformanceCorpus(t *testing.T) {
	root := os.DirFS("..")
	if *updateConformance {
		writeConformance(t)
	}
	data, err := os.ReadFile(conformanceFile)
	require.NoError(t, err)
	var c conformance
	require.NoError(t, json.Unmarshal(data, &c))
	require.GreaterOrEqual(t, len(c.Cases), 50)
	gens := map[string]*Generator{}
	for _, k := range c.Cases {
		g := gens[k.File]
		if g == nil {
			g, err = NewGenerator(root, k.File)
			require.NoError(t, err)
			gens[k.File] = g
		}
		b, err := g.LevelJSON(context.Background(), k.Depth, k.Seed)
		require.NoError(t, err, "%s depth %d seed %d", k.File, k.Depth, k.Seed)
		sum := sha256.Sum256(b)
		require.Equal(t, k.SHA256, hex.EncodeToString(sum[:]), "%s depth %d seed %d", k.File, k.Depth, k.Seed)
	}
}

// writeConformance writes the corpus: every example depth and every depth of
// the runtime fixture projects (cavern: its own pack, themes and prefab;
// accept: acceptance rules that re-roll) over three seeds (the largest
// included), and
// every builder golden chain at its own depth.
func writeConformance(t *testing.T) {
	c := conformance{About: "Hewn's runtime conformance corpus: for each case, the SHA-256 (hex) of the level JSON " +
		"that `hewn run FILE --depth DEPTH --seed SEED --format json` prints; files are named from the repository's " +
		"root. A port of the runtime must give every hash. See README, Using Hewn levels in your game."}
	root := os.DirFS("..")
	add := func(file string, depth int, seed uint64) {
		g, err := NewGenerator(root, file)
		require.NoError(t, err)
		b, err := g.LevelJSON(context.Background(), depth, seed)
		require.NoError(t, err)
		sum := sha256.Sum256(b)
		c.Cases = append(c.Cases, conformanceCase{file, depth, seed, hex.EncodeToString(sum[:])})
	}
	for _, file := range []string{"projects/example.hewn.json", "projects/testdata/runtime/cavern.hewn.json",
		"projects/testdata/runtime/accept.hewn.json"} {
		g, err := NewGenerator(root, file)
		require.NoError(t, err)
		for _, l := range g.Levels() {
			for _, seed := range []uint64{1, 42, 18446744073709551615} {
				add(file, l.Depth, seed)
			}
		}
	}
	chains, err := filepath.Glob("../chain/builders/testdata/chains/*.json")
	require.NoError(t, err)
	for _, p := range chains {
		file := filepath.ToSlash(p[len("../"):])
		g, err := NewGenerator(root, file)
		require.NoError(t, err)
		add(file, g.Levels()[0].Depth, 7)
	}
	b, err := jsonfile.Layout(c)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(conformanceFile, b, 0o644))
}
