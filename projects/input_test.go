package projects

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hewn/chain/jsonfile"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const tinyProject = `{"version":1,"name":"x","seed":1,"levels":[{"depth":1,"name":"a","chain":{"width":20,"height":20,"steps":[{"builder":"simple_map"}]}}]}`

// ReadFile refuses a file over 16 MiB by its size, before reading it, and a directory.
func TestReadFileLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.hewn.json")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(50<<20)) // sparse: nothing to read fast, were it read
	require.NoError(t, f.Close())
	_, err = ReadFile(big)
	require.Error(t, err)
	assert.Equal(t, big+": the file is 50 MiB; chain and project files are at most 16 MiB", err.Error())
	_, _, err = Open(big)
	assert.EqualError(t, err, big+": the file is 50 MiB; chain and project files are at most 16 MiB")

	_, err = Load(dir)
	assert.EqualError(t, err, dir+": is a directory, not a chain or project file")
	_, err = Load(filepath.Join(dir, "missing.json"))
	assert.EqualError(t, err, filepath.Join(dir, "missing.json")+": no such file or directory")
}

func TestDecodeInputChecks(t *testing.T) {
	p, err := Decode([]byte("\xef\xbb\xbf" + tinyProject))
	require.NoError(t, err, "a UTF-8 byte-order mark is fine")
	assert.Equal(t, "x", p.Name)

	_, err = Decode([]byte(strings.Replace(tinyProject, `"seed":1,`, `"seed":1,"seed":2,`, 1)))
	assert.EqualError(t, jsonfile.WithFile("p.hewn.json", err), `p.hewn.json:1:34: duplicate key "seed" in the top-level object`)
	_, err = Decode([]byte(strings.Replace(tinyProject, `"width":20,`, `"width":20,"width":20,`, 1)))
	assert.EqualError(t, jsonfile.WithFile("p.hewn.json", err), `p.hewn.json:1:86: duplicate key "width" in levels[0].chain`)
	_, err = Decode([]byte(strings.Replace(tinyProject, `"x"`, "\"x\xff\"", 1)))
	assert.EqualError(t, jsonfile.WithFile("p.hewn.json", err), "p.hewn.json:1:23: invalid UTF-8 (byte 0xFF at byte offset 22); save the file as UTF-8")
	_, err = Decode([]byte("\xff\xfe{\x00}\x00"))
	assert.EqualError(t, jsonfile.WithFile("p.hewn.json", err), "p.hewn.json: the file is UTF-16 (little-endian); Hewn reads UTF-8 JSON (save it as UTF-8)")

	levels := strings.Repeat(`{"depth":"x","chain":{"steps":[]}},`, 500)
	_, err = Decode([]byte(`{"version":1,"levels":[` + strings.TrimSuffix(levels, ",") + `]}`))
	msg := jsonfile.WithFile("p.hewn.json", err).Error()
	lines := strings.Split(msg, "\n")
	assert.Len(t, lines, jsonfile.MaxProblems+1)
	assert.Equal(t, "p.hewn.json: and 400 more problems", lines[len(lines)-1])
}

// A chain file with a byte-order mark opens as a chain, not as a project.
func TestOpenChainWithByteOrderMark(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.json")
	require.NoError(t, os.WriteFile(path, []byte("\xef\xbb\xbf"+`{"width":20,"height":20,"steps":[{"builder":"simple_map"}]}`), 0o644))
	p, isChain, err := Open(path)
	require.NoError(t, err)
	assert.True(t, isChain)
	assert.Equal(t, "c", p.Name)
}

// Check passes chain.Check's warnings on as warnings.
func TestCheckKeepsChainWarningsWarnings(t *testing.T) {
	p, err := Decode([]byte(strings.Replace(tinyProject, `[{"builder":"simple_map"}]`, `[]`, 1)))
	require.NoError(t, err)
	errs, warns := p.Check()
	assert.Empty(t, errs)
	assert.Equal(t, []string{"levels[0].chain.steps: empty: the map stays solid rock"}, warns)
}

// Sniff is the one chain-or-project verdict: "levels" makes a project, else
// "steps" a chain; neither is one error naming both keys.
func TestSniff(t *testing.T) {
	for in, want := range map[string]Kind{
		`{"levels": []}`:                   KindProject,
		`{"steps": []}`:                    KindChain,
		`{"steps": [], "levels": []}`:      KindProject,
		"\xef\xbb\xbf" + `{"steps": []}`:   KindChain,
		`{"version": 1, "levels": "nope"}`: KindProject,
		`{"format": "hewn.chain/1"}`:       KindChain,
		`{"format": "hewn.project/9"}`:     KindProject,
		`{"format": "x", "steps": []}`:     KindChain,
	} {
		k, err := Sniff([]byte(in))
		require.NoError(t, err, in)
		assert.Equal(t, want, k, in)
	}
	for in, want := range map[string]string{
		`{"name": "x"}`:      `neither "levels" nor "steps": a project needs a list of levels, a chain a list of steps`,
		`null`:               `a chain or project file must be a JSON object (with "steps" or "levels")`,
		`[]`:                 `line 1:2: array is not an object`,
		"{\"steps\": [\n}":   `line 2:1: invalid character '}' looking for beginning of value`,
		`{"a": 1, "a": 2}`:   `line 1:10: duplicate key "a" in the top-level object`,
		"\xff\xfe{\x00}\x00": `jsonfile: the file is UTF-16 (little-endian); Hewn reads UTF-8 JSON (save it as UTF-8)`,
	} {
		_, err := Sniff([]byte(in))
		assert.EqualError(t, err, want, "%q", in)
	}
}

// The editor's Open gives the verdict `hewn run` gives (ui/cli tests it there).
func TestOpenNeitherChainNorProject(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"name":"x"}`), 0o644))
	_, _, err := Open(path)
	assert.EqualError(t, err, path+`: neither "levels" nor "steps": a project needs a list of levels, a chain a list of steps`)
}
