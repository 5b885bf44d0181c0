package builders_test

import (
	"context"
	"os"
	"testing"

	"hewn/chain"
	"hewn/chain/chainbench"
)

// BenchmarkDepth5Chain runs the tutorial's depth-5 chain (cave/fortress split via
// sub_chain) at 80×50, with and without history, and both interleaved for the
// history's overhead (see chainbench.History); the goal is under 1 ms, and an
// overhead under 20 %.
func BenchmarkDepth5Chain(b *testing.B) {
	data, err := os.ReadFile("testdata/chains/sub_chain.json")
	if err != nil {
		b.Fatal(err)
	}
	c, err := chain.DecodeJSON(data, "")
	if err != nil {
		b.Fatal(err)
	}
	chainbench.History(b, func(b *testing.B, m uint64, history bool) {
		cfg := chain.Config{Master: m, Spawner: fakeSpawner{}, NoHistory: !history}
		if _, err := chain.RunConfig(context.Background(), c, cfg); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkEveryTestChain runs each golden chain once per iteration (80×50 or smaller).
func BenchmarkEveryTestChain(b *testing.B) {
	for name, c := range loadChains(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := chain.Run(context.Background(), c, uint64(i), fakeSpawner{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
