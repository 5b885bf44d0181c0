// Package jsonfile reads and writes every JSON file Hewn handles: chains,
// projects, content packs, reports, play sessions and recovery files.
//
//   - Reading: ReadFile (and Read) is the one capped reader: a regular file
//     (devices and FIFOs only when the caller allows them) of at most its
//     Limit's size, refused by its size before it is read.
//   - Checking: CheckEncoding (UTF-8 only, a byte-order mark skipped), and
//     Parse and Check, which also refuse duplicate keys and nesting deeper
//     than MaxDepth, naming the JSON path.
//   - The tree: Parse builds one ordered tree (Node): keys in input order,
//     numbers verbatim, byte offsets for LineCol. Unmarshal decodes with
//     encoding/json instead, for typed values, with the same error type.
//   - Errors: SyntaxError, Problem and Problems, and FileError, whose Error
//     is the one format, "FILE:LINE:COL: message" for syntax and "FILE:
//     json.path: message" otherwise (WithFile).
//   - Writing: Indent (content packs: two-space indentation) and Layout
//     (chains, projects, reports: compact, about 100 columns).
//   - Formats: every document Hewn writes names its kind and version in a
//     top-level "format" ("hewn.project/2"); ParseFormat, FormatVersion,
//     ReadFormat and DocumentFormat read it, refusing a newer version with
//     the one error (NewerFormat). Package jsonschema describes the kinds.
//
// It uses the standard library only and imports no other Hewn package.
package jsonfile
