package module_test

import (
	"io/fs"
	"testing/fstest"
)

// memFiles is a file set for the native side of a comparison.
type memFiles map[string][]byte

func (m memFiles) Open(name string) (fs.File, error) {
	f := fstest.MapFS{}
	for k, v := range m {
		f[k] = &fstest.MapFile{Data: v}
	}
	return f.Open(name)
}
