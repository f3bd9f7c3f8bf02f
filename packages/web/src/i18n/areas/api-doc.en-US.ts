import type { ApiDocMessages } from './api-doc.zh-CN';

/** English strings of the API document page; typed against zh-CN so keys stay in step. */
export const apiDocEnUS: ApiDocMessages = {
  title: 'API document',
  intro:
    "This site's HTTP API (compatible with HOJ). Every JSON answer is {status, msg, data}, with status 200 on success; a refused call may still be HTTP 200, with another status.",
  download: 'Download the OpenAPI 3.1 document',
  search: 'Search paths',
  allTags: 'All groups',
  operations: '{{count}} operations',
  access: 'Who may call',
  rule: {
    anon: 'Anyone (a valid token is used, an invalid one ignored)',
    open: 'Anyone (a token that is sent must be valid)',
    login: 'A signed-in user',
    judge: 'Judge workers (the X-Judge-Token header)',
    service: 'Operations (probes, metrics); no user token',
    roles: 'one of the roles {{list}}',
    permissions: 'the permissions {{list}}',
    separator: '; ',
  },
  parameters: 'Parameters',
  body: 'Request body',
  response: 'Successful answer',
  file: 'a file ({{type}})',
  undocumented: 'not documented yet',
  required: 'required',
  optional: 'optional',
  columns: { name: 'Name', in: 'In', type: 'Type', required: 'Required' },
  empty: 'No operation matches',
  loadFailed: 'The API document could not be loaded',
};
