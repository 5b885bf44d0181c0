package stats

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain/chainbench"
	"hewn/chain/metrics"
	"hewn/content"
	"hewn/projects"
)

// BenchmarkTuneDepth5 is `hewn tune` on the example project's depth 5 (Dwarf
// Fort - Upper Reaches, 80×50, the default pack's roller): 400 variants of the
// cave's wall_percent and the BSP half's tries per op, binned by floor_share
// and path_length, on every core. It reports variants per second (wall) and
// the process CPU per op.
func BenchmarkTuneDepth5(b *testing.B) {
	p, err := projects.Example()
	require.NoError(b, err)
	i := p.LevelByDepth(5)
	tg := LevelTarget(p, i, content.Default().Roller(), "example depth 5")
	for _, method := range []string{MethodElites, MethodRandom} {
		b.Run(method, func(b *testing.B) {
			o := TuneOptions{
				Dims: dims(b, p.Levels[i].Chain, "steps[0].params.wall_percent=45..60",
					"steps[6].params.steps[0].params.tries=20..400"),
				Axes: [2]string{metrics.FloorShare, metrics.PathLength}, Ranges: [2][2]float64{{0, 1}, {0, 250}},
				Bins: [2]int{16, 16}, Budget: 400, Method: method,
			}
			b.ReportAllocs()
			defer chainbench.ReportCPU(b)()
			variants, seconds := 0, 0.0
			for b.Loop() {
				o.Seed++
				a, err := Tune(context.Background(), tg, o)
				if err != nil {
					b.Fatal(err)
				}
				variants += a.Evaluated
				seconds += a.Timing[0].Seconds
			}
			b.ReportMetric(float64(variants)/seconds, "variants/s")
		})
	}
}
