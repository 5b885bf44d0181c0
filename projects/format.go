package projects

// The formats of the documents package projects writes (see
// jsonfile.FormatKey).
const (
	// Format is the format of project files. Decode migrates older ones: a
	// project with "version": 1 (hewn.project/1), or with neither "format"
	// nor "version" (the pre-release format), and refuses a newer one.
	Format = "hewn.project/2"
	// ViewFormat is the format of a generated level's View as JSON (what the
	// runtime module's hewn_view returns).
	ViewFormat = "hewn.view/1"
)
