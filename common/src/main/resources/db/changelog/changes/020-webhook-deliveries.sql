--liquibase formatted sql

--changeset cardgen:020-webhook-deliveries
-- The webhook outbox (batch-api §7). A row is written in the same transaction that finishes or
-- cancels a batch, so an event is never lost; deliverers claim due rows with FOR UPDATE SKIP LOCKED
-- and a lease. id is the webhook-id, the same on every attempt; payload is the exact body sent.
-- state: PENDING -> DELIVERED | GAVE_UP.
CREATE TABLE webhook_deliveries (
    id               UUID PRIMARY KEY,
    account_id       UUID        NOT NULL REFERENCES accounts (id),
    event_key        TEXT        NOT NULL UNIQUE,
    event_type       TEXT        NOT NULL CHECK (length(event_type) BETWEEN 1 AND 100),
    url              TEXT        NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
    payload          TEXT        NOT NULL,
    state            TEXT        NOT NULL CHECK (state IN ('PENDING', 'DELIVERED', 'GAVE_UP')),
    attempts         INTEGER     NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMPTZ NOT NULL,
    lease_owner      TEXT,
    lease_until      TIMESTAMPTZ,
    last_status      INTEGER,
    last_error       TEXT,
    created_at       TIMESTAMPTZ NOT NULL,
    finished_at      TIMESTAMPTZ
);

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'PENDING';

-- The account's signing secret, "whsec_" + base64 of 24+ random bytes. Kept readable (it signs),
-- shown and rotated only through the admin API; null until first asked for.
ALTER TABLE accounts ADD COLUMN webhook_secret TEXT;
