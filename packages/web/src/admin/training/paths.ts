/** The admin training screens' paths (spec part 2 §2.7 route table). */
export const trainingPaths = {
  list: '/admin/training',
  create: '/admin/training/create',
  category: '/admin/training/category',
  edit: (tid: number) => `/admin/training/${tid}/edit`,
  problems: (tid: number) => `/admin/training/${tid}/problems`,
};
