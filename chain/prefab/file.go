package prefab

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"unicode/utf8"
)

// MaxTextFileSize is the largest .txt prefab file read (64 MiB: a template of
// the largest map, 4096 rows of 4096 characters, in any script). A REXPaint
// file needs no such bound: ReadXP stops where its header says.
const MaxTextFileSize = 64 << 20

// File kinds, by extension.
const (
	KindXP  = ".xp"
	KindTxt = ".txt"
)

// FileKind returns a prefab file's kind by its extension (KindXP or KindTxt,
// in any case), or an error naming what it wants.
func FileKind(name string) (string, error) {
	switch strings.ToLower(path.Ext(name)) {
	case KindXP:
		return KindXP, nil
	case KindTxt:
		return KindTxt, nil
	}
	return "", fmt.Errorf("%q is neither a .xp (REXPaint) nor a .txt (legend rows) file", name)
}

// CheckFilePath checks the path of a prefab file as a step names it and
// returns it cleaned (path.Clean): relative to the project or chain file,
// folders separated by '/', staying inside its folder ("../x.xp" does not),
// ending in .xp or .txt. Where a symbolic link leads is the reader's to check
// (package projects refuses a link out of the project's folder).
func CheckFilePath(name string) (string, error) {
	if name == "" {
		return "", errors.New("the path is empty")
	}
	if path.IsAbs(name) || strings.HasPrefix(name, `\`) || (len(name) > 1 && name[1] == ':') {
		return "", fmt.Errorf("%q is an absolute path; give one relative to the project (or chain) file", name)
	}
	clean := path.Clean(name)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("%q leads out of the project's folder; keep prefab files beside the project (or chain) file or below it", name)
	}
	if _, err := FileKind(clean); err != nil {
		return "", err
	}
	return clean, nil
}

// File is a prefab file: a REXPaint image (.xp) or template rows (.txt).
type File struct {
	// Name is the path the file was read by.
	Name string
	// XP is the image of a .xp file; Rows the rows of a .txt file.
	XP   *XPFile
	Rows []string
}

// ReadFile reads and parses the prefab file name (see CheckFilePath) from
// fsys. A .txt over MaxTextFileSize is refused. Errors start with the name
// ("depth5.xp: layer 0 cell (3,4): glyph 300 is not a CP437 code (0-255)").
func ReadFile(fsys fs.FS, name string) (*File, error) {
	clean, err := CheckFilePath(name)
	if err != nil {
		return nil, err
	}
	if fsys == nil {
		return nil, fmt.Errorf("%s: this run reads no files (a chain or project file's folder holds them)", name)
	}
	fail := func(err error) (*File, error) {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f, err := fsys.Open(clean)
	if err != nil {
		return fail(err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return fail(errors.New("is a folder, not a prefab file"))
	}
	kind, _ := FileKind(clean)
	if kind == KindXP {
		xp, err := ReadXP(f)
		if err != nil {
			return fail(err)
		}
		return &File{Name: name, XP: xp}, nil
	}
	rows, err := ReadRows(f)
	if err != nil {
		return fail(err)
	}
	return &File{Name: name, Rows: rows}, nil
}

// ReadRows reads template rows from text: UTF-8 (a byte-order mark is
// skipped), one row per line, a final newline ending the last row rather
// than starting another, carriage returns before newlines dropped. Text over
// MaxTextFileSize and invalid UTF-8 are errors (naming the row).
func ReadRows(r io.Reader) ([]string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxTextFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxTextFileSize {
		return nil, fmt.Errorf("more than %d MiB of text; a template file holds at most that", MaxTextFileSize>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := strings.TrimSuffix(string(data), "\n")
	rows := strings.Split(text, "\n")
	for i, row := range rows {
		row = strings.TrimSuffix(row, "\r")
		if !utf8.ValidString(row) {
			return nil, fmt.Errorf("row %d is not UTF-8 text (save the file as UTF-8)", i+1)
		}
		rows[i] = row
	}
	return rows, nil
}

// Template decodes the file through l: a REXPaint image as XPFile.Template
// does (glyphs l does not know leave the map as it is; they are returned),
// template rows as l.Parse does (an unknown character is an error). Errors
// start with the file's name.
func (f *File) Template(l *Legend) (*Template, []UnknownGlyph, error) {
	if f.XP != nil {
		t, unknown := f.XP.Template(l)
		return t, unknown, nil
	}
	t, err := l.Parse(f.Rows)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", f.Name, err)
	}
	return t, nil, nil
}

// UnknownWarning words the glyphs of file name that a legend does not know,
// for a run's warning.
func UnknownWarning(name string, unknown []UnknownGlyph) string {
	return fmt.Sprintf("%s: glyphs the legend does not know leave the map as it is: %s", name, DescribeUnknown(unknown))
}
