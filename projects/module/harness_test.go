package module_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// repoRoot is the repository's root, relative to this package.
const repoRoot = "../.."

var (
	buildOnce sync.Once
	wasmPath  string
	wasmErr   error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// buildModule builds hewn-runtime.wasm once per test binary (as `make wasm`
// does) and returns its path.
func buildModule(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, wasmErr = os.MkdirTemp("", "hewn-wasm-")
		if wasmErr != nil {
			return
		}
		wasmPath = filepath.Join(buildDir, "hewn-runtime.wasm")
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-buildmode=c-shared",
			"-o", wasmPath, "./projects/module/wasm")
		cmd.Dir = repoRoot
		cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			wasmErr = fmt.Errorf("building the module: %v\n%s", err, out)
		}
	})
	require.NoError(t, wasmErr)
	return wasmPath
}

var (
	wazeroOnce     sync.Once
	wazeroRuntime  wazero.Runtime
	wazeroCompiled wazero.CompiledModule
	wazeroErr      error
)

// host is one instance of the module under wazero, called as a host does
// through the ABI.
type host struct {
	mod api.Module
	ctx context.Context
}

// newHost instantiates the module (compiled once per test binary, with
// wazero's compiler where it has one) and runs its _initialize.
func newHost(t testing.TB) *host {
	t.Helper()
	path := buildModule(t)
	ctx := context.Background()
	wazeroOnce.Do(func() {
		bin, err := os.ReadFile(path)
		if err != nil {
			wazeroErr = err
			return
		}
		wazeroRuntime = wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig())
		wasi_snapshot_preview1.MustInstantiate(ctx, wazeroRuntime)
		wazeroCompiled, wazeroErr = wazeroRuntime.CompileModule(ctx, bin)
	})
	require.NoError(t, wazeroErr)
	h := newHostNoCleanup(t)
	t.Cleanup(func() { h.mod.Close(ctx) })
	return h
}

// newHostNoCleanup instantiates the compiled module (newHost compiled it);
// the caller closes h.mod.
func newHostNoCleanup(t testing.TB) *host {
	t.Helper()
	ctx := context.Background()
	cfg := wazero.NewModuleConfig().WithStartFunctions("_initialize").WithName("").
		WithSysWalltime().WithSysNanotime().WithStderr(os.Stderr)
	mod, err := wazeroRuntime.InstantiateModule(ctx, wazeroCompiled, cfg)
	require.NoError(t, err)
	return &host{mod: mod, ctx: ctx}
}

// call calls export name and returns its results.
func (h *host) call(t testing.TB, name string, args ...uint64) []uint64 {
	t.Helper()
	f := h.mod.ExportedFunction(name)
	require.NotNil(t, f, "export %s", name)
	res, err := f.Call(h.ctx, args...)
	require.NoError(t, err, "%s traps", name)
	return res
}

// put copies data into a fresh hewn_alloc buffer and returns its pointer.
func (h *host) put(t testing.TB, data []byte) uint64 {
	t.Helper()
	p := h.call(t, "hewn_alloc", uint64(len(data)))[0]
	require.True(t, h.mod.Memory().Write(uint32(p), data))
	return p
}

// output is a copy of the last call's output.
func (h *host) output(t testing.TB) []byte {
	t.Helper()
	p := h.call(t, "hewn_output_ptr")[0]
	n := h.call(t, "hewn_output_len")[0]
	b, ok := h.mod.Memory().Read(uint32(p), uint32(n))
	require.True(t, ok)
	return append([]byte(nil), b...)
}

// result calls a status-returning export and returns its output and whether it succeeded.
func (h *host) result(t testing.TB, name string, args ...uint64) ([]byte, bool) {
	t.Helper()
	st := h.call(t, name, args...)[0]
	require.Contains(t, []uint64{0, 1}, st, "%s status", name)
	return h.output(t), st == 0
}

// withString calls a (ptr, len)-taking export with s.
func (h *host) withString(t testing.TB, name, s string) ([]byte, bool) {
	t.Helper()
	p := h.put(t, []byte(s))
	defer h.call(t, "hewn_free", p)
	return h.result(t, name, p, uint64(len(s)))
}

func (h *host) addFile(t testing.TB, name string, data []byte) {
	t.Helper()
	np, dp := h.put(t, []byte(name)), h.put(t, data)
	out, ok := h.result(t, "hewn_add_file", np, uint64(len(name)), dp, uint64(len(data)))
	require.True(t, ok, "%s", out)
	h.call(t, "hewn_free", np)
	h.call(t, "hewn_free", dp)
}

func (h *host) open(t testing.TB, name string) ([]byte, bool) {
	return h.withString(t, "hewn_open", name)
}

func (h *host) generate(t testing.TB, depth int, seed uint64) ([]byte, bool) {
	return h.result(t, "hewn_generate", uint64(uint32(int32(depth))), seed)
}
