package content

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
	"hewn/chain/jsonfile/jsonschema"
)

// The schema uses only what jsonschema.Validate checks, so the schema
// printed is the schema checked.
func TestSchemaIsWhatValidateChecks(t *testing.T) {
	s, b := packSchema()
	require.NotNil(t, s)
	assert.Empty(t, jsonschema.Unchecked(s))
	var v map[string]any
	require.NoError(t, json.Unmarshal(b, &v))
	assert.Equal(t, jsonschema.Draft, v["$schema"])
	_, _, err := refBuildSchema()
	require.NoError(t, err)
}

// schemaProblems (jsonschema.Validate on the schema derived by Hewn) gives
// the problems the reference gives (invopop's schema, santhosh-tekuri's
// validator) on every pack of the corpus and on every way of giving one of
// their values the wrong type.
func TestSchemaProblemsMatchTheReference(t *testing.T) {
	corpus := schemaCorpus(t)
	n := 0
	for name, data := range corpus {
		root, err := jsonfile.Parse(data)
		if err != nil {
			continue
		}
		for i, doc := range append([]*jsonfile.Node{root}, mutations(root)...) {
			n++
			want, got := problemStrings(refSchemaProblems(doc)), problemStrings(schemaProblems(doc))
			if !assert.Equal(t, want, got, "%s variant %d", name, i) {
				return
			}
		}
	}
	assert.Greater(t, n, 300)
}

func FuzzSchemaProblems(f *testing.F) {
	for _, data := range schemaCorpus(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := jsonfile.Parse(data)
		if err != nil {
			return
		}
		require.Equal(t, problemStrings(refSchemaProblems(root)), problemStrings(schemaProblems(root)))
	})
}

// schemaCorpus is every content pack of the tests: testdata, the default
// pack, the validation cases and the fuzz corpus's seeds.
func schemaCorpus(tb testing.TB) map[string][]byte {
	out := map[string][]byte{"default": DefaultJSON(), "base": []byte(basePack),
		"seed1": []byte(`{"spawn_table":[{"name":"x","weight":"1"}],"mobs":[1,null,{}]}`),
		"seed2": []byte(`{"items":[{"name":"a\ud800b","template_magic":{"bonus_min":-5,"bonus_max":1000000000}}]}`),
		"ints":  []byte(`{"spawn_table":[{"name":"x","weight":2.0,"min_depth":1e1,"max_depth":1.5}],"items":[{"name":"a","renderable":{"glyph":"a","fg":"","bg":"","order":-0}}]}`),
	}
	files, err := filepath.Glob("testdata/*.json")
	require.NoError(tb, err)
	corpus, _ := filepath.Glob("testdata/fuzz/*/*")
	for _, f := range append(files, corpus...) {
		b, err := os.ReadFile(f)
		require.NoError(tb, err)
		if strings.Contains(f, "fuzz") {
			// go test fuzz v1, then []byte("...")
			_, lit, ok := strings.Cut(string(b), "[]byte(")
			if !ok {
				continue
			}
			s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimSpace(lit), ")"))
			if err != nil {
				continue
			}
			b = []byte(s)
		}
		out[f] = b
	}
	return out
}

// mutations returns copies of root, each with one value replaced by a value
// of another type (or one key removed), up to 150.
func mutations(root *jsonfile.Node) []*jsonfile.Node {
	var out []*jsonfile.Node
	others := []*jsonfile.Node{jsonfile.NewString("x"), jsonfile.NewNumber("1.5"), jsonfile.NewNumber("2"),
		jsonfile.NewBool(true), {Kind: jsonfile.Null}, jsonfile.NewArray(jsonfile.NewNumber("1")), jsonfile.NewObject()}
	var paths [][]int // the field or item indexes leading to each value
	var walk func(n *jsonfile.Node, path []int)
	walk = func(n *jsonfile.Node, path []int) {
		if len(paths) > 150 {
			return
		}
		paths = append(paths, append([]int(nil), path...))
		for i, f := range n.Fields {
			walk(f.Val, append(path, i))
		}
		for i, it := range n.Items {
			walk(it, append(path, i))
		}
	}
	walk(root, nil)
	for k, p := range paths[1:] {
		c := cloneNode(root)
		parent := c
		for _, i := range p[:len(p)-1] {
			parent = child(parent, i)
		}
		last := p[len(p)-1]
		if parent.Kind == jsonfile.Object && k%3 == 0 {
			parent.Fields = append(parent.Fields[:last:last], parent.Fields[last+1:]...) // drop the key
		} else {
			setChild(parent, last, others[k%len(others)])
		}
		out = append(out, c)
	}
	return out
}

func child(n *jsonfile.Node, i int) *jsonfile.Node {
	if n.Kind == jsonfile.Object {
		return n.Fields[i].Val
	}
	return n.Items[i]
}

func setChild(n *jsonfile.Node, i int, v *jsonfile.Node) {
	if n.Kind == jsonfile.Object {
		n.Fields[i].Val = v
		return
	}
	n.Items[i] = v
}

func cloneNode(n *jsonfile.Node) *jsonfile.Node {
	c := *n
	c.Fields = make([]jsonfile.Field, len(n.Fields))
	for i, f := range n.Fields {
		c.Fields[i] = jsonfile.Field{Key: f.Key, Val: cloneNode(f.Val)}
	}
	c.Items = make([]*jsonfile.Node, len(n.Items))
	for i, it := range n.Items {
		c.Items[i] = cloneNode(it)
	}
	if n.Fields == nil {
		c.Fields = nil
	}
	if n.Items == nil {
		c.Items = nil
	}
	return &c
}

var _ = reflect.TypeFor[Pack] // the schema is the Go types'
