import type { World } from '../../problem/fixtures.ts';

/** A training as the admin form sends it (reference §3.12 `{training, trainingCategory}`). */
export function trainingForm(categoryId: number, training: Record<string, unknown> = {}) {
  return {
    training: {
      title: 'Dynamic programming',
      description: 'Knapsacks and friends.',
      auth: 'Public',
      privatePwd: null,
      rank: 1000,
      status: true,
      ...training,
    },
    trainingCategory: { id: categoryId },
  };
}

/** A site category made as root; answers its id. */
export async function createCategory(w: World, name = 'Basics', color = '#409EFF') {
  const res = await w.call<{ id: number }>('POST', '/api/admin/training/category', {
    token: w.tokens.root,
    payload: { name, color },
  });
  if (res.status !== 200) throw new Error(`category: ${res.msg}`);
  return res.data.id;
}

/** Creates a training through the API as `token` (the non-root admin by default); answers its id. */
export async function createTraining(
  w: World,
  categoryId: number,
  training: Record<string, unknown> = {},
  token = w.tokens.admin,
) {
  const res = await w.call<{ tid: number }>('POST', '/api/admin/training', {
    token,
    payload: trainingForm(categoryId, training),
  });
  if (res.status !== 200) throw new Error(`create training: ${res.status} ${res.msg}`);
  return res.data.tid;
}
