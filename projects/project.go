// Package projects loads, validates, migrates and atomically saves Hewn project
// files (*.hewn.json): a named set of levels (chains with depths, seeds and themes),
// prefab templates, themes and a content pack, and ships the embedded example
// project. It never imports Fyne.
package projects

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"hewn/chain"
	"hewn/content"
)

// Project is a Hewn project.
type Project struct {
	Name string
	// Seed is the master seed: level seeds derive from (Seed, depth) unless pinned.
	Seed uint64
	// Content is the content pack's path relative to the project file; "" means
	// the embedded default pack.
	Content string
	// Legend extends the tutorial's prefab legend for every template, prefab
	// file and paint step of the project (see LegendEntry).
	Legend   []LegendEntry
	Themes   []chain.Theme
	Prefabs  []Prefab
	Levels   []Level
	Settings Settings
	// Path is the file the project was loaded from or last saved to ("" when new).
	Path string
	// Files, when not nil, holds the files the project's steps name (prefab
	// files) instead of the folder of Path: Open sets it to a chain file's
	// folder, and one who opens a project from elsewhere (an fs.FS) sets it to
	// that. It is not part of the project file, and Clone shares it.
	Files fs.FS
	// Pack is the content pack as an editor holds it (loaded with LoadPack,
	// edited as a whole new value each time, written by SavePack); nil when
	// nobody loaded it. It is not part of the project file, and Clone shares it.
	Pack *content.Pack
}

// Prefab is a named prefab template (ASCII rows in the tutorial's legend).
type Prefab struct {
	Name     string   `json:"name"`
	Template []string `json:"template"`
}

// Level is one depth of a project.
type Level struct {
	Depth int
	Name  string
	// Theme names the level's theme (a project theme or a built-in); "" is the default.
	Theme string
	// Split, when set, draws one region of the map in another theme (seed 000's
	// half-cavern, half-fortress depth).
	Split *ThemeSplit
	// Seed pins the level seed; nil derives it from the project seed and depth.
	Seed *uint64
	// Chain is the level's recipe; its Name and Depth mirror the level's.
	Chain *chain.Chain
	// Pins are master seeds the designer pinned, each with the fingerprint of
	// the level it gave then (see Pin).
	Pins []Pin
	// Accept, when not nil, holds the level's acceptance rules: a generated
	// level that misses one is re-rolled (see RunAccepted).
	Accept *Accept
}

// ThemeSplit draws Region of a level in Theme.
type ThemeSplit struct {
	Region string `json:"region"`
	Theme  string `json:"theme"`
}

// SplitRegions are the regions a ThemeSplit may name: the halves among
// chain.RegionNames (left_half, right_half, top_half, bottom_half).
var SplitRegions = slices.DeleteFunc(chain.RegionNames(), func(n string) bool { return !strings.HasSuffix(n, "_half") })

// Settings are editor preferences stored with the project.
type Settings struct {
	// CellSize is the map view's tile size in pixels (0 = editor default).
	CellSize int `json:"cell_size,omitempty"`
	// ShowRooms shows the rooms and corridors overlay.
	ShowRooms bool `json:"show_rooms,omitempty"`
	// PlayDelayMS is the history playback delay per snapshot (0 = 250 ms).
	PlayDelayMS int `json:"play_delay_ms,omitempty"`
	// SeedLocked keeps the seed when the dice button is used.
	SeedLocked bool `json:"seed_locked,omitempty"`
}

// New returns a starter project with one level (DefaultChain) using the
// embedded content pack.
func New(name string) *Project {
	return &Project{Name: name, Seed: 1, Levels: []Level{{Depth: 1, Name: "Level 1", Chain: DefaultChain("Level 1", 1)}}}
}

// DefaultChain is the chain a new level starts from, a playable one: an
// 80×50 BSP dungeon with corridors, a start, stairs down and spawns.
func DefaultChain(name string, depth int) *chain.Chain {
	return &chain.Chain{Name: name, Depth: depth, Width: 80, Height: 50, Steps: []chain.Step{
		{Builder: "bsp_dungeon"}, {Builder: "room_sorter"}, {Builder: "room_drawer"},
		{Builder: "nearest_corridors"}, {Builder: "room_based_starting_position"},
		{Builder: "room_based_stairs"}, {Builder: "room_based_spawner"},
	}}
}

// Clone returns a deep copy of p.
func (p *Project) Clone() *Project {
	q := *p
	q.Themes = make([]chain.Theme, len(p.Themes))
	for i, t := range p.Themes {
		t2 := t
		t2.Tiles = make(map[string]chain.Look, len(t.Tiles))
		for k, v := range t.Tiles {
			t2.Tiles[k] = v
		}
		q.Themes[i] = t2
	}
	q.Legend = slices.Clone(p.Legend)
	q.Prefabs = make([]Prefab, len(p.Prefabs))
	for i, pf := range p.Prefabs {
		q.Prefabs[i] = Prefab{pf.Name, slices.Clone(pf.Template)}
	}
	q.Levels = make([]Level, len(p.Levels))
	for i, l := range p.Levels {
		q.Levels[i] = l.Clone()
	}
	return &q
}

// Clone returns a deep copy of l.
func (l Level) Clone() Level {
	m := l
	if l.Seed != nil {
		s := *l.Seed
		m.Seed = &s
	}
	if l.Split != nil {
		sp := *l.Split
		m.Split = &sp
	}
	if l.Chain != nil {
		m.Chain = l.Chain.Clone()
	}
	m.Pins = slices.Clone(l.Pins)
	m.Accept = l.Accept.Clone()
	return m
}

// LevelSeed returns the seed level i runs with: pinned, or derived from (Seed, depth).
func (p *Project) LevelSeed(i int) uint64 {
	l := p.Levels[i]
	if l.Seed != nil {
		return *l.Seed
	}
	return chain.LevelSeed(p.Seed, l.Depth)
}

// Templates returns the project's prefab templates by name.
func (p *Project) Templates() map[string][]string {
	m := make(map[string][]string, len(p.Prefabs))
	for _, pf := range p.Prefabs {
		m[pf.Name] = pf.Template
	}
	return m
}

// Theme returns the theme level i is drawn with and its optional split theme.
func (p *Project) Theme(i int) (chain.Theme, *chain.Theme, string) {
	l := p.Levels[i]
	th, ok := chain.FindTheme(l.Theme, p.Themes)
	if !ok {
		th = chain.DefaultTheme()
	}
	if l.Split == nil {
		return th, nil, ""
	}
	sp, ok := chain.FindTheme(l.Split.Theme, p.Themes)
	if !ok {
		sp = chain.DefaultTheme()
	}
	return th, &sp, l.Split.Region
}

// ThemeNames lists the themes a level may pick: the project's own, then the built-ins.
func (p *Project) ThemeNames() []string {
	var out []string
	for _, t := range p.Themes {
		out = append(out, t.Name)
	}
	for _, t := range chain.Themes() {
		if !slices.Contains(out, t.Name) {
			out = append(out, t.Name)
		}
	}
	return out
}

// Config returns the chain run configuration of level i with master seed master
// (pass p.Seed normally) and spawner sp.
func (p *Project) Config(i int, master uint64, sp chain.Spawner) chain.Config {
	cfg := p.BaseConfig(master, sp)
	cfg.Seed = p.Levels[i].Seed
	return cfg
}

// BaseConfig returns the run configuration every level of the project shares
// (a level's own seed aside): master seed, spawner, the project's prefab
// templates, its legend and its files.
func (p *Project) BaseConfig(master uint64, sp chain.Spawner) chain.Config {
	_, legend, _ := checkLegend(p.Legend)
	return chain.Config{Master: master, Spawner: sp, Templates: p.Templates(), Legend: legend, Files: p.FileSystem()}
}

// Run generates level i with the project's master seed (and its acceptance
// rules: RunLevel).
func (p *Project) Run(ctx context.Context, i int, sp chain.Spawner) (*chain.Result, error) {
	if i < 0 || i >= len(p.Levels) {
		return nil, fmt.Errorf("projects: no level %d (the project has %d)", i, len(p.Levels))
	}
	return p.RunLevel(ctx, i, p.Config(i, p.Seed, sp))
}

// LevelByDepth returns the index of the first level with the given depth, or -1.
func (p *Project) LevelByDepth(depth int) int {
	return slices.IndexFunc(p.Levels, func(l Level) bool { return l.Depth == depth })
}

// Sync copies each level's name and depth into its chain (call after edits).
func (p *Project) Sync() {
	for i := range p.Levels {
		if c := p.Levels[i].Chain; c != nil {
			c.Name, c.Depth = p.Levels[i].Name, p.Levels[i].Depth
		}
	}
}
