package special_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	_ "hewn/chain/builders"
)

func subChainOf(region string, connect bool) *chain.Chain {
	return &chain.Chain{Depth: 1, Width: 60, Height: 30, Steps: []chain.Step{
		{Builder: "cellular_automata"},
		{Builder: "sub_chain", Params: map[string]any{"region": region, "connect": connect, "steps": []chain.Step{
			{Builder: "simple_map", Params: map[string]any{"draw": true}},
		}}},
	}}
}

// The region of the result really comes from the nested map: it equals the
// nested chain's final snapshot there, and the rest equals the parent's map.
func TestSubChainRegionComesFromNestedMap(t *testing.T) {
	for _, region := range []string{"all", "left_half", "right_half", "top_half", "bottom_half", "center"} {
		t.Run(region, func(t *testing.T) {
			res, err := chain.Run(context.Background(), subChainOf(region, false), 9, nil)
			require.NoError(t, err)
			h := res.History
			parent := h.At(h.LastOf(0)).Map
			nestedIdx := -1
			for i := 0; i < h.Len(); i++ {
				if ref, _ := h.StepOf(i); strings.HasPrefix(ref.Path, "steps[1].params.steps[0]") {
					nestedIdx = i
					assert.Equal(t, 1, ref.Index, "nested snapshots belong to step 1")
				}
			}
			require.GreaterOrEqual(t, nestedIdx, 0, "nested snapshots are in the history")
			nested := h.At(nestedIdx).Map
			g := res.State.Map
			r := regionRect(region, g.W, g.H)
			for i := range g.Tiles {
				p := g.Pt(i)
				if r.Contains(p) {
					require.Equal(t, nested.At(p), g.At(p), "%v inside %s", p, region)
				} else {
					require.Equal(t, parent.At(p), g.At(p), "%v outside %s", p, region)
				}
			}
			for _, rm := range res.State.Rooms {
				assert.Equal(t, rm, r.Intersect(rm), "merged rooms lie inside the region")
			}
		})
	}
}

func TestSubChainRegions(t *testing.T) {
	assert.Equal(t, chain.R(40, 0, 40, 50), regionRect("right_half", 80, 50))
	assert.Equal(t, chain.R(0, 0, 40, 50), regionRect("left_half", 80, 50))
	assert.Equal(t, chain.R(20, 12, 40, 25), regionRect("center", 80, 50))
	assert.Equal(t, chain.R(0, 25, 81, 25), regionRect("bottom_half", 81, 50))
}

// With connect, the merged region and the rest are joined by walkable tiles.
func TestSubChainConnect(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		res, err := chain.Run(context.Background(), subChainOf("center", true), seed, nil)
		require.NoError(t, err)
		g := res.State.Map
		r := regionRect("center", g.W, g.H)
		var in, out []chain.Point
		for i, t := range g.Tiles {
			if t.Walkable() {
				if p := g.Pt(i); r.Contains(p) {
					in = append(in, p)
				} else {
					out = append(out, p)
				}
			}
		}
		if len(in) == 0 || len(out) == 0 {
			continue
		}
		d := chain.DistanceMap(g, in)
		reached := false
		for _, p := range out {
			reached = reached || d[g.Idx(p)] != chain.Unreachable
		}
		assert.True(t, reached, "seed %d: region joined to the rest", seed)
	}
}

func TestSubChainErrors(t *testing.T) {
	c := &chain.Chain{Width: 20, Height: 20, Steps: []chain.Step{{Builder: "simple_map"}, {Builder: "sub_chain"}}}
	_, err := chain.Run(context.Background(), c, 1, nil)
	require.ErrorContains(t, err, "steps[1] sub_chain: the sub-chain has no steps")
	c.Steps[1].Params = map[string]any{"steps": []chain.Step{{Builder: "room_drawer"}}}
	_, err = chain.Run(context.Background(), c, 1, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "steps[1].params.steps[0] room_drawer")
}

func BenchmarkSubChain(b *testing.B) {
	b.ReportAllocs()
	c := subChainOf("right_half", true)
	c.Width, c.Height = 80, 50
	for i := 0; i < b.N; i++ {
		if _, err := chain.Run(context.Background(), c, uint64(i), nil); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCheckUsesEffects(t *testing.T) {
	mk := func(steps ...chain.Step) []chain.Problem {
		return chain.Check(&chain.Chain{Width: 80, Height: 50, Steps: steps})
	}
	assert.Empty(t, mk(chain.Step{Builder: "prefab", Params: map[string]any{"mode": "level", "template": []string{"#####", "#@ >#", "#####"}}},
		chain.Step{Builder: "cull_unreachable"}), "a level template with @ makes a start")
	probs := mk(chain.Step{Builder: "simple_map"}, chain.Step{Builder: "waveform_collapse"}, chain.Step{Builder: "room_drawer"})
	require.Len(t, probs, 1, "waveform_collapse drops rooms")
	assert.Contains(t, probs[0].Error(), "steps[2]: room_drawer needs rooms")
	assert.Empty(t, mk(chain.Step{Builder: "cellular_automata"}, chain.Step{Builder: "prefab", Params: map[string]any{"mode": "room_vaults"}}),
		"room vaults scan the whole map: no rooms needed")
}

// merge carve (the tutorial's DragonsLair): a wall becomes floor where the
// nested map made floor; no floor ever becomes wall, no other tile changes,
// and the parent's start, exits and spawns stay. The nested history is appended.
func TestSubChainCarveNeverWallsFloor(t *testing.T) {
	c := &chain.Chain{Depth: 6, Width: 80, Height: 50, Steps: []chain.Step{
		{Builder: "bsp_dungeon"},
		{Builder: "room_sorter", Params: map[string]any{"sort": "central"}},
		{Builder: "room_drawer"},
		{Builder: "bsp_corridors"},
		{Builder: "area_starting_position", Params: map[string]any{"x": "left", "y": "top"}},
		{Builder: "area_ending_position", Params: map[string]any{"x": "right", "y": "bottom"}},
		{Builder: "sub_chain", Params: map[string]any{"region": "all", "merge": "carve", "steps": []chain.Step{
			{Builder: "dla", Params: map[string]any{"preset": "insectoid"}},
		}}},
	}}
	for seed := uint64(0); seed < 20; seed++ {
		res, err := chain.Run(context.Background(), c, seed, nil)
		require.NoError(t, err)
		h := res.History
		before := h.At(h.LastOf(5))
		nested := -1
		for i := 0; i < h.Len(); i++ {
			if ref, _ := h.StepOf(i); ref.Path == "steps[6].params.steps[0]" && ref.Key == "sub_chain#0/dla#0" {
				nested = i
			}
		}
		require.GreaterOrEqual(t, nested, 0, "the nested history is appended")
		lair := h.At(nested).Map
		g := res.State.Map
		carved := 0
		for i, was := range before.Map.Tiles {
			now := g.Tiles[i]
			switch {
			case was == chain.Wall && lair.Tiles[i] == chain.Floor:
				require.Equal(t, chain.Floor, now, "seed %d: %v", seed, g.Pt(i))
				carved++
			default:
				require.Equal(t, was, now, "seed %d: %v changed", seed, g.Pt(i))
			}
		}
		assert.Positive(t, carved, "seed %d: the lair carved something", seed)
		assert.Equal(t, before.Start, res.State.Start)
		assert.Equal(t, before.Exits, res.State.Exits)
		assert.Equal(t, len(before.Rooms), len(res.State.Rooms))
	}
}

// regionRect is chain.RegionRect of a known region name.
func regionRect(name string, w, h int) chain.Rect {
	r, _ := chain.RegionRect(name, w, h)
	return r
}
