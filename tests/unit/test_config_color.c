/*
 * dcd.json colors (daemon/config.c): "#rrggbb" and nothing else. A sign
 * or a "0x" that strtoul would take must be refused, not turned into a
 * color with its top byte set (found by fuzz-config: "#-02040" loaded as
 * 0xffffdfc0).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "config.h"

static int parse_idle_color(const char *color, uint32_t *out, char *err, size_t size)
{
	struct dcd_config cfg;
	char json[128];
	int r;

	snprintf(json, sizeof(json), "{ \"idle\": { \"mode\": \"current\", \"color\": \"%s\" } }",
		 color);
	assert_int_equal(dcd_config_defaults(&cfg), 0);
	r = dcd_config_parse(json, strlen(json), "dcd.json", &cfg, err, size);
	*out = cfg.idle.color;
	dcd_config_free(&cfg);
	return r;
}

static void test_colors(void **state)
{
	static const char *const bad[] = { "#-02040", "#+02040",  "# 02040", "#0x1f2f",
					   "#12345g", "#1234567", "102040" };
	uint32_t color;
	char err[256];

	(void)state;
	assert_int_equal(parse_idle_color("#102040", &color, err, sizeof(err)), 0);
	assert_int_equal(color, 0x102040);
	assert_int_equal(parse_idle_color("#FFffFF", &color, err, sizeof(err)), 0);
	assert_int_equal(color, 0xffffff);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		assert_int_equal(parse_idle_color(bad[i], &color, err, sizeof(err)), -EINVAL);
		assert_non_null(strstr(err, "dcd.json: idle.color"));
		assert_non_null(strstr(err, "is not a color"));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_colors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
