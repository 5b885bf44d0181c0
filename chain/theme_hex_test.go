package chain

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseHex checks ParseHex's fast path gives what fmt's scanner gives.
func FuzzParseHex(f *testing.F) {
	for _, s := range []string{"#a0B1c2", "#fff", "#12345g", "# 12345", "#+1f", "#0x1234", "abc", "#1_2345"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, werr := scanHex(s)
		got, gerr := ParseHex(s)
		require.Equal(t, werr, gerr)
		require.Equal(t, want, got)
	})
}
