package stats

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// BenchmarkExampleDepth5 runs exactly the example project's depth-5 chain
// (Dwarf Fort - Upper Reaches, 80×50) with the default pack's roller, one master
// seed per iteration, with and without history. The goal is under 1 ms with history.
func BenchmarkExampleDepth5(b *testing.B) {
	p, err := projects.Example()
	require.NoError(b, err)
	i := p.LevelByDepth(5)
	require.GreaterOrEqual(b, i, 0)
	sp := content.Default().Roller()
	for _, history := range []bool{true, false} {
		b.Run(map[bool]string{true: "history", false: "no_history"}[history], func(b *testing.B) {
			b.ReportAllocs()
			var m uint64
			for b.Loop() {
				m++
				cfg := p.Config(i, m, sp)
				cfg.NoHistory = !history
				if _, err := chain.RunConfig(context.Background(), p.Levels[i].Chain, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
