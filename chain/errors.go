package chain

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// SyntaxError is a JSON syntax error (or a value of the wrong shape where the
// whole document was expected) at a 1-based line and column. Every Hewn loader
// (chain, project, content pack, theme, prefab) reports one for malformed JSON.
type SyntaxError struct {
	Line, Column int
	Msg          string
}

// Error formats the error as "line L:C: message" (WithFile makes it
// "FILE:L:C: message").
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d:%d: %s", e.Line, e.Column, e.Msg)
}

// FileError is a loader's error located in a file. Its Error is the one error
// format of Hewn, in the command line and in the editor alike:
//
//	FILE:LINE:COL: message      for a JSON syntax error (a *SyntaxError)
//	FILE: json.path: message    for each field problem (Problems), one per line
//	FILE: message               for anything else (an I/O error's reason)
type FileError struct {
	// File is the file's name as the user gave it.
	File string
	// Err is the loader's error: a *SyntaxError, Problems, or any error.
	Err error
}

// Unwrap returns the loader's error.
func (e *FileError) Unwrap() error { return e.Err }

// Error formats the error with the file name first (see FileError).
func (e *FileError) Error() string {
	var se *SyntaxError
	if errors.As(e.Err, &se) {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, se.Line, se.Column, se.Msg)
	}
	var ps Problems
	if errors.As(e.Err, &ps) && len(ps) > 0 {
		ps = CapProblems(ps, MaxProblems)
		lines := make([]string, len(ps))
		for i, p := range ps {
			lines[i] = e.File + ": " + p.Error()
		}
		return strings.Join(lines, "\n")
	}
	var pe *fs.PathError
	if errors.As(e.Err, &pe) && pe.Path == e.File {
		return e.File + ": " + pe.Err.Error()
	}
	return e.File + ": " + trimPackage(e.Err.Error())
}

// WithFile locates err in file: it returns a *FileError whose Error prints
// "FILE:LINE:COL: message" for JSON syntax errors and "FILE: json.path:
// message" for field problems (see FileError). An err that already names a
// file (it wraps a *FileError, e.g. a content pack's error inside a project's)
// is returned unchanged, so it keeps naming the file at fault; nil stays nil.
// Loaders that read files (projects.Load, content.LoadFile) call it already;
// callers that decode bytes they read themselves (chain.Decode,
// projects.Decode, content.Parse) call it with the file's name.
func WithFile(file string, err error) error {
	if err == nil {
		return nil
	}
	var fe *FileError
	if errors.As(err, &fe) {
		return err
	}
	return &FileError{File: file, Err: err}
}

// trimPackage drops the leading Hewn package prefixes ("projects: chain: ")
// from a message that follows a file name.
func trimPackage(msg string) string {
	for {
		trimmed := msg
		for _, p := range []string{"chain: ", "content: ", "projects: "} {
			trimmed = strings.TrimPrefix(trimmed, p)
		}
		if trimmed == msg {
			return msg
		}
		msg = trimmed
	}
}
