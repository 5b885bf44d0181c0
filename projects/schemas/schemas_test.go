package schemas

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

// Every kind builds; each names its format (content packs have none); the
// schemas themselves are checked against the metaschema, and documents
// against them, in ui/cli's tests.
func TestEveryKind(t *testing.T) {
	require.Equal(t, []string{"level", "chain", "project", "content", "stats", "balance", "session", "play", "tune",
		"sensitivity", "odds", "view"}, Names())
	for _, k := range Kinds() {
		b, err := Schema(k.Name)
		require.NoError(t, err, k.Name)
		var v map[string]any
		require.NoError(t, json.Unmarshal(b, &v), k.Name)
		assert.Equal(t, "https://json-schema.org/draft/2020-12/schema", v["$schema"], k.Name)
		if k.Format == "" {
			assert.Equal(t, "content", k.Name)
			continue
		}
		kind, _, ok := jsonfile.ParseFormat(k.Format)
		require.True(t, ok, k.Format)
		assert.Equal(t, k.Name, kind, "a kind is named as its format")
		assert.Contains(t, string(b), `"const": "`+k.Format+`"`, k.Name)
	}
	_, err := Schema("nope")
	require.EqualError(t, err, `schemas: unknown kind "nope" (want level, chain, project, content, stats, balance, session, play, tune, sensitivity, odds, view)`)
}

// A builder's parameters have their schema from its descriptors: every
// registered builder has one, with each parameter.
func TestChainSchemaFollowsTheRegistry(t *testing.T) {
	s := chainSchema()
	for _, spec := range chain.Specs() {
		ps := s.Defs.Get("params." + spec.Name)
		require.NotNil(t, ps, spec.Name)
		for _, p := range spec.Params {
			assert.NotNil(t, ps.Properties.Get(p.Name), "%s.%s", spec.Name, p.Name)
		}
	}
	p, ok := chain.Lookup("cellular_automata")
	require.True(t, ok)
	prm, _ := p.Param("iterations")
	it := s.Defs.Get("params.cellular_automata").Properties.Get("iterations")
	assert.Equal(t, bound(prm.Min), it.Minimum)
	assert.Equal(t, bound(prm.Max), it.Maximum)
}
