package stats

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/metrics"
)

func TestSensitivityFollowsTheParameter(t *testing.T) {
	o := SensitivityOptions{Dims: dims(t, roomsChain(), "steps[0].params.max_rooms=1..60", "steps[0].params.draw=*"),
		Metrics: []string{metrics.Rooms, metrics.PathLength}, Points: 5, Seeds: 12, From: 3, Workers: 1}
	s, err := RunSensitivity(context.Background(), roomsTarget(), o)
	require.NoError(t, err)
	assert.Equal(t, SensitivityFormat, s.Format)
	require.Len(t, s.Params, 2)
	rooms := s.Params[0]
	assert.Equal(t, []any{1, 16, 31, 45, 60}, rooms.Values)
	assert.Equal(t, []int{0, 0, 0, 0, 0}, rooms.Failed)
	sp := rooms.Metrics[metrics.Rooms]
	require.Len(t, sp, 5)
	assert.Equal(t, 1.0, sp[0].Mean)
	assert.Equal(t, 12, sp[0].Count)
	for i := 1; i < len(sp); i++ {
		assert.Greater(t, sp[i].Mean, sp[i-1].Mean, "more tries, more rooms")
		assert.LessOrEqual(t, sp[i].P10, sp[i].Mean)
		assert.GreaterOrEqual(t, sp[i].P90, sp[i].Mean)
	}
	assert.Equal(t, []any{false, true}, s.Params[1].Values)
	o.Workers = 3
	s2, err := RunSensitivity(context.Background(), roomsTarget(), o)
	require.NoError(t, err)
	s.Timing, s2.Timing = nil, nil
	assert.Equal(t, s, s2)
	// whole numbers are not repeated
	d := dims(t, roomsChain(), "steps[0].params.max_size=6..8")[0]
	assert.Equal(t, []any{6, 7, 8}, d.Values(9))
	o.Points = 1
	_, err = RunSensitivity(context.Background(), roomsTarget(), o)
	assert.ErrorContains(t, err, "points 1 is out of range [2, 101]")
}
