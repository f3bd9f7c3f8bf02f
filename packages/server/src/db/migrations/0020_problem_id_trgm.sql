-- The submission list's problemID filter without completeProblemID (problem_id ILIKE '%…%',
-- reference §3.4) read every problem: pg_trgm finds them (modules/submission/list.ts). pg_trgm: 0016.
CREATE INDEX "problem_problem_id_trgm_idx" ON "problem" USING gin ("problem_id" gin_trgm_ops);
