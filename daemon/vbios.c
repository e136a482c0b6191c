/* Choosing the video BIOS among its sources on a GPU (vbios.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dc_bios.h"
#include "vbios.h"

#define MAX_FILE (16u << 20)

/* Appends "name: reason" to why, "; " between sources. */
static void add_reason(char *why, size_t why_size, const char *name, const char *reason)
{
	size_t used = strlen(why);

	if (used < why_size)
		snprintf(why + used, why_size - used, "%s%s: %s", used ? "; " : "", name, reason);
}

int dcd_vbios_choose(const struct dcd_vbios_source *sources, size_t n, dcd_vbios_check_fn check,
		     void *check_ctx, void **image, size_t *len, char *why, size_t why_size)
{
	char reason[DCD_VBIOS_WHY];

	if (image)
		*image = NULL;
	if (len)
		*len = 0;
	why[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		struct dc_bios_error berr = { "" };
		struct dc_bios *bios = NULL;
		void *bytes = NULL;
		size_t size = 0;
		int r;

		reason[0] = '\0';
		r = sources[i].read(sources[i].ctx, &bytes, &size, reason, sizeof(reason));
		if (r == 0 && dc_bios_load(bytes, size, &bios, &berr) < 0) {
			snprintf(reason, sizeof(reason), "%s", berr.message);
			r = -EINVAL;
		}
		dc_bios_destroy(bios);
		if (r == 0 && check)
			r = check(check_ctx, bytes, size, reason, sizeof(reason));
		if (r < 0) {
			add_reason(why, why_size, sources[i].name,
				   reason[0] ? reason : strerror(-r));
			free(bytes);
			continue;
		}
		if (image)
			*image = bytes;
		else
			free(bytes);
		if (len)
			*len = size;
		return (int)i;
	}
	return -ENOENT;
}

int dcd_vbios_read_file(void *ctx, void **image, size_t *len, char *why, size_t why_size)
{
	const char *path = ctx;
	FILE *f = fopen(path, "rbe");
	struct stat st;
	uint8_t *buf = NULL;
	size_t n = 0;
	int r = 0;

	if (!f) {
		r = -errno;
		snprintf(why, why_size, "cannot open %s: %s", path, strerror(-r));
		return r;
	}
	/* a file of the size it says (an image, not a device or sysfs node) */
	if (fstat(fileno(f), &st) < 0 || !S_ISREG(st.st_mode))
		r = -EINVAL;
	else if (st.st_size == 0)
		r = -ENODATA;
	else if (st.st_size > MAX_FILE)
		r = -EFBIG;
	else if (!(buf = malloc((size_t)st.st_size)))
		r = -ENOMEM;
	else if ((n = fread(buf, 1, (size_t)st.st_size, f)) != (size_t)st.st_size)
		r = -EIO;
	fclose(f);
	if (r == 0) {
		*image = buf;
		*len = n;
		return 0;
	}
	free(buf);
	if (r == -EINVAL)
		snprintf(why, why_size, "%s is not a regular file", path);
	else if (r == -ENODATA)
		snprintf(why, why_size, "%s is empty", path);
	else if (r == -EFBIG)
		snprintf(why, why_size, "%s is larger than %u bytes: not a video BIOS image", path,
			 MAX_FILE);
	else
		snprintf(why, why_size, "reading %s: %s", path, strerror(-r));
	return r;
}

int dcd_vbios_read_vfct(void *ctx, void **image, size_t *len, char *why, size_t why_size)
{
	const struct dcd_vbios_vfct *v = ctx;
	struct dcv_error err = { "" };
	int r = dcv_read_vfct(v->paths, v->gpu, image, len, &err);

	if (r < 0)
		snprintf(why, why_size, "%s", err.msg);
	return r;
}

size_t dcd_vbios_gpu_sources(struct dcd_vbios_gpu *g)
{
	if (g->file) {
		snprintf(g->file_name, sizeof(g->file_name), "--vbios %s", g->file);
		g->sources[0] = (struct dcd_vbios_source){ g->file_name, dcd_vbios_read_file,
							   (void *)g->file };
		return 1;
	}
	g->sources[0] = g->rom;
	g->sources[1] = (struct dcd_vbios_source){ "ACPI VFCT", dcd_vbios_read_vfct, &g->vfct };
	return 2;
}

int dcd_vbios_board(const void *image, size_t len, enum dc_asic asic, struct dc_board *board,
		    char *why, size_t why_size)
{
	struct dc_bios_error berr = { "" };
	struct dc_bios *bios = NULL;
	int r;

	why[0] = '\0';
	if (image && dc_bios_load(image, len, &bios, &berr) == 0 &&
	    dc_bios_board(bios, asic, board, &berr) == 0) {
		dc_bios_destroy(bios);
		return 1;
	}
	dc_bios_destroy(bios);
	r = dc_board_default(asic, board);
	if (r < 0)
		return r;
	snprintf(why, why_size, "%s", image ? berr.message : "no video BIOS");
	return 0;
}
