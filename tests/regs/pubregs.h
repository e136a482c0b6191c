/*
 * AMD's public register headers (third_party/amd-registers/) read as data:
 * every `#define NAME <integer literal>` of the files given, sorted by name.
 * Used by the regs suite to compare dc/ and sim/ with them and to judge the
 * simulator's write trace.
 */
#ifndef PUBREGS_H
#define PUBREGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pubreg {
	char *name;
	uint64_t value;
	const char *file; /* the file it came from (for messages) */
	unsigned line;
};

struct pubregs {
	struct pubreg *defs;
	size_t count, cap;
	char **files;
	size_t nfiles;
};

/*
 * Parses a C integer literal (decimal, hex, octal; u/l suffixes) at *s and
 * stops at whitespace, a comment or the end. Returns false for anything else
 * (an expression, a cast, a string).
 */
bool pubregs_literal(const char *s, uint64_t *out);

/*
 * Splits a `#define NAME VALUE` line: false for any other line. A
 * function-like macro's value starts with '('.
 */
bool pubregs_define(const char *line, const char **name, size_t *len, const char **value);

/* Adds the defines of FILE; 0 or -errno (a message on stderr). */
int pubregs_add_file(struct pubregs *p, const char *file);
/* Sorts after the last pubregs_add_file; duplicates keep the first. */
void pubregs_finish(struct pubregs *p);
const struct pubreg *pubregs_find(const struct pubregs *p, const char *name);
/* Same with the name built from a format. */
const struct pubreg *pubregs_findf(const struct pubregs *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * The union of the _MASK values of every field the header gives register
 * REG (the generic name without "mm"); 0 when it lists none.
 */
uint32_t pubregs_field_masks(const struct pubregs *p, const char *reg);
void pubregs_free(struct pubregs *p);

/*
 * Loads the public d.h and sh_mask.h of one generation ("dce_10_0",
 * "dce_11_0", "dce_11_2") from DIR; 0 or -errno.
 */
int pubregs_load_dce(struct pubregs *p, const char *dir, const char *gen);
/*
 * The same plus the memory controller header every one of these parts
 * shares for the registers dc writes outside the DCE block (gmc_8_1: the
 * memory hub's DMIF limit; GMC 8.2 of Stoney has it at the same place).
 */
int pubregs_load_gen(struct pubregs *p, const char *dir, const char *gen);

#endif
