package chain_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func init() {
	chain.Register(chain.Spec{
		Name: "t_typed", Kind: chain.Meta,
		Params: []chain.Param{
			{Name: "who", Type: chain.Entity, Default: "Goblin"},
			{Name: "rows", Type: chain.Template},
			{Name: "prefab", Type: chain.PrefabName},
			{Name: "prefabs", Type: chain.PrefabNames, Default: []string{"orc_camp"}},
			{Name: "region", Type: chain.Region, Default: "center"},
			{Name: "half", Type: chain.Region, Default: "left_half", Choices: []string{"left_half", "right_half"}},
		},
		New: func(chain.Values) (chain.Builder, error) {
			return chain.BuildFunc(func(context.Context, *chain.State, *rand.Rand) error { return nil }), nil
		},
	})
}

func TestParamTypeNamesAndBases(t *testing.T) {
	want := map[chain.ParamType][2]string{
		chain.Int: {"int", "int"}, chain.Float: {"float", "float"}, chain.Bool: {"bool", "bool"},
		chain.String: {"string", "string"}, chain.Enum: {"enum", "enum"},
		chain.EnumOrNumber: {"enum_or_number", "enum_or_number"}, chain.StringList: {"string_list", "string_list"},
		chain.IntList: {"int_list", "int_list"}, chain.Steps: {"steps", "steps"},
		chain.Entity: {"entity", "string"}, chain.Template: {"template", "string_list"},
		chain.PrefabName: {"prefab_name", "string"}, chain.PrefabNames: {"prefab_name_list", "string_list"},
		chain.Region: {"region", "enum"},
	}
	for typ, names := range want {
		assert.Equal(t, names[0], typ.String())
		assert.Equal(t, names[1], typ.Base().String(), "%s", typ)
	}
	assert.Equal(t, "unknown", chain.ParamType(99).String())
	assert.Equal(t, "unknown", chain.ParamType(-1).String())
}

// The typed parameters keep their base type's JSON shape and checks.
func TestTypedParamsDecodeAsTheirBase(t *testing.T) {
	c, err := chain.DecodeJSON([]byte(`{"width": 20, "height": 20, "steps": [{"builder": "t_plain"}, {"builder": "t_typed", "params": {
		"who": "Orc", "rows": ["#g#"], "prefab": "orc_camp", "prefabs": ["a", "b"], "region": "top_half", "half": "right_half"}}]}`), "c.json")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"who": "Orc", "rows": []string{"#g#"}, "prefab": "orc_camp", "prefabs": []string{"a", "b"},
		"region": "top_half", "half": "right_half"}, c.Steps[1].Params)

	for _, tc := range []struct{ params, want string }{
		{`{"who": 3}`, `steps[1].params.who: 3 is not a string`},
		{`{"rows": "#g#"}`, `steps[1].params.rows: "#g#" is not a list of strings`},
		{`{"prefab": ["x"]}`, `steps[1].params.prefab: a list is not a string`},
		{`{"prefabs": [1]}`, `steps[1].params.prefabs: [0]: 1 is not a string`},
		{`{"region": "middle"}`, `steps[1].params.region: "middle" is not one of all, left_half, right_half, top_half, bottom_half, center`},
		{`{"half": "center"}`, `steps[1].params.half: "center" is not one of left_half, right_half`},
	} {
		_, err := chain.DecodeJSON([]byte(`{"width": 20, "height": 20, "steps": [{"builder": "t_plain"}, {"builder": "t_typed", "params": `+tc.params+`}]}`), "c.json")
		require.Error(t, err, tc.params)
		assert.Contains(t, err.Error(), tc.want)
	}
}

func TestRegisterFillsRegionChoices(t *testing.T) {
	spec, ok := chain.Lookup("t_typed")
	require.True(t, ok)
	p, _ := spec.Param("region")
	assert.Equal(t, chain.RegionNames(), p.Choices)
	p, _ = spec.Param("half")
	assert.Equal(t, []string{"left_half", "right_half"}, p.Choices)
	// a descriptor that was never registered checks against every region
	_, err := chain.Param{Name: "r", Type: chain.Region}.Check("bottom_half")
	assert.NoError(t, err)

	noop := func(chain.Values) (chain.Builder, error) { return nil, nil }
	assert.PanicsWithValue(t, `chain: builder t_bad_region: region parameter r: "middle" is not a region`, func() {
		chain.Register(chain.Spec{Name: "t_bad_region", New: noop, Params: []chain.Param{{Name: "r", Type: chain.Region, Choices: []string{"all", "middle"}}}})
	})
	assert.Panics(t, func() {
		chain.Register(chain.Spec{Name: "t_bad_type", New: noop, Params: []chain.Param{{Name: "x", Type: chain.ParamType(42)}}})
	})
}
