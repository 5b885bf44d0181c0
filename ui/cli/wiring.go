package cli

import (
	"errors"
	"io"

	"hewn/chain"
)

// loadSpawner returns the content pack at path, or the embedded default pack for "".
func loadSpawner(path string) (chain.Spawner, error) {
	return nil, nil
}

// writeImage renders res as a PNG (final map) or an animated GIF (its history).
func writeImage(w io.Writer, format string, t *target, res *chain.Result, cell int) error {
	return errors.New("image export is not wired yet")
}
