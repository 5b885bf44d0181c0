package projects

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hewn/chain"
)

type chainJSON struct {
	Width  int          `json:"width"`
	Height int          `json:"height"`
	Steps  []chain.Step `json:"steps"`
}

type levelJSON struct {
	Depth int         `json:"depth"`
	Name  string      `json:"name"`
	Theme string      `json:"theme,omitempty"`
	Split *ThemeSplit `json:"theme_split,omitempty"`
	Seed  *uint64     `json:"seed"`
	Chain chainJSON   `json:"chain"`
}

type projectJSON struct {
	Version  int           `json:"version"`
	Name     string        `json:"name"`
	Seed     uint64        `json:"seed"`
	Content  string        `json:"content,omitempty"`
	Themes   []chain.Theme `json:"themes,omitempty"`
	Prefabs  []Prefab      `json:"prefabs,omitempty"`
	Levels   []levelJSON   `json:"levels"`
	Settings *Settings     `json:"settings,omitempty"`
}

// Encode writes p as JSON in Hewn's compact layout (chain.FormatJSON): stable key
// order, a step, a theme tile or a prefab row per line, so saved projects diff
// well; decoding and encoding again gives the same bytes.
func (p *Project) Encode(w io.Writer) error {
	out := projectJSON{Version: Version, Name: p.Name, Seed: p.Seed, Content: p.Content,
		Themes: p.Themes, Prefabs: p.Prefabs, Levels: []levelJSON{}}
	if p.Settings != (Settings{}) {
		s := p.Settings
		out.Settings = &s
	}
	for _, l := range p.Levels {
		lj := levelJSON{Depth: l.Depth, Name: l.Name, Theme: l.Theme, Split: l.Split, Seed: l.Seed}
		if l.Chain != nil {
			lj.Chain = chainJSON{l.Chain.Width, l.Chain.Height, l.Chain.Steps}
		}
		if lj.Chain.Steps == nil {
			lj.Chain.Steps = []chain.Step{}
		}
		out.Levels = append(out.Levels, lj)
	}
	b, err := chain.FormatJSON(out)
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

// Decode reads a project from JSON, migrating older versions. Every problem is
// reported with its JSON path (levels[2].chain.steps[1].params.x: ...).
func Decode(data []byte) (*Project, error) {
	var raw map[string]json.RawMessage
	if err := chain.UnmarshalJSON(data, &raw); err != nil {
		return nil, fmt.Errorf("projects: %w", err)
	}
	if raw == nil {
		return nil, fmt.Errorf("projects: a project must be a JSON object")
	}
	if err := migrate(raw); err != nil {
		return nil, fmt.Errorf("projects: %w", err)
	}
	var probs chain.Problems
	add := func(path, format string, args ...any) {
		probs = append(probs, chain.Problem{Path: path, Msg: fmt.Sprintf(format, args...), Step: -1})
	}
	p := &Project{}
	known := []string{"version", "name", "seed", "content", "themes", "prefabs", "levels", "settings"}
	for _, k := range sortedKeys(raw) {
		if !slices.Contains(known, k) {
			add(k, "unknown key %q (want %s)", k, strings.Join(known, ", "))
		}
	}
	field := func(k string, dst any, what string) {
		if v, ok := raw[k]; ok {
			if err := strictUnmarshal(v, dst); err != nil {
				add(k, "%s is not %s (%v)", abbrev(v), what, err)
			}
		}
	}
	field("name", &p.Name, "a string")
	field("seed", &p.Seed, "a non-negative integer seed")
	field("content", &p.Content, "a path")
	field("prefabs", &p.Prefabs, "a list of prefabs")
	field("settings", &p.Settings, "a settings object")
	if v, ok := raw["themes"]; ok {
		var list []json.RawMessage
		if err := json.Unmarshal(v, &list); err != nil {
			add("themes", "%s is not a list of themes", abbrev(v))
		}
		for i, tv := range list {
			var th chain.Theme
			if err := strictUnmarshal(tv, &th); err != nil {
				add(fmt.Sprintf("themes[%d]", i), "%v", err)
				continue
			}
			for name := range th.Tiles {
				if _, err := chain.ParseTile(name); err != nil {
					add(fmt.Sprintf("themes[%d].tiles", i), "unknown tile %q", name)
				}
			}
			p.Themes = append(p.Themes, th)
		}
	}
	for i, pf := range p.Prefabs {
		if pf.Name == "" {
			add(fmt.Sprintf("prefabs[%d].name", i), "missing")
		}
	}
	lv, ok := raw["levels"]
	if !ok {
		add("levels", "missing (a project needs a list of levels)")
	} else {
		var list []json.RawMessage
		if err := json.Unmarshal(lv, &list); err != nil {
			add("levels", "%s is not a list of levels", abbrev(lv))
		}
		for i, l := range list {
			level, lp := decodeLevel(l, fmt.Sprintf("levels[%d]", i))
			probs = append(probs, lp...)
			p.Levels = append(p.Levels, level)
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return p, nil
}

func decodeLevel(data json.RawMessage, path string) (Level, chain.Problems) {
	var probs chain.Problems
	add := func(p, format string, args ...any) {
		probs = append(probs, chain.Problem{Path: p, Msg: fmt.Sprintf(format, args...), Step: -1})
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		add(path, "%s is not a level object", abbrev(data))
		return Level{}, probs
	}
	l := Level{Depth: 1}
	known := []string{"depth", "name", "theme", "theme_split", "seed", "chain"}
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
		case "chain":
		default:
			add(kp, "unknown key %q (want %s)", k, strings.Join(known, ", "))
		}
		if err != nil {
			add(kp, "%s is not valid here (%v)", abbrev(v), err)
		}
	}
	cv, ok := raw["chain"]
	if !ok {
		add(path+".chain", "missing")
		return l, probs
	}
	c, err := chain.DecodeJSON(cv, path+".chain")
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
	return l, probs
}

// Load reads and decodes a project file; relative content paths resolve against its folder.
func Load(path string) (*Project, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("projects: %w", err)
	}
	p, err := Decode(data)
	if err != nil {
		if ps, ok := err.(chain.Problems); ok {
			return nil, fmt.Errorf("projects: %s:\n%w", path, ps)
		}
		return nil, fmt.Errorf("%w (in %s)", err, path)
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

// Save writes p to path atomically (a temp file in the same folder, fsync,
// rename): an interrupted save leaves the old file intact. It sets p.Path.
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

// writeHook lets tests interrupt a save mid-write.
var writeHook func(f *os.File, data []byte) (int, error)

// WriteFileAtomic writes data to path via a temp file in the same folder that is
// fsynced and renamed over path, so readers see the old or the new file, never a
// torn one. On any error the temp file is removed and path is untouched.
func WriteFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("projects: save %s: %w", path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	write := (*os.File).Write
	if writeHook != nil {
		write = writeHook
	}
	if _, err = write(f, data); err != nil {
		return fmt.Errorf("projects: save %s: %w", path, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("projects: save %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("projects: save %s: %w", path, err)
	}
	if st, e := os.Stat(path); e == nil {
		_ = os.Chmod(tmp, st.Mode().Perm())
	} else {
		_ = os.Chmod(tmp, 0o644)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("projects: save %s: %w", path, err)
	}
	if d, e := os.Open(dir); e == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

func strictUnmarshal(data []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(dst)
}

func abbrev(v json.RawMessage) string { return chain.Excerpt(v) }

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
