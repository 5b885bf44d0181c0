package content

import "testing"

// BenchmarkParseDefaultPack is Parse of the embedded default pack, which
// every run of hewn (and hewn-cli) pays for.
func BenchmarkParseDefaultPack(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(defaultPackJSON); err != nil {
			b.Fatal(err)
		}
	}
}
