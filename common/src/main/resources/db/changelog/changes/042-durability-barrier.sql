--liquibase formatted sql

--changeset cardgen:042-durability-barrier
-- What DurabilityBarrier sets (ADR 0033): setval always writes the sequence to the WAL and gives
-- its transaction an id, so its synchronous commit waits until the WAL up to it, and every commit
-- before it, is on disk. Its value counts the barriers run; the sequence is updated in place, so
-- it leaves no dead rows behind and holds no row lock that others could queue on.
CREATE SEQUENCE durability_barrier;
