package stats

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"hewn/chain/metrics"
	"hewn/projects"
)

// DefaultRange is the range of metric an axis bins by when no --range is
// given: shares over [0, 1], counts over a span that covers typical 80×50
// levels (path_length 0..250, rooms and corridors 0..50, dead_ends 0..200,
// spawns 0..100, exits 0..10, unreachable 0..2000, spawns.NAME 0..20).
func DefaultRange(metric string) (lo, hi float64) {
	switch metric {
	case metrics.FloorShare, metrics.ReachableShare:
		return 0, 1
	case metrics.PathLength:
		return 0, 250
	case metrics.Rooms, metrics.Corridors:
		return 0, 50
	case metrics.DeadEnds:
		return 0, 200
	case metrics.Spawns:
		return 0, 100
	case metrics.Exits:
		return 0, 10
	case metrics.Unreachable:
		return 0, 2000
	}
	return 0, 20 // spawns.NAME
}

// ParseRange parses "METRIC=LO..HI" (an axis's fixed range).
func ParseRange(s string) (metric string, lo, hi float64, err error) {
	metric, rng, ok := strings.Cut(s, "=")
	a, b, ok2 := strings.Cut(rng, "..")
	if !ok || !ok2 {
		return "", 0, 0, fmt.Errorf("%q is not METRIC=LO..HI", s)
	}
	if !metrics.Known(metric) {
		return "", 0, 0, fmt.Errorf("%q: unknown metric %q (want %s)", s, metric, metrics.Describe())
	}
	lo, err1 := parseFinite(a)
	hi, err2 := parseFinite(b)
	if err1 != nil || err2 != nil || !(lo < hi) {
		return "", 0, 0, fmt.Errorf("%q: want two numbers LO < HI", s)
	}
	return metric, lo, hi, nil
}

func parseFinite(s string) (float64, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return f, nil
}

// ParseTarget parses a target, "METRIC>=V", "METRIC<=V" or "METRIC=A..B"
// ("METRIC=V": exactly V), as a rule on the metric (the acceptance rules'
// type: a target is a rule a search ranks by instead of re-rolling).
func ParseTarget(s string) (projects.Rule, error) {
	bad := func(why string) (projects.Rule, error) {
		return projects.Rule{}, fmt.Errorf("%q is not METRIC>=V, METRIC<=V or METRIC=A..B: %s", s, why)
	}
	c, err := ParseCond(s) // the --where grammar, less its open ends
	if err != nil {
		why := strings.TrimPrefix(err.Error(), "stats: ")
		why = strings.TrimPrefix(why, strconv.Quote(s)+": ")
		if !strings.ContainsAny(s, "<>=") {
			why = "no >=, <= or ="
		}
		return bad(why)
	}
	if c.LoOpen || c.HiOpen {
		return bad("no >=, <= or = (> and < are for --where)")
	}
	if !metrics.Known(c.Name) {
		return bad(fmt.Sprintf("unknown metric %q (want %s)", c.Name, metrics.Describe()))
	}
	r := projects.Rule{Metric: c.Name}
	if !math.IsInf(c.Lo, -1) {
		lo := c.Lo
		r.Min = &lo
	}
	if !math.IsInf(c.Hi, 1) {
		hi := c.Hi
		r.Max = &hi
	}
	return r, nil
}

// TargetString writes r as ParseTarget reads it.
func TargetString(r projects.Rule) string {
	num := func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	switch {
	case r.Min != nil && r.Max != nil:
		return r.Metric + "=" + num(*r.Min) + ".." + num(*r.Max)
	case r.Min != nil:
		return r.Metric + ">=" + num(*r.Min)
	case r.Max != nil:
		return r.Metric + "<=" + num(*r.Max)
	}
	return r.Metric
}
