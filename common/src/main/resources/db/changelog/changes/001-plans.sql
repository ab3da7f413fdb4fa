--liquibase formatted sql

--changeset cardgen:001-plans
-- A plan's options and limits. A count of 0 means the plan lacks that block.
CREATE TABLE plans (
    id                    BIGSERIAL PRIMARY KEY,
    name                  TEXT        NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
    api_access            BOOLEAN     NOT NULL,
    max_photos            INTEGER     NOT NULL CHECK (max_photos >= 1),
    max_length            INTEGER     NOT NULL CHECK (max_length >= 200),
    features_count        INTEGER     NOT NULL CHECK (features_count >= 0),
    audience              BOOLEAN     NOT NULL,
    headers_count         INTEGER     NOT NULL CHECK (headers_count >= 0),
    slogans_count         INTEGER     NOT NULL CHECK (slogans_count >= 0),
    creativity            BOOLEAN     NOT NULL,
    keywords              BOOLEAN     NOT NULL,
    rate_limit_per_minute INTEGER     NOT NULL CHECK (rate_limit_per_minute >= 1),
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
