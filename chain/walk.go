package chain

import (
	"maps"
	"slices"
	"strconv"
)

// WalkSteps calls visit with every step of steps and of the step lists nested
// in their parameters (a sub_chain's "steps"), depth first and in order,
// disabled steps included, each with its JSON path: path names the list
// ("steps", "levels[0].chain.steps"), so its steps are path[i] and a nested
// one path[i].params.steps[j]. visit gets a pointer into the list and may
// change the step; the step's nested lists are walked after visit returns
// (in the order of their parameter names).
func WalkSteps(steps []Step, path string, visit func(s *Step, path string)) {
	for i := range steps {
		s := &steps[i]
		sp := path + "[" + strconv.Itoa(i) + "]"
		visit(s, sp)
		if !hasSubSteps(s.Params) {
			continue // most steps: no need to sort their keys
		}
		for _, k := range slices.Sorted(maps.Keys(s.Params)) {
			if sub, ok := s.Params[k].([]Step); ok {
				WalkSteps(sub, sp+".params."+k, visit)
			}
		}
	}
}

// hasSubSteps reports whether a parameter of params holds a step list.
func hasSubSteps(params map[string]any) bool {
	for _, v := range params {
		if _, ok := v.([]Step); ok {
			return true
		}
	}
	return false
}

// WalkParams calls visit with every parameter that a step of steps, or of a
// list nested in them, sets explicitly (see WalkSteps), in the order of its
// builder's descriptors, with the step, the parameter's descriptor and its
// JSON path ("steps[2].params.name"). Steps of unknown builders are passed
// over. It is how code outside the builders follows what parameters name (an
// Entity, a PrefabName) without knowing any builder.
func WalkParams(steps []Step, path string, visit func(s *Step, p Param, path string)) {
	WalkSteps(steps, path, func(s *Step, sp string) {
		if len(s.Params) == 0 {
			return
		}
		spec, ok := Lookup(s.Builder)
		if !ok {
			return
		}
		for _, p := range spec.Params {
			if _, set := s.Params[p.Name]; set {
				visit(s, p, sp+".params."+p.Name)
			}
		}
	})
}
