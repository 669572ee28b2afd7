# SPDX-License-Identifier: BSD-2-Clause
# cases.sh: the counts of a test script, sourced by the scripts whose
# checks are not all cases of their own.  A script counts a case with
# its ok or bad (pass and fail); the checks it makes between
# group_begin and group_end, generated from what it reads (an option of
# each --help, a value of each completion), are one case, failed when
# any of them failed, and the rest of them are its generated checks
# (gen).  cases_end NAME prints the two last lines tests/run.sh reads,
# "NAME: N cases, N generated checks" and "NAME: N passed, N failed".
gen=0

group_begin() {
	g_pass=$pass g_fail=$fail
}

group_end() {
	g_n=$((pass + fail - g_pass - g_fail))
	[ $g_n -gt 0 ] || return 0
	gen=$((gen + g_n - 1))
	if [ $fail -gt $g_fail ]; then
		pass=$g_pass fail=$((g_fail + 1))
	else
		pass=$((g_pass + 1)) fail=$g_fail
	fi
}

cases_end() {
	echo "$1: $((pass + fail)) cases, $gen generated checks"
	echo "$1: $pass passed, $fail failed"
}
