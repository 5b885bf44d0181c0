package stats

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// UnreachableExitName is the name conditions give the unreachable-exit class:
// 1 for a map with an exit that cannot be reached from its start, else 0.
const UnreachableExitName = "unreachable_exit"

// Cond is one condition on a seed's map (`--where`): a metric (a name of
// MetricNames), UnreachableExitName, or an entity's name (how many of it
// spawned), within [Lo, Hi], each end open or closed.
type Cond struct {
	Name           string
	Lo, Hi         float64
	LoOpen, HiOpen bool
	// Text is the condition as written.
	Text string
}

// ParseCond parses a condition: NAME>=V, NAME<=V, NAME>V, NAME<V, NAME=V or
// NAME=A..B (A and B included). NAME is a metric, unreachable_exit, or an
// entity's name (spaces allowed: 'Orc Leader>=1'); V a number.
func ParseCond(s string) (Cond, error) {
	c := Cond{Text: s, Lo: math.Inf(-1), Hi: math.Inf(1)}
	i := strings.IndexAny(s, "<>=")
	if i < 0 {
		return c, fmt.Errorf("stats: %q is not NAME>=V, NAME<=V, NAME>V, NAME<V, NAME=V or NAME=A..B", s)
	}
	c.Name = strings.TrimSpace(s[:i])
	op, rest := s[i:i+1], s[i+1:]
	if (op == "<" || op == ">") && strings.HasPrefix(rest, "=") {
		op, rest = op+"=", rest[1:]
	}
	rest = strings.TrimSpace(rest)
	if c.Name == "" {
		return c, fmt.Errorf("stats: %q names no metric", s)
	}
	number := func(t string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("stats: %q: %q is not a number", s, strings.TrimSpace(t))
		}
		return v, nil
	}
	if op == "=" {
		if a, b, ok := strings.Cut(rest, ".."); ok {
			lo, err := number(a)
			if err != nil {
				return c, err
			}
			hi, err := number(b)
			if err != nil {
				return c, err
			}
			if lo > hi {
				return c, fmt.Errorf("stats: %q: the range %s..%s is empty", s, num(lo), num(hi))
			}
			c.Lo, c.Hi = lo, hi
			return c, nil
		}
	}
	v, err := number(rest)
	if err != nil {
		return c, err
	}
	switch op {
	case ">=":
		c.Lo = v
	case "<=":
		c.Hi = v
	case ">":
		c.Lo, c.LoOpen = v, true
	case "<":
		c.Hi, c.HiOpen = v, true
	case "=":
		c.Lo, c.Hi = v, v
	}
	return c, nil
}

// IsMetric reports whether the condition names a metric or the unreachable
// exit class (else it names an entity).
func (c Cond) IsMetric() bool {
	return c.Name == UnreachableExitName || slices.Contains(MetricNames, c.Name)
}

// Match reports whether s meets the condition: a failed seed never does, nor
// one whose map lacks the metric (path_length without a reachable exit); an
// entity that did not spawn counts 0.
func (c Cond) Match(s Sample) bool {
	if s.Error != "" {
		return false
	}
	var v float64
	switch {
	case c.Name == UnreachableExitName:
		if s.UnreachableExit {
			v = 1
		}
	case slices.Contains(MetricNames, c.Name):
		m, ok := s.Metrics[c.Name]
		if !ok {
			return false
		}
		v = m
	default:
		v = float64(s.Spawns[c.Name])
	}
	if v < c.Lo || v > c.Hi || (c.LoOpen && v == c.Lo) || (c.HiOpen && v == c.Hi) {
		return false
	}
	return true
}

// MatchAll reports whether s meets every condition.
func MatchAll(conds []Cond, s Sample) bool {
	for _, c := range conds {
		if !c.Match(s) {
			return false
		}
	}
	return s.Error == ""
}
