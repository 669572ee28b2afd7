# SPDX-License-Identifier: BSD-2-Clause
# bgkit-completion.bash: bash completion for the bgkit tools: their
# options, the values of the options that take a fixed set (formats,
# styles, variants, start positions) and file names for the operands.
# Sourced by bash, installed by `make install` as
# share/bash-completion/completions/bgkit with a link per tool, so that
# bash-completion loads it on demand; it needs nothing from that package.
# The options come from the tool's own --help ("  -x, --long ARG  ..."
# lines), so a new option completes as soon as --help lists it; the
# values are listed here.

# The options of tool $1, one a line.
_bgkit_opts()
{
	local help
	help=$("$1" --help 2>/dev/null) || return 0
	printf '%s\n' "$help" | grep -o -- '^ *-[A-Za-z0-9],' | tr -d ' ,'
	printf '%s\n' "$help" | grep -o -- '--[a-z][a-z-]*' | sort -u
}

# The values option $2 of tool $1 takes; status 1 if it is not known
# here.
_bgkit_values()
{
	case $1:$2 in
	bgmove:-s | bgmove:--style)
		echo gnubg mat xg ;;
	bgmove:--absolute)
		echo up down auto ;;
	bgmove:-T | bgmove:--format | bgcheck:-T | bgcheck:--format)
		echo text json ;;
	bgscore:-T | bgscore:--format)
		echo text csv json ;;
	bgmove:-V | bgmove:--variant | bgshow:-V | bgshow:--variant)
		echo standard nackgammon hyper1 hyper2 hyper3 tavla ;;
	bgmove:-p | bgmove:--position | bgshow:-p | bgshow:--position)
		echo start nackgammon hyper1 hyper2 hyper3 tavla ;;
	bgshow:-T | bgshow:--format)
		echo text svg xgid gnubgid fibs json ogid ;;
	bgshow:-b | bgshow:--bottom)
		echo 0 1 ;;
	bgshow:--direction)
		echo ccw cw ;;
	bgconv:-T | bgconv:--format)
		# The writers of bg_format_list(3), in its order (tests/tools.sh).
		echo mat sgf json html gam snowie ;;
	bganalyse:-T | bganalyse:--format)
		echo sgf json ;;
	bganalyse:--level)
		echo beginner casual intermediate advanced expert worldclass \
		    supremo grandmaster ;;
	bganalyse:--players)
		echo 0 1 both ;;
	bganalyse:--rollout-of)
		echo plays cubes both ;;
	bgconv:-f | bgconv:--from | bgcheck:-f | bgcheck:--from | \
	    bgscore:-f | bgscore:--from | bgshow:-f | bgshow:--from | \
	    bggrep:-f | bggrep:--from | bgdiff:-f | bgdiff:--from | \
	    bganalyse:-f | bganalyse:--from)
		# The readers of bg_format_list(3), in its order (tests/tools.sh).
		echo mat sgf json xg gam snowie pos gnubgtext positions fibslog oldmoves xgtext ;;
	bggrep:-T | bggrep:--format)
		echo mat sgf json text ;;
	bggrep:-k | bggrep:--result)
		echo single gammon backgammon bearoff drop resign ;;
	bggrep:--require)
		echo roll dice cube score ;;
	bggrep:--mark)
		echo doubtful bad very_bad lucky very_lucky unlucky very_unlucky ;;
	bgconv:-s | bgconv:--style)
		echo gnubg xg ;;
	bgcheck:-w | bgcheck:--warning | bgconv:-w | bgconv:--warning | \
	    bgshow:-w | bgshow:--warning | bgmove:-w | bgmove:--warning)
		# The warnings of bgcheck(1)'s DIAGNOSTICS, off and on.
		for w in hit_not_marked hit_marker_without_hit \
		    unexpected_eof bad_encoding non_canonical_spelling \
		    unfinished_game jacoby_full_value_written \
		    automatic_double_inferred not_replayed sgf_variation \
		    not_written not_read match_not_won illegal_play \
		    fibslog_gap; do
			echo "no-$w $w"
		done ;;
	*)
		return 1 ;;
	esac
}

# The argument option $2 of tool $1 takes, as its --help names it
# ("DICE", "FILE"); nothing if it takes none.  Only FILE and OUTPUT
# complete file names.
_bgkit_arg()
{
	"$1" --help 2>/dev/null | sed -n \
	    -e "s/^ *$2, --[a-z-]* \\([A-Z][A-Z]*\\) .*/\\1/p" \
	    -e "s/^ *-[A-Za-z0-9], $2 \\([A-Z][A-Z]*\\) .*/\\1/p" \
	    -e "s/^ *$2 \\([A-Z][A-Z]*\\) .*/\\1/p" | head -n 1
}

# Whether tool $1 takes file operands.
_bgkit_files()
{
	case $1 in
	bgmove) return 1 ;;
	*) return 0 ;;
	esac
}

_bgkit()
{
	local cmd cur prev vals arg
	COMPREPLY=()
	cmd=${COMP_WORDS[0]##*/}
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=
	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	# "--format=js" arrives as "--format" "=" "js" (= is a word break).
	if [ "$cur" = = ]; then
		cur=
	elif [ "$prev" = = ] && [ "$COMP_CWORD" -gt 1 ]; then
		prev=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	case $prev in
	-*)
		if vals=$(_bgkit_values "$cmd" "$prev"); then
			COMPREPLY=($(compgen -W "$vals" -- "$cur"))
			return 0
		fi
		arg=$(_bgkit_arg "${COMP_WORDS[0]}" "$prev")
		case $arg in
		"") ;;
		FILE | OUTPUT)
			compopt -o filenames 2>/dev/null
			COMPREPLY=($(compgen -f -- "$cur"))
			return 0 ;;
		DIR)
			compopt -o filenames 2>/dev/null
			COMPREPLY=($(compgen -d -- "$cur"))
			return 0 ;;
		*)
			return 0 ;;
		esac
		;;
	esac
	case $cur in
	-*)
		COMPREPLY=($(compgen -W "$(_bgkit_opts "${COMP_WORDS[0]}")" \
		    -- "$cur"))
		;;
	*)
		if _bgkit_files "$cmd"; then
			compopt -o filenames 2>/dev/null
			COMPREPLY=($(compgen -f -- "$cur"))
		fi
		;;
	esac
	return 0
}

complete -F _bgkit bgmove bgcheck bgscore bgshow bgconv bggrep bgdiff \
    bganalyse
