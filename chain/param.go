package chain

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ParamType is the type of a builder parameter: the shape of its JSON value
// and, for the types after Steps, what the value names, so that code outside a
// builder (a project check, a rename, an editor's picker) can follow it
// without knowing the builder.
type ParamType int

// The parameter types. Each one's String is the name the editor and `hewn
// builders NAME` print. The editor renders a form widget for each; a type it
// has no widget of its own for is rendered as its Base.
const (
	Int          ParamType = iota // "int": an integer (int)
	Float                         // "float": a number (float64)
	Bool                          // "bool": true or false
	String                        // "string": free text
	Enum                          // "enum": one of Choices (string)
	EnumOrNumber                  // "enum_or_number": one of Choices, or an integer (a position)
	StringList                    // "string_list": a list of strings ([]string)
	IntList                       // "int_list": a list of integers ([]int), e.g. per-depth bands
	Steps                         // "steps": a nested step list ([]Step)
	// Entity ("entity") names an entity (item, mob or prop) of the content
	// pack, as a string: a project check wants it defined and a rename of the
	// entity follows into it. "" means none.
	Entity
	// Template ("template") is a prefab template ([]string): rows of legend
	// characters (package chain/prefab). A step that sets one uses it instead
	// of the prefabs its PrefabName and PrefabNames parameters name.
	Template
	// PrefabName ("prefab_name") names a prefab template, as a string: a
	// project prefab, else a built-in one (package chain/prefab). "" means the
	// builder's own choice.
	PrefabName
	// PrefabNames ("prefab_name_list") is a list of prefab names ([]string),
	// each as PrefabName.
	PrefabNames
	// Region ("region") is one of the named regions of the map (RegionNames),
	// as a string; Choices, when a builder sets them, allow fewer (Register
	// fills in all of them when it does not).
	Region
	// PrefabFile ("prefab_file") names a prefab file, as a string: a REXPaint
	// .xp or a .txt of legend rows, by a path relative to the project file
	// (or to the chain file of a bare chain), read through Config.Files. ""
	// means none. A project check wants it to exist and parse.
	PrefabFile
	// PaintCells ("paint_cells") is a list of hand-painted cells
	// ([]PaintCell): each a tile, a spawn, a cleared rectangle, a start or an
	// exit at a position. Its Base is itself (no other type has its shape): a
	// form with no widget for it shows it read-only.
	PaintCells
	numParamTypes
)

var paramTypeNames = [numParamTypes]string{"int", "float", "bool", "string", "enum", "enum_or_number", "string_list", "int_list", "steps",
	"entity", "template", "prefab_name", "prefab_name_list", "region", "prefab_file", "paint_cells"}

// String names the type.
func (t ParamType) String() string {
	if t >= 0 && t < numParamTypes {
		return paramTypeNames[t]
	}
	return "unknown"
}

// Base returns the type whose JSON shape and Go value t has: String for
// Entity, PrefabName and PrefabFile, StringList for Template and PrefabNames,
// Enum for Region, and t itself for the others. A form with no widget of its
// own for t renders Base's.
func (t ParamType) Base() ParamType {
	switch t {
	case Entity, PrefabName, PrefabFile:
		return String
	case Template, PrefabNames:
		return StringList
	case Region:
		return Enum
	}
	return t
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
// descriptors: int, float64, bool, string, []string, []int, []Step or
// []PaintCell (and string or int for EnumOrNumber).
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
	switch p.Type.Base() {
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
		choices := p.Choices
		if p.Type == Region && len(choices) == 0 {
			choices = regionNames
		}
		s, ok := val.(string)
		if !ok || !slices.Contains(choices, s) {
			return nil, fmt.Errorf("%s is not one of %s", quote(val), strings.Join(choices, ", "))
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
	case PaintCells:
		return checkPaintCells(val)
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
