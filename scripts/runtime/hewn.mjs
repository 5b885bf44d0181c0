// hewn.mjs: the Hewn runtime module's ABI from JavaScript, for Node and
// browsers alike (no npm package). The module (hewn-runtime.wasm, built by
// `make wasm`) is a WASI reactor: instantiate it with a WASI implementation
// (node:wasi in Node, wasi-shim.mjs in a browser), call its _initialize, then
// wrap its exports:
//
//   const hewn = new Hewn(instance.exports);
//   hewn.addFile('levels/game.hewn.json', bytes);       // the project...
//   for (const f of hewn.open('levels/game.hewn.json')) // ...and the files it names
//     hewn.addFile(f, readBytes(f));
//   const level = JSON.parse(hewn.generate(5, 42n));    // hewn run's level JSON
//
// Every failing call throws a HewnError whose message is the module's error
// text ("FILE: json.path: message", as the command line prints it).

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** HewnError is a call the module refused; message is its error text. */
export class HewnError extends Error {
  constructor(text) {
    super(text);
    this.name = 'HewnError';
  }
}

/** Hewn wraps an instantiated, initialized runtime module's exports. */
export class Hewn {
  constructor(exports) {
    this.x = exports;
    const v = exports.hewn_abi_version();
    if (v !== 1) throw new HewnError(`hewn: this wrapper speaks ABI 1, the module ${v}`);
  }

  // put copies bytes into a buffer the module allocates; free it after the call.
  put(bytes) {
    const ptr = this.x.hewn_alloc(bytes.length);
    new Uint8Array(this.x.memory.buffer, ptr, bytes.length).set(bytes);
    return ptr;
  }

  // output is a copy of the last call's output (the memory may have grown:
  // take a fresh view of it).
  output() {
    const ptr = this.x.hewn_output_ptr();
    const len = this.x.hewn_output_len();
    return new Uint8Array(this.x.memory.buffer, ptr, len).slice();
  }

  // result turns a call's status into its output bytes, or a HewnError.
  result(status) {
    const out = this.output();
    if (status !== 0) throw new HewnError(decoder.decode(out));
    return out;
  }

  // withString calls fn(ptr, len) with s in the module's memory.
  withString(s, fn) {
    const b = encoder.encode(s);
    const ptr = this.put(b);
    try {
      return this.result(fn(ptr, b.length));
    } finally {
      this.x.hewn_free(ptr);
    }
  }

  /** addFile puts a file (a Uint8Array) in the module's file set under name. */
  addFile(name, bytes) {
    const n = encoder.encode(name);
    const np = this.put(n);
    const dp = this.put(bytes);
    try {
      this.result(this.x.hewn_add_file(np, n.length, dp, bytes.length));
    } finally {
      this.x.hewn_free(np);
      this.x.hewn_free(dp);
    }
  }

  /** reset empties the file set and closes the project. */
  reset() {
    this.x.hewn_reset();
  }

  /**
   * open opens file name of the file set (a project or a chain); "" opens the
   * embedded example project. It returns the names of the files the project
   * names (its content pack): add them before generating.
   */
  open(name) {
    return JSON.parse(decoder.decode(this.withString(name, (p, n) => this.x.hewn_open(p, n))));
  }

  /** levels lists the open project's levels: [{depth, name, theme, width, height}]. */
  levels() {
    return JSON.parse(decoder.decode(this.result(this.x.hewn_levels())));
  }

  /**
   * generate returns the level JSON (a string) of the level at depth with
   * master seed seed (a BigInt or a number): byte for byte what
   * `hewn run FILE --depth DEPTH --seed SEED --format json` prints.
   */
  generate(depth, seed) {
    return decoder.decode(this.generateBytes(depth, seed));
  }

  /** generateBytes is generate's UTF-8 bytes, unchanged. */
  generateBytes(depth, seed) {
    return this.result(this.x.hewn_generate(depth, BigInt.asIntN(64, BigInt(seed))));
  }

  /**
   * view returns the last generated level as the editor draws it, in its
   * theme: {format: "hewn.view/1", width, height, glyphs: [row], fg: [row], bg: [row]}, a colour row
   * holding six hex digits (RRGGBB) per cell.
   */
  view() {
    return JSON.parse(decoder.decode(this.result(this.x.hewn_view())));
  }
}
