/*
 * Checking a state file before re-attaching to it. The file is the
 * simulated hardware a killed process left: it cannot be torn by the
 * kill (the memory is the page cache), but it can be truncated, damaged
 * on disk, written by another version, or describe hardware of another
 * boot, whose CLOCK_MONOTONIC timelines mean nothing now. Every index the
 * models use without checking (connector wiring, ring positions, buffer
 * lengths) is checked here, so a damaged file is refused with a sentence
 * and never read out of bounds.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sim_internal.h"

#define BOOT_ID_PATH "/proc/sys/kernel/random/boot_id"

void sim_read_boot_id(char out[SIM_BOOT_ID_LEN])
{
	int fd = open(BOOT_ID_PATH, O_RDONLY | O_CLOEXEC);
	ssize_t n = -1;

	memset(out, 0, SIM_BOOT_ID_LEN);
	if (fd >= 0) {
		n = read(fd, out, SIM_BOOT_ID_LEN - 1);
		close(fd);
	}
	if (n > 0 && out[n - 1] == '\n')
		out[n - 1] = 0;
}

static int check_connector(const struct sim_state *st, unsigned i, char *why, size_t len)
{
	const struct sim_connector *c = &st->cfg.connectors[i];

	if (!memchr(c->name, 0, sizeof(c->name)))
		return snprintf(why, len, "connector %u: name not terminated", i);
	if (c->type > SIM_CONN_EDP || c->hpd >= DCE110_MAX_HPDS || c->ddc >= DCE110_MAX_DDCS ||
	    c->aux < -1 || c->aux >= DCE110_MAX_AUXES || c->dig >= st->ndigs)
		return snprintf(
			why, len,
			"connector %u (%s): type %u, hpd %u, ddc %u, aux %d, encoder %u out "
			"of range",
			i, c->name, c->type, c->hpd, c->ddc, c->aux, c->dig);
	if (c->display.edid_len > SIM_EDID_MAX ||
	    c->display.dp_caps.training.nreq > SIM_MAX_TRAIN_REQS)
		return snprintf(why, len, "connector %u (%s): EDID length %u over %u", i, c->name,
				c->display.edid_len, SIM_EDID_MAX);
	return 0;
}

static int check_blocks(const struct sim_state *st, char *why, size_t len)
{
	for (unsigned i = 0; i < DCE110_MAX_PIPES; i++) {
		const struct sim_crtc *c = &st->crtc[i];

		if (c->hist_next >= SIM_HISTORY || c->hist_count > SIM_HISTORY)
			return snprintf(why, len, "pipe %u: history position %u/%u of %u", i,
					c->hist_next, c->hist_count, SIM_HISTORY);
		if (c->running && (!c->htotal || !c->vtotal || !c->hz_num || !c->hz_den))
			return snprintf(why, len, "pipe %u runs with a %ux%u frame at %llu/%llu Hz",
					i, c->htotal, c->vtotal, (unsigned long long)c->hz_num,
					(unsigned long long)c->hz_den);
		if (c->vrr_cut) {
			uint64_t fp = (uint64_t)c->htotal * c->vtotal;
			uint64_t pos = c->base_pos + c->done_px;

			/* a cut lies ahead in the frame being shown */
			if (!c->running || !c->vrr || c->vrr_cut <= pos ||
			    c->vrr_cut > pos - pos % fp + fp)
				return snprintf(why, len, "pipe %u: VRR frame cut at %llu, at %llu",
						i, (unsigned long long)c->vrr_cut,
						(unsigned long long)pos);
		}
	}
	for (unsigned i = 0; i < DCE110_MAX_HPDS; i++) {
		if (st->hpd[i].nqueue > SIM_HPD_QUEUE)
			return snprintf(why, len, "HPD %u: %u queued changes of %u", i,
					st->hpd[i].nqueue, SIM_HPD_QUEUE);
	}
	if (st->i2c.stage_at + st->i2c.stage_len > sizeof(st->i2c.buf))
		return snprintf(why, len, "DDC engine: staged bytes %u+%u past its buffer",
				st->i2c.stage_at, st->i2c.stage_len);
	for (unsigned i = 0; i < DCE110_MAX_AUXES; i++) {
		if (st->aux[i].reply_len > sizeof(st->aux[i].reply))
			return snprintf(why, len, "AUX %u: reply of %u bytes", i,
					st->aux[i].reply_len);
	}
	return 0;
}

int sim_state_check(const struct sim_state *st, const char *path, struct sim_error *err)
{
	struct sim_state profile;
	char boot[SIM_BOOT_ID_LEN], why[200] = "";

	if (st->magic != SIM_STATE_MAGIC || st->version != SIM_STATE_VERSION ||
	    st->size != sizeof(struct sim_state)) {
		sim_errorf(err,
			   "%s: not a simulator state file of version %u (magic %#llx, version %u, "
			   "size %u)",
			   path, SIM_STATE_VERSION, (unsigned long long)st->magic, st->version,
			   st->size);
		return -EINVAL;
	}
	sim_read_boot_id(boot);
	if (boot[0] && memcmp(boot, st->boot_id, sizeof(boot))) {
		sim_errorf(err,
			   "%s: written during another boot (%.36s, this is %.36s): that hardware "
			   "was powered off",
			   path, st->boot_id[0] ? st->boot_id : "unknown", boot);
		return -ESTALE;
	}
	profile.cfg.asic = st->cfg.asic;
	sim_profile_apply(&profile);
	if (st->cfg.asic > SIM_ASIC_LAST || st->npipes != profile.npipes ||
	    st->ncrtc_regs != profile.ncrtc_regs || st->ndigs != profile.ndigs ||
	    st->nhpds != profile.nhpds || st->cfg.nconnectors > SIM_MAX_CONNECTORS ||
	    st->real_time > 1) {
		sim_errorf(err,
			   "%s: damaged: ASIC %u with %u pipes, %u CRTCs, %u encoders, %u HPD "
			   "lines, %u connectors",
			   path, st->cfg.asic, st->npipes, st->ncrtc_regs, st->ndigs, st->nhpds,
			   st->cfg.nconnectors);
		return -EINVAL;
	}
	for (unsigned i = 0; i < st->cfg.nconnectors && !why[0]; i++)
		check_connector(st, i, why, sizeof(why));
	if (!why[0])
		check_blocks(st, why, sizeof(why));
	if (why[0]) {
		sim_errorf(err, "%s: damaged: %s", path, why);
		return -EINVAL;
	}
	return 0;
}
