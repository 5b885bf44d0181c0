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

// TestFastCascade checks Cascade against OneIn and Roll draws of the same
// stream, tile by tile, for odds with and without draws, on the step's
// source and on another Rand.
func TestFastCascade(t *testing.T) {
	ref := func(rng *rand.Rand, m, first uint64, a, b, c int) (ha, hb, r1, r2 uint64) {
		oneIn := func(n int) bool { return n > 0 && Roll(rng, 1, n) == 1 }
		for ; m != 0; m &= m - 1 {
			bit := m & -m
			switch {
			case first&bit == 0:
				switch Roll(rng, 1, c) {
				case 1:
					r1 |= bit
				case 2:
					r2 |= bit
				}
			case oneIn(a):
				ha |= bit
			case oneIn(b):
				hb |= bit
			}
		}
		return
	}
	odds := [][3]int{{6, 10, 4}, {0, 10, 4}, {1, 3, 1}, {0, 0, 0}, {7, 1, 3}, {1 << 40, 5, 2}}
	for i, o := range odds {
		src, want := rand.NewPCG(5, uint64(i)), rand.New(rand.NewPCG(5, uint64(i)))
		b, err := src.AppendBinary(nil)
		require.NoError(t, err)
		f := Fast{hi: binary.BigEndian.Uint64(b[4:]), lo: binary.BigEndian.Uint64(b[12:]), src: src}
		other, otherRef := NewFast(&chain.State{}, rand.New(rand.NewPCG(7, uint64(i)))), rand.New(rand.NewPCG(7, uint64(i)))
		masks := rand.New(rand.NewPCG(9, uint64(i)))
		for range 200 {
			m, first := masks.Uint64(), masks.Uint64()
			ha, hb, r1, r2 := ref(want, m, first, o[0], o[1], o[2])
			ga, gb, g1, g2 := f.Cascade(m, first, o[0], o[1], o[2])
			require.Equal(t, [4]uint64{ha, hb, r1, r2}, [4]uint64{ga, gb, g1, g2}, "odds %v", o)
			ha, hb, r1, r2 = ref(otherRef, m, first, o[0], o[1], o[2])
			ga, gb, g1, g2 = other.Cascade(m, first, o[0], o[1], o[2])
			require.Equal(t, [4]uint64{ha, hb, r1, r2}, [4]uint64{ga, gb, g1, g2}, "odds %v, another Rand", o)
		}
		f.Done()
		assert.Equal(t, want.Uint64(), src.Uint64(), "odds %v: the source goes on where Fast stopped", o)
	}
}

// TestFastIntNs checks IntNs against IntN draws of the same stream.
func TestFastIntNs(t *testing.T) {
	for _, n := range []int{1, 4, 6, 255, 256} {
		src, ref := rand.NewPCG(4, uint64(n)), rand.New(rand.NewPCG(4, uint64(n)))
		b, err := src.AppendBinary(nil)
		require.NoError(t, err)
		f := Fast{hi: binary.BigEndian.Uint64(b[4:]), lo: binary.BigEndian.Uint64(b[12:]), src: src}
		for _, size := range []int{0, 1, 20, 300} {
			got := make([]uint8, size)
			f.IntNs(got, n)
			for i := range got {
				require.Equal(t, uint8(ref.IntN(n)), got[i], "n %d size %d draw %d", n, size, i)
			}
		}
		f.Done()
		assert.Equal(t, ref.Uint64(), src.Uint64(), "n %d: the source goes on where Fast stopped", n)
	}
}
