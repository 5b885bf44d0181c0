package content

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Dice is a dice expression: N dice of S sides plus K ("3d6+2"), or a plain number K
// (N = 0).
type Dice struct {
	N, S, K int
}

// Limits of a dice expression, so rolls stay cheap and sums cannot overflow.
const (
	MaxDiceCount = 1000
	MaxDiceSides = 1_000_000
	MaxDiceBonus = 1_000_000_000
)

// ParseDice parses "NdS", "NdS+K", "NdS-K" or a plain integer "K".
func ParseDice(s string) (Dice, error) {
	bad := func(why string) (Dice, error) {
		return Dice{}, fmt.Errorf("content: bad dice %q: %s (want NdS, NdS+K, NdS-K or K)", s, why)
	}
	num := func(t string, lo, hi int) (int, bool) {
		if t == "" || strings.TrimLeft(t, "0123456789") != "" {
			return 0, false
		}
		v, err := strconv.Atoi(t)
		return v, err == nil && v >= lo && v <= hi
	}
	t := strings.TrimSpace(s)
	nStr, rest, hasD := strings.Cut(t, "d")
	if !hasD {
		sign := 1
		if strings.HasPrefix(t, "-") {
			sign, t = -1, t[1:]
		} else if strings.HasPrefix(t, "+") {
			t = t[1:]
		}
		k, ok := num(t, 0, MaxDiceBonus)
		if !ok {
			return bad("not a number")
		}
		return Dice{K: sign * k}, nil
	}
	n, ok := num(nStr, 1, MaxDiceCount)
	if !ok {
		return bad(fmt.Sprintf("dice count must be 1..%d", MaxDiceCount))
	}
	sStr, kStr, sign := rest, "", 0
	if i := strings.IndexAny(rest, "+-"); i >= 0 {
		sStr, kStr = rest[:i], rest[i+1:]
		sign = 1
		if rest[i] == '-' {
			sign = -1
		}
	}
	sides, ok := num(sStr, 1, MaxDiceSides)
	if !ok {
		return bad(fmt.Sprintf("sides must be 1..%d", MaxDiceSides))
	}
	d := Dice{N: n, S: sides}
	if sign != 0 {
		k, ok := num(kStr, 0, MaxDiceBonus)
		if !ok {
			return bad("bonus must be a number")
		}
		d.K = sign * k
	}
	return d, nil
}

// Roll rolls the dice with rng.
func (d Dice) Roll(rng *rand.Rand) int {
	total := d.K
	if d.S > 0 {
		for range d.N {
			total += 1 + rng.IntN(d.S)
		}
	}
	return total
}

// Min is the smallest possible roll.
func (d Dice) Min() int {
	if d.S == 0 {
		return d.K
	}
	return d.N + d.K
}

// Max is the largest possible roll.
func (d Dice) Max() int { return d.N*d.S + d.K }

// Mean is the expected roll.
func (d Dice) Mean() float64 {
	if d.S == 0 {
		return float64(d.K)
	}
	return float64(d.N)*float64(d.S+1)/2 + float64(d.K)
}

// String formats d the way ParseDice reads it.
func (d Dice) String() string {
	if d.N == 0 || d.S == 0 {
		return strconv.Itoa(d.K)
	}
	s := fmt.Sprintf("%dd%d", d.N, d.S)
	switch {
	case d.K > 0:
		s += "+" + strconv.Itoa(d.K)
	case d.K < 0:
		s += strconv.Itoa(d.K)
	}
	return s
}
