--liquibase formatted sql

--changeset cardgen:050-sync-jobs-finished-at
-- Key retention removes finished synchronous jobs in finished_at order. jobs_finished_at holds
-- batch items too, which are kept 30 days against the keys' 72 hours: every run read past all of
-- them, a scan that grew with the batch volume kept (review: 200 000 rows read to remove one key).
-- Finished synchronous jobs alone; one more entry per synchronous card.
CREATE INDEX jobs_sync_finished_at ON jobs (finished_at)
    WHERE state IN ('SUCCEEDED', 'FAILED') AND batch_id IS NULL;
