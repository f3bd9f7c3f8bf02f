-- The submission list's author filter (username ILIKE '%…%', reference §3.4) read every user: pg_trgm
-- finds them by the keyword's uncommon part (modules/submission/list.ts). pg_trgm: migration 0016.
CREATE INDEX "user_info_username_trgm_idx" ON "user_info" USING gin (lower("username") gin_trgm_ops);