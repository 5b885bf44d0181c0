package jsonfile

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFormat(t *testing.T) {
	kind, v, ok := ParseFormat("hewn.project/2")
	require.True(t, ok)
	assert.Equal(t, "project", kind)
	assert.Equal(t, 2, v)
	for _, bad := range []string{"", "hewn.project", "project/2", "hewn./2", "hewn.project/0", "hewn.project/-1",
		"hewn.project/02", "hewn.project/2/3", "hewn.project/x", "hewn.project/+2"} {
		_, _, ok := ParseFormat(bad)
		assert.False(t, ok, bad)
	}
}

func TestFormatVersion(t *testing.T) {
	for _, c := range []struct {
		raw  string
		want int
		err  string
	}{
		{`"hewn.project/2"`, 2, ""},
		{`"hewn.project/1"`, 1, ""},
		{`"hewn.project/9"`, 0, `format: "hewn.project/9" is newer than this Hewn reads (hewn.project/2); update Hewn`},
		{`"hewn.chain/1"`, 0, `format: "hewn.chain/1" is not a project document (want hewn.project/2)`},
		{`"project 2"`, 0, `format: "project 2" is not a Hewn format (want hewn.project/2)`},
		{`2`, 0, `format: 2 is not a string (want "hewn.project/2")`},
	} {
		v, err := ReadFormat([]byte(c.raw), "hewn.project/2")
		if c.err != "" {
			require.EqualError(t, err, c.err, c.raw)
			var ps Problems
			require.ErrorAs(t, err, &ps)
			assert.Equal(t, FormatKey, ps[0].Path)
			continue
		}
		require.NoError(t, err, c.raw)
		assert.Equal(t, c.want, v)
	}
	v, err := DocumentFormat([]byte(`{"format": "hewn.project/1", "levels": []}`), "hewn.project/2")
	require.NoError(t, err)
	assert.Equal(t, 1, v)
	for _, doc := range []string{`{"levels": []}`, `[1]`, `{`} {
		v, err = DocumentFormat([]byte(doc), "hewn.project/2")
		require.NoError(t, err, doc)
		assert.Zero(t, v, doc)
	}
	_, err = DocumentFormat([]byte(`{"format": "hewn.project/3"}`), "hewn.project/2")
	require.Error(t, err)
	v, err = ReadFormat(nil, "hewn.project/2")
	require.NoError(t, err)
	assert.Zero(t, v, "no format: an unversioned document")
	assert.EqualError(t, WithFile("p.hewn.json", NewerFormat("hewn.project/9", "hewn.project/2")),
		`p.hewn.json: format: "hewn.project/9" is newer than this Hewn reads (hewn.project/2); update Hewn`)
}
