package chain

// The formats of the documents package chain writes (see jsonfile.FormatKey):
// a level (Level.WriteJSON, `hewn run --format json`) and a chain file
// (Chain.Encode).
const (
	// LevelFormat is the format of level JSON.
	LevelFormat = "hewn.level/1"
	// ChainFormat is the format of chain files. Decode also reads a chain
	// without "format" (an older file, the same keys otherwise).
	ChainFormat = "hewn.chain/1"
)
