--liquibase formatted sql

--changeset cardgen:041-ledger-totals
-- The credit audit's running totals (ADR 0029): each account's ledger sums through one ledger id,
-- so the audit a gateway runs every minute adds the rows after that id instead of reading the
-- whole history. Written only by the audit. through_id only moves forward, and only to an id below
-- which no ledger row can still appear (established under a SHARE lock on credit_ledger). The
-- full audit recomputes the totals from the ledger and reports any difference.
CREATE TABLE ledger_totals (
    account_id    UUID   PRIMARY KEY,
    credited      BIGINT NOT NULL,
    charged       BIGINT NOT NULL,
    released      BIGINT NOT NULL,
    reservations  BIGINT NOT NULL
);

-- One row: how far ledger_totals reach, and the last full audit (when, and what it found), which
-- every replica's gauges report and which decides when the next one is due.
CREATE TABLE ledger_checkpoint (
    singleton              BOOLEAN     PRIMARY KEY DEFAULT TRUE CHECK (singleton),
    through_id             BIGINT      NOT NULL DEFAULT 0,
    full_audit_at          TIMESTAMPTZ,
    full_audit_breaches    INTEGER
);
