package projects

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"hewn/chain"
)

// Pin is a master seed a designer pinned on a level, with the fingerprint of
// the level it gave when pinned: after any edit, a pin whose level now differs
// is reported (the editor, `hewn project check`), so a game's own CI can guard
// the levels its designers liked.
type Pin struct {
	Seed        uint64 `json:"seed"`
	Fingerprint string `json:"fingerprint"`
}

// Fingerprint hashes what a player meets in a generated level: its tiles,
// start, exits and spawns (as in the level JSON), "sha256:" and 64 hex digits.
func Fingerprint(res *chain.Result) string {
	lv := res.Level()
	data, _ := json.Marshal(struct {
		Tiles  []string          `json:"tiles"`
		Start  *chain.Point      `json:"start"`
		Exits  []chain.LevelExit `json:"exits"`
		Spawns []chain.Spawn     `json:"spawns"`
	}{lv.Tiles, lv.Start, lv.Exits, lv.Spawns})
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// PinConfig is the run configuration of level i for pinned master seed m: the
// level seed derives from m and the depth (a pin ignores the level's own
// pinned level seed, as seed sweeps do, since a pin is about a seed).
func (p *Project) PinConfig(i int, m uint64, sp chain.Spawner) chain.Config {
	cfg := p.Config(i, m, sp)
	cfg.Seed = nil
	cfg.NoHistory = true
	return cfg
}

// PinRun runs level i for pinned master seed m as a pin sees it: PinConfig,
// with the level's acceptance rules (RunLevel), so a pin fingerprints the
// level a game gets for that seed.
func (p *Project) PinRun(ctx context.Context, i int, m uint64, sp chain.Spawner) (*chain.Result, error) {
	return p.RunLevel(ctx, i, p.PinConfig(i, m, sp))
}

// PinFingerprint runs level i with master seed m (PinRun) and returns its
// fingerprint.
func (p *Project) PinFingerprint(ctx context.Context, i int, m uint64, sp chain.Spawner) (string, error) {
	res, err := p.PinRun(ctx, i, m, sp)
	if err != nil {
		return "", err
	}
	return Fingerprint(res), nil
}

// PinResult is one pin checked against the project as it is now.
type PinResult struct {
	Level int // index into Levels
	Pin   Pin
	// Now is the fingerprint the level gives now ("" when the run failed).
	Now string
	Err error
}

// Changed reports whether the pinned level is no longer what was pinned.
func (r PinResult) Changed() bool { return r.Err != nil || r.Now != r.Pin.Fingerprint }

// String reads "level 3, seed 7: changed" (depth, not index), or "unchanged".
func (r PinResult) String(p *Project) string {
	what := "unchanged"
	switch {
	case r.Err != nil:
		what = "fails: " + r.Err.Error()
	case r.Changed():
		what = "changed"
	}
	return fmt.Sprintf("level %d, seed %d: %s", p.Levels[r.Level].Depth, r.Pin.Seed, what)
}

// CheckPins regenerates every pinned seed of every level with spawner sp and
// compares fingerprints.
func (p *Project) CheckPins(ctx context.Context, sp chain.Spawner) []PinResult {
	var out []PinResult
	for i, l := range p.Levels {
		for _, pin := range l.Pins {
			fp, err := p.PinFingerprint(ctx, i, pin.Seed, sp)
			out = append(out, PinResult{Level: i, Pin: pin, Now: fp, Err: err})
		}
	}
	return out
}

// checkPins reports malformed pins of one level (at path).
func checkPins(pins []Pin, path string, add func(path, format string, args ...any)) {
	seen := map[uint64]int{}
	for i, pin := range pins {
		pp := fmt.Sprintf("%s[%d]", path, i)
		if j, dup := seen[pin.Seed]; dup {
			add(pp+".seed", "%d is pinned twice (also %s[%d])", pin.Seed, path, j)
		}
		seen[pin.Seed] = i
		h, ok := strings.CutPrefix(pin.Fingerprint, "sha256:")
		if _, err := hex.DecodeString(h); !ok || err != nil || len(h) != 64 {
			add(pp+".fingerprint", "%q is not sha256: and 64 hex digits", pin.Fingerprint)
		}
	}
}
