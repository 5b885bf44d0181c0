package ui

import (
	"bytes"
	"log"
	"os/exec"
	"testing"

	"fyne.io/fyne/v2/dialog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// logged runs f with the standard logger writing to a buffer and returns
// what it wrote.
func logged(t *testing.T, f func()) string {
	t.Helper()
	var b bytes.Buffer
	prev := log.Writer()
	log.SetOutput(&b)
	defer log.SetOutput(prev)
	f()
	return b.String()
}

// The file dialogs open without a word on the terminal, on a machine whose
// user folders are not defined (xdg-user-dir answers the home folder).
func TestFileDialogsPrintNothing(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	f, err := newWindowFixture(t, "")
	require.NoError(t, err)
	if _, err := exec.LookPath("xdg-user-dir"); err == nil {
		// the noise is there to silence: Fyne's own dialog logs it
		out := logged(t, func() { dialog.NewFileOpen(nil, f.w).Show() })
		require.Contains(t, out, favouritesNoise, "Fyne no longer logs its favourites: drop quietly")
		f.w.Canvas().Overlays().Remove(f.w.Canvas().Overlays().Top())
	}
	for name, keys := range map[string]func(){
		"Open":    func() { press(t, f.w, ctrlO) },
		"Save As": func() { press(t, f.w, ctrlShiftS) },
	} {
		out := logged(t, keys)
		assert.NotNil(t, f.w.Canvas().Overlays().Top(), "%s opened a dialog", name)
		assert.Empty(t, out, "%s printed nothing", name)
		f.w.Canvas().Overlays().Remove(f.w.Canvas().Overlays().Top())
	}
}

// Only the favourites report goes: the next line, and any other report,
// passes.
func TestDropReportDropsOnlyTheFavouritesReport(t *testing.T) {
	var b bytes.Buffer
	d := &dropReport{to: &b, report: favouritesNoise}
	for _, l := range []string{
		"2026/11/25 13:50:45 Fyne error:  Getting favorite locations\n",
		"2026/11/25 13:50:45   Cause: this computer does not define a VIDEOS folder\n",
		"2026/11/25 13:50:45   At: dialog/file.go:399\n",
		"other line\n",
		"2026/11/25 13:50:45 Fyne error:  something else\n",
		"2026/11/25 13:50:45   Cause: why\n",
	} {
		n, err := d.Write([]byte(l))
		require.NoError(t, err)
		assert.Len(t, l, n)
	}
	assert.Equal(t, "other line\n2026/11/25 13:50:45 Fyne error:  something else\n2026/11/25 13:50:45   Cause: why\n", b.String())
}
