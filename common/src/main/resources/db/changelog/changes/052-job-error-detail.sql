--liquibase formatted sql

--changeset cardgen:052-job-error-detail
-- A failed job may say more than its error code: which of its photos failed and why, in Russian,
-- written by the worker from what it knows (never the addresses or reasons of its logs). The
-- gateway answers it as the error's message instead of the code's standard text. The worker keeps
-- it under 300 characters; the bound here only stops a runaway text from bloating the results.
ALTER TABLE jobs ADD COLUMN error_detail TEXT CONSTRAINT jobs_error_detail_length
    CHECK (length(error_detail) <= 500);
