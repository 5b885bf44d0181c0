package ui

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/projects"
	"hewn/ui/internal/uitest"
)

// stubRuns makes the fixture's regenerations return a result computed once,
// so a benchmark measures the editor's own work, not the chain's.
func stubRuns(b *testing.B, f *fixture) {
	c := f.e.m.Chain()
	res, err := chain.RunConfig(context.Background(), c, f.e.m.Project().Config(f.e.m.LevelIndex(), f.e.m.Project().Seed, nil))
	require.NoError(b, err)
	f.e.regen.run = func(context.Context, Job) (*chain.Result, error) { return res, nil }
}

// perEdit reports the benchmark's time and allocations per edit (n edits an op).
func perEdit(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/edit")
}

// BenchmarkFormsParamEdit types 12 values into a step's number entry (as a
// designer's keystrokes do, one edit each), each followed by the new map
// being shown. The chain run is stubbed: the figure is the editor's cost.
func BenchmarkFormsParamEdit(b *testing.B) {
	const edits = 12
	f := newFixture(b, uitest.Project())
	f.e.m.SelectStep(0)
	f.settle()
	stubRuns(b, f)
	entry := f.param(b, "Max rooms")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < edits; k++ {
			entry.SetText(strconv.Itoa(5 + (i+k)%edits))
			f.settle()
		}
	}
	b.StopTimer()
	perEdit(b, edits)
}

// BenchmarkFormsThemeColourEdit edits one tile colour of the selected level's
// theme in the theme editor (the map redraws, nothing regenerates).
func BenchmarkFormsThemeColourEdit(b *testing.B) {
	f := newFixture(b, uitest.Project())
	base, _ := chain.FindTheme("dungeon", nil)
	base.Name = "mine"
	f.e.m.EditProject("Add theme", "", func(p *projects.Project) { p.Themes = append(p.Themes, base) })
	f.e.m.EditLevel("Theme", "", func(l *projects.Level) { l.Theme = "mine" })
	f.settle()
	stubRuns(b, f)
	fg := themeEntries(f.e.themes)[1]
	colours := []string{"#112233", "#445566"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fg.SetText(colours[i%2])
		f.settle()
	}
}

// BenchmarkFormsSelectStep selects another step of the chain (the parameter
// form changes; the level, project and theme forms do not).
func BenchmarkFormsSelectStep(b *testing.B) {
	p := uitest.Project()
	p.Levels[0].Chain.Steps = append(p.Levels[0].Chain.Steps, chain.Step{Builder: "room_drawer"})
	base, _ := chain.FindTheme("dungeon", nil)
	base.Name = "mine"
	p.Themes = append(p.Themes, base)
	p.Levels[0].Theme = "mine"
	f := newFixture(b, p)
	stubRuns(b, f)
	list := f.steps(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		list.Select(i % 2)
		f.settle()
	}
}
