--liquibase formatted sql

--changeset cardgen:021-batches
-- Batches (batch-api): one row per batch, its items are ordinary jobs (batch_id set), so they share
-- the jobs' key space and the exactly-once credit moves. The finished counts live on the batch row
-- and move in the same transaction as the item's final state; queued/running are counted from
-- jobs. status: in_progress -> completed | in_progress -> cancelling -> cancelled.
CREATE TABLE batches (
    id               UUID PRIMARY KEY,
    account_id       UUID        NOT NULL REFERENCES accounts (id),
    idempotency_key  TEXT        CHECK (length(idempotency_key) BETWEEN 1 AND 100),
    fingerprint      TEXT        NOT NULL,
    status           TEXT        NOT NULL
                     CHECK (status IN ('in_progress', 'cancelling', 'completed', 'cancelled')),
    total            INTEGER     NOT NULL CHECK (total >= 1),
    succeeded        INTEGER     NOT NULL DEFAULT 0 CHECK (succeeded >= 0),
    failed           INTEGER     NOT NULL DEFAULT 0 CHECK (failed >= 0),
    cancelled        INTEGER     NOT NULL DEFAULT 0 CHECK (cancelled >= 0),
    metadata         JSONB       NOT NULL,
    webhook_url      TEXT        CHECK (length(webhook_url) BETWEEN 1 AND 2048),
    created_at       TIMESTAMPTZ NOT NULL,
    completed_at     TIMESTAMPTZ,
    CONSTRAINT batches_finished_within_total CHECK (succeeded + failed + cancelled <= total),
    CONSTRAINT batches_account_key UNIQUE (account_id, idempotency_key)
);

-- The list endpoint (newest first, keyset paging) and the feeder's accounts with work waiting.
CREATE INDEX batches_account_created ON batches (account_id, created_at DESC, id DESC);
CREATE INDEX batches_in_progress ON batches (account_id, created_at) WHERE status = 'in_progress';

-- An item's place in its batch: custom_id and its 1-based position (item_line), and seq, its
-- number in finish order (set exactly once, when the item ends). CANCELLED: a batch item stopped
-- before it ran, its credit released.
ALTER TABLE jobs ADD COLUMN batch_id UUID REFERENCES batches (id);
ALTER TABLE jobs ADD COLUMN custom_id TEXT CHECK (length(custom_id) BETWEEN 1 AND 64);
ALTER TABLE jobs ADD COLUMN item_line INTEGER;
ALTER TABLE jobs ADD COLUMN seq INTEGER;
ALTER TABLE jobs DROP CONSTRAINT jobs_state_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_state_check
    CHECK (state IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED'));
ALTER TABLE jobs ADD CONSTRAINT jobs_batch_item
    CHECK ((batch_id IS NULL) = (custom_id IS NULL) AND (batch_id IS NULL) = (item_line IS NULL));

-- Results in finish order (?after=seq) and the guarantee that a seq is handed out once.
CREATE UNIQUE INDEX jobs_batch_seq ON jobs (batch_id, seq) WHERE seq IS NOT NULL;
CREATE UNIQUE INDEX jobs_batch_custom_id ON jobs (batch_id, custom_id) WHERE batch_id IS NOT NULL;
-- Counting an open batch's items by state, and cancelling its queued ones.
CREATE INDEX jobs_batch_state ON jobs (batch_id, state) WHERE batch_id IS NOT NULL;
-- The feeder's claim: an account's next queued item in creation order, and its running count.
CREATE INDEX jobs_batch_queued ON jobs (account_id, created_at, batch_id, item_line)
    WHERE state = 'QUEUED' AND batch_id IS NOT NULL;
CREATE INDEX jobs_batch_running ON jobs (account_id) WHERE state = 'RUNNING' AND batch_id IS NOT NULL;
-- The sweeper republishes only synchronous jobs; thousands of queued items must not slow its scan.
CREATE INDEX jobs_sync_queued ON jobs (updated_at) WHERE state = 'QUEUED' AND batch_id IS NULL;
