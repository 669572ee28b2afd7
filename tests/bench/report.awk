# report.awk: print the benchmark table from tests/bench/out/raw.txt
# (written by bench.sh): one row per input set, then the ratios the
# targets are stated in (doc/performance.md), each marked ok or MISSED.

function mb(b) { return b / 1e6 }
function fmt_rate(x) {
	if (x >= 1e6)
		return sprintf("%.1f M", x / 1e6)
	return sprintf("%.0f k", x / 1e3)
}
function verdict(ok) { return ok ? "ok" : "MISSED" }
function row(label, set, cmd, wc, rssk,    t, r) {
	t = med[cmd]
	if (t == "")
		return
	printf "| %s | %d | %.1f | %d | %d | %.3f s | %s | %.0f | ", label,
	    files[set], mb(bytes[set]), games[set], rolls[set], t,
	    fmt_rate(rolls[set] / t), mb(bytes[set]) / t
	if (wc != "" && med[wc] > 0)
		printf "%.1f | ", t / med[wc]
	else
		printf "- | "
	if (set == "match" && gnet > 0)
		printf "%.1f | ", gnet / t
	else
		printf "- | "
	printf "%s |\n", rssk == "" ? "-" : sprintf("%.1f MB", rssk / 1024)
}

NR == 1 && $0 != "times" { machine = $0; next }
/^inputs/ { gen = $0; sub(/.*in /, "", gen); sub(/ s.*/, "", gen); ins = 1; next }
ins && NF == 5 { files[$1] = $2; bytes[$1] = $3; games[$1] = $4; rolls[$1] = $5; next }
/^times$/ { ins = 0; csv = 1; next }
csv && /^command,/ { next }
csv && /,/ {
	split($0, f, ",")
	med[f[1]] = f[4]
	cpu[f[1]] = f[5] + f[6]
	next
}
/^rss / { csv = 0; rss_match = $2; rss_session = $3; rss_one = $4; next }
/^ir / { ir = $2; irm = $3; irg = $4; next }
/^worst / { wn = $2; wmed = $3; wmin = $4; wir = $5; next }
/^mutants / { nmut = $2; next }
/^gnubgplays / { gplays = $2; next }
/^analyse / { an = 1; ang = $2; anbw = $3; angw = $4; anbc = $5; ankc = $6
	angc = $7; next }
/^ncpu / { ncpu = $2; next }

# The statistics row alone (stats.sh gives only its times).
function stats_row(    g) {
	if (med["bgscore-stats"] == "")
		return
	printf "statistics of the 12 analysed matches: bgscore --statistics -T json %.3f s", med["bgscore-stats"]
	if (med["gnubg-stats"] != "") {
		g = med["gnubg-stats"] - med["gnubg-stats-start"]
		printf "; gnubg load match + show statistics match %.3f s, start-up %.3f s subtracted: %.1fx\n", med["gnubg-stats"], med["gnubg-stats-start"], g / med["bgscore-stats"]
	} else
		printf "; gnubg not installed, no comparison\n"
}

END {
	if (machine == "") {
		# stats.sh alone.
		stats_row()
		exit
	}
	gnet = ""
	if (med["gnubg-match"] != "")
		gnet = med["gnubg-match"] - med["gnubg-start"]
	print machine
	print ""
	print "| input | files | MB | games | rolls | bgcheck -j 1 (median) | rolls/s | MB/s | x wc -l | x gnubg net | peak RSS (median of 7) |"
	print "|---|---|---|---|---|---|---|---|---|---|---|"
	row("match files", "match", "bgcheck-match", "wc-match", rss_match)
	row("money session", "session", "bgcheck-session", "wc-session", rss_session)
	row("2,400 games, one file", "one", "bgcheck-one", "", rss_one)
	row("2,400 games, 240 files", "split", "bgcheck-split", "", "")
	row("2,000 games, one file", "tinyone", "bgcheck-tinyone", "", "")
	row("2,000 games, 2,000 files", "tiny", "bgcheck-tiny", "", "")
	print ""
	if (gnet != "")
		printf "gnubg import mat of the match files: %.3f s, start-up %.3f s subtracted: %s rolls/s\n",
		    med["gnubg-match"], med["gnubg-start"], fmt_rate(rolls["match"] / gnet)
	else
		print "gnubg: not installed, no comparison"
	if (ir != "")
		printf "callgrind: %.0f instructions per roll (2,400 games in 240 files)\n", ir / rolls["split"]
	if (irg != "" && irm > 0)
		printf "callgrind, match files: bgcheck %.0f, gnubg import %.0f instructions per roll (start-up subtracted): %.1fx\n", irm / rolls["match"], irg / rolls["match"], irg / irm
	if (cpu["bgcheck-match"] > 0 && cpu["gnubg-match"] != "")
		printf "CPU time (user + system, means), match files: %.1fx gnubg net; session: %.1fx wc -l\n", (cpu["gnubg-match"] - cpu["gnubg-start"]) / cpu["bgcheck-match"], cpu["bgcheck-session"] / cpu["wc-session"]
	if (med["bggrep-position"] != "")
		printf "bggrep -p (a position) on the match files: %.3f s, %.2f times bgcheck\n",
		    med["bggrep-position"], med["bggrep-position"] / med["bgcheck-match"]
	if (med["bggrep-dups"] != "")
		printf "bggrep -D (copies by fingerprint) on the match files: %.3f s, %.2f times bgcheck\n",
		    med["bggrep-dups"], med["bggrep-dups"] / med["bgcheck-match"]
	if (med["bgcheck-match-j"] != "")
		printf "-j %d on the match files: %.3f s, %.2f times the speed of -j 1; CPU time (user + system, means) %.3f s, -j 1 %.3f s\n",
		    ncpu, med["bgcheck-match-j"], med["bgcheck-match"] / med["bgcheck-match-j"], cpu["bgcheck-match-j"], cpu["bgcheck-match"]
	if (med["bgcheck-tiny"] != "" && files["tiny"] > 0)
		printf "a file: %.1f us a one-game file (-j 1, %d files), %.1f us more than its game in one file; CPU time (user + system, means): %.1f us, %.1f us more\n",
		    med["bgcheck-tiny"] / files["tiny"] * 1e6, files["tiny"],
		    (med["bgcheck-tiny"] - med["bgcheck-tinyone"]) / files["tiny"] * 1e6,
		    cpu["bgcheck-tiny"] / files["tiny"] * 1e6,
		    (cpu["bgcheck-tiny"] - cpu["bgcheck-tinyone"]) / files["tiny"] * 1e6
	printf "worst position (1-1, 15 checkers on 15 points): %d plays listed in %.1f us (median; fastest %.1f us)", wn, wmed, wmin
	if (wir != "")
		printf "; %d instructions", wir
	if (gplays != "")
		printf "; gnubg's hint list: %d plays", gplays
	printf "\n"
	if (med["python-positions"] != "")
		printf "Python (the bgkit package), every position of the money session as a Position object: %.1f s; bgshow -a -T json: %.1f s (medians); CPU time (user + system, means): %.1f s and %.1f s\n", med["python-positions"], med["bgshow-positions"], cpu["python-positions"], cpu["bgshow-positions"]
	else
		print "Python: python3 not installed, no comparison"
	stats_row()
	if (an)
		printf "bganalyse --plies 0 -j 2, 7 matches (%d games): %.1f s, %.2f games/s; gnubg alone, file after file: %.1f s, %.2f games/s; CPU time (user + system): bganalyse's own %.2f s beside its gnubg's %.2f s (gnubg alone %.2f s)\n", ang, anbw, ang / anbw, angw, ang / angw, anbc - ankc, ankc, angc
	printf "exactness: every generated file valid; %d mutants, each error found at its line\n", nmut
	printf "inputs generated in %s s\n", gen
	print ""
	print "targets:"
	if (gnet != "") {
		x = gnet / med["bgcheck-match"]
		printf "  %-6s at least 15x gnubg's net import speed (aim 20): %.1fx\n", verdict(x >= 15), x
	}
	x = med["bgcheck-session"] / med["wc-session"]
	printf "  %-6s at most 15x wc -l on the money session (aim 8): %.1fx\n", verdict(x <= 15), x
	x = med["bgcheck-one"] / med["bgcheck-split"]
	printf "  %-6s one file / 240 files at most 1.2: %.2f\n", verdict(x <= 1.2), x
	x = rss_match; if (rss_session > x) x = rss_session; if (rss_one > x) x = rss_one
	printf "  %-6s peak RSS at most 16 MB: %.1f MB\n", verdict(x <= 16 * 1024), x / 1024
	printf "  %-6s peak RSS on the money session under 2 MB: %.2f MB\n", verdict(rss_session < 2 * 1024), rss_session / 1024
	printf "  %-6s worst position under 100 us: %.1f us\n", verdict(wmed < 100), wmed
	if (an) {
		x = (anbc - ankc) / ankc
		printf "  %-6s bganalyse's own CPU time at most 10%% of its gnubg's: %.1f%%\n", verdict(x <= 0.1), 100 * x
	}
	if (med["python-positions"] != "" && cpu["python-positions"] > 0) {
		# In CPU time, which a busy machine moves less than wall time
		# (both run on one core); the wall ratio beside it.
		x = cpu["bgshow-positions"] / cpu["python-positions"]
		printf "  %-6s Python at least 0.25x the speed of bgshow -a -T json (every position, CPU time): %.2fx (wall medians: %.2fx)\n", verdict(x >= 0.25), x, med["bgshow-positions"] / med["python-positions"]
	}
}
