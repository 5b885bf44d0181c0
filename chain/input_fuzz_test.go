package chain_test

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

// FuzzCheckJSON compares chain.CheckJSON with a slow reference built on
// encoding/json: on well-formed UTF-8 JSON it reports a duplicate key or deep
// nesting exactly when the reference finds one, and it never refuses
// well-formed input for anything else.
func FuzzCheckJSON(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":{"b":[{"c":1,"c":2}]}}`, `{"a":"\u0062","b":1,"\u0061":3}`,
		"\xef\xbb\xbf{}", `[[[[]]]]`, `{"x":"\"","x ":1}`, `{}`, `"\xff"`, "\xff\xfe{\x00}\x00", `{"a":1,` + strings.Repeat(`"b":1,`, 20) + `"a":2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := chain.CheckJSON(data)
		body := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
		if !json.Valid(body) || !utf8.Valid(body) || (len(body) >= 2 && (body[0] == 0 || body[1] == 0)) {
			return // malformed or not UTF-8: the decoder's (or the encoding check's) to report
		}
		dup, deep := referenceScan(body)
		if dup || deep {
			require.Error(t, err, "%q: dup %v deep %v", data, dup, deep)
			return
		}
		require.NoError(t, err, "%q", data)
		require.Equal(t, body, out)
	})
}

// referenceScan walks JSON with encoding/json's tokenizer and reports a
// duplicate key in any object and nesting deeper than jsonfile.MaxDepth.
func referenceScan(data []byte) (dup, deep bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		obj  bool
		keys map[string]bool
		key  bool // the next string token in an object is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF || err != nil {
			return dup, deep
		}
		top := func() *frame {
			if len(stack) == 0 {
				return nil
			}
			return stack[len(stack)-1]
		}
		if fr := top(); fr != nil && fr.obj && fr.key {
			if k, ok := tok.(string); ok {
				if fr.keys[k] {
					dup = true
				}
				fr.keys[k] = true
				fr.key = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if len(stack) >= jsonfile.MaxDepth {
				deep = true
				return dup, deep
			}
			stack = append(stack, &frame{obj: tok == json.Delim('{'), keys: map[string]bool{}, key: true})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if fr := top(); fr != nil && fr.obj {
			fr.key = true
		}
	}
}

// FuzzDecodeTheme decodes a theme file; a theme that decodes encodes to one
// that decodes to the same theme.
func FuzzDecodeTheme(f *testing.F) {
	f.Add([]byte(`{"name":"t","box_walls":true,"tiles":{"wall":{"glyph":"#","fg":"#A0A0A0","bg":"#000"}}}`))
	f.Add([]byte(`{"name":"t","tiles":{"lava":{"glyph":"~","fg":"#FF0000","bg":"#000000"}}}`))
	f.Add([]byte(`{"name":"t","tiles":{"floor":{"glyph":"\u00e9","fg":"#ABC","bg":"#abcdef","x":1}}}`))
	f.Add([]byte(`{"name":"","name":"x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		th, probs := chain.DecodeTheme(data, "")
		if len(probs) > 0 {
			for _, p := range probs {
				require.NotEmpty(t, p.Msg)
			}
			return
		}
		b, err := json.Marshal(th)
		require.NoError(t, err)
		again, probs := chain.DecodeTheme(b, "")
		require.Empty(t, probs, "%s", b)
		require.Equal(t, th.Name, again.Name)
		require.Equal(t, th.BoxWalls, again.BoxWalls)
		require.Equal(t, len(th.Tiles), len(again.Tiles))
		for k, l := range th.Tiles {
			require.Equal(t, l, again.Tiles[k], k)
		}
	})
}
