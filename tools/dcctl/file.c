/* Reading a whole input file (EDIDs, display descriptions): see dcctl.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dcctl.h"

int dcctl_read_file(const char *path, size_t max, uint8_t **data, size_t *size)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rbe") : stdin;
	uint8_t *buf;
	size_t n;
	int r = 0;

	if (!f)
		return -errno;
	/* One byte more than allowed tells a file that is too big. */
	buf = malloc(max + 1);
	if (!buf) {
		r = -ENOMEM;
	} else {
		n = fread(buf, 1, max + 1, f);
		if (ferror(f))
			r = -EIO;
		else if (n > max)
			r = -EFBIG;
	}
	if (f != stdin)
		fclose(f);
	if (r < 0) {
		free(buf);
		return r;
	}
	*data = buf;
	*size = n;
	return 0;
}
