package chain_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"hewn/chain"
)

func TestWalkStepsVisitsNestedStepsWithTheirPaths(t *testing.T) {
	steps := []chain.Step{
		{Builder: "t_plain"},
		{Builder: "t_nest", Params: map[string]any{"steps": []chain.Step{
			{Builder: "t_fill", Disabled: true},
			{Builder: "t_nest", Params: map[string]any{"steps": []chain.Step{{Builder: "t_plain"}}}},
		}}},
		{Builder: "t_typed", Params: map[string]any{"who": "Orc"}},
	}
	var got []string
	chain.WalkSteps(steps, "levels[0].chain.steps", func(s *chain.Step, path string) {
		got = append(got, path+" "+s.Builder)
		if s.Builder == "t_plain" {
			s.Note = "seen"
		}
	})
	assert.Equal(t, []string{
		"levels[0].chain.steps[0] t_plain",
		"levels[0].chain.steps[1] t_nest",
		"levels[0].chain.steps[1].params.steps[0] t_fill",
		"levels[0].chain.steps[1].params.steps[1] t_nest",
		"levels[0].chain.steps[1].params.steps[1].params.steps[0] t_plain",
		"levels[0].chain.steps[2] t_typed",
	}, got)
	assert.Equal(t, "seen", steps[0].Note, "visit changes the step in place")
	assert.Equal(t, "seen", steps[1].Params["steps"].([]chain.Step)[1].Params["steps"].([]chain.Step)[0].Note)
}

func TestWalkParamsFollowsTypedParameters(t *testing.T) {
	steps := []chain.Step{
		{Builder: "t_typed", Params: map[string]any{"region": "all", "who": "Orc"}},
		{Builder: "t_nest", Params: map[string]any{"steps": []chain.Step{
			{Builder: "t_typed", Params: map[string]any{"who": "Goblin", "prefabs": []string{"a"}}},
			{Builder: "nope", Params: map[string]any{"who": "Rat"}},
		}}},
	}
	var got []string
	chain.WalkParams(steps, "steps", func(s *chain.Step, p chain.Param, path string) {
		got = append(got, path+" "+p.Type.String())
		if p.Type == chain.Entity {
			s.Params[p.Name] = "Kobold"
		}
	})
	assert.Equal(t, []string{
		"steps[0].params.who entity",
		"steps[0].params.region region",
		"steps[1].params.steps steps",
		"steps[1].params.steps[0].params.who entity",
		"steps[1].params.steps[0].params.prefabs prefab_name_list",
	}, got, "in descriptor order; the unknown builder is passed over")
	assert.Equal(t, "Kobold", steps[0].Params["who"])
	assert.Equal(t, "Kobold", steps[1].Params["steps"].([]chain.Step)[0].Params["who"])
}
