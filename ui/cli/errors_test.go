package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const okLevel = `{"depth":1,"name":"a","chain":{"width":40,"height":20,"steps":[{"builder":"simple_map"}]}}`

// TestErrorFormatEveryLoader: every loader (chain, project, content pack,
// theme, prefab) reports through the command line "FILE:LINE:COL: message" for
// malformed JSON and "FILE: json.path: message" for a field error, quoting the
// offending value; a project's content pack's errors name the pack's file.
func TestErrorFormatEveryLoader(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(data), 0o644))
		return p
	}
	badPack := write("badpack.json", `{"faction_table":[{"name":"a","responses":{}},{"name":"b","responses":{"Default":"hug"}}]}`)
	brokenPack := write("brokenpack.json", "{\n  \"mobs\": [,]\n}")
	project := func(extra string) string {
		return `{"version":1,"name":"x","seed":1,` + extra + `"levels":[` + okLevel + `]}`
	}
	cases := []struct {
		name, file, data string
		args             []string
		want             string // the first line of stderr, exactly
	}{
		{"chain syntax", "c.json", "{\"steps\": [\n  {\"builder\": \"simple_map\"},\n]}", []string{"run", "--seed", "1"},
			"c.json:3:1: invalid character ']' looking for beginning of value"},
		{"chain field", "c.json", `{"steps":[{"builder":"simple_map"},{"builder":"area_starting_position","params":{"x":"middle"}}]}`, []string{"run"},
			`c.json: steps[1].params.x: "middle" is not one of left, center, right`},
		{"project syntax", "p.hewn.json", "{\"version\": 1,\n  \"levels\": [}", []string{"project", "check"},
			"p.hewn.json:2:14: invalid character '}' looking for beginning of value"},
		{"project syntax (run)", "p.hewn.json", "{\"version\": 1,\n  \"levels\": [}", []string{"run", "--depth", "1"},
			"p.hewn.json:2:14: invalid character '}' looking for beginning of value"},
		{"project field", "p.hewn.json", `{"version":1,"levels":[{"depth":1,"name":"a","chain":{"steps":[{"builder":"bogus"}]}}]}`, []string{"project", "check"},
			`p.hewn.json: levels[0].chain.steps[0].builder: unknown builder "bogus"`},
		{"project field (run)", "p.hewn.json", `{"version":1,"levels":[{"depth":"one","name":"a","chain":{"steps":[]}}]}`, []string{"run", "--depth", "1"},
			`p.hewn.json: levels[0].depth: "one" is not an integer depth`},
		{"theme field", "p.hewn.json", project(`"themes":[{"name":"t","tiles":{"wall":{"glyph":"##","fg":"#000000","bg":"#000000"}}}],`), []string{"project", "check"},
			`p.hewn.json: themes[0].tiles.wall.glyph: "##" is not exactly one character`},
		{"theme tile", "p.hewn.json", project(`"themes":[{"name":"t","tiles":{"lava":{"glyph":"~","fg":"#FF0000","bg":"#000000"}}}],`), []string{"project", "check"},
			`p.hewn.json: themes[0].tiles.lava: unknown tile "lava" (want wall, floor,`},
		{"prefab field", "p.hewn.json", project(`"prefabs":[{"name":"p","template":["###",7]}],`), []string{"project", "check"},
			`p.hewn.json: prefabs[0].template[1]: 7 is not a string`},
		{"prefab legend", "p.hewn.json", project(`"prefabs":[{"name":"p","template":["###","#x#"]}],`), []string{"project", "check"},
			`p.hewn.json: prefabs[0].template: template row 2, column 2: unknown character "x"`},
		{"content syntax", "", "", []string{"content", "check", brokenPack},
			brokenPack + ":2:12: unexpected ',' (want a value)"},
		{"content field", "", "", []string{"content", "check", badPack},
			badPack + `: faction_table[1].responses.Default: unknown response "hug" (want attack, ignore or flee)`},
		{"content field (run)", "c.json", `{"steps":[{"builder":"simple_map"}]}`, []string{"run", "--content", badPack},
			badPack + `: faction_table[1].responses.Default: unknown response "hug" (want attack, ignore or flee)`},
		{"project's pack field", "p.hewn.json", project(`"content":"badpack.json",`), []string{"project", "check"},
			badPack + `: faction_table[1].responses.Default: unknown response "hug" (want attack, ignore or flee)`},
		{"project's pack field (run)", "p.hewn.json", project(`"content":"badpack.json",`), []string{"run", "--depth", "1"},
			badPack + `: faction_table[1].responses.Default: unknown response "hug" (want attack, ignore or flee)`},
		{"project's pack syntax (run)", "p.hewn.json", project(`"content":"brokenpack.json",`), []string{"run", "--depth", "1"},
			brokenPack + ":2:12: unexpected ',' (want a value)"},
		{"missing file", "", "", []string{"run", filepath.Join(dir, "nope.json")},
			filepath.Join(dir, "nope.json") + ": no such file or directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := c.args
			if c.file != "" {
				args = append(args, write(c.file, c.data))
			}
			code, out, errs := hewn(args...)
			assert.Equal(t, 1, code, out+errs)
			all := strings.TrimSpace(out + errs)
			first, _, _ := strings.Cut(all, "\n")
			want := c.want
			if c.file != "" && !filepath.IsAbs(want) {
				want = filepath.Join(dir, want)
			}
			assert.True(t, strings.HasPrefix(first, want), "got  %q\nwant %q", first, want)
		})
	}
}

// A file that is neither a chain nor a project gets one verdict from every
// command that tells them apart (projects.Sniff, which the editor's Open
// uses too), naming both keys.
func TestNeitherChainNorProject(t *testing.T) {
	f := writeFile(t, "x.json", `{"name":"x"}`)
	want := f + `: neither "levels" nor "steps": a project needs a list of levels, a chain a list of steps` + "\n"
	for _, args := range [][]string{
		{"run", f, "--seed", "1"},
		{"run", f, "--depth", "1"},
		{"play", f, "--seed", "1", "--keys", "."},
		{"stats", f, "--seeds", "1"},
		{"stats", f, "--bot", "explorer", "--seeds", "1"},
		{"export", "tiled", f, "--seed", "1", "--out", filepath.Join(t.TempDir(), "x.tmj")},
	} {
		code, out, errs := hewn(args...)
		assert.Equal(t, 1, code, args)
		assert.Empty(t, out, args)
		assert.Equal(t, want, errs, args)
	}
}
