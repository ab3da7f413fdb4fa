--liquibase formatted sql

--changeset cardgen:003-jobs
-- One row per (account, idempotency key): the idempotency record, the job and its reservation.
-- state: QUEUED -> RUNNING -> SUCCEEDED | FAILED (RUNNING -> QUEUED when a lease expires).
-- credit_state: RESERVED -> CHARGED | RELEASED, each move conditional on the expected state.
CREATE TABLE jobs (
    id               UUID PRIMARY KEY,
    account_id       UUID        NOT NULL REFERENCES accounts (id),
    idempotency_key  TEXT        NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 100),
    fingerprint      TEXT        NOT NULL,
    spec             JSONB       NOT NULL,
    state            TEXT        NOT NULL CHECK (state IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED')),
    credit_state     TEXT        NOT NULL CHECK (credit_state IN ('RESERVED', 'CHARGED', 'RELEASED')),
    error_code       TEXT,
    attempts         INTEGER     NOT NULL DEFAULT 0,
    lease_owner      TEXT,
    lease_until      TIMESTAMPTZ,
    finished_by      TEXT,
    published_at     TIMESTAMPTZ,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    finished_at      TIMESTAMPTZ,
    CONSTRAINT jobs_account_key UNIQUE (account_id, idempotency_key)
);

-- The sweeper's two scans: expired leases and jobs never published.
CREATE INDEX jobs_running_lease ON jobs (lease_until) WHERE state = 'RUNNING';
CREATE INDEX jobs_queued ON jobs (created_at) WHERE state = 'QUEUED';
CREATE INDEX jobs_created_at ON jobs (created_at);
