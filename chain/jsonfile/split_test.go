package jsonfile

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var splitSeeds = []string{
	`{}`, `[]`, `null`, ` { "a" : 1 , "b":[1, {"c":"d\u00e9"}], "a": true } `, `[1, "x", null, -0.5e+3]`,
	`{"a":01}`, `[1,]`, `{"a":1,}`, `{"\u0041":1}`, "{\"a\xff\":1}", `"str"`, `3`, `{"a":tru}`, `[truex]`,
	`{"a":"\q"}`, "[\"\x01\"]", `[1 2]`, `{"a" 1}`, `{"a":1} x`, `[[[]]]`, `{"a":"\ud800"}`, `-`, `1.`, `1e`,
	`-0`, `+1`, `18446744073709551615`, `18446744073709551616`, `9223372036854775808`, `-9223372036854775808`, `1e2`, `1.0`,
}

// FuzzSplit checks the splitters give what encoding/json gives.
func FuzzSplit(f *testing.F) {
	for _, s := range splitSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var wantM map[string]json.RawMessage
		werr := json.Unmarshal(data, &wantM)
		gotM, gerr := SplitObject(data)
		require.Equal(t, werr == nil, gerr == nil)
		if werr == nil {
			require.Equal(t, wantM == nil, gotM == nil)
			require.Equal(t, len(wantM), len(gotM))
			for k, v := range wantM {
				assert.Equal(t, string(v), string(gotM[k]))
			}
		}
		gotMs, gerr := SplitMembers(data)
		require.Equal(t, werr == nil, gerr == nil)
		if werr == nil {
			require.Equal(t, wantM == nil, gotMs == nil)
			require.Len(t, gotMs, len(wantM))
			for i, f := range gotMs {
				if i > 0 {
					require.Less(t, gotMs[i-1].Key, f.Key)
				}
				assert.Equal(t, string(wantM[f.Key]), string(f.Val))
			}
		}
		var wantObj map[string]json.RawMessage
		oerr := Unmarshal(data, &wantObj)
		gotObj, gerr := UnmarshalMembers(data)
		require.Equal(t, oerr, gerr)
		if oerr == nil {
			require.Equal(t, wantObj == nil, gotObj == nil)
			require.Len(t, gotObj, len(wantObj))
			for _, f := range gotObj {
				assert.Equal(t, string(wantObj[f.Key]), string(f.Val))
			}
		}
		var wantS []json.RawMessage
		werr = json.Unmarshal(data, &wantS)
		gotS, gerr := SplitArray(data)
		require.Equal(t, werr == nil, gerr == nil)
		if werr == nil {
			require.Equal(t, wantS == nil, gotS == nil)
			require.Equal(t, len(wantS), len(gotS))
			for i := range wantS {
				assert.Equal(t, string(wantS[i]), string(gotS[i]))
			}
		}
		ws, gs := "keep", "keep"
		werr = json.Unmarshal(data, &ws)
		gerr = UnmarshalString(data, &gs)
		require.Equal(t, werr == nil, gerr == nil)
		require.Equal(t, ws, gs)
		wb, gb := true, true
		werr = json.Unmarshal(data, &wb)
		gerr = UnmarshalBool(data, &gb)
		require.Equal(t, werr == nil, gerr == nil)
		require.Equal(t, wb, gb)
		wi, gi := 7, 7
		werr = json.Unmarshal(data, &wi)
		gerr = UnmarshalInt(data, &gi)
		require.Equal(t, werr == nil, gerr == nil)
		require.Equal(t, wi, gi)
		wu, gu := uint64(7), uint64(7)
		werr = json.Unmarshal(data, &wu)
		gerr = UnmarshalUint64(data, &gu)
		require.Equal(t, werr == nil, gerr == nil)
		require.Equal(t, wu, gu)
		var wx any
		werr = Unmarshal(data, &wx)
		gx, gerr := UnmarshalAny(data)
		require.Equal(t, werr, gerr)
		require.Equal(t, wx, gx)
	})
}

func TestSplitSeeds(t *testing.T) {
	m, err := SplitObject([]byte(` { "a" : 1 , "b":[1], "a": true } `))
	require.NoError(t, err)
	assert.Equal(t, map[string]json.RawMessage{"a": json.RawMessage("true"), "b": json.RawMessage("[1]")}, m)
}
