package io.cardgen.worker.job;

/** The worker tests' settable clock, under the name the job tests have always used. */
class SettableClock extends io.cardgen.worker.testing.SettableClock {}
