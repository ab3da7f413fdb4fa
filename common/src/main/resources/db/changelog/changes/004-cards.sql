--liquibase formatted sql

--changeset cardgen:004-cards
CREATE TABLE cards (
    uid               UUID PRIMARY KEY,
    job_id            UUID        NOT NULL UNIQUE REFERENCES jobs (id),
    account_id        UUID        NOT NULL REFERENCES accounts (id),
    style             TEXT        NOT NULL,
    description       TEXT        NOT NULL,
    features          JSONB,
    audience          TEXT,
    headers           JSONB,
    slogans           JSONB,
    images            JSONB       NOT NULL,
    prompt_version    TEXT        NOT NULL,
    prompt_tokens     INTEGER,
    completion_tokens INTEGER,
    created_at        TIMESTAMPTZ NOT NULL,
    deleted_at        TIMESTAMPTZ
);
