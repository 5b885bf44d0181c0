package jsonfile

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// LayoutWidth is the line width Layout aims for.
const LayoutWidth = 100

// Layout marshals v with encoding/json (so MarshalJSON methods and struct
// tags decide the keys and their order) and lays the result out compactly so
// saved files diff well. It is the one layout of every JSON file Hewn writes
// besides content packs (chains, projects, reports):
//
//   - The top-level object has one member per line; its non-empty arrays of
//     objects or lists (steps, levels, themes, prefabs) have one item per line,
//     the closing bracket on a line of its own.
//   - Deeper down a value stays on one line when it fits in LayoutWidth columns
//     ({ "builder": "room_drawer" }). An object that does not fit fills its line
//     with members and goes on at its members' column; a member that fits on a
//     fresh line is not split; a member that fits nowhere opens on the current
//     line ("steps": [) when its first line fits there. Lists of two or more
//     objects or lists have one item per line, indented two columns past the
//     line's first member, closing brackets stacked on the last item's line.
//   - A "tiles" object (a theme's tiles) has one tile per line and a "template"
//     list (prefab rows) one row per line, whatever their length.
//
// Strings are written without HTML escaping; numbers keep encoding/json's
// spelling. The output ends with a newline, and laying out the decoded output
// again gives the same bytes.
func Layout(v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("jsonfile: %w", err)
	}
	root, err := layoutTree(data)
	if err != nil {
		return nil, err
	}
	l := &layout{memo: map[memoKey]string{}}
	var b strings.Builder
	l.top(&b, root)
	b.WriteByte('\n')
	return []byte(b.String()), nil
}

// lnode is a value as the layout sees it: its members' keys and its
// scalars' text as they are written, its one-line form.
type lnode struct {
	text  string // a scalar's JSON text
	obj   bool
	arr   bool
	keys  []string // object keys, JSON-encoded
	items []*lnode // object values or array items
	flat  string   // one-line form, computed once
	force bool     // one member or item per line
}

// layoutTree parses JSON (what encoding/json wrote) into lnodes.
func layoutTree(data []byte) (*lnode, error) {
	root, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("jsonfile: layout: %w", err)
	}
	return toLayout(root), nil
}

func toLayout(n *Node) *lnode {
	l := &lnode{}
	switch n.Kind {
	case Object:
		l.obj = true
		if len(n.Fields) > 0 { // nil when empty, as the reference has it
			l.keys, l.items = make([]string, 0, len(n.Fields)), make([]*lnode, 0, len(n.Fields))
		}
		for _, f := range n.Fields {
			l.keys = append(l.keys, string(appendQuoted(nil, f.Key, true)))
			v := toLayout(f.Val)
			switch f.Key {
			case "tiles":
				v.force = v.obj
			case "template":
				v.force = v.arr
			}
			l.items = append(l.items, v)
		}
	case Array:
		l.arr = true
		if len(n.Items) > 0 {
			l.items = make([]*lnode, 0, len(n.Items))
		}
		for _, it := range n.Items {
			l.items = append(l.items, toLayout(it))
		}
	case String:
		l.text = string(appendQuoted(nil, n.Text, true))
	case Null:
		l.text = "null"
	default:
		l.text = n.Text
	}
	if len(l.items) >= 2 && listOfObjects(l) {
		l.force = true
	}
	l.flat = flatText(l)
	return l
}

func flatText(n *lnode) string {
	switch {
	case n.obj:
		if len(n.items) == 0 {
			return "{}"
		}
		parts := make([]string, len(n.items))
		for i, v := range n.items {
			parts[i] = n.keys[i] + ": " + v.flat
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	case n.arr:
		if len(n.items) == 0 {
			return "[]"
		}
		parts := make([]string, len(n.items))
		for i, v := range n.items {
			parts[i] = v.flat
		}
		return "[ " + strings.Join(parts, ", ") + " ]"
	}
	return n.text
}

func width(s string) int { return utf8.RuneCountInString(s) }

// flatOK reports whether n may be written on one line (it is not forced open,
// nor is anything inside it).
func flatOK(n *lnode) bool {
	if n.force {
		return false
	}
	for _, v := range n.items {
		if !flatOK(v) {
			return false
		}
	}
	return true
}

type layout struct {
	memo map[memoKey]string
}

type memoKey struct {
	n               *lnode
	col, base, tail int
}

// top writes the top-level value: an object with one member per line.
func (l *layout) top(b *strings.Builder, n *lnode) {
	if !n.obj || len(n.items) == 0 {
		b.WriteString(l.value(n, 0, 0, 0))
		return
	}
	b.WriteString("{\n")
	for i, v := range n.items {
		tail := 1
		if i == len(n.items)-1 {
			tail = 0
		}
		prefix := "  " + n.keys[i] + ": "
		b.WriteString(prefix)
		if listOfObjects(v) {
			b.WriteString("[\n")
			for j, it := range v.items {
				b.WriteString("    ")
				t := 1
				if j == len(v.items)-1 {
					t = 0
				}
				b.WriteString(l.value(it, 4, 6, t))
				if t == 1 {
					b.WriteString(",")
				}
				b.WriteString("\n")
			}
			b.WriteString("  ]")
		} else {
			b.WriteString(l.value(v, width(prefix), 2, tail))
		}
		if tail == 1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}")
}

// value lays n out starting at column col of a line whose first member is at
// column base (nested items go to base+2); tail columns (closers, a comma) will
// follow its last line. The result has no trailing newline.
func (l *layout) value(n *lnode, col, base, tail int) string {
	k := memoKey{n, col, base, tail}
	if s, ok := l.memo[k]; ok {
		return s
	}
	var s string
	switch {
	case (!n.obj && !n.arr) || (flatOK(n) && col+width(n.flat)+tail <= LayoutWidth):
		s = n.flat
	case len(n.items) == 0:
		s = n.flat
	case n.arr:
		s = l.array(n, base, tail)
	default:
		s = l.object(n, col, base, tail)
	}
	l.memo[k] = s
	return s
}

func (l *layout) array(n *lnode, base, tail int) string {
	var b strings.Builder
	ind := base + 2
	b.WriteString("[")
	for i, it := range n.items {
		t := 1
		if i == len(n.items)-1 {
			t = 2 + tail
		}
		b.WriteString("\n" + strings.Repeat(" ", ind))
		itemBase := ind
		if it.obj {
			itemBase = ind + 2
		}
		b.WriteString(l.value(it, ind, itemBase, t))
		if i < len(n.items)-1 {
			b.WriteString(",")
		}
	}
	b.WriteString(" ]")
	return b.String()
}

func (l *layout) object(n *lnode, col, base, tail int) string {
	var b strings.Builder
	if n.force { // one member per line, two columns past the line's first member
		ind := strings.Repeat(" ", base+2)
		b.WriteString("{")
		for i, v := range n.items {
			t := 1
			if i == len(n.items)-1 {
				t = 2 + tail
			}
			if i > 0 {
				b.WriteString(",")
			}
			key := n.keys[i] + ": "
			b.WriteString("\n" + ind + key + l.value(v, base+2+width(key), base+2, t))
		}
		b.WriteString(" }")
		return b.String()
	}
	mcol := col + 2 // the members' column
	b.WriteString("{ ")
	cur, lineBase, broken := mcol, base, false
	for i, v := range n.items {
		t := 1
		if i == len(n.items)-1 {
			t = 2 + tail
		}
		key := n.keys[i] + ": "
		member := func(at int) string { return key + l.value(v, at+width(key), lineBase, t) }
		if i > 0 {
			flat := width(key + v.flat)
			fits := flatOK(v)
			switch {
			case !broken && fits && cur+2+flat+t <= LayoutWidth:
				b.WriteString(", ")
				cur += 2
			case listOfObjects(v) && !broken && cur+2+width(key)+1 <= LayoutWidth:
				// "steps": [ opens where it is, its items one per line below.
				b.WriteString(", ")
				cur += 2
			case fits && mcol+flat+t <= LayoutWidth:
				b.WriteString(",\n" + strings.Repeat(" ", mcol))
				cur, lineBase = mcol, mcol
			case !broken && !worse(member(cur+2), cur+2, member(mcol), mcol, t):
				b.WriteString(", ")
				cur += 2
			default:
				b.WriteString(",\n" + strings.Repeat(" ", mcol))
				cur, lineBase = mcol, mcol
			}
		}
		s := member(cur)
		b.WriteString(s)
		broken = strings.Contains(s, "\n")
		cur = lastCol(s, cur)
	}
	b.WriteString(" }")
	return b.String()
}

// worse reports whether laying a member out as a (starting at column ac) is
// worse than as b (at column bc): more columns past LayoutWidth, else more lines.
// tail columns follow the last line of both.
func worse(a string, ac int, b string, bc int, tail int) bool {
	ao, al := cost(a, ac, tail)
	bo, bl := cost(b, bc, tail)
	if ao != bo {
		return ao > bo
	}
	return al > bl
}

// cost returns the columns s sticks out past LayoutWidth (starting at column
// col, tail columns after it) and its number of lines.
func cost(s string, col, tail int) (over, lines int) {
	parts := strings.Split(s, "\n")
	for i, p := range parts {
		w := width(p)
		if i == 0 {
			w += col
		}
		if i == len(parts)-1 {
			w += tail
		}
		over += max(w-LayoutWidth, 0)
	}
	return over, len(parts)
}

// lastCol is the column after s when s starts at column col.
func lastCol(s string, col int) int {
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return width(s[i+1:])
	}
	return col + width(s)
}

// listOfObjects reports whether n is a non-empty list of objects or lists.
func listOfObjects(n *lnode) bool {
	return n.arr && len(n.items) > 0 && (n.items[0].obj || n.items[0].arr)
}
