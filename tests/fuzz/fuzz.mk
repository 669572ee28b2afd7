# SPDX-License-Identifier: BSD-2-Clause
# fuzz.mk: the hardening targets, included by the Makefile.
#  make fuzz [FUZZ_SECONDS=N] [FUZZ_SEED=N] [FUZZ=harness...]: build the libFuzzer
#	harnesses tests/fuzz/fuzz_*.c with clang (libFuzzer, ASan, UBSan)
#	into build/fuzz and run each for N seconds (default 60); any
#	finding fails (tests/fuzz/run.sh).
#  make check-asan: the test suite (but the page and the lints) on a
#	build with AddressSanitizer and UndefinedBehaviorSanitizer, in
#	build/asan (tests/sanitize.sh).
#  make check-valgrind: the golden fixtures with every tool under
#	valgrind memcheck, in build/valgrind.
#  make check-scalar: the suites that run the library directly on a
#	build without the SSE2
#	code paths (-U__SSE2__), in build/scalar, so that the portable
#	code the other processors run is tested too.
# Each builds in its own directory under build/ and never touches the
# objects of the normal build.

FUZZ_CC		?= clang
FUZZ_SECONDS	?= 60
FUZZ_DIR	= build/fuzz
FUZZ_SAN	= -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS	= -std=c99 -g -O1 -fno-omit-frame-pointer $(FUZZ_SAN) \
		  $(CPPFLAGS) $(PCRE_CFLAGS) -Ilib
FUZZ_ALL	= $(sort $(patsubst tests/fuzz/fuzz_%.c,%,\
		  $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ		?= $(FUZZ_ALL)
FUZZ_OBJ	= $(LIB_SRC:lib/%.c=$(FUZZ_DIR)/lib/%.o)

$(FUZZ_DIR)/lib/%.o: lib/%.c $(LIB_HDR)
	@mkdir -p $(FUZZ_DIR)/lib
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

# zlib for the harnesses that make their inputs with it (fuzz_xg.c
# deflates the XG files it builds); the library loads its own.
FUZZ_LIBS	:= $(shell pkg-config --libs zlib 2>/dev/null)

$(FUZZ_DIR)/%: tests/fuzz/fuzz_%.c tests/fuzz/records.h $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) \
	    $(LIB_LIBS) $(FUZZ_LIBS)

fuzz-build:
	@sh tests/deps.sh fuzz
	@$(MAKE) --no-print-directory $(FUZZ:%=$(FUZZ_DIR)/%)

fuzz: fuzz-build
	@FUZZ_SEED=$(FUZZ_SEED) sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_DIR) $(FUZZ)

check-asan:
	@sh tests/sanitize.sh asan

check-valgrind: all
	@sh tests/sanitize.sh valgrind

check-scalar:
	@sh tests/sanitize.sh scalar

# The objects are kept between runs, not removed as intermediates.
.SECONDARY: $(FUZZ_OBJ)

.PHONY: fuzz fuzz-build check-asan check-valgrind check-scalar
