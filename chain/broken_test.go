package chain_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	_ "hewn/chain/builders"
)

const brokenChain = `{"width": 40, "height": 30, "steps": [
  {"builder": "simple_map"},
  {"builder": "fancy_rooms", "params": {"size": 3}},
  {"builder": "room_drawer", "params": {"shape": "hexagon"}},
  {"builder": "sub_chain", "params": {"steps": [{"builder": "bsp_dungeon"}, {"builder": "nope"}]}},
  {"builder": "room_based_starting_position"}
]}`

func TestDecodeKeepKeepsStepsThatDoNotLoad(t *testing.T) {
	_, err := chain.DecodeJSON([]byte(brokenChain), "")
	require.Error(t, err, "the strict decoder (the command line's) refuses the chain")

	c, kept, err := chain.DecodeKeep([]byte(brokenChain), "")
	require.NoError(t, err)
	require.Len(t, c.Steps, 5, "every step is kept, in place")
	assert.False(t, c.Steps[0].Broken())
	unknown := c.Steps[1]
	assert.True(t, unknown.Broken())
	assert.Equal(t, "fancy_rooms", unknown.Builder)
	assert.Equal(t, `builder: unknown builder "fancy_rooms"`, unknown.Err)
	bad := c.Steps[2]
	assert.True(t, bad.Broken())
	assert.Contains(t, bad.Err, `params.shape: "hexagon" is not one of`)
	nested := c.Steps[3].Params["steps"].([]chain.Step)
	assert.False(t, c.Steps[3].Broken(), "a sub-chain holding a broken step loads")
	assert.True(t, nested[1].Broken())
	require.Len(t, kept, 3)
	assert.Equal(t, "steps[1].builder", kept[0].Path)
	assert.Equal(t, 1, kept[0].Step)
	assert.Equal(t, "steps[3].params.steps[1].builder", kept[2].Path)

	// saved back unchanged
	var buf bytes.Buffer
	require.NoError(t, c.Encode(&buf))
	assert.Contains(t, buf.String(), `{ "builder": "fancy_rooms", "params": { "size": 3 } }`, "in the file's layout")
	again, kept2, err := chain.DecodeKeep(buf.Bytes(), "")
	require.NoError(t, err)
	assert.Equal(t, kept, kept2)
	var buf2 bytes.Buffer
	require.NoError(t, again.Encode(&buf2))
	assert.Equal(t, buf.String(), buf2.String(), "load then save is byte-identical")

	// checked as errors, refused by a run
	var errs []string
	for _, p := range chain.Errors(chain.Check(c)) {
		errs = append(errs, p.Path+": "+p.Msg)
	}
	var keptErrs []string
	for _, p := range kept {
		keptErrs = append(keptErrs, p.Path+": "+p.Msg)
	}
	assert.Equal(t, keptErrs, errs, "each at its key, as the decoder said")
	_, err = chain.Run(context.Background(), c, 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "steps[1] fancy_rooms: did not load")

	// disabled, it is a warning and the run goes on without it
	d := c.Clone()
	d.Steps[0], err = chain.NewStep("simple_map", map[string]any{"draw": true})
	require.NoError(t, err)
	for _, i := range []int{1, 2, 3} {
		d.Steps[i].Disabled = true
	}
	assert.Empty(t, chain.Errors(chain.Check(d)))
	_, err = chain.Run(context.Background(), d, 1, nil)
	require.NoError(t, err)
}

func TestDecodeStepParsesOneStepStrictly(t *testing.T) {
	s, err := chain.DecodeStep([]byte(`{"builder": "room_drawer", "params": {"shape": "circle"}}`))
	require.NoError(t, err)
	assert.Equal(t, "circle", s.Params["shape"])
	assert.False(t, s.Broken())
	_, err = chain.DecodeStep([]byte(`{"builder": "room_drawer", "params": {"shape": "hexagon"}}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `step.params.shape: "hexagon" is not one of`)
	_, err = chain.DecodeStep([]byte(`{"builder": `))
	require.Error(t, err)
}

func TestSetEnabledOnABrokenStepEditsItsJSON(t *testing.T) {
	c, _, err := chain.DecodeKeep([]byte(`{"steps": [{"builder": "fancy_rooms", "params": {"size": 3}}]}`), "")
	require.NoError(t, err)
	s := &c.Steps[0]
	s.SetEnabled(false)
	assert.False(t, s.Enabled())
	assert.JSONEq(t, `{"builder": "fancy_rooms", "enabled": false, "params": {"size": 3}}`, string(s.Raw))
	assert.True(t, strings.HasPrefix(string(s.Raw), `{`))
	again, _, err := chain.DecodeKeep([]byte(`{"steps": [`+string(s.Raw)+`]}`), "")
	require.NoError(t, err)
	assert.False(t, again.Steps[0].Enabled(), "the choice is saved")
	s.SetEnabled(true)
	assert.JSONEq(t, `{"builder": "fancy_rooms", "params": {"size": 3}}`, string(s.Raw))
}
