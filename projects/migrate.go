package projects

import (
	"encoding/json"
	"fmt"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

// migrations[v] upgrades a raw project of version v to version v+1.
//
// Version 0 is the pre-release format (no "version" key): the master seed was
// called "master_seed", and each level held its "width", "height" and "steps"
// directly instead of in a "chain" object. Version 1 named itself with
// "version": 1; version 2 (Format) names itself with "format", as every
// document Hewn writes, and is otherwise the same.
var migrations = [...]func(raw map[string]json.RawMessage) error{migrate0, migrate1}

// migrate upgrades raw in place to Format, refusing a newer format by name.
func migrate(raw map[string]json.RawMessage) error {
	v, err := jsonfile.ReadFormat(raw[jsonfile.FormatKey], Format)
	if err != nil {
		return err
	}
	if _, ok := raw[jsonfile.FormatKey]; !ok {
		if rv, ok := raw["version"]; ok {
			if json.Unmarshal(rv, &v) != nil || v != 1 {
				return chain.Problems{{Path: "version", Step: -1,
					Msg: fmt.Sprintf("%s is not 1 (a newer project names its format instead: \"format\": %q)", abbrev(rv), Format)}}
			}
		}
	}
	_, newest, _ := jsonfile.ParseFormat(Format)
	for ; v < newest; v++ {
		if err := migrations[v](raw); err != nil {
			return chain.Problems{{Step: -1, Msg: fmt.Sprintf("migrating from version %d: %v", v, err)}}
		}
	}
	raw[jsonfile.FormatKey] = json.RawMessage(fmt.Sprintf("%q", Format))
	return nil
}

func migrate0(raw map[string]json.RawMessage) error {
	if ms, ok := raw["master_seed"]; ok {
		if _, has := raw["seed"]; !has {
			raw["seed"] = ms
		}
		delete(raw, "master_seed")
	}
	lv, ok := raw["levels"]
	if !ok {
		return nil
	}
	var levels []map[string]json.RawMessage
	if err := json.Unmarshal(lv, &levels); err != nil {
		return nil // reported by Decode with its path
	}
	for i, l := range levels {
		if l == nil {
			continue
		}
		if _, has := l["chain"]; has {
			continue
		}
		c := map[string]json.RawMessage{}
		for _, k := range []string{"width", "height", "steps"} {
			if v, ok := l[k]; ok {
				c[k] = v
				delete(l, k)
			}
		}
		b, err := json.Marshal(c)
		if err != nil {
			return fmt.Errorf("levels[%d]: %w", i, err)
		}
		l["chain"] = b
	}
	b, err := json.Marshal(levels)
	if err != nil {
		return err
	}
	raw["levels"] = b
	return nil
}

// migrate1 drops version 1's "version": 1 (migrate names the format).
func migrate1(raw map[string]json.RawMessage) error {
	delete(raw, "version")
	return nil
}
