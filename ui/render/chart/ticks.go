package chart

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// Tick is a labelled tick mark on an axis.
type Tick struct {
	Value float64
	Label string
}

// niceTicks are about n evenly spaced round values (steps of 1, 2, 2.5 or 5
// times a power of ten) within lo..hi, whole numbers only when integer, each
// labelled by format (nil: with the step's precision).
func niceTicks(lo, hi float64, n int, integer bool, format func(float64) string) []Tick {
	if !(hi > lo) || math.IsInf(hi-lo, 0) || math.IsNaN(hi-lo) {
		return nil
	}
	// at least two labels, so a reader can tell the scale
	for n = max(n, 1); n < 8; n++ {
		if ts := stepTicks(lo, hi, n, integer, format); len(ts) >= 2 {
			return ts
		}
	}
	return stepTicks(lo, hi, n, integer, format)
}

func stepTicks(lo, hi float64, n int, integer bool, format func(float64) string) []Tick {
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	mults := []float64{1, 2, 2.5, 5, 10}
	if integer {
		mults = []float64{1, 2, 5, 10} // no 2.5 steps between whole numbers
		mag = max(mag, 1)
	}
	step := 10 * mag
	for _, m := range mults {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	// decimals needed by the step (2.5 needs one more than 2)
	prec := max(0, -int(math.Floor(math.Log10(step)+1e-9)))
	if s := step / math.Pow(10, math.Floor(math.Log10(step)+1e-9)); math.Abs(s-math.Round(s)) > 1e-9 {
		prec++
	}
	var out []Tick
	first := math.Ceil(lo/step-1e-9) * step
	for i := 0; i < 1000; i++ {
		v := first + float64(i)*step
		if v > hi+step*1e-9 {
			break
		}
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		label := strconv.FormatFloat(v, 'f', prec, 64)
		if format != nil {
			label = format(v)
		}
		out = append(out, Tick{Value: v, Label: label})
	}
	return out
}

// categoryTicks label every k-th of n categories (k so that labels of size
// each fit in length), ending each run of k on a labelled one: with k = 5 the
// labelled ones are the 1st, 5th, 10th, ...; the others get unlabelled marks.
func categoryTicks(names []string, length, each float64) []Tick {
	n := len(names)
	k := 1
	if each > 0 && length > 0 {
		k = max(1, int(math.Ceil(float64(n)*each/length)))
	}
	if k > 1 && k < 5 && n > 10 {
		k = 5
	}
	out := make([]Tick, n)
	for i, name := range names {
		out[i] = Tick{Value: float64(i)}
		if k == 1 || i == 0 || (i+1)%k == 0 {
			out[i].Label = name
		}
	}
	return out
}

// ticker hands ts to gonum/plot (unlabelled ticks are its minor ticks).
type ticker []Tick

// Ticks implements plot.Ticker.
func (ts ticker) Ticks(lo, hi float64) []plot.Tick {
	out := make([]plot.Tick, 0, len(ts))
	for _, t := range ts {
		if t.Value >= lo-1e-9*(hi-lo) && t.Value <= hi+1e-9*(hi-lo) {
			out = append(out, plot.Tick{Value: t.Value, Label: t.Label})
		}
	}
	return out
}

// labelled are the ticks with a label.
func labelled(ts []Tick) []Tick {
	var out []Tick
	for _, t := range ts {
		if t.Label != "" {
			out = append(out, t)
		}
	}
	return out
}

// format words v as a's values are (its Format, else with digits to spare).
func (a *Axis) format(v float64) string {
	if a.Format != nil {
		return a.Format(v)
	}
	if len(a.Categories) > 0 {
		if i := int(math.Round(v)); i >= 0 && i < len(a.Categories) {
			return a.Categories[i]
		}
	}
	return Number(v)
}

// Number words v with at most three decimals and no trailing zeros.
func Number(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	s := strconv.FormatFloat(v, 'f', 3, 64)
	for s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	s = trimDot(s)
	if s == "-0" {
		s = "0"
	}
	return s
}

func trimDot(s string) string {
	if s[len(s)-1] == '.' {
		return s[:len(s)-1]
	}
	return s
}
