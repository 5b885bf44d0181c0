package jsonfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is the deepest bracket nesting a document may have: far more than
// 16 nested sub-chains need, and a bound on the parser's recursion so hostile
// input cannot exhaust the stack.
const MaxDepth = 256

// Kind is the kind of a JSON value.
type Kind uint8

// The kinds of JSON values.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// String names the kind as errors do: "null", "boolean", "number", "string",
// "array" or "object".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind " + strconv.Itoa(int(k))
}

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

// Node is one JSON value of an ordered tree: object keys stay in input order,
// numbers keep their text as written, and every parsed value knows its byte
// offset (for line:column). A tree is what makes content packs' import and
// export lossless and what the writers lay out.
type Node struct {
	// Kind is the value's kind.
	Kind Kind
	// Off is the byte offset of the value in the parsed data (a byte-order
	// mark included); 0 for built nodes.
	Off int
	// Text is a number's text as written, a string's value, or "true" or
	// "false".
	Text string
	// Items are an array's items (empty, not nil, for a parsed []).
	Items []*Node
	// Fields are an object's members in input order.
	Fields []Field
}

// Field is one member of an object.
type Field struct {
	// Key is the member's name.
	Key string
	// Val is its value.
	Val *Node
}

// NewString returns a string node.
func NewString(s string) *Node { return &Node{Kind: String, Text: s} }

// NewBool returns a true or false node.
func NewBool(v bool) *Node { return &Node{Kind: Bool, Text: strconv.FormatBool(v)} }

// NewInt returns a number node holding v.
func NewInt(v int) *Node { return &Node{Kind: Number, Text: strconv.Itoa(v)} }

// NewNumber returns a number node written as text (a valid JSON number).
func NewNumber(text string) *Node { return &Node{Kind: Number, Text: text} }

// NewObject returns an object node with fields in order.
func NewObject(fields ...Field) *Node { return &Node{Kind: Object, Fields: fields} }

// NewArray returns an array node of items.
func NewArray(items ...*Node) *Node { return &Node{Kind: Array, Items: items} }

// Get returns the value of key in an object node (nil when n is not an
// object or has no such key).
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for _, f := range n.Fields {
		if f.Key == key {
			return f.Val
		}
	}
	return nil
}

// Find walks path (a problem's JSON path, e.g.
// "mobs[2].natural.attacks[0].damage") down from n as far as it leads and
// returns the deepest node on the way: n itself for "", the value itself
// when the whole path exists. Keys may hold dots: the longest key the path
// starts with wins.
func (n *Node) Find(path string) *Node {
	for path != "" {
		switch {
		case n.Kind == Array && strings.HasPrefix(path, "["):
			end := strings.IndexByte(path, ']')
			i, err := strconv.Atoi(path[1:max(end, 1)])
			if end < 0 || err != nil || i < 0 || i >= len(n.Items) {
				return n
			}
			n, path = n.Items[i], strings.TrimPrefix(path[end+1:], ".")
		case n.Kind == Object:
			best := -1
			for k, f := range n.Fields {
				key := f.Key
				if path == key || strings.HasPrefix(path, key+".") || strings.HasPrefix(path, key+"[") {
					if best < 0 || len(key) > len(n.Fields[best].Key) {
						best = k
					}
				}
			}
			if best < 0 {
				return n
			}
			n, path = n.Fields[best].Val, strings.TrimPrefix(path[len(n.Fields[best].Key):], ".")
		default:
			return n
		}
	}
	return n
}

// Any converts the tree into encoding/json-style values: map[string]any,
// []any, string, bool, nil, and numbers as json.Number (their text).
func (n *Node) Any() any {
	switch n.Kind {
	case Bool:
		return n.Text == "true"
	case Number:
		return json.Number(n.Text)
	case String:
		return n.Text
	case Array:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			out[i] = it.Any()
		}
		return out
	case Object:
		out := make(map[string]any, len(n.Fields))
		for _, f := range n.Fields {
			out[f.Key] = f.Val.Any()
		}
		return out
	}
	return nil
}

// Parse parses data, a whole JSON document, into an ordered tree. The
// encoding is checked first (CheckEncoding: a UTF-8 byte-order mark is
// skipped, UTF-16 and invalid UTF-8 are refused). Malformed JSON, a duplicate
// key and nesting deeper than MaxDepth are each a *SyntaxError at the
// offending place; the last two name its JSON path (`duplicate key "x" in
// steps[1].params`).
func Parse(data []byte) (*Node, error) {
	p, err := parse(data, true)
	if err != nil {
		return nil, err
	}
	if p.err != nil {
		return nil, p.err
	}
	return p.root, nil
}

// Check prepares a whole document for a decoder that reports syntax errors
// itself (encoding/json, through Unmarshal): it checks the encoding
// (CheckEncoding) and refuses a duplicate key or nesting deeper than MaxDepth
// as Parse does, and returns data without its byte-order mark. Malformed JSON
// passes (the decoder reports it); only what comes before the first syntax
// error is checked. It builds no tree.
func Check(data []byte) ([]byte, error) {
	p, err := parse(data, false)
	if err != nil {
		return nil, err
	}
	if p.err != nil && p.refused {
		return nil, p.err
	}
	return p.src, nil
}

func parse(data []byte, build bool) (*parser, error) {
	body, err := CheckEncoding(data)
	if err != nil {
		return nil, err
	}
	p := &parser{src: body, full: data, skip0: len(data) - len(body), build: build}
	p.skip()
	p.root = p.value()
	if p.err == nil {
		p.skip()
		if p.pos < len(p.src) {
			p.fail(p.pos, "unexpected %s after the top-level value", p.describe())
		}
	}
	return p, nil
}

// parser reads one document. Offsets in errors and nodes are in full (the
// data as given, a byte-order mark included); src is full without it.
type parser struct {
	src     []byte
	full    []byte
	skip0   int // len(full) - len(src)
	pos     int
	build   bool // build nodes (Parse), or only check (Check)
	root    *Node
	err     *SyntaxError
	refused bool      // err is a duplicate key or deep nesting, not a syntax error
	path    []pathSeg // where the parser is, for errors
	keys    []string  // keys of the objects being parsed, innermost last
	// Building: nodes are cut from slab, the members and items of the
	// objects and arrays being parsed wait in fields and items (each list
	// copied once, at its size, when it ends), and short strings are
	// shared through strs (a pack repeats its keys thousands of times).
	slab   []Node
	fields []Field
	items  []*Node
	strs   [256]string
}

type pathSeg struct {
	key   string
	index int // -1 for a key
}

func (p *parser) fail(off int, format string, args ...any) {
	if p.err == nil {
		p.err = SyntaxAt(p.full, p.skip0+off, fmt.Sprintf(format, args...))
	}
}

func (p *parser) refuse(off int, format string, args ...any) {
	if p.err == nil {
		p.fail(off, format, args...)
		p.refused = true
	}
}

// pathString is the JSON path of the value being parsed.
func (p *parser) pathString() string {
	var b strings.Builder
	for _, s := range p.path {
		if s.index >= 0 {
			fmt.Fprintf(&b, "[%d]", s.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

func (p *parser) describe() string {
	if p.pos >= len(p.src) {
		return "end of input"
	}
	r, _ := utf8.DecodeRune(p.src[p.pos:])
	return strconv.QuoteRune(r)
}

func (p *parser) skip() { p.pos = skipSpace(p.src, p.pos) }

// node returns a node of kind k at offset off when building, else nil.
func (p *parser) node(k Kind, off int, text string) *Node {
	if !p.build {
		return nil
	}
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]Node, 0, min(max(2*cap(p.slab), 16), 512))
	}
	p.slab = append(p.slab, Node{Kind: k, Off: p.skip0 + off, Text: text})
	return &p.slab[len(p.slab)-1]
}

func (p *parser) value() *Node {
	if p.err != nil {
		return nil
	}
	if p.pos >= len(p.src) {
		p.fail(p.pos, "unexpected end of input (want a value)")
		return nil
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case c == '{' || c == '[':
		if len(p.path) >= MaxDepth {
			p.refuse(p.pos, "brackets nest deeper than %d levels", MaxDepth)
			return nil
		}
		if c == '{' {
			return p.object()
		}
		return p.array()
	case c == '"':
		s, ok := p.str(p.build)
		if !ok {
			return nil
		}
		return p.node(String, start, s)
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case bytes.HasPrefix(p.src[p.pos:], []byte("true")):
		p.pos += 4
		return p.node(Bool, start, "true")
	case bytes.HasPrefix(p.src[p.pos:], []byte("false")):
		p.pos += 5
		return p.node(Bool, start, "false")
	case bytes.HasPrefix(p.src[p.pos:], []byte("null")):
		p.pos += 4
		return p.node(Null, start, "")
	default:
		p.fail(p.pos, "unexpected %s (want a value)", p.describe())
		return nil
	}
}

func (p *parser) object() *Node {
	n := p.node(Object, p.pos, "")
	p.pos++
	p.skip()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		return n
	}
	base, fbase := len(p.keys), len(p.fields)
	defer func() { p.keys, p.fields = p.keys[:base], p.fields[:fbase] }()
	var seen map[string]bool // for objects with many keys
	for p.err == nil {
		p.skip()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			p.fail(p.pos, "unexpected %s (want a key string)", p.describe())
			return nil
		}
		koff := p.pos
		key, ok := p.str(true)
		if !ok {
			return nil
		}
		var dup bool
		if seen != nil {
			dup = seen[key]
			seen[key] = true
		} else {
			dup = slices.Contains(p.keys[base:], key)
			if len(p.keys)-base >= 16 {
				seen = make(map[string]bool, 32)
				for _, k := range p.keys[base:] {
					seen[k] = true
				}
				seen[key] = true
			}
		}
		if dup {
			where := "the top-level object"
			if s := p.pathString(); s != "" {
				where = s
			}
			p.refuse(koff, "duplicate key %q in %s", key, where)
			return nil
		}
		p.keys = append(p.keys, key)
		p.skip()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			p.fail(p.pos, "unexpected %s after key %q (want \":\")", p.describe(), key)
			return nil
		}
		p.pos++
		p.skip()
		p.path = append(p.path, pathSeg{key: key, index: -1})
		v := p.value()
		p.path = p.path[:len(p.path)-1]
		if p.err != nil {
			return nil
		}
		if n != nil {
			p.fields = append(p.fields, Field{key, v})
		}
		p.skip()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			if n != nil {
				n.Fields = slices.Clone(p.fields[fbase:])
			}
			return n
		}
		p.fail(p.pos, "unexpected %s after the value of %q (want \",\" or \"}\")", p.describe(), key)
	}
	return nil
}

func (p *parser) array() *Node {
	n := p.node(Array, p.pos, "")
	p.pos++
	p.skip()
	if n != nil {
		n.Items = []*Node{}
	}
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		return n
	}
	ibase := len(p.items)
	defer func() { p.items = p.items[:ibase] }()
	for i := 0; p.err == nil; i++ {
		p.skip()
		p.path = append(p.path, pathSeg{index: i})
		v := p.value()
		p.path = p.path[:len(p.path)-1]
		if p.err != nil {
			return nil
		}
		if n != nil {
			p.items = append(p.items, v)
		}
		p.skip()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == ']' {
			p.pos++
			if n != nil {
				n.Items = slices.Clone(p.items[ibase:])
			}
			return n
		}
		p.fail(p.pos, "unexpected %s in array (want \",\" or \"]\")", p.describe())
	}
	return nil
}

// numberFaults are the parser's messages for numberEnd's faults.
var numberFaults = [...]string{
	badNumber:   "unexpected %s in number",
	badFraction: "unexpected %s in number (want a digit)",
	badExponent: "unexpected %s in number exponent (want a digit)",
}

func (p *parser) number() *Node {
	start := p.pos
	end, f := numberEnd(p.src, start)
	p.pos = end
	if f != noFault {
		p.fail(end, numberFaults[f], p.describe())
		return nil
	}
	if !p.build {
		return nil
	}
	return p.node(Number, start, p.share(p.src[start:end]))
}

// str parses a string literal at p.pos (which holds '"'), returning its
// value when decode (else only checking it).
func (p *parser) str(decode bool) (string, bool) {
	start := p.pos
	end, escaped, f := stringEnd(p.src, start)
	if f != noFault {
		switch f {
		case controlChar:
			p.pos = end
			p.fail(end, "control character %q in string", rune(p.src[end]))
		case badEscape:
			p.fail(end, "bad escape %q in string", "\\"+string(rune(p.src[end+1])))
		case badUnicode:
			p.fail(end, "bad \\u escape in string")
		default:
			p.pos = len(p.src)
			p.fail(end, "unterminated string")
		}
		return "", false
	}
	p.pos = end
	switch {
	case !decode:
		return "", true
	case !escaped:
		return p.share(p.src[start+1 : end-1]), true
	}
	return unescape(p.src[start+1 : end-1]), true
}

// unescape decodes the body of a string literal stringEnd has accepted. A
// lone UTF-16 surrogate becomes U+FFFD, as encoding/json decodes it.
func unescape(s []byte) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		e := s[i+1]
		i += 2
		var r rune
		switch e {
		case 'b':
			r = '\b'
		case 'f':
			r = '\f'
		case 'n':
			r = '\n'
		case 'r':
			r = '\r'
		case 't':
			r = '\t'
		case 'u':
			r, _ = hex4(s, i)
			i += 4
			if utf16.IsSurrogate(r) {
				hi := r
				r = utf8.RuneError // a lone half, unless its other half follows
				if i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if r2, ok := hex4(s, i+2); ok {
						if d := utf16.DecodeRune(hi, r2); d != utf8.RuneError {
							r = d
							i += 6
						}
					}
				}
			}
		default: // '"', '\\', '/'
			r = rune(e)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// share returns b as a string, often the same string for the same short
// bytes: a small direct-mapped cache, cheaper than a map, spares most
// repeated keys an allocation.
func (p *parser) share(b []byte) string {
	n := len(b)
	if n == 0 || n > 24 {
		return string(b)
	}
	h := &p.strs[(n*131+int(b[0])*31+int(b[n/2])*7+int(b[n-1]))&(len(p.strs)-1)]
	if *h == string(b) {
		return *h
	}
	*h = string(b)
	return *h
}
