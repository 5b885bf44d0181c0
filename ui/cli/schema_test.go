package cli

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/content"
	"hewn/projects/schemas"
)

func TestSchemaCommand(t *testing.T) {
	for _, k := range schemas.Names() {
		code, out, errs := hewn("schema", k)
		require.Equal(t, 0, code, errs)
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(out), &v), k)
		assert.Equal(t, "https://json-schema.org/draft/2020-12/schema", v["$schema"], k)
	}
	_, chainSchema, _ := hewn("schema", "chain")
	assert.Contains(t, chainSchema, `"params.cellular_automata"`, "one schema per builder")
	code, out, _ := hewn("schema", "content")
	assert.Equal(t, 0, code)
	_, alias, _ := hewnContent("schema")
	assert.Equal(t, string(content.Schema()), out)
	assert.Equal(t, out, alias, "hewn content schema is an alias")

	code, out, _ = hewn("schema", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "project      hewn.project/2")
	code, _, errs := hewn("schema", "nope")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, `hewn schema: unknown kind "nope" (want level, chain, project, content,`)
	code, _, errs = hewn("schema")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "want one KIND")
}
