package jsonfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The layout reads what encoding/json writes (through Parse) into the same
// tree as the json.Decoder tokens it once used (kept here as the reference),
// so its strings are quoted as encoding/json quotes them.
func TestLayoutTreeMatchesTheDecoder(t *testing.T) {
	var inputs [][]byte
	for _, glob := range []string{"../testdata/*.json", "../builders/testdata/chains/*.json", "../../projects/*.json", "../../content/*.json"} {
		files, err := filepath.Glob(glob)
		require.NoError(t, err)
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			inputs = append(inputs, data)
		}
	}
	require.Greater(t, len(inputs), 40)
	inputs = append(inputs, []byte(`{"a":"<b>&\u2028\u0001\"q\"\\","tiles":{"x":1},"template":["ab"],"n":[1.5e-7,-0,true,false,null,{},[]]}`),
		[]byte(`{"s":"\b\f\t\u001f\u007f\ud800x\udc00\ud83d\ude00","\u2029":"\/"}`))
	for _, data := range inputs {
		checkLayoutTree(t, data)
	}
}

// FuzzLayoutTree compares the layout's tree with the reference on what
// encoding/json writes for any JSON value.
func FuzzLayoutTree(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":"<>"}],"tiles":{"x":"\u2029"}}`))
	f.Add([]byte(`["\b\f\u0000\ud800", "\u00e9\ufffd"]`))
	f.Fuzz(checkLayoutTree)
}

func checkLayoutTree(t *testing.T, data []byte) {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return
	}
	m, err := json.Marshal(v)
	require.NoError(t, err)
	got, err := layoutTree(m)
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
		return nil, fmt.Errorf("jsonfile: layout: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("jsonfile: layout: trailing data")
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

// quoteJSON quotes s as encoding/json does without HTML escaping: the
// reference for the layout's strings.
func quoteJSON(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}
