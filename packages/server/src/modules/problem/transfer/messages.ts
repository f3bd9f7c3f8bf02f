import type { Message, Text } from '../../../http/messages.ts';
import { localize, mib } from '../../../http/messages.ts';

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
  noProblemFolders: {
    zh: '警告：未成功导入一道以上的题目，请检查文件格式是否正确！',
    en: 'Warning: no problem was found in the zip; please check its layout (one folder per problem)!',
  },
  qdojJsonMissing: (key: string): Text => ({
    zh: `编号为：${key}的文件夹里面没有题目json文件！`,
    en: `The folder ${key}/ has no problem JSON file!`,
  }),
  qdojNotJson: (key: string): Text => ({
    zh: `编号为：${key}的文件夹里面的题目数据格式错误，请使用json文件！`,
    en: `The folder ${key}/ holds a file that is not the problem's JSON file!`,
  }),
  badField: (key: string, detail: string): Text => ({
    zh: `请检查编号为：${key}的题目文件的格式：${detail}`,
    en: `Please check the format of the problem ${key}: ${detail}`,
  }),
  hydroFileMissing: (key: string, name: string): Text => ({
    zh: `编号为：${key}的题目缺少文件 ${name}！`,
    en: `The problem folder ${key}/ has no file ${name}!`,
  }),
  fileTooLarge: (name: string, max: number): Text => ({
    zh: `文件 ${name} 不能超过 ${mib(max)}！`,
    en: `The file ${name} cannot be larger than ${mib(max)}!`,
  }),
  fpsMissing: { zh: '请上传fps题目文件！', en: 'Please upload an FPS file of problems!' },
  notXml: { zh: '请上传xml后缀格式的fps题目文件！', en: 'The FPS file must be uploaded as an .xml file!' },
  badXml: (detail: string): Text => ({
    zh: `读取xml失败，请检查FPS文件格式是否准确！${detail}`,
    en: `The FPS file could not be read; please check its format! ${detail}`,
  }),
  xmlDoctype: {
    zh: 'FPS文件不能包含DOCTYPE声明（不解析实体）！',
    en: 'The FPS file cannot contain a DOCTYPE declaration (entities are not resolved)!',
  },
  xmlTooLarge: (max: number): Text => ({
    zh: `FPS文件不能超过 ${mib(max)}！`,
    en: `The FPS file cannot be larger than ${mib(max)}!`,
  }),
  fpsNoItems: {
    zh: '警告：未成功导入一道以上的题目，请检查文件格式是否正确！',
    en: 'Warning: the FPS file holds no <item> problem; please check its format!',
  },
  fpsNoTests: (title: string): Text => ({
    zh: `[${title}] 题目的评测数据不能为空，请检查FPS文件内该题目是否有test_input和test_output!`,
    en: `[${title}] The problem has no test data: please check its test_input and test_output in the FPS file!`,
  }),
  badImage: (src: string): Text => ({
    zh: `图片 ${src} 不是jpg、png、gif、webp或bmp格式的图片！`,
    en: `The image ${src} is not a jpg, png, gif, webp or bmp image!`,
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
