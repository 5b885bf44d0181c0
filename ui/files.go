package ui

import (
	"os"
	"path/filepath"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"

	"hewn/ui/internal/widgets"
)

// lastDirKey is the Fyne preference holding the folder of the last file
// dialog, where the next one opens when the project has no folder of its own.
const lastDirKey = "last_dialog_dir"

// fileRepo is every interface Fyne's own "file" repository implements, so a
// wrapper that embeds it keeps all of them.
type fileRepo interface {
	repository.ListableRepository
	repository.HierarchicalRepository
	repository.WritableRepository
	repository.AppendableRepository
	repository.DeleteAllRepository
	repository.CopyableRepository
	repository.MovableRepository
}

// lazyFiles wraps Fyne's "file" repository so that the writer a save dialog
// hands out creates (and truncates) its file only when something is written
// to it. Hewn never writes through that writer: it closes it and saves
// atomically itself. Fyne's own writer truncates the chosen file as the dialog
// closes, which would destroy an existing project before the atomic save runs,
// leave empty files behind, and block forever on a FIFO.
type lazyFiles struct{ fileRepo }

// Writer returns a writer that opens u only on its first Write.
func (l lazyFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &lazyWriter{uri: u}, nil
}

// lazyWriter opens its file on the first Write.
type lazyWriter struct {
	uri fyne.URI
	f   *os.File
}

func (w *lazyWriter) URI() fyne.URI { return w.uri }

func (w *lazyWriter) Write(p []byte) (int, error) {
	if w.f == nil {
		f, err := os.Create(w.uri.Path())
		if err != nil {
			return 0, err
		}
		w.f = f
	}
	return w.f.Write(p)
}

func (w *lazyWriter) Close() error {
	if w.f == nil {
		return nil
	}
	return w.f.Close()
}

var installLazy sync.Mutex

// installLazyFiles wraps the current "file" repository (registered by the
// driver when the app starts) once.
func installLazyFiles() {
	installLazy.Lock()
	defer installLazy.Unlock()
	r, err := repository.ForScheme("file")
	if err != nil {
		return
	}
	if _, done := r.(lazyFiles); done {
		return
	}
	if fr, ok := r.(fileRepo); ok {
		repository.Register("file", lazyFiles{fr})
	}
}

// dialogSize is the size file dialogs open at: large, but inside the window.
func (e *Editor) dialogSize() fyne.Size { return widgets.DialogSize(e.win) }

// showFileDialog opens d in the project's folder (or the folder of the chain
// file it was opened from; else the last folder a dialog used) at a size that
// fits the window. It shows before it resizes:
// Fyne 2.8's FileDialog.Resize dereferences the dialog's window, which exists
// only once it is shown (resizing first crashed the editor).
func (e *Editor) showFileDialog(d *dialog.FileDialog) {
	dir := ""
	if p := e.m.Project().Path; p != "" {
		dir = filepath.Dir(p)
	} else if e.chainFile != "" {
		dir = filepath.Dir(e.chainFile)
	} else if e.app != nil {
		dir = e.app.Preferences().String(lastDirKey)
	}
	if dir != "" {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		if l, err := storage.ListerForURI(storage.NewFileURI(dir)); err == nil {
			d.SetLocation(l)
		}
	}
	quietly(d.Show) // it builds its favourites as it shows
	d.Resize(e.dialogSize())
}

// askSave asks for a file to write, proposing name and showing files ending
// in ext; a path not ending in ext gets add (".hewn.json" for a project). The
// dialog creates no file (see lazyFiles): write writes path atomically, and
// its error is shown.
func (e *Editor) askSave(name, ext, add string, write func(path string) error) {
	if e.win == nil {
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			e.showError(err)
			return
		}
		if w == nil {
			return // cancelled
		}
		w.Close() // never written
		path := w.URI().Path()
		if !strings.HasSuffix(path, ext) {
			path += add
		}
		e.rememberDir(path)
		if err := write(path); err != nil {
			e.showError(err)
		}
	}, e.win)
	d.SetFileName(name)
	d.SetFilter(storage.NewExtensionFileFilter([]string{ext}))
	e.showFileDialog(d)
}

// askOpen asks for an existing file ending in ext and calls open with its
// path.
func (e *Editor) askOpen(ext string, open func(path string)) {
	e.askOpenAny([]string{ext}, open)
}

// askOpenAny asks for an existing file ending in one of exts and calls open
// with its path.
func (e *Editor) askOpenAny(exts []string, open func(path string)) {
	if e.win == nil {
		return
	}
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			e.showError(err)
			return
		}
		if r == nil {
			return // cancelled
		}
		r.Close()
		path := r.URI().Path()
		e.rememberDir(path)
		open(path)
	}, e.win)
	d.SetFilter(storage.NewExtensionFileFilter(exts))
	e.showFileDialog(d)
}

// rememberDir records the folder of a file the user chose in a dialog.
func (e *Editor) rememberDir(path string) {
	if e.app != nil && path != "" {
		e.app.Preferences().SetString(lastDirKey, filepath.Dir(path))
	}
}
