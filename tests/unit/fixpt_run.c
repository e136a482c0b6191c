/* Drives one fixed-point operation over edge and random operands. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixpt_ref.h"

static int64_t edge(const struct fixpt_operand *a, unsigned int i)
{
	if (a->is_unsigned)
		return (int64_t)((const uint64_t *)a->edges)[i];
	return ((const int64_t *)a->edges)[i];
}

void fixpt_run_op(const struct fixpt_op *op, uint64_t n)
{
	struct fixpt_rng rng;
	struct fixpt_stats st;
	mpfr_t in[3], exact;
	int64_t raw[3];
	uint64_t combos = 1;
	mpfr_prec_t prec = op->prec ? op->prec : 256;

	fixpt_rng_seed(&rng, op->seed ? op->seed : 0x5eed0f1dc0ffee);
	fixpt_stats_init(&st, op->name, op->kind, op->bound_ulp);
	for (unsigned int k = 0; k < op->arity; k++) {
		mpfr_init2(in[k], 128);
		combos *= op->args[k]->n_edges;
	}
	mpfr_init2(exact, prec);
	if (combos > 40000)
		combos = 0;

	for (uint64_t i = 0; i < n; i++) {
		uint64_t got, rest = i;

		for (unsigned int k = 0; k < op->arity; k++) {
			const struct fixpt_operand *a = op->args[k];

			if (i < combos) {
				raw[k] = edge(a, (unsigned int)(rest % a->n_edges));
				rest /= a->n_edges;
			} else {
				raw[k] = a->gen(&rng);
			}
		}
		if (i >= combos && op->shape)
			op->shape(raw, &rng);
		for (unsigned int k = 0; k < op->arity; k++) {
			if (op->args[k]->is_unsigned)
				mpfr_set_ui(in[k], (unsigned long)raw[k], MPFR_RNDN);
			else
				mpfr_set_si(in[k], raw[k], MPFR_RNDN);
		}
		got = op->run(raw);
		op->ref(exact, in, raw);
		if (!fixpt_check(&st, got, exact)) {
			char args[96];
			int len = 0;

			for (unsigned int k = 0; k < op->arity; k++)
				len += snprintf(args + len, sizeof(args) - (size_t)len,
						"%s0x%016" PRIx64, k ? ", " : "", (uint64_t)raw[k]);
			fail_msg("%s(%s) = 0x%016" PRIx64 ": %s", op->name, args, got, st.why);
		}
	}
	fixpt_stats_print(&st);
	for (unsigned int k = 0; k < op->arity; k++)
		mpfr_clear(in[k]);
	mpfr_clear(exact);
	fixpt_stats_clear(&st);
}

void fixpt_test_op(void **state)
{
	fixpt_run_op(*state, FIXPT_N);
}

int fixpt_run_group(const char *name, const struct fixpt_op *ops, size_t n_ops,
		    const struct CMUnitTest *extra, size_t n_extra)
{
	struct CMUnitTest *tests = calloc(n_ops + n_extra, sizeof(*tests));
	int r;

	if (!tests)
		return 1;
	for (size_t i = 0; i < n_ops; i++)
		tests[i] = (struct CMUnitTest){ .name = ops[i].name,
						.test_func = fixpt_test_op,
						.initial_state = (void *)&ops[i] };
	memcpy(tests + n_ops, extra, n_extra * sizeof(*extra));
	r = _cmocka_run_group_tests(name, tests, n_ops + n_extra, NULL, NULL);
	free(tests);
	return r;
}
