package content

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"testing"

	"github.com/stretchr/testify/require"

	"hewn/chain"
)

func FuzzLoad(f *testing.F) {
	// Small seeds keep the fuzzer fast; the big packs are covered by the round-trip tests.
	full, err := os.ReadFile("testdata/full.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(full)
	f.Add([]byte(basePack))
	f.Add([]byte(`{"spawn_table":[{"name":"x","weight":"1"}],"mobs":[1,null,{}]}`))
	f.Add([]byte(`{"items":[{"name":"a\ud800b","template_magic":{"bonus_min":-5,"bonus_max":1000000000}}]}`))
	// issue 26 point 1: numbers past their bounds (a vision range that made
	// the game allocate 40 GB, a level that looped)
	f.Add([]byte(`{"mobs":[{"name":"Eye","blocks_tile":true,"vision_range":100000,"movement":"static","attributes":{"might":2147483647},"level":9223372036854775807,"light":{"range":1e300,"color":"#FFFFFF"}}],"spawn_table":[{"name":"Eye","weight":9223372036854775807,"min_depth":-1,"max_depth":2147483647}]}`))
	f.Fuzz(checkPackInput)
}

// checkPackInput is the fuzz body of the content loader's targets: an input
// that parses validates, rolls and exports without panicking, its export
// parses to a fixed point, and a clone exports the same bytes.
func checkPackInput(t *testing.T, data []byte) {
	p, err := Parse(data)
	if err != nil {
		return
	}
	_ = p.Validate()
	_ = p.Odds(3)
	r := p.Roller()
	rng := newRand(1)
	_, _ = r.Roll(rng, 3, chain.AnySection)
	_, _ = r.Pick(rng, 3, "weapon")
	out, _ := p.MarshalJSON()
	q, err := Parse(out)
	if err != nil {
		t.Fatalf("export does not parse: %v\n%s", err, out)
	}
	again, _ := q.MarshalJSON()
	if !bytes.Equal(out, again) {
		t.Fatalf("export is not a fixed point:\n%s\n---\n%s", out, again)
	}
	if c, _ := p.Clone().MarshalJSON(); !bytes.Equal(out, c) {
		t.Fatalf("a clone exports differently:\n%s\n---\n%s", out, c)
	}
}

// bigPack builds a pack of at least size bytes by repeating the default pack's
// entries under new names.
func bigPack(tb testing.TB, size int) []byte {
	base := Default()
	p := Default()
	for k := 0; ; k++ {
		b, _ := p.MarshalJSON()
		if len(b) >= size {
			return b
		}
		suffix := fmt.Sprintf(" %d", k)
		for _, it := range base.Items {
			it.Name += suffix
			p.Items = append(p.Items, it)
		}
		for _, m := range base.Mobs {
			m.Name += suffix
			if m.LootTable != "" {
				m.LootTable += suffix
			}
			m.Equipped = nil
			p.Mobs = append(p.Mobs, m)
		}
		for _, e := range base.SpawnTable {
			if _, ok := base.SectionOf(e.Name); !ok || strings.ContainsAny(e.Name, "+") {
				continue // magic variants keep the base name's suffix rules
			}
			e.Name += suffix
			p.SpawnTable = append(p.SpawnTable, e)
		}
		for _, t := range base.LootTables {
			t.Name += suffix
			drops := make([]LootDrop, len(t.Drops))
			for i, d := range t.Drops {
				if !strings.Contains(d.Name, "+") {
					d.Name += suffix
				}
				drops[i] = d
			}
			t.Drops = drops
			p.LootTables = append(p.LootTables, t)
		}
		for _, pr := range base.Props {
			pr.Name += suffix
			p.Props = append(p.Props, pr)
		}
	}
}

func TestBigPackIsValidAndRoundTrips(t *testing.T) {
	src := bigPack(t, 300_000)
	p, err := Parse(src)
	require.NoError(t, err)
	require.False(t, HasErrors(p.Validate()), "%v", firstErrors(p.Validate()))
	out, _ := p.MarshalJSON()
	require.Equal(t, string(src), string(out))
}

func firstErrors(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		if !p.Warning && len(out) < 5 {
			out = append(out, p.String())
		}
	}
	return out
}

func BenchmarkLoadValidate2MB(b *testing.B) {
	src := bigPack(b, 2<<20)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		p, err := Parse(src)
		if err != nil {
			b.Fatal(err)
		}
		if HasErrors(p.Validate()) {
			b.Fatal("big pack has errors")
		}
	}
}

func BenchmarkExport2MB(b *testing.B) {
	p, err := Parse(bigPack(b, 2<<20))
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = p.MarshalJSON()
	}
}

// BenchmarkRoll1e6 times one million spawn rolls on the default pack.
func BenchmarkRoll1e6(b *testing.B) {
	r := Default().Roller()
	rng := newRand(1)
	b.ReportAllocs()
	for b.Loop() {
		for i := range 1_000_000 {
			if _, ok := r.Roll(rng, 1+i%12, chain.AnySection); !ok {
				b.Fatal("no spawn")
			}
		}
	}
}

func BenchmarkRollMobs(b *testing.B) {
	r := Default().Roller()
	rng := newRand(1)
	b.ReportAllocs()
	for b.Loop() {
		r.Roll(rng, 6, chain.Mobs)
	}
}
