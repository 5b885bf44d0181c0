package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"hewn/projects/play"
)

const playUsage = "play CHAIN|PROJECT --seed N (--keys KEYS | --bot explorer|diver) [--depth D] [--max-turns T] [--content PACK] [--out F|-]"

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
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
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
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(g.State()); err != nil {
		return inputErr(stderr, err)
	}
	if err := writeOut(*out, stdout, buf.Bytes()); err != nil {
		return inputErr(stderr, err)
	}
	return exitOK
}
