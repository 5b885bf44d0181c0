package jsonfile_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

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

// TestShortenCapsLongValues (issue 26 point 11): one error line could be a
// megabyte (a million-character builder name quoted back); a quoted value
// keeps jsonfile.MaxQuoted characters, a line about jsonfile.MaxLine bytes.
func TestShortenCapsLongValues(t *testing.T) {
	big := strings.Repeat("é", 1_000_000)
	got := jsonfile.Shorten(`steps[0].builder: unknown builder "` + big + `" (want one of ...)`)
	assert.Equal(t, `steps[0].builder: unknown builder "`+strings.Repeat("é", jsonfile.MaxQuoted)+`…" (want one of ...)`, got)
	assert.Equal(t, `short "value" stays`, jsonfile.Shorten(`short "value" stays`))
	assert.Equal(t, `a "\"quoted\" \\ value" too`, jsonfile.Shorten(`a "\"quoted\" \\ value" too`))
	// an escape is never cut in half, a line through a long key is cut in its middle
	esc := jsonfile.Shorten(`x: "` + strings.Repeat("a", jsonfile.MaxQuoted-1) + `\"` + strings.Repeat("b", 50) + `"`)
	assert.Equal(t, `x: "`+strings.Repeat("a", jsonfile.MaxQuoted-1)+`…"`, esc)
	path := jsonfile.Shorten("steps[0].params." + big + `: unknown parameter`)
	assert.LessOrEqual(t, len(path), jsonfile.MaxLine+10)
	assert.True(t, strings.HasPrefix(path, "steps[0].params.éé") && strings.HasSuffix(path, "éé: unknown parameter"), path)
	assert.True(t, utf8.ValidString(path))
	fe := jsonfile.WithFile("c.json", jsonfile.Problems{{Path: "steps[0].builder", Msg: `unknown builder "` + big + `"`}})
	assert.Less(t, len(fe.Error()), 300)
}
