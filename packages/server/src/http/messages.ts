import type { FastifyRequest } from 'fastify';

/** The interface languages (spec part 1 §1). The server answers in the one the client asks for. */
export type Lang = 'zh-CN' | 'en-US';
export interface Text {
  zh: string;
  en: string;
}
export type Message = Text | string;

/**
 * Server messages in both languages. The Chinese texts are HOJ's (reference §1.2), so existing
 * clients that match on them keep working; English is chosen by `Accept-Language: en…`.
 */
export const messages = {
  success: { zh: 'success', en: 'success' },
  loginRequired: { zh: '请您先登录！', en: 'Please log in first!' },
  tokenInvalid: { zh: '登录状态已失效，请重新登录！', en: 'Your login has expired, please log in again!' },
  accountBanned: {
    zh: '该账户已被封禁，请联系管理员进行处理！',
    en: 'This account has been banned, please contact the administrator!',
  },
  noPermission: {
    zh: '对不起，您无权限进行此操作！',
    en: 'Sorry, you do not have permission to perform this operation!',
  },
  notFound: { zh: '请求的资源不存在！', en: 'The requested resource does not exist!' },
  serverError: { zh: '服务器错误！请稍后重试！', en: 'Server Error! Please try Again later!' },
  badJson: { zh: '参数格式解析失败！', en: 'Failed to parse parameter format!' },
  methodNotAllowed: { zh: '不支持该请求方法！', en: 'The request method is not supported!' },
  unsupportedMediaType: { zh: '不支持该请求内容类型！', en: 'The request content type is not supported!' },
  bodyTooLarge: { zh: '请求内容过大！', en: 'The request body is too large!' },
  tooManyRequests: {
    zh: '操作过于频繁，请稍后再试！',
    en: 'Too many requests, please try again later!',
  },
  serverBusy: {
    zh: '服务器繁忙，请稍后重试！',
    en: 'The server is busy, please try again in a moment!',
  },
  serviceClosing: {
    zh: '服务正在重启，请稍后重试！',
    en: 'The service is restarting, please try again later!',
  },
  logoutSuccess: { zh: '退出登录成功！', en: 'Logged out successfully!' },

  // Accounts (reference §3.1, §7.1–7.5; HOJ's PassportManager / AccountManager texts).
  loginFailed: {
    zh: '用户名或密码错误！请注意大小写！',
    en: 'Wrong username or password! Mind upper and lower case!',
  },
  loginLocked: {
    zh: '对不起！登录失败次数过多！您的账号有风险，半个小时内暂时无法登录！',
    en: 'Sorry! Too many failed logins! Your account is at risk and cannot sign in for half an hour!',
  },
  slideRequired: {
    zh: '登录失败次数过多，请先完成滑动验证！',
    en: 'Too many failed logins: please complete the slide verification first!',
  },
  slideFailed: { zh: '滑动验证未通过，请重新验证！', en: 'The slide verification failed, please try again!' },
  notAdminAccount: {
    zh: '该账号并非管理员账号，无权登录！',
    en: 'This account is not an administrator account and cannot sign in here!',
  },
  registerClosed: {
    zh: '对不起！本站暂未开启注册功能！',
    en: 'Sorry! Registration is not open on this site!',
  },
  mailNotConfiguredRegister: {
    zh: '对不起！本站邮箱系统未配置，暂不支持注册！',
    en: 'Sorry! The mail system of this site is not configured, so registration is not available!',
  },
  registerCodeNotNeeded: {
    zh: '本站注册无需邮箱验证码，请回答图形验证码后直接注册！',
    en: 'Registering here needs no e-mail code: answer the captcha and register!',
  },
  mailNotConfiguredReset: {
    zh: '对不起！本站邮箱系统未配置，暂不支持重置密码！',
    en: 'Sorry! The mail system of this site is not configured, so passwords cannot be reset!',
  },
  mailNotConfiguredChangeEmail: {
    zh: '对不起！本站邮箱系统未配置，暂不支持修改邮箱！',
    en: 'Sorry! The mail system of this site is not configured, so the e-mail address cannot be changed!',
  },
  mailSendFailed: {
    zh: '邮件发送失败，请稍后重新尝试！',
    en: 'The e-mail could not be sent, please try again later!',
  },
  emailRegistered: {
    zh: '对不起！该邮箱已被注册，请更换新的邮箱！',
    en: 'Sorry! This e-mail address is already registered, please use another one!',
  },
  usernameTaken: {
    zh: '对不起！该用户名已被注册，请更换新的用户名！',
    en: 'Sorry! This username already exists, please choose another one!',
  },
  registerCodeMissing: {
    zh: '验证码不存在或已过期',
    en: 'The verification code does not exist or has expired',
  },
  registerCodeWrong: { zh: '验证码不正确', en: 'The verification code is incorrect' },
  registerSuccess: { zh: '谢谢你的注册！', en: 'Thank you for registering!' },
  captchaWrong: { zh: '验证码不正确', en: 'The captcha is incorrect' },
  captchaExpired: { zh: '验证码已过期，请刷新验证码！', en: 'The captcha has expired, please refresh it!' },
  resetEmailUnknown: {
    zh: '对不起，该邮箱无该用户，请重新检查！',
    en: 'Sorry, no user has this e-mail address, please check it!',
  },
  resetLinkMissing: {
    zh: '重置密码链接不存在或已过期，请重新发送重置邮件',
    en: 'The reset link does not exist or has expired, please send the reset e-mail again',
  },
  resetCodeWrong: {
    zh: '重置密码的验证码不正确，请重新输入',
    en: 'The reset code is incorrect, please enter it again',
  },
  resetPasswordMailSent: {
    zh: '重置密码的邮件已发送，请查收邮箱！',
    en: 'The password reset e-mail has been sent, please check your mailbox!',
  },
  resetPasswordSuccess: { zh: '重置密码成功！', en: 'Your password has been reset!' },
  changePasswordSuccess: {
    zh: '修改密码成功！您将于5秒钟后退出进行重新登录操作！',
    en: 'Password changed! You will be signed out in 5 seconds to sign in again!',
  },
  changeEmailSame: {
    zh: '新邮箱与当前邮箱一致，请不要重复设置！',
    en: 'The new e-mail address is your current one!',
  },
  changeEmailTaken: {
    zh: '该邮箱已被他人使用，请重新设置其它邮箱！',
    en: 'This e-mail address is used by someone else, please choose another one!',
  },
  changeEmailCodeMissing: {
    zh: '修改邮箱验证码不存在或已过期，请重新发送！',
    en: 'The verification code does not exist or has expired, please send it again!',
  },
  changeEmailCodeSent: {
    zh: '验证码已发送至新邮箱，请查收！',
    en: 'The verification code has been sent to the new address, please check it!',
  },
  changeEmailSuccess: { zh: '修改邮箱成功！', en: 'E-mail address changed!' },
  userInfoUpdated: { zh: '更新个人信息成功！', en: 'Your profile has been updated!' },
  cfSessionUpdated: { zh: '更新Codeforces会话成功！', en: 'The Codeforces session id has been updated!' },
  cfSessionDeleted: { zh: '删除Codeforces会话成功！', en: 'The Codeforces session id has been deleted!' },
  avatarMissing: { zh: '上传的头像图片文件不能为空！', en: 'The avatar image file cannot be empty!' },
  avatarTooLarge: {
    zh: '上传的头像图片文件大小不能大于2M！',
    en: 'The avatar image cannot be larger than 2 MB!',
  },
  avatarType: {
    zh: '请选择gif,jpg,jpeg,png,bmp,webp格式的头像图片！',
    en: 'Please choose an avatar image in gif, jpg, jpeg, png, bmp or webp format!',
  },
  userNotFound: { zh: '用户不存在', en: 'The user does not exist' },
} satisfies Record<string, Text>;

/** reference §7.1, §7.3, §7.4: a mail resend asked for too early. */
export function mailCooldown(kind: 'register' | 'reset' | 'changeEmail', seconds: number): Text {
  const zhKind = { register: '注册', reset: '重置', changeEmail: '修改' }[kind];
  const enKind = { register: 'registration', reset: 'password reset', changeEmail: 'verification' }[kind];
  return {
    zh: `对不起，您的操作频率过快，请在${seconds}秒后再次发送${zhKind}邮件！`,
    en: `Sorry, you are going too fast: please wait ${seconds} seconds before sending the ${enKind} e-mail again!`,
  };
}

/** reference §7.4: the change-password / change-email lock, with the time left. */
export function changeLocked(action: 'password' | 'email', remainingSeconds: number): Text {
  const minutes = Math.floor(remainingSeconds / 60);
  const seconds = remainingSeconds % 60;
  return action === 'password'
    ? {
        zh: `由于您多次修改密码失败，修改密码功能已锁定，请在${minutes}分${seconds}秒后再进行尝试！`,
        en: `Changing the password is locked after too many failures; try again in ${minutes} min ${seconds} s!`,
      }
    : {
        zh: `由于您多次修改邮箱失败，修改邮箱功能已锁定，请在${minutes}分${seconds}秒后再进行尝试！`,
        en: `Changing the e-mail address is locked after too many failures; try again in ${minutes} min ${seconds} s!`,
      };
}

/** reference §7.4: a wrong current password or code, with the failures counted so far. */
export function changeFailed(what: 'oldPassword' | 'emailPassword' | 'emailCode', count: number): Text {
  switch (what) {
    case 'oldPassword':
      return {
        zh: `原始密码错误！您已累计修改密码失败${count}次...`,
        en: `Wrong current password! Failed attempts to change the password: ${count}...`,
      };
    case 'emailPassword':
      return {
        zh: `密码错误！您已累计修改邮箱失败${count}次...`,
        en: `Wrong password! Failed attempts to change the e-mail address: ${count}...`,
      };
    case 'emailCode':
      return {
        zh: `验证码错误！您已累计修改邮箱失败${count}次...`,
        en: `Wrong verification code! Failed attempts to change the e-mail address: ${count}...`,
      };
  }
}

export function missingParameter(field: string): Text {
  return {
    zh: `缺少必需的请求参数：${field}`,
    en: `The required request parameter is missing: ${field}`,
  };
}

export function invalidParameter(field: string, reason: string): Text {
  return { zh: `参数 ${field} 不合法：${reason}`, en: `Invalid parameter ${field}: ${reason}` };
}

export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en-US' : 'zh-CN';
}

export function localize(message: Message, lang: Lang): string {
  if (typeof message === 'string') return message;
  return lang === 'en-US' ? message.en : message.zh;
}

/** A size for messages: MiB, or KiB below one MiB. */
export const mib = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;

/**
 * Problem bank, submissions, tags, test data and judge administration (spec part 1 §4–§5;
 * reference §3.3, §3.4, §3.11, §3.12, §6, §7.7–§7.10, §8.6). Chinese texts are HOJ's where the
 * reference gives them.
 */
export const problemMessages = {
  loginFirst: { zh: '请先登录！', en: 'Please login first!' },
  contestsNotAvailable: {
    zh: '比赛功能暂未开放，敬请期待！',
    en: 'Contests are not available yet.',
  },
  groupsNotAvailable: { zh: '团队功能暂未开放，敬请期待！', en: 'Groups are not available yet.' },
  alreadyPublic: { zh: '该题目已是公开题目！', en: 'This problem is already public!' },
  notAppliedPublic: { zh: '该题目未申请公开！', en: 'This problem has not applied to be public!' },
  // reference §3.12 compile-spj / compile-interactive (a compile error answers the compiler's output)
  compiled: { zh: '编译成功！', en: 'Compiled successfully!' },
  compileFailed: { zh: '编译失败！', en: 'Compilation failed!' },
  compileNoJudge: (language: string): Text => ({
    zh: `当前没有在线的评测机可以编译该${language}程序，请稍后重试！`,
    en: `No judge server is online to compile this ${language} program; please try again later.`,
  }),
  compileExtraFilesLimit: (files: number, bytes: string): Text => ({
    zh: `额外文件最多${files}个，每个不超过${bytes}！`,
    en: `At most ${files} extra files of ${bytes} each!`,
  }),
  compileNoAnswer: {
    zh: '评测机未能及时返回编译结果，请稍后重试！',
    en: 'The judge server did not answer the compile in time; please try again later.',
  },

  // problems
  problemNotFound: { zh: '该题目不存在！', en: 'The problem does not exist!' },
  problemNotPublic: {
    zh: '该题号对应的题目并非公开题目，不支持访问！',
    en: 'This problem is not public and cannot be accessed!',
  },
  problemNotYours: {
    zh: '对不起，您无权限操作该题目！',
    en: 'Sorry, you do not have permission to manage this problem!',
  },
  noPublicProblem: {
    zh: '在公开题库中查询不到题目，请稍后再尝试！',
    en: 'There is no problem in the public problem bank yet, please try again later!',
  },
  trainingNotFound: {
    zh: '该训练不存在或不允许显示！',
    en: 'The training does not exist or is not visible!',
  },
  trainingNotRegistered: {
    zh: '对不起，请你先注册该私有训练！',
    en: 'Sorry, please register for this private training first!',
  },
  trainingBanned: {
    zh: '错误：你已被禁止参加该训练！',
    en: 'Sorry, you have been banned from this training!',
  },
  trainingNoPermission: {
    zh: '对不起，你无权限操作！',
    en: 'Sorry, you do not have permission to manage this training!',
  },
  trainingOrContestRequired: {
    zh: '请求参数错误：需要训练编号或比赛编号！',
    en: 'Invalid request: a training id or a contest id is required!',
  },
  contestNotFound: { zh: '该比赛不存在！', en: 'The contest does not exist!' },

  // submitting
  publicJudgeClosed: {
    zh: '网站当前未开启题目评测功能，禁止提交或调试！',
    en: 'Judging is closed on this site at the moment: submitting and testing are disabled!',
  },
  contestJudgeClosed: {
    zh: '网站当前未开启比赛题目评测功能，禁止提交或调试！',
    en: 'Contest judging is closed on this site at the moment: submitting and testing are disabled!',
  },
  groupJudgeClosed: {
    zh: '网站当前未开启团队题目评测功能，禁止提交或调试！',
    en: 'Group judging is closed on this site at the moment: submitting and testing are disabled!',
  },
  codeEmpty: { zh: '提交的代码不能为空！', en: 'Code can not be empty' },
  codeTooShort: { zh: '代码字符长度请不要低于50', en: 'The code must be at least 50 characters long' },
  codeTooLong: { zh: '代码长度不能超过65535！', en: 'Code Length can not exceed 65535' },
  codeBinary: {
    zh: '提交的代码含有二进制字符（控制字符），请提交纯文本源代码！',
    en: 'The code contains binary bytes (control characters): please submit plain-text source code!',
  },
  submitTooFast: {
    zh: '对不起，您的提交频率过快，请稍后再尝试！',
    en: 'Sorry, you are submitting too often, please try again later!',
  },
  /** spec part 1 §8 "Too-fast operation"; the client then shows a captcha (submission/captcha-gate.ts) */
  submitNeedsCaptcha: {
    zh: '操作速度过快，可能是机器操作！请重新验证！',
    en: 'Speed too fast, may be machine operation! Please verify again!',
  },
  languageNotAllowed: {
    zh: '提交的代码语言不在该题目支持的语言范围内！',
    en: 'This problem does not accept code in that language!',
  },
  problemNotSubmittable: { zh: '错误！当前题目不可提交！', en: 'This problem cannot be submitted to!' },
  contestProblemOutside: {
    zh: '该题目为比赛题目，只能在比赛中提交！',
    en: 'This is a contest problem: it can only be submitted in its contest!',
  },
  groupProblemOutside: {
    zh: '该题目属于团队，只能在团队中提交！',
    en: 'This problem belongs to a group: it can only be submitted in the group!',
  },
  testInputTooLong: {
    zh: '调试的输入数据长度不能超过1000！',
    en: 'The test input can not be longer than 1000 characters!',
  },
  testExpectedTooLong: {
    zh: '调试的期望输出长度不能超过1000！',
    en: 'The expected output can not be longer than 1000 characters!',
  },
  testRunNotFound: {
    zh: '查询错误！当前在线调试任务不存在或已过期！',
    en: 'This test run does not exist or has expired!',
  },

  // submissions
  submissionNotFound: { zh: '此提交数据当前不存在！', en: 'This submission does not exist!' },
  notYourSubmission: {
    zh: '对不起，您不能操作他人的提交！',
    en: 'Sorry, you cannot change another user\u2019s submission!',
  },
  contestCannotShare: { zh: '比赛中的提交不能分享！', en: 'Contest submissions cannot be shared!' },
  contestResubmitRemoteOnly: {
    zh: '比赛中只有远程评测题目的提交可以重新提交！',
    en: 'In a contest only submissions of remote problems can be resubmitted!',
  },
  problemCodeShareOff: {
    zh: '该题目不允许分享代码！',
    en: 'Code of this problem may not be shared!',
  },
  resubmitNotAllowed: {
    zh: '只有评测失败（系统错误或提交失败）的提交可以重新提交！',
    en: 'Only a submission whose judging failed (System Error or Submitted Failed) can be resubmitted!',
  },
  codeHidden: {
    zh: '管理员已设置隐藏非比赛提交的代码！',
    en: 'The administrator has hidden the code of submissions outside contests!',
  },

  // judge administration
  manualStatusInvalid: {
    zh: '该评测状态不能用于人工评测！',
    en: 'This status cannot be set by manual judging!',
  },
  manualNotAllowed: {
    zh: '等待评测、编译中、评测中或编译错误的提交不能人工评测！',
    en: 'A submission that is pending, compiling, judging or a compile error cannot be judged manually!',
  },
  cancelWhileJudging: {
    zh: '该提交正在评测中，不能取消评测！',
    en: 'This submission is being judged and cannot be cancelled now!',
  },

  // problem admin
  problemIdTaken: {
    zh: '该题目的Problem ID已存在，请更换！',
    en: 'This Problem ID already exists, please choose another one!',
  },
  problemIdInvalid: {
    zh: 'Problem ID 只能包含字母、数字、“-”、“_”和“.”！',
    en: 'A Problem ID may contain only letters, digits, "-", "_" and "."!',
  },
  problemIdMissing: { zh: '缺少要修改的题目ID！', en: 'The id of the problem to update is missing!' },
  publishNeedsProblemAdmin: {
    zh: '只有超级管理员或题目管理员可以将题目设为公开！',
    en: 'Only a super admin or a problem admin can make a problem public!',
  },
  caseModeNotForType: {
    zh: '该评测用例模式不适用于该题目类型！',
    en: 'This case mode does not fit the problem type!',
  },
  spjCodeRequired: {
    zh: '特殊判题或交互题目的程序代码不能为空！',
    en: 'A special judge or interactive problem needs its checker or interactor code!',
  },
  spjLanguageInvalid: {
    zh: '特殊判题或交互程序的语言只能为C或C++！',
    en: 'The checker or interactor must be written in C or C++!',
  },
  fileIoNamesRequired: {
    zh: '文件IO题目需要合法的输入文件名与输出文件名！',
    en: 'A file I/O problem needs valid input and output file names!',
  },
  languagesRequired: { zh: '请至少选择一种评测语言！', en: 'Choose at least one language!' },
  languageNotFound: { zh: '所选的语言不存在！', en: 'A chosen language does not exist!' },
  tagNotFound: { zh: '该标签不存在！', en: 'The tag does not exist!' },
  tagExists: { zh: '该标签名称已存在！', en: 'A tag with this name already exists!' },
  classificationNotFound: { zh: '该标签分类不存在！', en: 'The tag classification does not exist!' },
  casesRequired: { zh: '评测数据不能为空！', en: 'The problem needs at least one test case!' },
  uploadExpired: {
    zh: '上传的评测数据不存在或已过期，请重新上传！',
    en: 'The uploaded test data does not exist or has expired, please upload it again!',
  },
  noTestData: { zh: '该题目没有评测数据！', en: 'This problem has no test data!' },
  zipMissing: { zh: '请上传评测数据压缩包！', en: 'Please upload a zip file of test cases!' },
  zipInvalid: {
    zh: '请上传zip格式的评测数据压缩包！',
    en: 'The test cases must be uploaded as a zip file!',
  },
  zipCorrupt: {
    zh: '评测数据压缩包已损坏，无法解压！',
    en: 'The zip file is damaged and cannot be extracted!',
  },
  zipEncrypted: { zh: '不支持加密的压缩包！', en: 'Encrypted zip files are not supported!' },
  zipNoCases: {
    zh: '压缩包根目录中没有找到评测数据（如 1.in 与 1.out）！',
    en: 'No test cases (such as 1.in with 1.out) were found at the root of the zip!',
  },
  caseEmpty: (n: number): Text => ({
    zh: `第${n}个测试样例的输入与输出不能都为空！`,
    en: `Test case ${n} needs an input or an output!`,
  }),
  caseScoreRequired: (n: number): Text => ({
    zh: `第${n}个测试样例的分数必须为大于等于0的整数！`,
    en: `Test case ${n}: the score must be an integer greater than or equal to 0!`,
  }),
  caseGroupRequired: (n: number): Text => ({
    zh: `第${n}个测试样例缺少子任务组号！`,
    en: `Test case ${n}: the subtask group number is missing!`,
  }),
  caseFileUnknown: (name: string): Text => ({
    zh: `评测数据文件 ${name} 不存在，请重新上传！`,
    en: `The test file ${name} does not exist, please upload the test cases again!`,
  }),
  testDataMissing: (name: string): Text => ({
    zh: `评测数据文件 ${name} 已丢失！`,
    en: `The test file ${name} is missing from the storage!`,
  }),
  templateEmpty: (language: string): Text => ({
    zh: `${language} 语言的代码模板不能为空！`,
    en: `The code template of ${language} cannot be empty!`,
  }),
  extraFilesInvalid: (field: string): Text => ({
    zh: `${field} 必须是“文件名 → 内容”的JSON对象，文件名不能包含路径！`,
    en: `${field} must be a JSON object of file name → content, without paths in the names!`,
  }),
  zipTooBig: (max: number): Text => ({
    zh: `压缩包大小不能超过 ${mib(max)}！`,
    en: `The zip file cannot be larger than ${mib(max)}!`,
  }),
  zipTooLarge: (max: number): Text => ({
    zh: `压缩包解压后的评测数据总大小不能超过 ${mib(max)}！`,
    en: `The extracted test data cannot be larger than ${mib(max)} in total!`,
  }),
  zipTooManyEntries: (max: number): Text => ({
    zh: `压缩包中的文件数量不能超过 ${max} 个！`,
    en: `The zip file cannot hold more than ${max} entries!`,
  }),
  zipTooManyCases: (max: number): Text => ({
    zh: `评测数据不能超过 ${max} 组！`,
    en: `There cannot be more than ${max} test cases!`,
  }),
  zipUnsafePath: (name: string): Text => ({
    zh: `压缩包中的文件路径不安全（绝对路径或包含“..”）：${name}`,
    en: `Unsafe file path in the zip (absolute, or containing ".."): ${name}`,
  }),
  zipLink: (name: string): Text => ({
    zh: `压缩包中不能包含链接文件：${name}`,
    en: `The zip file cannot contain links: ${name}`,
  }),
  zipSpecialFile: (name: string): Text => ({
    zh: `压缩包中只能包含普通文件：${name}`,
    en: `The zip file can contain only regular files: ${name}`,
  }),
  zipDuplicate: (name: string): Text => ({
    zh: `压缩包中存在重名文件：${name}`,
    en: `The zip file contains the same name twice: ${name}`,
  }),
  zipMissingOutput: (name: string): Text => ({
    zh: `输入文件 ${name} 缺少对应的输出文件（.out 或 .ans）！`,
    en: `The input file ${name} has no matching output file (.out or .ans)!`,
  }),
  zipAmbiguousOutput: (name: string): Text => ({
    zh: `输入文件 ${name} 同时存在 .out 与 .ans 输出文件，请只保留一个！`,
    en: `The input file ${name} has both a .out and a .ans output; keep only one!`,
  }),
  zipMissingInput: (name: string): Text => ({
    zh: `输出文件 ${name} 缺少对应的输入文件！`,
    en: `The output file ${name} has no matching input file!`,
  }),
} satisfies Record<string, Text | ((...args: never[]) => Text)>;
