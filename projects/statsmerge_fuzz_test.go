package projects_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
	"hewn/projects"
	"hewn/projects/stats"
)

// FuzzStatsMerge reads two shard reports as `hewn stats merge` reads them
// (stats.DecodeReport) and merges them. Reading or merging may refuse them
// with an error; nothing may panic, a merged report must be written as JSON
// (an error there is a bug: an unwritable number got through), and what is
// written must read back to the same bytes.
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
	f.Add([]byte("\xef\xbb\xbf"+string(shards[0])), shards[1])
	// older reports: every seed's sample, no format
	old := func(shard string, samples ...string) []byte {
		return []byte(`{"target":"x","seeds":4,"shards":2,"shard":[` + shard + `],"samples":[` + strings.Join(samples, ",") + `]}`)
	}
	f.Add(old("0", `{"seed":0,"metrics":{"rooms":1e308}}`, `{"seed":2,"metrics":{"rooms":1e308}}`), old("1", `{"seed":1}`, `{"seed":3}`))
	f.Add(old("0", `{"seed":0,"metrics":{"floor_share":-1.7e308}}`, `{"seed":2,"metrics":{"floor_share":1.7e308}}`), old("1", `{"seed":1}`, `{"seed":3}`))
	f.Add(old("0", `{"seed":0,"metrics":{"floor_share":0}}`, `{"seed":2,"metrics":{"floor_share":1}}`), old("1", `{"seed":1,"spawns":{"Goblin":3}}`, `{"seed":3}`))
	// reports that cannot belong together
	f.Add(old("7", `{"seed":0}`), old("1", `{"seed":1}`, `{"seed":3}`))
	f.Add(old("0", `{"seed":5}`, `{"seed":2}`), old("1", `{"seed":-1}`, `{"seed":3}`))
	f.Add(old("0", `{"seed":1}`, `{"seed":2}`), old("1", `{"seed":1}`, `{"seed":1}`))
	f.Add(old("0", strings.Repeat(`{"seed":0},`, 49)+`{"seed":0}`), old("1", `{"seed":1}`, `{"seed":3}`))
	f.Add([]byte(`{"target":"x","target":"y","seeds":4,"samples":[]}`), []byte("{\"target\":\"\xff\",\"seeds\":4,\"samples\":[]}"))
	f.Add([]byte(`{"format":"hewn.stats/2","target":"x","seeds":1,"shards":2,"shard":[0,1,1]}`), []byte(`{"format":"hewn.stats/3"}`))
	f.Add(bytes.Replace(shards[0], []byte(`"bin_width": 1, "bins": [ [`), []byte(`"bin_width": 1, "bins": [ [ 9223372036854775807, 1 ], [`), 1), shards[1])
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var reports []*stats.Report
		for _, data := range [][]byte{a, b} {
			r, err := stats.DecodeReport(data)
			if err != nil {
				return
			}
			reports = append(reports, r)
		}
		m, err := stats.Merge(reports...)
		if err != nil {
			return
		}
		out, err := jsonfile.Layout(m)
		require.NoError(t, err, "a merged report is always written")
		back, err := stats.DecodeReport(out)
		require.NoError(t, err, "a merged report reads back")
		again, err := jsonfile.Layout(back)
		require.NoError(t, err)
		require.Equal(t, string(out), string(again))
	})
}
