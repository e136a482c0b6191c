/*
 * libFuzzer target for dcd.json (daemon/config.c): any input must give a
 * configuration or an error text naming the file, never a crash, a hang
 * or a leak. A configuration that loads must hold what the daemon relies
 * on (an idle rule for every output name, limits that are not zero).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "DP-1", "HDMI-A-1", "eDP-1", "", "DP-2" };
	struct dcd_config cfg;
	char err[512] = "";
	char *text = malloc(size + 1);
	int r;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	if (dcd_config_defaults(&cfg) < 0)
		abort();
	r = dcd_config_parse(text, size, "fuzz.json", &cfg, err, sizeof(err));
	if (r < 0) {
		/* a refusal names the file and says why */
		if (strncmp(err, "fuzz.json", 9) != 0 || !err[9])
			abort();
	} else {
		if (!cfg.max_clients || !cfg.max_framebuffers || !cfg.limits.max_message_size)
			abort();
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			const struct dcd_idle *idle = dcd_config_idle(&cfg, names[i]);

			if (!idle || idle->kind > DCD_IDLE_MODE || idle->color >> 24)
				abort();
			if (idle->kind == DCD_IDLE_MODE && !idle->spec[0])
				abort();
		}
		(void)dcd_who_matches(&cfg.lease, 1000, NULL, 0);
		(void)dcd_who_matches(&cfg.admin, 0, NULL, 0);
	}
	dcd_config_free(&cfg);
	free(text);
	return 0;
}
