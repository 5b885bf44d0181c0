package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"

	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
	"hewn/projects/play"
)

const playUsage = "play CHAIN|PROJECT --seed N (--keys KEYS | --bot explorer|diver) [--depth D] [--max-turns T] [--content PACK] [--out F|-]" +
	" | play [CHAIN|PROJECT] --replay SESSION.json [--content PACK] [--out F|-]"

// defaultBotTurns is how many turns a bot plays when --max-turns is not given.
const defaultBotTurns = 3000

// playCmd plays a level headlessly: the keys in order from the start, printing
// the final play state (and the keys played) as JSON.
func playCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("play", stderr)
	var seed seedFlag
	fs.Var(&seed, "seed", "master seed (a level's seed derives from it and the depth)")
	keys := fs.String("keys", "", "keys to play, one character each: "+play.KeyHelp)
	depth := fs.Int("depth", -1, "depth to start at (required for a project; overrides a chain's)")
	maxTurns := fs.Int("max-turns", 0, "stop after this many turns (0: play every key; a bot plays 3000)")
	botName := fs.String("bot", "", "let a bot play instead of --keys: explorer or diver (its keys are in the output's \"keys\")")
	contentPath := fs.String("content", "", "content pack, or default for the embedded one (default: the project's, else the embedded pack)")
	out := fs.String("out", "", "output file (default or -: stdout)")
	replay := fs.String("replay", "", "replay a saved play session (the editor's Save): its seed, depth, keys and toggles")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if *replay != "" {
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for _, f := range []string{"seed", "keys", "bot", "depth", "max-turns"} {
			if set[f] {
				return usageErr(stderr, "play", "--replay takes the seed, depth and keys from the session: drop --%s", f)
			}
		}
		if len(pos) > 1 {
			return usageErr(stderr, "play", "--replay wants at most one CHAIN or PROJECT file, got %d", len(pos))
		}
		return replayCmd(*replay, pos, *contentPath, *out, stdout, stderr)
	}
	if *maxTurns > play.MaxSessionKeys {
		return usageErr(stderr, "play", "--max-turns %d is out of range [0, %d]", *maxTurns, play.MaxSessionKeys)
	}
	if n := utf8.RuneCountInString(*keys); n > play.MaxSessionKeys {
		return usageErr(stderr, "play", "--keys: %d keys; at most %d", n, play.MaxSessionKeys)
	}
	if len(pos) != 1 {
		return usageErr(stderr, "play", "want exactly one CHAIN or PROJECT file, got %d", len(pos))
	}
	if err := play.CheckKeys(*keys); err != nil {
		var ke *play.KeyError
		if errors.As(err, &ke) {
			return usageErr(stderr, "play", "--keys: unknown key %q (want %s)", ke.Key, play.KeyHelp)
		}
		return usageErr(stderr, "play", "--keys: %v", err)
	}
	var bot play.Bot
	if *botName != "" {
		if *keys != "" {
			return usageErr(stderr, "play", "give --keys or --bot, not both")
		}
		if bot, err = play.NewBot(*botName); err != nil {
			return usageErr(stderr, "play", "--bot: %v", err)
		}
	}
	if *maxTurns < 0 {
		return usageErr(stderr, "play", "--max-turns %d is negative", *maxTurns)
	}
	t, err := loadTarget(pos[0], seed, *depth, *contentPath)
	if err != nil {
		return targetErr(stderr, "play", err)
	}
	t.printWarnings(stderr, pos[0])
	p, d := t.proj, *depth
	if p == nil {
		p = t.chainProject()
		d = t.chain.Depth
	}
	g, err := play.New(p, t.pack, t.master, d)
	if err != nil {
		return fileErr(stderr, pos[0], err)
	}
	if bot != nil {
		turns := *maxTurns
		if turns == 0 {
			turns = defaultBotTurns
		}
		play.PlayBot(g, bot, turns)
	}
	for _, r := range *keys {
		if *maxTurns > 0 && g.Turn >= *maxTurns {
			break
		}
		if err := g.Key(r); err != nil {
			return fileErr(stderr, pos[0], err)
		}
	}
	return writeState(g, *out, stdout, stderr)
}

// writeState prints the game's state as JSON (to out, or stdout).
func writeState(g *play.Game, out string, stdout, stderr io.Writer) int {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(g.State()); err != nil {
		return inputErr(stderr, err)
	}
	if err := writeOut(out, stdout, buf.Bytes()); err != nil {
		return inputErr(stderr, err)
	}
	return exitOK
}

// replayCmd replays the session file at path headlessly and prints the final
// state as play does. The session is read and checked first (its errors name
// it); the project is pos[0] when given, else the one the session's
// "project" names: a path relative to the session file, or the embedded
// example's name.
func replayCmd(path string, pos []string, contentPath, out string, stdout, stderr io.Writer) int {
	s, err := play.ReadSession(path, true)
	if err != nil {
		return inputErr(stderr, err)
	}
	var p *projects.Project
	var pack *content.Pack
	file := ""
	switch {
	case len(pos) == 1:
		file = pos[0]
	case s.Project == "":
		return inputErr(stderr, jsonfile.WithFile(path, jsonfile.Problems{{Step: -1,
			Msg: `names no "project": give the project (hewn play PROJECT --replay ` + path + `)`}}))
	default:
		file, p, err = sessionProject(path, s.Project)
		if err != nil {
			return inputErr(stderr, err)
		}
	}
	if p == nil {
		t, err := loadTarget(file, seedFlag{v: s.Seed, set: true}, s.StartDepth, contentPath)
		if err != nil {
			return targetErr(stderr, "play", err)
		}
		t.printWarnings(stderr, file)
		p, pack = t.proj, t.pack
		if p == nil {
			p = t.chainProject()
		}
	} else if pack, err = loadPack(contentPath); err != nil {
		return inputErr(stderr, err)
	}
	g, err := play.Replay(p, pack, s)
	if err != nil {
		return fileErr(stderr, file, err)
	}
	return writeState(g, out, stdout, stderr)
}

// sessionProject finds the project a session names (name, its "project"):
// a file at that path relative to the session file's folder, else the
// embedded example when name is its name. It returns the file's path, or the
// example project itself (file "" then names it by name).
func sessionProject(session, name string) (file string, p *projects.Project, err error) {
	if filepath.IsAbs(name) {
		return "", nil, jsonfile.WithFile(session, jsonfile.Problems{{Path: "project", Step: -1,
			Msg: fmt.Sprintf("%q is an absolute path; a session names its project relative to the session file", name)}})
	}
	file = filepath.Join(filepath.Dir(session), name)
	if _, err := os.Stat(file); err == nil {
		return file, nil, nil
	}
	ex, err := projects.Example()
	if err != nil {
		return "", nil, err
	}
	if name == ex.Name {
		return ex.Name, ex, nil
	}
	return "", nil, jsonfile.WithFile(session, jsonfile.Problems{{Path: "project", Step: -1,
		Msg: fmt.Sprintf("%q is neither a project file beside the session (%s) nor the embedded example (%q): give the project, hewn play PROJECT --replay %s", name, file, ex.Name, session)}})
}
