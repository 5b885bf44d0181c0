package chain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// Map size limits and the sub-chain nesting limit.
const (
	MinSize    = 8
	MaxSize    = 4096
	MaxNesting = 16
)

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
}

// Enabled reports whether the step runs.
func (s Step) Enabled() bool { return !s.Disabled }

// Clone returns a deep copy of s (nested steps included).
func (s Step) Clone() Step {
	c := s
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
func (s Step) MarshalJSON() ([]byte, error) {
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

// Encode writes c as JSON in Hewn's compact layout (see FormatJSON): stable key
// order, one step per line when it fits, so chain files diff well; decoding and
// encoding again gives the same bytes.
func (c *Chain) Encode(w io.Writer) error {
	b, err := FormatJSON(c)
	if err != nil {
		return fmt.Errorf("chain: %w", err)
	}
	_, err = w.Write(b)
	return err
}

// Problem is one thing wrong with a chain, located by its JSON path.
type Problem struct {
	// Path is the JSON path ("steps[1].params.x"), or "line L:C" for syntax errors.
	Path string
	Msg  string
	// Step is the index of the top-level step concerned, or -1.
	Step int
}

// Error formats the problem as "path: message".
func (p Problem) Error() string {
	if p.Path == "" {
		return p.Msg
	}
	return p.Path + ": " + p.Msg
}

// Problems is a list of problems; as an error it prints one per line.
type Problems []Problem

// Error joins the problems, one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// Decode reads a chain from JSON, checking every builder name, parameter key,
// type and range. Errors name the step and key (and line:column for syntax errors).
func Decode(r io.Reader) (*Chain, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("chain: %w", err)
	}
	return DecodeJSON(data, "")
}

// DecodeJSON decodes a chain held in data; prefix is prepended to every error path
// (e.g. "levels[2].chain" when the chain is embedded in a project).
func DecodeJSON(data []byte, prefix string) (*Chain, error) {
	var raw map[string]json.RawMessage
	if err := unmarshal(data, &raw); err != nil {
		var se *SyntaxError
		if prefix == "" || !errors.As(err, &se) {
			return nil, err // a *SyntaxError located in data
		}
		return nil, Problems{{Path: prefix, Msg: se.Msg, Step: -1}}
	}
	if raw == nil {
		return nil, Problems{{Path: prefix, Msg: "a chain must be a JSON object", Step: -1}}
	}
	d := decoder{prefix: prefix}
	c := &Chain{Depth: 1, Width: 80, Height: 50}
	for _, k := range sortedKeys(raw) {
		v := raw[k]
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
			d.add(join(prefix, k), -1, "unknown key %q (want name, depth, width, height, steps)", k)
		}
	}
	if _, ok := raw["steps"]; !ok {
		d.add(join(prefix, "steps"), -1, "missing (a chain needs a list of steps)")
	}
	if len(d.probs) > 0 {
		return nil, d.probs
	}
	return c, nil
}

type decoder struct {
	prefix string
	probs  Problems
}

func (d *decoder) add(path string, step int, format string, args ...any) {
	d.probs = append(d.probs, Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: step})
}

func (d *decoder) field(k string, v json.RawMessage, dst *string) {
	if err := json.Unmarshal(v, dst); err != nil {
		d.add(join(d.prefix, k), -1, "%s is not a string", string(v))
	}
}

func (d *decoder) intField(k string, v json.RawMessage, dst *int, lo, hi int) {
	p := Param{Type: Int, Min: float64(lo), Max: float64(hi)}
	var x any
	if err := unmarshal(v, &x); err != nil {
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
	var list []json.RawMessage
	if err := json.Unmarshal(v, &list); err != nil || list == nil {
		d.add(path, top, "%s is not a list of steps", abbrev(v))
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

func (d *decoder) step(v json.RawMessage, path string, depth, top int) (Step, bool) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(v, &raw); err != nil || raw == nil {
		d.add(path, top, "%s is not a step object", abbrev(v))
		return Step{}, false
	}
	var s Step
	for _, k := range sortedKeys(raw) {
		switch k {
		case "builder", "params":
		case "enabled":
			var b bool
			if err := json.Unmarshal(raw[k], &b); err != nil {
				d.add(path+".enabled", top, "%s is not true or false", abbrev(raw[k]))
			}
			s.Disabled = !b
		case "note":
			if err := json.Unmarshal(raw[k], &s.Note); err != nil {
				d.add(path+".note", top, "%s is not a string", abbrev(raw[k]))
			}
		case "id":
			if err := json.Unmarshal(raw[k], &s.ID); err != nil {
				d.add(path+".id", top, "%s is not a string", abbrev(raw[k]))
			} else if err := CheckID(s.ID); err != nil {
				d.add(path+".id", top, "%v", err)
			}
		default:
			d.add(path, top, "unknown key %q (want builder, id, params, enabled, note)", k)
		}
	}
	bv, ok := raw["builder"]
	if !ok {
		d.add(path+".builder", top, "missing")
		return Step{}, false
	}
	if err := json.Unmarshal(bv, &s.Builder); err != nil {
		d.add(path+".builder", top, "%s is not a string", abbrev(bv))
		return Step{}, false
	}
	spec, ok := Lookup(s.Builder)
	if !ok {
		d.add(path+".builder", top, "unknown builder %q", s.Builder)
		return Step{}, false
	}
	var params map[string]json.RawMessage
	if pv, ok := raw["params"]; ok && string(pv) != "null" {
		if err := json.Unmarshal(pv, &params); err != nil || params == nil {
			d.add(path+".params", top, "%s is not an object", abbrev(pv))
			return Step{}, false
		}
	}
	before := len(d.probs)
	for _, k := range sortedKeys(params) {
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
			s.Params[k] = d.steps(params[k], pp, depth+1, top)
			continue
		}
		var x any
		if err := unmarshal(params[k], &x); err != nil {
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
			d.add(path+".params", top, "%v", err)
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

// UnmarshalJSON decodes one JSON value from data into dst with numbers kept exact
// (json.Number); a syntax error, a value of the wrong type or trailing data is a
// *SyntaxError located by line and column.
func UnmarshalJSON(data []byte, dst any) error { return unmarshal(data, dst) }

// Excerpt shortens a raw JSON value for an error message.
func Excerpt(v json.RawMessage) string { return abbrev(v) }

// unmarshal decodes JSON with numbers kept exact; errors are *SyntaxError.
func unmarshal(data []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := dec.Decode(dst)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			return syntaxAt(data, dec.InputOffset(), "unexpected data after the top-level value")
		}
		return nil
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return syntaxAt(data, max(se.Offset-1, 0), se.Error())
	case errors.As(err, &te):
		return syntaxAt(data, te.Offset, fmt.Sprintf("%s is not %s", te.Value, typeWord(te.Type)))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return syntaxAt(data, int64(len(data)), "unexpected end of JSON")
	}
	return err
}

// syntaxAt returns a *SyntaxError at byte offset off of data.
func syntaxAt(data []byte, off int64, msg string) *SyntaxError {
	line, col := lineCol(data, off)
	return &SyntaxError{Line: line, Column: col, Msg: msg}
}

func typeWord(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	}
	return "a number"
}

// LineCol formats the 1-based line and column (in characters) of byte offset
// off in data as "L:C".
func LineCol(data []byte, off int64) string {
	line, col := lineCol(data, off)
	return fmt.Sprintf("%d:%d", line, col)
}

func lineCol(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	line, col = 1, 1
	for _, b := range data[:off] {
		switch {
		case b == '\n':
			line, col = line+1, 1
		case b&0xC0 != 0x80: // not a UTF-8 continuation byte
			col++
		}
	}
	return line, col
}

func join(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

func abbrev(v json.RawMessage) string {
	s := strings.TrimSpace(string(v))
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
