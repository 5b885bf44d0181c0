package play

// The formats of the documents package play writes (see jsonfile.FormatKey).
const (
	// SessionFormat is the format of play session files (MarshalSession).
	// ParseSession also reads an older session, which has "version": 1
	// instead (the same fields otherwise).
	SessionFormat = "hewn.session/1"
	// StateFormat is the format of the play state (State, `hewn play`'s
	// output).
	StateFormat = "hewn.play/1"
)
