-- OAuth connections (SPEC R4.5): grant_status PENDING_AUTHORIZATION and
-- REAUTHORIZATION_NEEDED do not fit VARCHAR(16).
ALTER TABLE connection_directory ALTER COLUMN grant_status SET DATA TYPE VARCHAR(32);
