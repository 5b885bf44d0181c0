// Package quietlocale keeps Fyne from printing "Error parsing user locale C"
// when the locale is C.UTF-8 (or POSIX.UTF-8), as in many containers and CI
// runners: Fyne's lang package reads the locale while the program initialises,
// and "C" is no language tag. Importing this package sets LANGUAGE=en for such
// a locale (when LANGUAGE is unset), which Fyne reads first; English is what
// Fyne falls back to anyway, and nothing else in Hewn reads LANGUAGE.
//
// It depends on nothing but os and strings, so Go initialises it before
// fyne.io/fyne/v2/lang (which needs text/template, sorted after it): the
// package initialisation order is the import paths' order among the packages
// whose imports are ready. ui/cli imports it, and main imports ui/cli.
package quietlocale

import (
	"os"
	"strings"
)

func init() { Apply() }

// Apply sets LANGUAGE=en when the effective locale (the first of LC_ALL,
// LC_MESSAGES and LANG that is set) is C or POSIX with a codeset or modifier
// (C.UTF-8) and LANGUAGE is unset. It reports whether it set it.
func Apply() bool {
	if os.Getenv("LANGUAGE") != "" {
		return false
	}
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(k)
		if v == "" {
			continue
		}
		lang, _, _ := strings.Cut(v, ".")
		lang, _, _ = strings.Cut(lang, "@")
		if (lang == "C" || lang == "POSIX") && v != lang {
			return os.Setenv("LANGUAGE", "en") == nil
		}
		return false
	}
	return false
}
