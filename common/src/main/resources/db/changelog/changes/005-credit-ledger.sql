--liquibase formatted sql

--changeset cardgen:005-credit-ledger
-- Every movement of credit. A job has at most one entry of each kind: the unique index is the
-- last line of defence against a double charge or a double release.
CREATE TABLE credit_ledger (
    id          BIGSERIAL PRIMARY KEY,
    account_id  UUID        NOT NULL REFERENCES accounts (id),
    job_id      UUID        REFERENCES jobs (id),
    kind        TEXT        NOT NULL CHECK (kind IN ('CREDIT', 'RESERVE', 'CHARGE', 'RELEASE')),
    amount      BIGINT      NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX credit_ledger_job_kind ON credit_ledger (job_id, kind) WHERE job_id IS NOT NULL;
CREATE INDEX credit_ledger_account ON credit_ledger (account_id);
