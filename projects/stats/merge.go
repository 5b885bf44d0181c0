package stats

import (
	"errors"
	"fmt"
	"slices"

	"hewn/chain/jsonfile"
)

// reportName names report i (0-based) of a merge in errors: its Source file,
// else "report N".
func reportName(source string, i int) string {
	if source != "" {
		return source
	}
	return fmt.Sprintf("report %d", i+1)
}

// inReport locates err in report i: "FILE: message" when the report names
// its file (a *jsonfile.FileError), else "stats: report N: message".
func inReport(source string, i int, err error) error {
	if source != "" {
		return jsonfile.WithFile(source, err)
	}
	return fmt.Errorf("stats: report %d: %w", i+1, err)
}

// sweepOf describes a report's sweep for "is of another sweep" errors.
func sweepOf(h header) string {
	s := fmt.Sprintf("%q depth %d, seeds %d..%d", h.Target, h.Depth, h.From, h.From+uint64(max(h.Seeds, 1))-1)
	if h.SeedList != "" {
		s = fmt.Sprintf("%q depth %d, %d seeds of the list %s", h.Target, h.Depth, h.Seeds, h.SeedList)
	}
	if h.Shards > 0 {
		s += fmt.Sprintf(", %d shards", h.Shards)
	}
	return s
}

// Merge combines shard reports of one sweep (same target, depth, seeds and
// shard count; no shard twice) into the report one run would give, their
// timings kept side by side. Every report is checked as DecodeReport checks
// it; an error names the report at fault (its Source, else "report N").
// Its time and memory depend on the reports' sizes, not on their seeds.
func Merge(reports ...*Report) (*Report, error) {
	if len(reports) == 0 {
		return nil, errors.New("stats: nothing to merge")
	}
	first := reports[0].header()
	total := newAccum()
	owner := map[int]int{} // shard -> the report holding it
	var timing []Timing
	for i, r := range reports {
		a, err := r.accum()
		if err != nil {
			return nil, inReport(r.Source, i, err)
		}
		h := r.header()
		if h.Target != first.Target || h.Depth != first.Depth || h.From != first.From || h.Seeds != first.Seeds ||
			h.SeedList != first.SeedList || h.Shards != first.Shards {
			return nil, inReport(r.Source, i, fmt.Errorf("is of another sweep (%s; %s is of %s)",
				sweepOf(h), reportName(reports[0].Source, 0), sweepOf(first)))
		}
		if err := sameRules(reports[0], r); err != nil {
			return nil, inReport(r.Source, i, err)
		}
		if h.Shards == 0 && len(reports) > 1 {
			return nil, inReport(r.Source, i, errors.New("holds the whole sweep: there is nothing to merge it with"))
		}
		for _, s := range h.Shard {
			if j, ok := owner[s]; ok {
				return nil, inReport(r.Source, i, fmt.Errorf("shard %d of %d is also in %s", s, h.Shards, reportName(reports[j].Source, j)))
			}
			owner[s] = i
		}
		if seed, dup := total.merge(a); dup {
			return nil, inReport(r.Source, i, fmt.Errorf("seed %d is also in an earlier report", seed))
		}
		if n := total.bins(); n > MaxBins {
			return nil, inReport(r.Source, i, fmt.Errorf("with the reports before it, %d bins; a report holds at most %d", n, MaxBins))
		}
		timing = append(timing, r.Timing...)
	}
	h := first
	h.Shard = nil
	if len(owner) < h.Shards {
		for s := range owner {
			h.Shard = append(h.Shard, s)
		}
		slices.Sort(h.Shard)
	} else {
		h.Shards = 0 // every shard: the report of one run
	}
	out := total.report(h)
	out.Timing = timing
	return out, nil
}
