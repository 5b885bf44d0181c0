package content

// OddsFormat is the format (see jsonfile.FormatKey) of the spawn odds
// document `hewn content odds` prints (OddsReport). Content packs themselves
// stay the tutorial's format: they hold no "format" key.
const OddsFormat = "hewn.odds/1"

// OddsReport is the spawn odds at a depth as a document: {"format", "depth",
// "entries": [{"name", "probability", "section"}]}, in spawn table order.
type OddsReport struct {
	Format  string `json:"format"`
	Depth   int    `json:"depth"`
	Entries []Odds `json:"entries"`
}

// OddsReport returns the pack's spawn odds at depth (Odds) as a document.
func (p *Pack) OddsReport(depth int) OddsReport {
	return OddsReport{Format: OddsFormat, Depth: depth, Entries: append([]Odds{}, p.Odds(depth)...)}
}
