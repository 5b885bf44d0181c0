package projects_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
	"hewn/projects"
	"hewn/projects/stats"
)

// FuzzStatsMerge merges two shard reports read from JSON as `hewn stats merge`
// reads them. Merging may refuse them with an error; it may not panic, and a
// merged report is written as JSON or refused with an error.
func FuzzStatsMerge(f *testing.F) {
	p := projects.New("fuzz")
	p.Sync()
	target := stats.LevelTarget(p, 0, nil, "fuzz")
	var shards [][]byte
	for i := range 2 {
		r, err := stats.Run(context.Background(), target, stats.Options{From: 3, Seeds: 4, Shard: i, Shards: 2, Workers: 1})
		require.NoError(f, err)
		b, err := jsonfile.Layout(r)
		require.NoError(f, err)
		shards = append(shards, b)
	}
	f.Add(shards[0], shards[1])
	f.Add(shards[0], shards[0])
	f.Add([]byte(`{"target":"x","seeds":2,"samples":[{"seed":1,"metrics":{"a":1e308}},{"seed":2,"metrics":{"a":1e308}}]}`), []byte(`{"target":"x","seeds":2}`))
	f.Add([]byte(`{"target":"x","seeds":1,"shards":2,"shard":[0,1,1]}`), []byte(`{"target":"x","seeds":1,"shards":2,"shard":[-1]}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var reports []*stats.Report
		for _, data := range [][]byte{a, b} {
			var r stats.Report
			if err := jsonfile.Unmarshal(data, &r); err != nil {
				return
			}
			reports = append(reports, &r)
		}
		m, err := stats.Merge(reports...)
		if err != nil {
			return
		}
		_, _ = jsonfile.Layout(m)
	})
}
