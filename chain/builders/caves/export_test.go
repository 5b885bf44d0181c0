package caves

// RefIterate is the tile-by-tile automaton rule the tests check the
// bitboard smoother against (smoother_test.go), for the external tests.
var RefIterate = refIterate
