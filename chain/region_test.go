package chain_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"hewn/chain"
)

func TestRegionRect(t *testing.T) {
	for _, tc := range []struct {
		name string
		w, h int
		want chain.Rect
	}{
		{"all", 80, 50, chain.R(0, 0, 80, 50)},
		{"left_half", 80, 50, chain.R(0, 0, 40, 50)},
		{"right_half", 80, 50, chain.R(40, 0, 40, 50)},
		{"right_half", 81, 50, chain.R(40, 0, 41, 50)},
		{"top_half", 80, 51, chain.R(0, 0, 80, 25)},
		{"bottom_half", 81, 50, chain.R(0, 25, 81, 25)},
		{"bottom_half", 80, 51, chain.R(0, 25, 80, 26)},
		{"center", 80, 50, chain.R(20, 12, 40, 25)},
		{"center", 9, 9, chain.R(2, 2, 4, 4)},
	} {
		got, ok := chain.RegionRect(tc.name, tc.w, tc.h)
		assert.True(t, ok, tc.name)
		assert.Equal(t, tc.want, got, "%s on %d×%d", tc.name, tc.w, tc.h)
	}
	_, ok := chain.RegionRect("middle", 80, 50)
	assert.False(t, ok)
	for _, n := range chain.RegionNames() {
		_, ok := chain.RegionRect(n, 80, 50)
		assert.True(t, ok, n)
	}
	names := chain.RegionNames()
	names[0] = "changed"
	assert.Equal(t, "all", chain.RegionNames()[0], "the list is a copy")
}
