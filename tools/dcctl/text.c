/* Strings from the bus made safe for a terminal: see dcctl.h. */
#include <stdlib.h>

#include "dcctl.h"
#include "dcd_protocol.h"

void dcctl_text(char *dst, size_t size, const char *src)
{
	dcp_text_escape(dst, size, src ? src : "");
}

struct json_object *dcctl_json_text(const char *src)
{
	size_t need = dcp_text_escape(NULL, 0, src ? src : "") + 1;
	char *buf = malloc(need);
	struct json_object *o;

	if (!buf)
		return NULL;
	dcctl_text(buf, need, src);
	o = json_object_new_string(buf);
	free(buf);
	return o;
}
