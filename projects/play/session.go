package play

import (
	"encoding/json"
	"slices"

	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
)

// Cheats are the designer's toggles that change the rules. (Revealing the
// map only changes what the viewport draws, so it is not one: bots and the
// state see what the player saw either way.)
type Cheats struct {
	// WalkThroughWalls lets the player step onto any tile of the map (and
	// through locked doors).
	WalkThroughWalls bool `json:"walk_through_walls,omitempty"`
	// Invulnerable keeps the player's hit points whatever hits them.
	Invulnerable bool `json:"invulnerable,omitempty"`
}

// CheatChange is a change of the toggles made after At keys were played.
type CheatChange struct {
	At int `json:"at"`
	Cheats
}

// Cheats returns the toggles in force.
func (g *Game) Cheats() Cheats { return g.cheats }

// SetCheats changes the toggles from now on and records the change in
// CheatLog, so a Session replays it at the same point.
func (g *Game) SetCheats(c Cheats) {
	if c == g.cheats {
		return
	}
	g.cheats = c
	at := len(g.Keys)
	if n := len(g.CheatLog); n > 0 && g.CheatLog[n-1].At == at {
		g.CheatLog[n-1].Cheats = c
		return
	}
	g.CheatLog = append(g.CheatLog, CheatChange{At: at, Cheats: c})
}

// Session is a play session as a file keeps it: what was played (the
// project's level at Depth with master seed Seed), the keys pressed and the
// toggles changed along the way. Replaying it gives the same game.
type Session struct {
	// Format is SessionFormat (an older session has "version": 1 instead).
	Format string `json:"format"`
	// Project names the project played: a path relative to the session file
	// (what the editor writes for a project saved in a file), or a project's
	// name (the embedded example's, "Bracketon"); `hewn play --replay FILE`
	// without a project replays on it.
	Project string `json:"project,omitempty"`
	Seed    uint64 `json:"seed"`
	Depth   int    `json:"depth"`
	// StartDepth is where the session started; Depth where it ended.
	StartDepth int           `json:"start_depth"`
	Keys       string        `json:"keys"`
	Cheats     []CheatChange `json:"cheats,omitempty"`
}

// Session returns the game so far as a Session that Replay plays again.
func (g *Game) Session() Session {
	s := Session{Format: SessionFormat, Seed: g.master, Depth: g.Depth, StartDepth: g.startDepth,
		Keys: string(g.Keys), Cheats: slices.Clone(g.CheatLog)}
	if g.proj != nil {
		s.Project = g.proj.Name
	}
	return s
}

// Seed is the game's master seed.
func (g *Game) Seed() uint64 { return g.master }

// StartDepth is the depth the game started at.
func (g *Game) StartDepth() int { return g.startDepth }

// MaxSessionSize is the largest play session file read back (16 MiB: the
// keys and toggles of MaxSessionKeys keys fit).
const MaxSessionSize = 16 << 20

// MaxSessionKeys is the most keys a session holds, and `hewn play` plays:
// a replay of that many keys takes about 3 s of CPU on the example's town
// (its 30 wandering folk cost about 55 µs a key), the costliest level.
const MaxSessionKeys = 50_000

// MaxSessionProject is the longest "project" a session names, in bytes.
const MaxSessionProject = 4096

// SessionLimit is the size limit and name of play session files, for
// jsonfile.ReadFile.
var SessionLimit = jsonfile.Limit{Max: MaxSessionSize, Noun: "a play session", Plural: "play sessions"}

// MarshalSession writes s as indented JSON.
func MarshalSession(s Session) ([]byte, error) {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Replayer plays a session's keys one at a time (the viewport animates a
// replay with it).
type Replayer struct {
	// Game is the game being replayed.
	Game  *Game
	keys  []rune
	next  int
	cheat []CheatChange
}

// NewReplayer starts s's game on project p with pack (nil: the embedded
// default), before its first key.
func NewReplayer(p *projects.Project, pack *content.Pack, s Session) (*Replayer, error) {
	if err := CheckKeys(s.Keys); err != nil {
		return nil, err
	}
	g, err := New(p, pack, s.Seed, s.StartDepth)
	if err != nil {
		return nil, err
	}
	r := &Replayer{Game: g, keys: []rune(s.Keys), cheat: s.Cheats}
	r.applyCheats()
	return r, nil
}

func (r *Replayer) applyCheats() {
	for len(r.cheat) > 0 && r.cheat[0].At <= r.next {
		r.Game.SetCheats(r.cheat[0].Cheats)
		r.cheat = r.cheat[1:]
	}
}

// Done reports whether every key was played.
func (r *Replayer) Done() bool { return r.next >= len(r.keys) }

// Left is how many keys remain.
func (r *Replayer) Left() int { return len(r.keys) - r.next }

// Step plays the next key (false when there is none).
func (r *Replayer) Step() bool {
	if r.Done() {
		return false
	}
	_ = r.Game.Key(r.keys[r.next]) // checked in NewReplayer
	r.next++
	r.applyCheats()
	return true
}

// Replay plays s to its end on project p with pack.
func Replay(p *projects.Project, pack *content.Pack, s Session) (*Game, error) {
	r, err := NewReplayer(p, pack, s)
	if err != nil {
		return nil, err
	}
	for r.Step() {
	}
	return r.Game, nil
}
