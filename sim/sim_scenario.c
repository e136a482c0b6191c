/*
 * Scenario JSON, top level and connectors (docs/scenarios.md). Everything
 * is validated: unknown keys, wrong types, values out of range, conflicts
 * between connectors; an error names the file, the JSON path and the reason.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dc_bios.h"
#include "sim_internal.h"
#include "sim_json.h"
#include "sim_scenario.h"

static const char *const asic_names[] = { "carrizo",   "stoney",    "tonga",	 "fiji",
					  "polaris10", "polaris11", "polaris12", NULL };
static const char *const type_names[] = { "DP", "HDMI", "DVI", "eDP", NULL };
static const char *const name_prefix[] = { "DP", "HDMI-A", "DVI-D", "eDP" };

/* Number of DIG encoders of an ASIC profile (see sim_profile_apply). */
static unsigned profile_digs(unsigned asic)
{
	switch (asic) {
	case SIM_ASIC_TONGA:
	case SIM_ASIC_FIJI:
		return 7;
	case SIM_ASIC_POLARIS10:
		return 6;
	case SIM_ASIC_POLARIS11:
	case SIM_ASIC_POLARIS12:
		return 5;
	default:
		return 9;
	}
}

/* hpd, ddc, aux: 1-based line numbers in the file, unique among connectors. */
static int parse_line(struct sj_ctx *ctx, const char *path, json_object *v, const char *key,
		      bool required, unsigned *used, int *out)
{
	char kpath[SJ_PATH_MAX];
	int64_t x;
	int r = sj_int(ctx, path, v, key, required, 1, 6, &x);

	if (r <= 0)
		return r;
	if (*used & (1u << x)) {
		sj_key_path(kpath, path, key);
		return sj_fail(ctx, kpath, "%s %lld is used by another connector already", key,
			       (long long)x);
	}
	*used |= 1u << x;
	*out = (int)x - 1;
	return 1;
}

struct used {
	unsigned hpd, ddc, aux, dig;
	unsigned per_type[4];
};

static int parse_connector(struct sj_ctx *ctx, const char *path, json_object *v,
			   struct sim_config *cfg, struct used *used, struct sim_connector *c)
{
	static const char *const keys[] = { "name",    "type",	  "hpd",     "ddc", "aux",
					    "encoder", "plugged", "display", NULL };
	char kpath[SJ_PATH_MAX];
	json_object *disp;
	const char *name = NULL;
	unsigned type;
	int64_t enc;
	int line, r;
	bool plugged;

	if ((r = sj_object(ctx, path, v, keys)) < 0)
		return r;
	memset(c, 0, sizeof(*c));
	if ((r = sj_enum(ctx, path, v, "type", true, type_names, &type)) < 0)
		return r;
	c->type = (uint8_t)type;
	used->per_type[type]++;
	if ((r = sj_string(ctx, path, v, "name", false, sizeof(c->name) - 1, &name)) < 0)
		return r;
	if (r > 0 && !*name) {
		sj_key_path(kpath, path, "name");
		return sj_fail(ctx, kpath, "empty name");
	}
	if (name)
		snprintf(c->name, sizeof(c->name), "%s", name);
	else
		snprintf(c->name, sizeof(c->name), "%s-%u", name_prefix[type],
			 used->per_type[type]);
	for (unsigned i = 0; i < cfg->nconnectors; i++)
		if (!strcmp(cfg->connectors[i].name, c->name))
			return sj_fail(ctx, path, "connector name \"%s\" is used twice", c->name);

	if ((r = parse_line(ctx, path, v, "hpd", true, &used->hpd, &line)) < 0)
		return r;
	c->hpd = (uint8_t)line;
	if ((r = parse_line(ctx, path, v, "ddc", true, &used->ddc, &line)) < 0)
		return r;
	c->ddc = (uint8_t)line;
	c->aux = -1;
	if (type == SIM_CONN_DP || type == SIM_CONN_EDP) {
		if ((r = parse_line(ctx, path, v, "aux", true, &used->aux, &line)) < 0)
			return r;
		c->aux = (int8_t)line;
	} else if (json_object_object_get_ex(v, "aux", NULL)) {
		sj_key_path(kpath, path, "aux");
		return sj_fail(ctx, kpath, "%s connectors have no AUX channel", type_names[type]);
	}
	if ((r = sj_int(ctx, path, v, "encoder", true, 0, profile_digs(cfg->asic) - 1, &enc)) < 0)
		return r;
	if (used->dig & (1u << enc)) {
		sj_key_path(kpath, path, "encoder");
		return sj_fail(ctx, kpath, "DIG %lld drives another connector already",
			       (long long)enc);
	}
	used->dig |= 1u << enc;
	c->dig = (uint8_t)enc;

	if (json_object_object_get_ex(v, "display", &disp)) {
		sj_key_path(kpath, path, "display");
		if ((r = sim_display_parse(ctx, kpath, disp, c->type, &c->display)) < 0)
			return r;
	}
	plugged = c->display.present;
	if ((r = sj_bool(ctx, path, v, "plugged", &plugged)) < 0)
		return r;
	if (plugged && !c->display.present)
		return sj_fail(ctx, path, "plugged is true but no display is described");
	if (type == SIM_CONN_EDP && !plugged)
		return sj_fail(ctx, path, "an eDP connector needs its (plugged) panel");
	c->plugged = plugged;
	return 0;
}

/* "vga_console": the DP or eDP connector the firmware's VGA console is on (sim_vga.c). */
static int parse_vga_console(struct sj_ctx *ctx, json_object *root, struct sim_config *cfg)
{
	const char *name = NULL;
	int r;

	cfg->vga_console = -1;
	if ((r = sj_string(ctx, "", root, "vga_console", false, 64, &name)) < 0 || !name)
		return r < 0 ? r : 0;
	for (unsigned i = 0; i < cfg->nconnectors; i++) {
		const struct sim_connector *c = &cfg->connectors[i];

		if (strcmp(c->name, name))
			continue;
		if (c->type != SIM_CONN_DP && c->type != SIM_CONN_EDP)
			return sj_fail(ctx, "vga_console",
				       "\"%s\" is not a DP or eDP connector: the simulated console "
				       "runs from pipe 0's DP DTO",
				       name);
		cfg->vga_console = (int8_t)i;
		return 0;
	}
	return sj_fail(ctx, "vga_console", "no connector is called \"%s\"", name);
}

static int parse_top(struct sj_ctx *ctx, json_object *root, struct sim_config *cfg)
{
	static const char *const keys[] = {
		"asic",	      "clock", "ref_clock_khz", "dp_ref_clock_khz", "ddc_bus_timing",
		"connectors", "vbios", "vram_mib",	"posted",	    "vga_console",
		NULL
	};
	static const char *const clocks[] = { "virtual", "real", NULL };
	char ipath[SJ_PATH_MAX];
	struct used used = { 0 };
	json_object *arr;
	unsigned asic, clock = 0;
	const char *vbios = NULL;
	int64_t x;
	int r, ref_given, dpref_given;

	if ((r = sj_object(ctx, "", root, keys)) < 0)
		return r;
	if ((r = sj_enum(ctx, "", root, "asic", true, asic_names, &asic)) < 0)
		return r;
	cfg->asic = (uint8_t)asic;
	if ((r = sj_enum(ctx, "", root, "clock", false, clocks, &clock)) < 0)
		return r;
	cfg->clock_real = clock == 1;
	x = 27000;
	if ((ref_given = sj_int(ctx, "", root, "ref_clock_khz", false, 1000, 200000, &x)) < 0)
		return ref_given;
	cfg->ref_khz = (uint32_t)x;
	x = 600000;
	if ((dpref_given = sj_int(ctx, "", root, "dp_ref_clock_khz", false, 100000, 1200000, &x)) <
	    0)
		return dpref_given;
	cfg->dpref_khz = (uint32_t)x;
	cfg->dentist_vco_khz = dc_bios_dentist_vco_khz(NULL); /* an image says otherwise */
	if ((r = sj_string(ctx, "", root, "vbios", false, 1024, &vbios)) < 0)
		return r;
	/* dcd --vbios: this engine's ROM is that file, whatever the scenario names */
	if (ctx->vbios)
		vbios = ctx->vbios;
	/*
	 * Carrizo and Stoney run on AMD's image, Tonga, Fiji and Polaris on our
	 * own (sim_own_vbios.c) built from the clocks above, unless the scenario
	 * names another image or none ("").
	 */
	if (!vbios && cfg->asic == SIM_ASIC_CARRIZO)
		vbios = "CarrizoGenericVbios.bin";
	else if (!vbios && cfg->asic == SIM_ASIC_STONEY)
		vbios = "StoneyGenericVbios.bin";
	if (vbios && vbios[0])
		r = sim_vbios_parse(ctx, vbios, ref_given > 0, dpref_given > 0, cfg);
	else if (!vbios && (r = sim_own_vbios_build(ctx, cfg)) == 0)
		r = sim_vbios_take(ctx,
				   cfg->asic >= SIM_ASIC_POLARIS10 ? SIM_OWN_VBIOS_DCE112
								   : SIM_OWN_VBIOS_DCE100,
				   cfg->vbios_len, false, false, cfg);
	if (r < 0)
		return r;
	if ((r = sj_bool(ctx, "", root, "ddc_bus_timing", &cfg->ddc_timing)) < 0)
		return r;
	/* the system firmware posted the GPU (ASIC_Init ran), unless the scenario says not */
	{
		bool posted = true;

		if ((r = sj_bool(ctx, "", root, "posted", &posted)) < 0)
			return r;
		cfg->unposted = !posted;
	}
	/* VRAM behind the BAR; MC_VM_FB_LOCATION counts it in 16 MiB */
	x = SIM_VRAM_DEFAULT_MIB;
	if ((r = sj_int(ctx, "", root, "vram_mib", false, 16, SIM_VRAM_MAX_MIB, &x)) < 0)
		return r;
	if (x % 16)
		return sj_fail(ctx, "vram_mib",
			       "%lld MiB is not a multiple of 16 MiB (MC_VM_FB_LOCATION's unit)",
			       (long long)x);
	cfg->vram_mib = (uint32_t)x;
	if ((r = sj_array(ctx, "", root, "connectors", true, 1, SIM_MAX_CONNECTORS, &arr)) < 0)
		return r;
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		sj_index_path(ipath, "connectors", i);
		r = parse_connector(ctx, ipath, json_object_array_get_idx(arr, i), cfg, &used,
				    &cfg->connectors[i]);
		if (r < 0)
			return r;
		cfg->nconnectors = (uint8_t)(i + 1);
	}
	return parse_vga_console(ctx, root, cfg);
}

int sim_scenario_parse(const char *json, size_t len, const char *name, const char *dir,
		       struct sim_config *cfg, struct sim_error *err)
{
	return sim_scenario_parse_vbios(json, len, name, dir, NULL, cfg, err);
}

int sim_scenario_parse_vbios(const char *json, size_t len, const char *name, const char *dir,
			     const char *vbios, struct sim_config *cfg, struct sim_error *err)
{
	struct sj_ctx ctx = {
		.name = name ? name : "<scenario>", .dir = dir, .err = err, .vbios = vbios
	};
	json_object *root;
	int r;

	memset(cfg, 0, sizeof(*cfg));
	r = sj_parse(&ctx, json, len, &root);
	if (r < 0)
		return r;
	r = parse_top(&ctx, root, cfg);
	json_object_put(root);
	return r;
}

int sim_scenario_check(const char *json, size_t len, const char *name, const char *dir,
		       struct sim_error *err)
{
	/* an engine's memory for the 192 KB configuration: warm pages, not new ones */
	struct sim_state *st = sim_state_get();
	int r;

	if (!st)
		return -ENOMEM;
	r = sim_scenario_parse(json, len, name, dir, &st->cfg, err);
	sim_state_put(st);
	return r;
}
