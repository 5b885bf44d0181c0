package stats

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"hewn/chain"
)

// Vary is one `--vary PATH=LO..HI` as written, before it is checked against
// a chain (Resolve).
type Vary struct {
	// Path names the parameter as errors do: "steps[2].params.tries", nested
	// "steps[3].params.steps[0].params.seeds".
	Path string
	// Lo and Hi bound the values (equal for one value); All is PATH=* (the
	// parameter's whole declared range or every choice).
	Lo, Hi string
	All    bool
}

// String is the flag's value, "PATH=LO..HI".
func (v Vary) String() string {
	switch {
	case v.All:
		return v.Path + "=*"
	case v.Lo == v.Hi:
		return v.Path + "=" + v.Lo
	}
	return v.Path + "=" + v.Lo + ".." + v.Hi
}

var pathRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^steps\[(\d+)\]((?:\.params\.[a-z_][a-z0-9_]*\[\d+\])*)\.params\.([a-z_][a-z0-9_]*)$`)
})
var nestRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\.params\.([a-z_][a-z0-9_]*)\[(\d+)\]`) })

// ParseVary parses "PATH=LO..HI", "PATH=V" (one value) or "PATH=*"; the
// error says what is wrong with the text (a usage error: the chain is not
// looked at yet).
func ParseVary(s string) (Vary, error) {
	path, rng, ok := strings.Cut(s, "=")
	if !ok || path == "" || rng == "" {
		return Vary{}, fmt.Errorf("%q is not PATH=LO..HI (e.g. steps[2].params.iterations=5..20)", s)
	}
	if !pathRE().MatchString(path) {
		return Vary{}, fmt.Errorf("%q: the path %q is not steps[N].params.NAME (nested: steps[N].params.steps[M].params.NAME)", s, path)
	}
	if rng == "*" {
		return Vary{Path: path, All: true}, nil
	}
	lo, hi, isRange := strings.Cut(rng, "..")
	if !isRange {
		hi = lo
	}
	if lo == "" || hi == "" {
		return Vary{}, fmt.Errorf("%q: the range %q is not LO..HI, one value or *", s, rng)
	}
	return Vary{Path: path, Lo: lo, Hi: hi}, nil
}

// Dim is a parameter a search varies, checked against the chain's
// descriptors: a numeric range (Int: whole numbers) or a list of choices
// (enums in declared order, false/true, a position's names).
type Dim struct {
	Path  string
	Param chain.Param
	// Numeric dims take values in [Lo, Hi] (Int: whole numbers only).
	Numeric bool
	Int     bool
	Lo, Hi  float64
	// Choices are a categorical dim's values (string or bool).
	Choices []any
	// where locates the step: the top-level index, then per nesting level the
	// list parameter's name and the index in it.
	where []stepRef
}

type stepRef struct {
	key string // "" for the chain's own steps
	idx int
}

// Type names the dim's values in an archive: "int", "float", "bool" or "enum".
func (d Dim) Type() string {
	switch {
	case d.Numeric && d.Int:
		return "int"
	case d.Numeric:
		return "float"
	case len(d.Choices) > 0:
		if _, ok := d.Choices[0].(bool); ok {
			return "bool"
		}
	}
	return "enum"
}

// Size is how many distinct values the dim takes (0: a continuum).
func (d Dim) Size() int {
	switch {
	case !d.Numeric:
		return len(d.Choices)
	case d.Int:
		return int(d.Hi-d.Lo) + 1
	case d.Lo == d.Hi:
		return 1
	}
	return 0
}

// Resolve checks v against c: the step exists (nested steps too), the
// parameter is one its builder declares and can be varied (int, float, bool,
// enum, region, position), and both ends are values the parameter takes
// (in its range, one of its choices). The error names the path and the
// value; it is the input's fault, not the flag's syntax.
func Resolve(c *chain.Chain, v Vary) (Dim, error) {
	m := pathRE().FindStringSubmatch(v.Path)
	if m == nil {
		return Dim{}, fmt.Errorf("%s: not steps[N].params.NAME", v.Path)
	}
	top, _ := strconv.Atoi(m[1])
	d := Dim{Path: v.Path, where: []stepRef{{"", top}}}
	for _, n := range nestRE().FindAllStringSubmatch(m[2], -1) {
		i, _ := strconv.Atoi(n[2])
		d.where = append(d.where, stepRef{n[1], i})
	}
	name := m[3]
	step, where, err := d.locate(c.Steps)
	if err != nil {
		return Dim{}, err
	}
	if step.Disabled {
		return Dim{}, fmt.Errorf("%s: the step is disabled (enable it to vary its parameters)", where)
	}
	spec, ok := chain.Lookup(step.Builder)
	if !ok {
		return Dim{}, fmt.Errorf("%s.builder: unknown builder %q", where, step.Builder)
	}
	p, ok := spec.Param(name)
	if !ok {
		names := make([]string, len(spec.Params))
		for i, q := range spec.Params {
			names[i] = q.Name
		}
		return Dim{}, fmt.Errorf("%s: %s has no parameter %q (it has %s)", v.Path, step.Builder, name, strings.Join(names, ", "))
	}
	d.Param = p
	switch p.Type.Base() {
	case chain.Int, chain.Float:
		d.Numeric, d.Int = true, p.Type.Base() == chain.Int
	case chain.Bool:
		d.Choices = []any{false, true}
	case chain.Enum:
		d.Choices = toAny(enumChoices(p))
	case chain.EnumOrNumber:
		_, loErr := strconv.ParseFloat(v.Lo, 64)
		d.Numeric, d.Int = v.All || loErr == nil, true
		if v.All || loErr != nil {
			d.Numeric = false
			d.Choices = toAny(p.Choices)
		}
	default:
		return Dim{}, fmt.Errorf("%s: %s is a %s parameter; only int, float, bool, enum, region and position parameters can be varied", v.Path, name, p.Type)
	}
	if d.Numeric {
		return d.numeric(v)
	}
	return d.categorical(v)
}

func enumChoices(p chain.Param) []string {
	if p.Type == chain.Region && len(p.Choices) == 0 {
		return chain.RegionNames()
	}
	return p.Choices
}

func toAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// locate finds the step d names in steps, and its path for messages.
func (d Dim) locate(steps []chain.Step) (*chain.Step, string, error) {
	where := "steps"
	var st *chain.Step
	for k, r := range d.where {
		if k > 0 {
			sub, ok := st.Params[r.key].([]chain.Step)
			if !ok {
				spec, _ := chain.Lookup(st.Builder)
				if p, has := spec.Param(r.key); !has || p.Type != chain.Steps {
					return nil, "", fmt.Errorf("%s.params.%s: %s has no nested steps %q", where, r.key, st.Builder, r.key)
				}
			}
			steps = sub
			where += ".params." + r.key
		}
		if r.idx >= len(steps) {
			return nil, "", fmt.Errorf("%s[%d]: there is no such step (the list has %d)", where, r.idx, len(steps))
		}
		st = &steps[r.idx]
		where += "[" + strconv.Itoa(r.idx) + "]"
	}
	return st, where, nil
}

func (d Dim) numeric(v Vary) (Dim, error) {
	p := d.Param
	if v.All {
		if !p.HasRange() {
			return Dim{}, fmt.Errorf("%s: %s has no declared range; give one: %s=LO..HI", d.Path, p.Name, d.Path)
		}
		d.Lo, d.Hi = p.Min, p.Max
		if d.Int {
			d.Lo, d.Hi = math.Ceil(d.Lo), math.Floor(d.Hi)
		}
		return d, nil
	}
	end := func(s string) (float64, error) {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return 0, fmt.Errorf("%s: %q is not a number", d.Path, s)
		}
		var x any = f
		if d.Int {
			if f != math.Trunc(f) {
				return 0, fmt.Errorf("%s: %q is not an integer", d.Path, s)
			}
			x = int(f)
		}
		if _, err := p.Check(x); err != nil {
			return 0, fmt.Errorf("%s: %v", d.Path, err)
		}
		return f, nil
	}
	var err error
	if d.Lo, err = end(v.Lo); err != nil {
		return Dim{}, err
	}
	if d.Hi, err = end(v.Hi); err != nil {
		return Dim{}, err
	}
	if d.Lo > d.Hi {
		return Dim{}, fmt.Errorf("%s: the range %s..%s is empty (LO above HI)", d.Path, v.Lo, v.Hi)
	}
	return d, nil
}

func (d Dim) categorical(v Vary) (Dim, error) {
	if v.All {
		return d, nil
	}
	index := func(s string) (int, error) {
		i := slices.IndexFunc(d.Choices, func(c any) bool { return fmt.Sprint(c) == s })
		if i < 0 {
			words := make([]string, len(d.Choices))
			for k, c := range d.Choices {
				words[k] = fmt.Sprint(c)
			}
			return 0, fmt.Errorf("%s: %q is not one of %s", d.Path, s, strings.Join(words, ", "))
		}
		return i, nil
	}
	lo, err := index(v.Lo)
	if err != nil {
		return Dim{}, err
	}
	hi, err := index(v.Hi)
	if err != nil {
		return Dim{}, err
	}
	if lo > hi {
		return Dim{}, fmt.Errorf("%s: the range %s..%s is empty (%s comes after %s among the choices)", d.Path, v.Lo, v.Hi, v.Lo, v.Hi)
	}
	d.Choices = slices.Clone(d.Choices[lo : hi+1])
	return d, nil
}

// Apply returns a copy of c with each dim's parameter set to the matching
// value (int, float64, bool or string), checked by the builders (a
// combination a builder refuses is an error naming the step).
func Apply(c *chain.Chain, dims []Dim, values []any) (*chain.Chain, error) {
	out := c.Clone()
	for k, d := range dims {
		st, _, err := d.locate(out.Steps)
		if err != nil {
			return nil, err
		}
		val, err := d.Param.Check(values[k])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", d.Path, err)
		}
		if st.Params == nil {
			st.Params = map[string]any{}
		}
		st.Params[d.Param.Name] = val
	}
	for _, d := range dims {
		st, where, _ := d.locate(out.Steps)
		spec, _ := chain.Lookup(st.Builder)
		if _, err := spec.New(spec.Resolve(st.Params)); err != nil {
			return nil, fmt.Errorf("%s.params: %v", where, err)
		}
	}
	return out, nil
}
