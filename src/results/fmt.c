/* Table formatting of microsecond figures, matching the seed articles. */
#include <math.h>
#include <stdio.h>

#include "results/fmt.h"

const char *fmt_seed(double v, char *buf, size_t len)
{
	/* beyond any real measurement (a reader refuses such figures), three
	   significant digits in the exponent form, never a row of digits */
	if ((v > 0 && v < 1e-9) || v >= 1e15) {
		snprintf(buf, len, "%.3g", v);
	} else if (v < 0.09995 && v > 0) { /* 0.09995 and up round to 0.10 */
		/* three significant digits: the position of the first one
		   decides how many decimals that takes */
		int decimals = 2 - (int)floor(log10(v));
		snprintf(buf, len, "%.*f", decimals, v);
	} else if (v < 9.995) {
		snprintf(buf, len, "%.2f", v);
	} else if (v < 99.95) {
		snprintf(buf, len, "%.1f", v);
	} else {
		snprintf(buf, len, "%.0f", v);
	}
	return buf;
}

const char *fmt_ops(double v, char *buf, size_t len)
{
	snprintf(buf, len, v < 1e15 ? "%.0f" : "%.3g", v);
	return buf;
}

const char *fmt_cell(double v, char *buf, size_t len)
{
	if ((v > 0 && v < 1e-9) || v >= 1e15) {
		snprintf(buf, len, "%.4g", v);
	} else if (v >= 1000 || v <= 0) {
		snprintf(buf, len, "%.0f", v);
	} else {
		/* the first significant digit's place sets the decimals */
		int decimals = 3 - (int)floor(log10(v));
		snprintf(buf, len, "%.*f", decimals, v);
	}
	return buf;
}
