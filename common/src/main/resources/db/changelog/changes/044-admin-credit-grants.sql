--liquibase formatted sql

--changeset cardgen:044-admin-credit-grants
-- Top-ups the admin API made under an Idempotency-Key (POST /admin/accounts/{id}/credits): the
-- key is the claim, so an operator's billing system that retries after a timeout adds its credits
-- once. A key names one grant across all accounts: the same key for another account or amount is
-- refused. Written in the transaction that moves the balance and writes the CREDIT ledger row;
-- removed after cardgen.idempotency.retention (KeyRetention), the ledger row stays.
CREATE TABLE admin_credit_grants (
    idempotency_key  TEXT        PRIMARY KEY CHECK (length(idempotency_key) BETWEEN 1 AND 100),
    account_id       UUID        NOT NULL REFERENCES accounts (id),
    amount           BIGINT      NOT NULL CHECK (amount > 0),
    created_at       TIMESTAMPTZ NOT NULL
);

CREATE INDEX admin_credit_grants_created_at ON admin_credit_grants (created_at);
