package content

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseDice: what ParseDice accepts formats back to an expression that
// parses to the same dice, and every roll lies in [Min, Max] around Mean.
func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"3d6+2", "1d4", "2d8-1", "7", "-3", "+4", " 1d6 ", "1000d1000000+1000000000", "0d6", "1d0", "d6", "1d6+", "1d6+-2", "99999999999999999999"} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		d, err := ParseDice(s)
		if err != nil {
			require.Contains(t, err.Error(), "content: bad dice")
			return
		}
		again, err := ParseDice(d.String())
		require.NoError(t, err, "%q formats as %q", s, d.String())
		require.Equal(t, d, again)
		require.LessOrEqual(t, d.Min(), d.Max())
		require.LessOrEqual(t, float64(d.Min()), d.Mean())
		require.LessOrEqual(t, d.Mean(), float64(d.Max()))
		rng := rand.New(rand.NewPCG(seed, 1))
		for range 3 {
			r := d.Roll(rng)
			require.GreaterOrEqual(t, r, d.Min())
			require.LessOrEqual(t, r, d.Max())
		}
	})
}
