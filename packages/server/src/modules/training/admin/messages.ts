/** The training admin calls (reference §3.12 "Trainings"); Chinese texts follow HOJ's wording where it has one. */
export const trainingAdminMessages = {
  groupTrainingsLater: {
    zh: '团队训练请在团队中管理！',
    en: 'Group trainings are managed inside their group!',
  },
  trainingIdMissing: { zh: '训练ID不能为空！', en: 'The training id is missing!' },
  categoryNotFound: { zh: '该训练分类不存在！', en: 'The training category does not exist!' },
  categoryNameTaken: { zh: '该分类名称已存在！', en: 'A category with this name already exists!' },
  problemAlreadyInTraining: {
    zh: '添加失败，该题目已添加或者题目的训练展示ID已存在！',
    en: 'This problem, or its display id, is already in the training!',
  },
  problemNotPublic: {
    zh: '只有公开题目才能添加进训练！',
    en: 'Only a public problem can be added to a training!',
  },
  displayIdIsProblemId: {
    zh: '训练题目的展示ID须为该题目的题号！',
    en: "A training problem's display id is the problem's own id!",
  },
  trainingProblemNotFound: {
    zh: '该训练题目不存在！',
    en: 'This problem is not in the training!',
  },
} as const;
