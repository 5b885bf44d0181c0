package stats

// The formats of the documents package stats writes (see
// jsonfile.FormatKey). DecodeReport and DecodeBalance also read the older
// reports, which have no "format"; a newer version is refused by name.
const (
	// Format is the format of stats reports (`hewn stats`, Report).
	Format = "hewn.stats/2"
	// BalanceFormat is the format of balance reports (`hewn stats --bot`,
	// BalanceReport).
	BalanceFormat = "hewn.balance/1"
	// TuneFormat is the format of tune archives (`hewn tune`, Archive).
	TuneFormat = "hewn.tune/1"
	// SensitivityFormat is the format of sensitivity reports (`hewn tune
	// --sensitivity`, Sensitivity).
	SensitivityFormat = "hewn.sensitivity/1"
)

// Kinds of report files (ReportKind).
const (
	KindStats   = "stats"   // `hewn stats`: Report
	KindBalance = "balance" // `hewn stats --bot`: BalanceReport
)

// newestReport returns the newest format of a kind of report.
func newestReport(kind string) (string, bool) {
	switch kind {
	case KindStats:
		return Format, true
	case KindBalance:
		return BalanceFormat, true
	}
	return "", false
}
