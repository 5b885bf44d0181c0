package play

import (
	"encoding/json"
	"fmt"

	"hewn/chain/jsonfile"
)

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

// sessionFormat checks the format of the session file b (decoded into s),
// migrating an older one ("version": 1, no "format") to SessionFormat. A
// newer format, or none, is an error naming it (jsonfile.Problems at
// "format", so a file's name goes first: "S.json: format: ...").
func sessionFormat(b []byte, s *Session) error {
	var probe struct {
		Format  json.RawMessage `json:"format"`
		Version json.RawMessage `json:"version"`
	}
	_ = json.Unmarshal(b, &probe) // b decoded into a Session already
	switch {
	case probe.Format != nil && probe.Version != nil:
		return jsonfile.Problems{{Path: "version", Msg: fmt.Sprintf("unknown key %q (a session names its format alone)", "version"), Step: -1}}
	case probe.Format != nil:
		_, err := jsonfile.ReadFormat(probe.Format, SessionFormat)
		return err
	case string(probe.Version) == "1":
		s.Format = SessionFormat
		return nil
	case probe.Version != nil:
		return jsonfile.Problems{{Path: "version", Msg: fmt.Sprintf("%s is not 1 (a newer session names its format instead: %q)", jsonfile.Excerpt(probe.Version), SessionFormat), Step: -1}}
	}
	return jsonfile.Problems{{Path: jsonfile.FormatKey, Msg: fmt.Sprintf("missing (want %q)", SessionFormat), Step: -1}}
}
