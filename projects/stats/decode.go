package stats

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"hewn/chain/jsonfile"
)

// ReportKind tells what data holds: a stats report or a balance report, by
// its "format" (older reports have none: a balance report has "bot"). A
// format of a newer version than this Hewn reads, or of another kind of
// file, is an error naming it. Malformed JSON is left to DecodeReport, which
// locates the error.
func ReportKind(data []byte) (string, error) {
	body, err := jsonfile.Check(data)
	if err != nil {
		return "", err
	}
	var probe struct {
		Format *string         `json:"format"`
		Bot    json.RawMessage `json:"bot"`
	}
	if json.Unmarshal(body, &probe) != nil {
		return KindStats, nil
	}
	switch {
	case probe.Format != nil:
		return kindOf(*probe.Format, "")
	case probe.Bot != nil:
		return KindBalance, nil
	}
	return KindStats, nil
}

// kindOf returns the kind of report format f names, refusing a newer version
// (jsonfile.NewerFormat) and, when want is not "", another kind; each error
// is a problem at "format".
func kindOf(f, want string) (string, error) {
	bad := func(msg string, args ...any) error {
		return jsonfile.Problems{{Path: jsonfile.FormatKey, Msg: fmt.Sprintf(msg, args...), Step: -1}}
	}
	kind, _, ok := jsonfile.ParseFormat(f)
	newest, known := newestReport(kind)
	switch {
	case !ok || !known:
		return "", bad("%q is not a report of hewn stats (want %s or %s)", f, Format, BalanceFormat)
	case want != "" && kind != want:
		return "", bad("%q is a %s report, not a %s report", f, kind, want)
	}
	if _, err := jsonfile.FormatVersion(f, newest); err != nil {
		return "", err
	}
	if f != newest {
		return "", bad("%q is not one Hewn reads (%s, or no format: an older report)", f, newest)
	}
	return kind, nil
}

// DecodeReport reads a stats report: the current format (hewn.stats/2) or an
// older one (no "format", every seed's sample), which it turns into the
// current one (an older report does not tell maps with an unreachable exit:
// it counts none). It refuses what cannot be a report of one sweep: malformed
// JSON, a duplicate key, invalid UTF-8, a newer format, a number past its
// bound (MaxSeeds, MaxShards, MaxValue, MaxNames, MaxBins,
// MaxCurrentReportSize), a shard or a seed
// outside the sweep, a seed twice, counts that do not add up. A byte-order
// mark is skipped. Errors locate the problem: line and column for syntax,
// the JSON path otherwise.
func DecodeReport(data []byte) (*Report, error) {
	body, err := jsonfile.Check(data)
	if err != nil {
		return nil, err
	}
	var lh legacyHeader
	if err := jsonfile.Unmarshal(body, &lh); err != nil {
		return nil, err
	}
	if lh.Format == nil {
		return decodeLegacy(body, lh)
	}
	if _, err := kindOf(*lh.Format, KindStats); err != nil {
		return nil, err
	}
	if len(data) > MaxCurrentReportSize {
		return nil, fmt.Errorf("stats: the report is %.1f MiB; %s reports are at most %d MiB", float64(len(data))/(1<<20), Format, MaxCurrentReportSize>>20)
	}
	r := new(Report)
	if err := jsonfile.Unmarshal(body, r); err != nil {
		return nil, err
	}
	if _, err := r.accum(); err != nil {
		return nil, err
	}
	return r, nil
}

// legacyHeader is what an older report (no "format") names its sweep with;
// its summaries are computed again from its samples. (A current report has
// the same fields, and a format.)
type legacyHeader struct {
	Format *string  `json:"format"`
	Target string   `json:"target"`
	Depth  int      `json:"depth"`
	From   uint64   `json:"from"`
	Seeds  int      `json:"seeds"`
	Shards int      `json:"shards"`
	Shard  []int    `json:"shard"`
	Timing []Timing `json:"timing"`
}

// decodeLegacy reads an older report, its samples one at a time (the file
// may hold millions).
func decodeLegacy(body []byte, lh legacyHeader) (*Report, error) {
	h := header{Target: lh.Target, Depth: lh.Depth, From: lh.From, Seeds: lh.Seeds, Shards: lh.Shards, Shard: lh.Shard}
	c := &checker{}
	set, runs, ok := checkHeader(c, h)
	if !ok {
		return nil, c.err()
	}
	checkTiming(c, lh.Timing, len(lh.Shard))
	if err := c.err(); err != nil {
		return nil, err
	}
	l := &legacy{h: h, belongs: member(h, set), runs: runs, seen: make([]uint64, (h.Seeds+63)/64), acc: newAccum()}
	var doc struct {
		Samples sampleStream `json:"samples"`
	}
	doc.Samples.each = l.sample
	if err := json.Unmarshal(body, &doc); err != nil {
		var ps jsonfile.Problems
		if errors.As(err, &ps) {
			return nil, ps
		}
		return nil, err
	}
	if l.acc.maps != runs {
		return nil, jsonfile.Problems{{Path: "samples", Msg: fmt.Sprintf("%d samples; the sweep's shards ran %d seeds", l.acc.maps, runs), Step: -1}}
	}
	r := l.acc.report(h)
	r.Timing = lh.Timing
	return r, nil
}

// legacy checks and counts an older report's samples.
type legacy struct {
	h       header
	belongs func(uint64) string
	runs    int64
	seen    []uint64 // a bit per seed of the sweep
	acc     *accum
	bins    int // the bins acc holds
}

func (l *legacy) sample(i int, s Sample) error {
	c := &checker{}
	p := fmt.Sprintf("samples[%d]", i)
	if why := l.belongs(s.Seed); why != "" {
		c.add(p+".seed", "%s", why)
		return c.err()
	}
	k := s.Seed - l.h.From
	if l.seen[k/64]&(1<<(k%64)) != 0 {
		c.add(p+".seed", "seed %d appears twice", s.Seed)
		return c.err()
	}
	l.seen[k/64] |= 1 << (k % 64)
	if l.acc.maps >= l.runs {
		c.add("samples", "more samples than the %d seeds the sweep's shards ran", l.runs)
		return c.err()
	}
	if s.Error == "" {
		for _, k := range slices.Sorted(maps.Keys(s.Metrics)) {
			if !slices.Contains(MetricNames, k) {
				c.add(p+".metrics."+k, "unknown metric %q", k)
			} else {
				checkValue(c, p+".metrics."+k, s.Metrics[k], isShare(k))
			}
		}
		for _, k := range slices.Sorted(maps.Keys(s.Spawns)) {
			n := s.Spawns[k]
			switch {
			case k == "":
				c.add(p+".spawns", "a name is empty")
			case n < 0 || n > MaxValue:
				c.add(p+".spawns."+k, "%d is out of range [0, %d]", n, MaxValue)
			case l.acc.spawns[k] == nil && len(l.acc.spawns) >= MaxNames:
				c.add(p+".spawns."+k, "more than %d names", MaxNames)
			}
		}
	}
	if err := c.err(); err != nil {
		return err
	}
	if l.bins += l.acc.newBins(s); l.bins > MaxBins {
		c.add(p, "its values make more than %d bins in all, the most a report holds", MaxBins)
		return c.err()
	}
	l.acc.add(s)
	return nil
}

// sampleStream decodes a list of samples one at a time, handing each to each.
type sampleStream struct {
	each func(i int, s Sample) error
}

// UnmarshalJSON decodes the list.
func (st *sampleStream) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return jsonfile.Problems{{Path: "samples", Msg: "is not a list", Step: -1}}
	}
	for i := 0; dec.More(); i++ {
		var s Sample
		if err := dec.Decode(&s); err != nil {
			msg := err.Error()
			path := fmt.Sprintf("samples[%d]", i)
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				if te.Field != "" {
					path += "." + te.Field
				}
				msg = fmt.Sprintf("%s is not %s", te.Value, jsonfile.TypeWord(te.Type))
			}
			return jsonfile.Problems{{Path: path, Msg: msg, Step: -1}}
		}
		if err := st.each(i, s); err != nil {
			return err
		}
	}
	return nil
}
