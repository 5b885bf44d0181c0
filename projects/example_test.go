package projects

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
)

// TestExampleEveryDepthEverySeed generates every depth of the embedded example
// project for 200 master seeds (20 with -short) and checks the invariants a
// playable level needs: no error, a walkable start, at least one exit, every
// exit reachable from the start, spawns on the map.
func TestExampleEveryDepthEverySeed(t *testing.T) {
	p, err := Example()
	require.NoError(t, err)
	errs, _ := p.Check()
	require.Empty(t, errs)
	pack := content.Default()
	require.False(t, content.HasErrors(pack.Validate()), "the default pack is valid")
	roller := pack.Roller()
	seeds := 200
	if testing.Short() {
		seeds = 20
	}
	for i, l := range p.Levels {
		t.Run(fmt.Sprintf("depth%d", l.Depth), func(t *testing.T) {
			t.Parallel()
			spawns, snaps := 0, 0
			unknown := map[string]bool{}
			for seed := 0; seed < seeds; seed++ {
				res, err := chain.RunConfig(context.Background(), l.Chain, p.Config(i, uint64(seed), roller))
				require.NoError(t, err, "seed %d", seed)
				s := res.State
				require.NotNil(t, s.Start, "seed %d: no start", seed)
				require.True(t, s.Map.Walkable(*s.Start), "seed %d: start %v not walkable", seed, *s.Start)
				require.NotEmpty(t, s.Exits, "seed %d: no exit", seed)
				dist := chain.DistanceMap(s.Map, []chain.Point{*s.Start})
				for _, e := range s.Exits {
					require.NotEqual(t, chain.Unreachable, dist[s.Map.Idx(e.Pos())], "seed %d: exit %v unreachable", seed, e)
				}
				for _, sp := range s.Spawns {
					require.True(t, s.Map.In(sp.Pos()), "seed %d: spawn off the map", seed)
					if _, known := pack.SectionOf(sp.Name); !known {
						unknown[sp.Name] = true
					}
				}
				spawns += len(s.Spawns)
				snaps += res.History.Len()
			}
			assert.Empty(t, unknown, "spawned names the default pack does not define")
			t.Logf("depth %d %q: %d seeds, %.1f spawns and %.1f snapshots per level", l.Depth, l.Name, seeds,
				float64(spawns)/float64(seeds), float64(snaps)/float64(seeds))
		})
	}
}

// BenchmarkExampleDepths generates each example depth once per iteration.
func BenchmarkExampleDepths(b *testing.B) {
	p, err := Example()
	require.NoError(b, err)
	roller := content.Default().Roller()
	for i, l := range p.Levels {
		b.Run(fmt.Sprintf("depth%02d", l.Depth), func(b *testing.B) {
			b.ReportAllocs()
			for n := 0; n < b.N; n++ {
				if _, err := chain.RunConfig(context.Background(), l.Chain, p.Config(i, uint64(n), roller)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
