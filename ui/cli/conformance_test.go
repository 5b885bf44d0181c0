package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRunConformance checks the runtime's conformance corpus
// (projects/testdata/conformance.json) against `hewn run --format json`: the
// command line, the Go facade and the WebAssembly module give the same bytes.
func TestRunConformance(t *testing.T) {
	data, err := os.ReadFile("../../projects/testdata/conformance.json")
	require.NoError(t, err)
	var corpus struct {
		Cases []struct {
			File   string `json:"file"`
			Depth  int    `json:"depth"`
			Seed   uint64 `json:"seed"`
			SHA256 string `json:"sha256"`
		} `json:"cases"`
	}
	require.NoError(t, json.Unmarshal(data, &corpus))
	require.NotEmpty(t, corpus.Cases)
	for _, k := range corpus.Cases {
		var out, errOut bytes.Buffer
		code := Main([]string{"run", "../../" + k.File, "--depth", strconv.Itoa(k.Depth),
			"--seed", strconv.FormatUint(k.Seed, 10), "--format", "json"}, &out, &errOut)
		require.Equal(t, 0, code, "%s", errOut.String())
		sum := sha256.Sum256(out.Bytes())
		require.Equal(t, k.SHA256, hex.EncodeToString(sum[:]), "%s depth %d seed %d", k.File, k.Depth, k.Seed)
	}
}
