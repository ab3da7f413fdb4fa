--liquibase formatted sql

--changeset cardgen:048-webhook-claims-by-account
-- The deliverers' fair claim (ADR 0055): it skips from one account with pending deliveries to the
-- next on the first index and reads each one's oldest due rows from it in order; it counts each
-- account's live leases on the second, which holds only leased rows, so the count does not read
-- the account's backlog. (047 was the number of a reverted first attempt.)
CREATE INDEX webhook_deliveries_pending_by_account
    ON webhook_deliveries (account_id, next_attempt_at) WHERE state = 'PENDING';
CREATE INDEX webhook_deliveries_leased_by_account
    ON webhook_deliveries (account_id, lease_until)
    WHERE state = 'PENDING' AND lease_until IS NOT NULL;
-- The reverted attempt's index, where its changeset ran; nothing reads it.
DROP INDEX IF EXISTS webhook_deliveries_account_due;
-- webhook_deliveries_due (020) is no longer read by the claim. It stays while workers of the
-- previous release, claiming oldest first, may run beside new ones during a rolling upgrade.
