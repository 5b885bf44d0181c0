package jsonfile

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Splitting raw JSON without encoding/json's reflection: the chain and
// project decoders take a document apart one level at a time (an object's
// members, a list's items, a scalar), and encoding/json checks and copies
// the whole value at each level. These give what json.Unmarshal gives into
// the same types, scanning the value once; anything unusual (a syntax
// error, a key with an escape, invalid UTF-8 in a string they would
// decode) goes to json.Unmarshal itself, so results and errors stay
// encoding/json's.

// maxSplitDepth is encoding/json's nesting limit: deeper values go to it.
const maxSplitDepth = 10000

// SplitObject is json.Unmarshal(data, &m) with m a map[string]json.RawMessage:
// nil for null, the members (the last of a duplicated key) for an object,
// an error for anything else. The values are data's bytes, not copies.
func SplitObject(data []byte) (map[string]json.RawMessage, error) {
	i := skipSpace(data, 0)
	if i < len(data) && data[i] == '{' {
		if m, ok := splitObject(data, i); ok {
			return m, nil
		}
	}
	var m map[string]json.RawMessage
	err := json.Unmarshal(data, &m)
	return m, err
}

func splitObject(data []byte, i int) (map[string]json.RawMessage, bool) {
	ms, ok := splitMembers(data, i)
	if !ok {
		return nil, false
	}
	m := make(map[string]json.RawMessage, len(ms))
	for _, f := range ms {
		m[f.Key] = f.Val
	}
	return m, true
}

// splitMembers lists the members of the object at data[i] ('{') in input
// order, or reports false.
func splitMembers(data []byte, i int) (Members, bool) {
	ms := Members{}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return ms, skipSpace(data, i+1) == len(data)
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return nil, false
		}
		kend := scanString(data, i)
		if kend < 0 {
			return nil, false
		}
		key, ok := plainString(data[i+1 : kend-1])
		if !ok {
			return nil, false
		}
		i = skipSpace(data, kend)
		if i >= len(data) || data[i] != ':' {
			return nil, false
		}
		i = skipSpace(data, i+1)
		end := scanValue(data, i, 1)
		if end < 0 {
			return nil, false
		}
		ms = append(ms, Member{key, json.RawMessage(data[i:end:end])})
		i = skipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
			continue
		}
		if i < len(data) && data[i] == '}' {
			return ms, skipSpace(data, i+1) == len(data)
		}
		return nil, false
	}
}

// Members are a JSON object's members sorted by key, one a key.
type Members []Member

// Member is one member of an object.
type Member struct {
	Key string
	Val json.RawMessage
}

// Get returns the value of key.
func (ms Members) Get(key string) (json.RawMessage, bool) {
	for _, f := range ms {
		if f.Key == key {
			return f.Val, true
		}
	}
	return nil, false
}

// SplitMembers is SplitObject with the members sorted by key (the last of
// a duplicated key kept, as json.Unmarshal keeps it): nil for null.
func SplitMembers(data []byte) (Members, error) {
	i := skipSpace(data, 0)
	if i < len(data) && data[i] == '{' {
		if ms, ok := splitMembers(data, i); ok {
			return sortMembers(ms), nil
		}
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		return nil, err
	}
	ms := make(Members, 0, len(m))
	for k, v := range m {
		ms = append(ms, Member{k, v})
	}
	return sortMembers(ms), nil
}

// sortMembers sorts ms by key in place, keeping the last of each key.
func sortMembers(ms Members) Members {
	slices.SortStableFunc(ms, func(a, b Member) int { return strings.Compare(a.Key, b.Key) })
	out := ms[:0]
	for i, f := range ms {
		if i+1 < len(ms) && ms[i+1].Key == f.Key {
			continue // a later one has the key
		}
		out = append(out, f)
	}
	return out
}

// SplitArray is json.Unmarshal(data, &s) with s a []json.RawMessage: nil
// for null, the items (empty, not nil, for []) for an array, an error for
// anything else. The items are data's bytes, not copies.
func SplitArray(data []byte) ([]json.RawMessage, error) {
	i := skipSpace(data, 0)
	if i < len(data) && data[i] == '[' {
		if s, ok := splitArray(data, i); ok {
			return s, nil
		}
	}
	var s []json.RawMessage
	err := json.Unmarshal(data, &s)
	return s, err
}

func splitArray(data []byte, i int) ([]json.RawMessage, bool) {
	s := []json.RawMessage{}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return s, skipSpace(data, i+1) == len(data)
	}
	for {
		end := scanValue(data, i, 1)
		if end < 0 {
			return nil, false
		}
		s = append(s, json.RawMessage(data[i:end:end]))
		i = skipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
			continue
		}
		if i < len(data) && data[i] == ']' {
			return s, skipSpace(data, i+1) == len(data)
		}
		return nil, false
	}
}

// UnmarshalString is json.Unmarshal(data, dst) with dst a *string (null
// leaves *dst as it is).
func UnmarshalString(data []byte, dst *string) error {
	if len(data) >= 2 && data[0] == '"' && scanString(data, 0) == len(data) {
		if s, ok := plainString(data[1 : len(data)-1]); ok {
			*dst = s
			return nil
		}
	}
	if string(data) == "null" {
		return nil
	}
	return json.Unmarshal(data, dst)
}

// UnmarshalBool is json.Unmarshal(data, dst) with dst a *bool (null leaves
// *dst as it is).
func UnmarshalBool(data []byte, dst *bool) error {
	switch string(data) {
	case "true":
		*dst = true
		return nil
	case "false":
		*dst = false
		return nil
	case "null":
		return nil
	}
	return json.Unmarshal(data, dst)
}

// UnmarshalInt is json.Unmarshal(data, dst) with dst a *int (null leaves
// *dst as it is).
func UnmarshalInt(data []byte, dst *int) error {
	if len(data) > 0 && scanNumber(data, 0) == len(data) {
		if n, err := strconv.ParseInt(string(data), 10, strconv.IntSize); err == nil {
			*dst = int(n)
			return nil
		}
	}
	if string(data) == "null" {
		return nil
	}
	return json.Unmarshal(data, dst)
}

// UnmarshalUint64 is json.Unmarshal(data, dst) with dst a *uint64 (null
// leaves *dst as it is).
func UnmarshalUint64(data []byte, dst *uint64) error {
	if len(data) > 0 && scanNumber(data, 0) == len(data) {
		if n, err := strconv.ParseUint(string(data), 10, 64); err == nil {
			*dst = n
			return nil
		}
	}
	if string(data) == "null" {
		return nil
	}
	return json.Unmarshal(data, dst)
}

// UnmarshalAny is Unmarshal(data, &x) with x an any: numbers as
// json.Number, a *SyntaxError located in data for malformed JSON.
func UnmarshalAny(data []byte) (any, error) {
	switch string(data) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	}
	if len(data) > 0 {
		switch c := data[0]; {
		case c == '"':
			if scanString(data, 0) == len(data) {
				if s, ok := plainString(data[1 : len(data)-1]); ok {
					return s, nil
				}
			}
		case c == '-' || (c >= '0' && c <= '9'):
			if scanNumber(data, 0) == len(data) {
				return json.Number(data), nil
			}
		}
	}
	var x any
	err := Unmarshal(data, &x)
	return x, err
}

// plainString is the value of a string literal's body b when it needs no
// decoding: no escape, valid UTF-8 (scanString has refused control bytes).
func plainString(b []byte) (string, bool) {
	for _, c := range b {
		if c == '\\' {
			return "", false
		}
	}
	if !utf8.Valid(b) {
		return "", false
	}
	return string(b), true
}

// scanValue returns the end of the valid JSON value at data[i:], or -1.
func scanValue(data []byte, i, depth int) int {
	if i >= len(data) {
		return -1
	}
	switch c := data[i]; {
	case c == '"':
		return scanString(data, i)
	case c == '{':
		if depth >= maxSplitDepth {
			return -1
		}
		i = skipSpace(data, i+1)
		if i < len(data) && data[i] == '}' {
			return i + 1
		}
		for {
			if i >= len(data) || data[i] != '"' {
				return -1
			}
			if i = scanString(data, i); i < 0 {
				return -1
			}
			i = skipSpace(data, i)
			if i >= len(data) || data[i] != ':' {
				return -1
			}
			if i = scanValue(data, skipSpace(data, i+1), depth+1); i < 0 {
				return -1
			}
			i = skipSpace(data, i)
			if i < len(data) && data[i] == ',' {
				i = skipSpace(data, i+1)
				continue
			}
			if i < len(data) && data[i] == '}' {
				return i + 1
			}
			return -1
		}
	case c == '[':
		if depth >= maxSplitDepth {
			return -1
		}
		i = skipSpace(data, i+1)
		if i < len(data) && data[i] == ']' {
			return i + 1
		}
		for {
			if i = scanValue(data, i, depth+1); i < 0 {
				return -1
			}
			i = skipSpace(data, i)
			if i < len(data) && data[i] == ',' {
				i = skipSpace(data, i+1)
				continue
			}
			if i < len(data) && data[i] == ']' {
				return i + 1
			}
			return -1
		}
	case c == '-' || (c >= '0' && c <= '9'):
		return scanNumber(data, i)
	case c == 't':
		return wordEnd(data, i, "true")
	case c == 'f':
		return wordEnd(data, i, "false")
	case c == 'n':
		return wordEnd(data, i, "null")
	}
	return -1
}

// scanString returns the end of the string literal at data[i] ('"'), or -1
// when it is not valid JSON (invalid UTF-8 is valid: encoding/json takes it).
func scanString(data []byte, i int) int {
	end, _, f := stringEnd(data, i)
	if f != noFault {
		return -1
	}
	return end
}

// scanNumber returns the end of the number at data[i], or -1.
func scanNumber(data []byte, i int) int {
	end, f := numberEnd(data, i)
	if f != noFault {
		return -1
	}
	return end
}

// UnmarshalObject is Unmarshal(data, &m) with m a
// map[string]json.RawMessage, for a whole document: SplitObject, and
// Unmarshal's *SyntaxError (located in data) when it is not a JSON object
// or null.
func UnmarshalObject(data []byte) (map[string]json.RawMessage, error) {
	if m, err := SplitObject(data); err == nil {
		return m, nil
	}
	var m map[string]json.RawMessage
	if err := Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// UnmarshalMembers is UnmarshalObject giving Members (nil for null).
func UnmarshalMembers(data []byte) (Members, error) {
	if ms, err := SplitMembers(data); err == nil {
		return ms, nil
	}
	m, err := UnmarshalObject(data)
	if err != nil || m == nil {
		return nil, err
	}
	ms := make(Members, 0, len(m))
	for k, v := range m {
		ms = append(ms, Member{k, v})
	}
	return sortMembers(ms), nil
}
