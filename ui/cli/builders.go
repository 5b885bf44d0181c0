package cli

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"hewn/chain"
	"hewn/chain/jsonfile"
)

// buildersCmd lists the registered builders, or describes one: its kind, help,
// preconditions and every parameter with its type (chain.ParamType's name,
// and the JSON shape of a type that names something: "entity (string)"),
// default, range and choices.
func buildersCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("builders", stderr)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(pos) > 1 {
		return usageErr(stderr, "builders", "want at most one builder NAME")
	}
	if len(pos) == 0 {
		for _, s := range chain.Specs() {
			fmt.Fprintf(stdout, "%-30s %s\n", s.Name, s.Kind)
		}
		return exitOK
	}
	s, ok := chain.Lookup(pos[0])
	if !ok {
		return inputErr(stderr, fmt.Errorf("unknown builder %q (hewn builders lists them)", pos[0]))
	}
	fmt.Fprintf(stdout, "%s (%s)\n  %s\n", s.Name, s.Kind, s.Help)
	if s.Needs != 0 {
		fmt.Fprintf(stdout, "  needs: %s\n", s.Needs)
	}
	if s.Makes != 0 {
		fmt.Fprintf(stdout, "  makes: %s\n", s.Makes)
	}
	for _, p := range s.Params {
		fmt.Fprintf(stdout, "\n  %s: %s%s\n", p.Name, p.Type, paramDetails(p))
		if p.Help != "" {
			fmt.Fprintf(stdout, "    %s\n", p.Help)
		}
	}
	return exitOK
}

func paramDetails(p chain.Param) string {
	var parts []string
	if base := p.Type.Base(); base != p.Type {
		parts = append(parts, base.String()) // what the JSON holds: "entity (string; ...)"
	}
	if len(p.Choices) > 0 {
		parts = append(parts, "one of "+strings.Join(p.Choices, ", "))
	}
	if p.HasRange() {
		parts = append(parts, fmt.Sprintf("range %s..%s", strconv.FormatFloat(p.Min, 'g', -1, 64), strconv.FormatFloat(p.Max, 'g', -1, 64)))
	}
	if p.Default != nil {
		switch d := p.Default.(type) {
		case []chain.Step:
			if len(d) > 0 {
				parts = append(parts, "default "+jsonfile.Count(len(d), "step"))
			}
		case []string:
			if len(d) > 0 {
				parts = append(parts, "default "+strings.Join(d, ", "))
			}
		case []chain.PaintCell:
			if len(d) > 0 {
				parts = append(parts, "default "+jsonfile.Count(len(d), "cell"))
			}
		case string:
			if d != "" {
				parts = append(parts, "default "+d)
			}
		default:
			parts = append(parts, fmt.Sprintf("default %v", d))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}
