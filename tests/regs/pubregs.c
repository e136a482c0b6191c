/* Reading the public register headers; see pubregs.h. */
#include "pubregs.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool pubregs_literal(const char *s, uint64_t *out)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	*out = strtoull(s, &end, 0);
	if (errno)
		return false;
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	while (*end == ' ' || *end == '\t')
		end++;
	return *end == '\0' || *end == '\n' || *end == '\r' || !strncmp(end, "/*", 2) ||
	       !strncmp(end, "//", 2);
}

bool pubregs_define(const char *line, const char **name, size_t *len, const char **value)
{
	const char *s = line;

	while (*s == ' ' || *s == '\t')
		s++;
	if (strncmp(s, "#define", 7) || (s[7] != ' ' && s[7] != '\t'))
		return false;
	s += 7;
	while (*s == ' ' || *s == '\t')
		s++;
	*name = s;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	*len = (size_t)(s - *name);
	if (!*len)
		return false;
	/* A function-like macro keeps its '(' as the value's first character. */
	while (*s == ' ' || *s == '\t')
		s++;
	*value = s;
	return true;
}

static int add_def(struct pubregs *p, const char *name, size_t len, uint64_t value,
		   const char *file, unsigned line)
{
	if (p->count == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 4096;
		struct pubreg *d = realloc(p->defs, cap * sizeof(*d));

		if (!d)
			return -ENOMEM;
		p->defs = d;
		p->cap = cap;
	}
	p->defs[p->count] = (struct pubreg){
		.name = strndup(name, len), .value = value, .file = file, .line = line
	};
	if (!p->defs[p->count].name)
		return -ENOMEM;
	p->count++;
	return 0;
}

int pubregs_add_file(struct pubregs *p, const char *file)
{
	FILE *f = fopen(file, "r");
	char buf[1024];
	unsigned line = 0;
	char **files;
	int r = 0;

	if (!f) {
		r = -errno;
		fprintf(stderr, "%s: %s\n", file, strerror(errno));
		return r;
	}
	files = realloc(p->files, (p->nfiles + 1) * sizeof(*files));
	if (!files || !(files[p->nfiles] = strdup(file))) {
		if (files)
			p->files = files;
		fclose(f);
		return -ENOMEM;
	}
	p->files = files;
	file = files[p->nfiles++];
	while (r == 0 && fgets(buf, sizeof(buf), f)) {
		const char *name, *value;
		size_t len;
		uint64_t v;

		line++;
		if (!pubregs_define(buf, &name, &len, &value) || *value == '(')
			continue;
		if (pubregs_literal(value, &v))
			r = add_def(p, name, len, v, file, line);
	}
	fclose(f);
	return r;
}

static int cmp_def(const void *a, const void *b)
{
	const struct pubreg *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

void pubregs_finish(struct pubregs *p)
{
	size_t out = 0;

	qsort(p->defs, p->count, sizeof(*p->defs), cmp_def);
	for (size_t i = 0; i < p->count; i++) {
		if (out && !strcmp(p->defs[out - 1].name, p->defs[i].name)) {
			free(p->defs[i].name);
			continue;
		}
		p->defs[out++] = p->defs[i];
	}
	p->count = out;
}

static int cmp_key(const void *key, const void *elem)
{
	return strcmp(key, ((const struct pubreg *)elem)->name);
}

const struct pubreg *pubregs_find(const struct pubregs *p, const char *name)
{
	return p->count ? bsearch(name, p->defs, p->count, sizeof(*p->defs), cmp_key) : NULL;
}

const struct pubreg *pubregs_findf(const struct pubregs *p, const char *fmt, ...)
{
	char name[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(name))
		return NULL;
	return pubregs_find(p, name);
}

uint32_t pubregs_field_masks(const struct pubregs *p, const char *reg)
{
	char prefix[256];
	size_t lo = 0, hi = p->count, plen;
	uint32_t masks = 0;

	if (snprintf(prefix, sizeof(prefix), "%s__", reg) >= (int)sizeof(prefix))
		return 0;
	plen = strlen(prefix);
	/* First name >= prefix; the fields of REG follow it contiguously. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(p->defs[mid].name, prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < p->count && !strncmp(p->defs[i].name, prefix, plen); i++) {
		const char *n = p->defs[i].name;
		size_t len = strlen(n);

		if (len > 5 && !strcmp(n + len - 5, "_MASK"))
			masks |= (uint32_t)p->defs[i].value;
	}
	return masks;
}

void pubregs_free(struct pubregs *p)
{
	for (size_t i = 0; i < p->count; i++)
		free(p->defs[i].name);
	for (size_t i = 0; i < p->nfiles; i++)
		free(p->files[i]);
	free(p->defs);
	free(p->files);
	*p = (struct pubregs){ 0 };
}

static int add_pair(struct pubregs *p, const char *dir, const char *gen)
{
	static const char *const parts[] = { "d", "sh_mask" };
	char path[4096];

	for (size_t i = 0; i < 2; i++) {
		int r;

		if (snprintf(path, sizeof(path), "%s/%s_%s.h", dir, gen, parts[i]) >=
		    (int)sizeof(path))
			return -ENAMETOOLONG;
		r = pubregs_add_file(p, path);
		if (r)
			return r;
	}
	return 0;
}

int pubregs_load_dce(struct pubregs *p, const char *dir, const char *gen)
{
	int r = add_pair(p, dir, gen);

	if (!r)
		pubregs_finish(p);
	return r;
}

int pubregs_load_gen(struct pubregs *p, const char *dir, const char *gen)
{
	int r = add_pair(p, dir, gen);

	if (!r)
		r = add_pair(p, dir, "gmc_8_1");
	if (!r)
		pubregs_finish(p);
	return r;
}
