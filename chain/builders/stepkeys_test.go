package builders_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
)

// absentBuilder names a builder no step of steps (nested lists excluded) uses.
func absentBuilder(steps []chain.Step) string {
	used := map[string]bool{}
	for _, s := range steps {
		used[s.Builder] = true
	}
	for _, name := range []string{"room_exploder", "maze", "door_placement", "dla"} {
		if !used[name] {
			return name
		}
	}
	panic("every candidate is used")
}

// withDisabled returns copies of steps with a disabled step inserted at every
// position of every step list (the top one and each nested one).
func withDisabled(steps []chain.Step, where string) map[string][]chain.Step {
	out := map[string][]chain.Step{}
	extra := chain.Step{Builder: absentBuilder(steps), Disabled: true, Note: "inserted"}
	for i := 0; i <= len(steps); i++ {
		c := make([]chain.Step, 0, len(steps)+1)
		for _, s := range steps {
			c = append(c, s.Clone())
		}
		out[fmt.Sprintf("%s[%d]", where, i)] = slices.Insert(c, i, extra)
	}
	for i, s := range steps {
		for k, v := range s.Params {
			nested, ok := v.([]chain.Step)
			if !ok {
				continue
			}
			for name, variant := range withDisabled(nested, fmt.Sprintf("%s[%d].params.%s", where, i, k)) {
				c := make([]chain.Step, len(steps))
				for j, s := range steps {
					c[j] = s.Clone()
				}
				c[i].Params[k] = variant
				out[name] = c
			}
		}
	}
	return out
}

func levelBytes(t *testing.T, c *chain.Chain, seed uint64) []byte {
	t.Helper()
	r, err := chain.RunConfig(context.Background(), c, chain.Config{Master: seed, Spawner: fakeSpawner{}, NoHistory: true})
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, r.Level().WriteJSON(&buf))
	return buf.Bytes()
}

// TestInsertingADisabledStepChangesNothing inserts a disabled step at every
// position of every test chain (nested sub_chain lists included): the level
// JSON stays byte-identical.
func TestInsertingADisabledStepChangesNothing(t *testing.T) {
	chains := loadChains(t)
	names := []string{"sub_chain", "bsp_dungeon", "cave_decorator", "corridor_spawner", "voronoi_spawning",
		"room_based_spawner", "waveform_collapse", "yellow_brick_road", "dla_meta", "prefab_room_vaults"}
	for _, name := range names {
		c, ok := chains[name]
		require.True(t, ok, name)
		t.Run(name, func(t *testing.T) {
			for _, seed := range []uint64{1, 2} {
				want := levelBytes(t, c, seed)
				for where, steps := range withDisabled(c.Steps, "steps") {
					d := *c
					d.Steps = steps
					require.Equal(t, string(want), string(levelBytes(t, &d, seed)), "seed %d, disabled step at %s", seed, where)
				}
			}
		})
	}
}
