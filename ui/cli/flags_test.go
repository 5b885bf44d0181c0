package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A bad flag is one line on stderr naming the flag and the value, exit 2
// (a usage error), never the flag package's usage dump.
func TestABadFlagIsOneLineNamingTheFlagAndTheValue(t *testing.T) {
	ex := "../../projects/example.hewn.json"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", ex, "--depth", "abc"}, `hewn run: --depth: "abc" is not a whole number (see hewn run --help)`},
		{[]string{"run", ex, "--depth=99999999999999999999"}, `hewn run: --depth: "99999999999999999999" is out of range`},
		{[]string{"run", ex, "--seed", "x"}, `hewn run: --seed: "x" is not a non-negative integer seed`},
		{[]string{"run", ex, "--no-spawns=maybe"}, `hewn run: --no-spawns: "maybe" is not true or false`},
		{[]string{"run", ex, "--dept", "3"}, `hewn run: unknown flag --dept`},
		{[]string{"run", ex, "--depth"}, `hewn run: --depth needs a value`},
		{[]string{"stats", ex, "--seeds", "ten"}, `hewn stats: --seeds: "ten" is not a whole number`},
		{[]string{"content", "odds", "default", "--depth", "x"}, `hewn content odds: --depth: "x" is not a whole number`},
	} {
		code, out, errs := hewn(c.args...)
		assert.Equal(t, 2, code, c.args)
		assert.Empty(t, out, c.args)
		assert.Equal(t, 1, strings.Count(errs, "\n"), "one line: %q", errs)
		assert.True(t, strings.HasPrefix(errs, c.want), "%q starts with %q", errs, c.want)
		assert.NotContains(t, errs, "Usage of")
	}
	_, _, errs := hewn("run", "--help")
	assert.Contains(t, errs, "-depth", "--help still lists the flags")
}

// Counts read as English: "1 error", "1 warning".
func TestCountsReadAsEnglish(t *testing.T) {
	pack := writeFile(t, "spawns.json", `{"faction_table": [{"name": "X", "responses": {"Default": "hug"}}]}`)
	code, _, errs := hewn("content", "check", pack)
	assert.Equal(t, 1, code)
	assert.Regexp(t, `: 1 error, \d+ warnings?\n$`, errs)
	assert.NotContains(t, errs, "1 errors")
}
