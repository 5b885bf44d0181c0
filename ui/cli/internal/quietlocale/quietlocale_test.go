package quietlocale

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestApply(t *testing.T) {
	for _, c := range []struct {
		lcAll, lang, language string
		set                   bool
	}{
		{"", "C.UTF-8", "", true},
		{"", "POSIX.UTF-8", "", true},
		{"C.utf8", "en_US.UTF-8", "", true},
		{"", "C", "", false}, // Fyne handles a bare C itself
		{"", "", "", false},
		{"", "de_DE.UTF-8", "", false},
		{"", "C.UTF-8", "fr", false}, // LANGUAGE already set
		{"de_DE.UTF-8", "C.UTF-8", "", false},
	} {
		t.Setenv("LC_ALL", c.lcAll)
		t.Setenv("LC_MESSAGES", "")
		t.Setenv("LANG", c.lang)
		t.Setenv("LANGUAGE", c.language)
		assert.Equal(t, c.set, Apply(), "%+v", c)
		if c.set {
			assert.Equal(t, "en", os.Getenv("LANGUAGE"))
		}
	}
}
