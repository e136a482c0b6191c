/*
 * libFuzzer target for the scenario JSON parser: any input must give either
 * a valid configuration or an error text, never a crash, a hang or a leak.
 * Valid scenarios are also built into a simulator once.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sim_error err = { { 0 } };
	char *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	if (sim_scenario_check(text, size, "fuzz.json", NULL, &err) == 0 && strlen(text) == size) {
		struct sim_options opts = { .scenario_json = text, .clock = SIM_CLOCK_VIRTUAL };
		struct sim *sim = NULL;

		if (sim_create(&opts, &sim, &err) == 0) {
			sim_advance(sim, 20000000);
			sim_destroy(sim);
		}
	} else if (!err.msg[0]) {
		abort(); /* an error must always be explained */
	}
	free(text);
	return 0;
}
