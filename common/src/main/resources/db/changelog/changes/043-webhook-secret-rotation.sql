--liquibase formatted sql

--changeset cardgen:043-webhook-secret-rotation
-- A rotated webhook secret keeps signing beside the new one until webhook_previous_valid_until
-- (cardgen.webhooks.rotation-overlap, 24 h by default), so receivers can switch without missing
-- an event (ADR 0047). Both secret columns hold either a plain "whsec_..." secret (rows written
-- before sealing, or by a service without a sealing key) or "sealed:v1:<key id>:<base64>", the
-- secret sealed with AES-256-GCM under the operator's key for that account (SecretSealing).
ALTER TABLE accounts ADD COLUMN webhook_previous_secret TEXT;
ALTER TABLE accounts ADD COLUMN webhook_previous_valid_until TIMESTAMPTZ;
ALTER TABLE accounts ADD CONSTRAINT accounts_previous_webhook_secret_expires
    CHECK ((webhook_previous_secret IS NULL) = (webhook_previous_valid_until IS NULL));
COMMENT ON COLUMN accounts.webhook_secret IS
    'whsec_... (plain, legacy) or sealed:v1:<key id>:<base64 nonce+ciphertext+tag>; ADR 0047';
COMMENT ON COLUMN accounts.webhook_previous_secret IS
    'the secret before the last rotation, same form; signs until webhook_previous_valid_until';
