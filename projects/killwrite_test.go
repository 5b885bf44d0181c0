package projects

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// killWriterEnv makes the test binary a child that saves projects in a loop.
const killWriterEnv = "HEWN_TEST_KILL_WRITER"

// bigContent is the project file a writer of generation g writes: about 1 MB,
// every byte telling which generation it belongs to.
func bigContent(g int) []byte {
	line := fmt.Sprintf("generation %08d %s\n", g, strings.Repeat("#", 100))
	return bytes.Repeat([]byte(line), 1<<20/len(line))
}

func TestMain(m *testing.M) {
	if path := os.Getenv(killWriterEnv); path != "" {
		for g := 1; ; g++ { // killed by the parent
			if err := WriteFileAtomic(path, bigContent(g)); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
		}
	}
	os.Exit(m.Run())
}

// A writer killed with SIGKILL at random moments (50 times) never leaves a
// torn file: what is on disk is always one generation's whole content; and the
// next successful write leaves no temp file beside it.
func TestWritesSurviveKill9(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.hewn.json")
	require.NoError(t, WriteFileAtomic(path, bigContent(0)))
	rng := rand.New(rand.NewPCG(1, 2))
	newer, torn, scale := 0, 0, 1
	for i := 0; i < 50; i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), killWriterEnv+"="+path)
		require.NoError(t, cmd.Start())
		// a busy machine may start the child slowly: wait longer while kills
		// keep landing before any save is done
		time.Sleep(time.Duration(5+rng.IntN(60)) * time.Millisecond * time.Duration(scale))
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		_ = cmd.Wait()
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		var g int
		_, err = fmt.Sscanf(string(data), "generation %d", &g)
		require.NoError(t, err)
		require.Equal(t, bigContent(g), data, "kill %d: the file is generation %d's whole content", i, g)
		if g > 0 {
			newer++
		} else if newer == 0 {
			scale = min(2*scale, 64)
		}
		if tmps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(tmps) > 0 {
			torn++
		}
	}
	t.Logf("%d kills: %d found a newer generation, %d left a temp file mid-write", 50, newer, torn)
	assert.Positive(t, newer, "the writers got some saves done")
	require.NoError(t, WriteFileAtomic(path, []byte("final\n")))
	left, _ := filepath.Glob(filepath.Join(dir, "*"))
	hidden, _ := filepath.Glob(filepath.Join(dir, ".*"))
	assert.Equal(t, []string{path}, append(left, hidden...), "no temp files left after a successful write")
}
