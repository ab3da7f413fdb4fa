--liquibase formatted sql

--changeset cardgen:010-ledger-keeps-history
-- The ledger is the account's history and outlives the idempotency record: once a job is removed
-- after the key retention, its RESERVE/CHARGE/RELEASE rows stay, still naming the job id. So the
-- ledger no longer references jobs; the unique (job_id, kind) index still forbids a second charge.
ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_job_id_fkey;
