/** The participant's training calls (reference §3.5, §7.13); Chinese texts follow HOJ's wording. */
export const trainingMessages = {
  passwordEmpty: { zh: '训练密码不能为空！', en: 'Enter the training password!' },
  passwordWrong: {
    zh: '训练密码错误，请重新输入！',
    en: 'The training password is wrong, please try again!',
  },
  alreadyRegistered: {
    zh: '您已注册过该训练，请勿重复注册！',
    en: 'You have already registered for this training!',
  },
  publicNoRegistration: {
    zh: '该训练为公开训练，无需注册！',
    en: 'This training is public: no registration is needed!',
  },
  problemNotInTraining: {
    zh: '该题目不在该训练中！',
    en: 'This problem is not part of the training!',
  },
} as const;
