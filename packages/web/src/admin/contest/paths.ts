/** The admin contest screens' paths (spec part 2 §2.7 route table). */
export const contestPaths = {
  list: '/admin/contest',
  create: '/admin/contest/create',
  edit: (cid: number) => `/admin/contest/${cid}/edit`,
  problems: (cid: number) => `/admin/contest/${cid}/problems`,
  problemCreate: (cid: number) => `/admin/contest/${cid}/problem/create`,
  problemEdit: (cid: number, pid: number) => `/admin/contest/${cid}/problem/${pid}/edit`,
  announcement: (cid: number) => `/admin/contest/${cid}/announcement`,
};
