/* PNP ID lookup in hwdata's pnp.ids (one "ABC<tab>Vendor name" per line). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "pnp_ids.h"

int pnp_lookup(const char *path, const char *id, char *buf, size_t size)
{
	char line[256];
	FILE *f;
	int ret = -ENOENT;

	if (strlen(id) != 3 || !size)
		return -EINVAL;
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		size_t n;

		if (memcmp(line, id, 3) || line[3] != '\t')
			continue;
		n = strcspn(line + 4, "\r\n");
		if (n >= size)
			n = size - 1;
		memcpy(buf, line + 4, n);
		buf[n] = '\0';
		ret = 0;
		break;
	}
	if (ret && ferror(f))
		ret = -EIO;
	fclose(f);
	return ret;
}
