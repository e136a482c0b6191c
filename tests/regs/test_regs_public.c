/*
 * Every register offset, field mask and shift that dc/ and sim/ define,
 * compared with AMD's public register headers (third_party/amd-registers/):
 * the same name must exist there with the same value.
 *
 *  - `mmNAME` (a register) and `REG__FIELD_MASK` / `REG__FIELD__SHIFT`
 *    (a field) defines in any .c or .h file below dc/ and sim/, with an
 *    integer literal as value (anything else cannot be checked and fails).
 *  - Plain names are DCE 11.0 names (dce_11_0_*.h) or, for the memory
 *    controller (MC_HUB_RDREQ_DMIF_LIMIT, the MC_VM_* of dc/mc/mc_regs.h),
 *    GMC 8.1 names (gmc_8_1_*.h), which must also be in Stoney's GMC 8.2
 *    with the same value: the MMIO space of a Carrizo holds both. A name with the prefix
 *    DCE100_ or DCE112_ is the part of the per-generation lists for DCE 10.0
 *    or DCE 11.2 and is checked, without the prefix, in dce_10_0_*.h or
 *    dce_11_2_*.h; OSS30_ and OSS301_ name the IH block (dc/ih/ih_regs.h)
 *    and are checked in oss_3_0_*.h and oss_3_0_1_*.h; BIF50_ names the
 *    bus interface's MM_INDEX/MM_DATA pair (sim/sim_regs.c), checked in
 *    bif_5_0_*.h.
 *  - Per-instance offset tables (`static const uint32_t x_offsets[]`): entry
 *    n added to the generic register must give the address the public
 *    headers name for instance n (mmCRTC1_CRTC_CONTROL, mmDIG1_DIG_FE_CNTL,
 *    mmDC_I2C_DDC2_SPEED, ...), in every generation's header that has it,
 *    and every entry must be confirmed by at least one such register.
 *  - There are no exceptions: a name in no public header (a register of
 *    the simulator's own, say) fails.
 *
 * Usage: test-regs-public SOURCE_ROOT
 */
#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pubregs.h"

enum gen {
	GEN_11_0,
	GEN_10_0,
	GEN_11_2,
	GEN_OSS_3_0,
	GEN_OSS_3_0_1,
	GEN_BIF_5_0,
	GEN_COUNT
};

static const char *const gen_file[GEN_COUNT] = { "dce_11_0", "dce_10_0",  "dce_11_2",
						 "oss_3_0",  "oss_3_0_1", "bif_5_0" };
static const char *const gen_prefix[GEN_COUNT] = { "",	     "DCE100_", "DCE112_",
						   "OSS30_", "OSS301_", "BIF50_" };

/* How the public headers name instance n of a register of a table. */
enum inst_kind {
	INST_PREFIX,  /* mm<P><n>_<REG> for a block prefix P */
	INST_FORMAT,  /* registers named by a format: "%u" is n + base */
	INST_CONTINUE /* DISP_INTERRUPT_STATUS, _CONTINUE, _CONTINUE2, ... */
};

struct table_rule {
	const char *table;
	enum inst_kind kind;
	const char *const *names; /* prefixes (INST_PREFIX) or formats (INST_FORMAT) */
	unsigned base;		  /* INST_FORMAT: the number of entry 0 */
};

static const char *const crtc_blocks[] = { "CRTC", "DCP", "LB", "SCL", "FMT", "DMIF_PG", NULL };
static const char *const dig_blocks[] = { "DIG", "DP", NULL };
static const char *const uniphy_blocks[] = { "BPHYC_UNIPHY", NULL };
static const char *const hpd_blocks[] = { "HPD", NULL };
static const char *const aux_blocks[] = { "DP_AUX", NULL };
/* The registers dce110_i2c.c and sim_i2c.c index with the DDC table. */
static const char *const ddc_regs[] = { "mmDC_I2C_DDC%u_SPEED", "mmDC_I2C_DDC%u_SETUP", NULL };
static const char *const dmif_regs[] = { "mmPIPE%u_DMIF_BUFFER_CONTROL", NULL };
static const char *const pg_regs[] = { "mmPIPE%u_PG_CONFIG", "mmPIPE%u_PG_ENABLE",
				       "mmPIPE%u_PG_STATUS", NULL };
static const char *const pixclk_regs[] = { "mmCRTC%u_PIXEL_RATE_CNTL", "mmDP_DTO%u_PHASE",
					   "mmDP_DTO%u_MODULO", NULL };

static const struct table_rule table_rules[] = {
	{ "dce110_crtc_offsets", INST_PREFIX, crtc_blocks, 0 },
	{ "dce110_dig_offsets", INST_PREFIX, dig_blocks, 0 },
	{ "dce110_uniphy_offsets", INST_PREFIX, uniphy_blocks, 0 },
	{ "dce110_hpd_offsets", INST_PREFIX, hpd_blocks, 0 },
	{ "dce110_aux_offsets", INST_PREFIX, aux_blocks, 0 },
	{ "dce110_ddc_offsets", INST_FORMAT, ddc_regs, 1 },
	{ "dce110_pixclk_offsets", INST_FORMAT, pixclk_regs, 0 },
	{ "dce110_dmif_offsets", INST_FORMAT, dmif_regs, 0 },
	{ "dce110_pg_offsets", INST_FORMAT, pg_regs, 0 },
	{ "dce110_disp_int_status_offsets", INST_CONTINUE, NULL, 0 },
};

struct srcdef {
	char *name;
	uint64_t value;
	char *where; /* file:line */
};

struct srctable {
	char *name;
	uint64_t v[64];
	unsigned n;
	char *where;
};

static struct srcdef *defs;
static size_t ndefs;
static struct srctable *tables;
static size_t ntables;
static unsigned failures;
static char root[4096];

#define FAIL(...)                                      \
	do {                                           \
		fprintf(stderr, "FAIL: " __VA_ARGS__); \
		fputc('\n', stderr);                   \
		failures++;                            \
	} while (0)

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("realloc");
		exit(2);
	}
	return p;
}

static char *xasprintf_where(const char *path, unsigned line)
{
	char *s;

	if (asprintf(&s, "%s:%u", path + strlen(root) + 1, line) < 0)
		exit(2);
	return s;
}

/* A register (mmFOO) or field (REG__FIELD_MASK, REG__FIELD__SHIFT) name. */
static bool is_reg_name(const char *n)
{
	size_t len = strlen(n);

	if (!strncmp(n, "mm", 2) && isupper((unsigned char)n[2]))
		return true;
	if (!strstr(n, "__") || !isupper((unsigned char)n[0]))
		return false;
	return (len > 7 && !strcmp(n + len - 7, "__SHIFT")) ||
	       (len > 5 && !strcmp(n + len - 5, "_MASK") && strstr(n, "__") < n + len - 5);
}

static enum gen name_gen(const char **name)
{
	for (int g = GEN_COUNT - 1; g > 0; g--) {
		size_t len = strlen(gen_prefix[g]);

		if (!strncmp(*name, gen_prefix[g], len)) {
			*name += len;
			return (enum gen)g;
		}
	}
	return GEN_11_0;
}

static void scan_table(FILE *f, const char *path, unsigned *line, const char *first)
{
	struct srctable t = { 0 };
	const char *s = strstr(first, "uint32_t") + 8;
	char buf[1024];
	bool open = false;
	size_t len;

	while (*s == ' ')
		s++;
	len = strcspn(s, "[ ");
	t.name = strndup(s, len);
	t.where = xasprintf_where(path, *line);
	strncpy(buf, first, sizeof(buf) - 1);
	buf[sizeof(buf) - 1] = '\0';
	for (;;) {
		char *p = open ? buf : strchr(buf, '{');

		if (p) {
			open = true;
			if (*p == '{')
				p++;
			while (*p && *p != '}') {
				uint64_t v;
				char *end;

				if (isdigit((unsigned char)*p)) {
					errno = 0;
					v = strtoull(p, &end, 0);
					if (errno || t.n == 64) {
						FAIL("%s: table %s: unreadable entry", t.where,
						     t.name);
						break;
					}
					t.v[t.n++] = v;
					p = end;
				} else {
					p++;
				}
			}
			if (*p == '}')
				break;
		}
		if (!fgets(buf, sizeof(buf), f))
			break;
		(*line)++;
	}
	tables = xrealloc(tables, (ntables + 1) * sizeof(*tables));
	tables[ntables++] = t;
}

static int scan_file(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	size_t len = strlen(path);
	unsigned line = 0;
	char buf[1024];
	FILE *f;

	(void)st;
	(void)ftw;
	if (type != FTW_F || len < 2 ||
	    (strcmp(path + len - 2, ".c") && strcmp(path + len - 2, ".h")))
		return 0;
	f = fopen(path, "r");
	if (!f) {
		FAIL("%s: %s", path, strerror(errno));
		return 0;
	}
	while (fgets(buf, sizeof(buf), f)) {
		const char *s, *name, *bare;
		struct srcdef d;
		size_t nlen;

		line++;
		if (strstr(buf, "static const uint32_t") && strstr(buf, "_offsets[")) {
			scan_table(f, path, &line, buf);
			continue;
		}
		if (!pubregs_define(buf, &name, &nlen, &s))
			continue;
		d.name = strndup(name, nlen);
		bare = d.name;
		name_gen(&bare);
		/* A function-like macro is not a register either. */
		if (!is_reg_name(bare) || *s == '(') {
			free(d.name);
			continue;
		}
		d.where = xasprintf_where(path, line);
		if (!pubregs_literal(s, &d.value)) {
			FAIL("%s: %s is not an integer literal, so it cannot be checked", d.where,
			     d.name);
			free(d.name);
			free(d.where);
			continue;
		}
		defs = xrealloc(defs, (ndefs + 1) * sizeof(*defs));
		defs[ndefs++] = d;
	}
	fclose(f);
	return 0;
}

static unsigned checked_defs;

static unsigned checked_gmc82;

/*
 * A memory controller name (found in gmc_8_1) must mean the same on
 * Stoney's GMC 8.2: dc and the simulator use one definition for both.
 */
static void check_gmc82(const struct pubregs *gmc82, const struct srcdef *d, const char *name,
			const struct pubreg *r)
{
	const struct pubreg *s;

	if (!strstr(r->file, "gmc_8_1"))
		return;
	s = pubregs_find(gmc82, name);
	checked_gmc82++;
	if (!s)
		FAIL("%s: %s is in gmc_8_1 but not in gmc_8_2_*.h (Stoney)", d->where, name);
	else if (s->value != d->value)
		FAIL("%s: %s is 0x%llx, gmc_8_2 says 0x%llx (%s:%u)", d->where, d->name,
		     (unsigned long long)d->value, (unsigned long long)s->value, s->file, s->line);
}

static void check_defs(const struct pubregs pub[GEN_COUNT], const struct pubregs *gmc82)
{
	for (size_t i = 0; i < ndefs; i++) {
		const char *name = defs[i].name;
		enum gen g = name_gen(&name);
		const struct pubreg *r;

		if (!is_reg_name(name))
			continue;
		r = pubregs_find(&pub[g], name);
		checked_defs++;
		if (!r)
			FAIL("%s: %s is not in %s_*.h", defs[i].where, name, gen_file[g]);
		else if (r->value != defs[i].value)
			FAIL("%s: %s is 0x%llx, %s says 0x%llx (%s:%u)", defs[i].where,
			     defs[i].name, (unsigned long long)defs[i].value, gen_file[g],
			     (unsigned long long)r->value, r->file, r->line);
		else
			check_gmc82(gmc82, &defs[i], name, r);
	}
	/* Two files defining one name differently would make the check moot. */
	for (size_t i = 0; i < ndefs; i++)
		for (size_t j = i + 1; j < ndefs; j++)
			if (!strcmp(defs[i].name, defs[j].name) && defs[i].value != defs[j].value)
				FAIL("%s and %s define %s differently", defs[i].where,
				     defs[j].where, defs[i].name);
}

/* The public name of instance n of register REG (generic, "mm..."), or false. */
static bool instance_name(const struct table_rule *rule, const char *prefix, const char *reg,
			  unsigned n, char *out, size_t size)
{
	const char *bare = reg + 2;
	char generic[256];

	switch (rule->kind) {
	case INST_PREFIX:
		return snprintf(out, size, "mm%s%u_%s", prefix, n, bare) < (int)size;
	case INST_FORMAT:
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
		snprintf(generic, sizeof(generic), prefix, rule->base);
		if (strcmp(generic, reg))
			return false;
		return snprintf(out, size, prefix, rule->base + n) < (int)size;
#pragma GCC diagnostic pop
	case INST_CONTINUE:
		if (strcmp(bare, "DISP_INTERRUPT_STATUS"))
			return false;
		if (n == 0)
			return snprintf(out, size, "%s", reg) < (int)size;
		if (n == 1)
			return snprintf(out, size, "%s_CONTINUE", reg) < (int)size;
		return snprintf(out, size, "%s_CONTINUE%u", reg, n) < (int)size;
	}
	return false;
}

static unsigned checked_instances;

static void check_table(const struct pubregs pub[GEN_COUNT], const struct srctable *t)
{
	const struct table_rule *rule = NULL;

	for (size_t i = 0; i < sizeof(table_rules) / sizeof(table_rules[0]); i++)
		if (!strcmp(table_rules[i].table, t->name))
			rule = &table_rules[i];
	if (!rule) {
		FAIL("%s: no rule says how the public headers name the instances of %s", t->where,
		     t->name);
		return;
	}
	for (unsigned n = 0; n < t->n; n++) {
		unsigned confirmed = 0;

		for (size_t i = 0; i < ndefs; i++) {
			const char *reg = defs[i].name;
			const char *const one[] = { "", NULL };
			const char *const *pre = rule->names ? rule->names : one;

			if (strncmp(reg, "mm", 2))
				continue;
			for (; *pre; pre++) {
				char inst[256];

				if (!instance_name(rule, *pre, reg, n, inst, sizeof(inst)))
					continue;
				for (int g = 0; g < GEN_COUNT; g++) {
					const struct pubreg *r = pubregs_find(&pub[g], inst);

					if (!r)
						continue;
					confirmed++;
					checked_instances++;
					if (r->value != defs[i].value + t->v[n])
						FAIL("%s: %s entry %u: %s + 0x%llx = 0x%llx, but "
						     "%s "
						     "has %s at 0x%llx",
						     t->where, t->name, n, reg,
						     (unsigned long long)t->v[n],
						     (unsigned long long)(defs[i].value + t->v[n]),
						     gen_file[g], inst,
						     (unsigned long long)r->value);
				}
			}
		}
		if (!confirmed)
			FAIL("%s: %s entry %u (0x%llx) is the address of no instance in any public "
			     "header",
			     t->where, t->name, n, (unsigned long long)t->v[n]);
	}
}

int main(int argc, char **argv)
{
	struct pubregs pub[GEN_COUNT] = { 0 }, gmc82 = { 0 };
	char dir[4200];

	if (argc != 2) {
		fprintf(stderr, "usage: %s SOURCE_ROOT\n", argv[0]);
		return 2;
	}
	snprintf(root, sizeof(root), "%s", argv[1]);
	snprintf(dir, sizeof(dir), "%s/third_party/amd-registers", root);
	for (int g = 0; g < GEN_COUNT; g++)
		if (pubregs_load_gen(&pub[g], dir, gen_file[g]))
			return 2;
	if (pubregs_load_dce(&gmc82, dir, "gmc_8_2"))
		return 2;
	for (const char *sub = "dc"; sub; sub = strcmp(sub, "dc") ? NULL : "sim") {
		char path[4200];

		snprintf(path, sizeof(path), "%s/%s", root, sub);
		if (nftw(path, scan_file, 16, FTW_PHYS)) {
			fprintf(stderr, "%s: %s\n", path, strerror(errno));
			return 2;
		}
	}
	check_defs(pub, &gmc82);
	for (size_t i = 0; i < ntables; i++)
		check_table(pub, &tables[i]);
	printf("%zu defines read, %u registers and fields checked by name (%u of them also in "
	       "GMC 8.2), %zu tables with %u instance addresses checked; %u failures\n",
	       ndefs, checked_defs, checked_gmc82, ntables, checked_instances, failures);
	pubregs_free(&gmc82);
	for (int g = 0; g < GEN_COUNT; g++)
		pubregs_free(&pub[g]);
	for (size_t i = 0; i < ndefs; i++) {
		free(defs[i].name);
		free(defs[i].where);
	}
	for (size_t i = 0; i < ntables; i++) {
		free(tables[i].name);
		free(tables[i].where);
	}
	free(defs);
	free(tables);
	return failures ? 1 : 0;
}
