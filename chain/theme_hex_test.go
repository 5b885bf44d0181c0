package chain

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/stretchr/testify/require"
)

// sscanHex is ParseHex as fmt's scanner gives it.
func sscanHex(s string) (color.RGBA, error) {
	var r, g, b uint8
	var err error
	switch {
	case len(s) == 7 && s[0] == '#':
		_, err = fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b)
	case len(s) == 4 && s[0] == '#':
		_, err = fmt.Sscanf(s, "#%1x%1x%1x", &r, &g, &b)
		r, g, b = r*17, g*17, b*17
	default:
		err = fmt.Errorf("want #RRGGBB")
	}
	if err != nil {
		return color.RGBA{}, fmt.Errorf("%q is not a colour (want #RRGGBB)", s)
	}
	return color.RGBA{r, g, b, 255}, nil
}

// FuzzParseHex checks ParseHex's fast path gives what fmt's scanner gives.
func FuzzParseHex(f *testing.F) {
	for _, s := range []string{"#a0B1c2", "#fff", "#12345g", "# 12345", "#+1f", "#0x1234", "abc", "#1_2345"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, werr := sscanHex(s)
		got, gerr := ParseHex(s)
		require.Equal(t, werr, gerr)
		require.Equal(t, want, got)
	})
}
