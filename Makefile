# SPDX-License-Identifier: BSD-2-Clause
# bgkit: build the library, the tools, the tests and the manuals.
# GNU make.  `make` builds lib/libbgkit.a, lib/libbgkit.so and bin/*;
# `make check` runs every test; `make install PREFIX=/usr/local DESTDIR=`
# installs.

PREFIX	?= /usr/local
BINDIR	?= $(PREFIX)/bin
LIBDIR	?= $(PREFIX)/lib
INCDIR	?= $(PREFIX)/include
MANDIR	?= $(PREFIX)/share/man
PKGDIR	?= $(LIBDIR)/pkgconfig
COMPDIR	?= $(PREFIX)/share/bash-completion/completions

CC	?= cc
AR	?= ar
CFLAGS	?= -O2 -g
WARN	= -std=c99 -Wall -Wextra -Wshadow -Wstrict-prototypes \
	  -Wmissing-prototypes -Wpointer-arith -Wno-unused-parameter
CPPFLAGS += -D_POSIX_C_SOURCE=200809L

# PCRE2, zlib (for eXtreme Gammon's compressed files; its header at
# build time, the library loaded when an XG file is read), libarchive
# (gzip, zip and tar inputs; its header at build time, the library
# loaded when an input is an archive) and Nettle (SHA-256, for
# fingerprints) are the dependencies.  When pkg-config cannot find them (a fresh Debian
# machine), tests/deps.sh installs what the build needs, or says exactly
# what to install.
DEPS_OK := $(shell pkg-config --exists libpcre2-8 zlib libarchive nettle 2>/dev/null && echo yes)
ifneq ($(DEPS_OK),yes)
ifeq ($(filter clean,$(MAKECMDGOALS)),)
$(info bgkit: libpcre2-8, zlib, libarchive or nettle not found by pkg-config; running tests/deps.sh build)
DEPS_RC := $(shell sh tests/deps.sh build >&2; echo $$?)
DEPS_OK := $(shell pkg-config --exists libpcre2-8 zlib libarchive nettle 2>/dev/null && echo yes)
ifneq ($(DEPS_OK),yes)
$(error bgkit: libpcre2-8, zlib, libarchive or nettle is still missing: install the Debian packages pkg-config, libpcre2-dev, zlib1g-dev, libarchive-dev and nettle-dev)
endif
endif
endif
PCRE_CFLAGS := $(shell pkg-config --cflags libpcre2-8 zlib libarchive nettle 2>/dev/null)
# What the library links: Nettle, -ldl and -lm.  libarchive, zlib and
# PCRE2 are not linked (lib/dynload_int.h): lib/source.c loads
# libarchive for an archive, lib/fmt_xg.c zlib for an XG file,
# lib/regex.c PCRE2 for the first pattern.
LIB_LIBS   := $(shell pkg-config --libs nettle 2>/dev/null) -ldl -lm

ALL_CFLAGS = $(WARN) $(CFLAGS) $(CPPFLAGS) $(PCRE_CFLAGS) -Ilib

LIB_SRC	= $(sort $(wildcard lib/*.c))
LIB_OBJ	= $(LIB_SRC:.c=.o)
LIB_HDR	= $(wildcard lib/*.h)
TOOLS	= bgmove bgcheck bgscore bgshow bgconv bggrep bgdiff bganalyse
TOOL_BIN = $(TOOLS:%=bin/%)
CLI_OBJ	= tools/cli.o tools/cli_jobs.o tools/cli_io.o tools/cli_input.o \
	  tools/cli_output.o tools/cli_opt.o tools/cli_progress.o \
	  tools/cli_open.o tools/cli_format.o
UNIT_SRC = $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN = $(UNIT_SRC:tests/unit/%.c=tests/unit/bin/%)
MAN	= $(wildcard man/*.[1-9])

# The shared library: libbgkit.so.1 is the soname, the version comes from
# bgkit.h; lib/bgkit.map exports the bg_ names only.  SOMAJOR counts the
# changes that break the binary interface (NEWS lists them), apart from
# the version: 0.1.0 was libbgkit.so.0.
VERSION	:= $(shell sed -n 's/^\#define BG_VERSION "\(.*\)"/\1/p' lib/bgkit.h)
SOMAJOR	= 1
SONAME	= libbgkit.so.$(SOMAJOR)
SHLIB	= libbgkit.so.$(VERSION)
PC_LIBDIR = $(patsubst $(PREFIX)/%,$${exec_prefix}/%,$(LIBDIR))
PC_INCDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCDIR))
# The names a section 3 page documents: the .Nm lines of its NAME.
MLINKS	= sed -n '/^\.Sh NAME/,/^\.Nd/s/^\.Nm \([a-z0-9_]*\).*/\1/p'

all: lib/libbgkit.a lib/libbgkit.so $(TOOL_BIN)

lib/%.o: lib/%.c $(LIB_HDR)
	$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<

tools/%.o: tools/%.c tools/cli.h lib/bgkit.h
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

lib/libbgkit.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

lib/$(SHLIB): $(LIB_OBJ) lib/bgkit.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
	    -Wl,--version-script=lib/bgkit.map -Wl,--no-undefined \
	    -o $@ $(LIB_OBJ) $(LIB_LIBS)

lib/libbgkit.so: lib/$(SHLIB)
	ln -sf $(SHLIB) lib/$(SONAME)
	ln -sf $(SONAME) $@

bin/%: tools/%.o $(CLI_OBJ) lib/libbgkit.a
	@mkdir -p bin
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< $(CLI_OBJ) lib/libbgkit.a $(LIB_LIBS)

# bggrep's options are a file of their own.
bin/bggrep: tools/bggrep.o tools/bggrep_opt.o $(CLI_OBJ) lib/libbgkit.a
	@mkdir -p bin
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ tools/bggrep.o tools/bggrep_opt.o \
	    $(CLI_OBJ) lib/libbgkit.a $(LIB_LIBS)

tools/bggrep.o tools/bggrep_opt.o: tools/bggrep.h

# bgconv's .gam of each game too.
bin/bgconv: tools/bgconv.o tools/bgconv_gam.o $(CLI_OBJ) lib/libbgkit.a
	@mkdir -p bin
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ tools/bgconv.o tools/bgconv_gam.o \
	    $(CLI_OBJ) lib/libbgkit.a $(LIB_LIBS)

tools/bgconv.o tools/bgconv_gam.o: tools/bgconv.h

# bgshow's warning of what an ID cannot hold is a file of its own.
bin/bgshow: tools/bgshow.o tools/bgshow_lost.o $(CLI_OBJ) lib/libbgkit.a
	@mkdir -p bin
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ tools/bgshow.o tools/bgshow_lost.o \
	    $(CLI_OBJ) lib/libbgkit.a $(LIB_LIBS)

tools/bgshow.o tools/bgshow_lost.o: tools/bgshow.h

# bganalyse's run (gnubg found, signals) and outputs are files of their own.
BGANALYSE_OBJ = tools/bganalyse.o tools/bganalyse_run.o tools/bganalyse_out.o
bin/bganalyse: $(BGANALYSE_OBJ) $(CLI_OBJ) lib/libbgkit.a
	@mkdir -p bin
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(BGANALYSE_OBJ) $(CLI_OBJ) \
	    lib/libbgkit.a $(LIB_LIBS)

$(BGANALYSE_OBJ): tools/bganalyse.h

# bgcheck -j checks files on several threads (tools/cli.c).
$(TOOL_BIN): LDFLAGS += -pthread

# The test programs are compiled once and linked again when the library
# changes (make mutate rebuilds them for every mutant).
UNIT_OBJDIR = tests/unit/obj

$(UNIT_OBJDIR)/%.o: tests/unit/%.c tests/unit/t.h $(LIB_HDR)
	@mkdir -p $(UNIT_OBJDIR)
	$(CC) $(ALL_CFLAGS) -Itests/unit -c -o $@ $<

$(UNIT_OBJDIR)/%.o: tests/%.c $(LIB_HDR)
	@mkdir -p $(UNIT_OBJDIR)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

tests/unit/bin/%: $(UNIT_OBJDIR)/%.o lib/libbgkit.a
	@mkdir -p tests/unit/bin
	$(CC) $(ALL_CFLAGS) -o $@ $< lib/libbgkit.a $(LIB_LIBS)

# test_nomem fails the library's allocations one at a time: every call of
# malloc, calloc, realloc and free goes through the test's wrappers.
# It reads two analysed XG files that tests/xgmake.py builds.
tests/unit/bin/test_nomem: $(UNIT_OBJDIR)/test_nomem.o lib/libbgkit.a \
    tests/unit/bin/analysis.xg tests/unit/bin/analysis-v30.xgp
	@mkdir -p tests/unit/bin
	$(CC) $(ALL_CFLAGS) -o $@ $< lib/libbgkit.a $(LIB_LIBS) \
	    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free

# test_inflate reads an XG file through inflate and crc32 functions that
# call zlib themselves.
tests/unit/bin/test_inflate: $(UNIT_OBJDIR)/test_inflate.o lib/libbgkit.a \
    tests/unit/bin/analysis.xg
	@mkdir -p tests/unit/bin
	$(CC) $(ALL_CFLAGS) -o $@ $< lib/libbgkit.a $(LIB_LIBS) -lz

tests/unit/bin/analysis.xg tests/unit/bin/analysis-v30.xgp: tests/xgmake.py
	@mkdir -p tests/unit/bin
	python3 tests/xgmake.py tests/xg/$(basename $(@F)).txt >$@.tmp && \
	    mv $@.tmp $@
tests/unit/bin/analysis.xg: tests/xg/analysis.txt
tests/unit/bin/analysis-v30.xgp: tests/xg/analysis-v30.txt

# The header must compile alone, strictly.
tests/unit/bin/header-alone: lib/bgkit.h
	@mkdir -p tests/unit/bin
	printf '#include "bgkit.h"\nint main(void){return bg_version()==0;}\n' \
	    > tests/unit/bin/header-alone.c
	$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -Ilib -fsyntax-only \
	    tests/unit/bin/header-alone.c
	touch $@

# `make check T=NAME` runs only the tests NAME names: a golden case path,
# prefix or glob, a unit test, a rules script, a corpus script or a
# manual page (tests/run.sh says how); `make check S="SUITE..."` only
# those suites.
# The suites run side by side, as many at once as there are processors
# (BGKIT_JOBS=N to choose).  check-build builds what they run.
T	=
S	=
check: check-build
	@sh tests/deps.sh test
	@sh tests/run.sh $(if $(S),$(S),'$(T)')

# What the test suites run: the library, the tools and the test programs.
check-build: all $(UNIT_BIN) tests/unit/bin/rulestest \
    tests/unit/bin/header-alone tests/unit/bin/matdump \
    tests/unit/bin/formatlist

# Mutation testing (tests/mutate.py): N mutants of lib/ drawn from SEED,
# each built and run through the suites; a survivor not listed in
# tests/mutate/equivalent.txt fails.  A report, not part of make check.
# W mutants are judged side by side; a run stopped halfway goes on where
# it stopped when run again on the same files.  SUITES (comma separated)
# runs those suites only.
N = 20
SEED = 1
W = 2
SUITES =
mutate: check-build
	@python3 tests/mutate.py -n $(N) -s $(SEED) -w $(W) \
	    $(if $(SUITES),--suites $(SUITES))

# bganalyse with the real gnubg on the 12 matches of tests/corpus/analysed
# (the analysis and gnubg's statistics of it, -j 2 against -j 1): minutes,
# so not in make check; CI runs it.
check-gnubg: check-build
	sh tests/corpus_analyse.sh all

.PHONY: check-gnubg

# CI's sample: the mutants tests/mutate/ci.txt names by id, each of
# which the unit suite must kill (only that suite runs, so that CI does
# not pay for a second run of the others on the unchanged tree).
mutate-ci: check-build
	@python3 tests/mutate.py --ids tests/mutate/ci.txt --suites unit -w $(W)

.PHONY: check-build mutate mutate-ci

# The sources' size limits alone (also run by make check, suite lint;
# tests/size.sh says which).
lint-size:
	@sh tests/size.sh

check-update: all tests/unit/bin/rulestest
ifeq ($(T),)
	@BGKIT_UPDATE=1 sh tests/run.sh golden
	@BGKIT_UPDATE=1 sh tests/run.sh rules
else
	@BGKIT_UPDATE=1 sh tests/run.sh '$(T)'
endif

demo: all
	@sh tests/demo.sh

# The benchmark (tests/bench/bench.sh, doc/performance.md): a report,
# not a test.
bench: all
	@sh tests/deps.sh bench
	@sh tests/bench/bench.sh

.PHONY: bench

# Fuzzing, the sanitizer runs and the scalar build: make fuzz,
# check-asan, check-valgrind, check-scalar; they build under build/.
include tests/fuzz/fuzz.mk

# The WebAssembly build and its tests: make js, check-js, web, check-web.
include js/js.mk

# The directories the dynamic linker searches: its own and ld.so.conf's.
# Installed elsewhere (a prefix of one's own), `make install` says what
# a program built on bgkit needs, as README.md does.
LD_DIRS = /lib /usr/lib /lib64 /usr/lib64 $(shell cat /etc/ld.so.conf \
	  /etc/ld.so.conf.d/*.conf 2>/dev/null | grep '^/')

# The tools link libbgkit statically; the shared library, its links and
# bgkit.pc are for other programs.  Each name of a section 3 page's NAME
# gets a link to the page, and each tool one to the bash completion.
install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR) \
	    $(DESTDIR)$(PKGDIR) $(DESTDIR)$(COMPDIR)
	mkdir -p $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	install -m 755 $(TOOL_BIN) $(DESTDIR)$(BINDIR)/
	install -m 644 lib/bgkit.h $(DESTDIR)$(INCDIR)/
	install -m 644 lib/libbgkit.a $(DESTDIR)$(LIBDIR)/
	install -m 755 lib/$(SHLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libbgkit.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(PC_LIBDIR)|' \
	    -e 's|@INCDIR@|$(PC_INCDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    lib/bgkit.pc.in >$(DESTDIR)$(PKGDIR)/bgkit.pc
	for m in $(MAN); do \
		s=$${m##*.}; install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s/; done
	for m in $(filter %.3,$(MAN)); do p=$${m##*/}; \
		for n in $$($(MLINKS) $$m); do [ $$n.3 = $$p ] || \
		ln -sf $$p $(DESTDIR)$(MANDIR)/man3/$$n.3; done; done
	install -m 644 tools/bgkit-completion.bash $(DESTDIR)$(COMPDIR)/bgkit
	for t in $(TOOLS); do ln -sf bgkit $(DESTDIR)$(COMPDIR)/$$t; done
ifeq ($(DESTDIR),)
	@$(if $(filter $(LIBDIR),$(LD_DIRS)),:,printf '%s\n' \
	    "bgkit: the dynamic linker does not search $(LIBDIR), nor pkg-config" \
	    "$(PKGDIR); a program built on bgkit finds them with" \
	    "  export PKG_CONFIG_PATH=$(PKGDIR)" \
	    "  cc -o prog prog.c \$$(pkg-config --cflags --libs bgkit) -Wl,-rpath,$(LIBDIR)" \
	    "or LD_LIBRARY_PATH=$(LIBDIR) when it runs (README.md, Installing)")
endif

uninstall:
	rm -f $(TOOLS:%=$(DESTDIR)$(BINDIR)/%) $(DESTDIR)$(INCDIR)/bgkit.h
	rm -f $(DESTDIR)$(LIBDIR)/libbgkit.a $(DESTDIR)$(LIBDIR)/$(SHLIB) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libbgkit.so \
	    $(DESTDIR)$(PKGDIR)/bgkit.pc
	for m in $(filter %.3,$(MAN)); do \
		for n in $$($(MLINKS) $$m); do \
		rm -f $(DESTDIR)$(MANDIR)/man3/$$n.3; done; done
	for m in $(MAN); do \
		s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m##*/}; done
	rm -f $(DESTDIR)$(COMPDIR)/bgkit $(TOOLS:%=$(DESTDIR)$(COMPDIR)/%)

clean:
	rm -f lib/*.o tools/*.o lib/libbgkit.a lib/libbgkit.so*
	rm -rf bin tests/unit/bin $(UNIT_OBJDIR)

.PHONY: all check check-build check-update demo install uninstall clean lint-size
.SECONDARY: $(LIB_OBJ) $(TOOLS:%=tools/%.o) $(CLI_OBJ) \
    $(UNIT_SRC:tests/unit/%.c=$(UNIT_OBJDIR)/%.o) \
    $(UNIT_OBJDIR)/rulestest.o $(UNIT_OBJDIR)/matdump.o \
    $(UNIT_OBJDIR)/formatlist.o
