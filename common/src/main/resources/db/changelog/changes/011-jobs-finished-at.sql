--liquibase formatted sql

--changeset cardgen:011-jobs-finished-at
-- The key retention's scan: final jobs, oldest result first.
CREATE INDEX jobs_finished_at ON jobs (finished_at) WHERE state IN ('SUCCEEDED', 'FAILED');
