package jsonfile

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"unicode/utf8"
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

// Error formats the problem as "path: message" (Shorten: a long quoted value
// or path is cut).
func (p Problem) Error() string {
	if p.Path == "" {
		return Shorten(p.Msg)
	}
	return Shorten(p.Path + ": " + p.Msg)
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
		return Shorten(fmt.Sprintf("%s:%d:%d: %s", e.File, se.Line, se.Column, se.Msg))
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
		return Shorten(e.File + ": " + pe.Err.Error())
	}
	lines := strings.Split(e.File+": "+trimPackage(e.Err.Error()), "\n")
	for i, l := range lines {
		lines[i] = Shorten(l)
	}
	return strings.Join(lines, "\n")
}

// Limits of one line of an error message (Shorten).
const (
	// MaxQuoted is how many characters of a quoted value a message keeps.
	MaxQuoted = 80
	// MaxLine is about the longest line a message keeps, in bytes.
	MaxLine = 1000
)

// Shorten keeps one line of an error message readable whatever the file
// holds: a quoted value ("...", as %q quotes it) longer than MaxQuoted
// characters keeps its first MaxQuoted and ends in "…", and a line still
// longer than MaxLine bytes (a path through a long key) keeps its start and
// its end around " … ". A million-character name gives a line of about a
// hundred characters, not a megabyte.
func Shorten(line string) string {
	if len(line) <= MaxQuoted {
		return line
	}
	var b strings.Builder
	for i := 0; i < len(line); {
		if line[i] != '"' {
			j := strings.IndexByte(line[i:], '"')
			if j < 0 {
				j = len(line) - i
			}
			b.WriteString(line[i : i+j])
			i += j
			continue
		}
		end := quoteEnd(line, i)
		if end < 0 { // no closing quote: the rest is text
			b.WriteString(line[i:])
			break
		}
		b.WriteString(shortQuoted(line[i+1 : end]))
		i = end + 1
	}
	out := b.String()
	if len(out) <= MaxLine {
		return out
	}
	head, tail := cutRunes(out[:MaxLine/2], false), cutRunes(out[len(out)-MaxLine/2:], true)
	return head + " … " + tail
}

// quoteEnd is the index of the quote closing the one at i (a backslash
// escapes the next byte), or -1.
func quoteEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return -1
}

// shortQuoted quotes body (a quoted value's inside), cut to MaxQuoted
// characters and "…" when longer, never inside an escape.
func shortQuoted(body string) string {
	n := 0
	for k := range body {
		if n == MaxQuoted {
			cut := body[:k]
			if t := strings.TrimRight(cut, "\\"); (len(cut)-len(t))%2 == 1 {
				cut = cut[:len(cut)-1] // not a lone backslash before the closing quote
			}
			return `"` + cut + `…"`
		}
		n++
	}
	return `"` + body + `"`
}

// cutRunes drops a partial UTF-8 character at s's end (or, with fromEnd, its
// start), left by cutting a string at a byte offset.
func cutRunes(s string, fromEnd bool) string {
	if fromEnd {
		for len(s) > 0 && !utf8.RuneStart(s[0]) {
			s = s[1:]
		}
		return s
	}
	for len(s) > 0 {
		r, size := utf8.DecodeLastRuneInString(s)
		if r != utf8.RuneError || size > 1 {
			return s
		}
		s = s[:len(s)-1]
	}
	return s
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
