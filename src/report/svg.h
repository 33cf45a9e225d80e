/* A tiny SVG writer: just what `osbench plot` draws.  Every string that
 * may come from a file (host names, column names) goes through the
 * escaping here, and every number through svg_num, so the document stays
 * well-formed whatever the input holds.  Write errors are not reported
 * call by call: the caller checks ferror() once at the end (the
 * outfile commit does). */
#ifndef OSBENCH_SVG_H
#define OSBENCH_SVG_H

#include <stddef.h>
#include <stdio.h>

/* Text anchoring, as SVG's text-anchor. */
enum svg_anchor { SVG_START, SVG_MIDDLE, SVG_END };

/* How a text is drawn; a zeroed struct is 12px, start-anchored, black. */
struct svg_font {
	double size;          /* px; 0 means 12 */
	enum svg_anchor anchor;
	int bold;
	double rotate;        /* degrees about (x, y); -90 reads upwards */
	const char *fill;     /* a colour we chose (not escaped); NULL: black */
	const char *cls;      /* class attribute (not escaped); NULL: none */
};

/* A coordinate or size as an attribute value: at most two decimals, no
 * trailing zeros, never "nan", "inf" or "-0" (a non-finite value, which
 * is a bug of the caller, becomes 0 rather than a broken document). */
const char *svg_num(double v, char *buf, size_t len);

/* Write s escaped for XML text and attribute values (& < > " '); at most
 * max_chars characters (0: no limit), then "..." when cut.  Bytes that are
 * not valid UTF-8, and control characters XML 1.0 forbids, become U+FFFD,
 * so user data can never make the document unreadable. */
void svg_escape(FILE *f, const char *s, size_t max_chars);
/* The same into a buffer (always terminated; cut at a character
 * boundary if it does not fit).  Returns buf. */
char *svg_escape_buf(const char *s, size_t max_chars, char *buf, size_t len);
/* Characters (code points) svg_escape would show for s, for layout. */
size_t svg_text_chars(const char *s);
/* Rough width in px of n characters of a sans-serif font of this size:
 * enough to keep labels apart without measuring glyphs. */
double svg_text_width(size_t n, double size);

/* The i-th series colour: distinct hues that stay apart in print and for
 * the common colour-vision deficiencies (Okabe-Ito order), cycling. */
const char *svg_colour(size_t i);

void svg_begin(FILE *f, double width, double height, const char *title);
void svg_end(FILE *f);

/* A data-NAME="VALUE" attribute of a group; the value is escaped. */
struct svg_data {
	const char *name, *value;
};
/* A group: its class (not escaped) and data attributes make charts and
 * series countable by tests and scripts. */
void svg_group_begin(FILE *f, const char *cls, const struct svg_data *data, size_t ndata);
void svg_group_end(FILE *f);

void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill,
	      const char *cls);
/* A rect filled (a colour or "url(#id)") and outlined in stroke. */
void svg_rect_outlined(FILE *f, double x, double y, double w, double h, const char *fill,
		       const char *stroke, const char *cls);
/* A fill pattern of diagonal stripes of colour on white, as "url(#id)";
 * written inside the document before anything uses it. */
void svg_hatch(FILE *f, const char *id, const char *colour);
/* dash: NULL for a solid line, else a stroke-dasharray like "4 3". */
void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke,
	      double width, const char *dash);
void svg_polyline(FILE *f, const double *xs, const double *ys, size_t n, const char *stroke,
		  double width);
/* A point marker; tip (escaped, may be NULL) becomes a hover tooltip. */
void svg_circle(FILE *f, double x, double y, double r, const char *fill, const char *tip);
/* A text from a file or one we made; escaped and cut after max_chars
 * characters (0: no limit). */
void svg_text(FILE *f, double x, double y, const struct svg_font *font, const char *text,
	      size_t max_chars);

#endif
