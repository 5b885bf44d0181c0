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
func Viridis(t float64) color.NRGBA {
	if math.IsNaN(t) {
		t = 0
	}
	t = min(max(t, 0), 1) * float64(len(viridis)-1)
	i := min(int(t), len(viridis)-2)
	f := t - float64(i)
	a, b := viridis[i], viridis[i+1]
	lerp := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + f*(float64(y)-float64(x)))) }
	return color.NRGBA{lerp(a.R, b.R), lerp(a.G, b.G), lerp(a.B, b.B), 0xFF}
}

// scaleRange is s's range for values vs: its own when set, else 0 to the
// largest value (at least a little above 0).
func (s Scale) scaleRange(vs [][]float64) (lo, hi float64) {
	if s.Max > s.Min {
		return s.Min, s.Max
	}
	for _, row := range vs {
		for _, v := range row {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				hi = max(hi, v)
			}
		}
	}
	if hi <= 0 {
		hi = 1
	}
	return 0, hi
}

func (s Scale) format(v float64) string {
	if s.Format != nil {
		return s.Format(v)
	}
	return Number(v)
}
