package projects

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

type chainJSON struct {
	Width  int          `json:"width"`
	Height int          `json:"height"`
	Steps  []chain.Step `json:"steps"`
}

type levelJSON struct {
	Depth  int         `json:"depth"`
	Name   string      `json:"name"`
	Theme  string      `json:"theme,omitempty"`
	Split  *ThemeSplit `json:"theme_split,omitempty"`
	Seed   *uint64     `json:"seed"`
	Accept *Accept     `json:"accept,omitempty"`
	Chain  chainJSON   `json:"chain"`
	Pins   []Pin       `json:"pins,omitempty"`
}

type projectJSON struct {
	Format   string        `json:"format"`
	Name     string        `json:"name"`
	Seed     uint64        `json:"seed"`
	Content  string        `json:"content,omitempty"`
	Legend   []LegendEntry `json:"legend,omitempty"`
	Themes   []chain.Theme `json:"themes,omitempty"`
	Prefabs  []Prefab      `json:"prefabs,omitempty"`
	Levels   []levelJSON   `json:"levels"`
	Settings *Settings     `json:"settings,omitempty"`
}

// Encode writes p as JSON ("format": Format first) in Hewn's compact layout (jsonfile.Layout): stable key
// order, a step, a theme tile or a prefab row per line, so saved projects diff
// well; decoding and encoding again gives the same bytes.
func (p *Project) Encode(w io.Writer) error {
	out := projectJSON{Format: Format, Name: p.Name, Seed: p.Seed, Content: p.Content, Legend: p.Legend,
		Themes: p.Themes, Prefabs: p.Prefabs, Levels: []levelJSON{}}
	if p.Settings != (Settings{}) {
		s := p.Settings
		out.Settings = &s
	}
	for _, l := range p.Levels {
		lj := levelJSON{Depth: l.Depth, Name: l.Name, Theme: l.Theme, Split: l.Split, Seed: l.Seed, Accept: l.Accept, Pins: l.Pins}
		if l.Chain != nil {
			lj.Chain = chainJSON{l.Chain.Width, l.Chain.Height, l.Chain.Steps}
		}
		if lj.Chain.Steps == nil {
			lj.Chain.Steps = []chain.Step{}
		}
		out.Levels = append(out.Levels, lj)
	}
	b, err := jsonfile.Layout(out)
	if err != nil {
		return fmt.Errorf("projects: %w", err)
	}
	_, err = w.Write(b)
	return err
}

// Bytes returns p encoded.
func (p *Project) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	err := p.Encode(&buf)
	return buf.Bytes(), err
}

// Decode reads a project from JSON, migrating older versions (see migrate) and
// refusing a newer one by name ("format: "hewn.project/9" is newer than this
// Hewn reads (hewn.project/2); update Hewn"). Malformed JSON is
// a *jsonfile.SyntaxError (line and column); everything else is chain.Problems,
// each with its JSON path and the offending value quoted
// (levels[2].chain.steps[1].params.x: "middle" is not one of left, center, right).
// jsonfile.WithFile adds the file name; Load does.
//
// A file over chain.MaxFileSize, in UTF-16, with invalid UTF-8, a duplicate
// key or nesting deeper than jsonfile.MaxDepth is refused first
// (chain.CheckJSON; a UTF-8 byte-order mark is fine). At most
// jsonfile.MaxProblems problems are listed, then "and N more problems".
func Decode(data []byte) (*Project, error) { return decode(data, nil) }

// decode is Decode; with keep not nil, a chain step that does not load is
// kept (see DecodeKeep) and its problems are added to *keep.
func decode(data []byte, keep *chain.Problems) (*Project, error) {
	p, probs, err := decodeAll(data, keep)
	if err != nil {
		return nil, err
	}
	if len(probs) > 0 {
		return nil, jsonfile.CapProblems(probs, jsonfile.MaxProblems)
	}
	return p, nil
}

// decodeAll is decode that goes on past problems: it returns what decoded
// of the project with every problem found (uncapped); err is for data that
// is no project at all (malformed JSON, not an object, a newer format).
func decodeAll(data []byte, keep *chain.Problems) (*Project, chain.Problems, error) {
	data, err := chain.CheckJSON(data)
	if err != nil {
		return nil, nil, fmt.Errorf("projects: %w", err)
	}
	raw, err := jsonfile.UnmarshalObject(data)
	if err != nil {
		return nil, nil, fmt.Errorf("projects: %w", err)
	}
	if raw == nil {
		return nil, nil, chain.Problems{{Msg: "a project must be a JSON object", Step: -1}}
	}
	if err := migrate(raw); err != nil {
		return nil, nil, err
	}
	var probs chain.Problems
	add := func(path, format string, args ...any) {
		probs = append(probs, chain.Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: -1})
	}
	p := &Project{}
	known := []string{"format", "name", "seed", "content", "legend", "themes", "prefabs", "levels", "settings"}
	for _, k := range sortedKeys(raw) {
		if !slices.Contains(known, k) {
			add(k, "unknown key %q (want %s)", k, strings.Join(known, ", "))
		}
	}
	field := func(k string, dst any, what string) {
		if v, ok := raw[k]; ok {
			if err := strictUnmarshal(v, dst); err != nil {
				add(k, "%s is not %s", abbrev(v), what)
			}
		}
	}
	field("name", &p.Name, "a string")
	field("seed", &p.Seed, "a non-negative integer seed")
	field("content", &p.Content, "a string (a path)")
	if v, ok := raw["settings"]; ok {
		p.Settings = decodeSettings(v, add)
	}
	if items := list(raw, "legend", "a list of legend entries", add); items != nil {
		p.Legend = decodeLegend(items, add)
		_, _, lp := checkLegend(p.Legend)
		probs = append(probs, lp...)
	}
	for i, tv := range list(raw, "themes", "a list of themes", add) {
		th, tp := chain.DecodeTheme(tv, fmt.Sprintf("themes[%d]", i))
		probs = append(probs, tp...)
		if len(tp) == 0 {
			p.Themes = append(p.Themes, th)
		}
	}
	for i, pv := range list(raw, "prefabs", "a list of prefabs", add) {
		if pf, ok := decodePrefab(pv, fmt.Sprintf("prefabs[%d]", i), add); ok {
			p.Prefabs = append(p.Prefabs, pf)
		}
	}
	if _, ok := raw["levels"]; !ok {
		add("levels", "missing (a project needs a list of levels)")
	}
	for i, l := range list(raw, "levels", "a list of levels", add) {
		level, lp := decodeLevel(l, fmt.Sprintf("levels[%d]", i), keep)
		probs = append(probs, lp...)
		p.Levels = append(p.Levels, level)
	}
	return p, probs, nil
}

type addFunc func(path, format string, args ...any)

// list returns the items of the list raw[k] (nil when absent or not a list, which is reported).
func list(raw map[string]json.RawMessage, k, what string, add addFunc) []json.RawMessage {
	v, ok := raw[k]
	if !ok || string(v) == "null" {
		return nil
	}
	items, err := jsonfile.SplitArray(v)
	if err != nil {
		add(k, "%s is not %s", abbrev(v), what)
		return nil
	}
	return items
}

func decodePrefab(data json.RawMessage, path string, add addFunc) (Prefab, bool) {
	raw, err := jsonfile.SplitObject(data)
	if err != nil || raw == nil {
		add(path, "%s is not a prefab object (want name, template)", abbrev(data))
		return Prefab{}, false
	}
	var pf Prefab
	ok := true
	for _, k := range sortedKeys(raw) {
		v := raw[k]
		switch k {
		case "name":
			if json.Unmarshal(v, &pf.Name) != nil {
				add(path+".name", "%s is not a string", abbrev(v))
				ok = false
			} else if strings.TrimSpace(pf.Name) == "" {
				add(path+".name", "%q is empty", pf.Name)
				ok = false
			}
		case "template":
			var rows []json.RawMessage
			if json.Unmarshal(v, &rows) != nil {
				add(path+".template", "%s is not a list of rows (strings)", abbrev(v))
				ok = false
				continue
			}
			pf.Template = make([]string, len(rows))
			for i, r := range rows {
				if json.Unmarshal(r, &pf.Template[i]) != nil {
					add(fmt.Sprintf("%s.template[%d]", path, i), "%s is not a string", abbrev(r))
					ok = false
				}
			}
		default:
			add(path+"."+k, "unknown key %q (want name, template)", k)
			ok = false
		}
	}
	if _, has := raw["name"]; !has {
		add(path+".name", "missing")
		ok = false
	}
	if _, has := raw["template"]; !has {
		add(path+".template", "missing")
		ok = false
	}
	return pf, ok
}

func decodeSettings(data json.RawMessage, add addFunc) Settings {
	raw, err := jsonfile.SplitObject(data)
	if err != nil || raw == nil {
		add("settings", "%s is not a settings object", abbrev(data))
		return Settings{}
	}
	var s Settings
	for _, k := range sortedKeys(raw) {
		v, kp := raw[k], "settings."+k
		var err error
		switch k {
		case "cell_size":
			err = strictUnmarshal(v, &s.CellSize)
		case "show_rooms":
			err = strictUnmarshal(v, &s.ShowRooms)
		case "play_delay_ms":
			err = strictUnmarshal(v, &s.PlayDelayMS)
		case "seed_locked":
			err = strictUnmarshal(v, &s.SeedLocked)
		default:
			add(kp, "unknown key %q (want cell_size, show_rooms, play_delay_ms, seed_locked)", k)
			continue
		}
		if err != nil {
			what := "an integer"
			if k == "show_rooms" || k == "seed_locked" {
				what = "true or false"
			}
			add(kp, "%s is not %s", abbrev(v), what)
		}
	}
	return s
}

var levelKeyWord = map[string]string{"depth": "an integer depth", "name": "a string", "theme": "a string (a theme name)",
	"theme_split": "a theme split object (region, theme)", "seed": "a non-negative integer seed or null",
	"pins": `a list of pins ({"seed": N, "fingerprint": "sha256:..."})`}

func decodeLevel(data json.RawMessage, path string, keep *chain.Problems) (Level, chain.Problems) {
	var probs chain.Problems
	add := func(p, format string, args ...any) {
		probs = append(probs, chain.Problem{Path: p, Msg: fmt.Sprintf(format, args...), Step: -1})
	}
	raw, err := jsonfile.SplitObject(data)
	if err != nil || raw == nil {
		add(path, "%s is not a level object", abbrev(data))
		return Level{}, probs
	}
	l := Level{Depth: 1}
	known := []string{"depth", "name", "theme", "theme_split", "seed", "accept", "chain", "pins"}
	for _, k := range sortedKeys(raw) {
		v := raw[k]
		kp := path + "." + k
		var err error
		switch k {
		case "depth":
			err = strictUnmarshal(v, &l.Depth)
			if err == nil && (l.Depth < 0 || l.Depth > 1000) {
				add(kp, "%d is out of range [0, 1000]", l.Depth)
			}
		case "name":
			err = strictUnmarshal(v, &l.Name)
		case "theme":
			err = strictUnmarshal(v, &l.Theme)
		case "theme_split":
			err = strictUnmarshal(v, &l.Split)
			if err == nil && l.Split != nil && !slices.Contains(SplitRegions, l.Split.Region) {
				add(kp+".region", "%q is not one of %s", l.Split.Region, strings.Join(SplitRegions, ", "))
			}
		case "seed":
			err = strictUnmarshal(v, &l.Seed)
		case "pins":
			err = strictUnmarshal(v, &l.Pins)
			if err == nil {
				checkPins(l.Pins, kp, add)
			}
		case "accept":
			l.Accept, _ = decodeAccept(v, kp, add)
		case "chain":
		default:
			add(kp, "unknown key %q (want %s)", k, strings.Join(known, ", "))
		}
		if err != nil {
			add(kp, "%s is not %s", abbrev(v), levelKeyWord[k])
		}
	}
	cv, ok := raw["chain"]
	if !ok {
		add(path+".chain", "missing")
		return l, probs
	}
	c, err := decodeChain(cv, path+".chain", keep)
	if err != nil {
		if ps, ok := err.(chain.Problems); ok {
			probs = append(probs, ps...)
		} else {
			add(path+".chain", "%v", err)
		}
		return l, probs
	}
	c.Name, c.Depth = l.Name, l.Depth
	l.Chain = c
	if l.Accept != nil {
		probs = append(probs, l.Accept.check(path+".accept", c.Width, c.Height, c.Steps)...)
	}
	return l, probs
}

// Load reads and decodes a project file; relative content paths resolve against its folder.
//
// Errors are *jsonfile.FileError naming path: "FILE:LINE:COL: message" for
// malformed JSON, "FILE: json.path: message" for each field problem.
func Load(path string) (*Project, error) {
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	p, err := Decode(data)
	if err != nil {
		return nil, jsonfile.WithFile(path, err)
	}
	p.Path = path
	return p, nil
}

// ContentPath returns the content pack's file path resolved against the project
// file's folder, or "" for the embedded default pack.
func (p *Project) ContentPath() string {
	if p.Content == "" {
		return ""
	}
	if filepath.IsAbs(p.Content) || p.Path == "" {
		return p.Content
	}
	return filepath.Join(filepath.Dir(p.Path), p.Content)
}

// Save writes p to path with WriteFileAtomic (atomically over a regular file,
// through a symlink to its target): an interrupted save leaves the old file
// intact. It sets p.Path.
func (p *Project) Save(path string) error {
	data, err := p.Bytes()
	if err != nil {
		return err
	}
	if err := WriteFileAtomic(path, data); err != nil {
		return err
	}
	p.Path = path
	return nil
}

func strictUnmarshal(data []byte, dst any) error {
	// scalars without a json.Decoder (DisallowUnknownFields is about
	// objects): what it gives them
	switch d := dst.(type) {
	case *string:
		return jsonfile.UnmarshalString(data, d)
	case *int:
		return jsonfile.UnmarshalInt(data, d)
	case *uint64:
		return jsonfile.UnmarshalUint64(data, d)
	case *bool:
		return jsonfile.UnmarshalBool(data, d)
	case **uint64:
		if string(data) == "null" {
			*d = nil
			return nil
		}
		if n, err := strconv.ParseUint(string(data), 10, 64); err == nil && data[0] >= '0' && data[0] <= '9' && (len(data) == 1 || data[0] != '0') {
			*d = &n // digits only: a valid JSON number
			return nil
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(dst)
}

func abbrev(v json.RawMessage) string { return jsonfile.Excerpt(v) }

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
