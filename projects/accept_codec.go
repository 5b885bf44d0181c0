package projects

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// decodeAccept decodes a level's "accept" object at path: "rules" (a list of
// {"metric", "min", "max"}) and "tries" (DefaultTries when absent). Shapes
// and types are checked here; the bounds, metric names and the re-roll budget
// by Accept.check, once the level's chain is known.
func decodeAccept(data json.RawMessage, path string, add addFunc) (*Accept, bool) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		add(path, `%s is not an acceptance object ({"rules": [...], "tries": N})`, abbrev(data))
		return nil, false
	}
	a := &Accept{Tries: DefaultTries, Rules: []Rule{}}
	ok := true
	for _, k := range sortedKeys(raw) {
		v := raw[k]
		switch k {
		case "tries":
			if strictUnmarshal(v, &a.Tries) != nil {
				add(path+".tries", "%s is not an integer", abbrev(v))
				ok = false
			}
		case "rules":
			var items []json.RawMessage
			if json.Unmarshal(v, &items) != nil {
				add(path+".rules", "%s is not a list of rules", abbrev(v))
				ok = false
				continue
			}
			for i, item := range items {
				r, rok := decodeRule(item, fmt.Sprintf("%s.rules[%d]", path, i), add)
				ok = ok && rok
				a.Rules = append(a.Rules, r)
			}
		default:
			add(path+"."+k, "unknown key %q (want rules, tries)", k)
			ok = false
		}
	}
	return a, ok
}

var ruleKeys = []string{"metric", "min", "max"}

func decodeRule(data json.RawMessage, path string, add addFunc) (Rule, bool) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil || raw == nil {
		add(path, `%s is not a rule ({"metric": NAME, "min": A, "max": B})`, abbrev(data))
		return Rule{}, false
	}
	var r Rule
	ok := true
	num := func(k string, v json.RawMessage) *float64 {
		var f float64
		if strictUnmarshal(v, &f) != nil || math.IsInf(f, 0) {
			add(path+"."+k, "%s is not a number", abbrev(v))
			ok = false
			return nil
		}
		return &f
	}
	for _, k := range sortedKeys(raw) {
		v := raw[k]
		switch k {
		case "metric":
			if strictUnmarshal(v, &r.Metric) != nil {
				add(path+".metric", "%s is not a string (a metric name)", abbrev(v))
				ok = false
			}
		case "min":
			r.Min = num(k, v)
		case "max":
			r.Max = num(k, v)
		default:
			add(path+"."+k, "unknown key %q (want %s)", k, strings.Join(ruleKeys, ", "))
			ok = false
		}
	}
	if _, has := raw["metric"]; !has {
		add(path+".metric", "missing")
		ok = false
	}
	return r, ok
}
