package chainedit

import (
	"bytes"
	"encoding/json"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"hewn/chain"
	"hewn/ui/internal/widgets"
	"hewn/ui/model"
)

// brokenForm is the form of a step that did not load (chain.Step.Raw): why,
// its JSON to fix (Apply replaces the step once the JSON loads; until then
// the reason shows under the field), and Remove.
type brokenForm struct {
	json   *widget.Entry
	errl   *widget.Label
	apply  *widget.Button
	remove *widget.Button
	obj    fyne.CanvasObject
}

// newBrokenForm builds the form of the broken step st at path.
func newBrokenForm(m Host, path model.StepPath, st *chain.Step) *brokenForm {
	b := &brokenForm{}
	why := widget.NewLabel("⛔ This step did not load: " + st.Err)
	why.Importance = widget.DangerImportance
	why.Wrapping = fyne.TextWrapWord
	b.json = widget.NewMultiLineEntry()
	b.json.TextStyle = fyne.TextStyle{Monospace: true}
	b.json.Wrapping = fyne.TextWrapOff
	b.json.SetText(prettyJSON(st.Raw))
	b.json.SetMinRowsVisible(6)
	b.errl = widget.NewLabel("")
	b.errl.Importance = widget.DangerImportance
	b.errl.Wrapping = fyne.TextWrapWord
	b.errl.Hide()
	b.apply = widget.NewButtonWithIcon("Apply", theme.ConfirmIcon(), func() {
		if s, err := chain.DecodeStep([]byte(b.json.Text)); err == nil {
			m.ReplaceStep(path, s)
		}
	})
	b.apply.Importance = widget.HighImportance
	b.apply.Disable()
	b.json.OnChanged = func(text string) {
		_, err := chain.DecodeStep([]byte(text))
		if err != nil {
			b.errl.SetText("✗ " + err.Error())
			b.errl.Show()
			b.apply.Disable()
			return
		}
		b.errl.Hide()
		b.apply.Enable()
	}
	parent, i := path[:len(path)-1], path[len(path)-1]
	b.remove = widget.NewButtonWithIcon("Remove step", theme.DeleteIcon(), func() { m.RemoveStep(parent, i) })
	b.obj = container.NewVBox(why,
		widgets.Hint("It is kept as the file holds it and saved back unchanged, and a run stops at it (disable it to run without it). Fix its JSON and Apply, or remove it."),
		widget.NewLabelWithStyle("Step JSON", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		b.json, b.errl, container.NewHBox(b.apply, b.remove))
	return b
}

// prettyJSON is raw indented for editing (raw itself when it is not JSON).
func prettyJSON(raw []byte) string {
	var buf bytes.Buffer
	if json.Indent(&buf, raw, "", "  ") != nil {
		return string(raw)
	}
	return buf.String()
}
