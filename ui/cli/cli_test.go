package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hewn runs the command line in-process and returns exit code, stdout and stderr.
func hewn(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	return p
}

const smallChain = `{"name":"small","depth":2,"width":40,"height":20,"steps":[{"builder":"simple_map","params":{"draw":true}}]}`

func TestRunASCIIAndJSON(t *testing.T) {
	f := writeFile(t, "c.json", smallChain)
	code, out, errs := hewn("run", f, "--seed", "5")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	assert.Len(t, lines, 20)
	assert.Equal(t, 40, len([]rune(lines[0])))

	code2, out2, _ := hewn("run", "--seed", "5", f)
	require.Equal(t, 0, code2)
	assert.Equal(t, out, out2, "flags before or after the file")

	code, js, _ := hewn("run", f, "--seed", "5", "--format", "json")
	require.Equal(t, 0, code)
	var lv struct {
		Name    string
		Depth   int
		Seed    uint64
		Width   int
		Tiles   []string
		Palette []struct{ Name, Glyph string }
		Rooms   []struct{ X, Y, W, H int }
	}
	require.NoError(t, json.Unmarshal([]byte(js), &lv))
	assert.Equal(t, "small", lv.Name)
	assert.Equal(t, 2, lv.Depth)
	assert.Equal(t, uint64(5), lv.Seed)
	assert.Len(t, lv.Tiles, 20)
	assert.NotEmpty(t, lv.Rooms)
	assert.NotEmpty(t, lv.Palette)

	_, other, _ := hewn("run", f, "--seed", "6")
	assert.NotEqual(t, out, other, "another seed, another map")
}

func TestRunOut(t *testing.T) {
	f := writeFile(t, "c.json", smallChain)
	outFile := filepath.Join(t.TempDir(), "level.json")
	code, out, errs := hewn("run", f, "--seed", "1", "--format", "json", "--out", outFile)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, out)
	data, err := os.ReadFile(outFile)
	require.NoError(t, err)
	assert.True(t, json.Valid(data))
}

func TestRunBadInput(t *testing.T) {
	cases := map[string]struct {
		chain string
		want  string
	}{
		"enum":    {`{"steps":[{"builder":"simple_map","params":{"max_rooms":"x"}}]}`, `steps[0].params.max_rooms: "x" is not a number`},
		"builder": {`{"steps":[{"builder":"bsp"}]}`, `steps[0].builder: unknown builder "bsp"`},
		"syntax":  {"{\n\"steps\": [,]}", "c.json:2:11: invalid character ','"},
		"size":    {`{"width":3,"steps":[]}`, "width: 3 is out of range"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			f := writeFile(t, "c.json", c.chain)
			code, out, errs := hewn("run", f, "--seed", "1")
			assert.Equal(t, 1, code)
			assert.Empty(t, out)
			assert.Contains(t, errs, c.want)
			assert.NotContains(t, errs, "goroutine")
		})
	}
	code, _, errs := hewn("run", filepath.Join(t.TempDir(), "missing.json"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "missing.json")
}

func TestUsageErrors(t *testing.T) {
	f := writeFile(t, "c.json", smallChain)
	for _, args := range [][]string{
		{"frobnicate"},
		{"run"},
		{"run", f, "--format", "bmp"},
		{"run", f, "--seed", "-3"},
		{"run", f, "--bogus"},
		{"project"},
		{"project", "new"},
	} {
		code, _, errs := hewn(args...)
		assert.Equal(t, 2, code, "%v: %s", args, errs)
	}
}

func TestProjectNewRunCheck(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "my.hewn.json")
	code, _, errs := hewn("project", "new", "My Dungeon", "--out", path)
	require.Equal(t, 0, code, errs)
	code, _, errs = hewn("project", "new", "My Dungeon", "--out", path)
	assert.Equal(t, 1, code, "never overwrites")
	assert.Contains(t, errs, "already exists")

	code, out, errs := hewn("project", "check", path)
	require.Equal(t, 0, code, errs+out)

	code, _, errs = hewn("run", path)
	assert.Equal(t, 2, code, "a project needs --depth")
	assert.Contains(t, errs, "--depth")
	code, _, errs = hewn("run", path, "--depth", "9")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "no level has depth 9")
	code, a, errs := hewn("run", path, "--depth", "1")
	require.Equal(t, 0, code, errs)
	_, b, _ := hewn("run", path, "--depth", "1", "--seed", "1")
	assert.Equal(t, a, b, "the starter project's seed is 1")

	bad := writeFile(t, "bad.hewn.json", `{"version":1,"name":"x","seed":1,"levels":[{"depth":1,"name":"a","theme":"nope","chain":{"steps":[{"builder":"room_drawer"}]}}]}`)
	code, out, errs = hewn("project", "check", bad)
	assert.Equal(t, 1, code)
	assert.Empty(t, out, "problems go to stderr")
	assert.Contains(t, errs, bad+`: levels[0].theme: unknown theme "nope"`)
	assert.Contains(t, errs, bad+": levels[0].chain.steps[0]: room_drawer is a meta builder and needs a map")
	code, _, errs = hewn("run", bad, "--depth", "1")
	assert.Equal(t, 1, code, "run refuses what project check rejects")
	assert.Contains(t, errs, bad+`: levels[0].theme: unknown theme "nope"`)
}

func TestRunImages(t *testing.T) {
	f := writeFile(t, "c.json", smallChain)
	code, png, errs := hewn("run", f, "--seed", "3", "--format", "png")
	require.Equal(t, 0, code, errs)
	assert.True(t, strings.HasPrefix(png, "\x89PNG\r\n"), "a PNG")
	_, png2, _ := hewn("run", f, "--seed", "3", "--format", "png")
	assert.Equal(t, png, png2, "byte-identical")
	code, gif, errs := hewn("run", f, "--seed", "3", "--format", "gif", "--cell", "8")
	require.Equal(t, 0, code, errs)
	assert.True(t, strings.HasPrefix(gif, "GIF89a"), "a GIF")
	code, _, _ = hewn("run", f, "--format", "png", "--cell", "2")
	assert.Equal(t, 2, code)
}

func TestRunExampleProjectWithContent(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "p.hewn.json")
	require.NoError(t, os.WriteFile(proj, []byte(`{"version":1,"name":"p","seed":9,"content":"pack.json","levels":[
	  {"depth":3,"name":"rooms","chain":{"width":40,"height":24,"steps":[{"builder":"simple_map","params":{"draw":true}},{"builder":"room_based_spawner"}]}}]}`), 0o644))
	pack := `{"mobs":[{"name":"Kobold","renderable":{"glyph":"k","fg":"#FF0000","bg":"#000000","order":1},"blocks_tile":true,"vision_range":4,"movement":"random","attributes":{}}],
	  "spawn_table":[{"name":"Kobold","weight":1,"min_depth":1,"max_depth":9}]}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "pack.json"), []byte(pack), 0o644))
	code, out, errs := hewn("run", proj, "--depth", "3", "--format", "json")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, `"name": "Kobold"`, "the project's own pack, a weight-1 entry")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "pack.json"), []byte(`{"spawn_table":[{"name":"Ghost","weight":-1,"min_depth":1,"max_depth":2}]}`), 0o644))
	code, _, errs = hewn("run", proj, "--depth", "3")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "spawn_table[0]")
}

func TestRunWarnsAboutPreconditions(t *testing.T) {
	f := writeFile(t, "c.json", `{"steps":[{"builder":"room_drawer"}]}`)
	code, _, errs := hewn("run", f)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "warning: "+f+": steps[0]: room_drawer is a meta builder and needs a map")
	assert.Contains(t, errs, "\n"+f+": steps[0] room_drawer: needs rooms, but there are none\n", "a run-time error starts with its file")
}

func TestBuilders(t *testing.T) {
	code, out, _ := hewn("builders")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "cellular_automata")
	assert.Contains(t, out, "sub_chain")
	code, out, _ = hewn("builders", "area_starting_position")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "x: enum (one of left, center, right; default center)")
	code, out, _ = hewn("builders", "place_spawn")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "name: entity (string; default Black Dragon)")
	code, out, _ = hewn("builders", "prefab")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "\n  name: prefab_name (string)\n")
	assert.Contains(t, out, "\n  template: template (string_list)\n")
	code, out, _ = hewn("builders", "sub_chain")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "region: region (enum; one of all, left_half, right_half, top_half, bottom_half, center; default right_half)")
	code, _, errs := hewn("builders", "nope")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, `unknown builder "nope"`)
}
