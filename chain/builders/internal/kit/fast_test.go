package kit

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// draws is what the test builders drew, by builder name.
var draws = map[string][]int{}

// drawAll makes the same calls through draw (a Rand's or a Fast's methods):
// every range kind IntN meets (powers of two, small, huge, one), rolls, dice
// and one-in chances, with a stretch of plain Uint64 between.
func drawAll(intN func(int) int, roll func(lo, hi int) int, oneIn func(int) bool, u64 func() uint64) []int {
	var out []int
	for i := range 3000 {
		out = append(out, intN(1+i%97), intN(1<<(i%40)), roll(1, 100), roll(5, 5), roll(3, 1))
		if oneIn(i % 7) {
			out = append(out, 1)
		}
		if i%50 == 0 {
			out = append(out, intN(1<<62+i), int(u64()>>1))
		}
	}
	return out
}

func init() {
	chain.Register(chain.Spec{Name: "kit_test_rand", Kind: chain.Meta, New: func(chain.Values) (chain.Builder, error) {
		return chain.BuildFunc(func(_ context.Context, _ *chain.State, rng *rand.Rand) error {
			out := drawAll(rng.IntN, func(lo, hi int) int { return Roll(rng, lo, hi) },
				func(n int) bool { return n > 0 && Dice(rng, 1, n) == 1 }, rng.Uint64)
			draws["rand"] = append(out, rng.IntN(1000)) // and one after
			return nil
		}), nil
	}})
	chain.Register(chain.Spec{Name: "kit_test_fast", Kind: chain.Meta, New: func(chain.Values) (chain.Builder, error) {
		return chain.BuildFunc(func(_ context.Context, s *chain.State, rng *rand.Rand) error {
			f := NewFast(s, rng)
			if f.src == nil {
				draws["fast"] = nil
				return nil
			}
			out := drawAll(f.IntN, f.Roll, f.OneIn, f.Uint64)
			f.Done()
			draws["fast"] = append(out, rng.IntN(1000)) // the Rand goes on where Fast stopped
			return nil
		}), nil
	}})
}

// TestFastDrawsAsRand checks that Fast draws, number for number, what the
// step's Rand draws, and that the Rand continues its stream after Done.
func TestFastDrawsAsRand(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1 << 63} {
		for _, name := range []string{"kit_test_rand", "kit_test_fast"} {
			// The same step key for both: the same stream.
			c := &chain.Chain{Width: 10, Height: 10, Steps: []chain.Step{{Builder: name, ID: "same"}}}
			_, err := chain.Run(context.Background(), c, seed, nil)
			require.NoError(t, err)
		}
		require.NotNil(t, draws["fast"], "Fast found the step's source")
		assert.Equal(t, draws["rand"], draws["fast"], "seed %d", seed)
	}
	// Another Rand than the step's: Fast draws from it.
	rng := rand.New(rand.NewPCG(1, 2))
	f := NewFast(&chain.State{}, rng)
	assert.Equal(t, rand.New(rand.NewPCG(1, 2)).IntN(77), f.IntN(77))
}

// TestFastBelow checks Below against IntN draws of the same stream: powers of
// two, small and huge ranges, every count.
func TestFastBelow(t *testing.T) {
	for _, n := range []int{1, 2, 64, 100, 97, 1<<62 + 5} {
		src, ref := rand.NewPCG(3, uint64(n)), rand.New(rand.NewPCG(3, uint64(n)))
		b, err := src.AppendBinary(nil)
		require.NoError(t, err)
		f := Fast{hi: binary.BigEndian.Uint64(b[4:]), lo: binary.BigEndian.Uint64(b[12:]), src: src}
		for count := 0; count <= 64; count++ {
			k := n / 64 * count // about count/64 of the range
			if n < 64 {
				k = count % (n + 1)
			}
			var want uint64
			for i := range count {
				if ref.IntN(n) < k {
					want |= 1 << i
				}
			}
			require.Equal(t, want, f.Below(n, k, count), "n %d count %d", n, count)
		}
		f.Done()
		assert.Equal(t, ref.Uint64(), src.Uint64(), "n %d: the source goes on where Fast stopped", n)
	}
}
