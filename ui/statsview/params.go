package statsview

import (
	"fmt"
	"math"
	"strconv"

	"hewn/chain"
	"hewn/projects/stats"
)

// paramOption is a parameter of a chain's top-level step that a search can
// vary: a number with a declared range, a choice, a switch.
type paramOption struct {
	// Path names it as errors and `hewn tune --vary` do:
	// "steps[0].params.tries"; Label as a menu lists it: "1 bsp_dungeon ·
	// Tries".
	Path, Label string
	Step        int
	Param       chain.Param
}

// varyable lists the parameters of c's enabled top-level steps that a search
// can vary, those of step first (the selected one) before the others in
// order.
func varyable(c *chain.Chain, first int) []paramOption {
	if c == nil {
		return nil
	}
	var mine, rest []paramOption
	for i, st := range c.Steps {
		spec, ok := chain.Lookup(st.Builder)
		if !ok || st.Disabled {
			continue
		}
		for _, p := range spec.Params {
			if !canVary(p) {
				continue
			}
			label := p.Label
			if label == "" {
				label = p.Name
			}
			o := paramOption{Path: fmt.Sprintf("steps[%d].params.%s", i, p.Name), Step: i, Param: p,
				Label: fmt.Sprintf("%d %s · %s", i+1, st.Builder, label)}
			if i == first {
				mine = append(mine, o)
			} else {
				rest = append(rest, o)
			}
		}
	}
	return append(mine, rest...)
}

// canVary says a search can vary p over a range it declares: a number with
// a range, an enum, a region, a position's names, a switch.
func canVary(p chain.Param) bool {
	switch p.Type.Base() {
	case chain.Int, chain.Float:
		return p.HasRange()
	case chain.Bool, chain.Enum, chain.EnumOrNumber:
		return true
	}
	return false
}

// defaultRange is a parameter's whole declared range as the form's two ends:
// its min and max (whole numbers for an integer), or its first and last
// choice.
func defaultRange(p chain.Param) (lo, hi string) {
	switch p.Type.Base() {
	case chain.Int:
		return strconv.Itoa(int(math.Ceil(p.Min))), strconv.Itoa(int(math.Floor(p.Max)))
	case chain.Float:
		return chart0(p.Min), chart0(p.Max)
	case chain.Bool:
		return "false", "true"
	}
	choices := p.Choices
	if p.Type == chain.Region && len(choices) == 0 {
		choices = chain.RegionNames()
	}
	if len(choices) == 0 {
		return "", ""
	}
	return choices[0], choices[len(choices)-1]
}

// chart0 words a float for an entry (no trailing zeros).
func chart0(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// resolveAll checks the varied parameters against c (stats.Resolve): each
// an error naming the path and the value.
func resolveAll(c *chain.Chain, vs []stats.Vary) ([]stats.Dim, error) {
	dims := make([]stats.Dim, 0, len(vs))
	for _, v := range vs {
		d, err := stats.Resolve(c, v)
		if err != nil {
			return nil, err
		}
		dims = append(dims, d)
	}
	return dims, nil
}

// paramsText words a variant's parameter values in the order of dims:
// "tries=45, sort=leftmost" (a parameter by its name; the step's number when
// two share one).
func paramsText(dims []stats.Dim, params map[string]any) string {
	names := map[string]int{}
	for _, d := range dims {
		names[d.Param.Name]++
	}
	s := ""
	for i, d := range dims {
		if i > 0 {
			s += ", "
		}
		name := d.Param.Name
		if names[name] > 1 {
			name = d.Path
		}
		s += name + "=" + valueText(params[d.Path])
	}
	return s
}

// valueText words a parameter value as --vary takes it.
func valueText(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'g', 6, 64)
	case nil:
		return "?"
	}
	return fmt.Sprint(v)
}
