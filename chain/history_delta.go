package chain

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// A delta lists the changes from one map to the next as runs of changed
// tiles: uvarint(skip) uvarint(n) followed by the n new tile bytes, where skip
// counts the unchanged tiles since the previous run.

// deltaEncoder encodes a delta in stages: encode stops after a number of runs
// and may be called again with a larger one to go on.
type deltaEncoder struct {
	out  []byte
	i    int // where the search for the next run starts
	last int // the end of the previous run
	runs int
}

// encode appends the runs from old to cur to e.out and copies them into old,
// reporting false (and stopping before the next run) when that would take
// more than maxRuns runs in all.
func (e *deltaEncoder) encode(old, cur []byte, maxRuns int) bool {
	out, last, runs := e.out, e.last, e.runs
	for i := firstDiff(old, cur, e.i); i < len(cur); i = firstDiff(old, cur, last) {
		if runs >= maxRuns {
			e.out, e.last, e.runs, e.i = out, last, runs, i
			return false
		}
		runs++
		j := firstSame(old, cur, i+1)
		out = appendUvarint(out, i-last)
		out = appendUvarint(out, j-i)
		if j-i <= 8 { // most runs: a few tiles
			for k := i; k < j; k++ {
				out = append(out, cur[k])
				old[k] = cur[k]
			}
		} else {
			out = append(out, cur[i:j]...)
			copy(old[i:j], cur[i:j])
		}
		last = j
	}
	e.out, e.last, e.runs, e.i = out, last, runs, len(cur)
	return true
}

// encodeSpan is encode for the bytes lo..hi of a short span (a row of a
// changed rectangle): equal words skipped eight bytes at a time, runs found
// byte by byte.
func (e *deltaEncoder) encodeSpan(old, cur []byte, lo, hi, maxRuns int) bool {
	old, cur = old[:hi], cur[:hi]
	out, last, runs := e.out, e.last, e.runs
	ok := true
	for i := lo; i < hi; i++ {
		for i+8 <= hi {
			x := binary.LittleEndian.Uint64(old[i:]) ^ binary.LittleEndian.Uint64(cur[i:])
			if x != 0 {
				i += bits.TrailingZeros64(x) / 8
				break
			}
			i += 8
		}
		if i >= hi {
			break
		}
		if old[i] == cur[i] {
			continue
		}
		if runs >= maxRuns {
			ok = false
			break
		}
		runs++
		j := i + 1
		for j < hi && old[j] != cur[j] {
			j++
		}
		out = appendUvarint(out, i-last)
		out = appendUvarint(out, j-i)
		for k := i; k < j; k++ {
			out = append(out, cur[k])
			old[k] = cur[k]
		}
		last, i = j, j
	}
	e.out, e.last, e.runs = out, last, runs
	return ok
}

// appendUvarint is binary.AppendUvarint with the one-byte case inlined.
func appendUvarint(out []byte, v int) []byte {
	if v < 0x80 {
		return append(out, byte(v))
	}
	return binary.AppendUvarint(out, uint64(v))
}

// firstDiff returns the first index at or after i where a and b differ (len(a)
// when none): 64 bytes at a time word by word until i is aligned on 256
// bytes, then 1024 or 256 at a time with the vectorised comparison, and eight
// bytes at a time to locate the difference.
func firstDiff(a, b []byte, i int) int {
	n := len(a)
	b = b[:n]
	for i+64 <= n {
		if i&255 == 0 && i+1024 <= n && bytes.Equal(a[i:i+1024], b[i:i+1024]) {
			i += 1024
			continue
		}
		if i&255 == 0 && i+256 <= n && bytes.Equal(a[i:i+256], b[i:i+256]) {
			i += 256
			continue
		}
		if blockDiffers(a[i:i+64], b[i:i+64]) {
			break
		}
		i = (i + 64) &^ 63
	}
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// blockDiffers reports whether the first 64 bytes of a and b differ.
func blockDiffers(a, b []byte) bool {
	a, b = a[:64], b[:64]
	le := binary.LittleEndian
	x := le.Uint64(a[0:]) ^ le.Uint64(b[0:])
	x |= le.Uint64(a[8:]) ^ le.Uint64(b[8:])
	x |= le.Uint64(a[16:]) ^ le.Uint64(b[16:])
	x |= le.Uint64(a[24:]) ^ le.Uint64(b[24:])
	x |= le.Uint64(a[32:]) ^ le.Uint64(b[32:])
	x |= le.Uint64(a[40:]) ^ le.Uint64(b[40:])
	x |= le.Uint64(a[48:]) ^ le.Uint64(b[48:])
	x |= le.Uint64(a[56:]) ^ le.Uint64(b[56:])
	return x != 0
}

// firstSame returns the first index at or after i where a and b are equal
// (len(a) when none), eight bytes at a time.
func firstSame(a, b []byte, i int) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	n := len(a)
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:])
		// The lowest zero byte of x, exactly (higher ones may be misreported).
		if z := (x - lo) &^ x & hi; z != 0 {
			return i + bits.TrailingZeros64(z)/8
		}
	}
	for ; i < n; i++ {
		if a[i] == b[i] {
			return i
		}
	}
	return n
}

// firstNonzero returns the first index at or after i where a holds a
// non-zero byte (len(a) when none), eight bytes at a time.
func firstNonzero(a []byte, i int) int {
	n := len(a)
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n; i++ {
		if a[i] != 0 {
			return i
		}
	}
	return n
}

// firstZero returns the first index at or after i where a holds a zero byte
// (len(a) when none), eight bytes at a time.
func firstZero(a []byte, i int) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	n := len(a)
	for ; i+8 <= n; i += 8 {
		x := binary.LittleEndian.Uint64(a[i:])
		// The lowest zero byte of x, exactly (higher ones may be misreported).
		if z := (x - lo) &^ x & hi; z != 0 {
			return i + bits.TrailingZeros64(z)/8
		}
	}
	for ; i < n; i++ {
		if a[i] == 0 {
			return i
		}
	}
	return n
}

// scattered reports whether more than a quarter of a sample of a's and b's
// 8-byte words differ, or whether the runs of changes that start in the
// sample, counted for the whole map, come to more than maxRuns (a delta
// of many small runs: encoding it would give up): one word in eight, at
// most 256 words (a big map's sample must not cost a pass over it).
func scattered(a, b []byte, maxRuns int) bool {
	const lo7, hi = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	n, diff, starts := 0, 0, 0
	stride := max(64, len(a)/256&^7)
	for i := 0; i+8 <= len(a); i += stride {
		n++
		x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:])
		if x == 0 {
			continue
		}
		diff++
		// The top bit of each byte that differs, and of each byte that
		// starts a run (the byte before it equal).
		d := ((x & lo7) + lo7 | x) & hi
		var before uint64
		if i > 0 && a[i-1] != b[i-1] {
			before = 0x80
		}
		starts += bits.OnesCount64(d &^ (d<<8 | before))
	}
	return diff*4 > n || starts*(stride/8) > maxRuns
}

// tileBytes views tiles as bytes without copying (Tile is a uint8).
func tileBytes(t []Tile) []byte {
	if len(t) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&t[0])), len(t))
}

// applyDelta applies d to tiles in place.
func applyDelta(tiles []Tile, d []byte) {
	pos := 0
	for len(d) > 0 {
		skip, n1 := binary.Uvarint(d)
		run, n2 := binary.Uvarint(d[n1:])
		d = d[n1+n2:]
		pos += int(skip)
		copy(tileBytes(tiles[pos:pos+int(run)]), d[:run])
		d = d[run:]
		pos += int(run)
	}
}

// deltaIndexes returns the indexes of the tiles delta d changes, in increasing
// order (nil for none): every tile it writes, or when prev (the map d applies
// to) is not nil, those it writes a different tile to.
func deltaIndexes(d []byte, prev []Tile) []int {
	var out []int
	pos := 0
	for len(d) > 0 {
		skip, n1 := binary.Uvarint(d)
		run, n2 := binary.Uvarint(d[n1:])
		tiles := d[n1+n2 : n1+n2+int(run)]
		d = d[n1+n2+int(run):]
		pos += int(skip)
		for k, t := range tiles {
			if prev == nil || prev[pos+k] != Tile(t) {
				out = append(out, pos+k)
			}
		}
		pos += int(run)
	}
	return out
}
