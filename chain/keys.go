package chain

import (
	"fmt"
	"strconv"
)

// MaxIDLen is the longest step ID accepted.
const MaxIDLen = 64

// CheckID reports whether id is a valid step ID: 1 to MaxIDLen ASCII letters,
// digits, '_', '-' or '.'. (Without '#' and '/', an ID never equals a derived key.)
func CheckID(id string) error {
	if id == "" {
		return fmt.Errorf("%q is empty (an id is 1-%d letters, digits, '_', '-' or '.'; leave it out for none)", id, MaxIDLen)
	}
	if len(id) > MaxIDLen {
		return fmt.Errorf("%q is longer than %d characters", abbrevString(id), MaxIDLen)
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return fmt.Errorf("%q holds %q (an id is letters, digits, '_', '-' or '.')", id, r)
		}
	}
	return nil
}

func abbrevString(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// StepKeys returns the random-stream key of each step of a step list; prefix is
// the key of the enclosing step (a sub_chain's) or "" at the top level.
//
// A step's key is its ID when it has one; otherwise its builder name, '#' and
// its occurrence (from 0) among the steps of the list that have the same builder
// name and no ID, disabled steps included: "bsp_dungeon#0", "room_sorter#1". A
// nested step's key is its enclosing step's key, '/', and its own key:
// "sub_chain#0/bsp_dungeon#0", "lair/room_drawer#0". Each step's source derives
// from (level seed, key), so inserting, removing, disabling or moving a step
// leaves the streams of all other steps unchanged, except that adding,
// removing or moving a step without an ID renumbers the later steps of its list
// with the same builder name and no ID (so give a step an ID to pin its stream
// wherever it moves; steps with an ID never renumber others).
func StepKeys(steps []Step, prefix string) []string {
	keys := make([]string, len(steps))
	var seen map[string]int // past a few steps; before, the earlier steps are counted
	if len(steps) > 32 {
		seen = map[string]int{}
	}
	for i, s := range steps {
		k := s.ID
		if k == "" {
			n := 0
			if seen != nil {
				n = seen[s.Builder]
				seen[s.Builder] = n + 1
			} else {
				for _, e := range steps[:i] {
					if e.ID == "" && e.Builder == s.Builder {
						n++
					}
				}
			}
			k = s.Builder + "#" + strconv.Itoa(n)
		}
		if prefix != "" {
			k = prefix + "/" + k
		}
		keys[i] = k
	}
	return keys
}
