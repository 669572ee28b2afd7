/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgkit_regex.c: the WebAssembly build's dlopen(), which lib/ calls for
 * PCRE2, zlib and libarchive on first use (lib/dynload_int.h).  The
 * module holds none of them, so the call for zlib or libarchive fails
 * and what needs them says so; for PCRE2 it gives the few functions
 * lib/regex.c looks up, carried out by JavaScript's RegExp: the .mat
 * reader's patterns (lib/fmt_mat_grammar.c) are written in the part of
 * PCRE2's syntax that RegExp reads the same way, once \s and \S are
 * spelled as PCRE2 means them without PCRE2_UTF (six ASCII blanks; a
 * RegExp's \s also takes U+00A0).  The JavaScript here is written
 * without backslashes, which emscripten 3.1.6 cannot carry in EM_JS.  The subject's bytes are handed to
 * RegExp as the characters U+0000 to U+00FF, so that its offsets are
 * byte offsets, as PCRE2's are without PCRE2_UTF.  A RegExp has no
 * bound on backtracking: the match and depth limits are accepted and
 * not applied.  Linked instead of emscripten's own dlopen, which aborts
 * the program in a module not built for dynamic linking.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

/* What a compiled pattern is here: its RegExp's place in the table. */
struct pcre2_real_code_8 {
	int	 id;
};

struct pcre2_real_match_data_8 {
	uint32_t	 pairs;
	PCRE2_SIZE	 ov[];
};

struct pcre2_real_match_context_8 {
	uint32_t	 limit;
};

/* The RegExp table lives on the module: one per instance. */
EM_JS(int, js_rx_compile, (const char *pat, size_t len, int caseless), {
	var s = String();
	for (var i = 0; i < len; i++)
		s += String.fromCharCode(HEAPU8[pat + i]);
	var bs = String.fromCharCode(92);
	var blank = String.fromCharCode(9, 10, 11, 12, 13, 32);
	var out = String();
	for (i = 0; i < s.length; i++) {
		if (s[i] === bs && s[i + 1] === 's')
			out += '[' + blank + ']';
		else if (s[i] === bs && s[i + 1] === 'S')
			out += '[^' + blank + ']';
		else if (s[i] === bs)
			out += s[i] + s[i + 1];
		else
			out += s[i];
		if (s[i] === bs)
			i++;
	}
	var re;
	try {
		re = new RegExp(out, caseless ? 'id' : 'd');
	} catch (e) {
		return -1;
	}
	var t = Module.bgkitRegex || (Module.bgkitRegex = []);
	var k = t.indexOf(null);
	if (k < 0)
		k = t.push(null) - 1;
	t[k] = re;
	return k;
});

EM_JS(void, js_rx_free, (int id), {
	Module.bgkitRegex[id] = null;
});

/* Match: the count of pairs set (highest group + 1), -1 for none. */
EM_JS(int, js_rx_match, (int id, const char *subj, size_t len, size_t start,
    size_t *ov, uint32_t pairs), {
	var re = Module.bgkitRegex[id];
	var parts = [];
	for (var i = 0; i < len; i += 8192)
		parts.push(String.fromCharCode.apply(null,
		    HEAPU8.subarray(subj + i, subj + Math.min(len, i + 8192))));
	var m = re.exec(parts.join(String()).substring(start));
	if (m === null)
		return -1;
	var top = 0;
	for (var k = 0; k < m.indices.length; k++) {
		var at = m.indices[k];
		if (k < pairs) {
			HEAPU32[(ov >> 2) + 2 * k] = at ? at[0] + start : -1;
			HEAPU32[(ov >> 2) + 2 * k + 1] = at ? at[1] + start : -1;
		}
		if (at)
			top = k + 1;
	}
	return top > pairs ? 0 : top;
});

static pcre2_code *
rx_compile(PCRE2_SPTR pat, PCRE2_SIZE len, uint32_t opts, int *err,
    PCRE2_SIZE *erroff, pcre2_compile_context *cc)
{
	pcre2_code *c;

	if (len == PCRE2_ZERO_TERMINATED)
		len = strlen((const char *)pat);
	*err = PCRE2_ERROR_INTERNAL;
	*erroff = 0;
	if ((c = malloc(sizeof *c)) == NULL)
		return NULL;
	if ((c->id = js_rx_compile((const char *)pat, len,
	    (opts & PCRE2_CASELESS) != 0)) < 0) {
		free(c);
		return NULL;
	}
	*err = 0;
	return c;
}

static void
rx_code_free(pcre2_code *c)
{
	if (c == NULL)
		return;
	js_rx_free(c->id);
	free(c);
}

static int
rx_match(const pcre2_code *c, PCRE2_SPTR s, PCRE2_SIZE len, PCRE2_SIZE start,
    uint32_t opts, pcre2_match_data *md, pcre2_match_context *mc)
{
	uint32_t i;
	int rc;

	for (i = 0; i < 2 * md->pairs; i++)
		md->ov[i] = PCRE2_UNSET;
	rc = js_rx_match(c->id, (const char *)s, len, start, md->ov,
	    md->pairs);
	return rc < 0 ? PCRE2_ERROR_NOMATCH : rc;
}

static pcre2_match_data *
rx_md_create(uint32_t pairs, pcre2_general_context *gc)
{
	pcre2_match_data *md;

	if (pairs == 0)
		pairs = 1;
	if ((md = malloc(sizeof *md + 2 * pairs * sizeof md->ov[0])) == NULL)
		return NULL;
	md->pairs = pairs;
	return md;
}

static void
rx_md_free(pcre2_match_data *md)
{
	free(md);
}

static pcre2_match_context *
rx_mc_create(pcre2_general_context *gc)
{
	return calloc(1, sizeof (pcre2_match_context));
}

static void
rx_mc_free(pcre2_match_context *mc)
{
	free(mc);
}

static int
rx_limit(pcre2_match_context *mc, uint32_t n)
{
	mc->limit = n;
	return 0;
}

static PCRE2_SIZE *
rx_ovector(pcre2_match_data *md)
{
	return md->ov;
}

static uint32_t
rx_ovcount(pcre2_match_data *md)
{
	return md->pairs;
}

static int
rx_errmsg(int code, PCRE2_UCHAR *buf, PCRE2_SIZE size)
{
	static const char msg[] = "not a pattern JavaScript reads";

	if (size == 0)
		return PCRE2_ERROR_NOMEMORY;
	strncpy((char *)buf, msg, size - 1);
	buf[size - 1] = 0;
	return (int)strlen((char *)buf);
}

/* The functions lib/regex.c asks for, by their 8-bit names. */
static const struct {
	const char	*name;
	void		*fn;
} pcre2_fns[] = {
	{ "pcre2_compile_8", (void *)rx_compile },
	{ "pcre2_match_8", (void *)rx_match },
	{ "pcre2_code_free_8", (void *)rx_code_free },
	{ "pcre2_match_data_create_8", (void *)rx_md_create },
	{ "pcre2_match_data_free_8", (void *)rx_md_free },
	{ "pcre2_match_context_create_8", (void *)rx_mc_create },
	{ "pcre2_match_context_free_8", (void *)rx_mc_free },
	{ "pcre2_set_match_limit_8", (void *)rx_limit },
	{ "pcre2_set_depth_limit_8", (void *)rx_limit },
	{ "pcre2_get_ovector_pointer_8", (void *)rx_ovector },
	{ "pcre2_get_ovector_count_8", (void *)rx_ovcount },
	{ "pcre2_get_error_message_8", (void *)rx_errmsg },
};

/* The handle of "PCRE2": any pointer that is not NULL. */
static const char pcre2_handle[] = "pcre2";

void *
dlopen(const char *name, int flags)
{
	if (name != NULL && strcmp(name, "libpcre2-8.so.0") == 0)
		return (void *)pcre2_handle;
	return NULL;
}

void *
dlsym(void *restrict dl, const char *restrict name)
{
	size_t i;

	if (dl != pcre2_handle)
		return NULL;
	for (i = 0; i < sizeof pcre2_fns / sizeof pcre2_fns[0]; i++)
		if (strcmp(pcre2_fns[i].name, name) == 0)
			return pcre2_fns[i].fn;
	return NULL;
}

int
dlclose(void *dl)
{
	return 0;
}
