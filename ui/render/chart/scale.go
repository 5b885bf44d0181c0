package chart

import (
	"image/color"
	"math"
)

// viridis is matplotlib's viridis colour map at nine stops: perceptually
// even, readable in grey and by colour-blind readers.
var viridis = [...]color.NRGBA{
	{0x44, 0x01, 0x54, 0xFF}, {0x47, 0x2C, 0x7A, 0xFF}, {0x3B, 0x52, 0x8B, 0xFF},
	{0x2C, 0x72, 0x8E, 0xFF}, {0x21, 0x91, 0x8C, 0xFF}, {0x28, 0xAE, 0x80, 0xFF},
	{0x5E, 0xC9, 0x62, 0xFF}, {0xAD, 0xDC, 0x30, 0xFF}, {0xFD, 0xE7, 0x25, 0xFF},
}

// Viridis is the colour at t in 0..1 (clamped) on the heatmaps' scale.
func Viridis(t float64) color.NRGBA { return ramp(viridis[:], t) }

// diverging is the blue–white–red map (ColorBrewer's RdBu, reversed) at
// seven stops: signed values, told apart by colour-blind readers.
var diverging = [...]color.NRGBA{
	{0x21, 0x66, 0xAC, 0xFF}, {0x67, 0xA9, 0xCF, 0xFF}, {0xD1, 0xE5, 0xF0, 0xFF}, {0xF7, 0xF7, 0xF7, 0xFF},
	{0xFD, 0xDB, 0xC7, 0xFF}, {0xEF, 0x8A, 0x62, 0xFF}, {0xB2, 0x18, 0x2B, 0xFF},
}

// Diverging is the colour at t in 0..1 (clamped) on the diverging scale: 0
// the most negative, 0.5 zero, 1 the most positive.
func Diverging(t float64) color.NRGBA { return ramp(diverging[:], t) }

// ramp is the colour at t in 0..1 (clamped) along stops, linearly.
func ramp(stops []color.NRGBA, t float64) color.NRGBA {
	if math.IsNaN(t) {
		t = 0
	}
	t = min(max(t, 0), 1) * float64(len(stops)-1)
	i := min(int(t), len(stops)-2)
	f := t - float64(i)
	a, b := stops[i], stops[i+1]
	lerp := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + f*(float64(y)-float64(x)))) }
	return color.NRGBA{lerp(a.R, b.R), lerp(a.G, b.G), lerp(a.B, b.B), 0xFF}
}

// color is the colour of value v on s's scale over lo..hi.
func (s Scale) color(v, lo, hi float64) color.NRGBA {
	t := (v - lo) / (hi - lo)
	if s.Diverging {
		return Diverging(t)
	}
	return Viridis(t)
}

// scaleRange is s's range for values vs: its own when set, else 0 to the
// largest value (at least a little above 0), or, Diverging, symmetric about
// 0 to the largest magnitude.
func (s Scale) scaleRange(vs [][]float64) (lo, hi float64) {
	if s.Max > s.Min {
		return s.Min, s.Max
	}
	for _, row := range vs {
		for _, v := range row {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				hi = max(hi, v)
				if s.Diverging {
					hi = max(hi, -v)
				}
			}
		}
	}
	if hi <= 0 {
		hi = 1
	}
	if s.Diverging {
		return -hi, hi
	}
	return 0, hi
}

func (s Scale) format(v float64) string {
	if s.Format != nil {
		return s.Format(v)
	}
	return Number(v)
}
