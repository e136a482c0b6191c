/* Aligned columns for dcctl's tables: see dcctl.h. */
#include <stdlib.h>
#include <string.h>

#include "dcctl.h"
#include "dcd_protocol.h"

void dcctl_table_add(struct dcctl_table *t, const char *const *cells)
{
	if (t->nrows == t->cap) {
		unsigned cap = t->cap ? t->cap * 2 : 16;
		void *rows = realloc(t->rows, cap * sizeof(*t->rows));

		if (!rows)
			return;
		t->rows = rows;
		t->cap = cap;
	}
	for (unsigned c = 0; c < DCCTL_TABLE_COLS; c++) {
		const char *cell = c < t->ncols && cells[c] ? cells[c] : "-";
		size_t need = dcp_text_escape(NULL, 0, cell) + 1;

		/* Cells hold text from the bus: escaped again here, whoever forgot. */
		t->rows[t->nrows][c] = c < t->ncols ? malloc(need) : NULL;
		if (t->rows[t->nrows][c])
			dcctl_text(t->rows[t->nrows][c], need, cell);
	}
	t->nrows++;
}

void dcctl_table_print(struct dcctl_table *t, FILE *f)
{
	size_t width[DCCTL_TABLE_COLS] = { 0 };

	for (unsigned r = 0; r < t->nrows; r++) {
		for (unsigned c = 0; c < t->ncols; c++) {
			size_t n = t->rows[r][c] ? strlen(t->rows[r][c]) : 0;

			if (n > width[c])
				width[c] = n;
		}
	}
	for (unsigned r = 0; r < t->nrows; r++) {
		unsigned last = 0;

		/* No trailing blanks: the line ends at its last non-empty cell. */
		for (unsigned c = 0; c < t->ncols; c++) {
			if (t->rows[r][c] && t->rows[r][c][0])
				last = c;
		}
		for (unsigned c = 0; c < t->ncols; c++) {
			const char *cell = t->rows[r][c] ? t->rows[r][c] : "";

			if (f && c < last)
				fprintf(f, "%-*s  ", (int)width[c], cell);
			else if (f && c == last)
				fprintf(f, "%s\n", cell);
			free(t->rows[r][c]);
		}
	}
	free(t->rows);
	t->rows = NULL;
	t->nrows = t->cap = 0;
}
