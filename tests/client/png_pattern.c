/*
 * png-pattern FILE.png: the screenshot shows dc-demo's test pattern. The
 * expected picture comes from dc-demo's own drawing code (draw.c), drawn at
 * the PNG's size: its bottom quarter (color bars only: the box moves along
 * the middle, the frame number sits top left) must be equal pixel for
 * pixel, and the middle row must hold the white box, height/8 wide.
 * Exit 0 when it does, 1 when not (with the first difference), 2 for an
 * unreadable file.
 */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"

static uint8_t *read_png(const char *path, unsigned *w, unsigned *h)
{
	png_image image;
	uint8_t *rgb;

	memset(&image, 0, sizeof(image));
	image.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_file(&image, path))
		return NULL;
	image.format = PNG_FORMAT_RGB;
	rgb = malloc(PNG_IMAGE_SIZE(image));
	if (!rgb || !png_image_finish_read(&image, NULL, rgb, 0, NULL)) {
		free(rgb);
		png_image_free(&image);
		return NULL;
	}
	*w = image.width;
	*h = image.height;
	return rgb;
}

int main(int argc, char **argv)
{
	struct canvas cv = { 0 };
	unsigned w, h, box = 0, run = 0;
	uint8_t *rgb;

	if (argc != 2) {
		fprintf(stderr, "Usage: png-pattern FILE.png\n");
		return 2;
	}
	rgb = read_png(argv[1], &w, &h);
	if (!rgb || h < 16) {
		fprintf(stderr, "png-pattern: %s: not a readable PNG of dc-demo's size\n", argv[1]);
		free(rgb);
		return 2;
	}
	cv.width = w;
	cv.height = h;
	cv.stride = w;
	cv.pixels = calloc((size_t)w * h, 4);
	if (!cv.pixels)
		return 2;
	draw_full(&cv, 0);
	for (unsigned y = h * 3 / 4; y < h; y++) {
		for (unsigned x = 0; x < w; x++) {
			uint32_t want = cv.pixels[(size_t)y * w + x];
			const uint8_t *got = &rgb[((size_t)y * w + x) * 3];
			uint32_t v = (uint32_t)got[0] << 16 | (uint32_t)got[1] << 8 | got[2];

			if (v != (want & 0xffffff)) {
				printf("png-pattern: %s: pixel %u,%u is #%06x, dc-demo draws "
				       "#%06x\n",
				       argv[1], x, y, v, want & 0xffffff);
				return 1;
			}
		}
	}
	/* the moving box: the longest white run in the middle row */
	for (unsigned x = 0; x < w; x++) {
		const uint8_t *p = &rgb[((size_t)(h / 2) * w + x) * 3];

		run = p[0] == 0xff && p[1] == 0xff && p[2] == 0xff ? run + 1 : 0;
		if (run > box)
			box = run;
	}
	if (box != h / 8) {
		printf("png-pattern: %s: the white box is %u pixels wide, dc-demo draws %u\n",
		       argv[1], box, h / 8);
		return 1;
	}
	printf("png-pattern: %s: %ux%u, dc-demo's color bars and box\n", argv[1], w, h);
	free(rgb);
	free(cv.pixels);
	return 0;
}
