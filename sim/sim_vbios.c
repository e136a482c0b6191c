/*
 * The video BIOS the simulated engine serves: a scenario names an image
 * ("vbios": "file"), the simulator checks it the way Display Core does
 * (dc_bios_load), keeps its bytes in the state (a restarted dcd finds the
 * same image) and takes from its FirmwareInfo what the PLL model needs: the
 * reference clock and the PPLL output range. Display Core gets the bytes
 * through sim_vbios() and runs the image's command tables against the
 * simulated registers (docs/bios.md).
 *
 * Images are checked once per thread as long as their bytes stay the same
 * (last_good below). A relative name is looked for next to the scenario
 * file, then in $DCD_VBIOS_DIR, the installed vbios folder and the source tree's
 * tests/data/vbios (a build that is not installed).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dc_bios.h"
#include "sim_internal.h"
#include "sim_json.h"
#include "sim_scenario.h"

static FILE *open_image(struct sj_ctx *ctx, const char *file, char *full, size_t len)
{
	const char *dirs[] = { ctx->dir, getenv("DCD_VBIOS_DIR"), SIM_VBIOS_DIR,
			       SIM_VBIOS_SOURCE_DIR };
	FILE *f;

	/* an image given in place of the scenario's is taken as given */
	if (file[0] == '/' || file == ctx->vbios) {
		snprintf(full, len, "%s", file);
		return fopen(full, "rbe");
	}
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (!dirs[i] || !dirs[i][0])
			continue;
		snprintf(full, len, "%s/%s", dirs[i], file);
		f = fopen(full, "rbe");
		if (f)
			return f;
	}
	snprintf(full, len, "%s", file);
	return NULL;
}

/*
 * The last image this thread found good, by its bytes: a scenario loaded
 * again (dcd's Sim.Reload, fuzz-scenario's every input) names the same
 * image, and checking its 64 KB again (dc_bios_load, FirmwareInfo) was,
 * under the sanitizers, a fifth of a fuzz-scenario input. The check is a
 * function of the bytes alone, so the same bytes (length and a 64-bit hash)
 * get the same answer; a changed file is checked again. Only images that
 * passed are kept: a bad one is refused with its reason every time.
 */
struct good_image {
	size_t len; /* 0: none yet */
	uint64_t hash;
	struct dc_bios_firmware_info fw;
	uint32_t vco_khz;
};

static __thread struct good_image last_good;

/* Not traced for the fuzzer: eight thousand rounds of a loop over a file. */
#if defined(__clang__)
__attribute__((no_sanitize("coverage"), noinline))
#endif
static uint64_t
image_hash(const uint8_t *p, size_t n)
{
	uint64_t h = n, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, p + i, sizeof(w));
		h = (h ^ w) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	for (; i < n; i++) {
		h = (h ^ p[i]) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	return h;
}

/* What Display Core says of the image, its FirmwareInfo, and the DENTIST's VCO it describes. */
static int check_image(struct sj_ctx *ctx, const char *full, const uint8_t *image, size_t n,
		       struct dc_bios_firmware_info *fw, uint32_t *vco_khz)
{
	struct dc_bios_error berr = { 0 };
	struct dc_bios *bios;
	int r;

	r = dc_bios_load(image, n, &bios, &berr);
	if (r < 0)
		return sj_fail(ctx, "vbios", "video BIOS image %s: %s", full, berr.message);
	r = dc_bios_firmware_info(bios, fw, &berr);
	*vco_khz = dc_bios_dentist_vco_khz(bios);
	dc_bios_destroy(bios);
	if (r < 0)
		return sj_fail(ctx, "vbios", "video BIOS image %s: no usable FirmwareInfo%s%s",
			       full, berr.message[0] ? ": " : "", berr.message);
	if (!fw->ref_clock_khz || !fw->ppll_max_output_khz || !fw->default_dispclk_khz)
		return sj_fail(ctx, "vbios",
			       "video BIOS image %s: FirmwareInfo gives no reference clock, PPLL "
			       "range or default DISPCLK",
			       full);
	return 0;
}

int sim_vbios_take(struct sj_ctx *ctx, const char *name, size_t n, bool ref_given, bool dpref_given,
		   struct sim_config *cfg)
{
	struct dc_bios_firmware_info fw;
	uint64_t hash = image_hash(cfg->vbios, n);
	uint32_t vco = DC_BIOS_DENTIST_VCO_DEFAULT_KHZ;
	int r;

	if (n && n == last_good.len && hash == last_good.hash) {
		fw = last_good.fw;
		vco = last_good.vco_khz;
	} else {
		r = check_image(ctx, name, cfg->vbios, n, &fw, &vco);
		if (r < 0)
			return r;
		last_good = (struct good_image){ .len = n, .hash = hash, .fw = fw, .vco_khz = vco };
	}
	if (ref_given && cfg->ref_khz != fw.ref_clock_khz)
		return sj_fail(ctx, "ref_clock_khz",
			       "%u kHz, but the video BIOS image %s says %u kHz (leave it out)",
			       cfg->ref_khz, name, fw.ref_clock_khz);
	if (dpref_given && cfg->dpref_khz != fw.default_dispclk_khz)
		return sj_fail(ctx, "dp_ref_clock_khz",
			       "%u kHz, but the video BIOS image %s says %u kHz (leave it out)",
			       cfg->dpref_khz, name, fw.default_dispclk_khz);
	cfg->vbios_len = (uint32_t)n;
	cfg->ref_khz = fw.ref_clock_khz;
	cfg->dpref_khz = fw.default_dispclk_khz;
	cfg->dentist_vco_khz = vco;
	cfg->ppll_min_khz = fw.ppll_min_output_khz;
	cfg->ppll_max_khz = fw.ppll_max_output_khz;
	snprintf(cfg->vbios_name, sizeof(cfg->vbios_name), "%s", name);
	return 0;
}

int sim_vbios_parse(struct sj_ctx *ctx, const char *file, bool ref_given, bool dpref_given,
		    struct sim_config *cfg)
{
	char full[4096];
	uint8_t extra;
	size_t n;
	FILE *f;
	int r;

	f = open_image(ctx, file, full, sizeof(full));
	if (!f && file == ctx->vbios)
		return sj_fail(ctx, "vbios", "cannot open the video BIOS image %s: %s", file,
			       strerror(errno));
	if (!f)
		return sj_fail(ctx, "vbios",
			       "cannot find the video BIOS image %s (next to the scenario, in "
			       "$DCD_VBIOS_DIR, %s or %s)",
			       file, SIM_VBIOS_DIR, SIM_VBIOS_SOURCE_DIR);
	n = fread(cfg->vbios, 1, sizeof(cfg->vbios), f);
	if (n == sizeof(cfg->vbios) && fread(&extra, 1, 1, f) == 1) {
		fclose(f);
		return sj_fail(ctx, "vbios", "video BIOS image %s is larger than %d bytes", full,
			       SIM_VBIOS_MAX);
	}
	fclose(f);
	r = sim_vbios_take(ctx, full, n, ref_given, dpref_given, cfg);
	if (r == 0)
		snprintf(cfg->vbios_name, sizeof(cfg->vbios_name), "%s", file);
	return r;
}

const uint8_t *sim_vbios(struct sim *sim, size_t *len)
{
	const struct sim_config *cfg = &sim->st->cfg;

	*len = cfg->vbios_len;
	return cfg->vbios_len ? cfg->vbios : NULL;
}

void sim_unmodelled_write(struct sim *sim, uint32_t reg)
{
	struct sim_state *st = sim->st;

	st->unmodelled_writes++;
	for (uint32_t i = 0; i < st->nunmodelled; i++)
		if (st->unmodelled[i] == reg)
			return;
	if (st->nunmodelled < SIM_UNMODELLED_MAX)
		st->unmodelled[st->nunmodelled++] = reg;
}

uint64_t sim_unmodelled(struct sim *sim, uint32_t *regs, size_t max, size_t *count)
{
	const struct sim_state *st = sim->st;
	size_t n = st->nunmodelled < max ? st->nunmodelled : max;

	if (regs)
		memcpy(regs, st->unmodelled, n * sizeof(*regs));
	if (count)
		*count = st->nunmodelled;
	return st->unmodelled_writes;
}
