-- The public submission lists read judge.problem_hidden (migration 0021) instead of a set of the
-- problems that are not public built from this index; no statement reads it any more.
DROP INDEX "problem_not_public_idx";
