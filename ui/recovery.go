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
	// PID is the editor process that wrote it (files without Instance, from
	// an older Hewn: while that process runs, the file is its live copy).
	PID int `json:"pid"`
	// Instance names the editor that wrote it (its process id and start
	// time): while that editor runs it holds the lock file INSTANCE.lock
	// beside, so its file is its live copy, not a crash's leftover.
	Instance string          `json:"instance,omitempty"`
	SavedAt  time.Time       `json:"saved_at"`
	Project  json.RawMessage `json:"project"`
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
	// Instance is the editor that wrote it ("" for an older Hewn's file).
	Instance string
	// Path is the project's own file ("" when it was never saved).
	Path    string
	SavedAt time.Time
	Project *projects.Project
}

// recoveryName is the recovery file's name for the project at path, written
// by the editor instance: one per project and editor ("untitled" for projects
// without a file), so two editors on one project never share one.
func recoveryName(path, instance string) string {
	stem := "untitled"
	if path != "" {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		sum := sha256.Sum256([]byte(path))
		base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(path), ".json"), ".hewn")
		stem = base + "-" + hex.EncodeToString(sum[:6])
	}
	if instance == "" {
		return stem + ".json"
	}
	return stem + "." + instance + ".json"
}

// newInstance names an editor instance: its process id and start time, so a
// later process with the same id is another instance.
func newInstance() string {
	return fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano())
}

// privateDir makes the recovery folder dir, readable by the user alone
// (0700), also when it exists already with wider permissions.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.Chmod(dir, 0o700)
}

// writeRecovery writes p (the project at path, "" for none; with its content
// pack when withPack) to the recovery file of editor instance in dir,
// atomically and readable by the user alone (0600 in a 0700 folder), and
// returns the file's path.
func writeRecovery(dir string, p *projects.Project, path string, withPack bool, instance string) (string, error) {
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
	rf := recoveryFile{Format: 1, Path: path, PID: os.Getpid(), Instance: instance,
		SavedAt: time.Now().UTC().Truncate(time.Second), Project: data, Pack: pack}
	out, err := json.MarshalIndent(rf, "", "  ")
	if err != nil {
		return "", err
	}
	if err := privateDir(dir); err != nil {
		return "", err
	}
	file := filepath.Join(dir, recoveryName(path, instance))
	return file, projects.WritePrivateFile(file, append(out, '\n'))
}

// lockName is the lock file an editor instance holds while it runs.
func lockName(dir, instance string) string { return filepath.Join(dir, instance+".lock") }

// instanceLock is an editor instance's lock on its lock file (flock, which
// the system releases when the process ends, however it ends).
type instanceLock struct{ f *os.File }

// lockInstance creates the instance's lock file in dir (0600) and locks it.
func lockInstance(dir, instance string) (*instanceLock, error) {
	if err := privateDir(dir); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(lockName(dir, instance), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, err
	}
	return &instanceLock{f}, nil
}

// release unlocks and removes the lock file (a clean exit).
func (l *instanceLock) release() {
	if l == nil {
		return
	}
	os.Remove(l.f.Name())
	l.f.Close()
}

// instanceRuns reports whether the editor instance still runs: whether
// someone holds its lock file in dir (a missing lock file: it does not).
func instanceRuns(dir, instance string) bool {
	f, err := os.OpenFile(lockName(dir, instance), os.O_RDWR, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK)
	}
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
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
// longer running (killed, crashed), newest first: a running editor's file,
// this process's editors' included, is left alone. Files that do not decode
// are skipped. The lock files of instances that no longer run and left no
// recovery file are removed.
func FindRecovered(dir string) []Recovered {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Recovered
	left := map[string]bool{}
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
		if json.Unmarshal(data, &rf) != nil || rf.Format != 1 {
			continue
		}
		left[rf.Instance] = true
		switch {
		case rf.Instance != "":
			if instanceRuns(dir, rf.Instance) {
				continue
			}
		case rf.PID != os.Getpid() && processAlive(rf.PID): // an older Hewn's file
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
		out = append(out, Recovered{File: file, Instance: rf.Instance, Path: rf.Path, SavedAt: rf.SavedAt, Project: p})
	}
	locks, _ := filepath.Glob(filepath.Join(dir, "*.lock"))
	for _, l := range locks {
		if inst := strings.TrimSuffix(filepath.Base(l), ".lock"); !left[inst] && !instanceRuns(dir, inst) {
			os.Remove(l)
		}
	}
	slices.SortFunc(out, func(a, b Recovered) int { return b.SavedAt.Compare(a.SavedAt) })
	return out
}

// recovery keeps the editor's unsaved work in a recovery file: written a
// moment after each edit, removed once the work is saved or discarded.
type recovery struct {
	dir string
	// instance names this editor (newInstance); lock is its lock, taken
	// with its first recovery file.
	instance string
	lock     *instanceLock
	// onErr reports a failed write (on a timer goroutine).
	onErr func(error)

	mu    sync.Mutex
	timer *time.Timer
	gen   uint64 // bumped by every schedule and clear
	file  string // the file last written, removed by clear
	wrote chan struct{}
}

func newRecovery(dir string, onErr func(error)) *recovery {
	return &recovery{dir: dir, instance: newInstance(), onErr: onErr, wrote: make(chan struct{}, 1)}
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
		var err error
		if r.lock == nil { // this editor runs: its files are not a crash's
			r.lock, err = lockInstance(r.dir, r.instance)
		}
		file := ""
		if err == nil {
			file, err = writeRecovery(r.dir, p, p.Path, withPack, r.instance)
		}
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

// close clears the recovery file and gives up the instance's lock (a clean
// exit).
func (r *recovery) close() {
	r.clear()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lock.release()
	r.lock = nil
}

// adopt makes file (a recovered crash's leftover) this editor's recovery
// file, so the next write or clear replaces or removes it.
func (r *recovery) adopt(file string) {
	r.mu.Lock()
	r.file = file
	r.mu.Unlock()
}

// forgetRecovered removes a recovered file the designer discarded, and the
// lock file of its (dead) editor once it left no other file.
func forgetRecovered(r Recovered) {
	os.Remove(r.File)
	if r.Instance == "" {
		return
	}
	dir := filepath.Dir(r.File)
	if others, _ := filepath.Glob(filepath.Join(dir, "*."+r.Instance+".json")); len(others) == 0 && !instanceRuns(dir, r.Instance) {
		os.Remove(lockName(dir, r.Instance))
	}
}
