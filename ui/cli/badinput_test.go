package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
)

const badLevel = `{"depth":1,"name":"a","chain":{"width":20,"height":20,"steps":[{"builder":"simple_map"}]}}`

// badInput is one kind of bad file: how to make it in dir, and what the error
// must say after the file's name (a field or line:column and the reason).
type badInput struct {
	name string
	make func(t *testing.T, dir, file string) // writes file in dir (a project, chain or pack as the command wants)
	want string                               // after "FILE", e.g. ":1:9: duplicate key"
}

// badInputs are the kinds of bad input issue 14 lists; kind says what the
// file should hold when it is well formed ("chain", "project" or "pack").
func badInputs(kind string) []badInput {
	good := map[string]string{
		"chain":   `{"width":20,"height":20,"steps":[{"builder":"simple_map"}]}`,
		"project": `{"version":1,"name":"x","seed":1,"levels":[` + badLevel + `]}`,
		"pack":    `{"mobs":[]}`,
	}[kind]
	write := func(data []byte) func(t *testing.T, dir, file string) {
		return func(t *testing.T, dir, file string) {
			require.NoError(t, os.WriteFile(file, data, 0o644))
		}
	}
	// a duplicate key after the first key of the document
	dup := []byte(`{"name":"a","name":"b",` + good[1:])
	bigLimit := ": the file is 50.0 MiB; chain and project files are at most 16 MiB"
	bigData := append([]byte(`{"steps":[`), bytes.Repeat([]byte(" "), 50<<20)...)
	if kind == "pack" {
		bigData = append([]byte(`{"mobs": "`), bytes.Repeat([]byte("a"), 50<<20)...)
		bigLimit = ": the file is 50.0 MiB; content packs are at most 4 MiB"
	}
	return []badInput{
		{"invalid UTF-8", write([]byte("{\"name\":\"caf\xe9\"," + good[1:])), ":1:13: invalid UTF-8 (byte 0xE9 at byte offset 12)"},
		{"UTF-16", write([]byte("\xff\xfe{\x00}\x00")), ": the file is UTF-16 (little-endian)"},
		{"duplicate key", write(dup), `:1:13: duplicate key "name" in the top-level object`}, // packs too: one tree
		{"a directory", func(t *testing.T, dir, file string) { require.NoError(t, os.Mkdir(file, 0o755)) }, ": is a directory"},
		{"unreadable", func(t *testing.T, dir, file string) {
			if os.Geteuid() == 0 {
				t.Skip("root reads any file")
			}
			require.NoError(t, os.WriteFile(file, []byte(good), 0o000))
		}, ": permission denied"},
		{"symlink loop", func(t *testing.T, dir, file string) {
			require.NoError(t, os.Symlink(file+".b", file))
			require.NoError(t, os.Symlink(file, file+".b"))
		}, ": too many levels of symbolic links"},
		{"100,000 nested brackets", write(bytes.Repeat([]byte("["), 100_000)), ":1:257: brackets nest deeper than 256 levels"},
		{"a 50 MB file", write(bigData), bigLimit},
	}
}

// TestBadInputEveryCommand: every subcommand that reads a file answers each
// kind of bad input with exit 1 and a message that names the file and the
// field or line:column, never a stack trace.
func TestBadInputEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 50 MB files")
	}
	commands := []struct {
		kind string
		args []string
	}{
		{"chain", []string{"run", "--seed", "1"}},
		{"project", []string{"run", "--depth", "1"}},
		{"project", []string{"project", "check"}},
		{"chain", []string{"stats", "--seeds", "1"}},
		{"chain", []string{"tune", "--axes", "rooms,exits", "--budget", "1"}},
		{"project", []string{"play", "--depth", "1", "--keys", "."}},
		{"project", []string{"export", "tiled", "--depth", "1", "--seed", "1", "--out", "OUT"}},
		{"pack", []string{"content", "check"}},
		{"pack", []string{"run", "--seed", "1", "--content"}},
	}
	for _, c := range commands {
		for _, in := range badInputs(c.kind) {
			t.Run(strings.Join(c.args[:2], " ")+"/"+c.kind+"/"+in.name, func(t *testing.T) {
				dir := t.TempDir()
				file := filepath.Join(dir, "in.json")
				in.make(t, dir, file)
				args := append([]string{}, c.args...)
				for i, a := range args {
					if a == "OUT" {
						args[i] = filepath.Join(dir, "out.tmj")
					}
				}
				args = append(args, file)
				if args[len(args)-2] == "--content" { // the pack is the flag's value; run a good chain
					args = append(args, writeFile(t, "c.json", badInputsChain))
				}
				code, out, errs := hewn(args...)
				assert.Equal(t, 1, code, out+errs)
				assert.Contains(t, errs, file+in.want)
				for _, trace := range []string{"goroutine", "panic", "internal error"} {
					assert.NotContains(t, out+errs, trace)
				}
				_, err := os.Stat(filepath.Join(dir, "out.tmj"))
				assert.True(t, os.IsNotExist(err), "nothing written")
			})
		}
	}
}

const badInputsChain = `{"width":20,"height":20,"steps":[{"builder":"simple_map"}]}`

// A UTF-8 byte-order mark is fine in chains, projects and packs.
func TestByteOrderMarkIsAccepted(t *testing.T) {
	bom := "\xef\xbb\xbf"
	chain := writeFile(t, "c.json", bom+badInputsChain)
	code, _, errs := hewn("run", chain, "--seed", "1")
	assert.Equal(t, 0, code, errs)
	proj := writeFile(t, "p.hewn.json", bom+`{"version":1,"name":"x","seed":1,"levels":[`+badLevel+`]}`)
	code, _, errs = hewn("run", proj, "--depth", "1")
	assert.Equal(t, 0, code, errs)
	code, _, errs = hewn("project", "check", proj)
	assert.Equal(t, 0, code, errs)
	pack := writeFile(t, "pack.json", bom+`{"mobs":[]}`)
	code, _, errs = hewn("content", "check", pack)
	assert.Equal(t, 0, code, errs)
}

// Numbers too large for their field are refused naming the field, in chains,
// projects and packs.
func TestNumbersOutOfRangeNameTheField(t *testing.T) {
	cases := []struct {
		args []string
		data string
		want string
	}{
		{[]string{"run", "--seed", "1"}, `{"depth":9223372036854775808,"width":20,"height":20,"steps":[{"builder":"simple_map"}]}`,
			`: depth: 9223372036854775808 is not an integer`},
		{[]string{"run", "--seed", "1"}, `{"width":20,"height":20,"steps":[{"builder":"cellular_automata","params":{"wall_percent":1e400}}]}`,
			`: steps[0].params.wall_percent: 1e400 is not`},
		{[]string{"project", "check"}, `{"version":1,"name":"x","seed":18446744073709551616,"levels":[` + badLevel + `]}`,
			`: seed: 18446744073709551616 is not a non-negative integer seed`},
		{[]string{"content", "check"}, `{"spawn_table":[{"name":"Goblin","weight":99999999999999999999999999,"min_depth":0,"max_depth":9223372036854775808}]}`,
			`: spawn_table[0].weight: 99999999999999999999999999 is out of range`},
		{[]string{"content", "check"}, `{"spawn_table":[{"name":"Goblin","weight":1e400,"min_depth":0,"max_depth":9223372036854775808}]}`,
			`: spawn_table[0].max_depth: 9223372036854775808 is out of range`},
		{[]string{"content", "check"}, `{"spawn_table":[{"name":"Goblin","weight":1e400,"min_depth":0,"max_depth":3}]}`,
			`: spawn_table[0].weight: 1e400 is out of range`},
	}
	for _, c := range cases {
		f := writeFile(t, "in.json", c.data)
		code, out, errs := hewn(append(c.args, f)...)
		assert.Equal(t, 1, code, out+errs)
		assert.Contains(t, errs, f+c.want)
	}
}

// A file with thousands of problems lists the first jsonfile.MaxProblems and a count.
func TestManyProblemsAreCapped(t *testing.T) {
	steps := strings.Repeat(`{"builder":"nope"},`, 5000)
	f := writeFile(t, "c.json", `{"width":20,"height":20,"steps":[`+strings.TrimSuffix(steps, ",")+`]}`)
	code, _, errs := hewn("run", f, "--seed", "1")
	assert.Equal(t, 1, code)
	lines := strings.Split(strings.TrimSpace(errs), "\n")
	assert.Len(t, lines, jsonfile.MaxProblems+1)
	assert.Equal(t, f+": and 4900 more problems", lines[100], "issue 26 point 11: the first 100 and a count")

	long := strings.Repeat(`{"builder":"simple_map"},`, 10_001)
	f = writeFile(t, "c.json", `{"width":20,"height":20,"steps":[`+strings.TrimSuffix(long, ",")+`]}`)
	code, _, errs = hewn("run", f, "--seed", "1")
	assert.Equal(t, 1, code)
	assert.Equal(t, f+": steps: 10001 steps; a step list holds at most 10000\n", errs)
}

// project check prints problems on stderr, each with the file; warnings too.
func TestProjectCheckPrintsProblemsOnStderr(t *testing.T) {
	f := writeFile(t, "p.hewn.json", `{"version":1,"name":"x","seed":1,"prefabs":[{"name":"p","template":["#x#"]}],"levels":[`+
		`{"depth":1,"name":"a","theme":"nope","chain":{"width":20,"height":20,"steps":[]}}]}`)
	code, out, errs := hewn("project", "check", f)
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	for _, line := range strings.Split(strings.TrimSpace(errs), "\n") {
		assert.Contains(t, line, f+": ", "every line names the file")
	}
	assert.Contains(t, errs, f+`: levels[0].theme: unknown theme "nope"`)
	assert.Contains(t, errs, f+`: prefabs[0].template: template row 1, column 2: unknown character "x"`)
	assert.Contains(t, errs, "warning: "+f+": levels[0].chain.steps: empty: the map stays solid rock")
	assert.NotContains(t, errs, "content: content:")
}

// hewn run, play, stats and export refuse a project that project check rejects.
func TestRunGivesProjectChecksVerdict(t *testing.T) {
	f := writeFile(t, "p.hewn.json", `{"version":1,"name":"x","seed":1,"levels":[`+
		`{"depth":1,"name":"a","theme":"nope","chain":{"width":20,"height":20,"steps":[{"builder":"simple_map"}]}},`+
		`{"depth":2,"name":"b","chain":{"width":20,"height":20,"steps":[{"builder":"simple_map"},{"builder":"place_spawn","params":{"name":"Unicorn"}}]}}]}`)
	for _, args := range [][]string{
		{"project", "check", f},
		{"run", f, "--depth", "2"},
		{"play", f, "--depth", "2", "--keys", "."},
		{"stats", f, "--depth", "2", "--seeds", "1"},
		{"export", "tiled", f, "--depth", "2", "--seed", "1", "--out", filepath.Join(t.TempDir(), "x.tmj")},
	} {
		code, _, errs := hewn(args...)
		assert.Equal(t, 1, code, args)
		assert.Contains(t, errs, f+`: levels[0].theme: unknown theme "nope"`, args)
	}
	// once the theme is fixed, the entity the default pack lacks is the verdict
	g := writeFile(t, "p.hewn.json", `{"version":1,"name":"x","seed":1,"levels":[`+
		`{"depth":2,"name":"b","chain":{"width":20,"height":20,"steps":[{"builder":"simple_map"},{"builder":"place_spawn","params":{"name":"Unicorn"}}]}}]}`)
	for _, args := range [][]string{{"project", "check", g}, {"run", g, "--depth", "2"}} {
		code, _, errs := hewn(args...)
		assert.Equal(t, 1, code, args)
		assert.Contains(t, errs, g+`: levels[0].chain.steps[1].params.name: "Unicorn" is not an entity of the content pack`, args)
	}
}

// Suspicious but valid chains warn and still run.
func TestChainWarnings(t *testing.T) {
	f := writeFile(t, "c.json", `{"width":20,"height":20,"steps":[{"builder":"simple_map"},`+
		`{"builder":"prefab","params":{"mode":"sectional","x":75,"template":[]}}]}`)
	code, _, errs := hewn("run", f, "--seed", "1")
	assert.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "warning: "+f+": steps[1].params.template: empty, so the step uses orc_camp")
	assert.Contains(t, errs, "warning: "+f+": steps[1].params.x: 75 puts the 12-tile section past the map's right edge (the map is 20 wide): it is stamped at 8 instead")
}
