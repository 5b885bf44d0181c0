package chainedit

import (
	"testing"

	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/ui/internal/uitest"
	"hewn/ui/internal/widgets"
)

// A value the parameter form refuses is marked on its field with the reason
// under it while the step keeps its last good value, for every kind of
// typed field; a good value clears the mark.
func TestARefusedParameterIsMarkedOnItsField(t *testing.T) {
	f := newFixture(t, uitest.Project())
	require.NoError(t, f.h.AddStep(nil, -1, "ui_test_all"))
	e := f.p
	cases := []struct {
		key, bad, good, why string
	}{
		{"count", "99", "4", "out of range"},
		{"free", "x", "2", `"x" is not an integer`},
		{"bands", "1, x", "3, 4", `"x" is not an integer`},
		{"x.number", "abc", "5", `"abc" is not an integer`},
	}
	for _, c := range cases {
		if c.key == "x.number" {
			e.form.inputs["x"].(*widgets.Select).SetSelected(numberChoice)
		}
		en := e.form.inputs[c.key].(*widget.Entry)
		name := c.key
		if name == "x.number" {
			name = "x"
		}
		before := f.chain().Steps[1].Params[name]
		en.SetText(c.bad)
		assert.Error(t, en.Validate(), "%s is marked", c.key)
		assert.True(t, e.form.errs[name].Visible(), c.key)
		assert.Contains(t, e.form.errs[name].Text, c.why)
		assert.Equal(t, before, f.chain().Steps[1].Params[name], "%s keeps its last good value", c.key)
		en = e.form.inputs[c.key].(*widget.Entry)
		en.SetText(c.good)
		assert.NoError(t, en.Validate(), c.key)
		assert.False(t, e.form.errs[name].Visible(), c.key)
	}
}
