package projects_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
)

// FuzzPlayKeys plays any key sequence (as `hewn play --keys` would, unknown
// keys refused) on any depth of the example project: nothing panics, the
// state always encodes, and replaying the same keys on a new game gives the
// same state (the game is a pure function of project, seed and keys).
func FuzzPlayKeys(f *testing.F) {
	p, err := projects.Example()
	require.NoError(f, err)
	pack := content.Default()
	f.Add("llllljjjjj>", uint64(1), uint8(1))
	f.Add("yubnhjkl.5g>>>>", uint64(7), uint8(2))
	f.Add("123456789", uint64(3), uint8(10))
	f.Add("gggg....>x", uint64(0), uint8(0))
	f.Fuzz(func(t *testing.T, keys string, seed uint64, depth uint8) {
		if len(keys) > 400 {
			keys = keys[:400]
		}
		d := p.Levels[int(depth)%len(p.Levels)].Depth
		play1 := func() []byte {
			g, err := play.New(p, pack, seed, d)
			require.NoError(t, err)
			for _, r := range keys {
				if err := g.Key(r); err != nil {
					require.False(t, play.ValidKey(r), "a known key %q fails: %v", r, err)
				}
			}
			b, err := g.MarshalJSON()
			require.NoError(t, err)
			return b
		}
		a, b := play1(), play1()
		require.True(t, bytes.Equal(a, b), "the same keys give the same state")
	})
}
