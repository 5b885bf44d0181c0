package cli

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
)

// hewn project check guards pinned seeds: exit 0 while each pinned level is
// what was pinned, exit 1 naming "level D, seed S: changed" once it is not.
func TestProjectCheckReportsChangedPins(t *testing.T) {
	p := projects.New("pinned")
	p.Levels[0].Depth = 3
	p.Sync()
	sp := content.Default().Roller()
	fp, err := p.PinFingerprint(context.Background(), 0, 7, sp)
	require.NoError(t, err)
	p.Levels[0].Pins = []projects.Pin{{Seed: 7, Fingerprint: fp}}
	path := filepath.Join(t.TempDir(), "p.hewn.json")
	require.NoError(t, p.Save(path))
	code, out, errs := hewn("project", "check", path)
	require.Equal(t, 0, code, out+errs)

	p.Levels[0].Chain.Steps[0].Params = map[string]any{"tries": 7}
	require.NoError(t, p.Save(path))
	code, out, errs = hewn("project", "check", path)
	assert.Equal(t, 1, code)
	assert.Contains(t, out+errs, path+": level 3, seed 7: changed")
}
