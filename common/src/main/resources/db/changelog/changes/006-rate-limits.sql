--liquibase formatted sql

--changeset cardgen:006-rate-limits
-- The plan's rate limit, shared by every gateway replica (ADR 0006): per account the GCRA
-- "theoretical arrival time", moved forward by one emission interval per admitted request.
-- UNLOGGED: no WAL for a row written on every request; after a crash or a failover the table is
-- empty, which admits at most one extra minute's worth of requests per account.
CREATE UNLOGGED TABLE rate_limits (
    account_id          UUID        PRIMARY KEY,
    theoretical_arrival TIMESTAMPTZ NOT NULL
);
