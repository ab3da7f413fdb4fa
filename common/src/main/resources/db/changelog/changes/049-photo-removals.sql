--liquibase formatted sql

--changeset cardgen:049-photo-removals
-- The photo keys of removed jobs, until the bucket has deleted them (ADR 0057, amended). They are
-- written in the transaction that removes the rows and deleted from the bucket after it commits:
-- no row transaction waits on the store (a retention run made thousands of deletes while holding
-- its rows), and a rollback never leaves a kept card without its photos. A key the store failed to
-- delete stays, due again later.
CREATE TABLE photo_removals (
    key       text PRIMARY KEY,
    queued_at timestamptz NOT NULL DEFAULT now(),
    attempts  integer NOT NULL DEFAULT 0,
    due_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX photo_removals_due ON photo_removals (due_at);
