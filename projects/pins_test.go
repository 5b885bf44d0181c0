package projects

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
)

func TestPinFingerprintFollowsItsLevelOnly(t *testing.T) {
	p, err := Example()
	require.NoError(t, err)
	sp := content.Default().Roller()
	ctx := context.Background()
	i := p.LevelByDepth(3)
	fp, err := p.PinFingerprint(ctx, i, 7, sp)
	require.NoError(t, err)
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, fp)
	p.Levels[i].Pins = []Pin{{Seed: 7, Fingerprint: fp}}
	again, _ := p.PinFingerprint(ctx, i, 7, sp)
	assert.Equal(t, fp, again, "deterministic")
	other, _ := p.PinFingerprint(ctx, i, 8, sp)
	assert.NotEqual(t, fp, other, "another seed, another level")

	// an unrelated level's edit leaves the pin alone
	q := p.Clone()
	j := q.LevelByDepth(4)
	q.Levels[j].Chain.Steps = q.Levels[j].Chain.Steps[:1]
	for _, r := range q.CheckPins(ctx, sp) {
		assert.False(t, r.Changed(), r.String(q))
	}
	// a step of the pinned level changes it
	q = p.Clone()
	q.Levels[i].Chain.Steps = append(q.Levels[i].Chain.Steps, chain.Step{Builder: "room_corner_rounder", Disabled: true})
	res := q.CheckPins(ctx, sp)
	require.Len(t, res, 1)
	assert.False(t, res[0].Changed(), "a disabled step changes nothing")
	q.Levels[i].Chain.Steps[0].Params = map[string]any{"preset": "open_area"}
	res = q.CheckPins(ctx, sp)
	assert.True(t, res[0].Changed())
	assert.Equal(t, "level 3, seed 7: changed", res[0].String(q))
}

func TestPinsRoundTripAndAreValidated(t *testing.T) {
	p := New("x")
	p.Levels[0].Pins = []Pin{{Seed: 7, Fingerprint: "sha256:" + string(make([]byte, 0))}}
	fp := "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	p.Levels[0].Pins = []Pin{{Seed: 7, Fingerprint: fp}, {Seed: 9, Fingerprint: fp}}
	data, err := p.Bytes()
	require.NoError(t, err)
	q, err := Decode(data)
	require.NoError(t, err)
	assert.Equal(t, p.Levels[0].Pins, q.Levels[0].Pins)
	again, _ := q.Bytes()
	assert.Equal(t, string(data), string(again))

	bad := []byte(`{"version": 1, "name": "x", "seed": 1, "levels": [{"depth": 1, "name": "a",
  "chain": {"width": 20, "height": 20, "steps": []}, "pins": [{"seed": 7, "fingerprint": "md5:x"}, {"seed": 7, "fingerprint": "` + fp + `"}]}]}`)
	_, err = Decode(bad)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `levels[0].pins[0].fingerprint: "md5:x" is not sha256: and 64 hex digits`)
	assert.Contains(t, err.Error(), `levels[0].pins[1].seed: 7 is pinned twice`)
}
