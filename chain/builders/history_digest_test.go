package builders_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"hewn/chain"
	"hewn/content"
	"hewn/projects"
)

// TestHistoryDigests checks every snapshot of every test chain (seeds 1-3) and
// of every level of the example project (seeds 1-3) against
// testdata/history_digests.txt: per run, the number of snapshots and digests
// of every snapshot's step, label, tiles, start, exits, rooms, corridors,
// spawns and Changed. The file was recorded from the history before it
// learned changed rectangles, bitboard frames and shared lists, so a new history
// format must give every snapshot exactly as before (go test -run
// TestHistoryDigests -update rewrites it, only for a deliberate change).
func TestHistoryDigests(t *testing.T) {
	var lines []string
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range loadChains(t) {
			if !yield(name) {
				return
			}
		}
	})
	chains := loadChains(t)
	for _, name := range names {
		for seed := uint64(1); seed <= 3; seed++ {
			r, err := chain.RunConfig(context.Background(), chains[name], chain.Config{Master: seed, Spawner: fakeSpawner{}})
			require.NoError(t, err, "%s seed %d", name, seed)
			lines = append(lines, fmt.Sprintf("%s %d %s", name, seed, historyDigest(t, r.History)))
		}
	}
	p, err := projects.Example()
	require.NoError(t, err)
	sp := content.Default().Roller()
	for i, l := range p.Levels {
		for seed := uint64(1); seed <= 3; seed++ {
			cfg := p.Config(i, seed, sp)
			r, err := chain.RunConfig(context.Background(), l.Chain, cfg)
			require.NoError(t, err, "example level %d seed %d", i, seed)
			lines = append(lines, fmt.Sprintf("example[%d] %d %s", i, seed, historyDigest(t, r.History)))
		}
	}
	got := strings.Join(lines, "\n") + "\n"
	path := filepath.Join("testdata", "history_digests.txt")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), got)
}

// historyDigest summarises a history: its length, then a digest of what At
// gives for every snapshot (read in order) and one of every Changed. It also
// checks that reading the snapshots in a shuffled order gives the same.
func historyDigest(t *testing.T, h *chain.History) string {
	snaps, changed := sha256.New(), sha256.New()
	var each [][32]byte
	for i := range h.Len() {
		d := snapshotDigest(h.At(i))
		each = append(each, d)
		snaps.Write(d[:])
		for _, j := range h.Changed(i) {
			changed.Write(binary.AppendUvarint(nil, uint64(j)))
		}
		changed.Write([]byte{0xff})
	}
	for _, i := range rand.New(rand.NewPCG(uint64(h.Len()), 7)).Perm(h.Len()) {
		require.Equal(t, each[i], snapshotDigest(h.At(i)), "snapshot %d read out of order", i)
	}
	return fmt.Sprintf("%d %x %x", h.Len(), snaps.Sum(nil)[:8], changed.Sum(nil)[:8])
}

func snapshotDigest(s chain.Snapshot) [32]byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%d|%+v|%q|%v|%dx%d|", s.Index, s.Step, s.Label, s.Final, s.Map.W, s.Map.H)
	for _, t := range s.Map.Tiles {
		b.WriteByte(byte(t))
	}
	if s.Start != nil {
		fmt.Fprintf(&b, "|start %v", *s.Start)
	}
	nilOr := func(isNil bool, v any) string {
		if isNil {
			return "nil"
		}
		return fmt.Sprintf("%+v", v)
	}
	fmt.Fprintf(&b, "|exits %s|rooms %s|spawns %s|corridors %s",
		nilOr(s.Exits == nil, s.Exits), nilOr(s.Rooms == nil, s.Rooms), nilOr(s.Spawns == nil, s.Spawns), nilOr(s.Corridors == nil, len(s.Corridors)))
	for _, c := range s.Corridors {
		fmt.Fprintf(&b, "|%s", nilOr(c == nil, c))
	}
	return sha256.Sum256([]byte(b.String()))
}

// TestHistoryOnBigMaps runs every test chain on a map over the history's
// 4,096-tile block size (120×80, where a keyframe or a large delta takes a
// block of its own): the last snapshot is the run's final map, spawns and
// start, and reading the snapshots in any order gives the same (see
// historyDigest). The digests above cover only maps up to 80×50.
func TestHistoryOnBigMaps(t *testing.T) {
	ran := 0
	for name, c := range loadChains(t) {
		big := *c
		big.Width, big.Height = 120, 80
		if probs := chain.Check(&big); len(probs) > 0 {
			continue // a chain whose steps need its own size (a section, a prefab's place)
		}
		for seed := uint64(1); seed <= 2; seed++ {
			r, err := chain.RunConfig(context.Background(), &big, chain.Config{Master: seed, Spawner: fakeSpawner{}})
			if err != nil {
				continue // a chain that cannot run at that size says so: not the history's concern
			}
			require.Positive(t, r.History.Len(), "%s seed %d", name, seed)
			historyDigest(t, r.History)
			last := r.History.At(r.History.Len() - 1)
			require.Equal(t, r.State.Map.Tiles, last.Map.Tiles, "%s seed %d: the last snapshot is the final map", name, seed)
			assert.Equal(t, r.State.Start, last.Start, "%s seed %d", name, seed)
			assert.Equal(t, len(r.State.Spawns), len(last.Spawns), "%s seed %d", name, seed)
			ran++
		}
	}
	assert.Greater(t, ran, 60, "most test chains run at 120×80")
}
