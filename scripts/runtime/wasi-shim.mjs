// wasi-shim.mjs: the little of WASI (wasi_snapshot_preview1) the Hewn runtime
// module needs in a browser, which has no WASI of its own: no arguments, no
// environment, no files, clocks, random bytes, and stdout/stderr to the
// console. Everything else answers ENOSYS. No npm package.
//
//   let memory;
//   const { instance } = await WebAssembly.instantiateStreaming(fetch(url),
//     { wasi_snapshot_preview1: wasiShim(() => memory) });
//   memory = instance.exports.memory;
//   instance.exports._initialize();

const SUCCESS = 0;
const EBADF = 8;
const ENOSYS = 52;

export function wasiShim(getMemory) {
  const view = () => new DataView(getMemory().buffer);
  const bytes = (ptr, len) => new Uint8Array(getMemory().buffer, ptr, len);
  const lines = { 1: '', 2: '' };
  const decoder = new TextDecoder();
  const zeroCounts = (countPtr, sizePtr) => {
    const v = view();
    v.setUint32(countPtr, 0, true);
    v.setUint32(sizePtr, 0, true);
    return SUCCESS;
  };
  const shim = {
    args_sizes_get: zeroCounts,
    args_get: () => SUCCESS,
    environ_sizes_get: zeroCounts,
    environ_get: () => SUCCESS,
    clock_time_get(id, _precision, out) {
      const ms = id === 0 ? performance.timeOrigin + performance.now() : performance.now();
      view().setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
      return SUCCESS;
    },
    random_get(ptr, len) {
      for (let off = 0; off < len; off += 65536) {
        crypto.getRandomValues(bytes(ptr + off, Math.min(65536, len - off)));
      }
      return SUCCESS;
    },
    fd_write(fd, iovs, iovsLen, nwritten) {
      const v = view();
      let n = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = v.getUint32(iovs + i * 8, true);
        const len = v.getUint32(iovs + i * 8 + 4, true);
        if (fd === 1 || fd === 2) {
          lines[fd] += decoder.decode(bytes(ptr, len));
          const parts = lines[fd].split('\n');
          lines[fd] = parts.pop();
          for (const l of parts) (fd === 1 ? console.log : console.error)(l);
        }
        n += len;
      }
      if (fd !== 1 && fd !== 2) return EBADF;
      v.setUint32(nwritten, n, true);
      return SUCCESS;
    },
    fd_fdstat_get(fd, out) {
      if (fd > 2) return EBADF;
      const v = view();
      v.setUint8(out, 2); // a character device
      v.setUint16(out + 2, 0, true);
      v.setBigUint64(out + 8, 0xffffffffffffffffn, true);
      v.setBigUint64(out + 16, 0xffffffffffffffffn, true);
      return SUCCESS;
    },
    fd_prestat_get: () => EBADF, // no preopened folder
    fd_prestat_dir_name: () => EBADF,
    fd_close: () => EBADF,
    sched_yield: () => SUCCESS,
    proc_exit(code) {
      throw new Error(`hewn: the module exited (${code})`);
    },
  };
  return new Proxy(shim, {
    get: (target, name) => target[name] ?? (() => ENOSYS),
  });
}
