//go:build wasip1

// Command wasm is the Hewn runtime module, hewn-runtime.wasm: a WASI
// (wasip1) reactor that generates the designer's levels in any language with a
// WebAssembly runtime (Node, browsers, wasmtime, wasmer, wazero). Build it with
// `make wasm`, i.e.
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -o hewn-runtime.wasm ./projects/module/wasm
//
// # ABI (version 1)
//
// The module imports wasi_snapshot_preview1 (it needs no preopened folder,
// no arguments and no environment: give it a WASI with none) and exports its
// "memory", "_initialize" and the functions below. Call "_initialize" once
// after instantiating (node:wasi's wasi.initialize does), then any function;
// the module is single-threaded: one call at a time.
//
// Pointers (ptr) are i32 byte offsets into the exported memory; lengths are
// i32 byte counts; strings are UTF-8, not NUL-terminated.
//
//	hewn_abi_version() -> i32                   1
//	hewn_alloc(len i32) -> ptr                  a buffer of len bytes for the host to write into
//	hewn_free(ptr)                              give a hewn_alloc buffer back
//	hewn_add_file(name ptr, name_len i32, data ptr, data_len i32) -> status
//	                                            put a file in the file set (copied; free your buffers after)
//	hewn_reset()                                empty the file set, close the project
//	hewn_open(name ptr, name_len i32) -> status open file name of the file set (a project, or a chain
//	                                            when it has no "levels" key); name_len 0: the embedded
//	                                            example project. Output: the JSON list of the files the
//	                                            project names (its content pack), to add before generating
//	hewn_levels() -> status                     output: [{"depth", "name", "theme", "width", "height"}, ...]
//	hewn_generate(depth i32, seed i64) -> status
//	                                            output: the level JSON, byte for byte what
//	                                            `hewn run FILE --depth DEPTH --seed SEED --format json`
//	                                            prints (seed is the master seed, a u64 passed as i64)
//	hewn_view() -> status                       output: the last generated level as the editor draws it,
//	                                            in its theme: {"width", "height", "glyphs": [row...],
//	                                            "fg": [row...], "bg": [row...]}, six hex digits (RRGGBB)
//	                                            per cell in a colour row
//	hewn_output_ptr() -> ptr                    the last call's output
//	hewn_output_len() -> i32
//
// status is 0 when the call succeeded (the output is its result) and 1 when it
// failed: the output is then the error text, as the command line prints it
// ("FILE:LINE:COL: message" for malformed JSON, "FILE: json.path: message"
// otherwise, one problem a line). A bad project never traps.
//
// Memory ownership: the host owns what hewn_alloc gave it until hewn_free.
// The module owns the output, valid until the next call of hewn_add_file,
// hewn_reset, hewn_open, hewn_levels, hewn_generate or hewn_view (copy it
// out). Any call may grow the memory: take a fresh view of it after each.
//
// File names: a project names its content pack relative to its own folder;
// the module looks it up as path.Join(dir(project name), content), so add the
// project under the name you open it by and each file under the name
// hewn_open lists.
package main

import (
	"unsafe"

	_ "hewn/chain/builders" // every builder registers itself
	"hewn/projects/module"
)

func main() {}

var (
	mod    module.Module
	output []byte
	// allocs keeps the host's buffers alive (the Go heap does not move).
	allocs = map[uintptr][]byte{}
)

// bytesAt is the n bytes of linear memory at p.
func bytesAt(p unsafe.Pointer, n uint32) []byte {
	if n == 0 || p == nil {
		return nil
	}
	return unsafe.Slice((*byte)(p), n)
}

func status(out []byte, ok bool) uint32 {
	output = out
	if ok {
		return 0
	}
	return 1
}

//go:wasmexport hewn_abi_version
func abiVersion() uint32 { return module.ABIVersion }

//go:wasmexport hewn_alloc
func alloc(n uint32) unsafe.Pointer {
	b := make([]byte, max(n, 1))
	p := unsafe.Pointer(&b[0])
	allocs[uintptr(p)] = b
	return p
}

//go:wasmexport hewn_free
func free(p unsafe.Pointer) { delete(allocs, uintptr(p)) }

//go:wasmexport hewn_add_file
func addFile(name unsafe.Pointer, nameLen uint32, data unsafe.Pointer, dataLen uint32) uint32 {
	mod.AddFile(string(bytesAt(name, nameLen)), bytesAt(data, dataLen))
	return status(nil, true)
}

//go:wasmexport hewn_reset
func reset() {
	mod.Reset()
	output = nil
}

//go:wasmexport hewn_open
func open(name unsafe.Pointer, nameLen uint32) uint32 {
	return status(mod.Open(string(bytesAt(name, nameLen))))
}

//go:wasmexport hewn_levels
func levels() uint32 { return status(mod.Levels()) }

//go:wasmexport hewn_generate
func generate(depth int32, seed uint64) uint32 { return status(mod.Generate(int(depth), seed)) }

//go:wasmexport hewn_view
func view() uint32 { return status(mod.View()) }

//go:wasmexport hewn_output_ptr
func outputPtr() unsafe.Pointer {
	if len(output) == 0 {
		return nil
	}
	return unsafe.Pointer(&output[0])
}

//go:wasmexport hewn_output_len
func outputLen() uint32 { return uint32(len(output)) }
