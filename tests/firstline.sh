# SPDX-License-Identifier: BSD-2-Clause
# firstline.sh: sourced by the corpus scripts that check where bgcheck
# puts a record's first problem.  msgline FILE: the line number of the
# first message in FILE ("bgcheck: NAME:LINE:..."), or nothing when it
# has none; the message itself is left in $first.
msgline() {
	first=""
	IFS= read -r first <"$1"
	case $first in
	"bgcheck: "*:*:*)
		r=${first#bgcheck: }
		r=${r#*:}
		r=${r%%:*}
		case $r in ''|*[!0-9]*) ;; *) echo "$r" ;; esac ;;
	esac
}
