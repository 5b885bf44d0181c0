package chain

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ParamType is the type of a builder parameter.
type ParamType int

// The parameter types. The editor renders a form widget for each.
const (
	Int          ParamType = iota // an integer (int)
	Float                         // a number (float64)
	Bool                          // true or false
	String                        // free text
	Enum                          // one of Choices (string)
	EnumOrNumber                  // one of Choices, or an integer (a position)
	StringList                    // a list of strings ([]string), e.g. a prefab template
	IntList                       // a list of integers ([]int), e.g. per-depth bands
	Steps                         // a nested step list ([]Step)
)

var paramTypeNames = [...]string{"int", "float", "bool", "string", "enum", "enum_or_number", "string_list", "int_list", "steps"}

// String names the type.
func (t ParamType) String() string {
	if int(t) < len(paramTypeNames) {
		return paramTypeNames[t]
	}
	return "unknown"
}

// Param describes one builder parameter. Min and Max bound numbers (and the
// numeric form of EnumOrNumber) when Min < Max.
type Param struct {
	Name, Label, Help string
	Type              ParamType
	Default           any
	Min, Max          float64
	Choices           []string
}

// HasRange reports whether the parameter's numbers are bounded.
func (p Param) HasRange() bool { return p.Min < p.Max }

// Values holds a step's parameter values by name, already checked against the
// descriptors: int, float64, bool, string, []string, []int or []Step (and string
// or int for EnumOrNumber).
type Values map[string]any

// Int returns the integer parameter name (0 when absent).
func (v Values) Int(name string) int { i, _ := v[name].(int); return i }

// Float returns the number parameter name.
func (v Values) Float(name string) float64 {
	switch x := v[name].(type) {
	case float64:
		return x
	case int:
		return float64(x)
	}
	return 0
}

// Bool returns the boolean parameter name.
func (v Values) Bool(name string) bool { b, _ := v[name].(bool); return b }

// String returns the string or enum parameter name.
func (v Values) String(name string) string { s, _ := v[name].(string); return s }

// Strings returns the string list parameter name.
func (v Values) Strings(name string) []string { s, _ := v[name].([]string); return s }

// Ints returns the integer list parameter name.
func (v Values) Ints(name string) []int { s, _ := v[name].([]int); return s }

// Steps returns the nested step list parameter name.
func (v Values) Steps(name string) []Step { s, _ := v[name].([]Step); return s }

// Position returns an EnumOrNumber parameter: its enum choice, or its number with isNum set.
func (v Values) Position(name string) (choice string, num int, isNum bool) {
	switch x := v[name].(type) {
	case int:
		return "", x, true
	case string:
		return x, 0, false
	}
	return "", 0, false
}

// Check validates a Go value for p and returns it normalised, or an error that
// quotes the offending value. It accepts what Decode produces and what forms enter.
func (p Param) Check(val any) (any, error) {
	switch p.Type {
	case Int:
		n, err := toInt(val)
		if err != nil {
			return nil, err
		}
		return n, p.inRange(float64(n), strconv.Itoa(n))
	case Float:
		f, err := toFloat(val)
		if err != nil {
			return nil, err
		}
		return f, p.inRange(f, strconv.FormatFloat(f, 'g', -1, 64))
	case Bool:
		b, ok := val.(bool)
		if !ok {
			return nil, fmt.Errorf("%s is not true or false", quote(val))
		}
		return b, nil
	case String:
		s, ok := val.(string)
		if !ok {
			return nil, fmt.Errorf("%s is not a string", quote(val))
		}
		return s, nil
	case Enum:
		s, ok := val.(string)
		if !ok || !slices.Contains(p.Choices, s) {
			return nil, fmt.Errorf("%s is not one of %s", quote(val), strings.Join(p.Choices, ", "))
		}
		return s, nil
	case EnumOrNumber:
		if s, ok := val.(string); ok {
			if slices.Contains(p.Choices, s) {
				return s, nil
			}
			return nil, fmt.Errorf("%s is not one of %s, or a number", quote(val), strings.Join(p.Choices, ", "))
		}
		n, err := toInt(val)
		if err != nil {
			return nil, fmt.Errorf("%s is not one of %s, or a number", quote(val), strings.Join(p.Choices, ", "))
		}
		return n, p.inRange(float64(n), strconv.Itoa(n))
	case StringList:
		switch x := val.(type) {
		case []string:
			return slices.Clone(x), nil
		case []any:
			out := make([]string, len(x))
			for i, e := range x {
				s, ok := e.(string)
				if !ok {
					return nil, fmt.Errorf("[%d]: %s is not a string", i, quote(e))
				}
				out[i] = s
			}
			return out, nil
		}
		return nil, fmt.Errorf("%s is not a list of strings", quote(val))
	case IntList:
		switch x := val.(type) {
		case []int:
			return slices.Clone(x), nil
		case []any:
			out := make([]int, len(x))
			for i, e := range x {
				n, err := toInt(e)
				if err != nil {
					return nil, fmt.Errorf("[%d]: %w", i, err)
				}
				if err := p.inRange(float64(n), strconv.Itoa(n)); err != nil {
					return nil, fmt.Errorf("[%d]: %w", i, err)
				}
				out[i] = n
			}
			return out, nil
		}
		return nil, fmt.Errorf("%s is not a list of integers", quote(val))
	case Steps:
		if s, ok := val.([]Step); ok {
			return s, nil
		}
		return nil, fmt.Errorf("%s is not a list of steps", quote(val))
	}
	return nil, fmt.Errorf("unknown parameter type %d", p.Type)
}

func (p Param) inRange(f float64, text string) error {
	if p.HasRange() && (f < p.Min || f > p.Max) {
		return fmt.Errorf("%s is out of range [%s, %s]", text,
			strconv.FormatFloat(p.Min, 'g', -1, 64), strconv.FormatFloat(p.Max, 'g', -1, 64))
	}
	return nil
}

func toFloat(val any) (float64, error) {
	var f float64
	switch x := val.(type) {
	case float64:
		f = x
	case int:
		f = float64(x)
	case json.Number:
		v, err := x.Float64()
		if err != nil {
			return 0, fmt.Errorf("%s is not a number", quote(val))
		}
		f = v
	default:
		return 0, fmt.Errorf("%s is not a number", quote(val))
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("%s is not a finite number", quote(val))
	}
	return f, nil
}

func toInt(val any) (int, error) {
	f, err := toFloat(val)
	if err != nil {
		return 0, err
	}
	if f != math.Trunc(f) || math.Abs(f) > 1<<40 {
		return 0, fmt.Errorf("%s is not an integer", quote(val))
	}
	return int(f), nil
}

// quote renders a value the way it appeared in JSON, for error messages.
func quote(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case json.Number:
		return x.String()
	case nil:
		return "null"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
