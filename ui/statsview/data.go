package statsview

import (
	"math"

	"hewn/projects/stats"
)

// sweepData is what the panel's charts and lists read of a sweep, so a
// change in the report's format touches only reportData.
type sweepData interface {
	// Bins are metric's histogram bars, in order (none: no map measured it).
	Bins(metric string) []stats.Bin
	// Varies says metric takes more than one value over the maps.
	Varies(metric string) bool
	// Pairs calls f with the values of x and y of every map measuring both.
	Pairs(x, y string, f func(vx, vy float64))
	// Worst is up to n seeds, failed ones first, then by metric from the
	// lowest (the highest with high).
	Worst(metric string, n int, high bool) []stats.Sample
}

// reportData reads a stats.Report.
type reportData struct{ r *stats.Report }

func (d reportData) Bins(metric string) []stats.Bin { return d.r.Metrics[metric].Histogram }

func (d reportData) Varies(metric string) bool {
	s, ok := d.r.Metrics[metric]
	return ok && s.Count > 0 && s.Max > s.Min
}

func (d reportData) Pairs(x, y string, f func(vx, vy float64)) {
	for _, s := range d.r.Samples {
		vx, okx := s.Metrics[x]
		vy, oky := s.Metrics[y]
		if okx && oky && s.Error == "" {
			f(vx, vy)
		}
	}
}

func (d reportData) Worst(metric string, n int, high bool) []stats.Sample {
	return d.r.Worst(metric, n, high)
}

// binOf is the bar of bins holding v (the nearest end bar when v lies
// outside them, as rounding of the edges allows), or -1 without bars.
func binOf(bins []stats.Bin, v float64) int {
	if len(bins) == 0 || math.IsNaN(v) {
		return -1
	}
	for i, b := range bins {
		if v < b.Hi {
			return i
		}
	}
	return len(bins) - 1
}

// heatCounts counts the maps in each cell of x's bins × y's bins:
// counts[row][col] with rows y's bins bottom to top, columns x's left to
// right.
func heatCounts(d sweepData, x, y string) [][]float64 {
	bx, by := d.Bins(x), d.Bins(y)
	counts := make([][]float64, len(by))
	for r := range counts {
		counts[r] = make([]float64, len(bx))
	}
	if len(bx) == 0 || len(by) == 0 {
		return counts
	}
	d.Pairs(x, y, func(vx, vy float64) {
		counts[binOf(by, vy)][binOf(bx, vx)]++
	})
	return counts
}
