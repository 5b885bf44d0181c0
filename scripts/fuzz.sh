#!/usr/bin/env bash
# Runs every loader's fuzz target in turn for FUZZTIME (default 10m) with
# FUZZPAR workers (default 1) and prints a Markdown table: target, minutes,
# executions, executions per second, outcome. A failing input is written by
# `go test` under the package's testdata/fuzz/<Target>/ (commit it: it becomes
# a regression seed that `make test` runs).
#
#   scripts/fuzz.sh                      # all targets, 10 minutes each
#   FUZZTIME=30s scripts/fuzz.sh FuzzParseDice
set -u
cd "$(dirname "$0")/.."
FUZZTIME=${FUZZTIME:-10m}
FUZZPAR=${FUZZPAR:-1}
LOG=${FUZZLOG:-/tmp/hewn-fuzz}
mkdir -p "$LOG"

# package:target: the JSON tree every loader reads through, and the chain,
# builder parameter, content, project, theme, prefab template, REXPaint .xp,
# dice, play key, play session and stats merge loaders, and the game played with a fuzzed
# content pack (FuzzPackPlay). (FuzzCheckJSON, FuzzLayoutTree,
# FuzzRandomChains and the rest run as regression seeds in `make test`; name
# one to fuzz it: scripts/fuzz.sh FuzzKeys.)
TARGETS=(
	./chain/jsonfile:FuzzParse
	./chain:FuzzDecode
	./chain:FuzzDecodeTheme
	./chain/builders:FuzzBuilderParamValues
	./chain/prefab:FuzzParse
	./chain/prefab:FuzzReadXP
	./content:FuzzLoad
	./content:FuzzParseDice
	./projects:FuzzDecode
	./projects:FuzzPlayKeys
	./projects:FuzzStatsMerge
	./projects/play:FuzzPackPlay
	./projects/play:FuzzSession
)
EXTRA=(
	./chain:FuzzCheckJSON
	./chain/jsonfile:FuzzLayoutTree
	./chain/builders:FuzzRandomChains
	./chain/builders:FuzzEveryBuilderParams
	./content:FuzzParseSmall
	./projects/play:FuzzKeys
)

want=("$@")
[ ${#want[@]} -gt 0 ] && TARGETS+=("${EXTRA[@]}")
echo "| target | package | minutes | executions | per second | outcome |"
echo "|---|---|---|---|---|---|"
status=0
for t in "${TARGETS[@]}"; do
	pkg=${t%%:*} name=${t##*:}
	if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$name"; then
		continue
	fi
	out="$LOG/${pkg//\//_}_$name.log"
	go test -run '^$' -fuzz "^$name\$" -fuzztime "$FUZZTIME" -parallel "$FUZZPAR" "$pkg" >"$out" 2>&1
	rc=$?
	last=$(grep -E 'execs: [0-9]+' "$out" | tail -1)
	execs=$(sed -E 's/.*execs: ([0-9]+).*/\1/' <<<"$last")
	elapsed=$(sed -E 's/.*elapsed: ([0-9hms]+),.*/\1/' <<<"$last")
	secs=$(awk -v e="$elapsed" 'BEGIN{s=0; n=""; for(i=1;i<=length(e);i++){c=substr(e,i,1); if(c~/[0-9]/){n=n c} else {if(c=="h")s+=n*3600; if(c=="m")s+=n*60; if(c=="s")s+=n; n=""}} print (s>0?s:1)}')
	mins=$(awk -v s="$secs" 'BEGIN{printf "%.1f", s/60}')
	rate=$(awk -v x="${execs:-0}" -v s="$secs" 'BEGIN{printf "%.0f", x/s}')
	if [ $rc -eq 0 ]; then
		outcome="no failure"
	else
		status=1
		outcome="FAILED: $(grep -m1 -E 'Failing input written to|panic:|--- FAIL' "$out" | sed 's/|/\\|/g')"
	fi
	echo "| $name | $pkg | $mins | ${execs:-0} | $rate | $outcome |"
done
exit $status
