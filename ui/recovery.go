package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"hewn/chain"
	"hewn/chain/jsonfile"
	"hewn/content"
	"hewn/projects"
)

// RecoveryDelay is how long after an edit the unsaved project is written to
// its recovery file (each further edit restarts the wait).
var RecoveryDelay = 2 * time.Second

// RecoveryDir returns the folder recovery files live in: hewn/recovery in the
// user's config folder ($XDG_CONFIG_HOME or ~/.config on Linux).
func RecoveryDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "hewn", "recovery"), nil
}

// recoveryFile is what a recovery file holds: the unsaved project and where it
// belongs.
type recoveryFile struct {
	Format int `json:"hewn_recovery"`
	// Path is the project's file ("" for a project never saved).
	Path string `json:"path"`
	// PID is the editor process that wrote it; while it runs, the file is
	// that editor's live copy, not a crash's leftover.
	PID     int             `json:"pid"`
	SavedAt time.Time       `json:"saved_at"`
	Project json.RawMessage `json:"project"`
	// Pack is the content pack when it had unsaved edits too.
	Pack json.RawMessage `json:"pack,omitempty"`
}

// recoveryLimit bounds a recovery file read back: a project and a pack at
// their limits, and room for the rest.
var recoveryLimit = jsonfile.Limit{Max: chain.MaxFileSize + content.MaxPackSize + 1<<20, Noun: "a recovery file", Plural: "recovery files"}

// Recovered is an unsaved project found in a recovery file after an unclean exit.
type Recovered struct {
	// File is the recovery file.
	File string
	// Path is the project's own file ("" when it was never saved).
	Path    string
	SavedAt time.Time
	Project *projects.Project
}

// recoveryName is the recovery file's name for the project at path: one per
// project, "untitled" for projects without a file.
func recoveryName(path string) string {
	if path == "" {
		return "untitled.json"
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	sum := sha256.Sum256([]byte(path))
	base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), ".json"), ".hewn")
	return base + "-" + hex.EncodeToString(sum[:6]) + ".json"
}

// writeRecovery writes p (the project at path, "" for none; with its content
// pack when withPack) to its recovery file in dir, atomically, and returns the
// file's path.
func writeRecovery(dir string, p *projects.Project, path string, withPack bool) (string, error) {
	data, err := p.Bytes()
	if err != nil {
		return "", err
	}
	var pack []byte
	if withPack && p.Pack != nil {
		if pack, err = p.Pack.MarshalJSON(); err != nil {
			return "", err
		}
	}
	if path != "" {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
	}
	rf := recoveryFile{Format: 1, Path: path, PID: os.Getpid(), SavedAt: time.Now().UTC().Truncate(time.Second), Project: data, Pack: pack}
	out, err := json.MarshalIndent(rf, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	file := filepath.Join(dir, recoveryName(path))
	return file, projects.WriteFileAtomic(file, append(out, '\n'))
}

// processAlive reports whether a process with this pid runs (on this machine).
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// FindRecovered lists the recovery files in dir left by editors that are no
// longer running, newest first. Files that do not decode are skipped.
func FindRecovered(dir string) []Recovered {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Recovered
	for _, ent := range ents {
		if ent.IsDir() || !strings.HasSuffix(ent.Name(), ".json") {
			continue
		}
		file := filepath.Join(dir, ent.Name())
		data, err := jsonfile.ReadFile(file, recoveryLimit)
		if err != nil {
			continue
		}
		var rf recoveryFile
		if json.Unmarshal(data, &rf) != nil || rf.Format != 1 || (rf.PID != os.Getpid() && processAlive(rf.PID)) {
			continue
		}
		p, _, err := projects.DecodeKeep(rf.Project) // steps that did not load stay as they were
		if err != nil {
			continue
		}
		p.Path = rf.Path
		if len(rf.Pack) > 0 {
			if p.Pack, err = content.Parse(rf.Pack); err != nil {
				continue
			}
		}
		out = append(out, Recovered{File: file, Path: rf.Path, SavedAt: rf.SavedAt, Project: p})
	}
	slices.SortFunc(out, func(a, b Recovered) int { return b.SavedAt.Compare(a.SavedAt) })
	return out
}

// recovery keeps the editor's unsaved work in a recovery file: written a
// moment after each edit, removed once the work is saved or discarded.
type recovery struct {
	dir string
	// onErr reports a failed write (on a timer goroutine).
	onErr func(error)

	mu    sync.Mutex
	timer *time.Timer
	gen   uint64 // bumped by every schedule and clear
	file  string // the file last written, removed by clear
	wrote chan struct{}
}

func newRecovery(dir string, onErr func(error)) *recovery {
	return &recovery{dir: dir, onErr: onErr, wrote: make(chan struct{}, 1)}
}

// schedule writes p (with its content pack when withPack; immutable: the model never changes a project it has
// shown) after RecoveryDelay unless another schedule or clear comes first.
func (r *recovery) schedule(p *projects.Project, withPack bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.gen++
	gen := r.gen
	if r.timer != nil {
		r.timer.Stop()
	}
	r.timer = time.AfterFunc(RecoveryDelay, func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if gen != r.gen {
			return
		}
		file, err := writeRecovery(r.dir, p, p.Path, withPack)
		if err != nil {
			if r.onErr != nil {
				r.onErr(fmt.Errorf("could not write the recovery file: %w", err))
			}
			return
		}
		if r.file != "" && r.file != file { // the project was saved elsewhere meanwhile
			os.Remove(r.file)
		}
		r.file = file
		select {
		case r.wrote <- struct{}{}:
		default:
		}
	})
}

// clear cancels a pending write and removes the recovery file (the work was
// saved or deliberately discarded).
func (r *recovery) clear() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.gen++
	if r.timer != nil {
		r.timer.Stop()
	}
	if r.file != "" {
		os.Remove(r.file)
		r.file = ""
	}
}

// adopt makes file (a recovered crash's leftover) this editor's recovery
// file, so the next write or clear replaces or removes it.
func (r *recovery) adopt(file string) {
	r.mu.Lock()
	r.file = file
	r.mu.Unlock()
}
