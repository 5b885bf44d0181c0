package jsonfile

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// MaxProblems is how many problems a loader reports before it sums up the
// rest as "and N more problems".
const MaxProblems = 100

// SyntaxError is a JSON syntax error (or a value of the wrong shape where the
// whole document was expected) at a 1-based line and column. Every Hewn loader
// (chain, project, content pack, theme, prefab) reports one for malformed JSON.
type SyntaxError struct {
	// Line and Column are 1-based; the column counts characters, not bytes.
	Line, Column int
	// Msg says what is wrong, without the position.
	Msg string
}

// Error formats the error as "line L:C: message" (WithFile makes it
// "FILE:L:C: message").
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d:%d: %s", e.Line, e.Column, e.Msg)
}

// SyntaxAt returns a *SyntaxError at byte offset off of data.
func SyntaxAt(data []byte, off int, msg string) *SyntaxError {
	line, col := LineCol(data, off)
	return &SyntaxError{Line: line, Column: col, Msg: msg}
}

// LineCol returns the 1-based line and column (in characters) of byte offset
// off in data. A UTF-8 byte-order mark at the start of data takes no column.
func LineCol(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	start := 0
	if len(data) >= 3 && string(data[:3]) == bom {
		start = min(3, off)
	}
	line, col = 1, 1
	for _, b := range data[start:off] {
		switch {
		case b == '\n':
			line, col = line+1, 1
		case b&0xC0 != 0x80: // not a UTF-8 continuation byte
			col++
		}
	}
	return line, col
}

// Problem is one thing wrong with a document, located by its JSON path.
type Problem struct {
	// Path is the JSON path of the offending value ("steps[1].params.x",
	// "faction_table[1].responses.Default"), or "" for the whole document.
	Path string
	// Msg says what is wrong, quoting the offending value or name.
	Msg string
	// Step is, in a chain's problems, the index of the top-level step
	// concerned; it is -1 when the problem concerns no step (every other
	// loader's problems).
	Step int
	// Warning marks something suspicious but valid (an empty step list, a
	// section placed past the map's edge): it is reported and does not stop a run.
	Warning bool
	// Omitted, when positive, marks a summary standing for that many further
	// problems left out of the list (see CapProblems); Msg says so.
	Omitted int
}

// Error formats the problem as "path: message".
func (p Problem) Error() string {
	if p.Path == "" {
		return p.Msg
	}
	return p.Path + ": " + p.Msg
}

// String formats the problem as Error does.
func (p Problem) String() string { return p.Error() }

// Problems is a list of problems; as an error it prints one per line.
type Problems []Problem

// Error joins the problems, one per line.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// MoreProblems returns the summary standing for n problems left out of a
// list: "and N more problems", its Omitted n.
func MoreProblems(n int) Problem {
	msg := fmt.Sprintf("and %d more problems", n)
	if n == 1 {
		msg = "and 1 more problem"
	}
	return Problem{Msg: msg, Step: -1, Omitted: n}
}

// CapProblems keeps the first n of ps and sums up the rest in one final
// problem, "and K more problems" (its Omitted is K); summaries already in ps
// count for what they stand for. Loaders cap what they report at MaxProblems.
func CapProblems(ps Problems, n int) Problems {
	kept, more := make(Problems, 0, min(len(ps), n+1)), 0
	for _, p := range ps {
		switch {
		case p.Omitted > 0:
			more += p.Omitted
		case len(kept) < n:
			kept = append(kept, p)
		default:
			more++
		}
	}
	if more > 0 {
		kept = append(kept, MoreProblems(more))
	}
	return kept
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

// Error formats the error with the file name first (see FileError). At most
// MaxProblems problems are listed, then "and N more problems".
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
// ReadFile and the loaders that read files (projects.Load, content.LoadFile)
// call it already; callers that decode bytes they read themselves
// (chain.DecodeJSON, projects.Decode, content.Parse) call it with the file's name.
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
		for _, p := range []string{"jsonfile: ", "chain: ", "content: ", "projects: ", "stats: ", "play: "} {
			trimmed = strings.TrimPrefix(trimmed, p)
		}
		if trimmed == msg {
			return msg
		}
		msg = trimmed
	}
}
