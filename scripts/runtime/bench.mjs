#!/usr/bin/env node
// bench.mjs [RUNS]: what the Hewn runtime module costs under Node (V8): its
// size, compiling it, instantiating it (with _initialize) and generating the
// embedded example's depth 5 (seed 42), each the min and median of RUNS
// (default 7) runs, in milliseconds. BENCHMARKS.md quotes it.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hewn } from './hewn.mjs';

const runs = Number(process.argv[2] ?? 7);
const emitWarning = process.emitWarning;
process.emitWarning = (w, ...args) => {
  if (!String(w).includes('WASI')) emitWarning.call(process, w, ...args);
};
const { WASI } = await import('node:wasi');
const bytes = readFileSync(process.env.HEWN_WASM || fileURLToPath(new URL('../../hewn-runtime.wasm', import.meta.url)));

async function time(f) {
  const t = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return `min ${t[0].toFixed(2)} ms, median ${t[Math.floor(t.length / 2)].toFixed(2)} ms`;
}

const compiled = await WebAssembly.compile(bytes);
const instantiate = async () => {
  const wasi = new WASI({ version: 'preview1', args: [], env: {}, returnOnExit: true });
  const instance = await WebAssembly.instantiate(compiled, wasi.getImportObject());
  wasi.initialize(instance);
  return new Hewn(instance.exports);
};
console.log(`module: ${bytes.length} bytes, node ${process.version}, ${runs} runs each`);
console.log(`compile:     ${await time(() => WebAssembly.compile(bytes))}`);
console.log(`instantiate: ${await time(instantiate)}`);
const hewn = await instantiate();
hewn.open('');
hewn.generate(5, 42n); // warm up
console.log(`generate depth 5: ${await time(() => hewn.generate(5, 42n))}`);
