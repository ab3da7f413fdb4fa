--liquibase formatted sql

--changeset cardgen:046-batch-retention
-- BatchRetention's search for finished batches past their retention, oldest first.
CREATE INDEX batches_finished ON batches (completed_at) WHERE status IN ('completed', 'cancelled');
