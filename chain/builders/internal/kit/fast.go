package kit

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"hewn/chain"
)

// Fast draws the numbers a step's *rand.Rand would draw, faster: it copies the
// state of the PCG behind it (chain.State.Stream) and steps it inline, with no
// interface call per number. Call Done before drawing from the Rand again; it
// hands the state back, so the Rand goes on where Fast stopped. When rng is
// not the step's own source, Fast simply draws from rng.
//
// Its methods give exactly what the same calls on the Rand give (Roll and Dice
// as the package's functions of that name): the same outputs are the
// contract (golden files), and TestFastDrawsAsRand checks it.
type Fast struct {
	hi, lo uint64
	src    *rand.PCG
	rng    *rand.Rand // the fallback, when src is nil
}

// NewFast returns a Fast that continues rng's stream.
func NewFast(s *chain.State, rng *rand.Rand) Fast {
	src := s.Stream(rng)
	if src == nil {
		return Fast{rng: rng}
	}
	var buf [20]byte
	b, _ := src.AppendBinary(buf[:0]) // "pcg:", then hi and lo big-endian
	return Fast{hi: binary.BigEndian.Uint64(b[4:]), lo: binary.BigEndian.Uint64(b[12:]), src: src}
}

// Done hands the state back to the Rand's source.
func (f *Fast) Done() {
	if f.src != nil {
		f.src.Seed(f.hi, f.lo)
	}
}

// Uint64 is rand.PCG's Uint64.
func (f *Fast) Uint64() uint64 {
	if f.src == nil {
		return f.rng.Uint64()
	}
	return f.next()
}

// next is rand.PCG's Uint64 on the copied state: a 128-bit LCG step, then
// the DXSM output (small enough to inline into IntN).
func (f *Fast) next() uint64 {
	const (
		mulHi    = 2549297995355413924
		mulLo    = 4865540595714422341
		incHi    = 6364136223846793005
		incLo    = 1442695040888963407
		cheapMul = 0xda942042e4dd58b5
	)
	hi, lo := bits.Mul64(f.lo, mulLo)
	hi += f.hi*mulLo + f.lo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	f.lo, f.hi = lo, hi
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// Below draws count numbers (at most 64) as count calls IntN(n) would and
// returns a mask whose bit i says the i-th was below k: a cave's noise draws
// millions, and one call for 64 of them costs less than 64 calls.
func (f *Fast) Below(n, k, count int) uint64 {
	var m uint64
	if f.src == nil {
		for i := range count {
			if f.rng.IntN(n) < k {
				m |= 1 << i
			}
		}
		return m
	}
	// The state in locals (not through f at every step), and no branch on
	// the outcome: it is as likely one way as the other.
	g := Fast{hi: f.hi, lo: f.lo}
	un, uk := uint64(n), uint64(k)
	pow2 := un&(un-1) == 0
	for i := range count {
		var v uint64
		if pow2 {
			v = g.next() & (un - 1)
		} else {
			hi, lo := bits.Mul64(g.next(), un)
			if lo < un {
				thresh := -un % un
				for lo < thresh {
					hi, lo = bits.Mul64(g.next(), un)
				}
			}
			v = hi
		}
		m |= (v - uk) >> 63 << i // v < uk (both below 2^63)
	}
	f.hi, f.lo = g.hi, g.lo
	return m
}

// IntN is rand.Rand's IntN (n > 0): Lemire's multiply, rejecting the few
// products that would bias it, as math/rand/v2 does on every platform.
func (f *Fast) IntN(n int) int {
	if f.src == nil {
		return f.rng.IntN(n)
	}
	un := uint64(n)
	if un&(un-1) == 0 {
		return int(f.next() & (un - 1))
	}
	hi, lo := bits.Mul64(f.next(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(f.next(), un)
		}
	}
	return int(hi)
}

// Roll is the package's Roll: a number in [lo, hi], lo (and no draw) when hi <= lo.
func (f *Fast) Roll(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + f.IntN(hi-lo+1)
}

// OneIn is roll_dice(1, n) == 1 for n > 0 (no draw when n is 1), false (no
// draw) when n is 0.
func (f *Fast) OneIn(n int) bool {
	if n <= 1 {
		return n == 1
	}
	return f.IntN(n) == 0 // Roll(1, n) == 1
}

// Cascade draws, for each set bit of m from the lowest, what a decorator
// rolls for that tile: where first has the bit, OneIn(a) and, when that
// fails, OneIn(b) (hitA and hitB get the bit of the draw that came up);
// elsewhere Roll(1, c) (rolled1 and rolled2 get the bit when it gives 1 or
// 2). The numbers are those the same calls would draw, one by one; the state
// stays in registers from the first draw to the last.
func (f *Fast) Cascade(m, first uint64, a, b, c int) (hitA, hitB, rolled1, rolled2 uint64) {
	if f.src == nil {
		for ; m != 0; m &= m - 1 {
			bit := m & -m
			switch {
			case first&bit == 0:
				switch f.Roll(1, c) {
				case 1:
					rolled1 |= bit
				case 2:
					rolled2 |= bit
				}
			case f.OneIn(a):
				hitA |= bit
			case f.OneIn(b):
				hitB |= bit
			}
		}
		return hitA, hitB, rolled1, rolled2
	}
	hi, lo := f.hi, f.lo
	var v uint64
	for ; m != 0; m &= m - 1 {
		bit := m & -m
		if first&bit == 0 {
			r := uint64(0) // Roll(1, c) - 1: no draw when c <= 1
			if c > 1 {
				r, hi, lo = intNState(hi, lo, uint64(c))
			}
			switch r {
			case 0:
				rolled1 |= bit
			case 1:
				rolled2 |= bit
			}
			continue
		}
		if a <= 1 {
			if a == 1 {
				hitA |= bit
				continue
			}
		} else if v, hi, lo = intNState(hi, lo, uint64(a)); v == 0 {
			hitA |= bit
			continue
		}
		if b <= 1 {
			if b == 1 {
				hitB |= bit
			}
		} else if v, hi, lo = intNState(hi, lo, uint64(b)); v == 0 {
			hitB |= bit
		}
	}
	f.hi, f.lo = hi, lo
	return hitA, hitB, rolled1, rolled2
}

// intNState is IntN(n) (n > 0) on the PCG state (hi, lo), passed and
// returned by value (in registers), with the state after the draw.
func intNState(hi, lo, n uint64) (v, hi2, lo2 uint64) {
	g := Fast{hi: hi, lo: lo}
	if n&(n-1) == 0 {
		return g.next() & (n - 1), g.hi, g.lo
	}
	h, l := bits.Mul64(g.next(), n)
	if l < n {
		thresh := -n % n
		for l < thresh {
			h, l = bits.Mul64(g.next(), n)
		}
	}
	return h, g.hi, g.lo
}

// IntNs fills dst with len(dst) draws of IntN(n) (0 < n ≤ 256), in order: for a walk
// whose every step draws one number whatever happens, the numbers are drawn
// first, the state in registers.
func (f *Fast) IntNs(dst []uint8, n int) {
	if f.src == nil {
		for i := range dst {
			dst[i] = uint8(f.IntN(n))
		}
		return
	}
	hi, lo, un := f.hi, f.lo, uint64(n)
	for i := range dst {
		var v uint64
		v, hi, lo = intNState(hi, lo, un)
		dst[i] = uint8(v)
	}
	f.hi, f.lo = hi, lo
}
