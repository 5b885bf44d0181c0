package chain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// The layout's parser reads what encoding/json writes into the same tree as
// the json.Decoder tokens it replaced (kept here as the reference).
func TestLayoutParserMatchesTheDecoder(t *testing.T) {
	var inputs [][]byte
	for _, glob := range []string{"testdata/*.json", "builders/testdata/chains/*.json", "../projects/*.json", "../content/*.json"} {
		files, err := filepath.Glob(glob)
		require.NoError(t, err)
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			inputs = append(inputs, data)
		}
	}
	require.Greater(t, len(inputs), 40)
	inputs = append(inputs, []byte(`{"a":"<b>&\u2028\u0001\"q\"\\","tiles":{"x":1},"template":["ab"],"n":[1.5e-7,-0,true,false,null,{},[]]}`))
	for _, data := range inputs {
		checkLayoutParser(t, data)
	}
}

// FuzzLayoutParser compares the parser with the reference on what
// encoding/json writes for any JSON value.
func FuzzLayoutParser(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":"<>"}],"tiles":{"x":"\u2029"}}`))
	f.Fuzz(checkLayoutParser)
}

func checkLayoutParser(t *testing.T, data []byte) {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return
	}
	m, err := json.Marshal(v)
	require.NoError(t, err)
	got, err := parseLayout(m)
	require.NoError(t, err)
	want, err := parseLayoutRef(m)
	require.NoError(t, err)
	require.True(t, reflect.DeepEqual(want, got), "%s", m)
}

func parseLayoutRef(data []byte) (*lnode, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseValueRef(dec)
	if err != nil {
		return nil, fmt.Errorf("chain: layout: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("chain: layout: trailing data")
	}
	return n, nil
}

func parseValueRef(dec *json.Decoder) (*lnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	n := &lnode{}
	switch t := tok.(type) {
	case json.Delim:
		n.obj = t == '{'
		n.arr = t == '['
		for dec.More() {
			if n.obj {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				n.keys = append(n.keys, quoteJSON(k))
			}
			v, err := parseValueRef(dec)
			if err != nil {
				return nil, err
			}
			if n.obj {
				switch n.keys[len(n.keys)-1] {
				case `"tiles"`:
					v.force = v.obj
				case `"template"`:
					v.force = v.arr
				}
			}
			n.items = append(n.items, v)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		if len(n.items) >= 2 && listOfObjects(n) {
			n.force = true
		}
	case string:
		n.text = quoteJSON(t)
	case json.Number:
		n.text = t.String()
	case bool:
		n.text = fmt.Sprint(t)
	case nil:
		n.text = "null"
	}
	n.flat = flatText(n)
	return n, nil
}
