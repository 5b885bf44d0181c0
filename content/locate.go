package content

import (
	"strconv"

	"hewn/chain/jsonfile"
)

// Locate finds the value at path (a Problem's JSON path, e.g.
// "mobs[2].natural.attacks[0].damage") in src, a pack's JSON, and returns its
// 1-based line and column. When the path leads past what src holds (a key
// the value lacks), it returns the position of the deepest value on the way;
// ok is false only when src does not parse.
func Locate(src []byte, path string) (line, col int, ok bool) {
	root, err := jsonfile.Parse(src)
	if err != nil {
		return 0, 0, false
	}
	line, col = jsonfile.LineCol(src, root.Find(path).Off)
	return line, col, true
}

// ProblemLines words every problem as the command line does, located in
// src: "FILE:LINE:COL: path: message" ("warning: " first for a warning).
// Problems whose place cannot be found have no line:column.
func ProblemLines(file string, src []byte, ps []Problem) []string {
	root, _ := jsonfile.Parse(src)
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		s := file
		if root != nil {
			l, c := jsonfile.LineCol(src, root.Find(p.Path).Off)
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
