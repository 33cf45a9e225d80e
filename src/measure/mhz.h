/* The CPU clock rate, timed by the harness for the host record. */
#ifndef OSBENCH_MHZ_H
#define OSBENCH_MHZ_H

struct mhz_reading {
	double mhz;    /* at full clock; 0 when not told */
	char why[160]; /* why it is not told, where it was timed; "" otherwise */
};

/* MHz at full clock: the fastest of a few short timed runs of each
   chain; 0 with why when the chains disagree, 0 with no why when this
   compiler cannot build the timed loop. */
void measure_mhz(struct mhz_reading *out);

#endif
