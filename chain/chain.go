package chain

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"hewn/chain/jsonfile"
)

// Map size limits and the sub-chain nesting limit.
const (
	MinSize    = 8
	MaxSize    = 4096
	MaxNesting = 16
)

// Input limits of every chain and project loader (DESIGN.md, Limits).
const (
	// MaxFileSize is the largest chain or project file accepted (16 MiB),
	// refused before it is parsed.
	MaxFileSize = 16 << 20
	// MaxSteps is the most steps one step list may hold.
	MaxSteps = 10_000
)

// FileLimit is the size limit and name of chain and project files, for
// jsonfile.ReadFile: "FILE: the file is 50 MiB; chain and project files are
// at most 16 MiB".
var FileLimit = jsonfile.Limit{Max: MaxFileSize, Noun: "a chain or project file", Plural: "chain and project files"}

// Step is one builder invocation in a chain.
type Step struct {
	Builder string
	// Params holds the explicitly set parameters, checked and normalised (see Values).
	Params map[string]any
	// Disabled steps stay in the chain but are skipped when it runs.
	Disabled bool
	// Note is the designer's free text.
	Note string
	// ID, when not empty, is the step's random-stream key (see StepKeys): a step
	// with an ID keeps its stream wherever it moves. At most MaxIDLen letters,
	// digits, '_', '-' or '.', unique within its step list.
	ID string
	// Raw, when not nil, is a step that did not load (see DecodeKeep): its
	// JSON as the file holds it, written back unchanged; Err says why it did
	// not load. Check reports it and a run refuses it unless it is disabled.
	Raw json.RawMessage
	Err string
	// errs are Err's problems, each at its key in the step ("params.x").
	errs Problems
}

// Enabled reports whether the step runs.
func (s Step) Enabled() bool { return !s.Disabled }

// Clone returns a deep copy of s (nested steps included).
func (s Step) Clone() Step {
	c := s
	c.Raw = slices.Clone(s.Raw)
	if s.Params != nil {
		c.Params = make(map[string]any, len(s.Params))
		for k, v := range s.Params {
			switch x := v.(type) {
			case []string:
				v = slices.Clone(x)
			case []int:
				v = slices.Clone(x)
			case []Step:
				v = cloneSteps(x)
			case []PaintCell:
				v = slices.Clone(x)
			}
			c.Params[k] = v
		}
	}
	return c
}

func cloneSteps(steps []Step) []Step {
	if steps == nil {
		return nil
	}
	out := make([]Step, len(steps))
	for i, s := range steps {
		out[i] = s.Clone()
	}
	return out
}

// MarshalJSON writes {"builder", "id" (only when set), "enabled" (only when false), "note", "params"}.
//
// A step that did not load (Raw) is written as the file held it.
func (s Step) MarshalJSON() ([]byte, error) {
	if s.Raw != nil {
		return s.Raw, nil
	}
	type out struct {
		Builder string         `json:"builder"`
		ID      string         `json:"id,omitempty"`
		Enabled *bool          `json:"enabled,omitempty"`
		Note    string         `json:"note,omitempty"`
		Params  map[string]any `json:"params,omitempty"`
	}
	o := out{Builder: s.Builder, ID: s.ID, Note: s.Note, Params: s.Params}
	if s.Disabled {
		f := false
		o.Enabled = &f
	}
	return json.Marshal(o)
}

// Chain is one level's recipe: a map size, a depth and the steps that build it.
type Chain struct {
	Name   string `json:"name,omitempty"`
	Depth  int    `json:"depth"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Steps  []Step `json:"steps"`
}

// Clone returns a deep copy of c.
func (c *Chain) Clone() *Chain {
	d := *c
	d.Steps = cloneSteps(c.Steps)
	return &d
}

// Encode writes c as a chain file ("format": ChainFormat first) in Hewn's
// compact layout (see jsonfile.Layout): stable key order, one step per line
// when it fits, so chain files diff well; decoding and encoding again gives
// the same bytes.
func (c *Chain) Encode(w io.Writer) error {
	b, err := jsonfile.Layout(struct {
		Format string `json:"format"`
		*Chain
	}{ChainFormat, c})
	if err != nil {
		return fmt.Errorf("chain: %w", err)
	}
	_, err = w.Write(b)
	return err
}

// Decode reads a chain from JSON, checking every builder name, parameter key,
// type and range. Errors name the step and key (and line:column for syntax
// errors). Input over MaxFileSize is refused unread.
func Decode(r io.Reader) (*Chain, error) {
	data, err := jsonfile.Read(r, FileLimit)
	if err != nil {
		return nil, fmt.Errorf("chain: %w", err)
	}
	return DecodeJSON(data, "")
}

// DecodeJSON decodes a chain held in data; prefix is prepended to every error path
// (e.g. "levels[2].chain" when the chain is embedded in a project). A whole
// file (prefix "") first passes CheckJSON: size, encoding (a UTF-8 byte-order
// mark is skipped), duplicate keys and nesting; an embedded chain has passed
// it with its file.
func DecodeJSON(data []byte, prefix string) (*Chain, error) {
	var d decoder
	return d.decode(data, prefix)
}

// decode is DecodeJSON (or DecodeKeep, when d keeps broken steps).
func (d *decoder) decode(data []byte, prefix string) (*Chain, error) {
	if prefix == "" {
		var err error
		if data, err = CheckJSON(data); err != nil {
			return nil, err
		}
	}
	raw, err := jsonfile.UnmarshalMembers(data)
	if err != nil {
		var se *jsonfile.SyntaxError
		if prefix == "" || !errors.As(err, &se) {
			return nil, err // a *SyntaxError located in data
		}
		return nil, Problems{{Path: prefix, Msg: se.Msg, Step: -1}}
	}
	if raw == nil {
		return nil, Problems{{Path: prefix, Msg: "a chain must be a JSON object", Step: -1}}
	}
	d.prefix = prefix
	c := &Chain{Depth: 1, Width: 80, Height: 50}
	if f, ok := raw.Get(jsonfile.FormatKey); ok && prefix == "" {
		// A chain file names its format (an older one has none); a chain
		// inside a project has the project's.
		if _, err := jsonfile.ReadFormat(f, ChainFormat); err != nil {
			return nil, err
		}
	}
	for _, m := range raw {
		k, v := m.Key, m.Val
		if k == jsonfile.FormatKey && prefix == "" {
			continue // read above
		}
		switch k {
		case "name":
			d.field(k, v, &c.Name)
		case "depth":
			d.intField(k, v, &c.Depth, 0, 1000)
		case "width":
			d.intField(k, v, &c.Width, MinSize, MaxSize)
		case "height":
			d.intField(k, v, &c.Height, MinSize, MaxSize)
		case "steps":
			c.Steps = d.steps(v, join(prefix, "steps"), 0, -1)
		default:
			want := "name, depth, width, height, steps"
			if prefix == "" {
				want = "format, " + want
			}
			d.add(join(prefix, k), -1, "unknown key %q (want %s)", k, want)
		}
	}
	if _, ok := raw.Get("steps"); !ok {
		d.add(join(prefix, "steps"), -1, "missing (a chain needs a list of steps)")
	}
	if len(d.probs) > 0 {
		return nil, jsonfile.CapProblems(d.probs, jsonfile.MaxProblems)
	}
	return c, nil
}

type decoder struct {
	prefix string
	probs  Problems
	// n counts every problem added (those the cap leaves out too).
	n int
	// keep keeps a step that does not load instead of failing (see
	// DecodeKeep); kept holds those steps' problems.
	keep bool
	kept Problems
}

func (d *decoder) add(path string, step int, format string, args ...any) {
	d.n++
	if len(d.probs) >= jsonfile.MaxProblems {
		// Count the rest without formatting them: a huge bad file stays cheap.
		if n := len(d.probs) - 1; d.probs[n].Omitted > 0 {
			d.probs[n] = jsonfile.MoreProblems(d.probs[n].Omitted + 1)
			return
		}
		d.probs = append(d.probs, jsonfile.MoreProblems(1))
		return
	}
	d.probs = append(d.probs, Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: step})
}

func (d *decoder) field(k string, v json.RawMessage, dst *string) {
	if err := jsonfile.UnmarshalString(v, dst); err != nil {
		d.add(join(d.prefix, k), -1, "%s is not a string", string(v))
	}
}

func (d *decoder) intField(k string, v json.RawMessage, dst *int, lo, hi int) {
	p := Param{Type: Int, Min: float64(lo), Max: float64(hi)}
	x, err := jsonfile.UnmarshalAny(v)
	if err != nil {
		d.add(join(d.prefix, k), -1, "%v", err)
		return
	}
	n, err := p.Check(x)
	if err != nil {
		d.add(join(d.prefix, k), -1, "%v", err)
		return
	}
	*dst = n.(int)
}

// steps decodes a step list at path; top is the index of the enclosing top-level step (-1 at top level).
func (d *decoder) steps(v json.RawMessage, path string, depth, top int) []Step {
	list, err := jsonfile.SplitArray(v)
	if err != nil || list == nil {
		d.add(path, top, "%s is not a list of steps", abbrev(v))
		return nil
	}
	if len(list) > MaxSteps {
		d.add(path, top, "%d steps; a step list holds at most %d", len(list), MaxSteps)
		return nil
	}
	out := make([]Step, 0, len(list))
	ids := map[string]string{} // id -> path of the step that has it
	for i, sv := range list {
		t := top
		if t < 0 {
			t = i
		}
		sp := fmt.Sprintf("%s[%d]", path, i)
		if s, ok := d.step(sv, sp, depth, t); ok {
			if s.ID != "" {
				if first, dup := ids[s.ID]; dup {
					if d.keep {
						s = d.brokenStep(sv, Problem{Path: sp + ".id", Step: t,
							Msg: fmt.Sprintf("%q is already the id of %s (ids are unique within a step list)", s.ID, first)})
						out = append(out, s)
						continue
					}
					d.add(sp+".id", t, "%q is already the id of %s (ids are unique within a step list)", s.ID, first)
				} else {
					ids[s.ID] = sp
				}
			}
			out = append(out, s)
		}
	}
	return out
}

// parseStep decodes the step v at path (see step).
func (d *decoder) parseStep(v json.RawMessage, path string, depth, top int) (Step, bool) {
	raw, err := jsonfile.SplitMembers(v)
	if err != nil || raw == nil {
		d.add(path, top, "%s is not a step object", abbrev(v))
		return Step{}, false
	}
	var s Step
	for _, m := range raw {
		switch k, v := m.Key, m.Val; k {
		case "builder", "params":
		case "enabled":
			var b bool
			if err := jsonfile.UnmarshalBool(v, &b); err != nil {
				d.add(path+".enabled", top, "%s is not true or false", abbrev(v))
			}
			s.Disabled = !b
		case "note":
			if err := jsonfile.UnmarshalString(v, &s.Note); err != nil {
				d.add(path+".note", top, "%s is not a string", abbrev(v))
			}
		case "id":
			if err := jsonfile.UnmarshalString(v, &s.ID); err != nil {
				d.add(path+".id", top, "%s is not a string", abbrev(v))
			} else if err := CheckID(s.ID); err != nil {
				d.add(path+".id", top, "%v", err)
			}
		default:
			d.add(path, top, "unknown key %q (want builder, id, params, enabled, note)", k)
		}
	}
	bv, ok := raw.Get("builder")
	if !ok {
		d.add(path+".builder", top, "missing")
		return Step{}, false
	}
	if err := jsonfile.UnmarshalString(bv, &s.Builder); err != nil {
		d.add(path+".builder", top, "%s is not a string", abbrev(bv))
		return Step{}, false
	}
	spec, ok := Lookup(s.Builder)
	if !ok {
		d.add(path+".builder", top, "unknown builder %q", s.Builder)
		return Step{}, false
	}
	var params jsonfile.Members
	if pv, ok := raw.Get("params"); ok && string(pv) != "null" {
		if params, err = jsonfile.SplitMembers(pv); err != nil || params == nil {
			d.add(path+".params", top, "%s is not an object", abbrev(pv))
			return Step{}, false
		}
	}
	before := len(d.probs)
	for _, m := range params {
		k := m.Key
		pp := path + ".params." + k
		p, ok := spec.Param(k)
		if !ok {
			names := make([]string, len(spec.Params))
			for i, q := range spec.Params {
				names[i] = q.Name
			}
			want := "it takes no parameters"
			if len(names) > 0 {
				want = "want " + strings.Join(names, ", ")
			}
			d.add(pp, top, "unknown parameter %q for %s (%s)", k, s.Builder, want)
			continue
		}
		if s.Params == nil {
			s.Params = map[string]any{}
		}
		if p.Type == Steps {
			if depth+1 > MaxNesting {
				d.add(pp, top, "sub-chains nest deeper than %d", MaxNesting)
				continue
			}
			s.Params[k] = d.steps(m.Val, pp, depth+1, top)
			continue
		}
		x, err := jsonfile.UnmarshalAny(m.Val)
		if err != nil {
			d.add(pp, top, "%v", err)
			continue
		}
		val, err := p.Check(x)
		if err != nil {
			d.add(pp, top, "%v", err)
			continue
		}
		s.Params[k] = val
	}
	if len(d.probs) == before {
		if _, err := spec.New(spec.Resolve(s.Params)); err != nil {
			// "min_size: 12 is greater than max_size 6" is about min_size
			at, msg := path+".params", err.Error()
			if name, rest, ok := strings.Cut(msg, ": "); ok {
				if _, known := spec.Param(name); known {
					at, msg = at+"."+name, rest
				}
			}
			d.add(at, top, "%s", msg)
		}
	}
	return s, true
}

// NewStep returns a step for the named builder with its params checked, for
// programs and the editor. Params may use plain Go values (int, float64, []string, ...).
func NewStep(builder string, params map[string]any) (Step, error) {
	spec, ok := Lookup(builder)
	if !ok {
		return Step{}, fmt.Errorf("chain: unknown builder %q", builder)
	}
	s := Step{Builder: builder}
	for _, k := range sortedKeys(params) {
		p, ok := spec.Param(k)
		if !ok {
			return Step{}, fmt.Errorf("chain: %s: unknown parameter %q", builder, k)
		}
		v, err := p.Check(params[k])
		if err != nil {
			return Step{}, fmt.Errorf("chain: %s.%s: %w", builder, k, err)
		}
		if s.Params == nil {
			s.Params = map[string]any{}
		}
		s.Params[k] = v
	}
	if _, err := spec.New(spec.Resolve(s.Params)); err != nil {
		return Step{}, fmt.Errorf("chain: %s: %w", builder, err)
	}
	return s, nil
}

func join(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

func abbrev(v json.RawMessage) string { return jsonfile.Excerpt(v) }

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// CheckJSON prepares a whole chain or project file for decoding: it refuses
// one over MaxFileSize, checks its encoding (a UTF-8 byte-order mark is
// dropped), and refuses duplicate keys and nesting deeper than
// jsonfile.MaxDepth, each a *jsonfile.SyntaxError at the offending key or
// bracket that names the JSON path ("duplicate key "width" in
// steps[0].params"). Malformed JSON passes (the decoder reports it with its
// line and column). See jsonfile.Check.
func CheckJSON(data []byte) ([]byte, error) {
	if err := FileLimit.CheckSize(int64(len(data))); err != nil {
		return nil, err
	}
	return jsonfile.Check(data)
}
