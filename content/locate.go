package content

import (
	"strconv"
	"strings"
)

// Locate finds the value at path (a Problem's JSON path, e.g.
// "mobs[2].natural.attacks[0].damage") in src, a pack's JSON, and returns its
// 1-based line and column. When the path leads past what src holds (a key
// the value lacks), it returns the position of the deepest value on the way;
// ok is false only when src does not parse.
func Locate(src []byte, path string) (line, col int, ok bool) {
	root, err := parseJSON(src)
	if err != nil {
		return 0, 0, false
	}
	line, col = lineCol(src, nodeAt(root, path).off)
	return line, col, true
}

// ProblemLines words every problem as the command line does, located in
// src: "FILE:LINE:COL: path: message" ("warning: " first for a warning).
// Problems whose place cannot be found have no line:column.
func ProblemLines(file string, src []byte, ps []Problem) []string {
	root, _ := parseJSON(src)
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		s := file
		if root != nil {
			l, c := lineCol(src, nodeAt(root, p.Path).off)
			s += ":" + strconv.Itoa(l) + ":" + strconv.Itoa(c)
		}
		s += ": " + p.String()
		if p.Warning {
			s = "warning: " + s
		}
		out = append(out, s)
	}
	return out
}

// nodeAt walks path down from n as far as it leads.
func nodeAt(n *node, path string) *node {
	for path != "" {
		switch {
		case n.kind == nArray && strings.HasPrefix(path, "["):
			end := strings.IndexByte(path, ']')
			i, err := strconv.Atoi(path[1:max(end, 1)])
			if end < 0 || err != nil || i < 0 || i >= len(n.items) {
				return n
			}
			n, path = n.items[i], strings.TrimPrefix(path[end+1:], ".")
		case n.kind == nObject:
			// the longest key the path starts with (keys may hold dots)
			best := -1
			for k, f := range n.fields {
				key := f.key
				if path == key || strings.HasPrefix(path, key+".") || strings.HasPrefix(path, key+"[") {
					if best < 0 || len(key) > len(n.fields[best].key) {
						best = k
					}
				}
			}
			if best < 0 {
				return n
			}
			n, path = n.fields[best].val, strings.TrimPrefix(path[len(n.fields[best].key):], ".")
		default:
			return n
		}
	}
	return n
}
