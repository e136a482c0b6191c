/* dcctl's JSON and the few text forms every command shares. */
#include <stdio.h>
#include <string.h>

#include "dcctl.h"

int dcctl_print_json(struct json_object *o)
{
	if (!o) {
		dcctl_error("out of memory building JSON");
		return DCCTL_EXIT_FAILURE;
	}
	puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
						       JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(o);
	return DCCTL_EXIT_OK;
}

struct json_object *dcctl_mode_json(uint32_t width, uint32_t height, uint32_t refresh_mhz)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "width", json_object_new_int64(width));
	json_object_object_add(o, "height", json_object_new_int64(height));
	json_object_object_add(o, "refresh_mhz", json_object_new_int64(refresh_mhz));
	return o;
}

static struct json_object *container_json(sd_bus_message *m, char type, const char *contents)
{
	struct json_object *a = json_object_new_array();

	if (sd_bus_message_enter_container(m, type, contents) <= 0)
		return a;
	while (sd_bus_message_at_end(m, false) == 0) {
		struct json_object *v = dcctl_value_json(m);

		if (!v && sd_bus_message_skip(m, NULL) < 0)
			break;
		json_object_array_add(a, v);
	}
	sd_bus_message_exit_container(m);
	return a;
}

struct json_object *dcctl_value_json(sd_bus_message *m)
{
	const char *contents = NULL;
	char type;
	union {
		int b;
		uint8_t y;
		int32_t i;
		uint32_t u;
		int64_t x;
		uint64_t t;
		double d;
		const char *s;
	} v;

	if (sd_bus_message_peek_type(m, &type, &contents) <= 0)
		return NULL;
	switch (type) {
	case 'a':
	case 'r':
		return container_json(m, type, contents);
	case 'v': {
		struct json_object *o = NULL;

		if (sd_bus_message_enter_container(m, 'v', contents) > 0) {
			o = dcctl_value_json(m);
			sd_bus_message_exit_container(m);
		}
		return o;
	}
	default:
		break;
	}
	if (sd_bus_message_read_basic(m, type, &v) <= 0)
		return NULL;
	switch (type) {
	case 'b':
		return json_object_new_boolean(v.b);
	case 'y':
		return json_object_new_int(v.y);
	case 'i':
		return json_object_new_int(v.i);
	case 'u':
		return json_object_new_int64(v.u);
	case 'x':
		return json_object_new_int64(v.x);
	case 't':
		return json_object_new_uint64(v.t);
	case 'd':
		return json_object_new_double(v.d);
	case 's':
	case 'o':
	case 'g':
		return dcctl_json_text(v.s);
	default:
		return NULL;
	}
}

struct json_object *dcctl_status_json(sd_bus_message *m)
{
	struct json_object *o = json_object_new_object();
	const char *key;

	if (sd_bus_message_enter_container(m, 'a', "{sv}") <= 0)
		return o;
	while (sd_bus_message_enter_container(m, 'e', "sv") > 0) {
		uint32_t w, h, mhz;

		if (sd_bus_message_read(m, "s", &key) < 0)
			break;
		if (!strcmp(key, "mode") && sd_bus_message_read(m, "v", "(uuu)", &w, &h, &mhz) > 0)
			json_object_object_add(o, key, w ? dcctl_mode_json(w, h, mhz) : NULL);
		else
			json_object_object_add(o, key, dcctl_value_json(m));
		sd_bus_message_exit_container(m);
	}
	sd_bus_message_exit_container(m);
	return o;
}

void dcctl_mode_text(uint32_t width, uint32_t height, uint32_t refresh_mhz, char *buf, size_t size)
{
	snprintf(buf, size, "%ux%u@%u.%03u", width, height, refresh_mhz / 1000, refresh_mhz % 1000);
}

void dcctl_dp_link_text(uint32_t lanes, uint32_t rate_mbps, char *buf, size_t size)
{
	const char *name = rate_mbps == 1620   ? " (RBR)"
			   : rate_mbps == 2700 ? " (HBR)"
			   : rate_mbps == 5400 ? " (HBR2)"
					       : "";

	snprintf(buf, size, "%u x %g Gbit/s%s", lanes, rate_mbps / 1000.0, name);
}
