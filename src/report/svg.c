/* The SVG drawing layer of `osbench plot`: escaping, number formatting
 * and a handful of elements. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/svg.h"
#include "sys/utf8.h"

#define DEFAULT_FONT_PX 12.0
/* U+FFFD, written for bytes that are not characters XML can carry */
#define REPLACEMENT UTF8_REPLACEMENT
#define ELLIPSIS "\xe2\x80\xa6"

/* Where escaped text goes: a stream, or a buffer that stops filling when
 * the next piece does not fit whole (so a character is never split). */
struct sink {
	FILE *f;
	char *buf;
	size_t len, used;
	int full;
};

static void emit(struct sink *k, const char *bytes, size_t n)
{
	if (k->f) {
		/* errors surface through ferror() when the document is committed */
		(void)fwrite(bytes, 1, n, k->f);
		return;
	}
	if (k->full || k->used + n >= k->len) {
		k->full = 1;
		return;
	}
	memcpy(k->buf + k->used, bytes, n);
	k->used += n;
	k->buf[k->used] = '\0';
}

/* Decode one UTF-8 character at s: its code point and length, or -1 for
 * bytes that are not one (then one byte is skipped). */
static long utf8_next(const unsigned char *s, size_t *adv)
{
	unsigned cp;
	size_t n = utf8_char((const char *)s, strnlen((const char *)s, 4), &cp);

	*adv = n ? n : 1;
	return n ? (long)cp : -1;
}

/* XML 1.0 cannot carry most C0 controls, nor U+FFFE/U+FFFF, even as
 * character references. */
static int xml_char_ok(long cp)
{
	if (cp < 0x20)
		return 0;
	return cp != 0xfffe && cp != 0xffff;
}

static void escape_to(struct sink *k, const char *s, size_t max_chars)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t shown = 0, adv;

	while (*p && !k->full) {
		if (max_chars && shown == max_chars) {
			emit(k, ELLIPSIS, strlen(ELLIPSIS));
			return;
		}
		long cp = utf8_next(p, &adv);
		if (cp == '&')
			emit(k, "&amp;", 5);
		else if (cp == '<')
			emit(k, "&lt;", 4);
		else if (cp == '>')
			emit(k, "&gt;", 4);
		else if (cp == '"')
			emit(k, "&quot;", 6);
		else if (cp == '\'')
			emit(k, "&#39;", 5);
		else if (cp == '\t' || cp == '\n' || cp == '\r')
			emit(k, " ", 1); /* a label is one line */
		else if (cp < 0 || !xml_char_ok(cp))
			emit(k, REPLACEMENT, strlen(REPLACEMENT));
		else
			emit(k, (const char *)p, adv);
		p += adv;
		shown++;
	}
}

void svg_escape(FILE *f, const char *s, size_t max_chars)
{
	struct sink k = { .f = f };

	escape_to(&k, s, max_chars);
}

char *svg_escape_buf(const char *s, size_t max_chars, char *buf, size_t len)
{
	struct sink k = { .buf = buf, .len = len };

	if (len == 0)
		return buf;
	buf[0] = '\0';
	escape_to(&k, s, max_chars);
	return buf;
}

size_t svg_text_chars(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0, adv;

	while (*p) {
		(void)utf8_next(p, &adv);
		p += adv;
		n++;
	}
	return n;
}

double svg_text_width(size_t n, double size)
{
	/* an average sans-serif glyph is a little over half the font size;
	   0.6 errs on the wide side, which only costs a little space */
	return (double)n * size * 0.6;
}

const char *svg_num(double v, char *buf, size_t len)
{
	char *end;

	/* a drawing never needs more; it also bounds the text's length */
	if (!isfinite(v) || fabs(v) > 1e9)
		v = isfinite(v) ? copysign(1e9, v) : 0.0;
	snprintf(buf, len, "%.2f", v);
	if (strchr(buf, '.')) {
		end = buf + strlen(buf) - 1;
		while (*end == '0')
			*end-- = '\0';
		if (*end == '.')
			*end = '\0';
	}
	if (strcmp(buf, "-0") == 0)
		snprintf(buf, len, "0");
	return buf;
}

const char *svg_colour(size_t i)
{
	/* Okabe-Ito, without its yellow (too faint on white) and black (the
	   axes' colour), plus two darker tones */
	static const char *const palette[] = { "#0072B2", "#E69F00", "#009E73", "#D55E00",
					       "#CC79A7", "#56B4E9", "#882255", "#555555" };

	return palette[i % (sizeof palette / sizeof palette[0])];
}

void svg_begin(FILE *f, double width, double height, const char *title)
{
	char w[32], h[32];

	svg_num(width, w, sizeof w);
	svg_num(height, h, sizeof h);
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" "
		   "viewBox=\"0 0 %s %s\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
		w, h, w, h);
	fputs("<title>", f);
	svg_escape(f, title, 0);
	fputs("</title>\n", f);
	/* a transparent background turns black in some viewers and PNGs */
	svg_rect(f, 0, 0, width, height, "#ffffff", NULL);
}

void svg_end(FILE *f)
{
	fputs("</svg>\n", f);
}

void svg_group_begin(FILE *f, const char *cls, const struct svg_data *data, size_t ndata)
{
	fputs("<g", f);
	if (cls)
		fprintf(f, " class=\"%s\"", cls);
	for (size_t i = 0; i < ndata; i++) {
		fprintf(f, " data-%s=\"", data[i].name);
		svg_escape(f, data[i].value, 0);
		fputc('"', f);
	}
	fputs(">\n", f);
}

void svg_group_end(FILE *f)
{
	fputs("</g>\n", f);
}

void svg_rect_outlined(FILE *f, double x, double y, double w, double h, const char *fill,
		       const char *stroke, const char *cls)
{
	char bx[32], by[32], bw[32], bh[32];

	fprintf(f, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\" "
		   "stroke=\"%s\" stroke-width=\"1.5\"",
		svg_num(x, bx, sizeof bx), svg_num(y, by, sizeof by),
		svg_num(w > 0 ? w : 0, bw, sizeof bw), svg_num(h > 0 ? h : 0, bh, sizeof bh),
		fill, stroke);
	if (cls)
		fprintf(f, " class=\"%s\"", cls);
	fputs("/>\n", f);
}

void svg_hatch(FILE *f, const char *id, const char *colour)
{
	fprintf(f, "<defs><pattern id=\"%s\" width=\"6\" height=\"6\" "
		   "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
		   "<rect width=\"6\" height=\"6\" fill=\"#ffffff\"/>"
		   "<rect width=\"2.5\" height=\"6\" fill=\"%s\"/></pattern></defs>\n",
		id, colour);
}

void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill,
	      const char *cls)
{
	char bx[32], by[32], bw[32], bh[32];

	/* a negative size is an error in SVG: clamp rather than break */
	fprintf(f, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"%s\"",
		svg_num(x, bx, sizeof bx), svg_num(y, by, sizeof by),
		svg_num(w > 0 ? w : 0, bw, sizeof bw), svg_num(h > 0 ? h : 0, bh, sizeof bh),
		fill);
	if (cls)
		fprintf(f, " class=\"%s\"", cls);
	fputs("/>\n", f);
}

void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke,
	      double width, const char *dash)
{
	char a[32], b[32], c[32], d[32], w[32];

	fprintf(f, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"%s\"",
		svg_num(x1, a, sizeof a), svg_num(y1, b, sizeof b), svg_num(x2, c, sizeof c),
		svg_num(y2, d, sizeof d), stroke, svg_num(width, w, sizeof w));
	if (dash)
		fprintf(f, " stroke-dasharray=\"%s\"", dash);
	fputs("/>\n", f);
}

void svg_polyline(FILE *f, const double *xs, const double *ys, size_t n, const char *stroke,
		  double width)
{
	char a[32], b[32];

	fputs("<polyline fill=\"none\" points=\"", f);
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%s,%s", i ? " " : "", svg_num(xs[i], a, sizeof a),
			svg_num(ys[i], b, sizeof b));
	fprintf(f, "\" stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\"/>\n", stroke,
		svg_num(width, a, sizeof a));
}

void svg_circle(FILE *f, double x, double y, double r, const char *fill, const char *tip)
{
	char a[32], b[32], c[32];

	fprintf(f, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"%s\" stroke=\"#ffffff\"",
		svg_num(x, a, sizeof a), svg_num(y, b, sizeof b), svg_num(r, c, sizeof c), fill);
	if (!tip) {
		fputs("/>\n", f);
		return;
	}
	fputs("><title>", f);
	svg_escape(f, tip, 0);
	fputs("</title></circle>\n", f);
}

static const char *anchor_name(enum svg_anchor a)
{
	return a == SVG_MIDDLE ? "middle" : a == SVG_END ? "end" : "start";
}

void svg_text(FILE *f, double x, double y, const struct svg_font *font, const char *text,
	      size_t max_chars)
{
	char a[32], b[32], c[32], r[32];
	double size = font->size > 0 ? font->size : DEFAULT_FONT_PX;

	fprintf(f, "<text x=\"%s\" y=\"%s\" font-size=\"%s\"", svg_num(x, a, sizeof a),
		svg_num(y, b, sizeof b), svg_num(size, c, sizeof c));
	if (font->anchor != SVG_START)
		fprintf(f, " text-anchor=\"%s\"", anchor_name(font->anchor));
	if (font->bold)
		fputs(" font-weight=\"bold\"", f);
	if (font->fill)
		fprintf(f, " fill=\"%s\"", font->fill);
	if (font->rotate != 0)
		fprintf(f, " transform=\"rotate(%s %s %s)\"", svg_num(font->rotate, r, sizeof r), a, b);
	if (font->cls) /* last, so scripts can match class="x">text< */
		fprintf(f, " class=\"%s\"", font->cls);
	fputc('>', f);
	svg_escape(f, text, max_chars);
	fputs("</text>\n", f);
}
