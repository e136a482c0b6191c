/* Reading GetLinkStatus's a{sv}: see status_dict.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "status_dict.h"

/* Leaves m inside the variant of key and returns its signature, or NULL. */
static const char *enter(sd_bus_message *m, const char *key)
{
	const char *k, *contents;

	sd_bus_message_rewind(m, true);
	if (sd_bus_message_enter_container(m, 'a', "{sv}") <= 0)
		return NULL;
	while (sd_bus_message_enter_container(m, 'e', "sv") > 0) {
		if (sd_bus_message_read(m, "s", &k) < 0)
			return NULL;
		if (!strcmp(k, key)) {
			if (sd_bus_message_peek_type(m, NULL, &contents) < 0 ||
			    sd_bus_message_enter_container(m, 'v', contents) < 0)
				return NULL;
			return contents;
		}
		sd_bus_message_skip(m, "v");
		sd_bus_message_exit_container(m);
	}
	return NULL;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void status_keys(sd_bus_message *m, char *buf, size_t size)
{
	const char *keys[64], *k;
	size_t n = 0, used = 0;

	buf[0] = 0;
	sd_bus_message_rewind(m, true);
	if (sd_bus_message_enter_container(m, 'a', "{sv}") <= 0)
		return;
	while (n < 64 && sd_bus_message_enter_container(m, 'e', "sv") > 0) {
		if (sd_bus_message_read(m, "s", &k) >= 0)
			keys[n++] = k;
		sd_bus_message_skip(m, "v");
		sd_bus_message_exit_container(m);
	}
	qsort(keys, n, sizeof(keys[0]), cmp);
	for (size_t i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? "," : "", keys[i]);
	sd_bus_message_rewind(m, true);
}

const char *status_type(sd_bus_message *m, const char *key)
{
	const char *t = enter(m, key);

	sd_bus_message_rewind(m, true);
	return t;
}

uint32_t status_u(sd_bus_message *m, const char *key)
{
	const char *t = enter(m, key);
	uint32_t v = UINT32_MAX;

	if (!t || strcmp(t, "u") || sd_bus_message_read(m, "u", &v) < 0)
		v = UINT32_MAX;
	sd_bus_message_rewind(m, true);
	return v;
}

int32_t status_i(sd_bus_message *m, const char *key)
{
	const char *t = enter(m, key);
	int32_t v = INT32_MIN;

	if (!t || strcmp(t, "i") || sd_bus_message_read(m, "i", &v) < 0)
		v = INT32_MIN;
	sd_bus_message_rewind(m, true);
	return v;
}

bool status_b(sd_bus_message *m, const char *key)
{
	const char *t = enter(m, key);
	int v = 0;

	if (!t || strcmp(t, "b") || sd_bus_message_read(m, "b", &v) < 0)
		v = 0;
	sd_bus_message_rewind(m, true);
	return v;
}

const char *status_s(sd_bus_message *m, const char *key, char *buf, size_t size)
{
	const char *t = enter(m, key), *v = NULL;

	buf[0] = 0;
	if (t && !strcmp(t, "s") && sd_bus_message_read(m, "s", &v) >= 0)
		snprintf(buf, size, "%s", v);
	sd_bus_message_rewind(m, true);
	return buf;
}

bool status_mode(sd_bus_message *m, const char *key, uint32_t out[3])
{
	const char *t = enter(m, key);
	bool ok = t && !strcmp(t, "(uuu)") &&
		  sd_bus_message_read(m, "(uuu)", &out[0], &out[1], &out[2]) >= 0;

	sd_bus_message_rewind(m, true);
	return ok;
}

const char *status_strv(sd_bus_message *m, const char *key, char *buf, size_t size)
{
	const char *t = enter(m, key), *s;
	size_t used = 0;

	buf[0] = 0;
	if (t && !strcmp(t, "as") && sd_bus_message_enter_container(m, 'a', "s") >= 0) {
		while (used < size && sd_bus_message_read(m, "s", &s) > 0)
			used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? "," : "",
						 s);
	}
	sd_bus_message_rewind(m, true);
	return buf;
}
