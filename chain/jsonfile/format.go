package jsonfile

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// FormatKey is the top-level key naming a document's kind and version: every
// JSON document Hewn writes (content packs aside) holds "format":
// "hewn.KIND/N" as its first key. Each package keeps the formats it writes
// as constants in one place (chain.LevelFormat, projects.Format, ...).
const FormatKey = "format"

// ParseFormat splits a format, "hewn.KIND/N", into its kind and version (N
// at least 1); ok is false when f is not of that form.
func ParseFormat(f string) (kind string, version int, ok bool) {
	name, v, found := strings.Cut(f, "/")
	kind, hewn := strings.CutPrefix(name, "hewn.")
	n, err := strconv.Atoi(v)
	if !found || !hewn || kind == "" || err != nil || n < 1 || strconv.Itoa(n) != v {
		return "", 0, false
	}
	return kind, n, true
}

// FormatVersion returns the version of f, the format a document of the kind
// newest names says it is, newest being the newest format of that kind this
// Hewn reads ("hewn.project/2"). The caller migrates an older version. It
// refuses, as Problems at the path "format":
//
//	format: "hewn.project/9" is newer than this Hewn reads (hewn.project/2); update Hewn
//	format: "hewn.chain/1" is not a project document (want hewn.project/2)
//	format: "x" is not a Hewn format (want hewn.project/2)
func FormatVersion(f, newest string) (int, error) {
	want, newestN, _ := ParseFormat(newest)
	got, n, ok := ParseFormat(f)
	switch {
	case !ok:
		return 0, formatProblem("%q is not a Hewn format (want %s)", f, newest)
	case got != want:
		return 0, formatProblem("%q is not a %s document (want %s)", f, want, newest)
	case n > newestN:
		return 0, NewerFormat(f, newest)
	}
	return n, nil
}

// NewerFormat is the error for a document whose format f is a newer version
// than newest, the newest this Hewn reads: `format: "hewn.project/9" is
// newer than this Hewn reads (hewn.project/2); update Hewn`.
func NewerFormat(f, newest string) error {
	return formatProblem("%q is newer than this Hewn reads (%s); update Hewn", f, newest)
}

// ReadFormat is FormatVersion for the raw JSON value of a document's "format"
// key: version 0 when raw is nil (the document has no "format": an older,
// unversioned one), an error when it is not a string.
func ReadFormat(raw json.RawMessage, newest string) (int, error) {
	if raw == nil {
		return 0, nil
	}
	var f string
	if err := json.Unmarshal(raw, &f); err != nil {
		return 0, formatProblem("%s is not a string (want %q)", Excerpt(raw), newest)
	}
	return FormatVersion(f, newest)
}

func formatProblem(msg string, args ...any) error {
	return Problems{{Path: FormatKey, Msg: fmt.Sprintf(msg, args...), Step: -1}}
}

// DocumentFormat is ReadFormat for a whole document: the version its
// top-level "format" names, 0 when it has none (or when data is not a JSON
// object: its decoder reports that, located).
func DocumentFormat(data []byte, newest string) (int, error) {
	var probe struct {
		Format json.RawMessage `json:"format"`
	}
	if json.Unmarshal(data, &probe) != nil {
		return 0, nil
	}
	return ReadFormat(probe.Format, newest)
}
