--liquibase formatted sql

--changeset cardgen:047-webhook-fair-claims
-- The deliverers' fair claim: each account's due deliveries, first attempts first, and the count
-- of its deliveries in flight.
CREATE INDEX webhook_deliveries_account_due
    ON webhook_deliveries (account_id, attempts, next_attempt_at) WHERE state = 'PENDING';
