--liquibase formatted sql

--changeset cardgen:040-llm-rate-windows
-- The provider's requests/tokens-per-minute allowance shared by all workers (ADR 0010): one row
-- per fixed accounting window, keyed by its start in epoch milliseconds. A worker takes a request
-- with one conditional upsert and adds the tokens the answer used afterwards; rows older than an
-- hour are deleted by the workers as they go.
CREATE TABLE llm_rate_windows (
    window_start_ms  BIGINT  PRIMARY KEY,
    requests         INTEGER NOT NULL CHECK (requests >= 0),
    tokens           BIGINT  NOT NULL CHECK (tokens >= 0)
);
