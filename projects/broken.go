package projects

import (
	"encoding/json"

	"hewn/chain"
)

// Opening what is broken: the editor opens a project (or chain) whose steps
// do not all load, keeping each such step as its JSON (chain.DecodeKeep), so
// one unknown builder or one bad value does not lose the designer's project.
// The command line keeps refusing such files (Open, Decode, Load).

// decodeChain decodes a level's chain; with keep not nil it keeps the steps
// that do not load and adds their problems to *keep.
func decodeChain(data json.RawMessage, path string, keep *chain.Problems) (*chain.Chain, error) {
	if keep == nil {
		return chain.DecodeJSON(data, path)
	}
	c, kept, err := chain.DecodeKeep(data, path)
	*keep = append(*keep, kept...)
	return c, err
}

// DecodeKeep is Decode for the editor: a chain step that does not load is
// kept as its JSON (chain.Step.Raw, written back unchanged by Encode) and
// its problems are returned in kept; anything else wrong is still an error.
func DecodeKeep(data []byte) (p *Project, kept chain.Problems, err error) {
	p, err = decode(data, &kept)
	return p, kept, err
}

// OpenKeep is Open for the editor: the steps that do not load are kept (see
// DecodeKeep), and kept lists their problems, each naming the file ("FILE:
// levels[0].chain.steps[2].builder: unknown builder "fancy_rooms"").
func OpenKeep(path string) (p *Project, isChain bool, kept []string, err error) {
	var probs chain.Problems
	p, isChain, err = openFile(path, &probs)
	for _, pr := range probs {
		kept = append(kept, path+": "+pr.Error())
	}
	return p, isChain, kept, err
}

// DecodeAll is Decode for checking (hewn project check): it goes on past
// problems, so every problem of the file is found at once. It keeps the
// steps that do not load (as DecodeKeep; Check reports them, each at its
// key) and returns what decoded of the project with every other problem
// found, uncapped. err is for data that is no project at all (malformed
// JSON, not an object, a newer format); then p is nil.
func DecodeAll(data []byte) (p *Project, probs chain.Problems, err error) {
	var kept chain.Problems
	return decodeAll(data, &kept)
}
