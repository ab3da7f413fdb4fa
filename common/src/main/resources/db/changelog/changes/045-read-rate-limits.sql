--liquibase formatted sql

--changeset cardgen:045-read-rate-limits
-- The read bucket of the batch endpoints (RateLimitProperties): the same GCRA arrival time as
-- rate_limits, for reads, which have a larger bucket of their own. UNLOGGED for the same reason:
-- after a crash it is empty, which admits at most one extra minute's worth of reads per account.
CREATE UNLOGGED TABLE read_rate_limits (
    account_id          UUID        PRIMARY KEY,
    theoretical_arrival TIMESTAMPTZ NOT NULL
);
