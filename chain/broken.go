package chain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"hewn/chain/jsonfile"
)

// Steps that do not load. The command line refuses a chain with one (its
// problems name the step and key), but the editor opens it anyway, so a
// project with one unknown builder or one bad value is not lost: the step is
// kept as its raw JSON (written back unchanged), flagged, and the designer
// fixes or removes it (see DecodeKeep, Step.Raw).

// DecodeKeep is DecodeJSON for the editor: a step that does not load (an
// unknown builder, an unknown parameter or a bad value, a duplicated id, a
// step that is not an object) is kept in its list as a broken step (Raw
// holds its JSON, Err why it did not load) instead of failing the chain;
// kept lists those steps' problems (with their paths). Anything else wrong
// with the chain (its size, its keys, malformed JSON) is still an error.
func DecodeKeep(data []byte, prefix string) (c *Chain, kept Problems, err error) {
	d := decoder{keep: true}
	c, err = d.decode(data, prefix)
	return c, d.kept, err
}

// step decodes the step v at path; top is the enclosing top-level step's
// index. It reports false when the step is left out (it did not load, and
// the decoder does not keep such steps).
func (d *decoder) step(v json.RawMessage, path string, depth, top int) (Step, bool) {
	if !d.keep {
		return d.parseStep(v, path, depth, top)
	}
	before, n := len(d.probs), d.n
	s, ok := d.parseStep(v, path, depth, top)
	if d.n == n && ok {
		return s, true
	}
	probs := append(Problems(nil), d.probs[before:]...)
	d.probs = d.probs[:before]
	d.n = n
	return d.brokenStep(v, probs...), true
}

// brokenStep is the step v kept as it is, for probs.
func (d *decoder) brokenStep(v json.RawMessage, probs ...Problem) Step {
	s := Step{Raw: append(json.RawMessage(nil), v...)}
	var raw struct {
		Builder any `json:"builder"`
		Enabled any `json:"enabled"`
	}
	if json.Unmarshal(v, &raw) == nil {
		s.Builder, _ = raw.Builder.(string)
		s.Disabled = raw.Enabled == false
	}
	msgs := make([]string, 0, len(probs))
	for _, p := range probs {
		key := stepKey(p.Path)
		s.errs = append(s.errs, Problem{Path: key, Msg: p.Msg, Step: -1})
		if key != "" {
			msgs = append(msgs, key+": "+p.Msg)
		} else {
			msgs = append(msgs, p.Msg)
		}
	}
	if len(msgs) == 0 {
		msgs = append(msgs, "the step did not load")
	}
	s.Err = strings.Join(msgs, "; ")
	d.kept = append(d.kept, probs...)
	return s
}

// stepKey is a problem's path inside its step ("params.x" of
// "levels[0].chain.steps[2].params.x"; "" for the step itself).
func stepKey(path string) string {
	if i := strings.LastIndex(path, "]"); i >= 0 && !strings.Contains(path[i:], "[") {
		return strings.TrimPrefix(path[i+1:], ".")
	}
	return ""
}

// problems are why the broken step s at path (a chain path, "steps[2]")
// did not load, each at its key as the decoder named it.
func (s Step) problems(path string, top int) Problems {
	if len(s.errs) == 0 {
		return Problems{{Path: path, Step: top, Msg: "did not load: " + s.Err}}
	}
	out := make(Problems, 0, len(s.errs))
	for _, e := range s.errs {
		if e.Path != "" {
			e.Path = path + "." + e.Path
		} else {
			e.Path = path
		}
		e.Step = top
		out = append(out, e)
	}
	return out
}

// DecodeStep decodes one step from its JSON, as a chain file holds it, with
// every check DecodeJSON makes (the editor re-reads a broken step's JSON as
// the designer fixes it). The error lists every problem.
func DecodeStep(data []byte) (Step, error) {
	var d decoder
	s, ok := d.parseStep(data, "step", 0, 0)
	if len(d.probs) > 0 {
		return Step{}, d.probs
	}
	if !ok {
		return Step{}, errors.New("chain: the step did not load")
	}
	return s, nil
}

// Broken reports whether the step did not load (see Step.Raw).
func (s Step) Broken() bool { return s.Raw != nil }

// brokenError is why a run refuses a broken step.
func brokenError(s Step) error {
	return fmt.Errorf("did not load: %s (fix its JSON in its form, or remove it)", s.Err)
}

// SetEnabled enables or disables s. A broken step's JSON says so too (its
// "enabled" key false, or removed when on), so the choice is saved while
// the rest of its JSON stays as the file held it.
func (s *Step) SetEnabled(on bool) {
	s.Disabled = !on
	if s.Raw == nil {
		return
	}
	root, err := jsonfile.Parse(s.Raw)
	if err != nil || root.Kind != jsonfile.Object {
		return // not an object: there is no key to say it
	}
	fields := slices.DeleteFunc(root.Fields, func(f jsonfile.Field) bool { return f.Key == "enabled" })
	if !on {
		at := 0 // after "builder" and "id", as Hewn writes steps
		for at < len(fields) && (fields[at].Key == "builder" || fields[at].Key == "id") {
			at++
		}
		fields = slices.Insert(fields, at, jsonfile.Field{Key: "enabled", Val: jsonfile.NewBool(false)})
	}
	root.Fields = fields
	s.Raw = bytes.TrimSpace(jsonfile.Indent(root))
}
