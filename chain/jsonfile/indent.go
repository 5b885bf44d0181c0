package jsonfile

import (
	"unicode/utf8"
)

// Indent writes n pretty-printed with two-space indentation, one member or
// item per line, and a final newline: the content packs' style. Strings are
// written without HTML escaping; control characters other than \n, \r and
// \t, and U+2028 and U+2029, are written as \uXXXX.
func Indent(n *Node) []byte {
	b := appendIndented(nil, n, 0)
	return append(b, '\n')
}

func newline(b []byte, level int) []byte {
	b = append(b, '\n')
	for range level {
		b = append(b, "  "...)
	}
	return b
}

func appendIndented(b []byte, n *Node, level int) []byte {
	switch n.Kind {
	case Null:
		return append(b, "null"...)
	case Bool, Number:
		return append(b, n.Text...)
	case String:
		return appendQuoted(b, n.Text, false)
	case Array:
		return appendBlock(b, "[]", len(n.Items), level, func(b []byte, i int) []byte {
			return appendIndented(b, n.Items[i], level+1)
		})
	case Object:
		return appendBlock(b, "{}", len(n.Fields), level, func(b []byte, i int) []byte {
			b = append(appendQuoted(b, n.Fields[i].Key, false), ": "...)
			return appendIndented(b, n.Fields[i].Val, level+1)
		})
	}
	return b
}

// appendBlock writes an array or object of count entries between the
// brackets, one entry (written by entry) a line.
func appendBlock(b []byte, brackets string, count, level int, entry func(b []byte, i int) []byte) []byte {
	if count == 0 {
		return append(b, brackets...)
	}
	b = append(b, brackets[0])
	for i := range count {
		if i > 0 {
			b = append(b, ',')
		}
		b = entry(newline(b, level+1), i)
	}
	return append(newline(b, level), brackets[1])
}

const hexDigits = "0123456789abcdef"

// appendQuoted appends s as a JSON string literal, without HTML escaping.
// Both writers escape '"', '\\', \n, \r, \t, other control characters, U+2028
// and U+2029. With short (the layout's style, as encoding/json writes
// strings) \b and \f are written so and invalid UTF-8 as \ufffd; without it
// (the content packs' style) they are \u0008, \u000c and U+FFFD itself.
func appendQuoted(b []byte, s string, short bool) []byte {
	b = append(b, '"')
	start := 0 // s[start:i] is still to copy
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		r, size := rune(c), 1
		if c >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
			if r != 0x2028 && r != 0x2029 && !(r == utf8.RuneError && size == 1) {
				i += size
				continue
			}
		}
		b = append(b, s[start:i]...)
		switch {
		case r == '"':
			b = append(b, `\"`...)
		case r == '\\':
			b = append(b, `\\`...)
		case r == '\n':
			b = append(b, `\n`...)
		case r == '\r':
			b = append(b, `\r`...)
		case r == '\t':
			b = append(b, `\t`...)
		case short && r == '\b':
			b = append(b, `\b`...)
		case short && r == '\f':
			b = append(b, `\f`...)
		case r == utf8.RuneError && size == 1: // an invalid byte
			if short {
				b = append(b, `\ufffd`...)
			} else {
				b = utf8.AppendRune(b, utf8.RuneError)
			}
		default: // other control characters, U+2028, U+2029
			b = append(b, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
