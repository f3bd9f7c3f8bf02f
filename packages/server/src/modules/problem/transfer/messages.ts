import type { Message, Text } from '../../../http/messages.ts';
import { localize } from '../../../http/messages.ts';

/** Problem import and export (reference §3.11, §11); Chinese texts are HOJ's ProblemFileManager's where it has one. */
export const transferMessages = {
  zipMissing: { zh: '请上传题目文件压缩包！', en: 'Please upload a zip file of problems!' },
  notZip: { zh: '请上传zip格式的题目文件压缩包！', en: 'The problems must be uploaded as a zip file!' },
  empty: { zh: '评测数据压缩包里文件不能为空！', en: 'The zip file is empty!' },
  noProblems: {
    zh: '警告：未成功导入一道以上的题目，请检查文件格式是否正确！',
    en: 'Warning: no problem was found in the zip; please check its layout (problem_<id>.json beside a folder problem_<id>/)!',
  },
  notJsonAtRoot: (name: string): Text => ({
    zh: `编号为：${name}的文件格式错误，请使用json文件！`,
    en: `The file ${name} at the root of the zip is not a problem's JSON file!`,
  }),
  folderMissing: (key: string): Text => ({
    zh: `请检查编号为：${key}的题目数据文件与测试数据文件夹是否一一对应！`,
    en: `The problem ${key}.json has no test data folder ${key}/ beside it!`,
  }),
  badJson: (key: string, detail: string): Text => ({
    zh: `请检查编号为：${key}的题目json文件的格式：${detail}`,
    en: `Please check the format of the JSON file of ${key}: ${detail}`,
  }),
  jsonTooLarge: (key: string, max: string): Text => ({
    zh: `编号为：${key}的题目json文件不能超过 ${max}！`,
    en: `The JSON file of ${key} cannot be larger than ${max}!`,
  }),
  caseNameInvalid: (name: string): Text => ({
    zh: `测试数据文件名不合法：${name}`,
    en: `Invalid test file name: ${name}`,
  }),
  caseFileMissing: (folder: string, name: string): Text => ({
    zh: `测试数据文件夹 ${folder}/ 中没有文件 ${name}！`,
    en: `The test data folder ${folder}/ has no file ${name}!`,
  }),
  typedCaseTooLarge: (name: string): Text => ({
    zh: `手动输入的测试数据 ${name} 过大！`,
    en: `The typed test case ${name} is too large!`,
  }),
  exportPidMissing: { zh: '缺少必需的请求参数：pid', en: 'The required request parameter is missing: pid' },
  exportProblemMissing: (pid: number): Text => ({
    zh: `ID为 ${pid} 的题目不存在！`,
    en: `The problem with id ${pid} does not exist!`,
  }),
  exportTooMany: (max: number): Text => ({
    zh: `一次最多导出 ${max} 道题目！`,
    en: `At most ${max} problems can be exported at once!`,
  }),
} satisfies Record<string, Text | ((...args: never[]) => Text)>;

export interface FailedImport {
  /** the problem id the JSON gives, else the JSON file's base name */
  label: string;
  /** a problem id that exists already (HOJ's "repeat" failures) */
  repeat: boolean;
  reason: Message;
}

/**
 * reference §11: "[导入结果] 成功数：x,  失败数：y,  重复失败的题目ID：[…]" (HOJ's exact head, Java's
 * set notation). **Changed:** HOJ then lists the other failures as "未知失败的题目ID：[…]"; Verdict
 * knows why each failed and says it, one line each.
 */
export function importResultMessage(imported: number, failed: FailedImport[]): Text {
  const repeats = failed.filter((f) => f.repeat).map((f) => f.label);
  const others = failed.filter((f) => !f.repeat);
  const lines = (lang: 'zh-CN' | 'en-US') =>
    others.map((f) => `<br/>${f.label}${lang === 'zh-CN' ? '：' : ': '}${localize(f.reason, lang)}`).join('');
  const list = (labels: string[]) => `[${labels.join(', ')}]`;
  return {
    zh:
      `[导入结果] 成功数：${imported},  失败数：${failed.length},  重复失败的题目ID：${list(repeats)}` +
      (others.length > 0 ? `<br/>失败的题目ID：${list(others.map((f) => f.label))}${lines('zh-CN')}` : ''),
    en:
      `[Import result] Succeeded: ${imported},  failed: ${failed.length},  problem IDs that already exist: ${list(repeats)}` +
      (others.length > 0
        ? `<br/>Failed problem IDs: ${list(others.map((f) => f.label))}${lines('en-US')}`
        : ''),
  };
}
