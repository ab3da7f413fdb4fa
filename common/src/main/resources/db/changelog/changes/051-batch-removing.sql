--liquibase formatted sql

--changeset cardgen:051-batch-removing
-- BatchRetention removes a large batch in several transactions, its items first and its row last.
-- In between, the batch still answered 200 with its results missing seqs (review). The first
-- transaction now sets this flag with its first deletions, and every read of the public API skips
-- a flagged batch: it is gone for its account from the first removed item on.
ALTER TABLE batches ADD COLUMN removing BOOLEAN NOT NULL DEFAULT false;
