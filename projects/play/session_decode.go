package play

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"hewn/chain/jsonfile"
)

// ReadSession reads and checks the play session file at path (ParseSession)
// through the capped reader: its errors name the file ("FILE:LINE:COL:
// message", "FILE: start_depth: ..."). pipes allows a named pipe (a file
// named on the command line).
func ReadSession(path string, pipes bool) (Session, error) {
	l := SessionLimit
	if pipes {
		l = l.WithPipes()
	}
	b, err := jsonfile.ReadFile(path, l)
	if err != nil {
		return Session{}, err
	}
	s, err := ParseSession(b)
	return s, jsonfile.WithFile(path, err)
}

// ParseSession reads a session file's bytes as every Hewn loader reads its
// files: malformed JSON, invalid UTF-8, UTF-16 and a duplicate key are a
// *jsonfile.SyntaxError at their line and column (a UTF-8 byte-order mark is
// skipped); a format other than SessionFormat (or, in an older session
// without one, a "version" other than 1) is refused alone; then every field
// is checked against its bound, each problem a jsonfile.Problem naming the
// field: an unknown key, a seed that is not a whole number from 0 to 2^64-1, depth and start_depth
// within 0..MaxDepth, keys the game knows (at most MaxSessionKeys), toggles
// in order and within the keys. Errors name no file (jsonfile.WithFile, or
// ReadSession, adds it).
func ParseSession(b []byte) (Session, error) {
	var s Session
	root, err := jsonfile.Parse(b)
	if err != nil {
		return s, err
	}
	if root.Kind != jsonfile.Object {
		return s, jsonfile.Problems{{Msg: "a play session must be a JSON object (with version, seed, start_depth and keys)", Step: -1}}
	}
	d := &sessionDecoder{}
	var format, version *jsonfile.Node
	seen := map[string]bool{}
	for _, f := range root.Fields {
		seen[f.Key] = true
		v := f.Val
		switch f.Key {
		case jsonfile.FormatKey:
			format = v
		case "version":
			version = v
		case "project":
			s.Project = d.str(f.Key, v, MaxSessionProject)
		case "seed":
			s.Seed = d.uint(f.Key, v)
		case "depth":
			s.Depth = d.int(f.Key, v, 0, MaxDepth)
		case "start_depth":
			s.StartDepth = d.int(f.Key, v, 0, MaxDepth)
		case "keys":
			s.Keys = d.keys(v)
		case "cheats":
			s.Cheats = d.cheats(v)
		default:
			d.add(f.Key, "unknown key (want format, project, seed, depth, start_depth, keys, cheats)")
		}
	}
	// the format first, alone: the fields of another version mean other things
	if err := sessionFormatOf(format, version); err != nil {
		return Session{}, err
	}
	s.Format = SessionFormat
	for _, k := range []string{"seed", "start_depth", "keys"} {
		if !seen[k] {
			d.add("", "missing %q", k)
		}
	}
	n := utf8.RuneCountInString(s.Keys)
	for i, c := range s.Cheats {
		switch {
		case c.At > n:
			d.add(fmt.Sprintf("cheats[%d].at", i), "%d is past the %d keys", c.At, n)
		case i > 0 && c.At < s.Cheats[i-1].At:
			d.add(fmt.Sprintf("cheats[%d].at", i), "%d is before cheats[%d].at %d (toggles are in the order played)", c.At, i-1, s.Cheats[i-1].At)
		}
	}
	if len(d.probs) > 0 {
		return Session{}, d.probs
	}
	return s, nil
}

// sessionFormatOf checks a session's "format" (SessionFormat; a newer one,
// or another kind of document, is refused naming it) or, in an older
// session, its "version" (1), as Problems at that key.
func sessionFormatOf(format, version *jsonfile.Node) error {
	problem := func(path, format string, args ...any) error {
		return jsonfile.Problems{{Path: path, Msg: fmt.Sprintf(format, args...), Step: -1}}
	}
	switch {
	case format != nil && version != nil:
		return problem("version", "unknown key %q (a session names its format alone)", "version")
	case format != nil && format.Kind != jsonfile.String:
		return problem(jsonfile.FormatKey, "%s is not a string (want %q)", show(format), SessionFormat)
	case format != nil:
		_, err := jsonfile.FormatVersion(format.Text, SessionFormat)
		return err
	case version != nil && version.Kind == jsonfile.Number && version.Text == "1":
		return nil
	case version != nil:
		return problem("version", "%s is not 1 (a newer session names its format instead: %q)", show(version), SessionFormat)
	}
	return problem(jsonfile.FormatKey, "missing (want %q)", SessionFormat)
}

// sessionDecoder collects a session's problems.
type sessionDecoder struct{ probs jsonfile.Problems }

func (d *sessionDecoder) add(path, format string, args ...any) {
	d.probs = append(d.probs, jsonfile.Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: -1})
}

// show quotes a value for a message: a string quoted, anything else as written.
func show(v *jsonfile.Node) string {
	switch v.Kind {
	case jsonfile.String:
		return strconv.Quote(v.Text)
	case jsonfile.Number, jsonfile.Bool:
		return v.Text
	}
	return v.Kind.String()
}

func (d *sessionDecoder) int(path string, v *jsonfile.Node, lo, hi int) int {
	if v.Kind != jsonfile.Number {
		d.add(path, "%s is not a whole number", show(v))
		return 0
	}
	n, err := strconv.ParseInt(v.Text, 10, 64)
	if err != nil && strings.ContainsAny(v.Text, ".eE") {
		d.add(path, "%s is not a whole number", v.Text)
		return 0
	}
	if err != nil || n < int64(lo) || n > int64(hi) {
		d.add(path, "%s is out of range [%d, %d]", v.Text, lo, hi)
		return 0
	}
	return int(n)
}

func (d *sessionDecoder) uint(path string, v *jsonfile.Node) uint64 {
	if v.Kind != jsonfile.Number {
		d.add(path, "%s is not a whole number", show(v))
		return 0
	}
	n, err := strconv.ParseUint(v.Text, 10, 64)
	if err != nil {
		d.add(path, "%s is not a whole number from 0 to 18446744073709551615", v.Text)
		return 0
	}
	return n
}

func (d *sessionDecoder) str(path string, v *jsonfile.Node, max int) string {
	if v.Kind != jsonfile.String {
		d.add(path, "%s is not a string", show(v))
		return ""
	}
	if len(v.Text) > max {
		d.add(path, "%d bytes; at most %d", len(v.Text), max)
		return ""
	}
	return v.Text
}

func (d *sessionDecoder) bool(path string, v *jsonfile.Node) bool {
	if v.Kind != jsonfile.Bool {
		d.add(path, "%s is not true or false", show(v))
		return false
	}
	return v.Text == "true"
}

// keys checks the keys: a string of keys the game knows, at most
// MaxSessionKeys.
func (d *sessionDecoder) keys(v *jsonfile.Node) string {
	if v.Kind != jsonfile.String {
		d.add("keys", "%s is not a string", show(v))
		return ""
	}
	i := 0
	for _, r := range v.Text {
		if !ValidKey(r) {
			d.add("keys", "unknown key %q at key %d (want %s)", r, i, KeyHelp)
			return ""
		}
		if i++; i > MaxSessionKeys {
			d.add("keys", "more than %d keys", MaxSessionKeys)
			return ""
		}
	}
	return v.Text
}

// cheats reads the toggles: a list of {"at", "walk_through_walls",
// "invulnerable"}.
func (d *sessionDecoder) cheats(v *jsonfile.Node) []CheatChange {
	if v.Kind != jsonfile.Array {
		d.add("cheats", "%s is not a list", show(v))
		return nil
	}
	if len(v.Items) > MaxSessionKeys+1 {
		d.add("cheats", "%d toggles; at most %d", len(v.Items), MaxSessionKeys+1)
		return nil
	}
	out := make([]CheatChange, 0, len(v.Items))
	for i, it := range v.Items {
		path := fmt.Sprintf("cheats[%d]", i)
		if it.Kind != jsonfile.Object {
			d.add(path, "%s is not an object", show(it))
			continue
		}
		var c CheatChange
		at := false
		for _, f := range it.Fields {
			switch f.Key {
			case "at":
				c.At, at = d.int(path+".at", f.Val, 0, MaxSessionKeys), true
			case "walk_through_walls":
				c.WalkThroughWalls = d.bool(path+"."+f.Key, f.Val)
			case "invulnerable":
				c.Invulnerable = d.bool(path+"."+f.Key, f.Val)
			default:
				d.add(path+"."+f.Key, "unknown key (want at, walk_through_walls, invulnerable)")
			}
		}
		if !at {
			d.add(path, `missing "at"`)
		}
		out = append(out, c)
	}
	return out
}
