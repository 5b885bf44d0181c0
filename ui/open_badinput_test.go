package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/internal/uitest"
)

// TestOpenBadInputShowsTheLoaderError: opening a bad file shows the loader's
// error (file first, then the field or line:column) in a dialog and keeps the
// current project, for each kind of bad input issue 14 lists.
func TestOpenBadInputShowsTheLoaderError(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T, file string)
		want string // after the file's name
	}{
		{"invalid UTF-8", func(t *testing.T, file string) {
			require.NoError(t, os.WriteFile(file, []byte("{\"name\":\"caf\xe9\",\"levels\":[]}"), 0o644))
		}, ":1:13: invalid UTF-8 (byte 0xE9 at byte offset 12)"},
		{"duplicate key", func(t *testing.T, file string) {
			require.NoError(t, os.WriteFile(file, []byte(`{"width":20,"width":30,"steps":[]}`), 0o644))
		}, `:1:13: duplicate key "width" in the top-level object`},
		{"UTF-16", func(t *testing.T, file string) {
			require.NoError(t, os.WriteFile(file, []byte("\xff\xfe{\x00}\x00"), 0o644))
		}, ": the file is UTF-16 (little-endian)"},
		{"a directory", func(t *testing.T, file string) { require.NoError(t, os.Mkdir(file, 0o755)) }, ": is a directory"},
		{"nested brackets", func(t *testing.T, file string) {
			require.NoError(t, os.WriteFile(file, bytes.Repeat([]byte("["), 100_000), 0o644))
		}, ":1:257: brackets nest deeper than 256 levels"},
		{"a 20 MB file", func(t *testing.T, file string) {
			require.NoError(t, os.WriteFile(file, append([]byte(`{"steps":[`), bytes.Repeat([]byte(" "), 20<<20)...), 0o644))
		}, ": the file is 20.0 MiB; chain and project files are at most 16 MiB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := newWindowFixture(t, "")
			require.NoError(t, err)
			before := f.e.m.Project()
			bad := filepath.Join(f.dir, "bad.json")
			c.make(t, bad)
			f.e.OpenPath(bad)
			d := uitest.Overlay(t, f.w)
			assert.True(t, uitest.TextIn(d, bad+c.want), "the dialog says %q", bad+c.want)
			assert.Same(t, before, f.e.m.Project(), "the project stays")
		})
	}
}

// A byte-order mark does not stop the editor opening a chain.
func TestOpenAcceptsAByteOrderMark(t *testing.T) {
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	file := filepath.Join(f.dir, "bom.json")
	require.NoError(t, os.WriteFile(file, []byte("\xef\xbb\xbf"+`{"width":20,"height":20,"steps":[{"builder":"simple_map"}]}`), 0o644))
	f.e.OpenPath(file)
	assert.Equal(t, "bom", f.e.m.Project().Name)
}
