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
	"unicode/utf8"
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
	// MaxJSONDepth is the deepest bracket nesting a chain or project file may
	// have: far more than 16 nested sub-chains need.
	MaxJSONDepth = 256
	// MaxProblems is how many problems a loader reports before it sums up the
	// rest as "and N more problems".
	MaxProblems = 200
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
	// Warning marks something suspicious but valid (Check's empty step list, a
	// section placed past the map's edge): it is reported and does not stop a run.
	Warning bool
	// Omitted, when positive, marks a summary standing for that many further
	// problems left out of the list (see CapProblems); Msg says so.
	Omitted int
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

// CapProblems keeps the first n of ps and sums up the rest in one final
// problem, "and K more problems" (its Omitted is K); summaries already in ps
// count for what they stand for. Loaders cap what they report at MaxProblems.
func CapProblems(ps Problems, n int) Problems {
	kept, more := make(Problems, 0, min(len(ps), n+1)), 0
	for _, p := range ps {
		switch {
		case p.Omitted > 0:
			more += p.Omitted
		case len(kept) < n:
			kept = append(kept, p)
		default:
			more++
		}
	}
	if more > 0 {
		kept = append(kept, Problem{Msg: moreMsg(more), Step: -1, Omitted: more})
	}
	return kept
}

func moreMsg(n int) string {
	if n == 1 {
		return "and 1 more problem"
	}
	return fmt.Sprintf("and %d more problems", n)
}

// Decode reads a chain from JSON, checking every builder name, parameter key,
// type and range. Errors name the step and key (and line:column for syntax
// errors). Input over MaxFileSize is refused unread.
func Decode(r io.Reader) (*Chain, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("chain: %w", err)
	}
	if len(data) > MaxFileSize {
		return nil, CheckFileSize(int64(len(data)))
	}
	return DecodeJSON(data, "")
}

// DecodeJSON decodes a chain held in data; prefix is prepended to every error path
// (e.g. "levels[2].chain" when the chain is embedded in a project). A whole
// file (prefix "") first passes CheckJSON: size, encoding (a UTF-8 byte-order
// mark is skipped), duplicate keys and nesting; an embedded chain has passed
// it with its file.
func DecodeJSON(data []byte, prefix string) (*Chain, error) {
	if prefix == "" {
		var err error
		if data, err = CheckJSON(data); err != nil {
			return nil, err
		}
	}
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
		return nil, CapProblems(d.probs, MaxProblems)
	}
	return c, nil
}

type decoder struct {
	prefix string
	probs  Problems
}

func (d *decoder) add(path string, step int, format string, args ...any) {
	if len(d.probs) >= MaxProblems {
		// Count the rest without formatting them: a huge bad file stays cheap.
		if n := len(d.probs) - 1; d.probs[n].Omitted > 0 {
			d.probs[n].Omitted++
			d.probs[n].Msg = moreMsg(d.probs[n].Omitted)
			return
		}
		d.probs = append(d.probs, Problem{Msg: moreMsg(1), Step: -1, Omitted: 1})
		return
	}
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

// CheckFileSize refuses a chain or project file of size bytes over MaxFileSize
// (nil when it is within the limit). Loaders call it before reading a file.
func CheckFileSize(size int64) error {
	if size <= MaxFileSize {
		return nil
	}
	return fmt.Errorf("chain: the file is %s; chain and project files are at most %s", mib(size), mib(MaxFileSize))
}

func mib(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// CheckEncoding checks that data is UTF-8 text and returns it without a UTF-8
// byte-order mark. UTF-16 and UTF-32 (told by their byte-order marks or by the
// NUL bytes of their ASCII) are refused naming the encoding; invalid UTF-8 is
// a *SyntaxError naming UTF-8, the byte offset (in data, a byte-order mark
// included) and its line:column. Every Hewn loader calls it first.
func CheckEncoding(data []byte) ([]byte, error) {
	for _, e := range []struct {
		bom  string
		name string
	}{
		{"\x00\x00\xfe\xff", "UTF-32 (big-endian)"}, {"\xff\xfe\x00\x00", "UTF-32 (little-endian)"},
		{"\xfe\xff", "UTF-16 (big-endian)"}, {"\xff\xfe", "UTF-16 (little-endian)"},
	} {
		if bytes.HasPrefix(data, []byte(e.bom)) {
			return nil, fmt.Errorf("chain: the file is %s; Hewn reads UTF-8 JSON (save it as UTF-8)", e.name)
		}
	}
	if len(data) >= 2 && (data[0] == 0 || data[1] == 0) {
		enc := "UTF-16 (big-endian)"
		if data[0] != 0 {
			enc = "UTF-16 (little-endian)"
		}
		if len(data) >= 4 && data[1] == 0 && data[2] == 0 {
			enc = "UTF-32 (little-endian)"
		} else if len(data) >= 4 && data[0] == 0 && data[1] == 0 && data[2] == 0 {
			enc = "UTF-32 (big-endian)"
		}
		return nil, fmt.Errorf("chain: the file is %s; Hewn reads UTF-8 JSON (save it as UTF-8)", enc)
	}
	skip := 0
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		skip = 3
	}
	body := data[skip:]
	if utf8.Valid(body) {
		return body, nil
	}
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRune(body[i:])
		if r == utf8.RuneError && size <= 1 {
			se := syntaxAt(body, int64(i), fmt.Sprintf("invalid UTF-8 (byte 0x%02X at byte offset %d); save the file as UTF-8", body[i], skip+i))
			return nil, se
		}
		i += size
	}
	return body, nil
}

// CheckJSON prepares a whole chain or project file for decoding: it refuses
// one over MaxFileSize, checks its encoding (CheckEncoding: a UTF-8 byte-order
// mark is dropped), and scans it for duplicate keys and for nesting deeper
// than MaxJSONDepth, each a *SyntaxError at the offending key or bracket that
// names the JSON path ("duplicate key "width" in steps[0].params"). Malformed
// JSON passes (the decoder reports it with its line and column).
func CheckJSON(data []byte) ([]byte, error) {
	if err := CheckFileSize(int64(len(data))); err != nil {
		return nil, err
	}
	data, err := CheckEncoding(data)
	if err != nil {
		return nil, err
	}
	sc := scanner{src: data}
	sc.skip()
	sc.value()
	if sc.err != nil {
		return nil, sc.err
	}
	return data, nil
}

// scanner walks JSON looking for duplicate keys and deep nesting. It stops
// quietly at the first syntax error (stopped), which the JSON decoder reports.
type scanner struct {
	src     []byte
	pos     int
	err     *SyntaxError
	stopped bool
	path    []pathSeg // the current JSON path
	keys    []string  // keys of the objects being scanned, innermost last
}

type pathSeg struct {
	key   string
	index int // -1 for a key
}

func (sc *scanner) halt() { sc.stopped = true }

func (sc *scanner) ok() bool { return sc.err == nil && !sc.stopped }

func (sc *scanner) skip() {
	for sc.pos < len(sc.src) {
		switch sc.src[sc.pos] {
		case ' ', '\t', '\n', '\r':
			sc.pos++
		default:
			return
		}
	}
}

func (sc *scanner) pathString() string {
	var b strings.Builder
	for _, s := range sc.path {
		if s.index >= 0 {
			fmt.Fprintf(&b, "[%d]", s.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

func (sc *scanner) value() {
	if !sc.ok() || sc.pos >= len(sc.src) {
		sc.halt()
		return
	}
	switch c := sc.src[sc.pos]; c {
	case '{', '[':
		if len(sc.path) >= MaxJSONDepth {
			sc.err = syntaxAt(sc.src, int64(sc.pos), fmt.Sprintf("brackets nest deeper than %d levels", MaxJSONDepth))
			return
		}
		if c == '{' {
			sc.object()
		} else {
			sc.array()
		}
	case '"':
		sc.str()
	default:
		// a number, true, false or null: up to the next delimiter
		for sc.pos < len(sc.src) {
			switch sc.src[sc.pos] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			sc.pos++
		}
	}
}

// str skips a string literal and returns its raw contents (escapes kept).
func (sc *scanner) str() []byte {
	start := sc.pos + 1
	for i := start; i < len(sc.src); i++ {
		switch sc.src[i] {
		case '\\':
			i++
		case '"':
			sc.pos = i + 1
			return sc.src[start:i]
		}
	}
	sc.halt()
	return nil
}

func (sc *scanner) object() {
	sc.pos++ // '{'
	base := len(sc.keys)
	defer func() { sc.keys = sc.keys[:base] }()
	var seen map[string]bool // for big objects
	for sc.ok() {
		sc.skip()
		if sc.pos < len(sc.src) && sc.src[sc.pos] == '}' {
			sc.pos++
			return
		}
		if sc.pos >= len(sc.src) || sc.src[sc.pos] != '"' {
			sc.halt()
			return
		}
		koff := sc.pos
		raw := sc.str()
		if !sc.ok() {
			return
		}
		key := string(raw)
		if bytes.IndexByte(raw, '\\') >= 0 {
			if err := json.Unmarshal(sc.src[koff:sc.pos], &key); err != nil {
				sc.halt()
				return
			}
		}
		dup := false
		if seen != nil {
			dup = seen[key]
			seen[key] = true
		} else {
			dup = slices.Contains(sc.keys[base:], key)
			if len(sc.keys)-base >= 16 {
				seen = make(map[string]bool, 32)
				for _, k := range sc.keys[base:] {
					seen[k] = true
				}
				seen[key] = true
			}
		}
		if dup {
			where := "the top-level object"
			if p := sc.pathString(); p != "" {
				where = p
			}
			sc.err = syntaxAt(sc.src, int64(koff), fmt.Sprintf("duplicate key %q in %s", key, where))
			return
		}
		sc.keys = append(sc.keys, key)
		sc.skip()
		if sc.pos >= len(sc.src) || sc.src[sc.pos] != ':' {
			sc.halt()
			return
		}
		sc.pos++
		sc.skip()
		sc.path = append(sc.path, pathSeg{key: key, index: -1})
		sc.value()
		sc.path = sc.path[:len(sc.path)-1]
		sc.skip()
		if sc.pos < len(sc.src) && sc.src[sc.pos] == ',' {
			sc.pos++
			continue
		}
		if sc.pos < len(sc.src) && sc.src[sc.pos] == '}' {
			sc.pos++
			return
		}
		sc.halt()
	}
}

func (sc *scanner) array() {
	sc.pos++ // '['
	sc.skip()
	if sc.pos < len(sc.src) && sc.src[sc.pos] == ']' {
		sc.pos++
		return
	}
	for i := 0; sc.ok(); i++ {
		sc.skip()
		sc.path = append(sc.path, pathSeg{index: i})
		sc.value()
		sc.path = sc.path[:len(sc.path)-1]
		sc.skip()
		if sc.pos < len(sc.src) && sc.src[sc.pos] == ',' {
			sc.pos++
			continue
		}
		if sc.pos < len(sc.src) && sc.src[sc.pos] == ']' {
			sc.pos++
			return
		}
		sc.halt()
	}
}
