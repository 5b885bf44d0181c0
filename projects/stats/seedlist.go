package stats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"hewn/chain/jsonfile"
)

// MaxListSeeds is the most seeds a seed list (`--seeds-from`) holds.
const MaxListSeeds = 10_000_000

// SeedListLimit is the size limit and name of seed list files.
var SeedListLimit = jsonfile.Limit{Max: 256 << 20, Noun: "a seed list", Plural: "seed lists"}

// ParseSeedList reads the seeds of a seed list (`--seeds-from`), in order:
//
//   - a JSON list of seeds or of objects with a "seed" (what `--list` prints),
//   - or lines, each a seed, or a JSON object with a "seed" (a `--samples`
//     file); empty lines and lines starting with # are skipped.
//
// A seed is a whole number from 0 to 2^64-1; a seed listed twice, an empty
// list and more than MaxListSeeds seeds are refused. Errors locate the
// problem (line and column, or the list index).
func ParseSeedList(data []byte) ([]uint64, error) {
	body, err := jsonfile.Check(data)
	if err != nil {
		return nil, err
	}
	var seeds []uint64
	var lines []int32 // each seed's line (lines only), for "listed twice"
	if t := bytes.TrimLeft(body, " \t\r\n"); len(t) > 0 && t[0] == '[' {
		var items []json.RawMessage
		if err := jsonfile.Unmarshal(body, &items); err != nil {
			return nil, err
		}
		if len(items) > MaxListSeeds {
			return nil, fmt.Errorf("stats: %d seeds; a seed list holds at most %d", len(items), MaxListSeeds)
		}
		for i, it := range items {
			s, err := seedOf(it)
			if err != nil {
				return nil, jsonfile.Problems{{Path: fmt.Sprintf("[%d]", i), Msg: err.Error(), Step: -1}}
			}
			seeds = append(seeds, s)
		}
	} else {
		off := 0
		for n, line := range bytes.SplitAfter(body, []byte("\n")) {
			start := off
			off += len(line)
			line = bytes.TrimSpace(line)
			if len(line) == 0 || line[0] == '#' {
				continue
			}
			s, err := seedOf(line)
			if err != nil {
				return nil, jsonfile.SyntaxAt(data, len(data)-len(body)+start, err.Error())
			}
			if len(seeds) == MaxListSeeds {
				return nil, fmt.Errorf("stats: more than %d seeds; a seed list holds at most %d", MaxListSeeds, MaxListSeeds)
			}
			seeds, lines = append(seeds, s), append(lines, int32(n+1))
		}
	}
	if len(seeds) == 0 {
		return nil, fmt.Errorf("stats: the list holds no seeds")
	}

	order := make([]int, len(seeds))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case seeds[a] < seeds[b]:
			return -1
		case seeds[a] > seeds[b]:
			return 1
		}
		return 0
	})
	for k := 1; k < len(order); k++ {
		if a, b := order[k-1], order[k]; seeds[a] == seeds[b] {
			at := fmt.Sprintf("[%d] and [%d]", a, b)
			if lines != nil {
				at = fmt.Sprintf("lines %d and %d", lines[a], lines[b])
			}
			return nil, fmt.Errorf("stats: seed %d is listed twice (%s)", seeds[a], at)
		}
	}
	return seeds, nil
}

// seedOf reads one entry of a seed list: a seed or an object with "seed".
func seedOf(v []byte) (uint64, error) {
	v = bytes.TrimSpace(v)
	if len(v) > 0 && v[0] == '{' {
		var o struct {
			Seed *json.Number `json:"seed"`
		}
		if err := json.Unmarshal(v, &o); err != nil {
			return 0, fmt.Errorf("%s is not a JSON object with a \"seed\"", jsonfile.Excerpt(v))
		}
		if o.Seed == nil {
			return 0, fmt.Errorf("%s has no \"seed\"", jsonfile.Excerpt(v))
		}
		v = []byte(o.Seed.String())
	}
	s, err := strconv.ParseUint(string(v), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not a seed (a whole number from 0 to 18446744073709551615)", jsonfile.Excerpt(v))
	}
	return s, nil
}
