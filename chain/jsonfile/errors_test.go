package jsonfile_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain/jsonfile"
)

// The one error format: FILE:LINE:COL for syntax, FILE: path: message for
// each problem, FILE: reason for anything else.
func TestFileErrorFormat(t *testing.T) {
	_, err := jsonfile.Parse([]byte("{\n  \"a\": x}"))
	require.Error(t, err)
	assert.EqualError(t, jsonfile.WithFile("f.json", err), "f.json:2:8: unexpected 'x' (want a value)")
	assert.EqualError(t, jsonfile.WithFile("f.json", fmt.Errorf("content: %w", err)), "f.json:2:8: unexpected 'x' (want a value)",
		"a wrapped syntax error keeps its line:column")

	ps := jsonfile.Problems{
		{Path: "steps[1].params.x", Msg: `"middle" is not one of left, center, right`, Step: 1},
		{Msg: "a message with no path", Step: -1},
	}
	assert.EqualError(t, jsonfile.WithFile("c.json", ps),
		"c.json: steps[1].params.x: \"middle\" is not one of left, center, right\nc.json: a message with no path")

	_, err = os.Open("does-not-exist.json")
	assert.EqualError(t, jsonfile.WithFile("does-not-exist.json", err), "does-not-exist.json: no such file or directory")
	assert.EqualError(t, jsonfile.WithFile("p.json", errors.New("projects: chain: jsonfile: the file is odd")), "p.json: the file is odd",
		"package prefixes are dropped after the file name")

	assert.NoError(t, jsonfile.WithFile("x.json", nil))
}

// An error that already names its file keeps it.
func TestWithFileKeepsTheInnerFile(t *testing.T) {
	inner := jsonfile.WithFile("pack.json", jsonfile.Problems{{Path: "mobs[0].hp", Msg: `"x" is not a number`, Step: -1}})
	outer := jsonfile.WithFile("project.json", fmt.Errorf("projects: %w", inner))
	assert.EqualError(t, outer, `projects: pack.json: mobs[0].hp: "x" is not a number`)
	var fe *jsonfile.FileError
	require.ErrorAs(t, outer, &fe)
	assert.Equal(t, "pack.json", fe.File)
}

// Problems past jsonfile.MaxProblems are summed up in one line.
func TestProblemsAreCapped(t *testing.T) {
	var ps jsonfile.Problems
	for i := range 250 {
		ps = append(ps, jsonfile.Problem{Path: fmt.Sprintf("steps[%d].builder", i), Msg: `unknown builder "x"`, Step: i})
	}
	lines := strings.Split(jsonfile.WithFile("c.json", ps).Error(), "\n")
	require.Len(t, lines, jsonfile.MaxProblems+1)
	assert.Equal(t, "c.json: and 150 more problems", lines[jsonfile.MaxProblems])

	capped := jsonfile.CapProblems(append(jsonfile.CapProblems(ps, 10), jsonfile.Problem{Msg: "y"}), 5)
	require.Len(t, capped, 6)
	assert.Equal(t, 246, capped[5].Omitted, "5 dropped, the summary's 240, and the new one")
	assert.Equal(t, "and 1 more problem", jsonfile.MoreProblems(1).Msg)
	assert.Equal(t, -1, jsonfile.MoreProblems(3).Step)
}

// Columns count characters; a byte-order mark takes none.
func TestLineCol(t *testing.T) {
	data := []byte("\xef\xbb\xbf{\"é\": 1,\n \"b\": x}")
	for _, c := range []struct{ off, line, col int }{
		{0, 1, 1}, {3, 1, 1}, {4, 1, 2}, {9, 1, 6}, {13, 2, 1}, {14, 2, 2}, {100, 2, 9}, {-5, 1, 1},
	} {
		l, col := jsonfile.LineCol(data, c.off)
		assert.Equal(t, [2]int{c.line, c.col}, [2]int{l, col}, "offset %d", c.off)
	}
	assert.Equal(t, "line 2:7: x", jsonfile.SyntaxAt(data, 19, "x").Error())
}
