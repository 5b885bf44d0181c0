package ui

import (
	"io"
	"log"
	"strings"
)

// favouritesNoise is the report Fyne's file dialog logs each time it opens
// on a system that leaves one of the user folders it lists as favourites
// undefined (xdg-user-dir answers the home folder for VIDEOS on most
// machines): "Fyne error: Getting favorite locations", its cause and where,
// three lines on the terminal for nothing the user can or need act on.
const favouritesNoise = "Getting favorite locations"

// quietly runs show, which opens a file dialog, with the standard logger
// dropping Fyne's favourites report; every other line still goes out.
func quietly(show func()) {
	prev := log.Writer()
	log.SetOutput(&dropReport{to: prev, report: favouritesNoise})
	defer log.SetOutput(prev)
	show()
}

// dropReport passes log lines to to, except a "Fyne error:" line naming
// report and the "Cause:" and "At:" lines that follow it (the log package
// writes one line a call).
type dropReport struct {
	to       io.Writer
	report   string
	dropping bool
}

func (d *dropReport) Write(p []byte) (int, error) {
	s := string(p)
	switch {
	case strings.Contains(s, "Fyne error:") && strings.Contains(s, d.report):
		d.dropping = true
		return len(p), nil
	case d.dropping && (strings.Contains(s, "  Cause:") || strings.Contains(s, "  At:")):
		return len(p), nil
	}
	d.dropping = false
	return d.to.Write(p)
}
