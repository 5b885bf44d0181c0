package prefab

import (
	"bytes"
	_ "embed"
)

// wfcPopulatedXP is the tutorial's resources/wfc-populated.xp (MIT): the map
// its WFC_POPULATED level (and its rex_level example) loads, 80×43.
//
//go:embed tutorial/wfc-populated.xp
var wfcPopulatedXP []byte

// wfcPopulatedRows returns the built-in "wfc_populated" level: the rows of
// the tutorial's own file, glyph for glyph (read by library, once).
func wfcPopulatedRows() []string {
	f, err := ReadXP(bytes.NewReader(wfcPopulatedXP))
	if err != nil {
		panic("prefab: the embedded wfc-populated.xp: " + err.Error())
	}
	return f.Rows()
}
