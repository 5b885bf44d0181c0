package module_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/projects"
)

// seeds are the master seeds the module is compared with the native run on.
var seeds = []uint64{1, 42, 18446744073709551615}

// chainFiles are the builder golden chains, named from the repository's root.
func chainFiles(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(repoRoot, "chain/builders/testdata/chains/*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for i, p := range paths {
		paths[i], err = filepath.Rel(repoRoot, p)
		require.NoError(t, err)
	}
	return paths
}

// native opens name (from the repository's root) natively.
func native(t testing.TB, name string) *projects.Generator {
	t.Helper()
	g, err := projects.NewGenerator(os.DirFS(repoRoot), name)
	require.NoError(t, err)
	return g
}

// openFile adds the file name (from the repository's root) and the files it
// names to the module's file set, and opens it, as a host does.
func (h *host) openFile(t testing.TB, name string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, name))
	require.NoError(t, err)
	h.call(t, "hewn_reset")
	h.addFile(t, name, data)
	out, ok := h.open(t, name)
	require.True(t, ok, "%s", out)
	var files []string
	require.NoError(t, json.Unmarshal(out, &files))
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(repoRoot, f))
		require.NoError(t, err)
		h.addFile(t, f, data)
	}
}

// TestModuleGivesTheNativeBytes runs the module under wazero and compares its
// level JSON with the native run's, byte for byte, for every depth of the
// example project (embedded and from its file) and every builder golden
// chain, over several master seeds; and the drawn view for the example.
func TestModuleGivesTheNativeBytes(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	assert.Equal(t, uint64(1), h.call(t, "hewn_abi_version")[0])

	emb, err := projects.NewExampleGenerator()
	require.NoError(t, err)
	out, ok := h.open(t, "")
	require.True(t, ok, "%s", out)
	assert.Equal(t, "[]", string(out))
	out, ok = h.result(t, "hewn_levels")
	require.True(t, ok, "%s", out)
	want, err := json.Marshal(emb.Levels())
	require.NoError(t, err)
	assert.Equal(t, string(want), string(out))
	for _, l := range emb.Levels() {
		for _, seed := range seeds {
			gen, err := emb.Generate(ctx, l.Depth, seed)
			require.NoError(t, err)
			want, err := gen.JSON()
			require.NoError(t, err)
			got, ok := h.generate(t, l.Depth, seed)
			require.True(t, ok, "%s", got)
			require.Equal(t, string(want), string(got), "example depth %d seed %d", l.Depth, seed)
			view, err := json.Marshal(gen.View())
			require.NoError(t, err)
			got, ok = h.result(t, "hewn_view")
			require.True(t, ok, "%s", got)
			require.Equal(t, string(view), string(got), "example depth %d seed %d view", l.Depth, seed)
		}
	}

	files := append([]string{"projects/example.hewn.json"}, chainFiles(t)...)
	for _, name := range files {
		g := native(t, name)
		h.openFile(t, name)
		for _, l := range g.Levels() {
			for _, seed := range seeds {
				want, err := g.LevelJSON(ctx, l.Depth, seed)
				require.NoError(t, err)
				got, ok := h.generate(t, l.Depth, seed)
				require.True(t, ok, "%s", got)
				require.Equal(t, string(want), string(got), "%s depth %d seed %d", name, l.Depth, seed)
			}
		}
	}
}

// TestModuleReportsBadInputAsText gives the module bad projects and calls out
// of order: each call returns status 1 and the native error text, never a
// trap, and the instance keeps working.
func TestModuleReportsBadInputAsText(t *testing.T) {
	h := newHost(t)
	ctx := context.Background()
	_, ok := h.result(t, "hewn_levels")
	assert.False(t, ok)
	out, ok := h.generate(t, 1, 1)
	assert.False(t, ok)
	assert.Equal(t, "hewn: no project open (call hewn_open first)", string(out))

	for _, tc := range []struct{ name, data string }{
		{"bad/syntax.hewn.json", `{"levels": [ {"depth": 1,, } ]}`},
		{"bad/key.hewn.json", `{"version": 1, "name": "x", "seed": 1, "levels": [], "colour": "red"}`},
		{"bad/chain.json", `{"width": 40, "height": 20, "steps": [{"builder": "dragon_lair"}]}`},
		{"bad/binary.json", "\x00\x01\xff"},
	} {
		h.call(t, "hewn_reset")
		h.addFile(t, tc.name, []byte(tc.data))
		out, ok := h.open(t, tc.name)
		assert.False(t, ok, tc.name)
		_, err := projects.NewGenerator(memFiles{tc.name: []byte(tc.data)}, tc.name)
		require.Error(t, err)
		assert.Equal(t, err.Error(), string(out), tc.name)
	}

	out, ok = h.open(t, "missing.hewn.json")
	assert.False(t, ok)
	assert.Equal(t, "missing.hewn.json: file does not exist", string(out))

	// The project opens; what fails is generating: a missing pack, a missing
	// depth, a failing step, an unknown theme.
	project := func(content, theme, steps string) string {
		return fmt.Sprintf(`{"version": 1, "name": "x", "seed": 1, %s "levels": [{"depth": 3, "name": "a", "theme": %q, "seed": null,
			"chain": {"width": 40, "height": 20, "steps": %s}}]}`, content, theme, steps)
	}
	for _, tc := range []struct{ what, data string }{
		{"pack", project(`"content": "packs/spawns.json",`, "town", `[{"builder": "maze"}]`)},
		{"step", project("", "town", `[{"builder": "cellular_automata"}, {"builder": "room_drawer", "enabled": true}]`)},
		{"theme", project("", "marble", `[{"builder": "maze"}]`)},
	} {
		name := "p/" + tc.what + ".hewn.json"
		h.call(t, "hewn_reset")
		h.addFile(t, name, []byte(tc.data))
		out, ok := h.open(t, name)
		require.True(t, ok, "%s: %s", tc.what, out)
		g, err := projects.NewGenerator(memFiles{name: []byte(tc.data)}, name)
		require.NoError(t, err)
		for _, depth := range []int{3, 4} {
			_, err = g.Generate(ctx, depth, 1)
			require.Error(t, err, tc.what)
			out, ok = h.generate(t, depth, 1)
			assert.False(t, ok, tc.what)
			assert.Equal(t, err.Error(), string(out), "%s depth %d", tc.what, depth)
		}
		out, ok = h.result(t, "hewn_view")
		assert.False(t, ok)
		assert.Equal(t, "hewn: no level generated yet (call hewn_generate first)", string(out))
	}

	// Still working.
	_, ok = h.open(t, "")
	require.True(t, ok)
	_, ok = h.generate(t, 5, 42)
	assert.True(t, ok)
}

// TestModuleConformance checks the conformance corpus
// (projects/testdata/conformance.json) in the module.
func TestModuleConformance(t *testing.T) {
	h := newHost(t)
	data, err := os.ReadFile(filepath.Join(repoRoot, "projects/testdata/conformance.json"))
	require.NoError(t, err)
	var corpus struct {
		Cases []struct {
			File   string `json:"file"`
			Depth  int    `json:"depth"`
			Seed   uint64 `json:"seed"`
			SHA256 string `json:"sha256"`
		} `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &corpus))
	require.NotEmpty(t, corpus.Cases)
	open := ""
	for _, k := range corpus.Cases {
		if k.File != open {
			h.openFile(t, k.File)
			open = k.File
		}
		got, ok := h.generate(t, k.Depth, k.Seed)
		require.True(t, ok, "%s", got)
		sum := sha256.Sum256(got)
		require.Equal(t, k.SHA256, hex.EncodeToString(sum[:]), "%s depth %d seed %d", k.File, k.Depth, k.Seed)
	}
}
