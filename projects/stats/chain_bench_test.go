package stats

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/chainbench"
	"hewn/content"
	"hewn/projects"
)

// BenchmarkExampleDepth5 runs exactly the example project's depth-5 chain
// (Dwarf Fort - Upper Reaches, 80×50) with the default pack's roller, one master
// seed per iteration, with and without history, and both interleaved for the
// history's overhead (see chainbench.History). The goal is under 1 ms with
// history, and an overhead under 20 %.
func BenchmarkExampleDepth5(b *testing.B) {
	p, err := projects.Example()
	require.NoError(b, err)
	i := p.LevelByDepth(5)
	require.GreaterOrEqual(b, i, 0)
	sp := content.Default().Roller()
	chainbench.History(b, func(b *testing.B, m uint64, history bool) {
		cfg := p.Config(i, m, sp)
		cfg.NoHistory = !history
		if _, err := chain.RunConfig(context.Background(), p.Levels[i].Chain, cfg); err != nil {
			b.Fatal(err)
		}
	})
}
