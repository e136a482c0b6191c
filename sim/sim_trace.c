/*
 * Register write trace: a ring of the last N writes (time, register, value)
 * and an optional callback, both host-side (they do not survive sim_attach).
 */
#include <errno.h>
#include <stdlib.h>

#include "sim_internal.h"

void sim_trace_record(struct sim *sim, uint32_t reg, uint32_t value)
{
	struct sim_trace_entry e = {
		.time_ns = sim->st->synced_ns,
		.reg = reg,
		.value = value,
	};

	if (sim->trace_cap) {
		sim->trace[sim->trace_head] = e;
		sim->trace_head = (sim->trace_head + 1) % sim->trace_cap;
		if (sim->trace_len < sim->trace_cap)
			sim->trace_len++;
	}
	if (sim->trace_fn)
		sim->trace_fn(sim->trace_data, &e);
}

int sim_trace_start(struct sim *sim, size_t capacity)
{
	struct sim_trace_entry *ring;

	if (!capacity)
		return -EINVAL;
	ring = calloc(capacity, sizeof(*ring));
	if (!ring)
		return -ENOMEM;
	free(sim->trace);
	sim->trace = ring;
	sim->trace_cap = capacity;
	sim->trace_len = 0;
	sim->trace_head = 0;
	return 0;
}

void sim_trace_stop(struct sim *sim)
{
	free(sim->trace);
	sim->trace = NULL;
	sim->trace_cap = 0;
	sim->trace_len = 0;
	sim->trace_head = 0;
}

size_t sim_trace_count(struct sim *sim)
{
	return sim->trace_len;
}

int sim_trace_get(struct sim *sim, size_t index, struct sim_trace_entry *entry)
{
	size_t oldest;

	if (index >= sim->trace_len)
		return -ERANGE;
	oldest = (sim->trace_head + sim->trace_cap - sim->trace_len) % sim->trace_cap;
	*entry = sim->trace[(oldest + index) % sim->trace_cap];
	return 0;
}

size_t sim_trace_count_block(struct sim *sim, enum sim_block block, int instance)
{
	size_t n = 0;

	for (size_t i = 0; i < sim->trace_len; i++) {
		struct sim_trace_entry e;
		int inst;

		sim_trace_get(sim, i, &e);
		if (sim_reg_block(sim, e.reg, &inst) == block && (instance < 0 || inst == instance))
			n++;
	}
	return n;
}

void sim_set_trace_callback(struct sim *sim, sim_trace_fn fn, void *data)
{
	sim->trace_fn = fn;
	sim->trace_data = data;
}
