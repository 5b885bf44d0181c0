package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
	"hewn/projects/schemas"
)

// The schemas are checked with a complete JSON Schema validator here, in the
// tests only (issue 25: the validator is heavy to initialise, so the binary
// does not link it).

const repoRoot = "../.."

var compiled = sync.OnceValues(func() (map[string]*sjs.Schema, error) {
	out := map[string]*sjs.Schema{}
	c := sjs.NewCompiler() // checks every schema against the 2020-12 metaschema
	for _, k := range schemas.Names() {
		b, err := schemas.Schema(k)
		if err != nil {
			return nil, err
		}
		doc, err := sjs.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		id := "mem://" + k + ".json"
		if err := c.AddResource(id, doc); err != nil {
			return nil, err
		}
		if out[k], err = c.Compile(id); err != nil {
			return nil, err
		}
	}
	return out, nil
})

// valid checks doc against the schema of kind, naming what in the error.
func valid(t *testing.T, kind, what string, doc []byte) {
	t.Helper()
	require.NoError(t, validate(t, kind, doc), "%s (%s)", what, kind)
}

func validate(t *testing.T, kind string, doc []byte) error {
	t.Helper()
	ss, err := compiled()
	require.NoError(t, err)
	require.Contains(t, ss, kind)
	v, err := sjs.UnmarshalJSON(bytes.NewReader(doc))
	require.NoError(t, err)
	return ss[kind].Validate(v)
}

// kindOf tells a file's kind: its "format", else its keys.
func kindOf(t *testing.T, path string, data []byte) string {
	var top map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &top), path)
	var f string
	if json.Unmarshal(top[jsonfile.FormatKey], &f) == nil && f != "" {
		k, _, ok := jsonfile.ParseFormat(f)
		require.True(t, ok, "%s: format %q", path, f)
		return k
	}
	has := func(k string) bool { _, ok := top[k]; return ok }
	switch {
	case has("levels"):
		return "project"
	case has("steps"):
		return "chain"
	case has("spawn_table") || has("items") || has("mobs") || has("props"):
		return "content"
	case has("cases") && strings.HasSuffix(path, "conformance.json"):
		return "" // the conformance corpus: its cases are checked below
	}
	t.Fatalf("%s: what kind of document is it? (give it a \"format\")", path)
	return ""
}

// TestEveryRepositoryFileMeetsItsSchema: every JSON file of the repository
// (examples, testdata, tutorial chains, fixtures) meets the schema of its kind.
func TestEveryRepositoryFileMeetsItsSchema(t *testing.T) {
	kinds := map[string]int{}
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != repoRoot || d.Name() == "fuzz" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".json") {
			return nil
		}
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		if k := kindOf(t, path, data); k != "" {
			valid(t, k, path, data)
			kinds[k]++
		}
		return nil
	})
	require.NoError(t, err)
	t.Logf("files by kind: %v", kinds)
	assert.GreaterOrEqual(t, kinds["chain"], 60, "builder test chains and the tutorial's")
	assert.GreaterOrEqual(t, kinds["project"], 3)
	assert.GreaterOrEqual(t, kinds["content"], 4)
}

// The level JSON (and the view) of every case of the conformance corpus (every
// example depth, the runtime fixtures' depths, every builder test chain)
// meets the level schema.
func TestEveryConformanceLevelMeetsTheLevelSchema(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "projects/testdata/conformance.json"))
	require.NoError(t, err)
	var corpus struct {
		Cases []struct {
			File  string `json:"file"`
			Depth int    `json:"depth"`
			Seed  uint64 `json:"seed"`
		} `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &corpus))
	gens := map[string]*projects.Generator{}
	depths := map[string]bool{}
	for _, c := range corpus.Cases {
		key := fmt.Sprintf("%s#%d", c.File, c.Depth)
		if depths[key] {
			continue // one seed per level is enough here
		}
		depths[key] = true
		g := gens[c.File]
		if g == nil {
			g, err = projects.NewGenerator(os.DirFS(repoRoot), c.File)
			require.NoError(t, err)
			gens[c.File] = g
		}
		lv, err := g.Generate(context.Background(), c.Depth, c.Seed)
		require.NoError(t, err)
		b, err := lv.JSON()
		require.NoError(t, err)
		valid(t, "level", c.File, b)
		v, err := json.Marshal(lv.View())
		require.NoError(t, err)
		valid(t, "view", c.File, v)
	}
	p, err := projects.Example()
	require.NoError(t, err)
	for _, l := range p.Levels {
		assert.True(t, depths[fmt.Sprintf("projects/example.hewn.json#%d", l.Depth)], "example depth %d", l.Depth)
	}
}

// Every document the command line writes meets its schema.
func TestEveryCommandOutputMeetsItsSchema(t *testing.T) {
	dir := t.TempDir()
	rooms := writeFile(t, "rooms.json", roomsChainJSON)
	run := func(args ...string) string {
		t.Helper()
		code, out, errs := hewn(args...)
		require.Equal(t, 0, code, "%v: %s", args, errs)
		return out
	}
	valid(t, "level", "run --format json", []byte(run("run", rooms, "--seed", "3", "--format", "json")))
	valid(t, "project", "project new", []byte(run("project", "new", "Cave", "--out", "-")))
	valid(t, "play", "play --keys", []byte(run("play", exampleProject, "--depth", "3", "--seed", "7", "--keys", "hjkl.g>")))
	valid(t, "play", "play --bot", []byte(run("play", exampleProject, "--depth", "1", "--seed", "5", "--bot", "diver", "--max-turns", "300")))
	valid(t, "stats", "stats", []byte(run("stats", rooms, "--seeds", "12")))
	shard := filepath.Join(dir, "s0.json")
	run("stats", rooms, "--seeds", "12", "--shard", "0/2", "--out", shard)
	b, err := os.ReadFile(shard)
	require.NoError(t, err)
	valid(t, "stats", "a stats shard", b)
	valid(t, "balance", "stats --bot", []byte(run("stats", exampleProject, "--bot", "explorer", "--depths", "1-2", "--seeds", "2", "--max-turns", "300")))
	valid(t, "tune", "tune", []byte(run(append([]string{"tune", rooms, "--budget", "12"}, tuneArgs...)...)))
	valid(t, "sensitivity", "tune --sensitivity", []byte(run("tune", rooms, "--sensitivity", "--vary", "steps[0].params.tries=5..240",
		"--points", "3", "--seeds", "2", "--metrics", "rooms,path_length")))
	valid(t, "odds", "content odds", []byte(run("content", "odds", "default", "--depth", "3")))
	valid(t, "content", "content export", []byte(run("content", "export", "default")))
	valid(t, "chain", "a chain as Encode writes it", chainBytes(t, roomsChainJSON))

	// a play session, as the editor saves it
	p, err := projects.Example()
	require.NoError(t, err)
	g, err := play.New(p, nil, 9, 1)
	require.NoError(t, err)
	require.NoError(t, g.KeysString("hjkl"))
	g.SetCheats(play.Cheats{Invulnerable: true})
	require.NoError(t, g.KeysString(".."))
	s, err := play.MarshalSession(g.Session())
	require.NoError(t, err)
	valid(t, "session", "a saved session", s)
	valid(t, "content", "the default pack", content.DefaultJSON())
}

func chainBytes(t *testing.T, src string) []byte {
	c, err := chain.Decode(strings.NewReader(src))
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, c.Encode(&b))
	return b.Bytes()
}

// Older documents Hewn still reads meet the schemas too; newer versions and
// documents of another kind do not; a chain's parameters are typed by their
// builder's descriptors.
func TestSchemasTakeOlderVersionsAndRefuseNewer(t *testing.T) {
	level := `"depth": 1, "name": "a", "seed": null, "chain": {"width": 20, "height": 20, "steps": [{"builder": "simple_map"}]}`
	for _, c := range []struct {
		kind, doc string
		ok        bool
	}{
		{"project", `{"format": "hewn.project/2", "name": "p", "seed": 1, "levels": [{` + level + `}]}`, true},
		{"project", `{"version": 1, "name": "p", "seed": 1, "levels": [{` + level + `}]}`, true},
		{"project", `{"name": "p", "master_seed": 1, "levels": [{"depth": 1, "name": "a", "width": 20, "height": 20, "steps": []}]}`, true},
		{"project", `{"format": "hewn.project/3", "levels": []}`, false},
		{"project", `{"format": "hewn.project/2", "version": 1, "levels": []}`, false},
		{"project", `{"version": 1, "master_seed": 1, "levels": []}`, false},
		{"project", `{"version": 2, "levels": []}`, false},
		{"project", `{"format": "hewn.project/2", "levels": [{"depth": 1, "name": "a", "width": 20, "steps": []}]}`, false},
		{"chain", `{"steps": [{"builder": "cellular_automata", "params": {"iterations": 3}}]}`, true},
		{"chain", `{"format": "hewn.chain/1", "steps": [{"builder": "sub_chain", "params": {"region": "right_half", "steps": [{"builder": "bsp_dungeon"}]}}]}`, true},
		{"chain", `{"format": "hewn.chain/2", "steps": []}`, false},
		{"chain", `{"steps": [{"builder": "no_such_builder"}]}`, false},
		{"chain", `{"steps": [{"builder": "area_starting_position", "params": {"x": "middle"}}]}`, false},
		{"chain", `{"steps": [{"builder": "cellular_automata", "params": {"oops": 1}}]}`, false},
		{"chain", `{"steps": [{"builder": "sub_chain", "params": {"steps": [{"builder": "room_sorter", "params": {"sort": "up"}}]}}]}`, false},
		{"chain", `{"width": 5, "steps": []}`, false},
		{"session", `{"version": 1, "seed": 3, "depth": 1, "start_depth": 1, "keys": "hj"}`, true},
		{"session", `{"format": "hewn.session/1", "seed": 3, "depth": 1, "start_depth": 1, "keys": "hj"}`, true},
		{"session", `{"format": "hewn.session/2", "keys": ""}`, false},
		{"session", `{"keys": ""}`, false},
		{"stats", `{"target": "x", "depth": 1, "from": 0, "seeds": 2, "samples": [{"seed": 0, "metrics": {"rooms": 1}}, {"seed": 1, "error": "boom"}]}`, true},
		{"stats", `{"format": "hewn.stats/3"}`, false},
		{"stats", `{"format": "hewn.stats/2", "samples": []}`, false},
		{"level", `{"name": "old", "depth": 1, "seed": 1, "width": 8, "height": 8, "palette": [], "tiles": [], "start": null, "exits": [], "rooms": [], "spawns": []}`, true},
		{"level", `{"format": "hewn.level/2", "name": "new", "depth": 1, "seed": 1, "width": 8, "height": 8, "palette": [], "tiles": [], "start": null, "exits": [], "rooms": [], "spawns": []}`, false},
		{"tune", `{"target": "x"}`, false},
	} {
		err := validate(t, c.kind, []byte(c.doc))
		if c.ok {
			assert.NoError(t, err, "%s: %s", c.kind, c.doc)
		} else {
			assert.Error(t, err, "%s: %s", c.kind, c.doc)
		}
	}
}
