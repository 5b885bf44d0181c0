package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 26 point 10: a session file is read as every Hewn file is: its
// errors name the file, syntax errors their line:column, duplicate keys are
// refused, a byte-order mark is not, and every number has a bound.
func TestBadSessionsNameTheFileAndTheField(t *testing.T) {
	const good = `{"version": 1, "project": "Bracketon", "seed": 3, "depth": 1, "start_depth": 1, "keys": "hjkl"}`
	for _, c := range []struct{ name, data, want string }{
		{"syntax", `{"version": 1,`, "s.json:1:15: unexpected end of input (want a key string)"},
		{"syntax on line 2", "{\"version\": 1,\n  \"seed\": x}", "s.json:2:11: unexpected 'x' (want a value)"},
		{"duplicate key", `{"version": 1, "seed": 1, "seed": 2, "start_depth": 1, "keys": ""}`, `s.json:1:27: duplicate key "seed" in the top-level object`},
		{"UTF-16", "\xff\xfe{\x00}\x00", "s.json: the file is UTF-16 (little-endian); Hewn reads UTF-8 JSON (save it as UTF-8)"},
		{"not an object", `[1, 2]`, "s.json: a play session must be a JSON object (with version, seed, start_depth and keys)"},
		{"unknown key", strings.Replace(good, `"seed"`, `"sead": 1, "seed"`, 1), "s.json: sead: unknown key (want format, project, seed, depth, start_depth, keys, cheats)"},
		{"version", strings.Replace(good, `"version": 1`, `"version": 2`, 1), `s.json: version: 2 is not 1 (a newer session names its format instead: "hewn.session/1")`},
		{"no format", strings.Replace(good, `"version": 1, `, ``, 1), `s.json: format: missing (want "hewn.session/1")`},
		{"seed negative", strings.Replace(good, `"seed": 3`, `"seed": -3`, 1), "s.json: seed: -3 is not a whole number from 0 to 18446744073709551615"},
		{"seed a string", strings.Replace(good, `"seed": 3`, `"seed": "3"`, 1), `s.json: seed: "3" is not a whole number`},
		{"start_depth huge", strings.Replace(good, `"start_depth": 1`, `"start_depth": 9223372036854775807`, 1), "s.json: start_depth: 9223372036854775807 is out of range [0, 1000]"},
		{"depth negative", strings.Replace(good, `"depth": 1`, `"depth": -1`, 1), "s.json: depth: -1 is out of range [0, 1000]"},
		{"start_depth fraction", strings.Replace(good, `"start_depth": 1`, `"start_depth": 1.5`, 1), "s.json: start_depth: 1.5 is not a whole number"},
		{"unknown key pressed", strings.Replace(good, `"hjkl"`, `"hjxl"`, 1), `s.json: keys: unknown key 'x' at key 2 (want ` + KeyHelp + `)`},
		{"too many keys", strings.Replace(good, `"hjkl"`, `"`+strings.Repeat(".", MaxSessionKeys+1)+`"`, 1), "s.json: keys: more than 50000 keys"},
		{"missing keys", strings.Replace(good, `, "keys": "hjkl"`, ``, 1), `s.json: missing "keys"`},
		{"toggle past the keys", strings.Replace(good, `}`, `, "cheats": [{"at": 5, "invulnerable": true}]}`, 1), "s.json: cheats[0].at: 5 is past the 4 keys"},
		{"toggles out of order", strings.Replace(good, `}`, `, "cheats": [{"at": 3}, {"at": 1}]}`, 1), "s.json: cheats[1].at: 1 is before cheats[0].at 3 (toggles are in the order played)"},
		{"toggle not a bool", strings.Replace(good, `}`, `, "cheats": [{"at": 1, "invulnerable": "yes"}]}`, 1), `s.json: cheats[0].invulnerable: "yes" is not true or false`},
		{"project too long", strings.Replace(good, `"Bracketon"`, `"`+strings.Repeat("p", MaxSessionProject+1)+`"`, 1), "s.json: project: 4097 bytes; at most 4096"},
		{"newer format", strings.Replace(good, `"version": 1`, `"format": "hewn.session/2"`, 1), `s.json: format: "hewn.session/2" is newer than this Hewn reads (hewn.session/1); update Hewn`},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "s.json")
			require.NoError(t, os.WriteFile(path, []byte(c.data), 0o644))
			_, err := ReadSession(path, false)
			require.Error(t, err)
			msg := strings.ReplaceAll(err.Error(), filepath.Dir(path)+"/", "")
			assert.Equal(t, c.want, strings.Split(msg, "\n")[0])
		})
	}
	// a byte-order mark is skipped, an older session ("version": 1) migrates
	for _, data := range []string{"\xef\xbb\xbf" + good, strings.Replace(good, `"version": 1`, `"format": "hewn.session/1"`, 1)} {
		s, err := ParseSession([]byte(data))
		require.NoError(t, err)
		assert.Equal(t, Session{Format: SessionFormat, Project: "Bracketon", Seed: 3, Depth: 1, StartDepth: 1, Keys: "hjkl"}, s)
	}
}
