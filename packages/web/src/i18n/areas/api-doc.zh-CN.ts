/** Chinese strings of the API document page (issue 28); en-US mirrors the keys. */
export const apiDocZhCN = {
  title: 'API 文档',
  intro:
    '本站的 HTTP 接口（与 HOJ 兼容）。每个 JSON 应答都是 {status, msg, data}，成功时 status 为 200；被拒绝的调用仍可能是 HTTP 200，但 status 不是 200。',
  download: '下载 OpenAPI 3.1 文档',
  search: '搜索路径',
  allTags: '全部分组',
  operations: '{{count}} 个接口',
  access: '调用者',
  rule: {
    anon: '任何人（有效的令牌会被使用，无效的被忽略）',
    open: '任何人（发送的令牌必须有效）',
    login: '已登录的用户',
    judge: '评测机（X-Judge-Token 请求头）',
    service: '运维（探针与监控），不读用户令牌',
    roles: '角色之一：{{list}}',
    permissions: '权限：{{list}}',
    separator: '；',
  },
  parameters: '参数',
  body: '请求体',
  response: '成功应答',
  file: '文件（{{type}}）',
  undocumented: '尚无应答说明',
  required: '必填',
  optional: '可选',
  columns: { name: '名称', in: '位置', type: '类型', required: '必填' },
  empty: '没有符合条件的接口',
  loadFailed: 'API 文档加载失败',
};

export type ApiDocMessages = typeof apiDocZhCN;
