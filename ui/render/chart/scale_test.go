package chart

import (
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A diverging scale is symmetric about 0: white there, blue below, red
// above; a cell's colour follows its sign.
func TestDivergingScale(t *testing.T) {
	s := Scale{Diverging: true}
	lo, hi := s.scaleRange([][]float64{{-3, 0, 5}, {2, 1, -1}})
	assert.Equal(t, [2]float64{-5, 5}, [2]float64{lo, hi})
	assert.Equal(t, color.NRGBA{0xF7, 0xF7, 0xF7, 0xFF}, s.color(0, lo, hi))
	below, above := s.color(-5, lo, hi), s.color(5, lo, hi)
	assert.Greater(t, below.B, below.R, "blue below 0")
	assert.Greater(t, above.R, above.B, "red above 0")
	// a one-signed scale keeps viridis from 0
	lo, hi = Scale{}.scaleRange([][]float64{{3, 1}})
	assert.Equal(t, [2]float64{0, 3}, [2]float64{lo, hi})
	assert.Equal(t, Viridis(1), Scale{}.color(3, lo, hi))
}
