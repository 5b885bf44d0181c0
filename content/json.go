package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hewn/chain"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds a small ordered JSON tree: the parser keeps object keys in input
// order, number texts verbatim and byte offsets (for line:column in syntax errors),
// and the writer pretty-prints a tree with two-space indentation. It is what makes
// import/export lossless.

type nodeKind uint8

const (
	nNull nodeKind = iota
	nBool
	nNumber
	nString
	nArray
	nObject
)

// node is one JSON value.
type node struct {
	kind   nodeKind
	off    int    // byte offset of the value in the source (0 for built nodes)
	text   string // number text, string value, or "true"/"false"
	items  []*node
	fields []field
}

type field struct {
	key string
	val *node
}

// maxNesting bounds the parser's recursion so hostile input cannot exhaust the stack.
const maxNesting = 256

// SyntaxError is a JSON syntax error with its position: the one syntax error
// type of every Hewn loader, so chain.WithFile formats it "FILE:LINE:COL: message".
type SyntaxError = chain.SyntaxError

type parser struct {
	src   []byte
	pos   int
	depth int
	err   *SyntaxError
}

// parseJSON parses src into an ordered tree. Duplicate keys are reported as an
// error. The encoding is checked first (chain.CheckEncoding): a UTF-8
// byte-order mark is skipped, UTF-16 and invalid UTF-8 are refused (naming the
// encoding, or UTF-8 with the byte offset).
func parseJSON(src []byte) (*node, error) {
	body, err := chain.CheckEncoding(src)
	if err != nil {
		return nil, err
	}
	p := &parser{src: src, pos: len(src) - len(body)}
	p.skip()
	n := p.value()
	if p.err == nil {
		p.skip()
		if p.pos < len(p.src) {
			p.fail(p.pos, "unexpected %s after the top-level value", p.describe())
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	return n, nil
}

func (p *parser) fail(off int, format string, args ...any) {
	if p.err != nil {
		return
	}
	line, col := lineCol(p.src, off)
	p.err = &SyntaxError{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// lineCol converts a byte offset into a 1-based line and (rune) column.
func lineCol(src []byte, off int) (int, int) {
	if off > len(src) {
		off = len(src)
	}
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	return line, 1 + utf8.RuneCount(src[start:off])
}

func (p *parser) describe() string {
	if p.pos >= len(p.src) {
		return "end of input"
	}
	r, _ := utf8.DecodeRune(p.src[p.pos:])
	return strconv.QuoteRune(r)
}

func (p *parser) skip() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) value() *node {
	if p.err != nil {
		return nil
	}
	if p.pos >= len(p.src) {
		p.fail(p.pos, "unexpected end of input (want a value)")
		return nil
	}
	start := p.pos
	switch c := p.src[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, ok := p.str()
		if !ok {
			return nil
		}
		return &node{kind: nString, off: start, text: s}
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case bytes.HasPrefix(p.src[p.pos:], []byte("true")):
		p.pos += 4
		return &node{kind: nBool, off: start, text: "true"}
	case bytes.HasPrefix(p.src[p.pos:], []byte("false")):
		p.pos += 5
		return &node{kind: nBool, off: start, text: "false"}
	case bytes.HasPrefix(p.src[p.pos:], []byte("null")):
		p.pos += 4
		return &node{kind: nNull, off: start}
	default:
		p.fail(p.pos, "unexpected %s (want a value)", p.describe())
		return nil
	}
}

func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxNesting {
		p.fail(p.pos, "brackets nest deeper than %d levels", maxNesting)
		return false
	}
	return true
}

func (p *parser) object() *node {
	n := &node{kind: nObject, off: p.pos}
	if !p.enter() {
		return nil
	}
	defer func() { p.depth-- }()
	p.pos++
	p.skip()
	if p.pos < len(p.src) && p.src[p.pos] == '}' {
		p.pos++
		return n
	}
	seen := map[string]bool{}
	for p.err == nil {
		p.skip()
		if p.pos >= len(p.src) || p.src[p.pos] != '"' {
			p.fail(p.pos, "unexpected %s (want a key string)", p.describe())
			return nil
		}
		koff := p.pos
		key, ok := p.str()
		if !ok {
			return nil
		}
		if seen[key] {
			p.fail(koff, "duplicate key %q", key)
			return nil
		}
		seen[key] = true
		p.skip()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			p.fail(p.pos, "unexpected %s after key %q (want \":\")", p.describe(), key)
			return nil
		}
		p.pos++
		p.skip()
		v := p.value()
		if p.err != nil {
			return nil
		}
		n.fields = append(n.fields, field{key, v})
		p.skip()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			return n
		}
		p.fail(p.pos, "unexpected %s after the value of %q (want \",\" or \"}\")", p.describe(), key)
	}
	return nil
}

func (p *parser) array() *node {
	n := &node{kind: nArray, off: p.pos}
	if !p.enter() {
		return nil
	}
	defer func() { p.depth-- }()
	p.pos++
	p.skip()
	if p.pos < len(p.src) && p.src[p.pos] == ']' {
		p.pos++
		n.items = []*node{}
		return n
	}
	for p.err == nil {
		p.skip()
		v := p.value()
		if p.err != nil {
			return nil
		}
		n.items = append(n.items, v)
		p.skip()
		if p.pos < len(p.src) && p.src[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.pos < len(p.src) && p.src[p.pos] == ']' {
			p.pos++
			return n
		}
		p.fail(p.pos, "unexpected %s in array (want \",\" or \"]\")", p.describe())
	}
	return nil
}

func (p *parser) number() *node {
	start := p.pos
	s := p.src
	i := p.pos
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if i < len(s) && s[i] == '0' {
		i++
	} else if digits() == 0 {
		p.pos = i
		p.fail(i, "unexpected %s in number", p.describe())
		return nil
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			p.pos = i
			p.fail(i, "unexpected %s in number (want a digit)", p.describe())
			return nil
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.pos = i
			p.fail(i, "unexpected %s in number exponent (want a digit)", p.describe())
			return nil
		}
	}
	p.pos = i
	return &node{kind: nNumber, off: start, text: string(s[start:i])}
}

// str parses a string literal at p.pos (which holds '"').
func (p *parser) str() (string, bool) {
	s := p.src
	opened := p.pos // an unterminated string is reported where it opens
	i := p.pos + 1
	// Fast path: no escapes.
	j := i
	for j < len(s) && s[j] != '"' && s[j] != '\\' && s[j] >= 0x20 {
		j++
	}
	if j < len(s) && s[j] == '"' {
		p.pos = j + 1
		if utf8.Valid(s[i:j]) {
			return string(s[i:j]), true
		}
		return strings.ToValidUTF8(string(s[i:j]), "\uFFFD"), true
	}
	var b strings.Builder
	b.Write(s[i:j])
	i = j
	for {
		if i >= len(s) {
			p.pos = i
			p.fail(opened, "unterminated string")
			return "", false
		}
		c := s[i]
		switch {
		case c == '"':
			p.pos = i + 1
			return strings.ToValidUTF8(b.String(), "\uFFFD"), true
		case c < 0x20:
			p.pos = i
			p.fail(i, "control character %q in string", rune(c))
			return "", false
		case c == '\\':
			if i+1 >= len(s) {
				p.pos = i
				p.fail(opened, "unterminated string")
				return "", false
			}
			e := s[i+1]
			i += 2
			switch e {
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := hex4(s, i)
				if !ok {
					p.fail(i, "bad \\u escape in string")
					return "", false
				}
				i += 4
				if utf16.IsSurrogate(r) {
					if r2, ok2 := hex4(s, i+2); ok2 && i+1 < len(s) && s[i] == '\\' && s[i+1] == 'u' {
						if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
							i += 6
							b.WriteRune(d)
							continue
						}
					}
					r = utf8.RuneError
				}
				b.WriteRune(r)
			default:
				p.fail(i-2, "bad escape %q in string", "\\"+string(rune(e)))
				return "", false
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
}

func hex4(s []byte, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(s[i:i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(v), true
}

// get returns the value of key in an object node.
func (n *node) get(key string) *node {
	if n == nil || n.kind != nObject {
		return nil
	}
	for _, f := range n.fields {
		if f.key == key {
			return f.val
		}
	}
	return nil
}

// toAny converts the tree into encoding/json-style values (numbers as json.Number),
// which is what the schema validator takes.
func (n *node) toAny() any {
	switch n.kind {
	case nBool:
		return n.text == "true"
	case nNumber:
		return json.Number(n.text)
	case nString:
		return n.text
	case nArray:
		out := make([]any, len(n.items))
		for i, it := range n.items {
			out[i] = it.toAny()
		}
		return out
	case nObject:
		out := make(map[string]any, len(n.fields))
		for _, f := range n.fields {
			out[f.key] = f.val.toAny()
		}
		return out
	}
	return nil
}

// writeJSON pretty-prints n with two-space indentation and a final newline.
func writeJSON(b *bytes.Buffer, n *node) {
	writeNode(b, n, 0)
	b.WriteByte('\n')
}

func indent(b *bytes.Buffer, level int) {
	b.WriteByte('\n')
	for range level {
		b.WriteString("  ")
	}
}

func writeNode(b *bytes.Buffer, n *node, level int) {
	switch n.kind {
	case nNull:
		b.WriteString("null")
	case nBool, nNumber:
		b.WriteString(n.text)
	case nString:
		writeString(b, n.text)
	case nArray:
		if len(n.items) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			indent(b, level+1)
			writeNode(b, it, level+1)
		}
		indent(b, level)
		b.WriteByte(']')
	case nObject:
		if len(n.fields) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, f := range n.fields {
			if i > 0 {
				b.WriteByte(',')
			}
			indent(b, level+1)
			writeString(b, f.key)
			b.WriteString(": ")
			writeNode(b, f.val, level+1)
		}
		indent(b, level)
		b.WriteByte('}')
	}
}

const hexDigits = "0123456789abcdef"

// writeString writes s as a JSON string literal without HTML escaping.
func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x2028 || r == 0x2029:
			b.WriteString(`\u`)
			for shift := 12; shift >= 0; shift -= 4 {
				b.WriteByte(hexDigits[(r>>shift)&0xF])
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

func strNode(s string) *node       { return &node{kind: nString, text: s} }
func boolNode(v bool) *node        { return &node{kind: nBool, text: strconv.FormatBool(v)} }
func intNode(v int) *node          { return &node{kind: nNumber, text: strconv.Itoa(v)} }
func numTextNode(t string) *node   { return &node{kind: nNumber, text: t} }
func objNode(fs ...field) *node    { return &node{kind: nObject, fields: fs} }
func arrNode(items ...*node) *node { return &node{kind: nArray, items: items} }

// floatText formats a float the way raws files write them: whole numbers keep ".0".
func floatText(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") { // n: NaN/Inf cannot occur (validated), kept safe
		s += ".0"
	}
	return s
}
