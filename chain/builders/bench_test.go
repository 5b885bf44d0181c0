package builders_test

import (
	"context"
	"os"
	"testing"

	"hewn/chain"
)

// BenchmarkDepth5Chain runs the tutorial's depth-5 chain (cave/fortress split via
// sub_chain) at 80×50; the goal is under 1 ms.
func BenchmarkDepth5Chain(b *testing.B) {
	data, err := os.ReadFile("testdata/chains/sub_chain.json")
	if err != nil {
		b.Fatal(err)
	}
	c, err := chain.DecodeJSON(data, "")
	if err != nil {
		b.Fatal(err)
	}
	for _, history := range []bool{true, false} {
		b.Run(map[bool]string{true: "history", false: "no_history"}[history], func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				cfg := chain.Config{Master: uint64(i), Spawner: fakeSpawner{}, NoHistory: !history}
				if _, err := chain.RunConfig(context.Background(), c, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
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
