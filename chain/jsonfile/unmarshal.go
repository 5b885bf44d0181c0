package jsonfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
)

// Unmarshal decodes one JSON value from data into dst with encoding/json,
// numbers kept exact (json.Number); a syntax error, a value of the wrong type
// or trailing data is a *SyntaxError located by line and column in data.
func Unmarshal(data []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := dec.Decode(dst)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			return SyntaxAt(data, int(dec.InputOffset()), "unexpected data after the top-level value")
		}
		return nil
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return SyntaxAt(data, int(max(se.Offset-1, 0)), se.Error())
	case errors.As(err, &te):
		return SyntaxAt(data, int(te.Offset), fmt.Sprintf("%s is not %s", te.Value, TypeWord(te.Type)))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return SyntaxAt(data, len(data), "unexpected end of JSON")
	}
	return err
}

// TypeWord says what a JSON value decoded into a Go value of type t must
// be, for "X is not ..." errors: "an object", "a list", "a string", "true or
// false", "a whole number from 0 to 18446744073709551615", "a number in range".
func TypeWord(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64)>>(64-t.Bits()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		top := int64(math.MaxInt64) >> (64 - t.Bits())
		return fmt.Sprintf("a whole number from %d to %d", -top-1, top)
	}
	return "a number in range"
}

// Excerpt shortens a raw JSON value for an error message (at most 40
// bytes, "..." marking a cut).
func Excerpt(v []byte) string {
	s := strings.TrimSpace(string(v))
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
