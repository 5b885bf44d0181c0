package module_test

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"

	"hewn/projects"
)

// BenchmarkModuleCompile compiles hewn-runtime.wasm with wazero (its
// compiler where it has one): what a host pays once per process.
func BenchmarkModuleCompile(b *testing.B) {
	bin, err := os.ReadFile(buildModule(b))
	require.NoError(b, err)
	b.ReportMetric(float64(len(bin)), "module-bytes")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		r := wazero.NewRuntime(ctx)
		_, err := r.CompileModule(ctx, bin)
		require.NoError(b, err)
		require.NoError(b, r.Close(ctx))
	}
}

// BenchmarkModuleInstantiate instantiates the compiled module and runs its
// _initialize (the Go runtime's start): what a host pays per instance.
func BenchmarkModuleInstantiate(b *testing.B) {
	newHost(b) // compile once
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		h := newHostNoCleanup(b)
		require.NoError(b, h.mod.Close(ctx))
	}
}

// BenchmarkGenerateDepth5 generates the example's depth 5 (80×50, a
// cellular cave with a BSP fort merged into its right half, spawns) in the
// module under wazero and natively, level JSON included.
func BenchmarkGenerateDepth5(b *testing.B) {
	b.Run("module", func(b *testing.B) {
		h := newHost(b)
		_, ok := h.open(b, "")
		require.True(b, ok)
		b.ReportAllocs()
		for b.Loop() {
			out, ok := h.generate(b, 5, 42)
			require.True(b, ok, "%s", out)
		}
	})
	b.Run("native", func(b *testing.B) {
		g, err := projects.NewExampleGenerator()
		require.NoError(b, err)
		ctx := context.Background()
		b.ReportAllocs()
		for b.Loop() {
			_, err := g.LevelJSON(ctx, 5, 42)
			require.NoError(b, err)
		}
	})
}
