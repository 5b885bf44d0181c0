package projects

import (
	"encoding/json"
	"fmt"
)

// migrations[v] upgrades a raw project of version v to version v+1.
//
// Version 0 is the pre-release format (no "version" key): the master seed was
// called "master_seed", and each level held its "width", "height" and "steps"
// directly instead of in a "chain" object.
var migrations = map[int]func(raw map[string]json.RawMessage) error{
	0: migrate0,
}

// migrate upgrades raw in place to Version.
func migrate(raw map[string]json.RawMessage) error {
	v := 0
	if rv, ok := raw["version"]; ok {
		if err := json.Unmarshal(rv, &v); err != nil || v < 0 {
			return fmt.Errorf("version: %s is not a version number", abbrev(rv))
		}
	}
	if v > Version {
		return fmt.Errorf("version: %d is newer than this Hewn understands (%d); update Hewn", v, Version)
	}
	for ; v < Version; v++ {
		if err := migrations[v](raw); err != nil {
			return fmt.Errorf("migrating from version %d: %w", v, err)
		}
	}
	raw["version"] = json.RawMessage(fmt.Sprint(Version))
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
