--liquibase formatted sql

--changeset cardgen:002-accounts
-- balance counts every credit not yet charged, reserved ones included; reserved is the part held
-- by jobs in progress. Available = balance - reserved, never below zero (the CHECK enforces it).
CREATE TABLE accounts (
    id            UUID PRIMARY KEY,
    name          TEXT        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    plan_id       BIGINT      REFERENCES plans (id),
    api_key_hash  TEXT        NOT NULL UNIQUE,
    api_revision  TEXT        NOT NULL DEFAULT 'current' CHECK (api_revision IN ('current', 'legacy')),
    balance       BIGINT      NOT NULL DEFAULT 0,
    reserved      BIGINT      NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT accounts_reserved_within_balance CHECK (reserved >= 0 AND reserved <= balance)
);
